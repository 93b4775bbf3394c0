/* Belote bridgée's scoring engine for the pages: a port of the Python engine, which is the reference
   (scorekeeper/belote/: hand_json.parse_hand, hand.check_hand, scoring.score, game.winner_of and
   dealer_after). tests/test_engine_differential.py keeps the two equal (random hands through both:
   the same scores, lines and refusals). The rules' numbers and words come in `vocabulary`, derived
   from belote/terms.py by scorekeeper/web/vocabulary.py (script_vocabulary); only the sentences are
   written here. An integer is a number without a fraction (JSON cannot tell 5.0 from 5).
     import { create, Refusal } from "./engine.js";  // an ES module, in the pages and in Node
     const engine = create(vocabulary);
     engine.scoreBody(body, rules, extraKeys);   // {made, scores, lines, meld_winner, meld_reason},
     // or throws a Refusal with .field and .message, as Python's InvalidHand
   `rules`: the game's JSON `rules` (a missing key takes the default), or null: the body's `rules` apply.
   check_hand's check of declarations (whether some deal of 32 cards gives them) is static/declarations.js's
   (declarations.check_declarations), with its search in static/deals.js (deals.deal_exists); the Refusal
   they all throw is static/refusal.js's, exported here too. */

import { Refusal, refuse, has } from "./refusal.js";
import { create as createDeclarations } from "./declarations.js";

function get(object, key, fallback) { return has(object, key) ? object[key] : fallback; }  // dict.get
function isObject(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }
function isInt(x) { return typeof x === "number" && isFinite(x) && Math.floor(x) === x; }
function q(text) { return "« " + text + " »"; }
function unknownKeys(object, allowed) {  // sorted, as Python's sorted(set(object) - allowed)
  return Object.keys(object).filter(function (key) { return allowed.indexOf(key) < 0; }).sort();
}

