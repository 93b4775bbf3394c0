"""The meld checker opened from the deal form (issue #13): the game's team names, and its verdict
carried back into the deal by "Reporter dans la donne", without JavaScript.

The hands are worked on paper (docs/scoring.md, "Melds"):
- ♥: A holds Q♥ K♥ A♥ (tierce à l'as, and the belote), B 7♣ 8♣ 9♣ 10♣ (cinquante): B's 50 beats
  A's 20, a plain difference of value: no call. A keeps its belote.
- ♥: A 8♠ 9♠ 10♠, B 8♥ 9♥ 10♥: two tierces au 10, the one in trump wins: best_meld=B.
- ♣: the same two tierces, neither in trump: nobody scores, best_meld=none.
- ♣: A 10♠ V♠ D♠ (tierce à la dame), B 8♦ 9♦ 10♦ (au 10): the higher card wins, best_meld=A.
- ♦: A four aces (100), B 9♣ to K♣ (cent, 100): a carré beats a sequence of the same value: no call.
- sans atout: A four aces (200 there), B 7♠ to 10♠ (cinquante): no belote in sans atout.
- tout atout: A two tierces (7-8-9 ♠ and ♦) and K♥ Q♥ K♣ Q♣... eight cards at most: A 7♠ 8♠ 9♠ 7♦
  8♦ 9♦ K♥ Q♥: two tierces au 9 and a belote; B 7♣ 8♣ 9♣ K♠ Q♠: a tierce au 9 and a belote.
  Best melds: tierces au 9 on both sides, all in trump (tout atout): nobody, best_meld=none.
"""

from __future__ import annotations

import random
import re
from html import unescape
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.belote.best_meld import meld_winner
from scorekeeper.belote.cards import DECK, HAND_SIZE, Card, Rank, Suit
from scorekeeper.belote.game import Rules
from scorekeeper.belote.hand_json import parse_hand
from scorekeeper.belote.melds import compare_hands, find_melds
from scorekeeper.belote.terms import Mode
from scorekeeper.web.sheet.deal_form import DealForm
from tests.helpers import examples
from tests.pages import create_named_game, the_form

CHECKER = "/outils/annonces"
DEAL = "/parties/k3v9q2/donnes/nouvelle"
STATE = "contract=80&taker_player=0&coinche=none&request_id=r1&number=4"  # the deal form's state


def check(client, **params):
    return client.get(CHECKER + "?" + urlencode(params, doseq=True))


def report_href(response) -> str | None:
    match = re.search(
        r'<a class="button meld-report-link" href="([^"]*)">Reporter dans la donne</a>', response.get_data(as_text=True)
    )
    return unescape(match.group(1)) if match else None


def reported_fields(href: str) -> dict[str, str]:
    """The return address's query, minus the deal form's own state the checker must keep."""
    parts = urlsplit(href)
    assert parts.path == DEAL
    query = parse_qsl(parts.query, keep_blank_values=True)
    assert len({key for key, _ in query}) == len(query), query  # each field once
    fields = dict(query)
    for key, value in parse_qsl(STATE):
        assert fields.pop(key) == value  # the deal's state comes back untouched
    return fields


def text(response) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", response.get_data(as_text=True), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


