// The sheet as the table's app: with JavaScript, the one page of a game. Every deal is entered in
// a panel of the page (static/deal_panel.js), scored on the phone, drawn at once with the new
// totals (static/sheet_view.js) and kept in the outbox, which sends it in the background; editing,
// deleting, undoing and the redeals work in place the same way. The view is always drawn from the
// latest sheet the phone has seen (the API's JSON: this page's, a poll's, a save's answer, the copy
// kept on the phone), never from an older one. Without JavaScript the page is the server's.

import * as panel from "./deal_panel.js";
import { element } from "./dom.js";
import { create as createEngine } from "./engine.js";
import { netLine } from "./net_line.js";
import * as Outbox from "./outbox.js";
import { watch } from "./server_watch.js";
import { drawChances } from "./sheet_chances.js";
import { confirmationLine } from "./sheet_said.js";
import { drawSheet } from "./sheet_view.js";
import vocabulary from "./vocabulary.js";
import { duringGame } from "./wake_lock.js";

const root = document.getElementById("sheet");
const engine = createEngine(vocabulary);
const game = root.dataset.game;
let latest = JSON.parse(root.dataset.sheet);
let server = "unknown";
const said = confirmationLine();
const net = element("p", "flash flash-error", "");
net.id = "net-status";
net.setAttribute("role", "status");
net.hidden = true;
let projected = null;

// The newer of two sheets of this game (by revision).
function newer(one, other) {
  return other && other.id === game && (!one || other.revision > one.revision) ? other : one;
}

function entries() {
  return Outbox.entries(game);
}
function waiting() {
  return entries().filter(function (e) {
    return e.state === "waiting";
  });
}

function draw() {
  latest = newer(latest, Outbox.knownSheet(game));
  projected = drawSheet(root, {
    game: latest,
    entries: entries(),
    engine: engine,
    words: vocabulary,
    lines: [said.node, net],
    template: document.getElementById("deal-row"),
    deals: root.dataset.deals,
  });
  said.drawn(latest.revision);
  drawNet();
  duringGame(!projected.finished);
}

function drawNet() {
  const line = netLine(server, Outbox.status(), waiting().length, window.isSecureContext);
  net.textContent = line;
  net.hidden = !line;
  // The chances are the server's: shown while nothing waits on the phone and the server answers.
  const current = !entries().length && (server === "up" || server === "unknown") && navigator.onLine !== false;
  drawChances(document.getElementById("chances"), latest, current);
}

// The confirmation of an action, with the totals: both in view (static/sheet_said.js).
function say(message) {
  said.say(message);
  window.scrollTo(0, 0);
}

// An action kept in the outbox: `what` until the server has it, then `landed`.
const KEPT = " gardée sur ce téléphone, pas encore envoyée";
function keep(entry, what, landed) {
  said.keep(entry.key, what, landed);
  window.scrollTo(0, 0);
}

function teamsLine(scores) {
  return latest.teams.A + " +" + scores.A + ", " + latest.teams.B + " +" + scores.B;
}

// --- the deal panel ----------------------------------------------------------------------

function totalsLine() {
  return latest.teams.A + " " + projected.totals.A + " · " + latest.teams.B + " " + projected.totals.B;
}

function saved(entry, result) {
  Outbox.add(entry); // kept on the phone before anything is sent, and drawn (Outbox.listen below)
  panel.close();
  const scores = " : " + teamsLine(result.scores) + ".";
  if (entry.op === "edit") {
    keep(
      entry,
      "Modification de la donne " + entry.number + KEPT + scores,
      "Donne " + entry.number + " modifiée" + scores,
    );
  } else {
    keep(entry, "Donne " + entry.number + KEPT + scores, "Donne " + entry.number + " enregistrée" + scores);
  }
  focusNext();
}

function openNew() {
  const number = Outbox.nextNumber(game) || latest.hands.length + 1;
  panel.open({
    title: "Donne " + number,
    meta: latest.players[projected.dealer] + " distribue · " + totalsLine(),
    edit: null,
    number: function () {
      return number;
    },
    onSave: saved,
    onClose: focusNext,
  });
}

function openEdit(number) {
  const deal = latest.hands[number - 1];
  if (deal?.kind !== "hand") return false;
  panel.open({
    title: "Modifier la donne " + number,
    meta: latest.players[deal.dealer] + " distribuait · " + totalsLine(),
    edit: { number: number, version: deal.version, input: deal.input },
    onSave: saved,
    onClose: focusNext,
  });
  return true;
}

function focusNext() {
  const next = document.getElementById(projected?.finished ? "rematch" : "new-deal");
  if (next) next.focus({ preventScroll: true });
}

document.getElementById("new-deal").addEventListener("click", function (event) {
  event.preventDefault();
  openNew();
});

root.addEventListener("click", function (event) {
  const edit = event.target.closest("a.edit-deal");
  if (edit) {
    const number = parseInt(edit.closest("details").dataset.deal, 10);
    if (openEdit(number)) event.preventDefault();
    return;
  }
  const target = event.target.closest("button[data-action]");
  if (!target) return;
  const key = target.dataset.key;
  const action = target.dataset.action;
  if (action === "discard" && window.confirm("Abandonner cette saisie ? Elle ne sera jamais envoyée.")) {
    const conflicted = entries().some(function (e) {
      return e.key === key && e.state === "conflict";
    });
    if (conflicted) Outbox.resolveConflict(key, "discard");
    else Outbox.discard(key);
    say("Saisie abandonnée.");
  } else if (action === "resend") {
    Outbox.resolveConflict(key, "next");
    keep({ key: key }, "Donne" + KEPT + " : elle sera la donne suivante.", "Donne enregistrée comme donne suivante.");
  } else if (action === "apply-removal") {
    Outbox.applyRemoval(key);
    keep(
      { key: key },
      "Correction" + KEPT + " : les donnes suivantes seront retirées.",
      "Correction appliquée, les donnes suivantes retirées : « Annuler » les rétablit.",
    );
  } else if (action === "flush") {
    Outbox.flush();
  }
});

