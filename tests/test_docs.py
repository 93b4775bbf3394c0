"""docs/ kept current with the code.

- Every worked example of docs/scoring.md and docs/house-rules.md (a ```json block followed by a
  line `**Expected:** made|failed, A <n>, B <n>`) is posted to POST /api/v1/score: the verdict and
  both scores are the documented ones, and the answer's lines add up to them. The expected numbers
  are read from the docs, where they were worked by hand, never from the engine.
- docs/api.md's walkthrough (requests and answers marked `<!-- walkthrough: … -->`) is replayed
  on a new game, and each answer compared with the documented one.
- The docs name every house-rule key and value, every preset, every key of the scoring service and
  of a new game, and every route under /api/v1 (and no route that does not exist): a new option or
  route without its docs fails here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.belote.game_input import GAME_KEYS, GAME_RULES_KEYS
from scorekeeper.belote.hand_json import MELD_CODES, SCORE_KEYS
from scorekeeper.belote.house_rules import CUSTOM_LABEL, OPTIONS, PRESETS
from scorekeeper.belote.terms import ROUNDING_LABELS, SALON_OPTIONS, Rounding
from tests.helpers import assert_scored

DOCS = Path(__file__).resolve().parent.parent / "docs"
EXPECTED = re.compile(r"\*\*Expected:\*\* (made|failed), A (\d+), B (\d+)\.")
WALKTHROUGH = re.compile(r"<!-- walkthrough: (.+?) -->")
ROUTE_IN_DOCS = re.compile(r"`(GET|POST|PUT|DELETE|PATCH) (/api/v1[^`?\s]*)")
DOC_GAME_ID = "k3v9q2ab"  # the id docs/api.md's walkthrough writes; a new game gets another


def read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def prose(name: str) -> str:
    """A page with its line breaks and runs of spaces made one space: a phrase wrapped over two
    lines is still found."""
    return " ".join(read(name).split())


@dataclass
class Block:
    """A ```json block of a page: its JSON, the line after it, the last heading and marker before it."""

    page: str
    heading: str
    marker: str | None  # the `<!-- walkthrough: … -->` just before the block, if any
    body: Any
    after: str  # the first non-blank line after the block


def json_blocks(page: str) -> list[Block]:
    lines = [line.strip() for line in read(page).splitlines()]
    blocks, heading, marker, index = [], "", None, 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if WALKTHROUGH.fullmatch(line):
            marker = WALKTHROUGH.fullmatch(line).group(1)
        if line == "```json":
            end = lines.index("```", index + 1)
            text = "\n".join(lines[index + 1 : end])
            after = next((rest for rest in lines[end + 1 :] if rest), "")
            try:
                body = json.loads(text)
            except ValueError as error:
                raise AssertionError(f"{page}, « {heading} »: a ```json block that is not JSON ({error})") from None
            blocks.append(Block(page, heading, marker, body, after))
            marker, index = None, end
        index += 1
    return blocks


def worked_examples(page: str) -> list[tuple[str, Any, bool, int, int]]:
    """(id, body, made, A, B) of each block followed by an `**Expected:**` line, refusing an
    `**Expected:**` line that does not parse or follows no block."""
    examples = []
    for number, block in enumerate(json_blocks(page), 1):
        if block.after.startswith("**Expected:**"):
            found = EXPECTED.match(block.after)
            assert found, f"{page}, « {block.heading} »: cannot read {block.after!r}"
            made, a, b = found.groups()
            examples.append((f"{page}#{number} {block.heading}", block.body, made == "made", int(a), int(b)))
    expected_lines = sum(1 for line in read(page).splitlines() if line.strip().startswith("**Expected:**"))
    assert expected_lines == len(examples), f"{page}: an **Expected:** line that follows no ```json block"
    return examples


SCORING_EXAMPLES = worked_examples("scoring.md")
HOUSE_RULE_EXAMPLES = worked_examples("house-rules.md")
ALL_EXAMPLES = SCORING_EXAMPLES + HOUSE_RULE_EXAMPLES


@pytest.mark.parametrize(("name", "body", "made", "a_score", "b_score"), ALL_EXAMPLES, ids=[e[0] for e in ALL_EXAMPLES])
def test_a_documented_example_scores_as_the_docs_say(client, name, body, made, a_score, b_score):
    assert_scored(client, body, made, a_score, b_score)


def test_scoring_md_holds_the_24_worked_examples_in_order():
    headings = [name.split(" ", 1)[1] for name, *_ in SCORING_EXAMPLES]
    assert [heading.split(".")[0] for heading in headings] == [str(number) for number in range(1, 25)]


