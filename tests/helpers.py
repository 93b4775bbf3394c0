"""What many test modules do alike, written once: plain functions (fixtures are in conftest.py)."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import unescape
from pathlib import Path
from typing import Any

import zxingcpp
from hypothesis import settings
from PIL import Image
from werkzeug.security import generate_password_hash

from scorekeeper.belote.sheet import Sheet
from scorekeeper.services import concours as concours_service
from scorekeeper.services import importing
from scorekeeper.services.import_report import ImportReport
from scorekeeper.store import derived
from scorekeeper.store import games as games_store
from scorekeeper.store.db import write_transaction
from scorekeeper.web.vocabulary import script_vocabulary

DEFAULT_EXAMPLES = settings.get_profile("default").max_examples
STATIC = Path(__file__).resolve().parents[1] / "static"
# The scoring engine's modules (static/engine.js and what it imports): the scoring, the reading and checking
# of a hand's body, their Refusal.
ENGINE_MODULES = ("engine.js", "hand_body.js", "refusal.js")


def examples(count: int) -> int:
    """`count` examples under the default profile (`make test`), the same share of them under a
    lighter one (`make check`'s `check` profile: a fifth)."""
    return max(1, count * settings.default.max_examples // DEFAULT_EXAMPLES)


GAMES = "/api/v1/games"


def import_data(db, data: Any, **options) -> ImportReport:
    """`data` imported as the page and `flask import` import a file (`importing.import_file`, read as
    it streams): a parsed archive is written as JSON first, an exported text is taken as it is."""
    text = data if isinstance(data, str) else json.dumps(data)
    return importing.import_file(db, io.BytesIO(text.encode()), **options)


def stop_game(db, game_id: str, stopped: bool = True) -> Sheet:
    """An organiser's stop of one game at its totals (`stopped=False`: its resume), as closing or
    reopening a concours's partie does for each of its tables (services/concours.py), without the
    concours around it."""
    with write_transaction(db):
        games_store.set_stopped(db, game_id, games_store.now() if stopped else None)
        return derived.refresh_game(db, game_id)


def api_game(client, *hands: dict, **fields) -> str:
    """A game created through the API with `fields`, then `hands` recorded, each of which must be
    accepted; the game's id."""
    response = client.post(GAMES, json=fields)
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["id"]
    for hand in hands:
        recorded = client.post(f"{GAMES}/{game_id}/hands", json=hand)
        assert recorded.status_code == 201, recorded.get_json()
    return game_id


def assert_scored(client, body: dict, made: bool, a_score: int, b_score: int) -> None:
    """`body` sent to the scoring service scores `made`, A `a_score`, B `b_score` (numbers worked by
    hand, in docs/scoring.md), and the explanation's lines add up to each team's score."""
    response = client.post("/api/v1/score", json=body)
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    assert result["made"] is made
    assert result["scores"] == {"A": a_score, "B": b_score}
    for team, expected in (("A", a_score), ("B", b_score)):
        assert sum(line["points"] for line in result["lines"] if line["team"] == team) == expected


def old_game_row(game_id: str, created_at: str) -> dict:
    """A game's row as the schema of the first migrations had it, for a database built at an old
    migration (an upgrade test)."""
    return {
        "id": game_id,
        "team_a": "Nous",
        "team_b": "Eux",
        "first_dealer": 0,
        "target": 2000,
        **{f"player_{index}": f"Joueur {index + 1}" for index in range(4)},
        "rounding": "nearest",
        "misere": 0,
        "carre_de_sept": 0,
        "created_at": created_at,
    }


def page_text(html: str) -> str:
    """A page's words, tags removed, spaces collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def csrf_token(html: str) -> str:
    """The CSRF token of the (first) form in `html`, as a browser would send it back."""
    return unescape(re.search(r'name="csrf_token"[^>]*?value="([^"]+)"', html).group(1))


PASSWORD = "belote-du-jeudi"
HASH = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")  # fast: a test needs no scrypt


def login(client, password=PASSWORD, next_path="/", address="192.0.2.1"):
    """The table password entered on /connexion by the phone at `address`."""
    return client.post(
        "/connexion", data={"password": password, "next": next_path}, environ_base={"REMOTE_ADDR": address}
    )


def vocabulary_json() -> Any:
    """script_vocabulary() as the page gets it (static/vocabulary.js): objects' keys sorted."""
    return json.loads(json.dumps(script_vocabulary(), sort_keys=True))


def run_node(node: str, runner: Path, payload: dict, answers: int) -> list:
    """`runner` (a script of tests/js/) fed `payload` as JSON on stdin: its JSON answer, `answers` long."""
    done = subprocess.run(
        [node, str(runner)], input=json.dumps(payload), capture_output=True, text=True, encoding="utf-8", timeout=120
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert len(found) == answers
    return found


@contextmanager
def static_modules(replaced: dict[str, str] | None = None) -> Iterator[Path]:
    """The folder of the pages' ES modules for a runner of tests/js/ to import from (file: addresses):
    static/ itself, or, with `replaced` (a file name of static/ to the text it takes, a mutant), a
    temporary copy of static/'s scripts with those files' text replaced, where the mutant's relative
    imports (`./refusal.js`) find the other modules as the page does."""
    if not replaced:
        yield STATIC
        return
    with tempfile.TemporaryDirectory(prefix="static-") as name:
        folder = Path(name)
        for script in STATIC.glob("*.js"):
            shutil.copy(script, folder / script.name)
        for file_name, text in replaced.items():
            assert (STATIC / file_name).is_file(), file_name
            (folder / file_name).write_text(text, encoding="utf-8")
        yield folder


def mutant(names: tuple[str, ...], original: str, planted: str) -> dict[str, str]:
    """A planted bug for `static_modules`: of static/'s scripts `names`, the one that holds `original`
    (exactly once, and no other does), its text with `planted` in its place, by its file name."""
    texts = {name: (STATIC / name).read_text(encoding="utf-8") for name in names}
    holders = [name for name, text in texts.items() if original in text]
    assert len(holders) == 1 and texts[holders[0]].count(original) == 1, f"{original!r} must be in one of {names} once"
    return {holders[0]: texts[holders[0]].replace(original, planted)}


def connecting_to_a_faulty_disk(state: dict, connect: Callable):
    """`connect` (the store's) made to meet `state["fault"]`: "readonly", "full" or None, as a
    connection to a failed disk does (tests/test_disk_faults.py, tests/test_import_parts.py)."""

    def faulty(path):
        database = connect(path)
        if state["fault"] == "readonly":
            database.execute("PRAGMA query_only = ON")
        elif state["fault"] == "full":
            # A file that filled the disk with no free page left inside it: the pages a write
            # frees (an answer replaced by a longer one) would otherwise take the next one.
            database.execute("VACUUM")
            pages = database.execute("PRAGMA page_count").fetchone()[0]
            database.execute(f"PRAGMA max_page_count = {pages}")
        return database

    return faulty


def fixed_draws(monkeypatch) -> Callable[[list[int]], None]:
    """The concours's random draws made known: `order([3, 1, 5, 2, 4])` puts the teams of the next
    random draw in that order (the first partie's, or one with `pairing: random`)."""
    orders: list[list[int]] = []

    def shuffle(teams: list[int]) -> None:
        wanted = orders.pop(0)
        assert sorted(wanted) == sorted(teams)
        teams[:] = wanted

    monkeypatch.setattr(concours_service, "_shuffle", shuffle)
    return orders.append


def qr_text_of_svg(svg: str, scale: int = 8) -> str:
    """The text of a QR code drawn by segno as inline SVG (`join.qr_svg`), read by zxing-cpp: its
    one path, "M x y" then runs of dark modules "h n" and moves "m dx dy", painted module by module."""
    width, height = (int(float(n)) for n in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    path = re.search(r'class="qrline"[^>]*\sd="([^"]+)"', svg).group(1)
    image = Image.new("L", (width * scale, height * scale), 255)
    x = y = 0.0
    for command, numbers in re.findall(r"([Mmh])([-\d.\s]+)", path):
        values = [float(n) for n in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            top = int(y - 0.5)
            image.paste(0, (int(x) * scale, top * scale, int(x + values[0]) * scale, (top + 1) * scale))
            x += values[0]
    return "".join(result.text for result in zxingcpp.read_barcodes(image))


CONCOURS = "/api/v1/concours"


def api_concours(client, team_names: list[str], **fields) -> dict:
    """A concours created through the API with these teams (players "<team> 1", "<team> 2") and
    `fields` (3 parties to 1000 unless told); its JSON."""
    body = {"name": "Concours du vendredi", "parties": 3, "end": {"points": 1000}, **fields}
    body["teams"] = [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in team_names]
    response = client.post(CONCOURS, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def api_draw(client, concours_id: str) -> dict:
    """The next partie drawn through the API; the concours's JSON."""
    response = client.post(f"{CONCOURS}/{concours_id}/rounds", json={})
    assert response.status_code == 201, response.get_json()
    return response.get_json()
