/* Whether some deal of 32 cards gives a table's declarations: a port of scorekeeper/belote/deals.py
   (deal_exists, its exact search; its docstring says how it searches), which static/declarations.js asks.
   tests/test_declarations_differential.py keeps the two equal.
     import { create } from "./deals.js";
     const deals = create(vocabulary, {isCarre, other});  // the engine's: a meld code a carré?, the other team
     deals.dealExists(melds, belote);  // melds (codes) and belotes (counts) by team: true or false */

import { has } from "./refusal.js";

function create(V, terms) {
  var A = V.teams[0], B = V.teams[1], isCarre = terms.isCarre, other = terms.other;
  var QUEEN = 5, KING = 6, BELOTE_RANKS = 1 << QUEEN | 1 << KING, ALL_RANKS = (1 << V.cards_per_suit) - 1;
  var NO_OWNER = -1, runsCache = {}, costCache = {}, dealCache = {}, dealsCached = 0;

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

  return {dealExists: dealExists, only: only, belotesOf: belotesOf};
}

export { create };