def test_each_house_rule_section_has_examples():
    sections = {block.heading for block in json_blocks("house-rules.md") if block.after.startswith("**Expected:**")}
    for option in OPTIONS:
        assert any(heading.startswith(f"`{option.key}: ") for heading in sections), option.key
    assert any(heading.startswith("`rounding: raw`") for heading in sections)
    assert len(HOUSE_RULE_EXAMPLES) >= 51  # the examples the house rules were checked against


def _json_word(value: Any) -> str:
    return json.dumps(getattr(value, "value", value))


def test_house_rules_md_names_every_option_value_word_and_preset():
    page = prose("house-rules.md")
    for option in OPTIONS:
        assert f"`{option.key}`" in page, option.key
        assert f"« {option.label} »" in page, option.label
        for value, words in option.choices:
            assert f"`{_json_word(value).strip(chr(34))}`" in page, (option.key, value)
            assert f"« {words} »" in page, (option.key, words)
        for phrase in option.phrases.values():
            assert f"« {phrase} »" in page, phrase
    for rounding in Rounding:
        assert f"`{rounding.value}`" in page and f"« {ROUNDING_LABELS[rounding]} »" in page, rounding
    for key, words in SALON_OPTIONS.items():
        assert f"`{key}`" in page and f"« {words} »" in page, key
    for preset in PRESETS:
        assert f"**{preset.label}** (`{preset.key}`)" in page, preset.key
        for key, value in preset.rules.as_json().items():
            assert f"`{key}: {_json_word(value).strip(chr(34))}`" in page, (preset.key, key)
    assert f"« {CUSTOM_LABEL} »" in page


def test_the_docs_name_every_key_of_the_scoring_service_and_of_a_game():
    scoring, api, house_rules = prose("scoring.md"), prose("api.md"), prose("house-rules.md")
    for key in (*SCORE_KEYS, *MELD_CODES):
        assert f"`{key}`" in scoring, key
    for key in (*GAME_KEYS, *GAME_RULES_KEYS):
        assert f"`{key}`" in api or f"`{key}`" in house_rules, key


def _route(method: str, path: str) -> tuple[str, str]:
    return method, re.sub(r"<[^>]+>", "<>", path)


def test_api_md_documents_every_route_under_api_v1_and_no_other(app):
    routes = {
        _route(method, rule.rule)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    documented = {_route(method, path) for method, path in ROUTE_IN_DOCS.findall(read("api.md"))}
    assert routes - documented == set(), "routes without docs in docs/api.md"
    assert documented - routes == set(), "docs/api.md documents routes the app does not have"


def test_every_page_of_the_readme_index_exists():
    index = read("README.md")
    for link in re.findall(r"\]\(([^)#]+)\)", index):
        assert (DOCS / link).is_file(), link


def walkthrough() -> list[tuple[str, Any]]:
    """docs/api.md's walkthrough: each `<!-- walkthrough: … -->` marker with the ```json block that
    follows it before the next marker (None for a request without a body)."""
    steps: list[tuple[str, Any]] = []
    bodies = iter(block for block in json_blocks("api.md") if block.marker)
    for line in read("api.md").splitlines():
        found = WALKTHROUGH.fullmatch(line.strip())
        if found:
            marker = found.group(1)
            has_body = not marker.startswith(("GET ", "DELETE ")) or marker.startswith("answer")
            steps.append((marker, next(bodies).body if has_body else None))
    assert next(bodies, None) is None, "a walkthrough block whose marker expects no body"
    return steps


def test_api_md_walkthrough_replays_on_a_new_game(client):
    """Each `<!-- walkthrough: METHOD path [Idempotency-Key: k] -->` request (its body the block
    after it; none for a GET or a DELETE) is sent, and the `<!-- walkthrough: answer STATUS -->`
    block after it is its answer, the documented game id standing for the new game's."""
    steps = walkthrough()
    assert len(steps) >= 8
    game_id = None
    for (request, body), (answer, expected) in zip(steps[::2], steps[1::2], strict=True):
        assert not request.startswith("answer") and answer.startswith("answer "), (request, answer)
        method, path, *header = request.split(" ", 2)
        headers = dict([header[0].split(": ", 1)]) if header else {}
        if game_id is not None:
            path = path.replace(DOC_GAME_ID, game_id)
        response = client.open(path, method=method, json=body, headers=headers)
        got = response.get_json()
        if game_id is None:
            game_id = got["id"]
        assert response.status_code == int(answer.split()[1]), (request, got)
        assert json.loads(json.dumps(got).replace(game_id, DOC_GAME_ID)) == expected, request
