// The deal form's heading and names from the latest sheet this phone has seen. Offline, the
// service worker (templates/offline/sw.js) serves the blank form it kept when the sheet last
// opened, its "Donne N", dealer and `number` of then; the sheet kept on the phone (outbox.js
// `remember`) and the saves waiting are later. Names go in as text.

import { create as createEngine } from "./engine.js";
import { knownSheet, nextNumber } from "./outbox.js";
import vocabulary from "./vocabulary.js";

const EDIT_PAGE = /\/donnes\/\d+\/modifier$/;

// The form's heading and dealer line: its container's (a page's h1, a panel's h2).
function heading(form) {
  return form.parentElement.querySelector(":scope > h1, :scope > h2");
}

function dealerLine(form) {
  return form.parentElement.querySelector(":scope > .dealer");
}

// A label's text before its <small> ("Ana <small>Nous</small>").
function setLead(span, text) {
  const lead = span.firstChild;
  if (lead && lead.nodeType === Node.TEXT_NODE) lead.textContent = text;
  else span.insertBefore(document.createTextNode(text), lead);
}

// Deal `number` of `sheet` (the API's JSON) in `form` (sheet/deal_form.html): "Donne N", its
// dealer, the hidden `number`, the names on the takers, the melds and the best-meld question.
function freshen(form, sheet, number) {
  const title = heading(form);
  if (title) title.textContent = "Donne " + number;
  if (form.elements.number) form.elements.number.value = String(number);
  const dealer = dealerLine(form);
  if (dealer) {
    const engine = createEngine(vocabulary);
    // sheet.dealer deals the deal after the sheet's; each waiting deal passes it on.
    const seat = engine.dealerAfter(sheet.dealer, number - 1 - sheet.hands.length);
    const name = dealer.querySelector("strong") || dealer.appendChild(document.createElement("strong"));
    name.textContent = sheet.players[seat];
    dealer.hidden = false;
  }
  form.querySelectorAll('input[name="taker_player"]').forEach(function (input) {
    const span = input.parentElement.querySelector("span");
    const team = input.parentElement.classList.contains("team-B") ? "B" : "A";
    setLead(span, sheet.players[parseInt(input.value, 10)] + " ");
    const small = span.querySelector("small");
    if (small) small.textContent = sheet.teams[team];
  });
  ["A", "B"].forEach(function (team) {
    const legend = form.querySelector("#f-melds-" + team + " > legend");
    if (legend) legend.textContent = sheet.teams[team];
    const best = form.querySelector('input[name="best_meld"][value="' + team + '"] + span');
    if (best) best.textContent = sheet.teams[team];
    const hidden = form.elements["team_" + team.toLowerCase()];
    if (hidden) hidden.value = sheet.teams[team]; // for the meld checker
  });
}

// The latest sheet of `game` here and the next deal's number (waiting deals counted).
function onThisPhone(game) {
  const known = knownSheet(game);
  return known && { sheet: known, number: nextNumber(game) };
}

// The form freshened from this phone's sheet, unless the server wrote the page later (its
// `data-revision`). An edit is the deal's own; the deal form served offline for one (sw.js) hides
// the dealer line.
function freshenFromThisPhone(form) {
  if (EDIT_PAGE.test(location.pathname)) {
    const dealer = dealerLine(form);
    if (dealer && !form.dataset.deal) dealer.hidden = true;
    return;
  }
  const latest = onThisPhone(form.dataset.game);
  if (!latest || !(latest.sheet.revision >= Number(form.dataset.revision || 0))) return;
  freshen(form, latest.sheet, latest.number);
}

export { freshen, freshenFromThisPhone };
