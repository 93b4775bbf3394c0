/* The reading and checking of a hand's JSON body: a port of scorekeeper/belote/hand_json.py (parse_hand,
   parse_scoring_rules, parse_house_rules) and of hand.py's check_hand, the same French sentences.
   static/engine.js scores what it returns; tests/test_engine_differential.py keeps it equal to Python.
     import { create } from "./hand_body.js";
     const handBody = create(vocabulary, {isCarre, other});  // the engine's: a meld code a carré?, the other team
     handBody.parseHand(body, rules, extraKeys);  // a hand, or throws a Refusal (.field, .message)
     handBody.checkHand(hand);  // returns, or throws a Refusal
   Which declarations a deal of 32 cards gives is the server's check alone (declarations.check_declarations):
   a set it refuses stays on the phone as a refused save, with the server's sentence (docs/offline.md). */

import { get, has, refuse } from "./refusal.js";

function isObject(x) {
  return x !== null && typeof x === "object" && !Array.isArray(x);
}
function isInt(x) {
  return typeof x === "number" && Number.isFinite(x) && Math.floor(x) === x;
}
function q(text) {
  return "« " + text + " »";
}
function unknownKeys(object, allowed) {
  // sorted, as Python's sorted(set(object) - allowed)
  return Object.keys(object)
    .filter(function (key) {
      return allowed.indexOf(key) < 0;
    })
    .sort();
}

