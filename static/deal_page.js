// The deal form's own page (/parties/<id>/donnes/nouvelle, …/modifier), reached without the
// sheet's panel (a link, the tools' way back, the service worker's copy): "Enregistrer" keeps the
// deal in the outbox, shows the totals with it at once, and opens the sheet when the server has it;
// with no server, the service worker's sheet opens with it waiting, or without a service worker
// the next deal can be entered here.

import { create as createFields } from "./deal_fields.js";
import { enhance } from "./deal_form.js";
import { freshenFromThisPhone } from "./deal_heading.js";
import { attach as attachDisputes } from "./disputes.js";
import { create as createEngine } from "./engine.js";
import * as Outbox from "./outbox.js";
import { project } from "./projection.js";
import vocabulary from "./vocabulary.js";

const form = document.getElementById("deal-form");
const engine = createEngine(vocabulary);
const game = form?.dataset.game;
const editing = location.pathname.match(/\/donnes\/(\d+)\/modifier$/);
let saving = null;
let current = null;
let enhanced = null;

// The totals as they will be with this deal, shown the instant "Enregistrer" is tapped.
function savingPanel(text) {
  if (!saving) {
    saving = document.createElement("section");
    saving.className = "card saving";
    saving.setAttribute("role", "status");
    form.parentNode.insertBefore(saving, form);
  }
  saving.replaceChildren();
  const known = Outbox.knownSheet(game);
  if (known) {
    const projected = project(known, Outbox.entries(game), engine);
    const line = document.createElement("p");
    line.className = "saving-totals";
    ["A", "B"].forEach(function (team) {
      const item = document.createElement("span");
      item.textContent = known.teams[team] + " ";
      const total = document.createElement("strong");
      total.textContent = projected.totals[team];
      item.appendChild(total);
      line.appendChild(item);
    });
    saving.appendChild(line);
  }
  const words = document.createElement("p");
  words.className = "muted";
  words.textContent = text;
  saving.appendChild(words);
  saving.scrollIntoView({ block: "start" });
}

// What became of the deal being saved (`current`): landed, the sheet opens; held (another
// phone's deal under its number, a refusal), the sheet shows it; no server, the service worker's
// sheet opens with it waiting, or without one the next deal can be entered here.
function followSave(event) {
  if (!current || !saving) return;
  const sheetUrl = form.dataset.sheetUrl;
  const mine = Outbox.entries(game).filter(function (e) {
    return e.key === current.key;
  })[0];
  if (event.sent && event.sent.key === current.key) {
    // The sheet at its top (totals, who deals next), saying what this deal gave (static/sheet_app.js).
    const hash = editing ? "#modifiee-" : event.message ? "#deja-" : "#enregistree-"; // deja: the other phone's
    location.assign(sheetUrl + hash + current.number);
  } else if (mine && mine.state !== "waiting") {
    location.assign(sheetUrl);
  } else if (mine && Outbox.status().locked) {
    if (saving.dataset.locked) return; // said once: the outbox's retries say nothing new
    saving.dataset.locked = "1";
    // Refused for want of the table password: waiting, never « envoyée » (the outbox tries again).
    savingPanel(
      Outbox.status().message + " La donne est gardée sur ce téléphone ; elle partira une fois le mot de passe entré.",
    );
  } else if (mine && Outbox.status().reachable === false) {
    if (navigator.serviceWorker?.controller) {
      location.assign(sheetUrl);
      return;
    }
    savingPanel("Serveur injoignable : la donne est gardée sur ce téléphone et partira dès le retour du réseau.");
    showNextButton();
  }
}

// Offline with no service worker, the sheet cannot open: the next deal is entered here.
function showNextButton() {
  if (saving.querySelector("button")) return;
  const next = document.createElement("button");
  next.type = "button";
  next.className = "wide";
  next.textContent = "Donne suivante";
  next.addEventListener("click", function () {
    form.reset();
    saving.remove();
    saving = current = null;
    enhanced.redraw();
    freshenFromThisPhone(form); // "Donne N", its dealer, its number
    enhanced.refresh();
    form.elements.taker_player[0].focus({ preventScroll: true }); // the button tapped is gone
    window.scrollTo(0, 0);
  });
  saving.appendChild(next);
}

function save(entry) {
  if (saving) return; // one save per form: a double tap sends nothing more
  current = entry;
  Outbox.add(entry); // kept on the phone before anything is sent
  savingPanel("Envoi en cours…"); // the totals with this deal, at once
}

// An edit opened with no network: the service worker had no copy of this deal's edit page and
// served the game's deal form instead; the deal's input comes from the last sheet kept here.
function editedOffline() {
  if (!editing || form.dataset.deal) return;
  const known = Outbox.knownSheet(game);
  const deal = known?.hands[parseInt(editing[1], 10) - 1];
  const title = document.querySelector("h1");
  if (deal?.kind !== "hand") {
    title.textContent = "Donne " + editing[1] + " : pas modifiable hors ligne";
    form.hidden = true;
    return;
  }
  title.textContent = "Modifier la donne " + deal.number;
  createFields(form, vocabulary).fill(deal.input);
  if (deal.input.best_meld) form.querySelector("#f-best_meld").hidden = false;
  form.elements.version.value = deal.version;
}

// The last sheet the server sent, for the totals and the deal's number (one small request,
// usually a 304; offline the copy kept on the phone serves).
function rememberSheet() {
  fetch("/api/v1/games/" + game, { cache: "no-cache" })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (sheet) {
      if (sheet) Outbox.remember(sheet);
    })
    .catch(function () {
      /* offline: the copy kept on the phone serves */
    });
}

if (form) {
  editedOffline(); // before the chips are drawn from the fields
  enhanced = enhance(form, {
    editing: editing && parseInt(editing[1], 10),
    number: function () {
      return Outbox.nextNumber(game) || parseInt(form.elements.number.value, 10) || undefined;
    },
    onSave: save,
  });
  attachDisputes(form); // the card counter and the meld checker, in place
  freshenFromThisPhone(form); // a kept copy: its number, dealer, names
  Outbox.listen(followSave);
  // Back on the form from the sheet (the browser keeps the page as it was): a new save can start.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && saving) {
      saving.remove();
      saving = current = null;
    }
  });
  rememberSheet();
}
