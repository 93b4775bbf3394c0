"""The deal form's fields and a hand's JSON are mapped twice: by the server's DealForm
(`fill_from` for an edit, `to_body` for a save) and, since the phone saves and edits offline, by
static/deal_fields.js (`fill`, `read`). On 3,000 random stored hands, the one page fills its form
with each (and, for some, switches the points to the defense's count, as a player may), reads it
back, and must give exactly what DealForm gives for the same hand and the same switch.
"""

from __future__ import annotations

import random

from scorekeeper.belote.terms import CARD_POINTS_TOTAL, CONTRACT_TITLES, MAX_BELOTES, Coinche, Meld, Mode
from scorekeeper.web.sheet.deal_form import DealForm

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
TEAMS = {"A": "Nous", "B": "Eux"}
CASES = 3000
CONTRACTS = [int(code) if code.isdigit() else code for code in CONTRACT_TITLES]

FILL_AND_READ = """async ([cases, total]) => {
  const form = document.getElementById("deal-form");
  const { create } = await import("/static/deal_fields.js");
  const fields = create(form, (await import("/static/vocabulary.js")).default);
  return cases.map(([input, defense]) => {
    fields.fill(input);
    const points = form.elements.points;
    if (defense && !form.elements.all_tricks.checked && points.value !== "") {
      form.querySelector('[name="points_team"][value="defense"]').checked = true;
      points.value = String(total - Number(points.value));
    }
    return fields.read();
  });
}"""


def random_input(rng: random.Random) -> dict:
    """A hand as the server stores it (what DealForm.to_body or the API wrote): a numeric contract
    has its points unless all the tricks were made (without them, `read` says what is missing)."""
    player = rng.randrange(4)
    data: dict = {"taker": "AB"[player % 2], "contract": rng.choice(CONTRACTS), "mode": rng.choice(list(Mode)).value}
    if rng.random() < 0.85:  # the API may store a hand without the player
        data["taker_player"] = player
    if rng.random() < 0.7:
        data["coinche"] = rng.choice(list(Coinche)).value
    if rng.random() < 0.15:
        data["all_tricks"] = True
        if rng.random() < 0.5:
            data["taker_points"] = CARD_POINTS_TOTAL
    elif isinstance(data["contract"], int) or rng.random() < 0.5:  # a capot or a générale may have none
        data["taker_points"] = rng.randint(0, CARD_POINTS_TOTAL)
    if rng.random() < 0.5:
        data["melds"] = {team: [rng.choice(list(Meld)).value for _ in range(rng.randint(0, 4))] for team in "AB"}
    if rng.random() < 0.4:
        data["belote"] = {team: rng.randint(0, MAX_BELOTES) for team in "AB"}
    if rng.random() < 0.3:
        data["best_meld"] = rng.choice(["A", "B", "none"])
    # Who coinched and surcoinched: mostly as stored (a defender, a taker, at that level), and some
    # a page would hide (the level or the taker changed since the tap), which neither side sends.
    for name in ("coinched_by", "surcoinched_by"):
        if data.get("coinche", "none") != "none" and rng.random() < 0.6:
            of_takers = name == "surcoinched_by"
            seats = [seat for seat in range(4) if (seat % 2 == player % 2) is of_takers]
            data[name] = rng.choice(seats) if rng.random() < 0.8 else rng.randrange(4)
        elif rng.random() < 0.05:
            data[name] = rng.randrange(4)
    return data


def python_body(data: dict, defense: bool) -> dict:
    form = DealForm()
    form.set_players(PLAYERS, TEAMS)
    form.fill_from(data, 1)
    if defense and not form.all_tricks.data and form.points.data is not None:
        form.points.data = CARD_POINTS_TOTAL - form.points.data
        form.points_team.data = "defense"
    return form.to_body()


def test_the_page_fills_and_reads_its_form_as_dealform_does(app, client, page, base_url):
    rng = random.Random(12)
    cases = [(random_input(rng), rng.random() < 0.3) for _ in range(CASES)]
    with app.test_request_context():
        expected = [python_body(data, defense) for data, defense in cases]
    game_id = client.post("/api/v1/games", json={"players": PLAYERS, "teams": TEAMS}).get_json()["id"]
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    got = page.evaluate(FILL_AND_READ, [cases, CARD_POINTS_TOTAL])
    differences = [(case, want, have) for case, want, have in zip(cases, expected, got, strict=True) if want != have]
    assert not differences, f"{len(differences)} of {CASES} differ; the first: {differences[:3]}"
    assert sum(1 for _, defense in cases if defense) > 500 and sum("melds" in body for body in expected) > 1000
    assert (
        sum("coinched_by" in body for body in expected) > 400
        and sum("surcoinched_by" in body for body in expected) > 150
    )
    pairs = zip(cases, expected, strict=True)
    dropped = sum("coinched_by" in data and "coinched_by" not in body for (data, _), body in pairs)
    assert dropped > 50  # choices the page hides, left out by both
