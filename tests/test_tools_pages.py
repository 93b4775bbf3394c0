"""The card counter and the meld checker without JavaScript: plain GET forms through the test client."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest


def text(response) -> str:
    """The page's visible words, tags dropped, spaces squeezed."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def get(client, path, **params):
    return client.get(path + "?" + urlencode(params, doseq=True))


# --- the counter ------------------------------------------------------------------------------


def test_the_counter_lays_out_32_cards_by_suit(client):
    response = client.get("/outils/compter")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.count('type="checkbox" name="cards"') == 32
    assert html.count('class="deck-row"') == 4
    for letter in ("V", "D", "R"):
        assert f'<span class="pc-rank">{letter}</span>' in html
    assert 'class="pc pc-red"' in html and "♥" in html
    assert "Compter les plis" in text(response)
    assert 'style="' not in html and "<script>" not in html  # ready for a CSP without inline code


def test_counting_a_pile(client):
    response = get(
        client,
        "/outils/compter",
        mode="hearts",
        cards=["JH", "9H", "AS", "JS", "7S", "8S", "7D", "8D"],
        last_trick="1",
        compter="1",
    )
    assert response.status_code == 200
    words = text(response)
    assert "Équipe A : 57 points · 8 cartes" in words
    assert "Équipe B : 105 points · 24 cartes" in words
    assert "dix de der : Équipe A" in words
    html = response.get_data(as_text=True)
    assert 'value="JH" checked' in html and 'value="QH" checked' not in html
    assert 'value="hearts" checked' in html
    assert 'name="last_trick" value="1" checked' in html
    assert "Reporter dans la donne" not in words  # nowhere to report to


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"mode": "no_trump", "cards": ["AS", "AH"], "team": "B"}, "Équipe B : 38 points · 2 cartes"),
        ({"mode": "no_trump", "cards": ["AS", "AH"], "team": "B"}, "Équipe A : 124 points · 30 cartes"),
        ({"mode": "all_trump", "cards": ["JS"], "last_trick": "1"}, "Équipe A : 24 points · 1 carte "),
        ({"mode": "spades", "compter": "1"}, "Équipe A : 0 point · 0 carte "),
        ({"mode": "spades", "compter": "1"}, "Équipe B : 162 points · 32 cartes"),
    ],
)
def test_counts(client, params, expected):
    assert expected in text(get(client, "/outils/compter", **params))


def test_nothing_is_counted_until_asked(client):
    words = text(get(client, "/outils/compter", mode="hearts", team="A"))
    assert "Touchez les cartes du tas." in words
    assert " points " not in words
    assert "Choisissez l'atout, puis touchez les cartes du tas." in text(client.get("/outils/compter"))


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"cards": ["JH"]}, "Choisissez l'atout : la valeur des cartes en dépend."),
        ({"mode": "trumps", "compter": "1"}, "Choisissez l'atout"),
        (
            {"mode": "hearts", "cards": ["JH", "JH"]},
            "« Cartes du tas » : la carte JH (valet de cœur) est donnée deux fois.",
        ),
        ({"mode": "hearts", "cards": ["ZH"]}, "« Cartes du tas » : carte inconnue « ZH »"),
        ({"mode": "hearts", "cards": ["JH"] * 33}, "« Cartes du tas » : 33 cartes, le jeu n'en a que 32."),
    ],
)
def test_the_counter_refuses_what_cannot_be_a_pile(client, params, message):
    response = get(client, "/outils/compter", **params)
    assert response.status_code == 422
    assert message in text(response)


def test_the_pile_goes_back_to_the_deal_form(client):
    back = "/parties/k3v9q2/donnes/nouvelle"
    response = get(
        client, "/outils/compter", mode="clubs", team="B", cards=["JC", "9C"], compter="1", **{"return": back}
    )
    html = response.get_data(as_text=True)
    assert f'<input type="hidden" name="return" value="{back}">' in html
    assert f'href="{back}?points=34&amp;team=B">Reporter dans la donne</a>' in html


def test_the_deal_form_may_name_the_pile_by_side(client):
    """The deal form sends team=takers or team=defense, and gets the same word back."""
    response = get(
        client,
        "/outils/compter",
        mode="hearts",
        team="defense",
        cards=["JH"],
        compter="1",
        **{"return": "/parties/x/donnes/3/modifier?from=sheet&points=12#points"},
    )
    words, html = text(response), response.get_data(as_text=True)
    assert "Défense : 20 points · 1 carte" in words and "Preneurs : 142 points · 31 cartes" in words
    assert 'href="/parties/x/donnes/3/modifier?from=sheet&amp;points=20&amp;team=defense#points"' in html


