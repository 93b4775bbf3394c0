// "Sortir" on a table whose reading needs the password (READ_REQUIRES_PASSWORD): the next person
// to hold this phone must not read the evening's games from it. As the form leaves, what the phone
// kept is cleared (outbox.js: the last sheets and the saves not yet sent); if saves wait, the
// player is asked first, and staying keeps everything. Without JavaScript the form posts as it is
// (nothing was kept then: the outbox is a script).
import { entries, forget } from "./outbox.js";

function question(waiting) {
  return waiting === 1
    ? "1 donne n'est pas encore envoyée : sortir quand même l'effacera."
    : waiting + " donnes ne sont pas encore envoyées : sortir quand même les effacera.";
}

document.querySelectorAll("form[data-clears-phone]").forEach(function (form) {
  form.addEventListener("submit", function (event) {
    const waiting = entries().length;
    if (waiting && !window.confirm(question(waiting))) {
      event.preventDefault();
      return;
    }
    forget();
  });
});
