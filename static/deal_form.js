// The deal form, improved: the other team's points, a live preview scored on the phone by
// static/engine.js (no request: it is right the instant a button is tapped), the deal's score on
// the save button, the "best meld" question shown only when the engine says the two teams' best
// melds are equal, the melds as chips, the refusals next to their fields, and "Enregistrer" handing
// a valid save to its page (the sheet's panel, or the deal form's own page).

import { create as createFields } from "./deal_fields.js";
import { create as createEngine } from "./engine.js";
import { SEAT_KEYS, withoutKeys } from "./projection.js";
import vocabulary from "./vocabulary.js";

// options: `onSave(entry, result)` takes a valid save (the outbox's entry, the engine's score): the
// sheet's panel (static/deal_panel.js) and the deal form's page (static/deal_page.js) each have
// theirs; `number()`: the number a new deal is entered as; `editing`: the number of the deal edited.
export function enhance(form, options) {
  // The game's words and numbers, as the server writes them from belote/terms.py: never again here.
  const engine = createEngine(vocabulary);
  const rules = JSON.parse(form.dataset.rules); // the game's rounding and house rules, as its JSON holds them
  const cardPointsTotal = vocabulary.card_points_total;
  const preview = document.getElementById("preview");
  const other = document.getElementById("other-points");
  const bestMeld = document.getElementById("f-best_meld");
  const problems = document.getElementById("problems");
  const capot = document.getElementById("capot-question");
  const pointsLabel = document.getElementById("points-label");
  // A refusal in the players' words: the server's (forms.FIELD_WORDS, FIELD_OF_ERROR), in the page.
  const refusal = JSON.parse(form.dataset.refusal);
  const apiWords = Object.keys(refusal.words).sort(function (a, b) {
    return b.length - a.length;
  });
  const game = form.dataset.game;

  const fields = createFields(form, vocabulary);
  const value = fields.value;
  const number = fields.number;
  const missing = fields.missing;
  const hand = fields.read;

  function scoreOf(data) {
    return engine.scoreBody(withoutKeys(data, SEAT_KEYS), rules);
  }

  function teamName(team) {
    const label = form.querySelector(".team-" + team + " small");
    return label ? label.textContent : team;
  }

  function render(result) {
    let html =
      '<p class="preview-head"><strong>' +
      (result.made ? "Contrat fait" : "Contrat chuté") +
      '</strong></p><div class="preview-teams">';
    ["A", "B"].forEach(function (team) {
      html +=
        "<div><h2>" + escapeHtml(teamName(team)) + ' <span class="points">' + result.scores[team] + "</span></h2><ul>";
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
    const div = document.createElement("div");
    div.textContent = text;
    return div.innerHTML;
  }

  function updateOther() {
    pointsLabel.textContent = value("points_team") === "defense" ? "Points de la défense" : "Points des preneurs";
    const points = form.elements.points.value.trim();
    const p = parseInt(points, 10);
    if (form.elements.all_tricks.checked) {
      other.textContent = "Tous les plis : " + cardPointsTotal + " points pour les preneurs.";
    } else if (points !== "" && !Number.isNaN(p) && p >= 0 && p <= cardPointsTotal) {
      const mine = value("points_team") === "defense" ? "la défense" : "les preneurs";
      const theirs = value("points_team") === "defense" ? "les preneurs" : "la défense";
      other.textContent = "Donc " + (cardPointsTotal - p) + " pour " + theirs + " (" + p + " pour " + mine + ").";
    } else {
      other.textContent = "";
    }
  }

  function forPeople(message) {
    apiWords.forEach(function (key) {
      message = message.split("« " + key + " »").join("« " + refusal.words[key] + " »");
    });
    return message;
  }

  // All the card points for the takers without "Tous les plis": the form asks, one tap ticks it.
  function updateCapot() {
    const p = form.elements.points.value.trim();
    const taker = value("points_team") === "defense" ? cardPointsTotal - parseInt(p, 10) : parseInt(p, 10);
    const was = capot.hidden;
    capot.hidden = !/^\d+$/.test(p) || taker !== cardPointsTotal || form.elements.all_tricks.checked;
    if (was && !capot.hidden && capot.getBoundingClientRect().bottom > innerHeight - 80)
      capot.scrollIntoView({ block: "center" });
  }

  // What stops the save, as [form field name, message]: what is still to tap, or the rules' refusal.
  function refusals() {
    const required = ["taker_player", "contract", "mode"].filter(function (name) {
      return value(name) === null;
    });
    if (required.length)
      return required.map(function (name) {
        return [name, refusal.required[name]];
      });
    const data = hand();
    if (!data) return [["points", refusal.required.points]];
    try {
      scoreOf(data);
      return [];
    } catch (refused) {
      return [[refusal.fields[refused.field] || "taker_player", forPeople(refused.message)]];
    }
  }

  // A refused save: one summary atop the form (role="alert"), the message next to its field, and
  // the focus on the first field in error, all in view (the summary sticks to the screen's top).
  function showProblems(list, focus) {
    form.querySelectorAll(".js-error").forEach(function (p) {
      p.remove();
    });
    form.querySelectorAll(".has-error").forEach(function (f) {
      f.classList.remove("has-error");
    });
    problems.hidden = !list.length;
    const items = problems.querySelector("ul");
    items.innerHTML = "";
    list.forEach(function (problem) {
      const box = form.elements[problem[0]].length ? form.elements[problem[0]][0] : form.elements[problem[0]];
      const fieldset = box.closest("fieldset");
      if (fieldset.hidden) fieldset.hidden = false;
      const extras = fieldset.closest("details");
      if (extras) extras.open = true;
      const li = document.createElement("li");
      li.textContent = problem[1];
      items.appendChild(li);
      const note = document.createElement("p");
      note.className = "error js-error";
      note.textContent = problem[1];
      fieldset.classList.add("has-error");
      const next = box.closest(".points-row, .options");
      if (next) next.after(note);
      else fieldset.appendChild(note);
      problem.push(box.closest(".steppers")?.hidden ? fieldset.querySelector("button") : box);
    });
    if (!list.length || !focus) return;
    list[0][2].focus({ preventScroll: true });
    list[0][2].scrollIntoView({ block: "center" });
  }

  // The preview: this deal's score, or what it still needs, or why the rules refuse it.
  function refresh() {
    saveLabel(null);
    updateOther();
    updateCapot();
    if (!problems.hidden) showProblems(refusals(), false); // after a refused save, kept up to date
    const data = hand();
    if (!data) {
      preview.innerHTML = '<p class="muted"></p>';
      preview.firstChild.textContent = "À choisir : " + missing().join(", ") + ".";
      return null;
    }
    try {
      const result = scoreOf(data);
      render(result);
      saveLabel(result);
      return result;
    } catch (refused) {
      preview.innerHTML = '<p class="error"></p>';
      preview.firstChild.textContent = problems.hidden ? forPeople(refused.message) : "";
      if (refused.field === "best_meld") {
        bestMeld.hidden = false;
        preview.firstChild.textContent = "Annonces égales : dites laquelle est la meilleure.";
      }
      return null;
    }
  }

  // The deal's score stays in view while typing: on the save button, at the foot of the screen.
  const saveButton = form.querySelector("#save");
  function saveLabel(result) {
    if (!saveButton) return;
    saveButton.textContent = result
      ? "Enregistrer · " +
        ["A", "B"]
          .map(function (team) {
            return teamName(team) + " +" + result.scores[team];
          })
          .join(" · ")
      : "Enregistrer";
  }

  // The trump chosen, the points come next: their keypad opens by itself (a contract made on its
  // points: taker, contract, trump, digits, save).
  function pointsNext(event) {
    const input = event.target;
    if (input.name !== "mode" || form.elements.all_tricks.checked || form.elements.points.value !== "") return;
    if (/^\d+$/.test(value("contract") || "")) form.elements.points.focus();
  }

  // Scoring takes microseconds: the preview follows every keystroke and tap, as it happens.
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
  form.addEventListener("change", pointsNext);

  // --- saving ---------------------------------------------------------------------------

  const editing = options.editing ? [null, String(options.editing)] : null;
  form.addEventListener("submit", function (event) {
    const button = event.submitter;
    if (button?.getAttribute("formaction")) return; // the whole form goes to a tool (counter, melds)
    event.preventDefault();
    if (button && button.id === "capot-yes") {
      form.elements.all_tricks.checked = true;
      refresh();
      return;
    }
    if (button?.name !== "enregistrer") return; // "Calculer": the preview is live already
    // "Enregistrer", or Enter in a field (the hidden default button, #save-default)
    const list = refusals();
    showProblems(list, true);
    const result = refresh();
    if (list.length || !result) return;
    const data = hand();
    let entry;
    if (editing) {
      data.version = parseInt(form.elements.version.value, 10);
      entry = { game: game, op: "edit", number: parseInt(editing[1], 10), version: data.version, body: data };
    } else {
      data.number = options.number();
      entry = { game: game, op: "hand", number: data.number, body: data };
    }
    options.onSave(entry, result);
  });

  // Melds and belote: "+" buttons per kind and removable chips, over the plain number inputs
  // (which stay the form's values, and what a page without JavaScript shows).
  const meldShortLabels = vocabulary.meld_short_labels;
  const redraws = [];

  function enhanceMelds(box) {
    const inputs = Array.prototype.slice.call(box.querySelectorAll("input"));
    const chips = document.createElement("div");
    chips.className = "chips";
    const adders = document.createElement("div");
    adders.className = "adders";
    function draw() {
      chips.innerHTML = "";
      inputs.forEach(function (input, kind) {
        for (let i = 0; i < (parseInt(input.value, 10) || 0); i++) {
          const chip = document.createElement("button");
          chip.type = "button";
          chip.className = "chip";
          chip.dataset.kind = kind;
          chip.textContent = (input.dataset.meld ? meldShortLabels[input.dataset.meld] : "Belote") + " ✕";
          chip.setAttribute("aria-label", "Retirer " + chip.textContent.slice(0, -2));
          chip.addEventListener("click", function (event) {
            const focused = document.activeElement === event.currentTarget;
            const place = Array.prototype.indexOf.call(chips.children, event.currentTarget);
            bump(input, -1);
            // The focus stays where it was: on the chip now in this one's place, the one before,
            // or with none left, this kind's "+".
            const left = chips.querySelectorAll("button");
            if (focused) (left[place] || left[place - 1] || adders.children[kind]).focus();
          });
          chips.appendChild(chip);
        }
      });
      if (!chips.childNodes.length) {
        chips.innerHTML = '<span class="muted">Aucune annonce</span>';
      }
    }
    function bump(input, step) {
      const n = Math.max(0, Math.min(parseInt(input.max, 10), (parseInt(input.value, 10) || 0) + step));
      input.value = String(n);
      draw();
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    inputs.forEach(function (input) {
      const add = document.createElement("button");
      add.type = "button";
      add.className = "secondary adder";
      if (!input.dataset.meld) add.dataset.beloteAdder = "1";
      add.textContent = "+ " + (input.dataset.meld ? meldShortLabels[input.dataset.meld] : "Belote");
      add.addEventListener("click", function () {
        const focused = document.activeElement === add;
        bump(input, 1);
        // "+ Belote" disabled by its own tap (the table holds no more): the focus goes to the chip it added.
        const added = chips.querySelectorAll('[data-kind="' + inputs.indexOf(input) + '"]');
        if (focused && add.disabled) added[added.length - 1].focus();
      });
      adders.appendChild(add);
    });
    redraws.push(draw);
    box.addEventListener("change", draw); // a field set by another script (the meld checker's report)
    box.hidden = true;
    box.parentNode.insertBefore(chips, box);
    box.parentNode.insertBefore(adders, box);
    draw();
  }
  form.querySelectorAll(".steppers").forEach(enhanceMelds);

  // Belotes the table can hold: one in a suit mode, one per suit in tout atout, none in sans
  // atout (docs/scoring.md); before the mode is chosen, a suit mode's. The "+ Belote" buttons say
  // so; the server still checks.
  function updateBeloteAdders() {
    const limit = vocabulary.max_belotes[value("mode") || "hearts"];
    const full = number("belote_A") + number("belote_B") >= limit;
    form.querySelectorAll("[data-belote-adder]").forEach(function (button) {
      button.disabled = full;
    });
  }
  form.addEventListener("change", updateBeloteAdders);
  updateBeloteAdders();

  const calc = document.getElementById("calc");
  if (calc) calc.hidden = true; // the preview is live: the "Calculer" step is for pages without JavaScript
  if (form.querySelector('[name="contract"]:checked')) refresh(); // an edit, or a form brought back
  return {
    fields: fields,
    refresh: refresh,
    redraw: function () {
      redraws.forEach(function (redraw) {
        redraw();
      });
    },
  };
}
