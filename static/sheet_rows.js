// One row of the sheet as templates/sheet/_deals.html draws it, made on the phone from the sheet's
// JSON (or a save waiting in the outbox): the page's <template id="deal-row"> filled with text,
// never with markup. tests/browser/test_sheet_rows.py holds the two drawings together on every kind
// of deal.
import { element } from "./dom.js";

function span(className, text) {
  return element("span", className, text);
}

// "80 ♥ ×2", as _macros.html's contract(named=false).
function contract(into, input, words) {
  into.appendChild(document.createTextNode(words.contract_titles[input.contract] + " "));
  into.appendChild(span("mode mode-" + input.mode, words.mode_symbols[input.mode]));
  const badge = words.coinche_badges[input.coinche || "none"];
  if (badge) {
    into.appendChild(document.createTextNode(" "));
    into.appendChild(span("badge", badge));
  }
}

function takerOf(game, input) {
  return input.taker_player === undefined || input.taker_player === null
    ? game.teams[input.taker]
    : game.players[input.taker_player];
}

function outcomeOf(deal) {
  if (deal.error) return "refusée";
  const capot = deal.input.all_tricks && typeof deal.input.contract === "number";
  return (deal.made ? "fait" : "chuté") + (capot ? ", capot" : "");
}

// The row's name, a sentence: "Donne 4 : 110 cœur, Chloé fait ; Nous 260, total 490 ; …".
function label(deal, game, words) {
  let what;
  if (deal.kind === "hand") {
    const coinche = words.coinche_participles[deal.input.coinche] || "";
    what =
      words.contract_titles[deal.input.contract] +
      " " +
      words.mode_words[deal.input.mode] +
      (coinche ? " " + coinche : "") +
      ", " +
      takerOf(game, deal.input) +
      " " +
      outcomeOf(deal);
  } else {
    what =
      words.redeal_reasons[deal.reason] +
      (deal.player === null || deal.player === undefined ? "" : " (" + game.players[deal.player] + ")");
  }
  return (
    "Donne " +
    deal.number +
    " : " +
    what +
    " ; " +
    ["A", "B"]
      .map(function (team) {
        return game.teams[team] + " " + deal.scores[team] + ", total " + deal.totals[team];
      })
      .join(" ; ")
  );
}

function teamLines(breakdown, deal, game) {
  ["A", "B"].forEach(function (team) {
    breakdown.appendChild(element("h3", "", game.teams[team] + " : " + deal.scores[team]));
    const list = element("ul");
    const lines = deal.result
      ? deal.result.lines.filter(function (line) {
          return line.team === team;
        })
      : [];
    lines.forEach(function (line) {
      const item = element("li");
      item.appendChild(span("", line.label));
      item.appendChild(span("", String(line.points)));
      list.appendChild(item);
    });
    if (!lines.length) {
      const nothing = element("li", "muted");
      nothing.appendChild(span("", "Rien"));
      nothing.appendChild(span("", "0"));
      list.appendChild(nothing);
    }
    breakdown.appendChild(list);
  });
}

// `deal`: a deal of static/projection.js's `project` (its number, scores, totals, dealer, input or
// reason, `pending` for a save still on the phone, `result` with the engine's lines, `why`).
// `deals`: the address the deals' pages start with ("/parties/<id>/donnes/"); `actions`: whether
// the row offers "Modifier" and "Supprimer" (its number stands).
export function drawRow(template, deal, game, words, deals, actions) {
  const li = template.content.firstElementChild.cloneNode(true);
  const details = li.firstElementChild;
  const summary = details.firstElementChild;
  const cells = summary.children;
  const breakdown = details.lastElementChild;
  li.id = "donne-" + deal.number;
  details.dataset.deal = deal.number;
  summary.setAttribute("aria-label", label(deal, game, words));
  cells[0].textContent = deal.number;
  if (deal.kind === "hand") {
    contract(cells[1], deal.input, words);
    cells[1].appendChild(element("small", "", takerOf(game, deal.input) + " " + outcomeOf(deal)));
  } else {
    cells[1].className = "what redeal";
    cells[1].textContent = words.redeal_reasons[deal.reason];
    if (deal.player !== null && deal.player !== undefined) {
      cells[1].appendChild(document.createTextNode(" "));
      cells[1].appendChild(element("small", "", "(" + game.players[deal.player] + ")"));
    }
  }
  ["A", "B"].forEach(function (team, i) {
    const score = cells[2 + i];
    score.insertBefore(document.createTextNode(String(deal.scores[team])), score.firstChild);
    score.lastChild.textContent = deal.totals[team];
  });
  const dealer = "Donneur : " + game.players[deal.dealer] + ".";
  if (deal.kind === "hand") {
    teamLines(breakdown, deal, game);
    if (deal.why?.length) {
      breakdown.appendChild(element("h3", "", "Pourquoi"));
      const why = element("ul", "why");
      deal.why.forEach(function (sentence) {
        why.appendChild(element("li", "", sentence));
      });
      breakdown.appendChild(why);
    }
    if (deal.error) breakdown.appendChild(element("p", "error", deal.error));
    breakdown.appendChild(element("p", "muted", dealer));
  } else {
    breakdown.appendChild(element("p", "", "Redonne : rien n'est marqué, la donne passe. " + dealer));
  }
  if (deal.pending) {
    li.className = "waiting";
    cells[1].appendChild(
      element("small", "waiting-tag", (deal.pending.op === "edit" ? "modification " : "") + "en attente d'envoi"),
    );
    breakdown.appendChild(element("p", "muted", "Gardée sur ce téléphone, envoyée dès que le serveur répond."));
    const discard = element("button", "secondary danger", "Abandonner cette saisie");
    discard.type = "button";
    discard.dataset.action = "discard";
    discard.dataset.key = deal.pending.key;
    breakdown.appendChild(discard);
  } else if (actions) {
    const row = element("div", "row-actions");
    const edit = element("a", "button secondary edit-deal", "Modifier");
    edit.href = deals + deal.number + "/modifier";
    const remove = element("button", "secondary danger", "Supprimer");
    remove.type = "submit";
    remove.setAttribute("form", "delete-deal");
    remove.setAttribute("formaction", deals + deal.number + "/supprimer");
    remove.name = "version";
    remove.value = deal.version;
    row.appendChild(edit);
    row.appendChild(remove);
    breakdown.appendChild(row);
  }
  return li;
}
