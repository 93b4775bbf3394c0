// The sheet as the phone knows it: the latest sheet it has seen (the server's JSON) with the saves
// still waiting in the outbox, projected (static/projection.js), drawn into #sheet-body in
// _deals.html's order: totals (with how many saves wait), the two status lines, who deals or who
// won, what needs the player (a 409, a refusal), the rows. The controls outside (+ Nouvelle donne,
// the redeals, undo, Revanche) are shown as the projected game allows. Text only, never markup.

import { element } from "./dom.js";
import { project, SEAT_KEYS, withLines, withoutKeys } from "./projection.js";
import { drawRow } from "./sheet_rows.js";

function button(text, action, key, danger) {
  const node = element("button", "secondary" + (danger ? " danger" : ""), text);
  node.type = "button";
  node.dataset.action = action;
  if (key) node.dataset.key = key;
  return node;
}

function plural(count, one, many) {
  return count + " " + (count > 1 ? many : one);
}

function what(game, words, body) {
  if (!body || body.contract === undefined) return words.redeal_reasons[body?.reason] || "";
  const who =
    body.taker_player === undefined || body.taker_player === null
      ? game.teams[body.taker]
      : game.players[body.taker_player];
  const badge = words.coinche_badges[body.coinche || "none"];
  return (
    words.contract_titles[body.contract] + " " + words.mode_symbols[body.mode] + (badge ? " " + badge : "") + " " + who
  );
}

function scoresText(game, scores) {
  return scores ? " (" + game.teams.A + " " + scores.A + ", " + game.teams.B + " " + scores.B + ")" : "";
}

// A save held for the player: another phone's deal under its number (409), a correction that would
// end the game before its last deal (409, with its offer to remove the later deals), or a refusal.
function notice(game, words, entry, engine) {
  const box = element("div", "notice" + (entry.state === "waiting" ? "" : " held"));
  let text;
  if (entry.state === "conflict") {
    const taken = entry.existing || {};
    let yours = null;
    if (entry.op === "hand") {
      try {
        yours = engine.scoreBody(withoutKeys(entry.body, ["number", ...SEAT_KEYS]), game.rules).scores;
      } catch (_refused) {
        yours = null;
      }
    }
    text =
      "La donne " +
      taken.number +
      " a déjà été enregistrée par un autre téléphone : " +
      what(game, words, taken.input || taken) +
      scoresText(game, taken.scores) +
      ". La vôtre, " +
      what(game, words, entry.body) +
      scoresText(game, yours) +
      ", n'a pas été enregistrée.";
  } else if (entry.state === "ends") {
    text = entry.error || ""; // where the game would end: « Avec cette correction, Nous gagne à la donne 1, … »
  } else {
    const mine =
      entry.op === "undo"
        ? "Annulation de la dernière action"
        : entry.op === "delete"
          ? "Suppression de la donne " + entry.number
          : entry.op === "edit"
            ? "Modification de la donne " + entry.number + " (" + what(game, words, entry.body) + ")"
            : "Donne " + what(game, words, entry.body);
    text =
      mine +
      (entry.state === "refused" ? " : refusée par le serveur. " + (entry.error || "") : " : en attente d'envoi.");
  }
  box.appendChild(element("p", "", text));
  if (entry.state === "conflict") box.appendChild(button("L'enregistrer comme donne suivante", "resend", entry.key));
  if (entry.state === "ends" && entry.offer) box.appendChild(button(entry.offer, "apply-removal", entry.key));
  box.appendChild(button("Abandonner", "discard", entry.key, true));
  return box;
}

// Where a game in deals is (scorekeeper/belote/ending.py deals_line): « Donne 7 sur 12 », or once over
// « Donnes jouées : 12 sur 12 ».
function dealsLine(deals, projected) {
  return projected.finished
    ? "Donnes jouées : " + projected.handsPlayed + " sur " + deals
    : "Donne " + (projected.handsPlayed + 1) + " sur " + deals;
}