PAPER_HANDS = [
    (
        "hearts",
        ["QH", "KH", "AH", "7S"],
        ["7C", "8C", "9C", "10C"],
        {"mode": "hearts", "melds_A_tierce": "1", "melds_B_cinquante": "1", "belote_A": "1"},
    ),
    (
        "hearts",
        ["8S", "9S", "10S"],
        ["8H", "9H", "10H"],
        {"mode": "hearts", "melds_A_tierce": "1", "melds_B_tierce": "1", "best_meld": "B"},
    ),
    (
        "clubs",
        ["8S", "9S", "10S"],
        ["8H", "9H", "10H"],
        {"mode": "clubs", "melds_A_tierce": "1", "melds_B_tierce": "1", "best_meld": "none"},
    ),
    (
        "clubs",
        ["10S", "JS", "QS"],
        ["8D", "9D", "10D"],
        {"mode": "clubs", "melds_A_tierce": "1", "melds_B_tierce": "1", "best_meld": "A"},
    ),
    (
        "diamonds",
        ["AS", "AH", "AD", "AC"],
        ["9C", "10C", "JC", "QC", "KC"],
        {"mode": "diamonds", "melds_A_carre_A": "1", "melds_B_cent": "1"},
    ),
    (
        "no_trump",
        ["AS", "AH", "AD", "AC", "KH", "QH"],
        ["7S", "8S", "9S", "10S"],
        {"mode": "no_trump", "melds_A_carre_A": "1", "melds_B_cinquante": "1"},
    ),
    (
        "all_trump",
        ["7S", "8S", "9S", "7D", "8D", "9D", "KH", "QH"],
        ["7C", "8C", "9C", "KS", "QS"],
        {
            "mode": "all_trump",
            "melds_A_tierce": "2",
            "melds_B_tierce": "1",
            "belote_A": "1",
            "belote_B": "1",
            "best_meld": "none",
        },
    ),
    ("spades", ["7H"], ["8H"], {"mode": "spades"}),  # nobody declares: nothing but the mode
]


@pytest.mark.parametrize(("mode", "a", "b", "expected"), PAPER_HANDS)
def test_the_return_carries_exactly_the_verdict(client, mode, a, b, expected):
    response = check(client, mode=mode, a=a, b=b, team_a="Filles", team_b="Garçons", **{"return": f"{DEAL}?{STATE}"})
    assert response.status_code == 200
    href = report_href(response)
    assert href is not None
    assert reported_fields(href) == expected


def test_the_checker_replaces_the_melds_already_in_the_deal(client):
    stale = "mode=spades&melds_A_cent=1&melds_B_carre_J=2&belote_B=1&best_meld=A"
    response = check(
        client,
        mode="hearts",
        a=["QH", "KH", "AH"],
        b=["7C", "8C", "9C", "10C"],
        **{"return": f"{DEAL}?{STATE}&{stale}#annonces"},
    )
    href = report_href(response)
    assert href.endswith("#annonces")
    assert reported_fields(href.split("#")[0]) == {
        "mode": "hearts",
        "melds_A_tierce": "1",
        "melds_B_cinquante": "1",
        "belote_A": "1",
    }


def test_what_goes_back_is_said_in_words(client):
    response = check(
        client,
        mode="hearts",
        a=["8S", "9S", "10S", "KH", "QH"],
        b=["8H", "9H", "10H"],
        team_a="Filles",
        team_b="Garçons",
        **{"return": f"{DEAL}?{STATE}"},
    )
    words = text(response)
    assert "Annonces marquées par Garçons — suites égales (tierce au 10) : celle à l'atout (♥ cœur) l'emporte." in words
    assert "Filles : tierce, belote Garçons : tierce Meilleure annonce : Garçons" in words


def test_no_report_without_a_verdict_or_a_way_back(client):
    assert report_href(check(client, mode="hearts", a=["8S", "9S", "10S"], b=["8H", "9H", "10H"])) is None
    only_a = check(client, mode="hearts", a=["8S", "9S", "10S"], **{"return": DEAL})
    assert "Reporter dans la donne" not in text(only_a)  # one hand: no verdict yet
    shared = check(client, mode="hearts", a=["8S"], b=["8S"], **{"return": DEAL})
    assert shared.status_code == 422 and "Reporter dans la donne" not in text(shared)


@pytest.mark.parametrize(
    "back",
    [
        "//evil.example/x",
        "https://evil.example/parties/x?contract=80",
        "/\\evil.example",
        "javascript:alert(1)",
        "parties/x",
        "/\t/evil.example",
        "\\\\evil.example",
        "http:/x",
        "",
    ],
)
def test_a_foreign_return_is_ignored(client, back):
    response = check(client, mode="hearts", a=["8S", "9S", "10S"], b=["8H", "9H", "10H"], **{"return": back})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Reporter dans la donne" not in html
    assert 'name="return"' not in html
    assert "evil" not in html


