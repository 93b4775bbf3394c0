// The score sheet, kept current and usable through a network drop.
// - It asks for its own page again with the ETag of the sheet it shows (a 304, a few bytes, while
//   nothing changed): a changed sheet comes in one answer, whose #sheet it swaps in, keeping open
//   deals open, with the API's JSON of it (data-sheet), kept on the phone (Outbox.remember).
//   Without JavaScript a <noscript> refresh does the same job.
// - The redeal, delete and undo buttons save through the outbox (static/outbox.js).
// - While saves wait, static/waiting.js draws the sheet as it will be (#waiting, over the server's
//   #sheet-body), loaded then only with the engine: most visits never need either.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet || !window.fetch || !window.Outbox) return;
  var game = sheet.dataset.game;
  var engine = null;
  var loading = 0;
  var status = document.createElement("p");
  status.className = "flash";
  status.setAttribute("role", "status");
  status.hidden = true;
  sheet.parentNode.insertBefore(status, sheet);
  var busy = false;

  function swapIn(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("sheet");
    if (!fresh) return;
    var open = Array.prototype.map.call(sheet.querySelectorAll("details[open]"), function (d) { return d.dataset.deal; });
    var focus = focusKey();
    sheet.innerHTML = fresh.innerHTML;
    sheet.dataset.revision = fresh.dataset.revision;
    sheet.dataset.etag = fresh.dataset.etag;
    sheet.dataset.sheet = fresh.dataset.sheet;
    keep();
    open.forEach(function (number) {
      var d = sheet.querySelector('details[data-deal="' + number + '"]');
      if (d) d.open = true;
    });
    draw();
    refocus(focus);
  }

  // The sheet drawn again keeps the focus: on the control with the same words (else the first)
  // under the same id, a deal's row drawn again or waiting.
  function focusKey() {
    var e = document.activeElement;
    return sheet.contains(e) && e !== sheet && [e.parentNode.closest("[id]").id, e.textContent];
  }
  function refocus(key) {
    var now = document.activeElement;
    if (!key || (now !== document.body && now.isConnected && now.getClientRects().length)) return;
    var all = Array.prototype.filter.call(document.querySelectorAll('[id="' + key[0] + '"] :is(a, button, summary)'),
      function (e) { return e.getClientRects().length; });
    var same = all.filter(function (e) { return e.textContent === key[1]; })[0] || all[0];
    if (same) same.focus({ preventScroll: true });
  }

  // The server's sheet as the API gives it, kept on the phone for the sheet as it will be (and the
  // deal form offline): this page's, unless the phone knows a later one (a copy of the page that
  // the service worker served offline may be older than what a save brought back).
  function keep() {
    var data = JSON.parse(sheet.dataset.sheet || "null");
    var known = Outbox.knownSheet(game);
    if (data && !(known && known.revision > data.revision)) Outbox.remember(data);
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(location.pathname, { headers: { "If-None-Match": sheet.dataset.etag }, cache: "no-store" })
      .then(function (response) {
        if (Outbox.status().reachable === false) Outbox.flush(); // the server answers again: send now
        return response.status === 200 ? response.text() : null;
      })
      .then(function (html) { if (html) swapIn(html); })
      .catch(function () { /* offline for a moment: the next poll tries again */ })
      .then(function () { busy = false; });
  }

  // --- the sheet as it will be ---------------------------------------------------------------

  // The game's words (vocabulary.js, made from belote/terms.py), static/engine.js, projection.js and
  // waiting.js, fetched the first time a save waits (from the service worker's cache when offline),
  // run in that order; `draw` runs again once all four are there.
  function loadWaitingView() {
    if (loading) return;
    loading = 1;
    Promise.all([import(sheet.dataset.vocabulary), import(sheet.dataset.engine), import(sheet.dataset.projection)])
      .then(function (modules) {
        window.BeloteVocabulary = modules[0].default;
        window.Projection = { project: modules[2].project };
        var script = document.createElement("script");
        script.src = sheet.dataset.waiting;
        script.onload = function () {
          engine = modules[1].create(window.BeloteVocabulary);
          draw();
        };
        script.onerror = function () { loading = 0; };
        document.head.appendChild(script);
      }, function () { loading = 0; }); // offline with no service worker: tried again later
  }

  function draw() {
    var focus = focusKey();
    drawWaiting();
    refocus(focus);
  }

  function drawWaiting() {
    var body = document.getElementById("sheet-body");
    var old = document.getElementById("waiting");
    var waiting = Outbox.entries(game);
    var known = Outbox.knownSheet(game);
    if (old) old.remove();
    if (!body) return;
    body.hidden = false;
    if (!waiting.length) return;
    if (engine && known) return WaitingSheet.draw(sheet, known, waiting, engine);
    loadWaitingView();
    body.insertAdjacentHTML("afterbegin", '<p id="waiting" class="flash">' + waiting.length +
      (waiting.length > 1 ? " saisies" : " saisie") + " en attente d'envoi : elles partiront dès que le serveur répondra.</p>");
  }

  // --- saving through the outbox -------------------------------------------------------------

  function say(message) {
    status.textContent = message;
    status.hidden = !message;
  }

  sheet.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    var action = (button && button.getAttribute("formaction")) || form.getAttribute("action") || "";
    var entry = null;
    if (/\/redonne$/.test(action)) {
      var body = { reason: button ? button.value : "all_pass" };
      if (body.reason !== "all_pass") {
        var chosen = form.querySelector('[name="player"]:checked');
        if (!chosen) { event.preventDefault(); say("Redonne non enregistrée : dites qui l'a demandée."); return; }
        body.player = parseInt(chosen.value, 10);
      }
      body.number = Outbox.nextNumber(game) || undefined;
      entry = { op: "redeal", number: body.number, body: body };
    } else if (/\/supprimer$/.test(action)) {
      entry = { op: "delete", number: parseInt(action.match(/donnes\/(\d+)\//)[1], 10), version: parseInt(button.value, 10) };
    } else if (/\/annuler$/.test(action)) {
      var mine = Outbox.entries(game);
      if (mine.length) { // the last save has not left the phone: undoing it is forgetting it
        event.preventDefault();
        Outbox.discard(mine[mine.length - 1].key);
        say("Dernière saisie en attente abandonnée.");
        return;
      }
      entry = { op: "undo" };
    }
    if (!entry) return;
    event.preventDefault();
    say("");
    entry.game = game;
    Outbox.add(entry);
  });

  Outbox.listen(function (event) {
    if (event.sent && event.sent.game === game) {
      if (event.message) say(event.message);
      if (!Outbox.entries(game).length) {
        busy = false; // all landed: the server's sheet now, whatever a poll under way brings
        poll();
      }
    }
    draw();
  });

  // This sheet and its deal form kept by the service worker now (on a first visit it did not see
  // this page load), so that both open offline even if the deal form was never opened.
  if (navigator.serviceWorker && window.isSecureContext) {
    navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ keep: [location.pathname, location.pathname + "/donnes/nouvelle"] });
    });
  }
  // Back from the deal form's save (#enregistree-N, #modifiee-N: no element, so no scroll): the
  // sheet at its top, the totals and who deals next, with a line saying what the deal gave, and its
  // row lit for a moment (seen if it fits on the screen; the line links to it otherwise).
  function saidSaved() {
    var saved = /^#(enregistree|modifiee)-(\d+)$/.exec(location.hash);
    history.replaceState(null, "", location.pathname + location.search);
    var row = saved && document.getElementById("donne-" + saved[2]);
    if (!row) return;
    var names = sheet.querySelectorAll(".totals .team-name");
    var scores = row.querySelectorAll(".deal-row .score");
    var line = [0, 1].map(function (i) { return names[i].textContent + " +" + scores[i].firstChild.textContent; });
    say("Donne " + saved[2] + (saved[1] === "modifiee" ? " modifiée" : " enregistrée") + " : " + line.join(", ") + ".");
    var link = document.createElement("a");
    link.href = "#donne-" + saved[2];
    link.textContent = "Voir";
    status.appendChild(document.createTextNode(" "));
    status.appendChild(link);
    row.animate([{ backgroundColor: "#f7d774" }, { backgroundColor: "transparent" }], { duration: 3000 });
    // The focus, on "Enregistrer" at the bottom of the form, goes on to what comes next.
    var next = document.getElementById("new-deal") || document.getElementById("rematch");
    if (next) next.focus({ preventScroll: true });
  }

  keep();
  saidSaved();
  draw();
  setInterval(poll, 2500);
  document.addEventListener("visibilitychange", poll);
})();
