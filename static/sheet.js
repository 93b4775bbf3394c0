// The score sheet refreshes itself when another phone writes: it polls the game's JSON with its
// ETag (a 304 costs a few bytes) and, on a change, swaps in the sheet's fresh HTML, keeping the
// deals that were open. Without JavaScript a <noscript> refresh does the same job.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet || !window.fetch) return;
  var gameUrl = "/api/v1/games/" + sheet.dataset.game;
  var etag = null;
  var busy = false;
  var PERIOD_MS = 2500;

  function openDeals() {
    return Array.prototype.map.call(sheet.querySelectorAll("details[open]"), function (d) {
      return d.dataset.deal;
    });
  }

  function swapIn(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("sheet");
    if (!fresh) return;
    var open = openDeals();
    sheet.innerHTML = fresh.innerHTML;
    sheet.dataset.revision = fresh.dataset.revision;
    open.forEach(function (number) {
      var d = sheet.querySelector('details[data-deal="' + number + '"]');
      if (d) d.open = true;
    });
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(gameUrl, { headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status !== 200) return null;
        var firstLook = etag === null;
        etag = response.headers.get("ETag");
        return response.json().then(function (data) {
          if (firstLook && String(data.revision) === sheet.dataset.revision) return null;
          return fetch(location.pathname, { cache: "no-store" }).then(function (r) { return r.text(); });
        });
      })
      .then(function (html) { if (html) swapIn(html); })
      .catch(function () { /* offline for a moment: the next poll tries again */ })
      .then(function () { busy = false; });
  }

  setInterval(poll, PERIOD_MS);
  document.addEventListener("visibilitychange", poll);
  poll();
})();
