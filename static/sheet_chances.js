// The chances under the sheet's totals (docs/chances.md): the latest sheet's, in the words of
// scorekeeper/belote/chances.py; none while the phone's totals are not the server's.
import { element } from "./dom.js";

const PERCENT = "\u202f%";

export function percent(chance) {
  const whole = Math.floor(chance * 100 + 0.5);
  if (whole === 0 && chance > 0) return "< 1" + PERCENT;
  if (whole === 100 && chance < 1) return "> 99" + PERCENT;
  return whole + PERCENT;
}

export function chancesLine(chances, teams, inDeals) {
  const parts = [teams.A + "\u00a0" + percent(chances.A), teams.B + "\u00a0" + percent(chances.B)];
  if (inDeals) parts.push("nulle\u00a0" + percent(chances.draw));
  return "Chances : " + parts.join(" ·\u00a0");
}

export function whyWords(hands) {
  return (
    "Calculé sur les " +
    hands +
    " donnes des parties finies du club : " +
    "la part des parties que chaque équipe gagnerait d'ici si les donnes à venir leur ressemblaient."
  );
}

// current: the phone's totals are the sheet's, and the server answers. « Pourquoi ? » stays open.
export function drawChances(box, game, current) {
  if (!box) return;
  const chances = current && !game.finished ? game.chances : null;
  box.hidden = !chances;
  if (!chances) return;
  let line = box.querySelector(".chances-line");
  if (!line) {
    line = element("p", "chances-line");
    const why = element("details", "chances-why");
    why.appendChild(element("summary", "", "Pourquoi ?"));
    why.appendChild(element("p"));
    box.replaceChildren(line, why);
  }
  line.textContent = chancesLine(chances, game.teams, game.end.deals !== undefined && game.end.deals !== null);
  box.querySelector(".chances-why p").textContent = whyWords(chances.hands);
}