def test_the_way_back_is_kept_by_the_form(client):
    response = check(client, mode="clubs", team_a="Filles", team_b="Garçons", **{"return": f"{DEAL}?{STATE}"})
    html = response.get_data(as_text=True)
    assert f'<input type="hidden" name="return" value="{DEAL}?{STATE.replace("&", "&amp;")}">' in html
    assert '<input type="hidden" name="team_a" value="Filles">' in html
    assert '<input type="hidden" name="team_b" value="Garçons">' in html
    assert 'value="clubs" checked' in html  # the deal's mode, preselected
    assert "Reporter dans la donne" not in html  # nothing asked yet


def test_the_team_names_replace_a_and_b(client):
    response = check(
        client, mode="hearts", a=["8S", "9S", "10S"], b=["8H", "9H", "10H"], team_a="  Les   Filles ", team_b="Garçons"
    )
    words = text(response)
    assert "Les Filles — main d'un joueur" in words
    assert "Garçons — main d'un joueur (facultatif)" in words
    assert "Annonces marquées par Garçons — suites égales" in words
    assert "équipe A" not in words and "équipe B" not in words and "L'équipe" not in words
    refused = check(
        client,
        mode="hearts",
        a=["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7H"],
        team_a="Filles",
        team_b="Garçons",
    )
    assert refused.status_code == 422
    assert "« Main (Filles) » : 9 cartes, une main en a 8 au plus." in text(refused)


def test_one_team_named_the_other_keeps_its_letter(client):
    words = text(check(client, mode="hearts", a=["7S"], b=["8H", "9H", "10H"], team_a="Filles"))
    assert "Filles — main d'un joueur" in words and "Équipe B — main d'un joueur" in words
    assert "Annonces marquées par Équipe B — seule équipe à annoncer." in words


def test_the_team_names_are_escaped(client):
    evil = '<script>alert("x")</script>'
    response = check(
        client,
        mode="hearts",
        a=["8S", "9S", "10S"],
        b=["8H", "9H", "10H"],
        team_a="Nous",
        team_b=evil,
        **{"return": f"{DEAL}?{STATE}"},
    )
    html = response.get_data(as_text=True)
    assert "<script>alert" not in html
    assert html.count("&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") >= 4  # hint, legend, verdict, hidden input
    assert "Annonces marquées par " + evil in text(response)


def test_without_names_the_page_is_unchanged(client):
    words = text(check(client, mode="hearts", a=["8S", "9S", "10S"], b=["8H", "9H", "10H"]))
    assert "Main d'un joueur de l'équipe A" in words
    assert "L'équipe B marque ses annonces — suites égales" in words


def test_the_deal_form_takes_the_report_back(client):
    """Through the real deal form: its fields come back filled from the checker's verdict."""
    game_id = create_named_game(client, team_a="Filles", team_b="Garçons")
    deal = f"/parties/{game_id}/donnes/nouvelle"
    response = check(
        client,
        mode="hearts",
        a=["QH", "KH", "AH", "7S"],
        b=["7C", "8C", "9C", "10C"],
        team_a="Filles",
        team_b="Garçons",
        **{"return": f"{deal}?contract=80&taker_player=1&melds_A_cent=1"},
    )
    href = report_href(response)
    page = client.get(href)
    assert page.status_code == 200
    form = the_form(page.get_data(as_text=True))
    assert form.checked("contract") == ["80"] and form.checked("taker_player") == ["1"]
    assert form.checked("mode") == ["hearts"]
    assert form.value("melds_A_tierce") == "1" and form.value("melds_B_cinquante") == "1"
    assert form.value("melds_A_cent") == ""  # none: empty (issue 30)
    assert form.value("belote_A") == "1" and form.value("belote_B") == ""
    assert form.checked("best_meld") == []


