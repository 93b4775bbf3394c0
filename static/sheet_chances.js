// Each team's chances under the sheet's totals (docs/chances.md), as the server last gave them: the
// `chances` of the latest sheet the phone has seen, in the words of templates/sheet/_chances.html
// (scorekeeper/belote/chances.py: `percent`, `chances_line`, `why_words`). Shown only while the
// phone's totals are the server's: while a save waits on the phone, or the server does not
// answer, none, rather than the chances of totals that are no longer the game's. Text only.
import { element } from "./dom.js";

const PERCENT = "\u202f%";

// A chance to the percent, half up; « < 1 % » and « > 99 % » for what can still happen, or fail.
export function percent(chance) {
  const whole = Math.floor(chance * 100 + 0.5);
  if (whole === 0 && chance > 0) return "< 1" + PERCENT;
  if (whole === 100 && chance < 1) return "> 99" + PERCENT;
  return whole + PERCENT;
}

// On a narrow screen a line breaks before a « · », each team's name held to its figure.
export function chancesLine(chances, teams, inDeals) {
  const parts = [teams.A + "\u00a0" + percent(chances.A), teams.B + "\u00a0" + percent(chances.B)];
  if (inDeals) parts.push("nulle\u00a0" + percent(chances.draw));
  return "Chances : " + parts.join(" ·\u00a0");
}

export function whyWords(hands) {
  return (
    "Calculé sur les " +
    hands +
    " donnes des parties finies du club jouées avec ces règles : " +
    "la part des parties que chaque équipe gagnerait d'ici si les donnes à venir leur ressemblaient."
  );
}

// box: #chances in the totals' card; game: the latest sheet's JSON; current: whether the phone's
// totals are that sheet's and the server answers. The « Pourquoi ? » stays open across redraws.
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
