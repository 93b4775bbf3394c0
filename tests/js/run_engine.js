// tests/test_engine_differential.py's runner: reads {"modules", "vocabulary", "cases"} as JSON on
// stdin (`modules`: the folder of engine.js, static/ or a copy of it holding a mutant, as
// tests/helpers.py static_modules gives it), answers each case with the engine, writes the answers
// as a JSON list on stdout.
//   {"score": [body, rules, extraKeys]} -> {"result": …} or {"refused": [field, message]}
//   (`rules`: the game's JSON `rules`, or null: the body's `rules` apply)
//   {"dealer": [firstDealer, deals]}, {"outcome": [totals, handsPlayed, end, stopped]} -> {"result": …}
// An exception that is no Refusal is answered {"error": "…"}, which no Python answer equals.
"use strict";

var path = require("path");
var url = require("url");

var chunks = [];
process.stdin.on("data", function (chunk) { chunks.push(chunk); });
process.stdin.on("end", async function () {
  var input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  // The module imported as a page imports it: an ES module, from its file, whose relative imports
  // (./hand_body.js, ./refusal.js) are its neighbours.
  var BeloteEngine = await import(url.pathToFileURL(path.join(input.modules, "engine.js")).href);
  var engine = BeloteEngine.create(input.vocabulary);
  var answers = input.cases.map(function (item) {
    try {
      if (item.score) return {result: engine.scoreBody(item.score[0], item.score[1], item.score[2])};
      if (item.outcome) return {result: engine.outcomeOf.apply(null, item.outcome)};
      return {result: engine.dealerAfter(item.dealer[0], item.dealer[1])};
    } catch (error) {
      if (error instanceof BeloteEngine.Refusal) return {refused: [error.field, error.message]};
      return {error: String(error && error.stack || error)};
    }
  });
  process.stdout.write(JSON.stringify(answers));
});
