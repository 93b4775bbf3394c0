// The outbox: each save of the sheet and the deal form (a new deal, a redeal, an edit, a delete, an
// undo) is kept on this phone (localStorage) with its Idempotency-Key and the deal number it was
// entered as, then sent to the JSON API, in order, retried after a drop, a 5xx or an answer that is
// not the server's (the key turns a retry the server already recorded into a replay), held for the
// player on a refusal or a 409. Every page loads it (every_page.js), so kept saves leave as soon as
// any page opens with the server in reach. The server's last sheet of each game is kept too
// (projection.js starts from it).
//
// A save is recorded only when the answer is that game's sheet from the API (api_shape.js): a Wi-Fi
// portal's login page, an empty 200, a 204 or a redirect (not followed) keep it waiting, and
// status() says the network answered strangely.
import { isDeal, isGameEnds, isRefusal, isSheet } from "./api_shape.js";

const ENTRIES = "belote.outbox";
const SHEETS = "belote.sheets";
const SHEETS_KEPT = 20;
const TIMEOUT_MS = 15000;
const RETRY_MS = [1000, 2000, 5000]; // a failed try costs nothing: every 5 s at most, so the sheet catches up fast
const STRANGE =
  "Le réseau a répondu autre chose que le serveur (page de connexion du Wi-Fi ?) : " +
  "la saisie est gardée et sera renvoyée.";
const OFFLINE = "Ce téléphone n'a plus de réseau : les saisies sont gardées et partiront dès son retour.";
const UNREACHABLE = "Serveur injoignable : les saisies sont gardées sur ce téléphone et partiront dès qu'il répondra.";
const listeners = [];
let sending = false;
let retries = 0;
let retryTimer = null;
// locked: a 401, the saves wait for the table password: no page may call them recorded.
let reach = { reachable: null, strange: false, message: "", locked: false };
let forgotten = false;

function load(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) || fallback;
  } catch (_e) {
    return fallback;
  }
}

function entries(game) {
  const all = load(ENTRIES, []);
  return game
    ? all.filter(function (e) {
        return e.game === game;
      })
    : all;
}

function save(all, event) {
  if (forgotten) return;
  localStorage.setItem(ENTRIES, JSON.stringify(all));
  notify(event);
}

function notify(event) {
  listeners.forEach(function (listener) {
    listener(event || {});
  });
}

function listen(listener) {
  listeners.push(listener);
}

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // randomUUID needs a secure page; the table's LAN is plain HTTP
  return Array.prototype.map
    .call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    })
    .join("");
}

function isRecord(entry) {
  return entry.op === "hand" || entry.op === "redeal";
}

// entry: {game, op: "hand" | "redeal" | "edit" | "delete" | "undo", number, body, version, label};
// an edit or a delete the player agreed to apply with the removal of the later deals (state "ends",
// then applyRemoval) carries `removeLater`, the numbers of those deals.
function add(entry) {
  entry.key = newKey();
  entry.state = "waiting";
  entry.at = Date.now();
  const all = entries();
  // After a 409 the game's waiting deals are numbered when they leave (resolveConflict): a deal
  // entered behind them is too, its number counted from theirs.
  const floor = marked(all, entry.game);
  if (isRecord(entry) && floor !== null) entry.renumber = floor;
  all.push(entry);
  save(all);
  flush();
  return entry;
}

function marked(all, game) {
  return all.reduce(function (floor, e) {
    return e.game === game && e.state === "waiting" && typeof e.renumber === "number"
      ? Math.max(floor || 0, e.renumber)
      : floor;
  }, null);
}

function change(key, changes) {
  save(
    entries().map(function (e) {
      return e.key === key ? Object.assign(e, changes) : e;
    }),
  );
}

// `event`: what the listeners hear (a save recorded: {sent, message}), in the one notice.
function discard(key, event) {
  save(
    entries().filter(function (e) {
      return e.key !== key;
    }),
    event,
  );
}

// The player's choice on a deal another phone recorded first (state "conflict"): "next" sends it
// again without its number (the next deal), "discard" drops it. Either way the game's later
// waiting deals were numbered after this one: sent as they are, the first of them would meet the
// other phone's deal (or this one's, resent) and be called another phone's. Each is marked to be
// numbered when it leaves, from the latest sheet known then (the answers of the saves before it
// update it) and never below the deals the 409 showed the server has. Keys are kept: a 409 leaves
// a key unused, and a number, once sent, stays, so that a retry of a recorded deal replays.
function resolveConflict(key, choice) {
  const all = entries();
  const at = all.findIndex(function (e) {
    return e.key === key;
  });
  const held = all[at];
  if (held?.state !== "conflict" || (choice !== "next" && choice !== "discard")) return;
  const floor = held.existing && Number.isInteger(held.existing.number) ? held.existing.number : 0;
  all.slice(at + 1).forEach(function (e) {
    if (e.game === held.game && e.state === "waiting" && isRecord(e)) e.renumber = Math.max(floor, e.renumber || 0);
  });
  if (choice === "next") {
    const body = Object.assign({}, held.body);
    delete body.number;
    Object.assign(held, { state: "waiting", body: body, number: null, renumber: null, error: null, existing: null });
  } else {
    all.splice(at, 1);
  }
  save(all);
  flush();
}

