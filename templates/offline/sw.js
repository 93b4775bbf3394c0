// The service worker (scorekeeper/web/offline.py serves it at /sw.js): the app's static files,
// and the pages of the games last opened, for a phone whose network has gone.
// - Static files: from the cache first. VERSION is a hash of their contents: a new version of
//   the app is a new worker, which fetches them again and drops the old cache.
// - Pages: from the network first, and each home, sheet, deal form or edit page that arrives is
//   kept (not one that shows a one-time message: Cache-Control: no-store). With no network, the
//   kept copy; for an edit page never opened, the game's deal form, which fills itself from the
//   sheet kept on the phone (static/deal_page.js); else a short page that says so.
// - Writes and the API are not touched: the outbox (static/outbox.js) keeps and sends the saves.
"use strict";
var VERSION = {{ version|tojson }};
var STATIC_FILES = {{ files|tojson }};
var STATIC_CACHE = "belote-static-" + VERSION;
var PAGE_CACHE = "belote-pages";
var KEPT_PAGE = /^\/(parties\/[^/]+(\/donnes\/(nouvelle|\d+\/modifier))?)?$/;
var EDIT_PAGE = /^(\/parties\/[^/]+)\/donnes\/\d+\/modifier$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then(function (cache) {
        return cache.addAll(STATIC_FILES.map(function (url) { return new Request(url, { cache: "reload" }); }));
      })
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
    event.respondWith(page(request, url.pathname));
  }
});

function keep(path, response) {
  var control = response.headers.get("Cache-Control") || "";
  if (!response.ok || response.redirected || !KEPT_PAGE.test(path) || /no-store/.test(control)) return null;
  var copy = response.clone();
  return caches.open(PAGE_CACHE).then(function (cache) { return cache.put(path, copy); });
}

function page(request, path) {
  return fetch(request).then(function (response) {
    keep(path, response);
    return response;
  }, function () {
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.match(path).then(function (hit) {
        var edit = path.match(EDIT_PAGE);
        if (hit || !edit) return hit;
        return cache.match(edit[1] + "/donnes/nouvelle");
      });
    }).then(function (hit) { return hit || offlinePage(); });
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
// first visit, and its deal form), so that they open offline even if never opened under it.
self.addEventListener("message", function (event) {
  var paths = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(PAGE_CACHE).then(function (cache) {
    return Promise.all(paths.filter(function (path) { return KEPT_PAGE.test(path); }).map(function (path) {
      return cache.match(path).then(function (hit) {
        return hit || fetch(path, { credentials: "same-origin" }).then(function (response) { return keep(path, response); });
      });
    }));
  }).catch(function () { /* offline: another time */ }));
});
