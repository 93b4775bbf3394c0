// The room's screen, live (templates/concours_screen/screen.html): asks the concours's API every
// 2 s, repaints when its answer changed, turns the pages of the tables and of the ranking every
// 15 s and ticks the clock, with no click and no reload. Without this script the page refreshes
// itself (its <noscript>).
//
// It draws what scorekeeper/web/concours_screen/board.py draws, by the same rules, into the same
// elements: change one, change the other (tests/browser/test_concours_screen_live.py compares them).
// Every name and number from the server goes in as text, never as markup.

const settings = JSON.parse(document.body.dataset.screen);
const offset = settings.now - Date.now(); // the server's clock less this one's: every screen turns together
let data = null;
let etag = null;
let shownTurn = null;
let answeredAt = Date.now(); // the server's last answer: past STALE_MS without one, the screen says so
const STALE_MS = 10000;

function now() {
  return Date.now() + offset;
}

function turnAt(ms) {
  return settings.page !== null ? settings.page : Math.floor(ms / settings.turn_ms);
}

// --- what the screen shows (board.py) ---------------------------------------------------------

function pageOf(lines, perPage, turn) {
  const pages = Math.max(1, Math.ceil(lines.length / perPage));
  const page = turn % pages;
  return { lines: lines.slice(page * perPage, (page + 1) * perPage), page: page, pages: pages, total: lines.length };
}

function tableStatus(table, end) {
  if (table.slip !== null && table.slip !== undefined) return "Feuille papier";
  if (table.finished) return table.stopped ? "Arrêtée" : "Terminée";
  const deal = table.hands_played + 1;
  if (end.deals !== undefined) return "donne " + Math.min(deal, end.deals) + " sur " + end.deals;
  return "donne " + deal;
}

function winsText(won, drawn) {
  const wins = won + drawn / 2;
  return Math.floor(wins) + (Number.isInteger(wins) ? "" : "½") + " v.";
}

function signed(number) {
  return number > 0 ? "+" + number : number < 0 ? "−" + -number : "0";
}

function rankLine(standing, names, ranking) {
  return {
    rank: standing.rank,
    name: names[standing.team],
    score: ranking === "wins" ? winsText(standing.won, standing.drawn) : String(standing.points),
    detail: signed(standing.difference),
    withdrawn: standing.active === false,
  };
}

function duration(minutes) {
  if (minutes < 60) return minutes + " min";
  return Math.floor(minutes / 60) + " h " + String(minutes % 60).padStart(2, "0");
}

function clock(state, round, timeLimit, ms) {
  if (state !== "playing" || !round) {
    return { elapsed: { registering: "tirage à venir", closed: "partie terminée" }[state] || "", left: "", out: false };
  }
  const seconds = (ms - Date.parse(round.drawn_at)) / 1000;
  const elapsed = "depuis " + duration(Math.max(0, Math.floor(seconds / 60)));
  if (timeLimit === null) return { elapsed: elapsed, left: "", out: false };
  const left = timeLimit * 60 - seconds;
  if (left <= 0) return { elapsed: elapsed, left: "temps écoulé", out: true };
  return { elapsed: elapsed, left: "reste " + Math.ceil(left / 60) + " min", out: false };
}

function board(concours, ms, turn) {
  const names = {};
  concours.teams.forEach(function (team) { names[team.number] = team.name; });
  const rounds = concours.rounds;
  const round = rounds.length ? rounds[rounds.length - 1] : null;
  const final = round !== null && rounds.length >= concours.parties && round.state === "closed";
  let state, heading;
  if (round === null) {
    state = "registering";
    heading = "Inscriptions";
  } else if (final) {
    state = "final";
    heading = "Classement final";
  } else {
    state = round.state === "playing" ? "playing" : "closed";
    heading = "Partie " + round.number + " sur " + concours.parties;
  }
  const tables = (round ? round.tables : []).map(function (table) {
    const [a, b] = table.teams;
    return {
      number: table.table,
      names: [names[a], names[b]],
      totals: [table.totals.A, table.totals.B],
      status: tableStatus(table, concours.end),
      finished: table.finished,
      winner: table.winner === a ? "A" : table.winner === b ? "B" : null,
    };
  });
  const ranked = concours.standings.map(function (standing) { return rankLine(standing, names, concours.ranking); });
  const registered = concours.teams.filter(function (team) { return team.active; }).map(function (team) { return [team.number, team.name]; });
  const perPage = settings.per_page;
  return {
    name: concours.name,
    state: state,
    heading: heading,
    clock: clock(state, round, concours.time_limit, ms),
    tables: pageOf(final ? [] : tables, perPage.tables, turn),
    rests: round && round.rests !== null && !final ? names[round.rests] : null,
    ranking: pageOf(round && !final ? ranked : [], perPage.ranking, turn),
    provisional: concours.standings.some(function (standing) { return standing.provisional; }),
    teams: pageOf(round === null ? registered : [], perPage.teams, turn),
    final: pageOf(final ? ranked : [], perPage.final, turn),
  };
}

