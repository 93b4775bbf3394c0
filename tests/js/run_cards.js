// tests/test_cards_differential.py's runner: reads {"modules", "vocabulary", "cases"} as JSON on
// stdin (`modules`: the folder of cards.js, static/ or a copy of it holding a mutant, as
// tests/helpers.py static_modules gives it), answers each case with the module, writes the answers
// as a JSON list on stdout.
//   {"pile": [cards, mode, lastTrick]} -> {"result": points}
//   {"hand": [cards, mode]} -> {"result": {cards, melds, total, belotes}}
//   {"pair": [cardsA, cardsB, mode, names]} -> {"result": {winner, reason, fields, verdict, reported}}
// An exception is answered {"error": "…"}, which no Python answer equals.
"use strict";

var path = require("path");
var url = require("url");

var chunks = [];
process.stdin.on("data", function (chunk) { chunks.push(chunk); });
process.stdin.on("end", async function () {
  var input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  // The module imported as a page imports it: an ES module, from its file, whose relative imports
  // (./engine.js and the engine's own) are its neighbours.
  var cards = (await import(url.pathToFileURL(path.join(input.modules, "cards.js")).href)).create(input.vocabulary);
  var answers = input.cases.map(function (item) {
    try {
      if (item.pile) return {result: cards.pilePoints(item.pile[0], item.pile[1], item.pile[2])};
      if (item.hand) return {result: cards.check(item.hand[0], item.hand[1])};
      var mode = item.pair[2], names = item.pair[3];
      var a = cards.check(item.pair[0], mode), b = cards.check(item.pair[1], mode);
      var outcome = cards.compareHands(a.melds, b.melds, mode);
      var fields = cards.dealFields({A: a, B: b}, mode, outcome.winner);
      return {result: {winner: outcome.winner, reason: outcome.reason, fields: fields,
                       verdict: cards.verdict(outcome.winner, outcome.reason, names),
                       reported: cards.reported(fields, names)}};
    } catch (error) {
      return {error: String(error && error.stack || error)};
    }
  });
  process.stdout.write(JSON.stringify(answers));
});
