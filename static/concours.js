// The organiser's page, live: every 5 s the concours's JSON (GET /api/v1/concours/<id>) puts each
// table's totals in, as text; when a table has more hands, has finished, or a partie was drawn,
// "Rafraîchir" says so in the page's own words (data-stale). Without this script the page is the
// same, brought up to date by "Rafraîchir".
const root = document.getElementById("concours");
const refresh = document.getElementById("refresh");
const POLL_MS = 5000;

function showStale() {
  if (refresh.classList.contains("stale")) return;
  refresh.classList.add("stale");
  refresh.textContent = refresh.dataset.stale;
}

async function poll() {
  if (document.hidden) return;
  let concours;
  try {
    const response = await fetch(root.dataset.api, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (!response.ok) return;
    concours = await response.json();
  } catch {
    return; // the Wi-Fi dropped a moment: the next poll tries again
  }
  let tables = 0;
  for (const round of concours.rounds) {
    for (const table of round.tables) {
      tables += 1;
      const item = root.querySelector(`[data-table="p${round.number}-t${table.table}"]`);
      if (!item) continue;
      for (const side of ["A", "B"]) {
        const cell = item.querySelector(`[data-total="${side}"]`);
        if (cell) cell.textContent = String(table.totals[side]);
      }
      if (String(table.hands_played) !== item.dataset.hands || String(table.finished) !== item.dataset.finished) {
        showStale();
      }
    }
  }
  if (tables !== root.querySelectorAll("[data-table]").length) showStale();
}

if (root && refresh) setInterval(poll, POLL_MS);
