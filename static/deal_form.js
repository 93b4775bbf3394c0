// The deal form, improved: the other team's points, a live preview computed by the server's
// scoring service (POST /api/v1/score: no rules are written here), and the "best meld" question
// shown only when the service says the two teams' best melds are equal.
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  if (!form || !form.dataset.vocabulary || !window.fetch) return;
  // The game's words and numbers, as the server writes them from belote/terms.py: never again here.
  var vocabulary = JSON.parse(form.dataset.vocabulary);
  var cardPointsTotal = vocabulary.card_points_total;
  var preview = document.getElementById("preview");
  var other = document.getElementById("other-points");
  var bestMeld = document.getElementById("f-best_meld");
  var countLink = document.getElementById("count-link");
  var timer = null;
  var sent = 0;

  function value(name) {
    var input = form.querySelector('[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  function number(name) {
    var input = form.elements[name];
    var n = input ? parseInt(input.value, 10) : NaN;
    return isNaN(n) ? 0 : n;
  }

  // The same mapping as DealForm.to_body on the server: what was tapped, as the service's JSON.
  function body() {
    var player = value("taker_player");
    var contract = value("contract");
    var mode = value("mode");
    if (player === null || contract === null || mode === null) return null;
    var data = {
      taker: vocabulary.seat_teams[parseInt(player, 10)],
      contract: /^\d+$/.test(contract) ? parseInt(contract, 10) : contract,
      mode: mode,
      coinche: value("coinche") || "none",
      rules: { rounding: form.dataset.rounding }
    };
    var points = form.elements.points.value.trim();
    if (form.elements.all_tricks.checked) {
      data.all_tricks = true;
    } else if (points !== "") {
      var p = parseInt(points, 10);
      data.taker_points = value("points_team") === "defense" ? cardPointsTotal - p : p;
    } else if (typeof data.contract === "number") {
      return null;
    }
    var melds = { A: [], B: [] };
    form.querySelectorAll("[data-meld]").forEach(function (input) {
      for (var i = 0; i < number(input.name); i++) melds[input.dataset.team].push(input.dataset.meld);
    });
    if (melds.A.length || melds.B.length) data.melds = melds;
    var belote = { A: number("belote_A"), B: number("belote_B") };
    if (belote.A || belote.B) data.belote = belote;
    var best = value("best_meld");
    if (best) data.best_meld = best;
    return data;
  }

  function teamName(team) {
    var label = form.querySelector('.team-' + team + ' small');
    return label ? label.textContent : team;
  }

  function render(result) {
    var html = '<p class="preview-head"><strong>' + (result.made ? "Contrat fait" : "Contrat chuté") +
      '</strong></p><div class="preview-teams">';
    ["A", "B"].forEach(function (team) {
      html += "<div><h3>" + escapeHtml(teamName(team)) + ' <span class="points">' + result.scores[team] +
        "</span></h3><ul>";
      result.lines.forEach(function (line) {
        if (line.team === team) {
          html += "<li><span>" + escapeHtml(line.label) + "</span><span>" + line.points + "</span></li>";
        }
      });
      html += "</ul></div>";
    });
    preview.innerHTML = html + "</div>";
  }

  function escapeHtml(text) {
    var div = document.createElement("div");
    div.textContent = text;
    return div.innerHTML;
  }

  function updateOther() {
    var points = form.elements.points.value.trim();
    var p = parseInt(points, 10);
    if (form.elements.all_tricks.checked) {
      other.textContent = "Tous les plis : les points faits ne comptent pas.";
    } else if (points !== "" && !isNaN(p) && p >= 0 && p <= cardPointsTotal) {
      var mine = value("points_team") === "defense" ? "la défense" : "les preneurs";
      var theirs = value("points_team") === "defense" ? "les preneurs" : "la défense";
      other.textContent = "Donc " + (cardPointsTotal - p) + " pour " + theirs + " (" + p + " pour " + mine + ").";
    } else {
      other.textContent = "";
    }
  }

  // The card counter brings its points back to this form: the link carries what was already
  // tapped (as the form's own fields) in its return address, so nothing entered is lost.
  function updateCountLink() {
    if (!countLink) return;
    var url = new URL(countLink.href, location.href);
    url.searchParams.set("mode", value("mode") || "hearts");
    url.searchParams.set("team", value("points_team") || "takers");
    var state = new URLSearchParams();
    new FormData(form).forEach(function (v, k) {
      var zeroCount = v === "0" && /^(melds_|belote_)/.test(k);
      if (k !== "csrf_token" && k !== "points" && v !== "" && !zeroCount) state.append(k, v);
    });
    if (!state.has("contract")) state.set("contract", "");
    url.searchParams.set("return", location.pathname + "?" + state.toString());
    countLink.href = url.pathname + url.search;
  }

  function refresh() {
    updateOther();
    updateCountLink();
    var data = body();
    if (!data) return;
    var ticket = ++sent;
    fetch(form.dataset.scoreUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(data)
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, json: json }; });
    }).then(function (answer) {
      if (ticket !== sent) return; // a newer tap is already on its way
      if (answer.ok) {
        render(answer.json);
      } else {
        preview.innerHTML = '<p class="error"></p>';
        preview.firstChild.textContent = answer.json.error || "Donne incomplète.";
        if (/best_meld/.test(answer.json.error || "")) {
          bestMeld.hidden = false;
          preview.firstChild.textContent = "Annonces égales : dites laquelle est la meilleure.";
        }
      }
    }).catch(function () {
      preview.innerHTML = '<p class="muted">Hors ligne : « Enregistrer » calculera le score.</p>';
    });
  }

  form.addEventListener("change", function () { clearTimeout(timer); timer = setTimeout(refresh, 60); });
  form.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(refresh, 250); });
  // One save per form: a double tap sends nothing more (the server also refuses a replay).
  form.addEventListener("submit", function (event) {
    if (event.submitter && event.submitter.id === "save") {
      if (form.dataset.saving) { event.preventDefault(); return; }
      form.dataset.saving = "1";
    }
  });
  // Back on the form from the next page (the browser keeps it as it was): it can be saved again.
  window.addEventListener("pageshow", function () { delete form.dataset.saving; });
  // Melds and belote: "+" buttons per kind and removable chips, over the plain number inputs
  // (which stay the form's values, and what a page without JavaScript shows).
  var meldShortLabels = vocabulary.meld_short_labels;

  function enhanceMelds(box) {
    var inputs = Array.prototype.slice.call(box.querySelectorAll("input.count"));
    var chips = document.createElement("div");
    chips.className = "chips";
    var adders = document.createElement("div");
    adders.className = "adders";
    function draw() {
      chips.innerHTML = "";
      inputs.forEach(function (input) {
        for (var i = 0; i < (parseInt(input.value, 10) || 0); i++) {
          var chip = document.createElement("button");
          chip.type = "button";
          chip.className = "chip";
          chip.textContent = (input.dataset.meld ? meldShortLabels[input.dataset.meld] : "Belote") + " ✕";
          chip.setAttribute("aria-label", "Retirer " + chip.textContent.slice(0, -2));
          chip.addEventListener("click", function () { bump(input, -1); });
          chips.appendChild(chip);
        }
      });
      if (!chips.childNodes.length) {
        chips.innerHTML = '<span class="muted">Aucune annonce</span>';
      }
    }
    function bump(input, step) {
      var n = Math.max(0, Math.min(parseInt(input.max, 10), (parseInt(input.value, 10) || 0) + step));
      input.value = String(n);
      draw();
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    inputs.forEach(function (input) {
      var add = document.createElement("button");
      add.type = "button";
      add.className = "secondary adder";
      if (!input.dataset.meld) add.dataset.beloteAdder = "1";
      add.textContent = "+ " + (input.dataset.meld ? meldShortLabels[input.dataset.meld] : "Belote");
      add.addEventListener("click", function () { bump(input, 1); });
      adders.appendChild(add);
    });
    box.hidden = true;
    box.parentNode.insertBefore(chips, box);
    box.parentNode.insertBefore(adders, box);
    draw();
  }
  form.querySelectorAll(".steppers").forEach(enhanceMelds);

  // Belotes the table can hold: one in a suit mode, one per suit in tout atout, none in sans
  // atout (SCORING.md); before the mode is chosen, a suit mode's. The "+ Belote" buttons say
  // so; the server still checks.
  function updateBeloteAdders() {
    var limit = vocabulary.max_belotes[value("mode") || "hearts"];
    var full = number("belote_A") + number("belote_B") >= limit;
    form.querySelectorAll("[data-belote-adder]").forEach(function (button) { button.disabled = full; });
  }
  form.addEventListener("change", updateBeloteAdders);
  updateBeloteAdders();

  var calc = document.getElementById("calc");
  if (calc) calc.hidden = true; // the preview is live: the "Calculer" step is for pages without JavaScript
  refresh();
})();
