"""POST /api/v1/count and POST /api/v1/melds: answers worked on paper, and every refusal in French."""

from __future__ import annotations

import pytest

ALL_CARDS = [rank + suit for suit in "SHDC" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]


@pytest.mark.parametrize(
    ("body", "answer"),
    [
        # J♥ 20 + 9♥ 14 + A♠ 11 + J♠ 2 + four cards worth nothing + dix de der 10.
        (
            {"mode": "hearts", "cards": ["JH", "9H", "AS", "JS", "7S", "8S", "7D", "8D"], "last_trick": True},
            {"points": 57, "cards": 8},
        ),
        ({"mode": "no_trump", "cards": ["AS", "AH"], "last_trick": False}, {"points": 38, "cards": 2}),
        ({"mode": "all_trump", "cards": ["JS", "9H"], "last_trick": False}, {"points": 23, "cards": 2}),
        ({"mode": "clubs", "cards": [], "last_trick": True}, {"points": 10, "cards": 0}),
        ({"mode": "spades", "cards": ALL_CARDS, "last_trick": True}, {"points": 162, "cards": 32}),
    ],
)
def test_count(client, body, answer):
    response = client.post("/api/v1/count", json=body)
    assert response.status_code == 200
    assert response.get_json() == answer


def test_melds_of_one_hand(client):
    response = client.post("/api/v1/melds", json={"mode": "hearts", "cards": ["8S", "9S", "10S", "AD", "7C"]})
    assert response.status_code == 200
    assert response.get_json() == {
        "melds": [{"code": "tierce", "cards": ["8S", "9S", "10S"], "value": 20}],
        "total": 20,
        "belote": False,
        "belotes": 0,
    }


def test_melds_carre_and_belote(client):
    body = {"mode": "spades", "cards": ["JS", "JH", "JD", "JC", "9S", "10S", "KS", "QS"]}
    assert client.post("/api/v1/melds", json=body).get_json() == {
        "melds": [{"code": "carre_J", "cards": ["JS", "JH", "JD", "JC"], "value": 200}],
        "total": 200,
        "belote": True,
        "belotes": 1,
    }


def test_melds_carre_of_aces_in_sans_atout(client):
    body = {"mode": "no_trump", "cards": ["AS", "AH", "AD", "AC", "KH", "QH"]}
    assert client.post("/api/v1/melds", json=body).get_json() == {
        "melds": [{"code": "carre_A", "cards": ["AS", "AH", "AD", "AC"], "value": 200}],
        "total": 200,
        "belote": False,
        "belotes": 0,
    }


@pytest.mark.parametrize(
    ("hands", "mode", "winner", "reason"),
    [
        (
            {"A": ["8S", "9S", "10S"], "B": ["8H", "9H", "10H"]},
            "hearts",
            "B",
            "suites égales (tierce au 10) : celle à l'atout (♥ cœur) l'emporte",
        ),
        (
            {"A": ["8S", "9S", "10S"], "B": ["8H", "9H", "10H"]},
            "clubs",
            None,
            "suites égales (tierce au 10) : personne ne marque ses annonces",
        ),
        ({"A": ["KS", "KH", "KD", "KC"], "B": ["9C", "10C", "JC", "QC", "KC"]}, "hearts", None, None),
        (
            {"A": ["AS", "AH", "AD", "AC"], "B": ["JS", "JH", "JD", "JC"]},
            "no_trump",
            "A",
            "à valeur égale (200), le carré d'as est le plus haut carré",
        ),
        ({"A": [], "B": []}, "hearts", None, "aucune annonce"),
    ],
)
def test_melds_of_two_hands(client, hands, mode, winner, reason):
    response = client.post("/api/v1/melds", json={"mode": mode, "hands": hands})
    if reason is None:  # the same K♣ in both hands
        assert response.status_code == 422
        assert response.get_json() == {"error": "« hands » : la carte KC (roi de trèfle) est dans les deux mains."}
        return
    assert response.status_code == 200
    answer = response.get_json()
    assert (answer["winner"], answer["reason"]) == (winner, reason)
    assert set(answer["hands"]) == {"A", "B"}


def test_two_hands_give_each_hand_its_melds(client):
    body = {"mode": "hearts", "hands": {"A": ["7D", "8D", "9D", "10D"], "B": ["QH", "KH", "AH"]}}
    answer = client.post("/api/v1/melds", json=body).get_json()
    assert answer["hands"]["A"]["total"] == 50
    assert answer["hands"]["B"] == {
        "melds": [{"code": "tierce", "cards": ["QH", "KH", "AH"], "value": 20}],
        "total": 20,
        "belote": True,
        "belotes": 1,
    }
    assert answer["winner"] == "A"
    assert answer["reason"] == "meilleure annonce : cinquante au 10 ♦ 50 contre tierce à l'as ♥ 20"