// Python's repr() of a JSON value, as a refusal quotes it: 'foo', 5, None, True, ['a'].
function repr(x) {
  if (x === null || typeof x === "boolean") return x === null ? "None" : x ? "True" : "False";
  if (Array.isArray(x)) return "[" + x.map(repr).join(", ") + "]";
  if (isObject(x)) return "{" + Object.keys(x).map(function (k) { return repr(k) + ": " + repr(x[k]); }).join(", ") +
    "}";
  if (typeof x !== "string") return String(x);
  var quote = /'/.test(x) && !/"/.test(x) ? '"' : "'";
  return quote + x.replace(/[\\'"\x00-\x1f\x7f-\x9f]/g, function (c) {
    return {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[c] || (c === quote ? "\\" + c
      : c === "'" || c === '"' ? c : "\\x" + (c.charCodeAt(0) + 256).toString(16).slice(1));
  }) + quote;
}

var HAND_KEYS = ["taker", "contract", "mode", "coinche", "taker_points", "all_tricks", "melds", "best_meld",
                 "belote"];

function create(V) {
  var A = V.teams[0], B = V.teams[1], TOTAL = V.card_points_total, BONUS = V.failed_contract_bonus;
  var VALUES = V.contract_values, FLAT = V.flat_capot_value;
  var OPTIONS = V.house_options, RULES_KEYS = ["rounding"].concat(OPTIONS.map(function (o) { return o[0]; }));
  var MAX_BELOTES = Math.max.apply(null, V.modes.map(function (mode) { return V.max_belotes[mode]; }));
  var BAD_CONTRACT = "« contract » doit valoir " + VALUES[0] + " à " + VALUES[VALUES.length - 1] +
    " de dix en dix, « capot » ou « generale ».";

  function other(team) { return team === A ? B : A; }
  var declarations = createDeclarations(V, {isCarre: isCarre, other: other});
  function choice(value, choices, name) {
    if (typeof value === "string" && choices.indexOf(value) >= 0) return value;
    refuse(name, q(name) + " doit valoir " + choices.map(q).join(", ") + ".");
  }
  function teamMapping(value, name) {
    if (!isObject(value)) refuse(name, q(name) + ' doit être un objet {"A": …, "B": …}.');
    if (unknownKeys(value, V.teams).length) refuse(name, q(name) + " ne connaît que les équipes « A » et « B ».");
    return value;
  }

  // parse_hand (hand_json.py)

  function parseContract(value) {
    if (isInt(value) ? VALUES.indexOf(value) >= 0 : typeof value === "string" && has(V.other_contracts, value)) {
      var named = get(V.other_contracts, value, null);  // capot, générale
      return named ? {kind: value, value: named.value, label: named.label}
        : {kind: "points", value: value, label: String(value)};
    }
    refuse("contract", BAD_CONTRACT);
  }

  // parse_house_rules: each option (key, values: the default first); `check`: refuse a value it has not.
  function houseRules(rules, check) {
    var house = {};
    OPTIONS.forEach(function (option) {
      var key = option[0], values = option[1], name = "rules." + key, value = get(rules, key, values[0]);
      if (check && values.indexOf(value) < 0) {
        refuse(name, q(name) + " doit valoir " + (typeof values[0] === "boolean" ? "true ou false"
          : values.slice(0, -1).map(q).join(", ") + " ou " + q(values[values.length - 1])) + ".");
      }
      house[key] = value;
    });
    return house;
  }

  function parseScoringRules(rules) {  // hand_json.parse_scoring_rules
    if (!isObject(rules)) refuse("rules", '« rules » doit être un objet, par exemple {"rounding": "nearest"}.');
    var unknown = unknownKeys(rules, RULES_KEYS);
    if (unknown.length) refuse("rules", "« rules » : clé inconnue " + q(unknown[0]) + ".");
    var house = houseRules(rules, true);
    return {rounding: choice(get(rules, "rounding", "nearest"), V.roundings, "rules.rounding"), house: house};
  }

  // `rules` given: the game's, and a `rules` key is refused.
  function parseHand(body, rules, extraKeys) {
    if (!isObject(body)) refuse("body", "Le corps de la requête doit être un objet JSON.");
    var game = rules !== undefined && rules !== null;
    var unknown = unknownKeys(body, HAND_KEYS.concat(game ? [] : ["rules"], extraKeys || []));
    if (unknown.length) refuse(unknown[0], "Clé inconnue : " + q(unknown[0]) + ".");
    ["taker", "contract", "mode"].forEach(function (key) {
      if (!has(body, key)) refuse(key, q(key) + " est requis.");
    });
    var hand = {taker: choice(body.taker, V.teams, "taker"), contract: parseContract(body.contract),
                mode: choice(body.mode, V.modes, "mode"),
                coinche: choice(get(body, "coinche", "none"), V.coinches, "coinche"),
                all_tricks: get(body, "all_tricks", false), taker_points: get(body, "taker_points", null),
                best_meld: get(body, "best_meld", null), melds: {}, belote: {}};
    var points = hand.taker_points;
    if (typeof hand.all_tricks !== "boolean") refuse("all_tricks", "« all_tricks » doit valoir true ou false.");
    if (points !== null && !(isInt(points) && points >= 0 && points <= TOTAL)) {
      refuse("taker_points", "« taker_points » doit être un entier entre 0 et " + TOTAL + ".");
    }
    if (hand.best_meld !== null) choice(hand.best_meld, V.best_meld_calls, "best_meld");
    rules = game ? {rounding: get(rules, "rounding", "nearest"), house: houseRules(rules)}
      : parseScoringRules(get(body, "rules", {}));
    hand.rounding = rules.rounding;
    hand.house = rules.house;
    var melds = teamMapping(get(body, "melds", {}), "melds");
    V.teams.forEach(function (team) {
      var codes = get(melds, team, []);
      if (!Array.isArray(codes)) refuse("melds", q("melds." + team) + " doit être une liste d'annonces.");
      codes.forEach(function (code) {
        if (typeof code === "string" && V.melds.indexOf(code) >= 0) return;
        refuse("melds", q("melds." + team) + " : annonce inconnue " + repr(code) + " (connues : " +
          V.melds.join(", ") + ").");
      });
      hand.melds[team] = codes.slice();
    });
    var belote = teamMapping(get(body, "belote", {}), "belote");
    V.teams.forEach(function (team) {
      var count = hand.belote[team] = get(belote, team, 0);
      if (!(isInt(count) && count >= 0 && count <= MAX_BELOTES)) {
        refuse("belote", q("belote." + team) + " doit être un nombre de belotes, de 0 à " + MAX_BELOTES + ".");
      }
    });
    return hand;
  }

  // check_hand (hand.py)

  function checkHand(hand) {
    var points = hand.taker_points, belotes = 0, allowed = V.max_belotes[hand.mode], seen = {};
    if (points !== null && (points < 0 || points > TOTAL)) {
      refuse("taker_points", "« taker_points » doit être compris entre 0 et " + TOTAL + ".");
    }
    if (hand.contract.kind === "points") {
      if (VALUES.indexOf(hand.contract.value) < 0) refuse("contract", BAD_CONTRACT);
      if (points === null && !hand.all_tricks) {
        refuse("taker_points", "« taker_points » est requis pour un contrat chiffré (sauf capot fait).");
      }
    }
    if (hand.all_tricks && points !== null && points !== TOTAL) {
      refuse("taker_points", "« taker_points » doit valoir " + TOTAL +
        " quand les preneurs ont fait tous les plis.");
    }
    V.teams.forEach(function (team) {
      if (hand.belote[team] < 0) refuse("belote", "« belote » ne peut pas être négatif.");
      belotes += hand.belote[team];
    });
    if (belotes > allowed) {
      refuse("belote", q("belote") + (allowed === 0 ? " : il n'y a pas de belote en sans atout."
        : allowed > 1 ? " : au plus quatre belotes en tout atout (une par couleur)."
        : " : une seule belote possible quand une couleur est atout."));
    }
    V.teams.forEach(function (team) {
      if (hand.melds[team].length > V.max_melds) {
        refuse("melds", "« melds » : l'équipe " + team + " annonce plus de quatre combinaisons.");
      }
      hand.melds[team].filter(isCarre).forEach(function (carre) {
        if (has(seen, carre)) {
          refuse("melds", "« melds » : le " + V.meld_labels[carre] + " est annoncé deux fois, il n'en existe " +
            "qu'un.");
        }
        seen[carre] = true;
      });
    });
    declarations.check(hand);  // melds and belotes that no deal of 32 cards gives: refused
  }

  // score (scoring.py)

  function isCarre(meld) { return has(V.carre_ranks, meld); }
  function meldPoints(meld, mode) { return get(get(V.mode_meld_values, mode, {}), meld, V.meld_values[meld]); }
  function roundToTen(points) { return Math.floor((points + 5) / 10) * 10; }

  function greater(key, than) {  // Python's comparison of tuples
    for (var i = 0; i < key.length; i++) if (key[i] !== than[i]) return key[i] > than[i];
    return false;
  }

  // A team's strongest meld: highest value, then a carré over a sequence, then the carré's rank.
  function bestMeld(melds, mode) {
    var best = null;
    melds.forEach(function (meld) {
      var key = [meldPoints(meld, mode), isCarre(meld) ? 1 : 0, get(V.carre_ranks, meld, 0)];
      if (!best || greater(key, best.key)) best = {key: key, meld: meld};
    });
    return best && {value: best.key[0], carre: isCarre(best.meld) ? best.meld : null, label: V.meld_labels[best.meld]};
  }

  // compare_best_melds: of two teams' strongest melds ({value, carre: its code or null, label}, or null
  // when none), which scores, {winner (null: nobody), reason}; null for two sequences of equal value.
  function compareBestMelds(a, b) {
    var best = {}, winner;
    best[A] = a;
    best[B] = b;
    if (!a || !b) {
      return {winner: a ? A : b ? B : null, reason: a || b ? "seule équipe à annoncer" : "aucune annonce"};
    }
    if (a.value !== b.value) {
      winner = a.value > b.value ? A : B;
      var won = best[winner], lost = best[other(winner)];
      return {winner: winner, reason: "meilleure annonce : " + won.label + " " + won.value + " contre " + lost.label +
        " " + lost.value};
    }
    var equal = "à valeur égale (" + a.value + "), ";
    if (!a.carre !== !b.carre) return {winner: a.carre ? A : B, reason: equal + "un carré bat une suite"};
    if (a.carre) {
      winner = V.carre_ranks[a.carre] > V.carre_ranks[b.carre] ? A : B;
      return {winner: winner, reason: equal + "le " + best[winner].label + " est le plus haut carré"};
    }
    return null;
  }

  // Only the team with the best meld scores its melds: {winner (null: nobody), reason}.
  function meldWinner(hand) {
    var a = bestMeld(hand.melds[A], hand.mode), b = bestMeld(hand.melds[B], hand.mode);
    var outcome = compareBestMelds(a, b);
    if (outcome) return outcome;
    // Two sequences of equal value: the cards decide, and only the table has seen them.
    if (hand.best_meld === null) {
      refuse("best_meld", "« best_meld » est requis : les meilleures annonces des deux équipes sont égales (" +
        a.label + " contre " + b.label + "), la table doit dire laquelle l'emporte.");
    }
    var sequences = "suites égales (" + a.label + ") : ";  // no team named: the explanation names the winner
    if (V.teams.indexOf(hand.best_meld) < 0) return {winner: null, reason: sequences + "la table ne les départage pas"};
    return {winner: hand.best_meld, reason: sequences + "la table a désigné la meilleure"};
  }

  function meldsLabel(melds, title) {
    return (title || "Annonces") + " (" + melds.map(function (meld) { return V.meld_labels[meld]; }).join(", ") + ")";
  }
  function coincheWord(hand) {  // feminine after a générale: coinchée
    return get(V.coinche_participles, hand.coinche, "") + (hand.contract.kind === "generale" ? "e" : "");
  }
  function contractLabel(hand, prefix, value) {  // `value`: V (`announced_capot` for a capot)
    var contract = hand.contract, m = V.coinche_multipliers[hand.coinche];
    var base = prefix + " " + contract.label + (contract.kind === "points" ? "" : " (" + value + ")");
    return m === 1 ? base : base + " × " + m + " (" + coincheWord(hand) + ")";
  }
  function cardPointsLabel(points, rounded) {  // unrounded (`none`, `raw`): the same
    return points === rounded ? "Points faits" : "Points faits arrondis (" + points + " → " + rounded + ")";
  }

  // general_terms: W scores base + V × m + melds[W] + belote[W] (with `whole`: (base + V + melds[W]) × m +
  // belote[W]), L rest + melds[L] + belote[L], every house rule applied in docs/house-rules.md's order.
  function generalTerms(hand, figures, made) {
    var house = hand.house, kind = hand.contract.kind, m = V.coinche_multipliers[hand.coinche];
    var p = hand.taker_points, r = hand.rounding, w = made ? hand.taker : other(hand.taker), l = other(w);
    var t = {winner: w, m: m, value: kind === "capot" && house.announced_capot === "flat" ? FLAT : hand.contract.value,
             base: 0, rest: 0, melds: {}, belote: {}, plain: kind === "points" && made && !hand.all_tricks};
    function toWinner(terms) { terms[w] += terms[l]; terms[l] = 0; }
    t.melds[w] = t.melds[l] = t.belote[w] = t.belote[l] = 0;
    if (house.scoring === "points_annonces") return (t.annonces = true, t);  // the contract alone

    t.allOrNothing = house.coinche_all_or_nothing && m > 1 && made;  // a failure scores as without it
    t.cardPoints = t.plain && !t.allOrNothing;
    if (t.cardPoints) {  // rounded_card_points
      t.base = r === "nearest" || r === "complement" ? roundToTen(p) : p;
      t.rest = r === "nearest" ? roundToTen(TOTAL - p) : r === "complement" ? BONUS - t.base : TOTAL - p;
    } else if (kind !== "generale" && t.value !== FLAT) {  // all the points (and a capot's bonus)
      t.noCapotBonus = made && !t.plain && kind === "points" && house.unannounced_capot === "none";
      t.base = V.all_points[r] + (made && !t.plain && !t.noCapotBonus ? V.capot_bonus : 0);
    }
    // The winner scores every counted meld, unless the hand was made and the loser had the best meld.
    t.melds[w] = figures[w].melds + (made ? 0 : figures[l].melds);
    t.melds[l] = made ? figures[l].melds : 0;
    if (t.allOrNothing) toWinner(t.melds);
    t.belote[A] = figures[A].belote;
    t.belote[B] = figures[B].belote;
    if (house.belote_to === "winner" && !t.cardPoints) toWinner(t.belote);
    t.whole = house.coinche_scope === "whole" && m > 1;
    return t;
  }

  function score(hand) {
    checkHand(hand);
    var taker = hand.taker, defense = other(taker), kind = hand.contract.kind, outcome = meldWinner(hand);
    var figures = {}, lines = [], scores = {}, made;
    function line(team, label, points) { lines.push({team: team, label: label, points: points}); }

    V.teams.forEach(function (team) {  // count_figures: each team's card, meld and belote points
      var told = hand.taker_points, cards = told === null ? null : team === taker ? told : TOTAL - told;
      var melds = 0, belote = V.belote_points * hand.belote[team];
      hand.melds[team].forEach(function (meld) { melds += meldPoints(meld, hand.mode); });
      if (outcome.winner !== team) melds = 0;  // declared, not scored
      figures[team] = {cards: cards, melds: melds, belote: belote, total: cards === null ? null : cards + melds + belote};
    });
    if (kind === "points" && !hand.all_tricks) {  // is_made: no house rule changes the verdict
      var takerTotal = figures[taker].total, defenseTotal = figures[defense].total;
      made = takerTotal >= hand.contract.value && takerTotal > defenseTotal;
    } else {
      made = kind === "points" || hand.all_tricks;
    }

    var t = generalTerms(hand, figures, made), winner = t.winner, loser = other(winner), m = t.m, base = t.base;
    // The winner's base and melds, multiplied by the coinche with `coinche_scope: whole`.
    var times = t.whole ? " × " + m + " (" + coincheWord(hand) + ")" : "", by = t.whole ? m : 1;
    var label = t.cardPoints ? cardPointsLabel(hand.taker_points, base) : t.annonces || !base ? ""
      : t.plain ? "Tout ou rien : " + base : t.noCapotBonus ? "Capot non annoncé, sans prime : " + base
      : !made ? "Chute : " + base : kind === "points" ? "Capot non annoncé" : "Capot fait";
    if (t.whole && label === "Points faits") label += " (" + hand.taker_points + ")";  // the number multiplied
    if (label) line(winner, label + times, base * by);
    line(winner, contractLabel(hand, made ? "Contrat" : "Contrat chuté", t.value), t.value * m);
    if (t.cardPoints) {
      line(defense, hand.rounding === "complement" ? "Points faits (" + figures[defense].cards + ") : " + BONUS +
        " − " + base : cardPointsLabel(figures[defense].cards, t.rest), t.rest);
    }
    // Each team's melds and belote, to itself or to the winner (melds then multiplied with `whole`).
    [taker, defense].forEach(function (team) {
      var to = t.melds[team] ? team : winner, mine = to === team, ours = team === taker;
      if (!figures[team].melds || !(t.melds[winner] + t.melds[loser])) return;
      line(to, meldsLabel(hand.melds[team], mine ? "Annonces" : ours ? "Annonces des preneurs"
        : "Annonces de la défense") + (to === winner ? times : ""), figures[team].melds * (to === winner ? by : 1));
    });
    [taker, defense].forEach(function (team) {
      var to = t.belote[team] ? team : winner, count = hand.belote[team];
      var whose = to === team ? "" : team === taker ? " des preneurs" : " de la défense";
      if (!figures[team].belote || !(t.belote[winner] + t.belote[loser])) return;
      line(to, count === 1 ? "Belote" + whose : "Belotes" + whose + " × " + count, figures[team].belote);
    });

    scores[A] = 0;  // A then B, as Python's dict
    scores[B] = 0;
    lines.forEach(function (entry) { scores[entry.team] += entry.points; });
    return {made: made, scores: scores, lines: lines, meld_winner: outcome.winner, meld_reason: outcome.reason};
  }

  return {
    // for static/cards.js (the meld checker): a team's strongest meld by its codes, two of them compared
    bestMeld: bestMeld,
    compareBestMelds: compareBestMelds,
    meldPoints: meldPoints,
    parseHand: parseHand,
    score: score,
    scoreBody: function (body, rules, extraKeys) { return score(parseHand(body, rules, extraKeys)); },
    // The team with more points once one has reached the target; equal totals play on.
    winnerOf: function (totals, target) {
      var a = totals[A], b = totals[B];
      return Math.max(a, b) < target || a === b ? null : a > b ? A : B;
    },
    // Who deals once `deals` deals are played (as Python's %, never negative).
    dealerAfter: function (firstDealer, deals) {
      var seats = V.seat_teams.length;
      return ((firstDealer + deals) % seats + seats) % seats;
    }
  };
}

export { create, Refusal };