function totals(body, game, projected, waiting) {
  const card = body.querySelector(".totals");
  ["A", "B"].forEach(function (team, i) {
    card.querySelectorAll(".team-name")[i].textContent = game.teams[team];
    card.querySelector('[data-total="' + team + '"]').textContent = projected.totals[team];
    const bar = card.querySelectorAll(".total")[i].querySelector("progress"); // none in deals
    if (bar) {
      bar.max = game.end.points;
      bar.value = Math.min(projected.totals[team], game.end.points);
    }
    card.querySelectorAll(".total")[i].classList.toggle("winner", projected.winner === team);
  });
  const count = card.querySelector(".deal-count");
  if (count) {
    count.querySelector("span").textContent = dealsLine(game.end.deals, projected);
    count.querySelector("progress").value = Math.min(projected.handsPlayed, game.end.deals);
  }
  let note = card.querySelector("#pending-note");
  if (!note) {
    note = element("p", "pending-note");
    note.id = "pending-note";
    card.insertBefore(note, card.querySelector(".target"));
  }
  const deals = waiting.filter(function (e) {
    return e.op === "hand" || e.op === "redeal";
  }).length;
  note.hidden = !waiting.length;
  note.textContent =
    deals === waiting.length
      ? "dont " + plural(deals, "donne pas encore envoyée", "donnes pas encore envoyées")
      : "dont " + plural(waiting.length, "saisie pas encore envoyée", "saisies pas encore envoyées");
  return card;
}

// A finished game's end line's first words (scorekeeper/belote/ending.py result_words).
function resultWords(game, projected) {
  const won = projected.winner ? "gagnée par " + game.teams[projected.winner] : null;
  if (projected.onPaper) return "Résultat saisi depuis la feuille de table : partie " + (won || "nulle");
  if (projected.cutShort) return "Partie arrêtée par l'organisateur : " + (won || "égalité");
  return won ? "Partie " + won : "Partie nulle";
}

// Under a sheet with no deal (templates/sheet/_deals.html): a paper table's are on its slip.
function noDeals(projected) {
  return projected.onPaper
    ? "Les donnes sont sur la feuille de table : seul son résultat est saisi ici."
    : "Aucune donne pour l'instant.";
}

function where(game, projected, waiting) {
  if (!projected.finished) {
    const line = element("p", "dealer", "Prochaine donne : ");
    line.appendChild(element("strong", "", game.players[projected.dealer]));
    line.appendChild(document.createTextNode(" distribue"));
    return line;
  }
  const t = projected.totals;
  const banner = element("p", "banner");
  banner.setAttribute("role", "status");
  banner.appendChild(element("strong", "", resultWords(game, projected)));
  let rest;
  if (projected.winner) {
    const loser = projected.winner === "A" ? "B" : "A";
    rest = ", " + t[projected.winner] + " à " + t[loser] + " (+" + (t[projected.winner] - t[loser]) + ")";
  } else {
    rest = (projected.cutShort || projected.onPaper ? ", " : " : ") + t.A + " à " + t.B;
  }
  banner.appendChild(document.createTextNode(rest + (waiting.length ? ", une fois les saisies envoyées." : ".")));
  return banner;
}

// The focus kept through a redraw (another phone's deal, a save landed): on the same control of the
// same deal's row, so that a keyboard's user is not thrown back to the page's top.
const CONTROLS = "summary, a[href], button";
function focusedPlace(body) {
  const focused = document.activeElement;
  const row = focused && body.contains(focused) && focused.closest("details[data-deal]");
  if (!row) return null;
  return { deal: row.dataset.deal, index: Array.prototype.indexOf.call(row.querySelectorAll(CONTROLS), focused) };
}
function refocus(body, place) {
  const row = place && body.querySelector('details[data-deal="' + place.deal + '"]');
  const control = row?.querySelectorAll(CONTROLS)[place.index];
  if (control) control.focus({ preventScroll: true });
}