// The player's choice on a correction after which the game would be won before its last deal
// (state "ends"): send it again with the deals the server named removed with it, in one action
// that one undo takes back (docs/api.md). The key is kept: the refusal left it unused.
function applyRemoval(key) {
  const all = entries();
  const held = all.filter(function (e) {
    return e.key === key;
  })[0];
  if (held?.state !== "ends" || !held.removeLater) return;
  if (held.op === "edit") held.body = Object.assign({}, held.body, { remove_later: held.removeLater });
  Object.assign(held, { state: "waiting", error: null, offer: null });
  save(all);
  flush();
}

// The kept sheets as this page last read or wrote them (read again once another page wrote them).
let sheets = null;
function keptSheets() {
  if (!sheets) sheets = load(SHEETS, {});
  return sheets;
}

function knownSheet(game) {
  const kept = keptSheets()[game];
  return kept ? kept.sheet : null;
}

// The server's sheet, as the API answered it: what `project` starts from, offline too. Anything
// else (not the API's shape, or older than the copy kept) is not kept.
function remember(sheet) {
  if (forgotten || !isSheet(sheet)) return;
  const kept = keptSheets();
  const before = kept[sheet.id];
  if (before?.sheet && before.sheet.revision > sheet.revision) return;
  kept[sheet.id] = { at: Date.now(), sheet: sheet };
  const ids = Object.keys(kept).sort(function (a, b) {
    return kept[b].at - kept[a].at;
  });
  ids.slice(SHEETS_KEPT).forEach(function (id) {
    delete kept[id];
  });
  try {
    localStorage.setItem(SHEETS, JSON.stringify(kept));
  } catch (_full) {
    /* a copy of the server's: the entries matter */
  }
}

function request(entry) {
  const base = "/api/v1/games/" + encodeURIComponent(entry.game);
  let method = "POST";
  let url = base + ({ hand: "/hands", redeal: "/redeals", undo: "/undo" }[entry.op] || "");
  let body = entry.op === "undo" ? {} : entry.body;
  if (entry.op === "edit") {
    method = "PUT";
    url = base + "/hands/" + entry.number;
  } else if (entry.op === "delete") {
    method = "DELETE";
    url = base + "/hands/" + entry.number + "?version=" + entry.version;
    if (entry.removeLater) url += "&remove_later=" + entry.removeLater.join(",");
    body = undefined;
  }
  const controller = new AbortController();
  const timer = setTimeout(function () {
    controller.abort();
  }, TIMEOUT_MS);
  return fetch(url, {
    method: method,
    headers: { "Content-Type": "application/json", "Idempotency-Key": entry.key },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    cache: "no-store",
    redirect: "manual", // a redirect is not the server's answer (a portal's): status 0, "opaqueredirect"
    signal: controller.signal,
  })
    .then(function (response) {
      // the body read whole, or the time out, before it counts
      const json = /^application\/json\b/.test(response.headers.get("Content-Type") || "");
      return (
        json
          ? response.json()
          : response.text().then(function () {
              return null;
            })
      )
        .catch(function () {
          return null;
        })
        .then(function (answer) {
          return { status: response.status, json: answer };
        });
    })
    .finally(function () {
      clearTimeout(timer);
    });
}

// Is this answer the game's sheet with the save in it? A new deal's answer is 201 (a replay too:
// it repeats the first status), or 200 when the server found this very deal under its number, the
// other phone's, with its message (a 200 without one is not that answer). Its number may be past the sheet's end: the server takes a
// number past the next one as the next (docs/api.md), so the sheet's own shape and id say it is in.
function recorded(entry, answer) {
  const s = answer.status;
  if (s < 200 || s > 299 || !isSheet(answer.json, entry.game)) return false;
  const hands = answer.json.hands;
  if (isRecord(entry))
    return (s === 201 || (s === 200 && typeof answer.json.message === "string")) && hands.length >= 1;
  if (entry.op === "edit") return hands.length >= entry.number;
  return true;
}

