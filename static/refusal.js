/* What the scoring engine's modules share (static/engine.js, hand_body.js): the
   Refusal they throw for a hand they refuse, as Python's InvalidHand (.field, .message), an own-key test
   and Python's dict.get. */

function Refusal(field, message) {
  this.name = "Refusal";
  this.field = field;
  this.message = message;
}
Refusal.prototype = Object.create(Error.prototype);
Refusal.prototype.constructor = Refusal;

function refuse(field, message) {
  throw new Refusal(field, message);
}
function has(object, key) {
  return Object.hasOwn(object, key);
}
function get(object, key, fallback) {
  return has(object, key) ? object[key] : fallback;
} // dict.get

export { get, has, Refusal, refuse };