def test_the_deal_form_may_submit_itself_whole(client):
    """The deal form's state sent as its own fields (a GET of the whole form, as "Compter les
    plis" does) with `return` its bare path: every field goes back, the melds replaced."""
    game_id = create_named_game(client, team_a="Filles", team_b="Garçons")
    deal = f"/parties/{game_id}/donnes/nouvelle"
    state = {
        **the_form(client.get(deal).get_data(as_text=True)).values(),
        "taker_player": "1",
        "contract": "90",
        "mode": "hearts",
        "points": "70",
        "melds_A_cent": "1",
        "csrf_token": "t0k3n",
    }
    assert (state.pop("team_a"), state.pop("team_b"), state.pop("return")) == ("Filles", "Garçons", deal)  # its own
    opened = check(client, **state, team_a="Filles", team_b="Garçons", **{"return": deal})
    assert 'value="hearts" checked' in opened.get_data(as_text=True)
    kept = re.search(r'<input type="hidden" name="return" value="([^"]*)">', opened.get_data(as_text=True))
    back = unescape(kept.group(1))
    assert "csrf_token" not in back and "contract=90" in back and "melds_A_cent=1" in back

    # The checker's own form carries that address from check to check.
    response = check(
        client,
        mode="hearts",
        a=["QH", "KH", "AH", "7S"],
        b=["7C", "8C", "9C", "10C"],
        team_a="Filles",
        team_b="Garçons",
        **{"return": back},
    )
    form = the_form(client.get(report_href(response)).get_data(as_text=True))
    assert form.checked("contract") == ["90"] and form.checked("taker_player") == ["1"]
    assert form.value("points") == "70"
    assert form.value("request_id") == state["request_id"] and form.value("number") == "1"
    assert form.value("melds_A_tierce") == "1" and form.value("melds_B_cinquante") == "1"
    assert form.value("melds_A_cent") == "" and form.value("belote_A") == "1"


def rich_hand(rng: random.Random, taken: set[Card]) -> list[Card]:
    """A hand of 1 to 8 cards not in `taken`, likely to hold a run (often a tierce) or a carré."""
    wanted: list[Card] = []
    if rng.random() < 0.8:
        suit, length = rng.choice(list(Suit)), rng.choice([3, 3, 3, 4, 5, 6])
        start = rng.randrange(0, len(Rank) - length + 1)
        wanted += [Card(rank, suit) for rank in list(Rank)[start : start + length]]
    if rng.random() < 0.2:
        rank = rng.choice([Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])
        wanted += [Card(rank, suit) for suit in Suit]
    wanted += rng.sample(DECK, len(DECK))  # then any cards, to fill the hand
    hand: list[Card] = []
    for card in wanted:
        if card not in taken and card not in hand:
            hand.append(card)
    return hand[: rng.randint(1, HAND_SIZE)] if len(hand) > 3 and rng.random() < 0.3 else hand[:HAND_SIZE]


def test_the_deal_scores_the_melds_as_the_checker_said(app, client):
    """On 400 random pairs of hands (80 in `make check`), the deal the report fills gives the melds
    to the team the checker named (the deal form's own reading of its fields, then the scoring rules)."""
    rng = random.Random(13)
    declared = called = 0
    pairs = examples(400)
    for _ in range(pairs):
        mode = rng.choice(list(Mode))
        a = rich_hand(rng, set())
        b = rich_hand(rng, set(a))
        expected, _ = compare_hands(find_melds(a, mode), find_melds(b, mode), mode)
        response = check(
            client,
            mode=mode.value,
            a=[card.code for card in a],
            b=[card.code for card in b],
            **{"return": f"{DEAL}?{STATE}"},
        )
        fields = MultiDict(parse_qsl(urlsplit(report_href(response)).query))
        with app.test_request_context():
            form = DealForm(formdata=fields)
            form.set_players(["Ana", "Bruno", "Chloé", "David"], {"A": "Filles", "B": "Garçons"})
            body = form.to_body()
        body.pop("taker_player")
        assert meld_winner(parse_hand(body, rules=Rules())).winner == expected, (mode, a, b)
        declared += "melds" in body
        called += "best_meld" in body
    assert declared > pairs * 5 // 8 and called > pairs * 3 // 40  # most declare, some need the table's call
