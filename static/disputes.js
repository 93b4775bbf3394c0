// Disputes in place: in a deal form, "Compter les plis" (#count-link) and "Vérifier les annonces avec
// les cartes" (#check-melds) open the card counter and the meld checker as panels over the form, computed
// on the phone (static/cards.js): no request, no navigation, offline too. "Reporter dans la donne"
// sets the form's fields as the tools pages' report does (points, points_team and mode; the melds,
// belotes, best_meld and mode), then tells the form (input and change events on each field set).
// Without this module the two buttons still send the form to the tools pages (web/tools/routes.py).
//   import { attach } from "./disputes.js";  attach(form);  // once per form; a second call does nothing

import { create } from "./cards.js";
import { element as el } from "./dom.js";
import vocabulary from "./vocabulary.js";

const V = vocabulary,
  cards = create(V),
  attached = new WeakSet(),
  A = V.teams[0],
  B = V.teams[1];

function button(text, className) {
  const node = el("button", className, text);
  node.type = "button";
  return node;
}
const plural = (count, word) => word + (count > 1 ? "s" : ""); // as the tools pages: 0 point, 2 points

// A group of toggle buttons of which one is chosen (the trump, the pile's owner); `choose(value)`.
function choice(id, legend, options, chosen, onChange) {
  const group = el("div", "dispute-choice"),
    head = el("p", "dispute-legend", legend),
    row = el("div", "dispute-options");
  head.id = id;
  group.setAttribute("role", "group");
  group.setAttribute("aria-labelledby", id);
  const buttons = options.map(([value, text]) => {
    const option = button(text, "dispute-option dispute-" + value);
    option.addEventListener("click", () => {
      choose(value);
      onChange(value);
    });
    row.append(option);
    return [value, option];
  });
  function choose(value) {
    for (const [v, option] of buttons) option.setAttribute("aria-pressed", String(v === value));
  }
  choose(chosen);
  group.append(head, row);
  return group;
}

// The 32 cards, a row per suit, each a toggle button named for screen readers ("valet de cœur").
function deck(id, legend, onTap) {
  const box = el("div", "dispute-deck"),
    head = el("p", "dispute-legend", legend),
    byCode = {};
  head.id = id;
  box.setAttribute("role", "group");
  box.setAttribute("aria-labelledby", id);
  box.append(head);
  V.suits.forEach((suit) => {
    const row = el("div", "dispute-row");
    V.ranks.forEach((rank) => {
      const code = rank + suit,
        card = button("", "dispute-card pc-" + V.suit_colours[suit]);
      const face = el("span", "pc-face");
      face.setAttribute("aria-hidden", "true");
      face.append(el("span", "pc-rank", V.rank_letters[rank]), el("span", "pc-suit", V.suit_symbols[suit]));
      card.append(face, el("span", "sr-only", cards.name(code)));
      card.setAttribute("aria-pressed", "false");
      card.dataset.card = code;
      card.addEventListener("click", () => {
        if (card.getAttribute("aria-disabled") !== "true") onTap(code);
      });
      byCode[code] = card;
      row.append(card);
    });
    box.append(row);
  });
  box.show = (picked, locked) =>
    Object.keys(byCode).forEach((code) => {
      byCode[code].setAttribute("aria-pressed", String(picked.has(code)));
      byCode[code].setAttribute("aria-disabled", String(!picked.has(code) && locked(code)));
    });
  return box;
}
const toggle = (set, code) => (set.has(code) ? set.delete(code) : set.add(code));

function checked(form, name) {
  const box = Array.from(form.querySelectorAll('[name="' + name + '"]')).find((input) => input.checked);
  return box ? box.value : null;
}