// The first entry that may go now: a game's entries go in order, and a game whose oldest entry
// waits for the player (a conflict, a refusal) sends nothing more until the player decides.
function nextEntry() {
  const held = {};
  const all = entries();
  for (let i = 0; i < all.length; i++) {
    const e = all[i];
    if (held[e.game]) continue;
    if (e.state === "waiting") return e;
    held[e.game] = true;
  }
  return null;
}

// A deal marked by resolveConflict gets its number as it first leaves (kept for its retries).
function numbered(entry) {
  if (typeof entry.renumber !== "number") return entry;
  const known = knownSheet(entry.game);
  const number = Math.max(known ? known.hands.length : 0, entry.renumber) + 1;
  const changes = { number: number, body: Object.assign({}, entry.body, { number: number }), renumber: null };
  change(entry.key, changes);
  return Object.assign(entry, changes);
}

function heard(reachable, strange, message, locked) {
  reach = { reachable: reachable, strange: strange, message: message || "", locked: !!locked };
}

function status() {
  const offline = navigator.onLine === false;
  const message = offline
    ? OFFLINE
    : reach.strange
      ? STRANGE
      : reach.message || (reach.reachable === false ? UNREACHABLE : "");
  return {
    reachable: reach.reachable,
    strange: reach.strange,
    offline: offline,
    message: message,
    locked: reach.locked,
  };
}

function flush() {
  if (sending || forgotten) return;
  let entry = nextEntry();
  if (!entry) return;
  sending = true;
  clearTimeout(retryTimer);
  entry = numbered(entry);
  request(entry).then(
    function (answer) {
      sending = false;
      const s = answer.status;
      const json = answer.json;
      if (recorded(entry, answer)) {
        heard(true, false);
        retries = 0;
        remember(json);
        discard(entry.key, { sent: entry, message: typeof json.message === "string" ? json.message : undefined });
        flush();
      } else if (s >= 400 && isRefusal(json) && (s === 401 || s === 403 || s === 429 || s >= 500)) {
        heard(true, false, json.error, s === 401); // the server, for now unable or unwilling: tried again
        later();
      } else if (s === 409 && (entry.op === "edit" || entry.op === "delete") && isGameEnds(json)) {
        heard(true, false);
        retries = 0; // held for the player: where the game would end, and the offer to remove the rest
        change(entry.key, { state: "ends", error: json.error, offer: json.offer, removeLater: json.remove_later });
        flush();
      } else if (
        s >= 400 &&
        s < 500 &&
        isRefusal(json) &&
        (s !== 409 || !("existing" in json) || isDeal(json.existing))
      ) {
        heard(true, false);
        retries = 0;
        change(entry.key, {
          state: s === 409 && json.existing ? "conflict" : "refused",
          error: json.error,
          existing: json.existing || null,
        });
        flush(); // another game's entries may go
      } else {
        // a portal's page, an empty 200, a 204, a redirect, a "sheet" of another shape
        heard(false, true);
        later();
      }
    },
    function () {
      sending = false;
      heard(false, false);
      later();
    },
  );
}

function later() {
  notify();
  clearTimeout(retryTimer);
  retryTimer = setTimeout(flush, RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]);
}

function now() {
  retries = 0;
  flush();
}

// "Sortir" on a table whose reading needs the password (leave.js): every key this app keeps on the
// phone goes (belote.*: the kept sheets, the waiting saves), and this page keeps nothing more, even
// the answer of a save still under way.
function forget() {
  forgotten = true;
  sheets = null;
  clearTimeout(retryTimer);
  Object.keys(localStorage).forEach(function (key) {
    if (key.indexOf("belote.") === 0) localStorage.removeItem(key);
  });
}

// The number the next deal of `game` will have once the waiting saves land (null: the game's
// sheet never reached this phone). After a 409, the server has at least the deals it showed.
function nextNumber(game) {
  const known = knownSheet(game);
  if (!known) return null;
  const all = entries(game);
  return (
    all.reduce(
      function (count, e) {
        if (e.state !== "waiting") return count;
        return count + (isRecord(e) ? 1 : e.op === "delete" ? -1 : 0);
      },
      Math.max(known.hands.length, marked(all, game) || 0),
    ) + 1
  );
}

export {
  add,
  applyRemoval,
  change,
  discard,
  entries,
  flush,
  forget,
  knownSheet,
  listen,
  nextNumber,
  remember,
  resolveConflict,
  status,
};

window.addEventListener("storage", function (event) {
  if (event.key === SHEETS || event.key === null) sheets = null;
  if (event.key === ENTRIES) notify();
});
window.addEventListener("online", now);
document.addEventListener("visibilitychange", function () {
  if (!document.hidden) now();
});
flush();
