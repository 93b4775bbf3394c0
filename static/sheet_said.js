// The sheet's confirmation line (#sheet-status): what this phone's last action did, with the
// totals in view, read out (role=status). It belongs to that action. A save says what the server
// did once it has it; still on the phone after a moment, it says so (« gardée sur ce téléphone, pas
// encore envoyée »), in red while the server wants the password; held for the player (a 409, a
// refusal), its notice says what happened and the line goes. A line whose action is done goes when
// the sheet moves on past the sheet it spoke of (another phone's deal, a correction: a later
// revision), so that it never reads as news deals later.
import { element } from "./dom.js";

// A save usually lands in a few tens of milliseconds: until then the line is empty, rather than
// saying "kept on this phone" for the blink of an eye and then growing or shrinking by a line.
const KEPT_AFTER_MS = 500;
const LOCKED = "Pas enregistrée : le serveur demande le mot de passe de la table.";

export function confirmationLine() {
  const node = element("p", "flash", "");
  node.id = "sheet-status";
  node.setAttribute("role", "status");
  node.hidden = true;
  let seen = null; // the revision of the sheet drawn last
  // What the line speaks of: the save it waits for (`key`, with `landed`, its words once the
  // server has it), or, done, the revision of the sheet it spoke of (null: the next one drawn).
  let about = null;

  let locked = false; // the server wants the table password (outbox.js)

  // `refused`: in a refusal's colour, never the green of a save done.
  function show(text, refused) {
    node.textContent = text;
    node.hidden = !text;
    node.classList.toggle("flash-error", !!refused);
  }

  function showWaiting() {
    if (locked) show(about.kept + " " + LOCKED, true);
    else show(about.kept);
  }

  // A line of the sheet as drawn now.
  function say(text) {
    about = text ? { key: null, revision: seen } : null;
    show(text);
  }

  return {
    node: node,
    say: say,
    // A save just kept on the phone (`key`): `landed` once the server has it, `kept` meanwhile
    // (after a moment).
    keep: function (key, kept, landed) {
      about = { key: key, kept: kept, landed: landed };
      show("");
      setTimeout(function () {
        if (about && about.key === key) showWaiting();
      }, KEPT_AFTER_MS);
    },
    // `refused`: the outbox's last try was refused for want of the password.
    locked: function (refused) {
      if (refused === locked) return;
      locked = refused;
      if (about?.key && !node.hidden) showWaiting();
    },
    // The outbox's news: `sent`, a save that landed, with the server's `message` if any; `held`,
    // the keys held for the player.
    heard: function (sent, message, held) {
      if (!about?.key) return;
      if (sent && sent.key === about.key) {
        show(message || about.landed);
        about = { key: null, revision: null };
      } else if (held.indexOf(about.key) >= 0) {
        about = null;
        show("");
      }
    },
    // Each sheet drawn: a line done goes once the sheet is past the one it spoke of.
    drawn: function (revision) {
      seen = revision;
      if (!about || about.key) return;
      if (about.revision === null) about.revision = revision;
      else if (revision > about.revision) say("");
    },
  };
}