// --- redeals, delete, undo: through the outbox -------------------------------------------

root.addEventListener("submit", function (event) {
  const form = event.target;
  const button = event.submitter;
  const action = button?.getAttribute("formaction") || form.getAttribute("action") || "";
  let entry = null;
  let message = "";
  let kept = "";
  if (/\/revanche$/.test(action)) {
    if (!waiting().length) return; // the server's answer: the new game's sheet
    event.preventDefault();
    say("La revanche s'ouvrira une fois les donnes de cette partie envoyées au serveur.");
    return;
  }
  if (/\/redonne$/.test(action)) {
    const body = { reason: button ? button.value : "all_pass" };
    if (body.reason !== "all_pass") {
      const chosen = form.querySelector('[name="player"]:checked');
      if (!chosen) {
        event.preventDefault();
        say("Redonne non enregistrée : dites qui l'a demandée.");
        return;
      }
      body.player = parseInt(chosen.value, 10);
    }
    body.number = Outbox.nextNumber(game) || latest.hands.length + 1;
    entry = { op: "redeal", number: body.number, body: body };
    message = "Donne " + body.number + " : redonne (" + vocabulary.redeal_reasons[body.reason] + ").";
    kept = "Donne " + body.number + " : redonne (" + vocabulary.redeal_reasons[body.reason] + ")," + KEPT + ".";
  } else if (/\/supprimer$/.test(action)) {
    const number = parseInt(action.match(/donnes\/(\d+)\//)[1], 10);
    entry = { op: "delete", number: number, version: parseInt(button.value, 10) };
    message = "Donne " + number + " supprimée.";
    kept = "Suppression de la donne " + number + KEPT + ".";
  } else if (/\/annuler$/.test(action)) {
    event.preventDefault();
    const mine = entries();
    if (mine.length) {
      // the last save has not left the phone: undoing it is forgetting it
      Outbox.discard(mine[mine.length - 1].key);
      say("Dernière saisie en attente abandonnée.");
      return;
    }
    entry = { op: "undo" };
    message = "Dernière action annulée.";
    kept = "Annulation" + KEPT + ".";
  }
  if (!entry) return;
  event.preventDefault();
  entry.game = game;
  Outbox.add(entry);
  keep(entry, kept, message);
  focusNext();
});

// --- the server and the outbox -----------------------------------------------------------

const poller = watch(
  game,
  function () {
    return latest.revision;
  },
  function (state, sheet) {
    const was = server;
    server = state;
    if (sheet) {
      Outbox.remember(sheet);
      latest = newer(latest, sheet);
    }
    if (state === "up" && was !== "up") Outbox.flush(); // the server answers again: send now
    if (sheet) draw();
    else drawNet();
  },
);

function heldKeys() {
  return entries()
    .filter(function (e) {
      return e.state !== "waiting";
    })
    .map(function (e) {
      return e.key;
    });
}
let held = heldKeys().length;
const HELD = "Une saisie attend votre décision, sous les totaux : rien n'a été changé sur le serveur.";
Outbox.listen(function (event) {
  const keys = heldKeys();
  const newlyHeld = keys.length > held;
  if (newlyHeld) poller.now(); // a 409 names another phone's deal: its sheet at once
  held = keys.length;
  if (event.sent && event.sent.game === game) {
    server = "up";
  }
  said.locked(Outbox.status().locked);
  said.heard(event.sent, event.message, keys);
  draw();
  // Read out, not scrolled to (the player may be entering the next deal): its notice, under the
  // totals, says what happened.
  if (newlyHeld) said.say(HELD);
});

// Leaving the page while a save waits: asked first (offline, the page may not open again).
window.addEventListener("beforeunload", function (event) {
  if (!waiting().length) return;
  event.preventDefault();
  event.returnValue = "";
});

// Back from the deal form's page (#enregistree-N, #modifiee-N, #deja-N: no element, so no scroll):
// what the deal gave, with the totals, or that the other phone had recorded it.
function cameBack() {
  const back = /^#(enregistree|modifiee|deja)-(\d+)$/.exec(location.hash);
  const deal = back && projected.deals[parseInt(back[2], 10) - 1];
  if (!deal) return;
  if (back[1] === "deja") say("Donne " + back[2] + " déjà enregistrée par l'autre téléphone.");
  else
    say(
      "Donne " + back[2] + (back[1] === "modifiee" ? " modifiée : " : " enregistrée : ") + teamsLine(deal.scores) + ".",
    );
}

draw();
cameBack();
Outbox.remember(latest); // the newest known, kept for the deal form page and a reload offline

// The service worker, where there is one (a secure page), keeps this sheet and its deal form now,
// so that both open offline even on a first visit it did not see load.
if (navigator.serviceWorker && window.isSecureContext) {
  navigator.serviceWorker.ready.then(function (registration) {
    registration.active.postMessage({ keep: [location.pathname, location.pathname + "/donnes/nouvelle"] });
  });
}