// The rows: one is drawn again only when its signature (what sheet_rows.js reads of it; "why"
// follows its input) changed, so a long sheet's save or poll draws the new rows alone.
function signature(deal, actions) {
  return JSON.stringify([
    deal.number,
    deal.kind,
    deal.input,
    deal.reason,
    deal.player,
    deal.version,
    deal.made,
    deal.scores,
    deal.totals,
    deal.dealer,
    deal.error,
    deal.pending && [deal.pending.key, deal.pending.op],
    actions,
  ]);
}
const drawn = new WeakMap(); // row → signature, list → names

function drawRows(list, projected, game, view) {
  const rows = list.children;
  const names = JSON.stringify([game.teams, game.players, view.deals]);
  const all = drawn.get(list) !== names;
  let number = 0;
  projected.deals.forEach(function (deal, i) {
    if (!deal.pending) number += 1;
    const actions = !deal.pending && number === deal.number;
    const mark = signature(deal, actions);
    const old = rows[i];
    if (old && !all && drawn.get(old) === mark) return;
    const row = drawRow(view.template, withLines(deal, game.rules, view.engine), game, view.words, view.deals, actions);
    drawn.set(row, mark);
    if (!old) {
      list.appendChild(row);
      return;
    }
    row.firstElementChild.open = old.firstElementChild.open;
    list.replaceChild(row, old);
  });
  while (rows.length > projected.deals.length) list.lastElementChild.remove();
  drawn.set(list, names);
}

// view: {game: the latest sheet's JSON, entries: the outbox's entries of the game, engine, words,
// lines: [#sheet-status, #net-status], template: <template id="deal-row">, deals: the
// deals' address}. Returns the projection drawn.
export function drawSheet(root, view) {
  const body = root.querySelector("#sheet-body");
  const game = view.game;
  const projected = project(game, view.entries, view.engine);
  const waiting = view.entries.filter(function (e) {
    return e.state === "waiting";
  });
  const parts = [totals(body, game, projected, waiting)].concat(view.lines, [where(game, projected, waiting)]);
  if (projected.notices.length) {
    const box = element("section", "card waiting-box");
    box.setAttribute("aria-label", "Saisies à décider");
    projected.notices.forEach(function (entry) {
      box.appendChild(notice(game, view.words, entry, view.engine));
    });
    parts.push(box);
  }
  if (projected.deals.length) {
    const head = element("div", "deals-head");
    head.setAttribute("aria-hidden", "true");
    ["N°", "Contrat", game.teams.A, game.teams.B].forEach(function (text) {
      head.appendChild(element("span", "", text));
    });
    parts.push(head);
  }
  const remove = body.querySelector("#delete-deal") || element("form");
  remove.id = "delete-deal";
  remove.method = "post";
  remove.hidden = true;
  parts.push(remove);
  const list = body.querySelector("#donnes") || element("ol", "deals");
  list.id = "donnes";
  const place = focusedPlace(body);
  drawRows(list, projected, game, view);
  parts.push(list);
  if (!projected.deals.length) parts.push(element("p", "muted", noDeals(projected)));
  // In order, the list left in place (moved, its rows are laid out again).
  Array.prototype.slice.call(body.children).forEach(function (node) {
    if (parts.indexOf(node) < 0) node.remove();
  });
  parts.forEach(function (node, i) {
    if (body.children[i] !== node) body.insertBefore(node, body.children[i] || null);
  });
  if (place && !body.contains(document.activeElement)) refocus(body, place);
  const won = projected.finished;
  root.querySelector("#new-deal-bar").hidden = won;
  root.querySelector("#rematch-form").hidden = !won;
  root.querySelector("#redeals").hidden = won;
  root.querySelector("#undo-form").hidden = !(game.undoable || waiting.length);
  return projected;
}
