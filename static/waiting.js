// The score sheet as it will be once the saves kept on the phone land (static/outbox.js): the
// server's deals and the waiting ones, scored by static/engine.js, every running total, the
// waiting rows marked, and above the list what needs the player (another phone's deal under the
// same number, a refusal) with its choices. static/sheet.js loads it, with the engine, the first
// time a save waits: most visits to the sheet never need either.
(function () {
  "use strict";
  var words = window.BeloteVocabulary;  // static vocabulary.js, loaded before this by sheet.js

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
        " " + (deal.error ? "refusée" : deal.made ? "fait" : "chuté") +
        (!deal.error && deal.input.all_tricks && typeof deal.input.contract === "number" ? ", capot" : "") + "</small>";
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

  function scoresText(known, scores) {
    return " (" + esc(known.teams.A) + " " + scores.A + ", " + esc(known.teams.B) + " " + scores.B + ")";
  }

  function scored(known, body, engine) {
    var hand = {};
    Object.keys(body).forEach(function (k) { if (k !== "number" && k !== "taker_player") hand[k] = body[k]; });
    try { return engine.scoreBody(hand, known.rules).scores; } catch (refused) { return null; }
  }

  // Above the list: what is waiting to be sent, and what waits for the player.
  function notices(known, projected, waiting, engine) {
    var count = waiting.filter(function (e) { return e.state === "waiting"; }).length;
    var reach = Outbox.status();
    var html = count ? "<p><strong>" + count + (count === 1 ? " saisie" : " saisies") + " en attente d'envoi</strong> · " +
      esc(reach.message || (reach.reachable === false
        ? "serveur injoignable : elles partiront dès le retour du réseau, dans l'ordre." : "envoi en cours…")) +
      "</p>" + button("Envoyer maintenant", "flush") : "";
    projected.notices.forEach(function (e) {
      var mine = e.op === "undo" ? "Annulation de la dernière action" : e.op === "delete" ? "Suppression de la donne " + e.number
        : (e.op === "edit" ? "Modification de la donne " + e.number + " (" + what(known, e.body) + ")"
          : "Donne " + what(known, e.body));
      var text;
      if (e.state === "conflict") {
        var taken = e.existing;
        var yours = e.op === "hand" ? scored(known, e.body, engine) : null;
        text = "La donne " + taken.number + " a déjà été enregistrée par un autre téléphone : " +
          what(known, taken.input || taken) + scoresText(known, taken.scores) + ". La vôtre, " +
          what(known, e.body) + (yours ? scoresText(known, yours) : "") + ", n'a pas été enregistrée.</p>" +
          button("L'enregistrer comme donne suivante", "resend", e.key);
      } else {
        text = mine + (e.state === "refused" ? " : refusée par le serveur. " + esc(e.error) : " : en attente d'envoi.") + "</p>";
      }
      html += '<div class="notice' + (e.state === "waiting" ? "" : " held") + '"><p>' + text +
        button("Abandonner", "discard", e.key, true) + "</div>";
    });
    return '<section class="card waiting-box" aria-label="Saisies en attente">' + html + "</section>";
  }

  // The sheet as it will be, over the server's (#sheet-body, hidden meanwhile).
  function draw(sheet, known, waiting, engine) {
    var body = document.getElementById("sheet-body");
    var projected = Projection.project(known, waiting, engine);
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
    var loser = projected.winner === "A" ? "B" : "A";
    view.insertAdjacentHTML("beforeend", (projected.winner // the words of templates/sheet/_deals.html
      ? '<p class="banner"><strong>Partie gagnée par ' + esc(known.teams[projected.winner]) + "</strong>, " +
        projected.totals[projected.winner] + " à " + projected.totals[loser] + " (+" +
        (projected.totals[projected.winner] - projected.totals[loser]) + "), une fois les saisies envoyées.</p>"
      : '<p class="dealer">Prochaine donne : <strong>' + esc(known.players[projected.dealer]) + "</strong> distribue</p>") +
      notices(known, projected, waiting, engine) + (body.querySelector(".deals-head") || { outerHTML: "" }).outerHTML +
      '<ol class="deals"></ol>');
    var number = 0;
    projected.deals.forEach(function (deal) {
      if (!deal.pending) deal.serverNumber = ++number;
      view.lastChild.appendChild(row(known, deal, serverRows));
    });
    body.hidden = true;
    body.parentNode.insertBefore(view, body);
  }

  // Its buttons: abandon a save, send one held by a 409 as the next deal, send now.
  document.addEventListener("click", function (event) {
    var target = event.target.closest("button[data-action]");
    if (!target) return;
    var key = target.dataset.key;
    var action = target.dataset.action;
    var entry = Outbox.entries().filter(function (e) { return e.key === key; })[0];
    if (action === "discard" && window.confirm("Abandonner cette saisie ? Elle ne sera jamais envoyée.")) {
      if (entry && entry.state === "conflict") Outbox.resolveConflict(key, "discard");
      else Outbox.discard(key);
    } else if (action === "resend") { // sent again without its number: recorded as the next deal
      Outbox.resolveConflict(key, "next");
    }
    Outbox.flush();
  });

  window.WaitingSheet = { draw: draw };
})();
