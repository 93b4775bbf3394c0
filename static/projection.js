// The sheet as it will be once the saves kept on the phone (static/outbox.js) land: the server's
// last sheet, then each waiting save applied as the server will apply it, every total counted
// again, the waiting deals scored by static/engine.js. The sheet (static/sheet_view.js) is drawn
// from it, and the deal form page's totals while it saves.

// The sheet as it will be once the waiting entries land: the server's deals, then each entry
// applied in order as the server will apply it (numbers as the player saw them then), every
// total counted again, the entries' scores by the engine. Entries held for the player and the
// ones that are not a row (a delete, an undo) are listed in `notices`. A waiting hand gets its
// `result` (the engine's lines); a server's hand, from `withLines`.
function project(sheet, waiting, engine) {
  const first = engine.dealerAfter(sheet.dealer, -sheet.hands.length);
  const deals = sheet.hands.map(function (d) {
    return {
      kind: d.kind,
      input: d.input,
      reason: d.reason,
      player: d.player,
      version: d.version,
      made: d.made,
      scores: d.scores,
      why: d.why,
      pending: null,
    };
  });
  const notices = [];
  let undoWaiting = false;
  waiting.forEach(function (e) {
    if (e.state !== "waiting") {
      notices.push(e);
    } else if (e.op === "hand") {
      deals.push({ kind: "hand", input: withoutKeys(e.body, ["number"]), pending: e });
    } else if (e.op === "redeal") {
      deals.push({ kind: "redeal", reason: e.body.reason, player: e.body.player, pending: e });
    } else if (e.op === "edit" && deals[e.number - 1]) {
      const old = deals[e.number - 1];
      deals[e.number - 1] =
        old.kind === "hand"
          ? { kind: "hand", input: withoutKeys(e.body, ["version", "remove_later"]), pending: e }
          : { kind: "redeal", reason: e.body.reason, player: e.body.player, pending: e };
      removeLater(deals, e);
    } else if (e.op === "delete" && deals[e.number - 1]) {
      e.deal = deals.splice(e.number - 1, 1)[0];
      removeLater(deals, e);
      notices.push(e);
    } else {
      undoWaiting = undoWaiting || e.op === "undo";
      notices.push(e);
    }
  });
  // A concours table played on paper has no deal: its slip's totals, typed by the organiser, are its result.
  let totals = sheet.slip ? { A: sheet.slip.A, B: sheet.slip.B } : { A: 0, B: 0 };
  let hands = 0; // the scored hands, what a game in deals counts (a hand the engine refused is none)
  deals.forEach(function (d, i) {
    d.number = i + 1;
    d.dealer = engine.dealerAfter(first, i);
    if (d.pending) {
      d.scores = { A: 0, B: 0 };
      if (d.kind === "hand") {
        try {
          d.result = engine.scoreBody(withoutKeys(d.input, SEAT_KEYS), sheet.rules);
          d.scores = d.result.scores;
          d.made = d.result.made;
        } catch (refused) {
          d.error = refused.message;
        }
      }
    }
    totals = { A: totals.A + d.scores.A, B: totals.B + d.scores.B };
    d.totals = totals;
    if (d.kind === "hand" && !d.error) hands += 1;
  });
  const onPaper = Boolean(sheet.slip);
  const outcome = engine.outcomeOf(totals, hands, sheet.end, sheet.stopped || onPaper);
  return {
    deals: deals,
    totals: totals,
    dealer: engine.dealerAfter(first, deals.length),
    finished: outcome.finished,
    winner: outcome.winner,
    draw: outcome.draw,
    handsPlayed: hands,
    // stopped by an organiser before its end (a game stopped once won reads as won)
    cutShort: sheet.stopped && !onPaper && !engine.outcomeOf(totals, hands, sheet.end, false).finished,
    onPaper: onPaper,
    notices: notices,
    undoWaiting: undoWaiting,
  };
}

// A server's hand with its `result` (the lines of its row's breakdown), scored when its row is drawn.
function withLines(deal, rules, engine) {
  if (deal.kind !== "hand" || deal.pending || deal.result) return deal;
  try {
    deal.result = engine.scoreBody(withoutKeys(deal.input, SEAT_KEYS), rules);
  } catch (_refused) {
    /* a hand the server scored under rules this phone does not know */
  }
  return deal;
}

// A correction applied with the removal of the deals after the win it makes (docs/api.md): those
// deals go with it, the last first (their numbers are the sheet's after the correction).
function removeLater(deals, entry) {
  (entry.removeLater || [])
    .slice()
    .sort(function (a, b) {
      return b - a;
    })
    .forEach(function (n) {
      if (deals[n - 1]) deals.splice(n - 1, 1);
    });
}

// The seats a hand names beside what it is scored with (belote/hand_json.py's SEAT_KEYS: who took,
// who coinched, who surcoinched): the engine is given the hand without them.
const SEAT_KEYS = ["taker_player", "coinched_by", "surcoinched_by"];

function withoutKeys(object, keys) {
  const copy = {};
  Object.keys(object || {}).forEach(function (k) {
    if (keys.indexOf(k) < 0) copy[k] = object[k];
  });
  return copy;
}

export { project, SEAT_KEYS, withLines, withoutKeys };