// Python's repr() of a JSON value, as a refusal quotes it: 'foo', 5, None, True, ['a'].
function repr(x) {
  if (x === null || typeof x === "boolean") return x === null ? "None" : x ? "True" : "False";
  if (Array.isArray(x)) return "[" + x.map(repr).join(", ") + "]";
  if (isObject(x))
    return (
      "{" +
      Object.keys(x)
        .map(function (k) {
          return repr(k) + ": " + repr(x[k]);
        })
        .join(", ") +
      "}"
    );
  if (typeof x !== "string") return String(x);
  const quote = /'/.test(x) && !/"/.test(x) ? '"' : "'";
  return (
    quote +
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it escapes, as Python's repr
    x.replace(/[\\'"\x00-\x1f\x7f-\x9f]/g, function (c) {
      return (
        { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" }[c] ||
        (c === quote ? "\\" + c : c === "'" || c === '"' ? c : "\\x" + (c.charCodeAt(0) + 256).toString(16).slice(1))
      );
    }) +
    quote
  );
}

const HAND_KEYS = [
  "taker",
  "contract",
  "mode",
  "coinche",
  "taker_points",
  "all_tricks",
  "melds",
  "best_meld",
  "belote",
];

function create(V, terms) {
  const TOTAL = V.card_points_total,
    VALUES = V.contract_values,
    isCarre = terms.isCarre;
  const OPTIONS = V.house_options,
    RULES_KEYS = ["rounding"].concat(
      OPTIONS.map(function (o) {
        return o[0];
      }),
    );
  const MAX_BELOTES = Math.max.apply(
    null,
    V.modes.map(function (mode) {
      return V.max_belotes[mode];
    }),
  );
  const BAD_CONTRACT =
    "« contract » doit valoir " +
    VALUES[0] +
    " à " +
    VALUES[VALUES.length - 1] +
    " de dix en dix, « capot » ou « generale ».";

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
      const named = get(V.other_contracts, value, null); // capot, générale
      return named
        ? { kind: value, value: named.value, label: named.label }
        : { kind: "points", value: value, label: String(value) };
    }
    refuse("contract", BAD_CONTRACT);
  }

  // parse_house_rules: each option (key, values: the default first); `check`: refuse a value it has not.
  function houseRules(rules, check) {
    const house = {};
    OPTIONS.forEach(function (option) {
      const key = option[0],
        values = option[1],
        name = "rules." + key,
        value = get(rules, key, values[0]);
      if (check && values.indexOf(value) < 0) {
        refuse(
          name,
          q(name) +
            " doit valoir " +
            (typeof values[0] === "boolean"
              ? "true ou false"
              : values.slice(0, -1).map(q).join(", ") + " ou " + q(values[values.length - 1])) +
            ".",
        );
      }
      house[key] = value;
    });
    return house;
  }

  function parseScoringRules(rules) {
    // hand_json.parse_scoring_rules
    if (!isObject(rules)) refuse("rules", '« rules » doit être un objet, par exemple {"rounding": "nearest"}.');
    const unknown = unknownKeys(rules, RULES_KEYS);
    if (unknown.length) refuse("rules", "« rules » : clé inconnue " + q(unknown[0]) + ".");
    const house = houseRules(rules, true);
    return { rounding: choice(get(rules, "rounding", "nearest"), V.roundings, "rules.rounding"), house: house };
  }

  // `rules` given: the game's, and a `rules` key is refused.
  function parseHand(body, rules, extraKeys) {
    if (!isObject(body)) refuse("body", "Le corps de la requête doit être un objet JSON.");
    const game = rules !== undefined && rules !== null;
    const unknown = unknownKeys(body, HAND_KEYS.concat(game ? [] : ["rules"], extraKeys || []));
    if (unknown.length) refuse(unknown[0], "Clé inconnue : " + q(unknown[0]) + ".");
    ["taker", "contract", "mode"].forEach(function (key) {
      if (!has(body, key)) refuse(key, q(key) + " est requis.");
    });
    const hand = {
      taker: choice(body.taker, V.teams, "taker"),
      contract: parseContract(body.contract),
      mode: choice(body.mode, V.modes, "mode"),
      coinche: choice(get(body, "coinche", "none"), V.coinches, "coinche"),
      all_tricks: get(body, "all_tricks", false),
      taker_points: get(body, "taker_points", null),
      best_meld: get(body, "best_meld", null),
      melds: {},
      belote: {},
    };
    const points = hand.taker_points;
    if (typeof hand.all_tricks !== "boolean") refuse("all_tricks", "« all_tricks » doit valoir true ou false.");
    if (points !== null && !(isInt(points) && points >= 0 && points <= TOTAL)) {
      refuse("taker_points", "« taker_points » doit être un entier entre 0 et " + TOTAL + ".");
    }
    if (hand.best_meld !== null) choice(hand.best_meld, V.best_meld_calls, "best_meld");
    rules = game
      ? { rounding: get(rules, "rounding", "nearest"), house: houseRules(rules) }
      : parseScoringRules(get(body, "rules", {}));
    hand.rounding = rules.rounding;
    hand.house = rules.house;
    const melds = teamMapping(get(body, "melds", {}), "melds");
    V.teams.forEach(function (team) {
      const codes = get(melds, team, []);
      if (!Array.isArray(codes)) refuse("melds", q("melds." + team) + " doit être une liste d'annonces.");
      codes.forEach(function (code) {
        if (typeof code === "string" && V.melds.indexOf(code) >= 0) return;
        refuse(
          "melds",
          q("melds." + team) + " : annonce inconnue " + repr(code) + " (connues : " + V.melds.join(", ") + ").",
        );
      });
      hand.melds[team] = codes.slice();
    });
    const belote = teamMapping(get(body, "belote", {}), "belote");
    V.teams.forEach(function (team) {
      const count = get(belote, team, 0);
      hand.belote[team] = count;
      if (!(isInt(count) && count >= 0 && count <= MAX_BELOTES)) {
        refuse("belote", q("belote." + team) + " doit être un nombre de belotes, de 0 à " + MAX_BELOTES + ".");
      }
    });
    return hand;
  }

  // check_hand (hand.py)

  function checkHand(hand) {
    let points = hand.taker_points,
      belotes = 0,
      allowed = V.max_belotes[hand.mode],
      seen = {};
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
      refuse("taker_points", "« taker_points » doit valoir " + TOTAL + " quand les preneurs ont fait tous les plis.");
    }
    V.teams.forEach(function (team) {
      if (hand.belote[team] < 0) refuse("belote", "« belote » ne peut pas être négatif.");
      belotes += hand.belote[team];
    });
    if (belotes > allowed) {
      refuse(
        "belote",
        q("belote") +
          (allowed === 0
            ? " : il n'y a pas de belote en sans atout."
            : allowed > 1
              ? " : au plus quatre belotes en tout atout (une par couleur)."
              : " : une seule belote possible quand une couleur est atout."),
      );
    }
    V.teams.forEach(function (team) {
      if (hand.melds[team].length > V.max_melds) {
        refuse("melds", "« melds » : l'équipe " + team + " annonce plus de quatre combinaisons.");
      }
      hand.melds[team].filter(isCarre).forEach(function (carre) {
        if (has(seen, carre)) {
          refuse(
            "melds",
            "« melds » : le " + V.meld_labels[carre] + " est annoncé deux fois, il n'en existe " + "qu'un.",
          );
        }
        seen[carre] = true;
      });
    });
  }

  return { parseHand: parseHand, checkHand: checkHand };
}

export { create };
