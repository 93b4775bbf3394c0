"""The deal form's preview is scored on the phone (static/engine.js): each tap and keystroke shows
the right score at once, and no request leaves the page while the deal is entered.

Expected scores, worked on paper from docs/scoring.md (team A: Ana and Chloé, "Nous"; B: "Eux"):
- Ana (A) takes 80 ♥ with 92 points (worked example 1): 92 + 0 ≥ 80 and 92 > 70: made;
  A 90 + 80 = 170, B 70.
- 85 points instead (example 2): 85 > 77: made; A 85 → 90 + 80 = 170, B 77 → 80.
- back to 92, A declares a tierce: 92 + 20 = 112 ≥ 80 and > 70: made; A 90 + 80 + 20 = 190, B 70.
- B declares a tierce too: two equal sequences, only the table knows which is best: the
  "Annonces égales" question, no score.
- the table says B's: 92 ≥ 80 and 92 > 70 + 20 = 90: made; A 90 + 80 = 170, B 70 + 20 = 90.
- the table says A's: 190 / 70 again; nobody's ("Personne"): 170 / 70.
- coinche on top, the table saying A's: 90 + 80 × 2 + 20 = 270, B 70.

A game that plays a house rule (docs/house-rules.md) previews with it: with `coinche_scope: whole`, Ana
takes 110 ♥ coinché with 95 points, a cinquante and the belote for A: 95 + 50 + 20 = 165 ≥ 110 and
> 67: made; A (100 + 110 + 50) × 2 + 20 = 540, B 67 → 70 (docs/house-rules.md's example; docs/scoring.md's
rules give 100 + 220 + 50 + 20 = 390 / 70).
"""

from __future__ import annotations

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]


def scores(page) -> tuple[int, int]:
    """The preview's two scores, A then B, as they are now (no waiting: it must be at once)."""
    shown = page.locator("#preview h2 .points").all_inner_texts()
    assert len(shown) == 2, page.inner_text("#preview")
    return int(shown[0]), int(shown[1])


def head(page) -> str:
    return page.inner_text("#preview .preview-head")


def choose(page, fieldset: str, text: str) -> None:
    page.locator(f"#f-{fieldset} label", has_text=text).first.click()


def best_meld(page, value: str) -> None:
    page.locator(f"#f-best_meld input[value='{value}']").locator("xpath=..").click()


def open_deal_form(page, client, base_url, rules: dict | None = None) -> list[str]:
    """The new-deal form of a new game (`rules`: its rules), loaded and settled; then every request is recorded."""
    game = {"players": PLAYERS, **({"rules": rules} if rules else {})}
    game_id = client.post("/api/v1/games", json=game).get_json()["id"]
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    page.wait_for_load_state("networkidle")  # the form's one request (the sheet, for saving) is done
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")  # and its install
    page.wait_for_load_state("networkidle")
    requests: list[str] = []
    # The context's requests: the page's, and any its service worker would make for it.
    page.context.on("request", lambda request: requests.append(f"{request.method} {request.url}"))
    return requests


def test_each_tap_shows_the_score_at_once_with_no_request(page, client, base_url, screenshot):
    requests = open_deal_form(page, client, base_url)
    assert "Le score de la donne s'affiche ici." in page.inner_text("#preview")

    choose(page, "taker_player", "Ana")
    assert page.inner_text("#preview") == "À choisir : le contrat, l'atout."  # points: once the contract is a number
    choose(page, "contract", "80")
    assert page.inner_text("#preview") == "À choisir : l'atout, les points faits."
    choose(page, "mode", "♥")
    assert page.inner_text("#preview") == "À choisir : les points faits."

    page.fill("#points", "92")  # example 1
    assert head(page) == "Contrat fait"
    assert scores(page) == (170, 70)
    page.fill("#points", "85")  # example 2
    assert scores(page) == (170, 80)
    page.fill("#points", "92")
    assert scores(page) == (170, 70)

    page.click("text=Annonces et belote")
    page.locator("#f-melds-A .adder", has_text="Tierce").click()
    assert scores(page) == (190, 70)
    assert "Annonces (tierce)" in page.inner_text("#preview")
    screenshot(page, "deal-form-preview-local")

    assert requests == [], requests


def test_equal_melds_ask_which_is_best_with_no_request(page, client, base_url, screenshot):
    requests = open_deal_form(page, client, base_url)
    assert page.locator("#f-best_meld").is_hidden()

    choose(page, "taker_player", "Ana")
    choose(page, "contract", "80")
    choose(page, "mode", "♥")
    page.fill("#points", "92")
    page.click("text=Annonces et belote")
    page.locator("#f-melds-A .adder", has_text="Tierce").click()
    assert scores(page) == (190, 70)
    assert page.locator("#f-best_meld").is_hidden()

    page.locator("#f-melds-B .adder", has_text="Tierce").click()  # a tierce each: equal
    assert page.locator("#f-best_meld").is_visible()
    assert "Annonces égales" in page.inner_text("#f-best_meld legend")
    assert page.inner_text("#preview") == "Annonces égales : dites laquelle est la meilleure."
    screenshot(page, "deal-form-preview-local-equal-melds")

    best_meld(page, "B")
    assert head(page) == "Contrat fait"
    assert scores(page) == (170, 90)
    best_meld(page, "A")
    assert scores(page) == (190, 70)
    best_meld(page, "none")
    assert scores(page) == (170, 70)
    best_meld(page, "A")
    choose(page, "coinche", "Coinche")
    assert scores(page) == (270, 70)

    assert requests == [], requests


def test_a_house_rule_of_the_game_scores_the_preview_with_no_request(page, client, base_url, screenshot):
    requests = open_deal_form(page, client, base_url, rules={"coinche_scope": "whole"})
    choose(page, "taker_player", "Ana")
    choose(page, "contract", "110")
    choose(page, "mode", "♥")
    choose(page, "coinche", "Coinche")
    page.fill("#points", "95")
    page.click("text=Annonces et belote")
    page.locator("#f-melds-A .adder", has_text="Cinquante").click()
    page.locator("#f-melds-A .adder", has_text="Belote").click()
    assert head(page) == "Contrat fait"
    assert scores(page) == (540, 70)
    preview = page.inner_text("#preview")
    for line in (
        "Points faits arrondis (95 → 100) × 2 (coinché)",
        "Contrat 110 × 2 (coinché)",
        "Annonces (cinquante) × 2 (coinché)",
        "Belote",
    ):
        assert line in preview, preview
    screenshot(page, "deal-form-preview-local-house-rule")

    assert requests == [], requests
