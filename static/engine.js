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
   This module scores (scoring.py, best_meld.py) and wires the parts: the reading and checking of a
   hand's body (hand_json.parse_hand, hand.check_hand) is static/hand_body.js's; the Refusal they
   throw is static/refusal.js's, exported here too. Whether some deal of 32 cards gives the declared
   melds and belotes (declarations.check_declarations) is checked by the server alone: the engine is
   scoring.score(hand, check_declarations=False), and a set the server refuses is a refused save. */

import { create as createHandBody } from "./hand_body.js";
import { get, has, Refusal, refuse } from "./refusal.js";

function create(V) {
  const A = V.teams[0],
    B = V.teams[1],
    TOTAL = V.card_points_total,
    BONUS = V.failed_contract_bonus;
  const FLAT = V.flat_capot_value;

  function other(team) {
    return team === A ? B : A;
  }
  const handBody = createHandBody(V, { isCarre: isCarre, other: other }),
    checkHand = handBody.checkHand;
  const parseHand = handBody.parseHand;

  // score (scoring.py)

  function isCarre(meld) {
    return has(V.carre_ranks, meld);
  }
  function meldPoints(meld, mode) {
    return get(get(V.mode_meld_values, mode, {}), meld, V.meld_values[meld]);
  }
  function roundToTen(points) {
    return Math.floor((points + 5) / 10) * 10;
  }

  function greater(key, than) {
    // Python's comparison of tuples
    for (let i = 0; i < key.length; i++) if (key[i] !== than[i]) return key[i] > than[i];
    return false;
  }

  // A team's strongest meld: highest value, then a carré over a sequence, then the carré's rank.
  function bestMeld(melds, mode) {
    let best = null;
    melds.forEach(function (meld) {
      const key = [meldPoints(meld, mode), isCarre(meld) ? 1 : 0, get(V.carre_ranks, meld, 0)];
      if (!best || greater(key, best.key)) best = { key: key, meld: meld };
    });
    return (
      best && { value: best.key[0], carre: isCarre(best.meld) ? best.meld : null, label: V.meld_labels[best.meld] }
    );
  }

  // compare_best_melds: of two teams' strongest melds ({value, carre: its code or null, label}, or null
  // when none), which scores, {winner (null: nobody), reason}; null for two sequences of equal value.
  function compareBestMelds(a, b) {
    let best = {},
      winner;
    best[A] = a;
    best[B] = b;
    if (!a || !b) {
      return { winner: a ? A : b ? B : null, reason: a || b ? "seule équipe à annoncer" : "aucune annonce" };
    }
    if (a.value !== b.value) {
      winner = a.value > b.value ? A : B;
      const won = best[winner],
        lost = best[other(winner)];
      return {
        winner: winner,
        reason: "meilleure annonce : " + won.label + " " + won.value + " contre " + lost.label + " " + lost.value,
      };
    }
    const equal = "à valeur égale (" + a.value + "), ";
    if (!a.carre !== !b.carre) return { winner: a.carre ? A : B, reason: equal + "un carré bat une suite" };
    if (a.carre) {
      winner = V.carre_ranks[a.carre] > V.carre_ranks[b.carre] ? A : B;
      return { winner: winner, reason: equal + "le " + best[winner].label + " est le plus haut carré" };
    }
    return null;
  }

  // Only the team with the best meld scores its melds: {winner (null: nobody), reason}.
  function meldWinner(hand) {
    const a = bestMeld(hand.melds[A], hand.mode),
      b = bestMeld(hand.melds[B], hand.mode);
    const outcome = compareBestMelds(a, b);
    if (outcome) return outcome;
    // Two sequences of equal value: the cards decide, and only the table has seen them.
    if (hand.best_meld === null) {
      refuse(
        "best_meld",
        "« best_meld » est requis : les meilleures annonces des deux équipes sont égales (" +
          a.label +
          " contre " +
          b.label +
          "), la table doit dire laquelle l'emporte.",
      );
    }
    const sequences = "suites égales (" + a.label + ") : "; // no team named: the explanation names the winner
    if (V.teams.indexOf(hand.best_meld) < 0)
      return { winner: null, reason: sequences + "la table ne les départage pas" };
    return { winner: hand.best_meld, reason: sequences + "la table a désigné la meilleure" };
  }

  function meldsLabel(melds, title) {
    return (
      (title || "Annonces") +
      " (" +
      melds
        .map(function (meld) {
          return V.meld_labels[meld];
        })
        .join(", ") +
      ")"
    );
  }
  function coincheWord(hand) {
    // feminine after a générale: coinchée
    return get(V.coinche_participles, hand.coinche, "") + (hand.contract.kind === "generale" ? "e" : "");
  }
  function contractLabel(hand, prefix, value) {
    // `value`: V (`announced_capot` for a capot)
    const contract = hand.contract,
      m = V.coinche_multipliers[hand.coinche];
    const base = prefix + " " + contract.label + (contract.kind === "points" ? "" : " (" + value + ")");
    return m === 1 ? base : base + " × " + m + " (" + coincheWord(hand) + ")";
  }
  function cardPointsLabel(points, rounded) {
    // unrounded (`none`, `raw`): the same
    return points === rounded ? "Points faits" : "Points faits arrondis (" + points + " → " + rounded + ")";
  }

  // general_terms: W scores base + V × m + melds[W] + belote[W] (with `whole`: (base + V + melds[W]) × m +
  // belote[W]), L rest + melds[L] + belote[L], every house rule applied in docs/house-rules.md's order.
  function generalTerms(hand, figures, made) {
    const house = hand.house,
      kind = hand.contract.kind,
      m = V.coinche_multipliers[hand.coinche];
    const p = hand.taker_points,
      r = hand.rounding,
      w = made ? hand.taker : other(hand.taker),
      l = other(w);
    const t = {
      winner: w,
      m: m,
      value: kind === "capot" && house.announced_capot === "flat" ? FLAT : hand.contract.value,
      base: 0,
      rest: 0,
      melds: {},
      belote: {},
      plain: kind === "points" && made && !hand.all_tricks,
    };
    function toWinner(terms) {
      terms[w] += terms[l];
      terms[l] = 0;
    }
    t.melds[w] = t.melds[l] = t.belote[w] = t.belote[l] = 0;
    if (house.scoring === "points_annonces") {
      t.annonces = true; // the contract alone
      return t;
    }

    t.allOrNothing = house.coinche_all_or_nothing && m > 1 && made; // a failure scores as without it
    t.cardPoints = t.plain && !t.allOrNothing;
    if (t.cardPoints) {
      // rounded_card_points
      t.base = r === "nearest" || r === "complement" ? roundToTen(p) : p;
      t.rest = r === "nearest" ? roundToTen(TOTAL - p) : r === "complement" ? BONUS - t.base : TOTAL - p;
    } else if (kind !== "generale" && t.value !== FLAT) {
      // all the points (and a capot's bonus)
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
    const taker = hand.taker,
      defense = other(taker),
      kind = hand.contract.kind,
      outcome = meldWinner(hand);
    let figures = {},
      lines = [],
      scores = {},
      made;
    function line(team, label, points) {
      lines.push({ team: team, label: label, points: points });
    }

    V.teams.forEach(function (team) {
      // count_figures: each team's card, meld and belote points
      const told = hand.taker_points,
        cards = told === null ? null : team === taker ? told : TOTAL - told;
      let melds = 0,
        belote = V.belote_points * hand.belote[team];
      hand.melds[team].forEach(function (meld) {
        melds += meldPoints(meld, hand.mode);
      });
      if (outcome.winner !== team) melds = 0; // declared, not scored
      figures[team] = {
        cards: cards,
        melds: melds,
        belote: belote,
        total: cards === null ? null : cards + melds + belote,
      };
    });
    if (kind === "points" && !hand.all_tricks) {
      // is_made: no house rule changes the verdict
      const takerTotal = figures[taker].total,
        defenseTotal = figures[defense].total;
      made = takerTotal >= hand.contract.value && takerTotal > defenseTotal;
    } else {
      made = kind === "points" || hand.all_tricks;
    }

    const t = generalTerms(hand, figures, made),
      winner = t.winner,
      loser = other(winner),
      m = t.m,
      base = t.base;
    // The winner's base and melds, multiplied by the coinche with `coinche_scope: whole`.
    const times = t.whole ? " × " + m + " (" + coincheWord(hand) + ")" : "",
      by = t.whole ? m : 1;
    let label = t.cardPoints
      ? cardPointsLabel(hand.taker_points, base)
      : t.annonces || !base
        ? ""
        : t.plain
          ? "Tout ou rien : " + base
          : t.noCapotBonus
            ? "Capot non annoncé, sans prime : " + base
            : !made
              ? "Chute : " + base
              : kind === "points"
                ? "Capot non annoncé"
                : "Capot fait";
    if (t.whole && label === "Points faits") label += " (" + hand.taker_points + ")"; // the number multiplied
    if (label) line(winner, label + times, base * by);
    line(winner, contractLabel(hand, made ? "Contrat" : "Contrat chuté", t.value), t.value * m);
    if (t.cardPoints) {
      line(
        defense,
        hand.rounding === "complement"
          ? "Points faits (" + figures[defense].cards + ") : " + BONUS + " − " + base
          : cardPointsLabel(figures[defense].cards, t.rest),
        t.rest,
      );
    }
    // Each team's melds and belote, to itself or to the winner (melds then multiplied with `whole`).
    [taker, defense].forEach(function (team) {
      const to = t.melds[team] ? team : winner,
        mine = to === team,
        ours = team === taker;
      if (!figures[team].melds || !(t.melds[winner] + t.melds[loser])) return;
      line(
        to,
        meldsLabel(hand.melds[team], mine ? "Annonces" : ours ? "Annonces des preneurs" : "Annonces de la défense") +
          (to === winner ? times : ""),
        figures[team].melds * (to === winner ? by : 1),
      );
    });
    [taker, defense].forEach(function (team) {
      const to = t.belote[team] ? team : winner,
        count = hand.belote[team];
      const whose = to === team ? "" : team === taker ? " des preneurs" : " de la défense";
      if (!figures[team].belote || !(t.belote[winner] + t.belote[loser])) return;
      line(to, count === 1 ? "Belote" + whose : "Belotes" + whose + " × " + count, figures[team].belote);
    });

    scores[A] = 0; // A then B, as Python's dict
    scores[B] = 0;
    lines.forEach(function (entry) {
      scores[entry.team] += entry.points;
    });
    return { made: made, scores: scores, lines: lines, meld_winner: outcome.winner, meld_reason: outcome.reason };
  }

  // The team with more points once one has reached the target; equal totals play on.
  function winnerOf(totals, target) {
    const a = totals[A],
      b = totals[B];
    return Math.max(a, b) < target || a === b ? null : a > b ? A : B;
  }

  return {
    // for static/cards.js (the meld checker): a team's strongest meld by its codes, two of them compared
    bestMeld: bestMeld,
    compareBestMelds: compareBestMelds,
    meldPoints: meldPoints,
    parseHand: parseHand,
    score: score,
    scoreBody: function (body, rules, extraKeys) {
      return score(parseHand(body, rules, extraKeys));
    },
    // Where a game stands (scorekeeper/belote/ending.py outcome_of): a game in points is over once a
    // team has won it; a game in deals ({deals: M}) once it has had M scored hands, and a stopped
    // game at once, each won by the team ahead, or drawn.
    outcomeOf: function (totals, handsPlayed, end, stopped) {
      let winner;
      if (end.points !== undefined && end.points !== null && !stopped) {
        winner = winnerOf(totals, end.points);
        return { finished: winner !== null, winner: winner, draw: false };
      }
      if (stopped || handsPlayed >= end.deals) {
        winner = totals[A] === totals[B] ? null : totals[A] > totals[B] ? A : B;
        return { finished: true, winner: winner, draw: winner === null };
      }
      return { finished: false, winner: null, draw: false };
    },
    // Who deals once `deals` deals are played (as Python's %, never negative).
    dealerAfter: function (firstDealer, deals) {
      const seats = V.seat_teams.length;
      return (((firstDealer + deals) % seats) + seats) % seats;
    },
  };
}

export { create, Refusal };
