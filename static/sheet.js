// The score sheet, kept current and usable through a network drop.
// - It polls the game's JSON with its ETag (a 304 costs a few bytes), keeps the answer on the phone
//   (Outbox.remember) and, on a change, swaps in the sheet's fresh HTML, keeping open deals open.
//   Without JavaScript a <noscript> refresh does the same job.
// - The redeal, delete and undo buttons save through the outbox (static/outbox.js).
// - While saves wait, static/waiting.js draws the sheet as it will be (#waiting, over the server's
//   #sheet-body), loaded then only with the engine: most visits never need either.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet || !window.fetch || !window.Outbox) return;
  var game = sheet.dataset.game;
  var words = JSON.parse(sheet.dataset.vocabulary);
  var engine = null;
  var loading = 0;
  var status = document.createElement("p");
  status.className = "flash";
  status.setAttribute("role", "status");
  status.hidden = true;
  sheet.parentNode.insertBefore(status, sheet);
  var etag = null;
  var busy = false;

  function swapIn(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("sheet");
    if (!fresh) return;
    var open = Array.prototype.map.call(sheet.querySelectorAll("details[open]"), function (d) { return d.dataset.deal; });
    sheet.innerHTML = fresh.innerHTML;
    sheet.dataset.revision = fresh.dataset.revision;
    open.forEach(function (number) {
      var d = sheet.querySelector('details[data-deal="' + number + '"]');
      if (d) d.open = true;
    });
    draw();
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch("/api/v1/games/" + game, { headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store" })
      .then(function (response) {
        if (Outbox.status().reachable === false) Outbox.flush(); // the server answers again: send now
        if (response.status !== 200) return null;
        etag = response.headers.get("ETag");
        return response.json().then(function (data) {
          Outbox.remember(data);
          draw();
          if (String(data.revision) === sheet.dataset.revision) return null;
          return fetch(location.pathname, { cache: "no-store" }).then(function (r) { return r.text(); });
        });
      })
      .then(function (html) { if (html) swapIn(html); })
      .catch(function () { /* offline for a moment: the next poll tries again */ })
      .then(function () { busy = false; });
  }

  // --- the sheet as it will be ---------------------------------------------------------------

  // static/engine.js, projection.js and waiting.js, fetched the first time a save waits (from the
  // service worker's cache when offline); `draw` runs again once all three are there.
  function loadWaitingView() {
    if (loading) return;
    var scripts = [sheet.dataset.engine, sheet.dataset.projection, sheet.dataset.waiting];
    loading = scripts.length;
    scripts.forEach(function (src) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () {
        if (--loading) return;
        engine = BeloteEngine.create(words);
        draw();
      };
      script.onerror = function () { loading = 0; }; // offline with no service worker: tried again later
      document.head.appendChild(script);
    });
  }

  function draw() {
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
        etag = null; // all landed: the server's sheet now
        busy = false;
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
  }

  saidSaved();
  draw();
  setInterval(poll, 2500);
  document.addEventListener("visibilitychange", poll);
  poll();
})();