@pytest.mark.parametrize(
    "back",
    [
        "//evil.example/x",
        "https://evil.example/",
        "/\\evil.example",
        "javascript:alert(1)",
        "parties/x",
        "/\t/evil.example",
        "\\\\evil.example",
        "http:/x",
        "",
    ],
)
def test_no_open_redirect(client, back):
    response = get(client, "/outils/compter", mode="hearts", cards=["JH"], **{"return": back})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Reporter dans la donne" not in html
    assert 'name="return"' not in html


# --- the meld checker ---------------------------------------------------------------------------


def test_the_meld_checker_has_two_decks(client):
    html = client.get("/outils/annonces").get_data(as_text=True)
    assert html.count('type="checkbox" name="a"') == 32
    assert html.count('type="checkbox" name="b"') == 32
    assert "Vérifier les annonces" in html


def test_one_hand_melds(client):
    response = get(client, "/outils/annonces", mode="spades", a=["JS", "JH", "JD", "JC", "9S", "10S", "KS", "QS"])
    assert response.status_code == 200
    words = text(response)
    assert "carré de valets V♠ V♥ V♦ V♣ 200" in words
    assert "tierce" not in words
    assert "Annonces : 200" in words
    assert "Belote (20 de plus)." in words
    assert "8 cartes sur 8." in words
    assert 'class="tool-verdict"' not in response.get_data(as_text=True)  # one hand: nothing to compare


def test_carre_of_aces_in_sans_atout_and_no_belote(client):
    words = text(get(client, "/outils/annonces", mode="no_trump", a=["AS", "AH", "AD", "AC", "KH", "QH"]))
    assert "carré d'as A♠ A♥ A♦ A♣ 200" in words
    assert "Pas de belote." in words


def test_two_belotes_in_tout_atout(client):
    words = text(get(client, "/outils/annonces", mode="all_trump", a=["KS", "QS", "KH", "QH"], verifier="1"))
    assert "Aucune annonce." in words and "2 belotes (40 de plus)." in words


@pytest.mark.parametrize(
    ("mode", "a", "b", "verdict"),
    [
        (
            "hearts",
            ["8S", "9S", "10S"],
            ["8H", "9H", "10H"],
            "L'équipe B marque ses annonces — suites égales (tierce au 10) : celle à l'atout (♥ cœur) l'emporte.",
        ),
        (
            "clubs",
            ["8S", "9S", "10S"],
            ["8H", "9H", "10H"],
            "Suites égales (tierce au 10) : personne ne marque ses annonces.",
        ),
        ("hearts", ["7S"], ["8S"], "Aucune annonce."),
        (
            "diamonds",
            ["AS", "AH", "AD", "AC"],
            ["9C", "10C", "JC", "QC", "KC"],
            "L'équipe A marque ses annonces — à valeur égale (100), un carré bat une suite.",
        ),
    ],
)
def test_two_hands_which_team_scores(client, mode, a, b, verdict):
    response = get(client, "/outils/annonces", mode=mode, a=a, b=b)
    assert response.status_code == 200
    assert verdict in text(response)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"a": ["JS"]}, "Choisissez l'atout : la valeur des cartes en dépend."),
        (
            {"mode": "hearts", "a": ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7H"]},
            "« Main de l'équipe A » : 9 cartes, une main en a 8 au plus.",
        ),
        (
            {"mode": "hearts", "b": ["7S"] * 2},
            "« Main de l'équipe B » : la carte 7S (7 de pique) est donnée deux fois.",
        ),
        (
            {"mode": "hearts", "a": ["AS"], "b": ["AS", "7D"]},
            "La carte A♠ (as de pique) est dans les deux mains : choisissez-la une fois.",
        ),
    ],
)
def test_the_meld_checker_refusals(client, params, message):
    response = get(client, "/outils/annonces", **params)
    assert response.status_code == 422
    assert message in text(response)


def test_the_pages_write_nothing(client):
    assert client.post("/outils/compter").status_code in (400, 405)
    assert client.post("/outils/annonces").status_code in (400, 405)
