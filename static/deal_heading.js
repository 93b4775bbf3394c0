// The deal form's heading and names, from the latest sheet this phone has seen. The service worker
// (templates/offline/sw.js) answers a phone with no network with the blank deal form it kept when
// the sheet last opened: its "Donne N", its dealer and its hidden `number` are of that moment,
// maybe several deals ago (other phones' deals since, this phone's saves still waiting). The
// sheet kept on the phone (static/outbox.js `remember`, in localStorage) and the waiting saves
// are later: the form takes its number, dealer and names from them. Names go in as text.
import { create as createEngine } from "./engine.js";

var SHEETS = "belote.sheets"; // outbox.js's key, read directly when no window.Outbox (see below)
var EDIT_PAGE = /\/donnes\/\d+\/modifier$/;

// The form's heading and dealer line: its container's own (a page's h1, or a panel's heading).
function heading(form) {
  return form.parentElement.querySelector(":scope > h1, :scope > h2");
}

function dealerLine(form) {
  return form.parentElement.querySelector(":scope > .dealer");
}

// A label's text before its <small> (a player's name before the team's, "Ana <small>Nous</small>").
function setLead(span, text) {
  var lead = span.firstChild;
  if (lead && lead.nodeType === Node.TEXT_NODE) lead.textContent = text;
  else span.insertBefore(document.createTextNode(text), lead);
}

// The new deal `number` of `sheet` (the API's JSON of a game) written into `form` (a deal form:
// templates/sheet/deal_form.html): "Donne N", who deals it, the hidden `number`, the players' and
// the teams' names on the taker buttons, the meld fieldsets and the best-meld question.
function freshen(form, sheet, number) {
  var title = heading(form);
  if (title) title.textContent = "Donne " + number;
  if (form.elements.number) form.elements.number.value = String(number);
  var dealer = dealerLine(form);
  if (dealer) {
    var engine = createEngine(JSON.parse(form.dataset.vocabulary));
    // sheet.dealer deals the deal after the sheet's; each deal still waiting passes it on.
    var seat = engine.dealerAfter(sheet.dealer, number - 1 - sheet.hands.length);
    var name = dealer.querySelector("strong") || dealer.appendChild(document.createElement("strong"));
    name.textContent = sheet.players[seat];
    dealer.hidden = false;
  }
  form.querySelectorAll('input[name="taker_player"]').forEach(function (input) {
    var span = input.parentElement.querySelector("span");
    var team = input.parentElement.classList.contains("team-B") ? "B" : "A";
    setLead(span, sheet.players[parseInt(input.value, 10)] + " ");
    var small = span.querySelector("small");
    if (small) small.textContent = sheet.teams[team];
  });
  ["A", "B"].forEach(function (team) {
    var legend = form.querySelector("#f-melds-" + team + " > legend");
    if (legend) legend.textContent = sheet.teams[team];
    var best = form.querySelector('input[name="best_meld"][value="' + team + '"] + span');
    if (best) best.textContent = sheet.teams[team];
    var hidden = form.elements["team_" + team.toLowerCase()];
    if (hidden) hidden.value = sheet.teams[team]; // what the meld checker names the hands after
  });
}

// The latest sheet of `game` on this phone and the number of the next deal (its deals, plus the
// deals still waiting to be sent). outbox.js is a classic script (window.Outbox) becoming an ES
// module: without window.Outbox, its kept sheet is read from localStorage, and the number counts
// the sheet's deals only.
function onThisPhone(game) {
  var outbox = window.Outbox;
  if (outbox) {
    var known = outbox.knownSheet(game);
    return known && { sheet: known, number: outbox.nextNumber(game) };
  }
  try {
    var kept = JSON.parse(localStorage.getItem(SHEETS) || "{}")[game];
    return kept && kept.sheet && kept.sheet.hands ? { sheet: kept.sheet, number: kept.sheet.hands.length + 1 } : null;
  } catch (unreadable) {
    return null;
  }
}

// The deal form freshened from this phone's latest sheet, unless the page is as new (the server
// wrote it after that sheet: its revision, `data-revision`, is later). An edit page is the
// deal's own; the game's deal form served offline for one (sw.js) has no dealer line to show.
function freshenFromThisPhone(form) {
  if (EDIT_PAGE.test(location.pathname)) {
    var dealer = dealerLine(form);
    if (dealer && !form.dataset.deal) dealer.hidden = true;
    return;
  }
  var latest = onThisPhone(form.dataset.game);
  if (!latest || !(latest.sheet.revision >= Number(form.dataset.revision || 0))) return;
  freshen(form, latest.sheet, latest.number);
}

export { freshen, freshenFromThisPhone };
