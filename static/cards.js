/* The cards for the deal form's card counter and meld checker (static/disputes.js): a port of the
   Python, which is the reference (belote/cards.py: pile_points; belote/melds.py: find_melds, belotes,
   compare_hands; web/tools/routes.py: deal_fields, and the verdict and its report in words).
   tests/test_cards_differential.py holds the two equal on thousands of random piles and hands. Every
   number and word of the game comes in `vocabulary` (script_vocabulary(), from belote/); the
   comparison of two best melds is engine.js's. A card is its code, rank then suit: "10H", "JS".
     import { create } from "./cards.js";
     const cards = create(vocabulary);
     cards.pilePoints(["JH", "9H"], "hearts", true);  // 44
     cards.check(["8S", "9S", "10S"], "hearts");       // {cards, melds: [{code, cards, value, name, label}], total, belotes} */
import { create as createEngine } from "./engine.js";

function create(V) {
  const engine = createEngine(V),
    A = V.teams[0],
    B = V.teams[1];
  const rank = (card) => card.slice(0, -1),
    suit = (card) => card.slice(-1);
  const order = (card) => V.ranks.indexOf(rank(card));
  const sortKey = (card) => [V.suits.indexOf(suit(card)), order(card)];
  // Python's comparison of tuples and lists (of numbers and booleans, lists of them): -1, 0 or 1.
  function compare(x, y) {
    if (!Array.isArray(x)) return x === y ? 0 : x > y ? 1 : -1;
    for (let i = 0; i < x.length && i < y.length; i++) {
      const c = compare(x[i], y[i]);
      if (c) return c;
    }
    return compare(x.length, y.length);
  }
  const sorted = (cards) => cards.slice().sort((x, y) => compare(sortKey(x), sortKey(y)));
  const isCarre = (code) => code in V.carre_ranks;
  const label = (card) => V.rank_letters[rank(card)] + V.suit_symbols[suit(card)];
  const name = (card) => V.rank_names[rank(card)] + " de " + V.suit_names[suit(card)];

  function meld(code, cards, mode) {
    const top = cards[cards.length - 1];
    const named = V.meld_labels[code] + (isCarre(code) ? "" : " " + V.top_card_words[rank(top)]);
    return {
      code: code,
      cards: cards,
      value: engine.meldPoints(code, mode),
      name: named,
      label: isCarre(code) ? named : named + " " + V.suit_symbols[suit(top)],
    };
  }

  function runs(cards, mode) {
    // every run of three cards or more, each one meld however long
    const found = [];
    let run = [];
    const end = () => {
      if (run.length >= 3) found.push(meld(V.run_melds[run.length - 3], run, mode));
    };
    sorted(cards).forEach((card) => {
      const last = run[run.length - 1];
      if (last && (suit(card) !== suit(last) || order(card) !== order(last) + 1)) {
        end();
        run = [];
      }
      run.push(card);
    });
    end();
    return found;
  }

  // How melds compare: value, then a carré over a sequence, then its rank, then a sequence's top card, then trump.
  function strength(m, mode) {
    if (isCarre(m.code)) return [m.value, 1, V.carre_ranks[m.code], 0, 0];
    const top = m.cards[m.cards.length - 1];
    return [m.value, 0, 0, order(top), suit(top) === V.trump_suits[mode] ? 1 : 0];
  }

  function combinations(items, size) {
    // as itertools.combinations, in its order
    if (!size) return [[]];
    const found = [];
    items.forEach((item, i) => {
      for (const rest of combinations(items.slice(i + 1), size - 1)) found.push([item, ...rest]);
    });
    return found;
  }

  // The best declaration of one player's cards, strongest meld first (a card in one meld at most).
  function findMelds(cards, mode) {
    const carres = V.carres.filter((c) => V.suits.every((s) => cards.includes(c[0] + s)));
    let best = [],
      bestKey = [-1];
    for (let size = carres.length; size >= 0; size--) {
      combinations(carres, size).forEach((chosen) => {
        const declared = chosen.map((c) =>
          meld(
            c[1],
            V.suits.map((s) => c[0] + s),
            mode,
          ),
        );
        const used = declared.flatMap((m) => m.cards);
        declared.push(
          ...runs(
            cards.filter((card) => !used.includes(card)),
            mode,
          ),
        );
        declared.sort((x, y) => compare(strength(y, mode), strength(x, mode)));
        const key = [declared.reduce((sum, m) => sum + m.value, 0), declared.map((m) => strength(m, mode))];
        if (compare(key, bestKey) > 0) [best, bestKey] = [declared, key];
      });
    }
    return best;
  }

  const belotes = (cards, mode) =>
    V.belote_suits[mode].filter((s) => cards.includes("K" + s) && cards.includes("Q" + s)).length;

  // Which team scores its melds, {winner (null: nobody), reason}: the strongest single meld wins.
  function compareHands(meldsA, meldsB, mode) {
    const best = {};
    [
      [A, meldsA],
      [B, meldsB],
    ].forEach(([team, melds]) => {
      best[team] = melds.reduce(
        (top, m) => (!top || compare(strength(m, mode), strength(top, mode)) > 0 ? m : top),
        null,
      );
    });
    const told = (m) => m && { value: m.value, carre: isCarre(m.code) ? m.code : null, label: m.label };
    const outcome = engine.compareBestMelds(told(best[A]), told(best[B]));
    if (outcome) return outcome;
    const a = best[A],
      b = best[B],
      topA = a.cards[a.cards.length - 1],
      topB = b.cards[b.cards.length - 1];
    if (rank(topA) !== rank(topB)) {
      // two sequences of equal value: the cards decide
      const winner = order(topA) > order(topB) ? A : B,
        loser = winner === A ? B : A;
      return {
        winner: winner,
        reason:
          "suites de même valeur (" +
          a.value +
          ") : la plus haute carte l'emporte, " +
          best[winner].label +
          " contre " +
          best[loser].label,
      };
    }
    const trump = V.trump_suits[mode],
      equal = "suites égales (" + a.name + ") : ";
    if (trump && (suit(topA) === trump) !== (suit(topB) === trump)) {
      return {
        winner: suit(topA) === trump ? A : B,
        reason: equal + "celle à l'atout (" + V.suit_symbols[trump] + " " + V.suit_names[trump] + ") l'emporte",
      };
    }
    return { winner: null, reason: equal + "personne ne marque ses annonces" };
  }

  function check(cards, mode) {
    const melds = findMelds(cards, mode);
    return {
      cards: sorted(cards),
      melds: melds,
      total: melds.reduce((sum, m) => sum + m.value, 0),
      belotes: belotes(cards, mode),
    };
  }

  // The deal form's fields for a verdict, [name, value] (routes.deal_fields): the mode, each team's melds
  // and belotes above 0, and best_meld when both best melds are sequences of equal value.
  function dealFields(checks, mode, winner) {
    const fields = [["mode", mode]],
      codes = {};
    [A, B].forEach((team) => {
      codes[team] = checks[team].melds.map((m) => m.code);
      V.melds.forEach((code) => {
        const count = codes[team].filter((c) => c === code).length;
        if (count) fields.push(["melds_" + team + "_" + code, count]);
      });
    });
    [A, B].forEach((team) => {
      if (checks[team].belotes) fields.push(["belote_" + team, checks[team].belotes]);
    });
    if (!engine.compareBestMelds(engine.bestMeld(codes[A], mode), engine.bestMeld(codes[B], mode))) {
      fields.push(["best_meld", winner || "none"]);
    }
    return fields;
  }

  // A team as the checker names it: the game's name, or "Équipe A" (routes._team_words).
  function titles(names) {
    const named = names[A] || names[B],
      title = {};
    [A, B].forEach((team) => {
      title[team] = (named && names[team]) || "Équipe " + team;
    });
    return { named: !!named, title: title };
  }

  function verdict(winner, reason, names) {
    const words = titles(names);
    if (!winner) return reason[0].toUpperCase() + reason.slice(1) + ".";
    return (
      (words.named ? "Annonces marquées par " + words.title[winner] : "L'équipe " + winner + " marque ses annonces") +
      " — " +
      reason +
      "."
    );
  }

  function reported(fields, names) {
    // what the report puts in the deal, in words
    const values = Object.fromEntries(fields),
      title = titles(names).title;
    const lines = [A, B].map((team) => {
      const counts = V.melds.map((code) => [V.meld_labels[code], values["melds_" + team + "_" + code] || 0]);
      counts.push(["belote", values["belote_" + team] || 0]);
      const parts = counts.filter((c) => c[1]).map((c) => c[0] + (c[1] > 1 ? " ×" + c[1] : ""));
      return title[team] + " : " + (parts.length ? parts.join(", ") : "rien");
    });
    if ("best_meld" in values) {
      lines.push("Meilleure annonce : " + (values.best_meld === "none" ? "personne" : title[values.best_meld]));
    }
    return lines;
  }

  const pilePoints = (cards, mode, lastTrick) =>
    cards.reduce((sum, card) => sum + V.card_points[mode][suit(card)][order(card)], lastTrick ? V.last_trick_bonus : 0);

  return { pilePoints, findMelds, belotes, compareHands, check, dealFields, verdict, reported, label, name };
}

export { create };