COUNT_REFUSALS = [
    ([], "Le corps de la requête doit être un objet JSON."),
    ({"cards": [], "last_trick": True}, "« mode » est requis."),
    ({"mode": "hearts", "last_trick": True}, "« cards » est requis."),
    ({"mode": "hearts", "cards": []}, "« last_trick » est requis."),
    ({"mode": "hearts", "cards": [], "last_trick": True, "team": "A"}, "Clé inconnue : « team »."),
    ({"mode": "coeur", "cards": [], "last_trick": True}, "« mode » doit valoir"),
    ({"mode": "hearts", "cards": [], "last_trick": 1}, "« last_trick » doit valoir true"),
    ({"mode": "hearts", "cards": "JH", "last_trick": True}, "« cards » doit être une liste de cartes"),
    ({"mode": "hearts", "cards": ["JH", "11H"], "last_trick": True}, "« cards » : carte inconnue « 11H »"),
    ({"mode": "hearts", "cards": ["jh"], "last_trick": True}, "« cards » : carte inconnue « jh »"),
    ({"mode": "hearts", "cards": [7], "last_trick": True}, "« cards » : carte inconnue 7"),
    (
        {"mode": "hearts", "cards": ["JH", "9H", "JH"], "last_trick": True},
        "« cards » : la carte JH (valet de cœur) est donnée deux fois.",
    ),
    (
        {"mode": "hearts", "cards": ALL_CARDS + ["7S"], "last_trick": True},
        "« cards » : 33 cartes, le jeu n'en a que 32.",
    ),
]


@pytest.mark.parametrize(("body", "message"), COUNT_REFUSALS)
def test_count_refusals(client, body, message):
    response = client.post("/api/v1/count", json=body)
    assert response.status_code == 422
    assert response.get_json()["error"].startswith(message)


EIGHT = ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]

MELDS_REFUSALS = [
    ("null", "Le corps de la requête doit être un objet JSON."),
    ({"cards": []}, "« mode » est requis."),
    ({"mode": "hearts"}, "Donnez soit « cards »"),
    ({"mode": "hearts", "cards": [], "hands": {"A": [], "B": []}}, "Donnez soit « cards »"),
    ({"mode": "hearts", "cards": [], "last_trick": True}, "Clé inconnue : « last_trick »."),
    ({"mode": "atout", "cards": []}, "« mode » doit valoir"),
    ({"mode": "hearts", "cards": EIGHT + ["7H"]}, "« cards » : 9 cartes, une main en a 8 au plus."),
    ({"mode": "hearts", "cards": ["QS", "QS"]}, "« cards » : la carte QS (dame de pique) est donnée deux fois."),
    ({"mode": "hearts", "cards": ["ZZ"]}, "« cards » : carte inconnue « ZZ »"),
    ({"mode": "hearts", "hands": ["7S"]}, "« hands » doit donner la main d'un joueur de chaque équipe"),
    ({"mode": "hearts", "hands": {"A": []}}, "« hands » doit donner la main d'un joueur de chaque équipe"),
    ({"mode": "hearts", "hands": {"A": [], "B": [], "C": []}}, "« hands » doit donner la main"),
    ({"mode": "hearts", "hands": {"A": EIGHT + ["7H"], "B": []}}, "« hands.A » : 9 cartes, une main en a 8 au plus."),
    ({"mode": "hearts", "hands": {"A": [], "B": ["XX"]}}, "« hands.B » : carte inconnue « XX »"),
    ({"mode": "hearts", "hands": {"A": [], "B": "7S"}}, "« hands.B » doit être une liste de cartes"),
    (
        {"mode": "hearts", "hands": {"A": ["7S"], "B": ["7S"]}},
        "« hands » : la carte 7S (7 de pique) est dans les deux mains.",
    ),
]


@pytest.mark.parametrize(("body", "message"), MELDS_REFUSALS)
def test_melds_refusals(client, body, message):
    if body == "null":
        response = client.post("/api/v1/melds", data="null", content_type="application/json")
    else:
        response = client.post("/api/v1/melds", json=body)
    assert response.status_code == 422
    assert response.get_json()["error"].startswith(message)


@pytest.mark.parametrize("path", ["/api/v1/count", "/api/v1/melds"])
def test_a_body_that_is_not_json_is_refused(client, path):
    response = client.post(path, data="mode=hearts")
    assert response.status_code == 415
    assert "JSON" in response.get_json()["error"]
    response = client.post(path, data="{", content_type="application/json")
    assert response.status_code == 422


@pytest.mark.parametrize("path", ["/api/v1/count", "/api/v1/melds"])
def test_get_is_not_allowed(client, path):
    response = client.get(path)
    assert response.status_code == 405
    assert response.get_json() == {"error": "Méthode non permise pour cette adresse."}
