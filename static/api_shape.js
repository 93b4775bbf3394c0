// What the JSON API's answers look like (docs/api.md, "Games"), checked before the phone believes
// one: a Wi-Fi portal, a proxy or a forged answer can say 200 too. The outbox counts a save as
// recorded, and keeps a sheet, only when the answer has this shape; what it holds is still drawn
// as text (textContent), never as markup.

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isCount(value, least) {
  return Number.isInteger(value) && value >= least;
}

function isString(value) {
  return typeof value === "string";
}

function isSeat(value) {
  return isCount(value, 0) && value <= 3;
}

// {"A": …, "B": …}, both passing `test`.
function isTeams(value, test) {
  return isObject(value) && test(value.A) && test(value.B);
}

// One deal as the sheet lists it (a 409's `existing` too).
function isDeal(deal) {
  if (!isObject(deal) || !isCount(deal.number, 1) || !isSeat(deal.dealer) || !isCount(deal.version, 1)) return false;
  if (!isTeams(deal.scores, Number.isInteger) || !isTeams(deal.totals, Number.isInteger)) return false;
  if (deal.kind === "hand") return isObject(deal.input) && typeof deal.made === "boolean";
  return deal.kind === "redeal" && isString(deal.reason) && (deal.player === null || isSeat(deal.player));
}

function isWhy(why) {
  return Array.isArray(why) && why.every(isString);
}

// A game's end: {"points": T} or {"deals": M}; `target` says the points again, null in deals.
function isEnd(end, target) {
  if (!isObject(end) || Object.keys(end).length !== 1) return false;
  return end.deals !== undefined
    ? isCount(end.deals, 1) && target === null
    : isCount(end.points, 1) && target === end.points;
}

// A game's sheet; with `game`, that game's.
function isSheet(sheet, game) {
  return (
    isObject(sheet) &&
    isString(sheet.id) &&
    sheet.id !== "" &&
    (game === undefined || sheet.id === game) &&
    isTeams(sheet.teams, isString) &&
    Array.isArray(sheet.players) &&
    sheet.players.length === 4 &&
    sheet.players.every(isString) &&
    isEnd(sheet.end, sheet.target) &&
    isObject(sheet.rules) &&
    isSeat(sheet.dealer) &&
    typeof sheet.finished === "boolean" &&
    (sheet.winner === null || sheet.winner === "A" || sheet.winner === "B") &&
    typeof sheet.draw === "boolean" &&
    typeof sheet.stopped === "boolean" &&
    (sheet.slip === undefined || isTeams(sheet.slip, Number.isInteger)) &&
    isCount(sheet.hands_played, 0) &&
    isTeams(sheet.totals, Number.isInteger) &&
    isCount(sheet.revision, 0) &&
    Array.isArray(sheet.hands) &&
    sheet.hands.every(function (deal, i) {
      return isDeal(deal) && deal.number === i + 1 && (deal.kind !== "hand" || isWhy(deal.why));
    })
  );
}

// A refusal: {"error": "<a French sentence>"}.
function isRefusal(answer) {
  return isObject(answer) && isString(answer.error);
}

// A correction refused because the game would be won before its last deal (docs/api.md, "A
// correction that ends the game"), with what to send to apply it all the same: the numbers of the
// deals to remove and the words of the button that does it.
function isGameEnds(answer) {
  return (
    isRefusal(answer) &&
    isObject(answer.won_at) &&
    isCount(answer.won_at.number, 1) &&
    Array.isArray(answer.remove_later) &&
    answer.remove_later.length > 0 &&
    answer.remove_later.every(function (n) {
      return isCount(n, 1);
    }) &&
    isString(answer.offer)
  );
}

export { isDeal, isGameEnds, isRefusal, isSheet };
