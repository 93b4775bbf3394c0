/* Belote bridgée's scoring engine for the pages: a port of the Python engine, which is the reference
   (scorekeeper/belote/: hand_json.parse_hand, hand.check_hand with declarations.check_declarations, scoring.score, game.winner_of and
   dealer_after). tests/test_engine_differential.py keeps the two equal (random hands through both:
   the same scores, lines and refusals). The rules' numbers and words come in `vocabulary`, derived
   from belote/terms.py by scorekeeper/web/vocabulary.py (script_vocabulary); only the sentences are
   written here. An integer is a number without a fraction (JSON cannot tell 5.0 from 5).
     import { create, Refusal } from "./engine.js";  // an ES module, in the pages and in Node
     const engine = create(vocabulary);
     engine.scoreBody(body, rules, extraKeys);   // {made, scores, lines, meld_winner, meld_reason},
     // or throws a Refusal with .field and .message, as Python's InvalidHand
   `rules`: the game's JSON `rules` (a missing key takes the default), or null: the body's `rules` apply. */

function Refusal(field, message) {
  this.name = "Refusal";
  this.field = field;
  this.message = message;
}
Refusal.prototype = Object.create(Error.prototype);
Refusal.prototype.constructor = Refusal;

function refuse(field, message) { throw new Refusal(field, message); }
function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
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
    checkDeclarations(hand);
  }

  // check_declarations (declarations.py): melds and belotes that no deal of 32 cards gives, by the same
  // exact search (deal_exists), and the same sentence naming the clash

  var QUEEN = 5, KING = 6, BELOTE_RANKS = 1 << QUEEN | 1 << KING, ALL_RANKS = (1 << V.cards_per_suit) - 1;
  var NO_OWNER = -1, runsCache = {}, costCache = {}, dealCache = {}, dealsCached = 0;
  var BELOTE_COUNT_WORDS = {1: "la belote", 2: "les deux belotes", 3: "les trois belotes", 4: "les quatre belotes"};

  function bitCount(x) { var n = 0; for (; x; x &= x - 1) n++; return n; }
  function sum(numbers) { return numbers.reduce(function (a, b) { return a + b; }, 0); }
  function meldCards(melds) { return sum(melds.map(function (meld) { return V.meld_cards[meld]; })); }

  function runsIn(free, size) {  // every run of `size` ranks within `free`, as masks
    var key = free + "/" + size;
    if (!has(runsCache, key)) {
      var run = (1 << size) - 1, found = [];
      for (var start = 0; start + size <= V.cards_per_suit; start++) {
        if (!((run << start) & ~free)) found.push(run << start);
      }
      runsCache[key] = found;
    }
    return runsCache[key];
  }

  function fitsBeside(run, player, holder, other) {
    return !(run & other) && (holder !== player || !((run << 1 | run >> 1) & other));
  }

  // suit_cost: null when the sequences `placed` ([player, cards] each) cannot lie in one suit; else the
  // fewest of the king and queen the belote's `owner` holds beside his melds (0 without a belote).
  function suitCost(free, placed, owner) {
    var key = free + "/" + owner + "/" + placed.join(";");
    if (has(costCache, key)) return costCache[key];
    var layouts = [[]];
    placed.forEach(function (item) {
      var grown = [];
      layouts.forEach(function (layout) {
        runsIn(free, item[1]).forEach(function (run) {
          if (layout.every(function (other) { return fitsBeside(run, item[0], other[0], other[1]); })) {
            grown.push(layout.concat([[item[0], run]]));
          }
        });
      });
      layouts = grown;
    });
    var best = null;
    layouts.forEach(function (layout) {
      var own = 0, others = 0;
      layout.forEach(function (entry) { if (entry[0] === owner) own |= entry[1]; else others |= entry[1]; });
      if (owner !== NO_OWNER && others & BELOTE_RANKS) return;
      var extra = owner !== NO_OWNER ? bitCount(BELOTE_RANKS & free & ~own) : 0;
      if (best === null || extra < best) best = extra;
    });
    return (costCache[key] = best);
  }

  function teamHands(melds) {  // the ways a team's two players hold its melds, 8 cards each
    var found = [], seen = {};
    for (var mask = 0; mask < 1 << melds.length; mask += 2) {
      var first = melds.filter(function (meld, i) { return !(mask >> i & 1); });
      var second = melds.filter(function (meld, i) { return mask >> i & 1; });
      var key = first.join() + "|" + second.join();
      if (meldCards(first) <= V.cards_per_player && meldCards(second) <= V.cards_per_player && !has(seen, key)) {
        seen[key] = true;
        found.push([first, second]);
      }
    }
    return found;
  }

  function dealExists(melds, belote) {  // melds and belote: by team
    var sorted = V.teams.map(function (team) { return melds[team].slice().sort(); });
    var belotes = V.teams.map(function (team) { return belote[team]; });
    var key = sorted.join("|") + "|" + belotes.join();
    if (has(dealCache, key)) return dealCache[key];
    if (++dealsCached > 4096) dealCache = {}, dealsCached = 1;  // remembered while a page lives, bounded
    var free = ALL_RANKS;
    sorted.forEach(function (teamMelds) {
      teamMelds.filter(isCarre).forEach(function (carre) { free &= ~(1 << V.carre_positions[carre]); });
    });
    var alone = !sorted[0].length || !sorted[1].length || !sum(belotes) ||  // each team alone with its belotes first
      dealExists(only({A: sorted[0], B: []}, A), belotesOf(A, belotes[0])) &&
      dealExists(only({A: [], B: sorted[1]}, B), belotesOf(B, belotes[1]));
    var exists = sum(belotes) <= V.suit_count && alone && teamHands(sorted[0]).some(function (a) {
      return teamHands(sorted[1]).some(function (b) { return handsFit(a.concat(b), free, belotes); });
    });
    return (dealCache[key] = exists);
  }

  // Whether the four players' melds (team A's two hands, then team B's: player p of team p >> 1) and the
  // belotes fit in the suits.
  function handsFit(hands, free, belotes) {
    var slack = hands.map(function (hand) { return V.cards_per_player - meldCards(hand); });
    var owners = [[0, 1], [2, 3]], items = [];
    hands.forEach(function (hand, player) {
      V.belote_carres.forEach(function (carre) {
        if (hand.indexOf(carre) >= 0) {
          owners = owners.map(function (teamOwners) { return teamOwners.filter(function (p) { return p === player; }); });
        }
      });
      hand.forEach(function (meld) { if (!isCarre(meld)) items.push([player, V.meld_cards[meld]]); });
    });
    if (belotes.some(function (count, team) { return count && !owners[team].length; })) return false;
    var candidates = {};  // the players who may hold a belote
    belotes.forEach(function (count, team) {
      if (count) owners[team].forEach(function (owner) { candidates[owner] = true; });
    });
    items.sort(function (x, y) { return y[1] - x[1] || x[0] - y[0]; });
    var suits = [], triedBelotes = {};
    for (var suit = 0; suit < V.suit_count; suit++) suits.push([]);

    // Whether the belotes go onto the suits holding `contents` (`costs`: each owner's cost in each), one a
    // suit, each to an owner with room for what of its king and queen his melds do not hold.
    function belotesFit(contents) {
      if (!sum(belotes)) return true;
      var costs = contents.map(function (placed) {
        return hands.map(function (hand, owner) { return candidates[owner] ? suitCost(free, placed, owner) : null; });
      });
      var enough = belotes.every(function (count, team) {
        return costs.filter(function (cost) {
          return owners[team].some(function (owner) { return cost[owner] !== null && cost[owner] <= slack[owner]; });
        }).length >= count;
      });
      var tried = {};
      return enough && fit(0, belotes, slack);

      function fit(suit, left, room) {
        if (!sum(left)) return true;
        var key = suit + "/" + left.join() + "/" + room.join();
        if (V.suit_count - suit < sum(left) || has(tried, key)) return false;
        tried[key] = true;
        for (var team = 0; team < left.length; team++) {
          if (!left[team]) continue;
          for (var i = 0; i < owners[team].length; i++) {
            var owner = owners[team][i], extra = costs[suit][owner];
            if (extra !== null && extra <= room[owner]) {
              var rest = left.slice(), spent = room.slice();
              rest[team] -= 1;
              spent[owner] -= extra;
              if (fit(suit + 1, rest, spent)) return true;
            }
          }
        }
        return fit(suit + 1, left, room);
      }
    }

    function place(i, lowest) {
      if (i === items.length) {
        var contents = suits.map(function (placed) { return [placed.join(";"), placed]; }).sort(function (x, y) {
          return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0;
        }), key = contents.map(function (entry) { return entry[0]; }).join("|");
        if (!has(triedBelotes, key)) {
          triedBelotes[key] = belotesFit(contents.map(function (entry) { return entry[1]; }));
        }
        return triedBelotes[key];
      }
      var item = items[i], tried = {};
      for (var suit = lowest; suit < V.suit_count; suit++) {
        var placed = suits[suit], placedKey = placed.join(";");
        if (placed.length === 2 || has(tried, placedKey)) continue;
        tried[placedKey] = true;
        var grown = placed.concat([item]);
        if (suitCost(free, grown, NO_OWNER) === null) continue;
        suits[suit] = grown;
        var next = items[i + 1], sameNext = next && next[0] === item[0] && next[1] === item[1];
        var found = place(i + 1, sameNext ? suit : 0);
        suits[suit] = placed;
        if (found) return true;
      }
      return false;
    }

    return place(0, 0);
  }

  function and(words) {
    return words.length === 1 ? words[0] : words.slice(0, -1).join(", ") + " et " + words[words.length - 1];
  }
  function labels(melds) { return melds.map(function (meld) { return V.meld_labels[meld]; }).join(", "); }
  function bySize(a, b) { return V.meld_cards[b] - V.meld_cards[a]; }  // largest first (a stable sort)
  function longest(runs) { return Math.max.apply(null, [0].concat(runs)); }
  function only(melds, team) {  // one team's melds, none for the other
    var alone = {};
    alone[team] = melds[team];
    alone[other(team)] = [];
    return alone;
  }
  function belotesOf(team, count) {  // `count` belotes for `team`, none for the other
    var belote = {};
    belote[team] = count;
    belote[other(team)] = 0;
    return belote;
  }
  function beloteCards(mode) {
    return V.max_belotes[mode] > 1 ? "chaque belote demande le roi et la dame d'une couleur"  // tout atout
      : "une belote demande le roi et la dame d'atout";
  }

  // The runs of ranks (7 8 9 10 J Q K A) that no carré of `carres` takes, in each suit.
  function freeRuns(carres) {
    var taken = carres.map(function (carre) { return V.carre_positions[carre]; }), runs = [], length = 0;
    for (var position = 0; position < V.cards_per_suit; position++) {
      if (taken.indexOf(position) >= 0) {
        runs.push(length);
        length = 0;
      } else {
        length += 1;
      }
    }
    runs.push(length);
    return runs.filter(function (run) { return run > 0; });
  }

  function combinations(items, count) {  // as Python's itertools.combinations, in its order
    if (count === 0) return [[]];
    var found = [];
    items.forEach(function (item, i) {
      combinations(items.slice(i + 1), count - 1).forEach(function (rest) { found.push([item].concat(rest)); });
    });
    return found;
  }

  function checkDeclarations(hand) {
    var melds = hand.melds, belote = hand.belote, noBelote = belotesOf(A, 0);
    var every = melds[A].concat(melds[B]);
    if (!every.length || dealExists(melds, belote)) return;
    var carres = every.filter(isCarre).sort(function (a, b) { return V.carre_positions[a] - V.carre_positions[b]; });
    var sequences = every.filter(function (meld) { return !isCarre(meld); }).sort(bySize);
    carresAndSequences(carres, sequences);
    belotesAndCarres(hand);
    V.teams.forEach(function (team) {
      if (!dealExists(only(melds, team), noBelote)) teamHandsRefusal(team, melds[team]);
    });
    if (!dealExists(melds, noBelote)) suits(carres, sequences);
    V.teams.forEach(function (team) {
      var count = belote[team];
      if (count && !dealExists(only(melds, team), belotesOf(team, count))) {
        refuse("belote", "« belote » : " + BELOTE_COUNT_WORDS[count] + " de l'équipe " + team + " ne " +
          (count === 1 ? "tient" : "tiennent") + " pas dans les mains de ses deux joueurs à côté de ses annonces (" +
          labels(melds[team]) + ") : " + beloteCards(hand.mode) + " dans la main d'un même joueur, " +
          V.cards_per_player + " cartes chacun, et une carte ne sert qu'à une annonce (le roi et la dame d'une belote " +
          "peuvent être ceux d'une annonce).");
      }
    });
    V.teams.forEach(function (team) {
      var count = belote[team];
      if (count && !dealExists(melds, belotesOf(team, count))) {
        refuse("belote", "« belote » : " + BELOTE_COUNT_WORDS[count] + " de l'équipe " + team +
          " et les annonces de l'équipe " + other(team) + " (" + labels(melds[other(team)]) + ") ne peuvent pas " +
          "être annoncées ensemble : " + beloteCards(hand.mode) + " à un joueur de l'équipe " + team +
          ", et les suites de l'équipe " + other(team) + " n'ont pas la place de tenir sans ces rois et ces dames.");
      }
    });
    refuse("belote", "« belote » : les belotes des deux équipes ne tiennent pas avec les annonces (" + labels(every) +
      ") dans une donne de " + V.suit_count * V.cards_per_suit + " cartes : " + beloteCards(hand.mode) + " à un joueur de son équipe, " +
      V.cards_per_player + " cartes chacun, et une carte ne sert qu'à une annonce.");
  }

  function carresAndSequences(carres, sequences) {
    if (!sequences.length) return;
    var sequence = sequences[0], size = V.meld_cards[sequence], blocking = null;
    if (longest(freeRuns(carres)) >= size) return;
    for (var count = 1; !blocking; count++) {
      blocking = combinations(carres, count).filter(function (chosen) { return longest(freeRuns(chosen)) < size; })[0];
    }
    var words = V.sequence_words[sequence];
    refuse("melds", "« melds » : " + and(blocking.map(function (carre) { return "un " + V.meld_labels[carre]; })
      .concat([words[0]])) + " ne peuvent pas être annoncés ensemble : " + words[1] + " contient " +
      blocking.map(function (carre) { return V.carre_card_words[carre][0]; }).join(" ou ") + ", et " +
      and(blocking.map(function (carre) { return V.carre_card_words[carre][1]; })) + " sont dans " +
      (blocking.length === 1 ? "le carré." : "les carrés."));
  }

  function belotesAndCarres(hand) {
    V.teams.forEach(function (team) {
      V.belote_carres.forEach(function (carre) {
        if (hand.melds[team].indexOf(carre) >= 0 && hand.belote[other(team)]) {
          refuse("belote", "« belote » : une belote de l'équipe " + other(team) + " et le " + V.meld_labels[carre] +
            " de l'équipe " + team + " ne peuvent pas être annoncés ensemble : une belote demande le roi et la " +
            "dame d'atout, et " + V.carre_card_words[carre][1] + " sont dans le carré.");
        }
      });
    });
  }

  function teamHandsRefusal(team, melds) {
    refuse("melds", "« melds » : les annonces de l'équipe " + team + " (" + labels(melds) + ") ne tiennent pas dans " +
      "les mains de ses deux joueurs : " + V.cards_per_player + " cartes chacun, et une carte ne sert qu'à une " +
      "annonce (" + V.meld_cards.cent + " pour un cent, " + V.meld_cards.cinquante + " pour une cinquante ou un " +
      "carré, " + V.meld_cards.tierce + " pour une tierce).");
  }

  function suits(carres, sequences) {
    var aside = carres.length ? " (" + and(carres.map(function (carre) { return "le " + V.meld_labels[carre]; })) +
      " mis à part)" : "";
    refuse("melds", "« melds » : les suites annoncées (" + labels(sequences) + ") ne tiennent pas dans les quatre " +
      "couleurs de " + V.cards_per_suit + " cartes" + aside + " : une suite prend des cartes qui se suivent dans " +
      "une couleur, et une carte ne sert qu'à une annonce.");
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