// --- painting ---------------------------------------------------------------------------------

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function title(text, paged, count, provisional) {
  const heading = el("h2", "panel-title");
  heading.append(el("span", "title-text", text));
  if (count !== null) heading.append(" ", el("span", "count", String(count)));
  if (provisional) heading.append(" ", el("span", "provisional", "provisoire"));
  const pager = el("span", "pager", paged.page + 1 + "/" + paged.pages);
  pager.hidden = paged.pages === 1;
  heading.append(" ", pager);
  return heading;
}

function rank(line) {
  const item = el("li", "rank" + (line.withdrawn ? " withdrawn" : ""));
  item.append(el("span", "rank-number", String(line.rank)), el("span", "team-name", line.name));
  if (line.withdrawn) item.append(el("span", "mark", "abandon"));
  item.append(el("span", "score", line.score), el("span", "detail", line.detail));
  return item;
}

function table(line) {
  const item = el("li", "table" + (line.finished ? " finished" : ""));
  item.append(el("span", "number", String(line.number)));
  ["A", "B"].forEach(function (side, index) {
    const team = el("span", "team side-" + side.toLowerCase() + (line.winner === side ? " won" : ""));
    team.append(el("span", "team-name", line.names[index]), el("span", "total", String(line.totals[index])));
    item.append(team);
  });
  item.append(el("span", "status", line.status));
  return item;
}

function mainPanel(shown) {
  const parts = [];
  if (shown.state === "registering") {
    parts.push(title("Équipes inscrites", shown.teams, shown.teams.total, false));
    const list = el("ol", "teams");
    shown.teams.lines.forEach(function ([number, name]) {
      const item = el("li");
      item.append(el("span", "number", String(number)), el("span", "team-name", name));
      list.append(item);
    });
    if (!shown.teams.lines.length) list.append(el("li", "empty", "Aucune équipe inscrite pour l'instant."));
    parts.push(list);
  } else if (shown.state === "final") {
    parts.push(title("Classement", shown.final, null, false));
    const list = el("ol", "ranks final");
    list.append.apply(list, shown.final.lines.map(rank));
    parts.push(list);
  } else {
    parts.push(title("Tables", shown.tables, null, false));
    const list = el("ol", "tables");
    list.append.apply(list, shown.tables.lines.map(table));
    const rests = el("p", "rests", "Exempte : ");
    rests.id = "rests";
    rests.append(el("span", "team-name", shown.rests || ""));
    rests.hidden = !shown.rests;
    parts.push(list, rests);
  }
  return parts;
}

function paint(shown) {
  document.body.dataset.state = shown.state;
  document.getElementById("name").textContent = shown.name;
  document.getElementById("heading").textContent = shown.heading;
  paintClock(shown.clock);
  document.getElementById("main").replaceChildren.apply(document.getElementById("main"), mainPanel(shown));
  const ranking = document.getElementById("ranking");
  const list = el("ol", "ranks");
  list.append.apply(list, shown.ranking.lines.map(rank));
  ranking.replaceChildren(title("Classement", shown.ranking, null, shown.provisional), list);
  ranking.hidden = !shown.ranking.lines.length;
}

function paintClock(shownClock) {
  document.getElementById("elapsed").textContent = shownClock.elapsed;
  const left = document.getElementById("left");
  left.textContent = shownClock.left;
  left.classList.toggle("out", shownClock.out);
}

function repaint() {
  if (data === null) return;
  const ms = now();
  shownTurn = turnAt(ms);
  paint(board(data, ms, shownTurn));
}

function tick() {
  document.body.classList.toggle("stale", Date.now() - answeredAt > STALE_MS);
  if (data === null) return;
  const ms = now();
  if (turnAt(ms) !== shownTurn) repaint();
  else paintClock(board(data, ms, shownTurn).clock);
}

async function poll() {
  try {
    // no-cache: the browser asks with the ETag it kept, and a 304 gives back the copy it has.
    const response = await fetch(settings.api, { cache: "no-cache", headers: { Accept: "application/json" } });
    const tag = response.headers.get("ETag");
    if (response.ok) answeredAt = Date.now();
    if (response.ok && (tag === null || tag !== etag)) {
      data = await response.json();
      etag = tag;
      repaint();
      document.body.dataset.painted = String((Number(document.body.dataset.painted) || 0) + 1);
    }
  } catch (error) {
    // the server out of reach: the screen keeps what it showed, and asks again
  }
  setTimeout(poll, settings.poll_ms);
}

poll();
setInterval(tick, 1000);
