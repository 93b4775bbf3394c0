// The service worker (scorekeeper/web/offline.py serves it at /sw.js): the app's static files,
// and blank copies of the pages, for a phone whose network has gone.
// - Static files: from the cache first. VERSION is a hash of their contents: a new version of
//   the app is a new worker, which fetches them again and drops the old cache.
// - Pages: from the network first. A home, sheet, deal form, edit page, card counter or meld
//   checker that arrives is kept under its path, but only as its blank page: one asked for with
//   no query string, not a redirect, not one that shows a one-time message (Cache-Control:
//   no-store). A page reached with a query (a deal form back from the counter, holding the
//   abandoned entry's fields; any link) is never kept: it would become "the" offline page of its
//   path. The home, the counter and the meld checker are kept at install, so that they open
//   offline on a phone that never opened them.
// - With no network: the kept blank page of the path, the query ignored (never a filled one);
//   for an edit page never opened, the game's deal form, which fills itself from the sheet kept on
//   the phone (static/deal_page.js), as a kept deal form takes its heading, number, dealer and
//   names from it (static/deal_heading.js); else a short page that says so.
// - Writes and the API are not touched: the outbox (static/outbox.js) keeps and sends the saves.
"use strict";
var VERSION = {{ version|tojson }};
var STATIC_FILES = {{ files|tojson }};
var PRECACHED_PAGES = {{ pages|tojson }};
var STATIC_CACHE = "belote-static-" + VERSION;
// Renamed from "belote-pages", which an older worker filled with pages reached with a query:
// `activate` drops it with whatever it held.
var PAGE_CACHE = "belote-blank-pages";
var GAME_PAGE = /^\/(parties\/[^/]+(\/donnes\/(nouvelle|\d+\/modifier))?)?$/;
var EDIT_PAGE = /^(\/parties\/[^/]+)\/donnes\/\d+\/modifier$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then(function (cache) {
        return cache.addAll(STATIC_FILES.map(function (url) { return new Request(url, { cache: "reload" }); }));
      })
      .then(function () { return Promise.all(PRECACHED_PAGES.map(fetchAndKeep)); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys.filter(function (key) {
          return key !== STATIC_CACHE && key !== PAGE_CACHE;
        }).map(function (key) { return caches.delete(key); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request, { ignoreSearch: true }).then(function (hit) {
      return hit || fetch(request);
    }));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  }
});

// A page that is kept: one of the game's pages or a precached one, under its path alone.
function keptPath(path) {
  return GAME_PAGE.test(path) || PRECACHED_PAGES.indexOf(path) >= 0;
}

// `url` (a URL) is a blank page to keep: its path is a kept one and it has no query string.
function blank(url) {
  return url.origin === self.location.origin && !url.search && keptPath(url.pathname);
}

// The answer kept as the blank page of `path` (a promise), or null when it may not be.
function keep(path, response) {
  var control = response.headers.get("Cache-Control") || "";
  if (!response.ok || response.redirected || /no-store/.test(control)) return null;
  var copy = response.clone();
  return caches.open(PAGE_CACHE).then(function (cache) { return cache.put(path, copy); });
}

// At install and when a page asks: the page fetched now and kept; offline, nothing (not an error).
function fetchAndKeep(path) {
  return fetch(path, { credentials: "same-origin", cache: "no-cache" })
    .then(function (response) { return keep(path, response); })
    .catch(function () { /* offline, or the server is down: another time */ });
}

function page(event, url) {
  return fetch(event.request).then(function (response) {
    var kept = blank(url) && keep(url.pathname, response);
    if (kept) event.waitUntil(kept);
    return response;
  }, function () {
    return keptPage(url.pathname).then(function (hit) { return hit || offlinePage(); });
  });
}

// The blank page kept for `path` (whatever query it was asked with); an edit page never opened
// here: its game's deal form.
function keptPage(path) {
  return caches.open(PAGE_CACHE).then(function (cache) {
    return cache.match(path).then(function (hit) {
      var edit = path.match(EDIT_PAGE);
      if (hit || !edit) return hit;
      return cache.match(edit[1] + "/donnes/nouvelle");
    });
  });
}

function offlinePage() {
  var html = '<!doctype html><html lang="fr"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Hors ligne · Belote bridgée</title><link rel="stylesheet" href="{{ url_for('static', filename='style.css') }}"></head>' +
    '<body><main><h1>Hors ligne</h1><p>Cette page n\'a pas encore été ouverte sur ce téléphone : ' +
    'elle s\'ouvrira au retour du réseau. Les feuilles déjà ouvertes restent consultables.</p>' +
    '<p><a class="button" href="/">Accueil</a></p></main></body></html>';
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A page asks for pages to be kept now (the sheet: itself, which the worker did not see load on a
// first visit, and its deal form), so that they open offline even if never opened under it. Only
// blank pages: an address with a query is not kept.
self.addEventListener("message", function (event) {
  var paths = ((event.data && event.data.keep) || [])
    .map(function (path) { return new URL(path, self.location.origin); })
    .filter(blank)
    .map(function (url) { return url.pathname; });
  event.waitUntil(caches.open(PAGE_CACHE).then(function (cache) {
    return Promise.all(paths.map(function (path) {
      return cache.match(path).then(function (hit) { return hit || fetchAndKeep(path); });
    }));
  }));
});