// Sets the form's fields ({name: value}; a radio group by its value, null: none chosen), then tells the form.
function report(form, values) {
  Object.keys(values).forEach((name) => {
    const fields = Array.from(form.querySelectorAll('[name="' + name + '"]'));
    fields.forEach((field) => {
      if (field.type === "radio") field.checked = field.value === values[name];
      else field.value = String(values[name]);
    });
    const target = fields.find((field) => field.type !== "radio" || field.checked) || fields[0];
    if (!target) return;
    target.dispatchEvent(new Event("input", { bubbles: true }));
    target.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

// The panel around a tool, a modal <dialog> over the form (the rest of the page inert, Escape closes it):
// its heading, its body, and a bar stuck to its foot with "Reporter dans la donne" and "Fermer".
function panel(id, title, hint) {
  const section = el("dialog", "dispute"),
    head = el("h2", "dispute-title", title);
  section.id = id;
  head.id = id + "-title";
  head.tabIndex = -1;
  section.setAttribute("aria-labelledby", head.id);
  const send = button("Reporter dans la donne", "dispute-report"),
    close = button("Fermer", "secondary dispute-close");
  const actions = el("div", "dispute-actions"),
    bar = el("div", "dispute-bar");
  actions.append(send, close);
  bar.append(actions);
  section.append(head, el("p", "dispute-hint", hint));
  return { section, send, close, actions, bar };
}

function live(className) {
  const region = el("div", "dispute-result " + className);
  region.setAttribute("aria-live", "polite");
  return region;
}

function counter(form, shut) {
  const p = panel(
    "counter-panel",
    "Compter les plis",
    "Touchez les cartes d'un tas : l'autre tas a le reste des " + V.card_points_total + " points.",
  );
  // The two sides in the form's order and words ("Preneurs", "Défense"): whose points the report sets.
  const sides = Array.from(form.querySelectorAll('[name="points_team"]'), (radio) => [
    radio.value,
    (radio.closest("label") || radio).textContent.trim(),
  ]);
  const words = Object.fromEntries(sides),
    picked = new Set();
  let mode = checked(form, "mode"),
    owner = checked(form, "points_team") || sides[0][0],
    last = false,
    points = 0;
  const modes = choice(
    "counter-mode",
    "Atout",
    V.modes.map((m) => [m, V.mode_labels[m]]),
    mode,
    (m) => {
      mode = m;
      show();
    },
  );
  const owners = choice("counter-owner", "Ce tas est celui de", sides, owner, (side) => {
    owner = side;
    show();
  });
  owners.classList.add("dispute-sides");
  const cardsBox = deck("counter-cards", "Cartes du tas", (code) => {
    toggle(picked, code);
    show();
  });
  const lastTrick = button("Ce tas a fait le dernier pli (dix de der, +" + V.last_trick_bonus + ")", "dispute-last");
  lastTrick.addEventListener("click", () => {
    last = !last;
    show();
  });
  const result = live("dispute-count");
  p.bar.prepend(result); // the points stay in view while the cards are tapped
  p.section.append(modes, owners, cardsBox, lastTrick, p.bar);

  function show() {
    cardsBox.show(picked, () => false);
    lastTrick.setAttribute("aria-pressed", String(last));
    p.send.disabled = !mode;
    result.replaceChildren();
    if (!mode) return result.append(el("p", "dispute-note", "Choisissez l'atout, puis touchez les cartes du tas."));
    points = cards.pilePoints(Array.from(picked), mode, last);
    const other = sides.find(([side]) => side !== owner)[0],
      teams = el("div", "dispute-teams");
    [
      [owner, points, picked.size],
      [other, V.card_points_total - points, 32 - picked.size],
    ].forEach(([side, n, count]) => {
      const line = el("p", "dispute-team" + (side === owner ? "" : " dispute-other"));
      line.append(
        el("span", "dispute-name", words[side] + " : "),
        el("strong", "dispute-points", String(n)),
        el("small", "", " " + plural(n, "point") + " · " + count + " " + plural(count, "carte")),
      );
      teams.append(line);
    });
    result.append(
      teams,
      el("p", "dispute-note", V.mode_labels[mode] + " · dix de der : " + words[last ? owner : other]),
    );
  }
  p.send.addEventListener("click", () => {
    report(form, { mode: mode, points_team: owner, points: points });
    shut(form.querySelector('[name="points"]'));
  });
  show();
  return p;
}

function melds(form, shut) {
  const names = {};
  [A, B].forEach((team) => {
    const field = form.querySelector('[name="team_' + team.toLowerCase() + '"]');
    names[team] = field ? field.value.trim() : "";
  });
  const hands = { [A]: new Set(), [B]: new Set() },
    boxes = {},
    results = {};
  let mode = checked(form, "mode"),
    fields = [];
  const p = panel(
    "melds-panel",
    "Vérifier les annonces",
    "Touchez les cartes d'un joueur de chaque équipe, " +
      V.cards_per_player +
      " au plus : ses annonces s'affichent, et l'équipe qui marque les siennes.",
  );
  p.section.append(
    choice(
      "melds-mode",
      "Atout",
      V.modes.map((m) => [m, V.mode_labels[m]]),
      mode,
      (m) => {
        mode = m;
        show();
      },
    ),
  );
  [A, B].forEach((team) => {
    const legend = (names[team] || "Équipe " + team) + " — main d'un joueur";
    boxes[team] = deck("melds-cards-" + team, legend, (code) => {
      toggle(hands[team], code);
      show();
    });
    results[team] = live("dispute-hand");
    p.section.append(boxes[team], results[team]);
  });
  const verdict = live("dispute-verdict");
  p.section.append(verdict, p.bar);

  function handResult(team, check) {
    const box = results[team];
    box.replaceChildren();
    if (!check.cards.length) return;
    if (check.melds.length) {
      const list = el("ul", "dispute-melds");
      check.melds.forEach((m) => {
        const item = el("li"),
          what = el("span", "", m.name + " ");
        what.append(el("span", "dispute-meld-cards", m.cards.map(cards.label).join(" ")));
        item.append(what, el("strong", "", String(m.value)));
        list.append(item);
      });
      box.append(list, el("p", "dispute-total", "Annonces : " + check.total));
    } else {
      box.append(el("p", "dispute-total", "Aucune annonce."));
    }
    const belote =
      check.belotes === 1
        ? "Belote (" + V.belote_points + " de plus)."
        : check.belotes
          ? check.belotes + " belotes (" + V.belote_points * check.belotes + " de plus)."
          : "Pas de belote.";
    box.append(
      el(
        "p",
        "dispute-note",
        belote +
          " " +
          check.cards.length +
          " " +
          plural(check.cards.length, "carte") +
          " sur " +
          V.cards_per_player +
          ".",
      ),
    );
  }

  function show() {
    [A, B].forEach((team) => {
      const mine = hands[team],
        theirs = hands[team === A ? B : A];
      boxes[team].show(mine, (code) => theirs.has(code) || mine.size >= V.cards_per_player);
    });
    verdict.replaceChildren();
    fields = [];
    p.send.disabled = true;
    if (!mode) {
      results[A].replaceChildren(el("p", "dispute-note", "Choisissez l'atout : la valeur des cartes en dépend."));
      return;
    }
    const checks = { [A]: cards.check(Array.from(hands[A]), mode), [B]: cards.check(Array.from(hands[B]), mode) };
    for (const team of [A, B]) handResult(team, checks[team]);
    if (!hands[A].size || !hands[B].size) return;
    const outcome = cards.compareHands(checks[A].melds, checks[B].melds, mode);
    fields = cards.dealFields(checks, mode, outcome.winner);
    const lines = el("ul", "dispute-reported");
    lines.setAttribute("aria-label", "Ce qui sera reporté");
    for (const line of cards.reported(fields, names)) lines.append(el("li", "", line));
    verdict.append(el("p", "dispute-verdict-text", cards.verdict(outcome.winner, outcome.reason, names)), lines);
    p.send.disabled = false;
  }
  p.send.addEventListener("click", () => {
    const given = Object.fromEntries(fields),
      values = { best_meld: given.best_meld || null };
    [A, B].forEach((team) => {
      V.melds.forEach((code) => {
        values["melds_" + team + "_" + code] = given["melds_" + team + "_" + code] || 0;
      });
      values["belote_" + team] = given["belote_" + team] || 0;
    });
    values.mode = mode; // last: a form may move the focus when its trump is chosen
    report(form, values);
    const best = form.querySelector('[name="best_meld"]');
    if (best && given.best_meld && best.closest("fieldset")) best.closest("fieldset").hidden = false;
    shut(form.querySelector("#check-melds"));
  });
  show();
  return p;
}

// In `form`, #count-link and #check-melds open their panel in place of a trip to the tools pages.
function attach(form) {
  if (attached.has(form)) return;
  attached.add(form);
  let open = null;
  function shut(focus) {
    if (!open) return;
    open.opener.setAttribute("aria-expanded", "false");
    open.section.close();
    open.section.remove();
    (focus || open.opener).focus();
    open = null;
  }
  [
    ["count-link", counter],
    ["check-melds", melds],
  ].forEach(([id, build]) => {
    const opener = form.querySelector("#" + id);
    if (!opener) return;
    opener.setAttribute("aria-expanded", "false");
    opener.addEventListener("click", (event) => {
      event.preventDefault(); // no trip to the tool's page
      shut(opener);
      open = build(form, shut);
      open.opener = opener;
      open.close.addEventListener("click", () => shut());
      open.section.addEventListener("cancel", (event) => {
        event.preventDefault();
        shut();
      });
      (opener.closest("fieldset, details") || opener).after(open.section);
      opener.setAttribute("aria-expanded", "true");
      open.section.showModal();
      open.section.querySelector("h2").focus();
    });
  });
}

export { attach };
