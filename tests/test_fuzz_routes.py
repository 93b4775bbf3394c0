"""Every route of the app, found in its url_map (so that a new route is fuzzed without a word
here), gets random and hostile URLs, query strings, form fields, JSON bodies and headers (issue 6).

Whatever arrives: never a 500, and a refused request (4xx) or a read (GET) leaves the database
exactly as it was, row for row, in every table. CSRF is off here so that forged forms reach the
views themselves (tests/test_csrf.py proves the tokens).
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from contextlib import closing
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.store.migrate import migrate
from scorekeeper.web import create_app
from tests.helpers import examples

SKIPPED_METHODS = {"HEAD", "OPTIONS"}
HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    """One app for the module (hypothesis runs many examples per test): two games with deals,
    one of them finished, whose ids the URLs use as often as random ones."""
    database = str(tmp_path_factory.mktemp("fuzz") / "fuzz.db")
    migrate(database)
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    games = []
    for deals in (3, 12):
        game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
        for _ in range(deals):
            client.post(f"/api/v1/games/{game_id}/hands", json=HAND)
        client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"})
        games.append(game_id)
    app.config["FUZZ_GAMES"] = games
    return app


def fingerprint(path: str) -> str:
    """Every row of every table, hashed: what "the database is unchanged" compares."""
    digest = hashlib.sha256()
    with closing(sqlite3.connect(path)) as conn:
        tables = [row[0] for row in conn.execute("select name from sqlite_master where type = 'table' order by name")]
        for table in tables:
            digest.update(table.encode())
            for row in conn.execute(f'select * from "{table}" order by rowid'):
                digest.update(repr(row).encode())
    return digest.hexdigest()


def routes(app) -> list[tuple[str, str]]:
    return sorted((rule.rule, method) for rule in app.url_map.iter_rules() for method in rule.methods - SKIPPED_METHODS)


ROUTES = routes(create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "x"}))

# --- strategies -----------------------------------------------------------------------------

latin1 = st.characters(min_codepoint=32, max_codepoint=255, exclude_characters="\x7f")
hostile_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "..",
            "../..",
            "%2e%2e",
            "\x00",
            "<script>alert(1)</script>",
            '"><img src=x onerror=alert(1)>',
            "' or 1=1 --",
            "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
            "١٢٣",
            "-1",
            "0",
            "1e309",
            "NaN",
            "null",
            "true",
            "{}",
            "[]",
            "💥" * 50,
            "a" * 5000,
            "%",
            "%ZZ",
            "?x=1",
            "#frag",
            "//evil.example",
            "\\\\evil",
            "𝟘",
        ]
    ),
    # Issue 14: digits isdigit() takes and int() refuses ("²"), or reads (Arabic-Indic, full width);
    # invisible characters (zero-width, bidi controls, BOM, NUL, ESC) and 10,000-character names.
    st.sampled_from(
        [
            "²",
            "¹²",
            "1²",
            "³",
            "٣",
            "١",
            "５",
            "１２",
            "½",
            "Ⅻ",
            "\u200b",
            "A\u200bna",
            "\u202eAna\u202c",
            "\u2066x\u2069",
            "\u200d\u200c",
            "\ufeff",
            "\u00ad",
            "\x1b[31mAna",
            "\x00Ana",
            "Ana\x00",
            "e\u0301",
            "\u200b" * 50,
            "A" * 10_000,
            "\u200b" * 10_000,
            "\u202e" * 10_000,
        ]
    ),
    st.text(
        st.sampled_from("A²٣５\u200b\u200c\u200d\u200e\u202a\u202e\u2066\u2069\ufeff\x00\x1b\x7f\u00ad|"), max_size=12
    ),
)
# Half a UTF-16 pair on its own ("\ud800"): JSON can carry it as an escape, an address, a query or a
# form only as the bytes %ED%A0%80, which no UTF-8 decoder takes (`percent` and `form_bytes`).
lone_surrogate = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, categories=["Cs"])
broken_text = st.one_of(
    hostile_text,
    st.sampled_from(["x\ud800y", "\udfff", "\udc00\ud800", "\ud83c", "Ana\ud800"]),
    st.lists(st.one_of(lone_surrogate, st.sampled_from("Aa1²\u200b ")), min_size=1, max_size=6).map("".join),
)


def percent_query(fields: dict[str, str]) -> dict[str, str] | str:
    """The query as the client sends it: as is, or already encoded when it holds a lone surrogate."""
    return urlencode(fields, errors="surrogatepass") if has_surrogate(fields) else fields


def percent(text: str, safe: str = "") -> str:
    """`text` percent-encoded as UTF-8, a lone surrogate as its three bytes (%ED%A0%80)."""
    return quote(text, safe=safe, errors="surrogatepass")


def has_surrogate(value) -> bool:
    if isinstance(value, str):
        return any("\ud800" <= character <= "\udfff" for character in value)
    if isinstance(value, dict):
        return any(has_surrogate(key) or has_surrogate(item) for key, item in value.items())
    return False


def form_bytes(fields: dict[str, str]) -> bytes:
    return urlencode(fields, errors="surrogatepass").encode("ascii")


segment = st.one_of(broken_text, st.integers(1000, 3000).map(lambda n: "x" * n))
integer = st.one_of(st.integers(0, 60), st.integers(0, 2**70), st.just(1))
json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    broken_text,
)
json_value = st.recursive(
    json_scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(broken_text, inner, max_size=5)),
    max_leaves=20,
)
KNOWN_KEYS = [
    "taker",
    "taker_player",
    "contract",
    "mode",
    "coinche",
    "coinched_by",
    "surcoinched_by",
    "taker_points",
    "all_tricks",
    "melds",
    "belote",
    "best_meld",
    "version",
    "reason",
    "player",
    "teams",
    "players",
    "dealer",
    "target",
    "rules",
    "cards",
    "last_trick",
    "hands",
    "rounding",
    "misere",
    "carre_de_sept",
    "evening",
    "name",
]
json_body = st.one_of(
    json_value,
    st.dictionaries(st.sampled_from(KNOWN_KEYS), json_value, max_size=8),
    st.builds(lambda extra: {**HAND, **extra}, st.dictionaries(st.sampled_from(KNOWN_KEYS), json_value, max_size=3)),
    # A new game's names, each hostile (issue 14): a lone surrogate, invisible characters, 10,000 of them.
    st.builds(
        lambda a, b, players: {"teams": {"A": a, "B": b}, "players": players},
        broken_text,
        broken_text,
        st.lists(st.one_of(st.none(), broken_text), min_size=4, max_size=4),
    ),
)
FORM_KEYS = [
    "team_a",
    "team_b",
    "player_0",
    "player_1",
    "player_2",
    "player_3",
    "dealer",
    "target",
    "rounding",
    "misere",
    "carre_de_sept",
    "taker_player",
    "contract",
    "mode",
    "coinche",
    "coinched_by",
    "surcoinched_by",
    "points",
    "points_team",
    "all_tricks",
    "belote_A",
    "belote_B",
    "best_meld",
    "melds_A_tierce",
    "melds_B_cent",
    "request_id",
    "version",
    "reason",
    "player",
    "enregistrer",
    "calculer",
    "csrf_token",
    "password",
    "next",
    "evening",
    "name",
    "file",
]
form_fields = st.dictionaries(st.one_of(st.sampled_from(FORM_KEYS), st.text(max_size=10)), broken_text, max_size=12)
query = st.dictionaries(
    st.one_of(st.sampled_from(FORM_KEYS + ["cards", "a", "b", "return", "q"]), st.text(max_size=8)),
    broken_text,
    max_size=5,
).map(percent_query)
content_types = st.sampled_from(
    [
        None,
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "application/xml",
        "application/json; charset=latin-9",
        "garbage/;;;",
    ]
)
headers = st.fixed_dictionaries(
    {},
    optional={
        "Idempotency-Key": st.one_of(st.text(latin1, max_size=20), st.just("k" * 300), st.just("")),
        "If-None-Match": st.one_of(st.text(latin1, max_size=30), st.sampled_from(['"abc"', "*", 'W/"x"', '""'])),
        "Cookie": st.one_of(
            st.text(latin1, max_size=60),
            st.just("session=" + "A" * 4000),
            st.just("session=eyJ0YWJsZSI6IngifQ.bad.sig"),
        ),
        "Accept": st.sampled_from(["text/html", "application/json", "*/*", "\x01"]),
        "Referer": st.one_of(st.text(latin1, max_size=30), st.just("http://localhost/parties/x")),
        "X-Forwarded-For": st.text(latin1, max_size=20),
    },
)
body_kind = st.sampled_from(["json", "form", "raw", "none"])

ARGUMENT = re.compile(r"<(?:(?P<converter>[a-z]+)(?:\((?P<args>[^)]*)\))?:)?(?P<name>[a-z_]+)>")


def fill_url(data, app, rule: str) -> str:
    """The rule with each argument drawn: a real value (a game, deal 1, an allowed kind) or a
    hostile one (unicode, "..", thousands of characters), percent-encoded as a browser would."""

    def value(match: re.Match) -> str:
        converter, name = match["converter"], match["name"]
        if converter == "int":
            return str(data.draw(integer))
        if converter == "any":
            choices = [item.strip() for item in match["args"].split(",")]
            return data.draw(st.one_of(st.sampled_from(choices), broken_text.map(percent)))
        if converter == "path":
            return data.draw(
                st.one_of(
                    st.sampled_from(
                        [
                            "style.css",
                            "../pyproject.toml",
                            "..%2f..%2fsecret_key",
                            "deal_form.js",
                            "%00",
                            "x/../../etc/passwd",
                        ]
                    ),
                    segment.map(lambda t: percent(t, safe="/")),
                )
            )
        if name == "game_id":
            real = st.sampled_from(app.config["FUZZ_GAMES"])
            return data.draw(st.one_of(real, real, segment.map(percent)))
        return data.draw(st.one_of(st.sampled_from(["Ana", "ana|chloe"]), segment.map(percent)))

    return ARGUMENT.sub(value, rule)


@pytest.mark.parametrize(("rule", "method"), ROUTES, ids=[f"{method} {rule}" for rule, method in ROUTES])
@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_route_fails_or_half_writes_whatever_it_is_sent(fuzz_app, rule, method, data):
    path = fill_url(data, fuzz_app, rule)
    arguments = {"query_string": data.draw(query), "headers": data.draw(headers)}
    kind = data.draw(body_kind)
    content_type = data.draw(content_types)
    if kind == "json":
        arguments["data"] = json.dumps(data.draw(json_body)).encode()  # a lone surrogate as its "\ud800" escape
        arguments["content_type"] = content_type or "application/json"
    elif kind == "form":
        fields = data.draw(form_fields)
        if has_surrogate(fields):  # the client cannot encode it: its bytes, as a forged request sends them
            arguments["data"] = form_bytes(fields)
            arguments["content_type"] = "application/x-www-form-urlencoded"
        else:
            arguments["data"] = fields
        if content_type:
            arguments["headers"]["Content-Type"] = content_type
    elif kind == "raw":
        arguments["data"] = data.draw(st.binary(max_size=200))
        if content_type:
            arguments["content_type"] = content_type

    database = fuzz_app.config["DATABASE"]
    before = fingerprint(database)
    response = fuzz_app.test_client().open(path, method=method, **arguments)
    response.close()
    assert response.status_code < 500, (method, path, arguments, response.get_data()[:300])
    if response.status_code >= 400 or method == "GET":
        assert fingerprint(database) == before, (method, path, arguments, response.status_code)


def test_every_route_is_fuzzed():
    """The list comes from the url_map: a route added later is fuzzed too."""
    assert ("/api/v1/games/<game_id>/hands", "POST") in ROUTES
    assert ("/parties/<game_id>/donnes/nouvelle", "POST") in ROUTES
    assert ("/connexion", "POST") in ROUTES
    assert len(ROUTES) >= 25
