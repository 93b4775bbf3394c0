// The outbox: each save of the sheet and the deal form (a new deal, a redeal, an edit, a delete, an
// undo) is kept on this phone (localStorage) with its Idempotency-Key and the deal number it was
// entered as, then sent to the JSON API, in order, retried after a drop or a 5xx (the key turns a
// retry the server already recorded into a replay), held for the player on a refusal or a 409.
// Every page loads it, so kept saves leave as soon as any page opens with the server in reach.
// The server's last sheet of each game is kept too (static/projection.js starts from it).
(function (root) {
  "use strict";
  var ENTRIES = "belote.outbox";
  var SHEETS = "belote.sheets";
  var SHEETS_KEPT = 20;
  var TIMEOUT_MS = 15000;
  var RETRY_MS = [1000, 2000, 5000, 10000]; // a failed try costs nothing: every 10 s at most
  var listeners = [];
  var sending = false;
  var retries = 0;
  var retryTimer = null;
  var status = { reachable: null, message: "" };

  function load(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }

  function entries(game) {
    var all = load(ENTRIES, []);
    return game ? all.filter(function (e) { return e.game === game; }) : all;
  }

  function save(all) {
    localStorage.setItem(ENTRIES, JSON.stringify(all));
    notify();
  }

  function notify(event) {
    listeners.forEach(function (listener) { listener(event || {}); });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    root.crypto.getRandomValues(bytes); // randomUUID needs a secure page; the table's LAN is plain HTTP
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // entry: {game, op: "hand" | "redeal" | "edit" | "delete" | "undo", number, body, version, label}
  function add(entry) {
    entry.key = newKey();
    entry.state = "waiting";
    entry.at = Date.now();
    var all = entries();
    all.push(entry);
    save(all);
    flush();
    return entry;
  }

  function change(key, changes) {
    save(entries().map(function (e) { return e.key === key ? Object.assign(e, changes) : e; }));
  }

  function discard(key) {
    save(entries().filter(function (e) { return e.key !== key; }));
  }

  function knownSheet(game) {
    var kept = load(SHEETS, {})[game];
    return kept ? kept.sheet : null;
  }

  // The server's sheet, as the API answered it: what `project` starts from, offline too.
  function remember(sheet) {
    if (!sheet || !sheet.id || !sheet.hands) return;
    var kept = load(SHEETS, {});
    kept[sheet.id] = { at: Date.now(), sheet: sheet };
    var ids = Object.keys(kept).sort(function (a, b) { return kept[b].at - kept[a].at; });
    ids.slice(SHEETS_KEPT).forEach(function (id) { delete kept[id]; });
    try {
      localStorage.setItem(SHEETS, JSON.stringify(kept));
    } catch (full) { /* the sheets are a copy of the server's: the entries matter, not these */ }
  }

  function request(entry) {
    var base = "/api/v1/games/" + encodeURIComponent(entry.game);
    var method = "POST";
    var url = base + ({ hand: "/hands", redeal: "/redeals", undo: "/undo" }[entry.op] || "");
    var body = entry.op === "undo" ? {} : entry.body;
    if (entry.op === "edit") {
      method = "PUT";
      url = base + "/hands/" + entry.number;
    } else if (entry.op === "delete") {
      method = "DELETE";
      url = base + "/hands/" + entry.number + "?version=" + entry.version;
      body = undefined;
    }
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, TIMEOUT_MS);
    return fetch(url, {
      method: method,
      headers: { "Content-Type": "application/json", "Idempotency-Key": entry.key },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal: controller.signal
    }).then(function (response) {
      clearTimeout(timer);
      return response.json().catch(function () { return {}; }).then(function (json) {
        return { status: response.status, json: json };
      });
    });
  }

  // The first entry that may go now: a game's entries go in order, and a game whose oldest entry
  // waits for the player (a conflict, a refusal) sends nothing more until the player decides.
  function nextEntry() {
    var held = {};
    var all = entries();
    for (var i = 0; i < all.length; i++) {
      var e = all[i];
      if (held[e.game]) continue;
      if (e.state === "waiting") return e;
      held[e.game] = true;
    }
    return null;
  }

  function reachable(yes, message) {
    status = { reachable: yes, message: message || "" };
  }

  function flush() {
    if (sending) return;
    var entry = nextEntry();
    if (!entry) return;
    sending = true;
    clearTimeout(retryTimer);
    request(entry).then(function (answer) {
      sending = false;
      var s = answer.status;
      if (s >= 200 && s < 300) {
        reachable(true);
        retries = 0;
        remember(answer.json);
        discard(entry.key);
        notify({ sent: entry, message: answer.json.message });
        flush();
      } else if (s === 401 || s === 403 || s === 429 || s >= 500) {
        reachable(s < 500, s < 500 ? (answer.json.error || "Connexion requise pour enregistrer.") : "");
        later();
      } else {
        reachable(true);
        change(entry.key, {
          state: s === 409 && answer.json.existing ? "conflict" : "refused",
          error: answer.json.error || "Refusé par le serveur (" + s + ").",
          existing: answer.json.existing || null
        });
        flush(); // another game's entries may go
      }
    }, function () {
      sending = false;
      reachable(false);
      later();
    });
  }

  function later() {
    notify();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]);
  }

  // The number the next deal of `game` will have once the waiting saves land (null: the game's
  // sheet never reached this phone).
  function nextNumber(game) {
    var known = knownSheet(game);
    if (!known) return null;
    return entries(game).reduce(function (count, e) {
      if (e.state !== "waiting") return count;
      return count + (e.op === "hand" || e.op === "redeal" ? 1 : e.op === "delete" ? -1 : 0);
    }, known.hands.length) + 1;
  }

  root.Outbox = {
    add: add,
    entries: entries,
    change: change,
    discard: discard,
    flush: flush,
    knownSheet: knownSheet,
    remember: remember,
    nextNumber: nextNumber,
    status: function () { return status; },
    listen: function (listener) { listeners.push(listener); }
  };

  // On every other page, a line that says a game has saves waiting, and opens its sheet.
  function elsewhere() {
    var here = document.querySelector("[data-game]");
    var games = {};
    entries().forEach(function (e) { if (!here || e.game !== here.dataset.game) games[e.game] = (games[e.game] || 0) + 1; });
    var main = document.querySelector("main");
    document.querySelectorAll(".waiting-elsewhere").forEach(function (line) { line.remove(); });
    Object.keys(games).forEach(function (game) {
      var line = document.createElement("p");
      line.className = "flash waiting-elsewhere";
      line.innerHTML = games[game] + (games[game] > 1 ? " saisies" : " saisie") +
        ' en attente d\'envoi pour une partie. <a href="/parties/' + encodeURIComponent(game) + '">Voir sa feuille</a>';
      if (main) main.insertBefore(line, main.firstChild);
    });
  }

  listeners.push(elsewhere);
  document.addEventListener("DOMContentLoaded", elsewhere);
  root.addEventListener("storage", function (event) { if (event.key === ENTRIES) notify(); });
  root.addEventListener("online", function () { retries = 0; flush(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) flush(); });
  flush();

  // The service worker (templates/offline/sw.js) opens pages with no network. Browsers allow one on
  // secure pages only (HTTPS, localhost): on a plain-HTTP LAN the outbox still keeps every save.
  if (navigator.serviceWorker && root.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* the pages work without it */ });
  }
})(this);
