/* The refusal of declarations no deal of 32 cards gives, naming the clash: a port of
   scorekeeper/belote/declarations.py (check_declarations), the same French sentences; static/deals.js
   decides. tests/test_declarations_differential.py keeps the two equal.
     import { create } from "./declarations.js";
     const declarations = create(vocabulary, {isCarre, other});  // the engine's: a meld code a carré?, the other team
     declarations.check(hand);  // a parsed hand: returns, or throws a Refusal (field "melds" or "belote") */

import { refuse } from "./refusal.js";
import { create as createDeals } from "./deals.js";

function create(V, terms) {
  var A = V.teams[0], B = V.teams[1], isCarre = terms.isCarre, other = terms.other, deals = createDeals(V, terms);
  var dealExists = deals.dealExists, only = deals.only, belotesOf = deals.belotesOf;
  var BELOTE_COUNT_WORDS = {1: "la belote", 2: "les deux belotes", 3: "les trois belotes", 4: "les quatre belotes"};

  function and(words) {
    return words.length === 1 ? words[0] : words.slice(0, -1).join(", ") + " et " + words[words.length - 1];
  }
  function labels(melds) { return melds.map(function (meld) { return V.meld_labels[meld]; }).join(", "); }
  function bySize(a, b) { return V.meld_cards[b] - V.meld_cards[a]; }  // largest first (a stable sort)
  function longest(runs) { return Math.max.apply(null, [0].concat(runs)); }
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

  return {check: checkDeclarations};
}

export { create };
