// What every page runs: the outbox (imported, its kept saves leave as soon as any page opens with
// the server in reach), on every page but the game's own sheet a line that says a game has saves
// waiting and opens its sheet (text nodes: a game id comes from localStorage), and the service
// worker's registration.
import { entries, listen } from "./outbox.js";

function elsewhere() {
  const here = document.querySelector("[data-game]");
  const games = {};
  entries().forEach(function (e) {
    if (!here || e.game !== here.dataset.game) games[e.game] = (games[e.game] || 0) + 1;
  });
  const main = document.querySelector("main");
  document.querySelectorAll(".waiting-elsewhere").forEach(function (line) {
    line.remove();
  });
  Object.keys(games).forEach(function (game) {
    const line = document.createElement("p");
    line.className = "flash waiting-elsewhere";
    line.append(games[game] + (games[game] > 1 ? " saisies" : " saisie") + " en attente d'envoi pour une partie. ");
    const link = document.createElement("a");
    link.href = "/parties/" + encodeURIComponent(game);
    link.textContent = "Voir sa feuille";
    line.append(link);
    if (main) main.insertBefore(line, main.firstChild);
  });
}

listen(elsewhere);
elsewhere(); // a module runs once the page is parsed

// The service worker (templates/offline/sw.js) opens pages with no network. Browsers allow one on
// secure pages only (HTTPS, localhost): on a plain-HTTP LAN the outbox still keeps every save.
if (navigator.serviceWorker && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(function () {
    /* the pages work without it */
  });
}
