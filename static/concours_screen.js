// The room's screen, live (templates/concours_screen/screen.html): asks the server every second for the
// board at the page of the lists this screen's clock shows (its bar, main panel and ranking, as
// scorekeeper/web/concours_screen/board.py and _board.html draw them) and swaps it in when it changed
// (a 304 while it would show the same); turns the pages of the tables and of the ranking every 15 s,
// and says « hors ligne » when the server stops answering, with no click and no reload; a table whose
// line changed (a deal, its end) is marked for a few seconds (.changed), so the room sees which. Without this
// script the page refreshes itself (its <noscript>).
//
// The board is drawn by the server alone (docs/offline.md: a TV is always online); it comes from our
// own server as a document of its own, read with DOMParser (which runs nothing) and its nodes moved in.

const settings = JSON.parse(document.body.dataset.screen);
const offset = settings.now - Date.now(); // the server's clock less this one's: every screen turns together
const SWAPPED = ["bar", "main", "ranking"]; // the board's parts, by id
let etag = null;
let shownTurn = null;
let asking = false;
let next = null;
let answeredAt = Date.now(); // the server's last answer: past STALE_MS without one, the screen says so
const STALE_MS = 10000;
const MARKED_MS = 5000; // how long a table that changed stays marked
const markedUntil = {}; // game id → when its mark goes

function tableLines() {
  const lines = {};
  document.querySelectorAll("#main .table[data-game]").forEach(function (node) {
    lines[node.dataset.game] = node;
  });
  return lines;
}

// The tables whose line differs from the one shown before (the same game: a new draw, or another
// page, marks nothing) are marked; each mark goes MARKED_MS after its change, across later swaps.
function mark(before) {
  const now = Date.now();
  const after = tableLines();
  Object.keys(after).forEach(function (game) {
    if (before[game] && before[game].textContent !== after[game].textContent) markedUntil[game] = now + MARKED_MS;
    after[game].classList.toggle("changed", (markedUntil[game] || 0) > now);
  });
}

function turnAt(ms) {
  return Math.floor(ms / settings.turn_ms);
}

// The board at this turn of the pages, or at the page `?page=N` holds (from 1).
function boardUrl(turn) {
  return settings.board + (settings.page !== null ? "?page=" + settings.page : "?turn=" + turn);
}

function swap(fresh) {
  const before = tableLines();
  document.body.dataset.state = fresh.body.dataset.state;
  SWAPPED.forEach(function (id) {
    const node = fresh.getElementById(id);
    if (node) document.getElementById(id).replaceWith(document.adoptNode(node));
  });
  mark(before);
}

async function poll() {
  clearTimeout(next);
  if (asking) return;
  asking = true;
  const turn = turnAt(Date.now() + offset);
  try {
    // no-cache: the browser asks with the ETag it kept, and a 304 gives back the copy it has.
    const response = await fetch(boardUrl(turn), { cache: "no-cache" });
    const tag = response.headers.get("ETag");
    if (response.ok) answeredAt = Date.now();
    if (response.ok && (tag === null || tag !== etag || turn !== shownTurn)) {
      swap(new DOMParser().parseFromString(await response.text(), "text/html"));
      etag = tag;
      shownTurn = turn;
      document.body.dataset.painted = String((Number(document.body.dataset.painted) || 0) + 1);
    }
  } catch (_error) {
    // the server out of reach: the screen keeps what it showed, and asks again
  }
  asking = false;
  next = setTimeout(poll, settings.poll_ms);
}

function tick() {
  document.body.classList.toggle("stale", Date.now() - answeredAt > STALE_MS);
  mark({}); // the marks whose time is past go
  if (shownTurn !== null && turnAt(Date.now() + offset) !== shownTurn) poll(); // the next page, now
}

poll();
setInterval(tick, 1000);
