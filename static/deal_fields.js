// The deal form's fields and a hand's JSON, both ways, as the server's DealForm does it
// (scorekeeper/web/sheet/deal_form.py): `read` is its to_body, `fill` its fill_from. Written twice, so
// tests/browser/test_deal_fields.py holds each to the Python on thousands of hands.

function create(form, vocabulary) {
  function value(name) {
    const input = form.querySelector('[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  function number(name) {
    const input = form.elements[name];
    const n = input ? parseInt(input.value, 10) : NaN;
    return Number.isNaN(n) ? 0 : n;
  }

  // What is still to tap before the deal can be scored, in the form's words.
  function missing() {
    const names = [];
    if (value("taker_player") === null) names.push("qui a pris");
    if (value("contract") === null) names.push("le contrat");
    if (value("mode") === null) names.push("l'atout");
    const numeric = /^\d+$/.test(value("contract") || "");
    if (numeric && !form.elements.all_tricks.checked && form.elements.points.value.trim() === "")
      names.push("les points faits");
    return names;
  }

  // DealForm.to_body: what was tapped, as the service's JSON (with taker_player, which the
  // scoring leaves aside); null while something is missing.
  function hand() {
    if (missing().length) return null;
    const player = parseInt(value("taker_player"), 10);
    const contract = value("contract");
    const data = {
      taker: vocabulary.seat_teams[player],
      taker_player: player,
      contract: /^\d+$/.test(contract) ? parseInt(contract, 10) : contract,
      mode: value("mode"),
      coinche: value("coinche") || "none",
    };
    const points = form.elements.points.value.trim();
    if (form.elements.all_tricks.checked) data.all_tricks = true;
    if (points !== "") {
      // with all_tricks too: the rules refuse any but all the card points
      const p = /^\d+$/.test(points) ? parseInt(points, 10) : NaN;
      data.taker_points = value("points_team") === "defense" ? vocabulary.card_points_total - p : p;
    }
    const melds = { A: [], B: [] };
    form.querySelectorAll("[data-meld]").forEach(function (input) {
      // melds_A_tierce: team A
      for (let i = 0; i < number(input.name); i++) melds[input.name.charAt(6)].push(input.dataset.meld);
    });
    if (melds.A.length || melds.B.length) data.melds = melds;
    const belote = { A: number("belote_A"), B: number("belote_B") };
    if (belote.A || belote.B) data.belote = belote;
    const best = value("best_meld");
    if (best) data.best_meld = best;
    Object.assign(data, coinchers(data.taker, data.coinche));
    return data;
  }

  // DealForm.coinchers: only a name the page shows (the right team, at that level).
  function coinchers(taker, coinche) {
    const found = {};
    [
      ["coinched_by", ["coinche", "surcoinche"], false],
      ["surcoinched_by", ["surcoinche"], true],
    ].forEach(function ([name, levels, ofTakers]) {
      const tapped = value(name) || "";
      if (levels.indexOf(coinche) < 0 || !/^\d+$/.test(tapped)) return;
      const seat = parseInt(tapped, 10);
      if (seat < vocabulary.seat_teams.length && (vocabulary.seat_teams[seat] === taker) === ofTakers)
        found[name] = seat;
    });
    return found;
  }

  // The other way, DealForm.fill_from: a stored hand into the form (an edit opened offline).
  function fill(input) {
    function check(name, v) {
      const radio = form.querySelector('[name="' + name + '"][value="' + v + '"]');
      if (radio) radio.checked = true;
    }
    let player = input.taker_player;
    if (player === undefined || player === null) player = vocabulary.seat_teams.indexOf(input.taker);
    check("taker_player", player);
    check("contract", input.contract);
    check("mode", input.mode);
    check("coinche", input.coinche || "none");
    check("points_team", "takers");
    form.elements.all_tricks.checked = !!input.all_tricks;
    form.elements.points.value =
      input.taker_points === undefined || input.taker_points === null ? "" : input.taker_points;
    form.querySelectorAll("[data-meld]").forEach(function (field) {
      const codes = input.melds?.[field.name.charAt(6)] || [];
      field.value = codes.filter(function (code) {
        return code === field.dataset.meld;
      }).length;
    });
    ["A", "B"].forEach(function (team) {
      form.elements["belote_" + team].value = input.belote?.[team] || 0;
    });
    form.querySelectorAll('[name="best_meld"]').forEach(function (radio) {
      radio.checked = radio.value === input.best_meld;
    });
    ["coinched_by", "surcoinched_by"].forEach(function (name) {
      const seat = input[name];
      check(name, seat === undefined || seat === null ? "inconnu" : seat); // DealForm's UNKNOWN_COINCHER
    });
  }

  return { value: value, number: number, missing: missing, read: hand, fill: fill };
}

export { create };
