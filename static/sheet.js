// The score sheet, kept current and usable through a network drop.
// - It polls the game's JSON with its ETag (a 304 costs a few bytes), keeps the answer on the phone
//   (Outbox.remember) and, on a change, swaps in the sheet's fresh HTML, keeping open deals open.
//   Without JavaScript a <noscript> refresh does the same job.
// - The redeal, delete and undo buttons save through the outbox (static/outbox.js).
// - While saves wait, the sheet is drawn as it will be (#waiting, over the server's #sheet-body):
//   the waiting deals scored by static/engine.js and marked, every running total, and above the
//   list what needs the player (another phone's deal under the same number, a refusal). The engine
//   is loaded then only (the service worker keeps it for offline use): most visits never need it.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet || !window.fetch || !window.Outbox) return;
  var game = sheet.dataset.game;
  var words = JSON.parse(sheet.dataset.vocabulary);
  var engine = null;
  var loading = false;
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

  function esc(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }

  function button(text, action, key, danger) {
    return '<button type="button" class="secondary' + (danger ? " danger" : "") + '" data-action="' + action +
      '" data-key="' + esc(key || "") + '">' + text + "</button>";
  }

  function contract(input) {
    var badge = words.coinche_badges[input.coinche || "none"];
    return esc(words.contract_titles[input.contract]) + ' <span class="mode mode-' + esc(input.mode) + '">' +
      words.mode_symbols[input.mode] + "</span>" + (badge ? ' <span class="badge">' + badge + "</span>" : "");
  }

  function what(known, body) {
    if (body.contract === undefined) return esc(words.redeal_reasons[body.reason]);
    var who = body.taker_player == null ? known.teams[body.taker] : known.players[body.taker_player];
    return contract(body) + " " + esc(who);
  }

  // A row like templates/sheet/_deals.html's. A server deal keeps its breakdown (its buttons too,
  // while its number stands); a waiting one shows its lines and "Abandonner".
  function row(known, deal, serverRows) {
    var e = deal.pending;
    var summary = '<span class="num">' + deal.number + "</span>";
    if (deal.kind === "hand") {
      summary += '<span class="what">' + contract(deal.input) + "<small>" +
        esc(deal.input.taker_player == null ? known.teams[deal.input.taker] : known.players[deal.input.taker_player]) +
        " " + (deal.error ? "refusée" : deal.made ? "fait" : "chuté") + "</small>";
    } else {
      summary += '<span class="what redeal">' + esc(words.redeal_reasons[deal.reason]) +
        (deal.player === undefined || deal.player === null ? "" : " <small>(" + esc(known.players[deal.player]) + ")</small>");
    }
    if (e) summary += '<small class="waiting-tag">' + (e.op === "edit" ? "modification " : "") + "en attente d'envoi</small>";
    summary += "</span>" + ["A", "B"].map(function (team) {
      return '<span class="score">' + deal.scores[team] + "<small>" + deal.totals[team] + "</small></span>";
    }).join("");
    var li = document.createElement("li");
    li.id = "donne-" + deal.number;
    if (e) li.className = "waiting";
    li.innerHTML = '<details data-deal="' + deal.number + '"><summary class="deal-row">' + summary + "</summary></details>";
    var breakdown;
    var server = !e && serverRows && serverRows[deal.serverNumber - 1];
    if (server) {
      breakdown = server.querySelector(".breakdown").cloneNode(true);
      var actions = breakdown.querySelector(".row-actions");
      if (actions && deal.serverNumber !== deal.number) actions.remove(); // a waiting delete renumbers it
    } else if (!e) { // recorded since this page was drawn: its details come with the server's sheet
      breakdown = document.createElement("p");
      breakdown.className = "breakdown muted";
      breakdown.textContent = "Enregistrée.";
    } else {
      breakdown = document.createElement("div");
      breakdown.className = "breakdown";
      breakdown.innerHTML = (deal.result ? ["A", "B"].map(function (team) {
        return "<h3>" + esc(known.teams[team]) + " : " + deal.scores[team] + "</h3><ul>" +
          deal.result.lines.filter(function (line) { return line.team === team; }).map(function (line) {
            return "<li><span>" + esc(line.label) + "</span><span>" + line.points + "</span></li>";
          }).join("") + "</ul>";
      }).join("") : deal.error ? '<p class="error">' + esc(deal.error) + "</p>" : "") +
        '<p class="muted">Gardée sur ce téléphone, envoyée dès que le serveur répond.</p>' +
        button("Abandonner cette saisie", "discard", e.key, true);
    }
    li.firstChild.appendChild(breakdown);
    return li;
  }

  // Above the list: what is waiting to be sent, and what waits for the player.
  function notices(known, projected, waiting) {
    projected = projected || { notices: waiting };
    var count = waiting.filter(function (e) { return e.state === "waiting"; }).length;
    var reach = Outbox.status();
    var html = count ? "<p><strong>" + count + (count === 1 ? " saisie" : " saisies") + " en attente d'envoi</strong> · " +
      esc(reach.message || (reach.reachable === false
        ? "serveur injoignable : elles partiront dès le retour du réseau, dans l'ordre." : "envoi en cours…")) +
      "</p>" + button("Envoyer maintenant", "flush") : "";
    projected.notices.forEach(function (e) {
      var mine = e.op === "undo" ? "Annulation de la dernière action" : e.op === "delete" ? "Suppression de la donne " + e.number
        : (e.op === "edit" ? "Modification de la donne " + e.number + " : " : "Donne ") + what(known, e.body);
      var text;
      if (e.state === "conflict") {
        var taken = e.existing;
        text = "La donne " + taken.number + " a déjà été enregistrée par un autre téléphone (" + what(known, taken.input || taken) +
          ", " + esc(known.teams.A) + " " + taken.scores.A + ", " + esc(known.teams.B) + " " + taken.scores.B +
          ") : la vôtre, " + mine + ", n'a pas été enregistrée.</p>" + button("L'enregistrer comme donne suivante", "resend", e.key);
      } else {
        text = mine + (e.state === "refused" ? " : refusée par le serveur. " + esc(e.error) : " : en attente d'envoi.") + "</p>";
      }
      html += '<div class="notice' + (e.state === "waiting" ? "" : " held") + '"><p>' + text +
        button("Abandonner", "discard", e.key, true) + "</div>";
    });
    return '<section class="card waiting-box" aria-label="Saisies en attente">' + html + "</section>";
  }

  // The engine, fetched the first time a save waits; `draw` is called again once it is there.
  function loadEngine() {
    if (loading) return;
    loading = true;
    var script = document.createElement("script");
    script.src = sheet.dataset.engine;
    script.onload = function () { engine = BeloteEngine.create(words); draw(); };
    script.onerror = function () { loading = false; }; // offline with no service worker: tried again later
    document.head.appendChild(script);
  }

  function draw() {
    var body = document.getElementById("sheet-body");
    var old = document.getElementById("waiting");
    var waiting = Outbox.entries(game);
    var known = Outbox.knownSheet(game);
    if (old) old.remove();
    if (!body) return;
    if (waiting.length && !engine) loadEngine();
    body.hidden = !!(waiting.length && known && engine);
    if (!body.hidden) { // nothing waits, or it cannot be scored yet: the server's sheet, and the list
      if (waiting.length) body.insertAdjacentHTML("afterbegin", '<div id="waiting">' + notices(known, null, waiting) + "</div>");
      return;
    }
    var projected = Outbox.project(known, waiting, engine);
    // The page's rows lend their breakdowns while the page shows the sheet the projection starts from.
    var serverRows = String(known.revision) === sheet.dataset.revision ? body.querySelectorAll(".deals > li") : null;
    var view = document.createElement("div");
    view.id = "waiting";
    var totals = body.querySelector(".totals").cloneNode(true);
    ["A", "B"].forEach(function (team, i) {
      totals.querySelector('[data-total="' + team + '"]').textContent = projected.totals[team];
      totals.querySelectorAll("progress")[i].value = Math.min(projected.totals[team], known.target);
    });
    view.appendChild(totals);
    view.insertAdjacentHTML("beforeend", (projected.winner
      ? '<p class="banner">' + esc(known.teams[projected.winner]) + " gagne, une fois les saisies envoyées.</p>"
      : '<p class="dealer">Donne : <strong>' + esc(known.players[projected.dealer]) + "</strong></p>") +
      notices(known, projected, waiting) + (body.querySelector(".deals-head") || { outerHTML: "" }).outerHTML +
      '<ol class="deals"></ol>');
    var number = 0;
    projected.deals.forEach(function (deal) {
      if (!deal.pending) deal.serverNumber = ++number;
      view.lastChild.appendChild(row(known, deal, serverRows));
    });
    body.parentNode.insertBefore(view, body);
  }

  // --- saving through the outbox -------------------------------------------------------------

  function say(message) {
    status.textContent = message;
    status.hidden = !message;
  }

  sheet.addEventListener("submit", function (event) {
    var form = event.target;
    var action = form.getAttribute("action") || "";
    var entry = null;
    if (/\/redonne$/.test(action)) {
      var body = { reason: event.submitter ? event.submitter.value : "all_pass" };
      if (body.reason !== "all_pass") {
        var chosen = form.querySelector('[name="player"]:checked');
        if (!chosen) { event.preventDefault(); say("Redonne non enregistrée : dites qui l'a demandée."); return; }
        body.player = parseInt(chosen.value, 10);
      }
      body.number = Outbox.nextNumber(game) || undefined;
      entry = { op: "redeal", number: body.number, body: body };
    } else if (/\/supprimer$/.test(action)) {
      entry = { op: "delete", number: parseInt(action.match(/donnes\/(\d+)\//)[1], 10),
                version: parseInt(form.elements.version.value, 10) };
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

  sheet.parentNode.addEventListener("click", function (event) {
    var target = event.target.closest("button[data-action]");
    if (!target) return;
    var key = target.dataset.key;
    var action = target.dataset.action;
    if (action === "discard" && window.confirm("Abandonner cette saisie ? Elle ne sera jamais envoyée.")) {
      Outbox.discard(key);
    } else if (action === "resend") { // sent again without its number: recorded as the next deal
      var entry = Outbox.entries(game).filter(function (e) { return e.key === key; })[0];
      if (entry) delete entry.body.number;
      if (entry) Outbox.change(key, { state: "waiting", body: entry.body });
    }
    Outbox.flush();
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
  draw();
  setInterval(poll, 2500);
  document.addEventListener("visibilitychange", poll);
  poll();
})();
