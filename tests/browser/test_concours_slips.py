"""The table slips printed whole (issue 32, D1): for a concours to 1000 and to 2000 points and in 4,
12 and 30 deals, Chromium's A4 PDF of a partie's slips (three tables) holds on its pages every
deal row, the « Final » row and both signature lines of every slip, the rows at least 6 mm apart
(room to write by hand), two slips to a page when that leaves such rows, one otherwise.

The PDF is read back with poppler's `pdftotext -bbox` (Debian's poppler-utils, which .ci/run
installs): a word cut by the page box or clipped by the slip's box is not in the PDF's text. The
same slips are also measured in the page under print media: each row and signature inside its
slip's box, the box no taller than the page's. The PDFs, and the PNGs made of them with
`pdftoppm`, are left under test-artifacts/screenshots/ to be looked at."""

from __future__ import annotations

import html
import itertools
import os
import re
import shutil
import subprocess

import pytest

from tests.browser.conftest import SCREENSHOTS

# Names of 40 characters, the longest (belote/names.py): the slip's head is then at its tallest.
TEAMS = [
    ("Les Cinq de la rue Jean-Baptiste-Pigalle", "Marie-Christine Delacroix-Beaumarchais", "Jean-Baptiste " + "x" * 26),
    ("Les As", "Ana", "Alain"),
    ("Les Rois", "Rémi", "Rose"),
    ("Les Dames", "Dora", "Diane"),
    ("Les Valets", "Vic", "Val"),
    ("Les Six", "Sam", "Sue"),
]
MM = 72 / 25.4  # PDF points in a millimetre
A4 = (210 * MM, 297 * MM)
ROW_MM = 6  # the least height of a row written in by hand

# end, the deal rows each slip holds, and the slips on a page
ENDS = [
    ({"points": 1000}, 10, 2),
    ({"points": 2000}, 20, 2),
    ({"deals": 4}, 4, 2),
    ({"deals": 12}, 12, 2),
    ({"deals": 30}, 30, 1),
]


def words_of(pdf: bytes) -> list[tuple[float, float, list[tuple[float, float, float, float, str]]]]:
    """Each page's width, height and words (xMin, yMin, xMax, yMax, text), from `pdftotext -bbox`."""
    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        if os.environ.get("CI"):
            pytest.fail("pdftotext is missing: .ci/run installs Debian's poppler-utils")
        pytest.skip("pdftotext is not installed (apt-get install -y poppler-utils)")
    out = subprocess.run([pdftotext, "-bbox", "-", "-"], input=pdf, capture_output=True, check=True, timeout=60)
    pages = []
    found = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out.stdout.decode(), re.S)
    for width, height, body in found:
        words = [
            (float(x0), float(y0), float(x1), float(y1), html.unescape(text))
            for x0, y0, x1, y1, text in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', body
            )
        ]
        pages.append((float(width), float(height), words))
    return pages


def slips_on(height: float, words: list) -> list[dict]:
    """The slips of one page, each found by its grid's « Donne » heading: the numbers written down
    its first column, its « Final » and its « Signature » words."""
    heads = [w for w in words if w[4] == "Donne"]
    slips = []
    for x0, _, _, y1, _ in heads:
        # down to the next slip's heading in the same column (one slip under the other), or the page's foot
        end = min([w[1] for w in heads if abs(w[0] - x0) < MM and w[1] > y1] + [height])
        region = [w for w in words if y1 < w[1] < end]
        column = [w for w in region if x0 - 2 <= w[0] and w[2] <= x0 + 16 * MM]
        final = [w for w in column if w[4] == "Final"]
        last = min([w[1] for w in final] + [end])  # the rows above « Final » (the line under it has numbers)
        numbers = [(w[1], int(w[4])) for w in column if w[4].isdigit() and w[1] < last]
        below = [w for w in region if w[4] == "Signature" and x0 - 10 * MM <= w[0] <= x0 + 140 * MM]
        slips.append({"numbers": sorted(numbers), "final": final, "signatures": below})
    return slips


def inside(word, width: float, height: float) -> bool:
    x0, y0, x1, y1, _ = word
    return 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height


@pytest.fixture
def make_concours(app):
    client = app.test_client()

    def make(end: dict) -> str:
        body = {
            "name": "Concours du Foyer rural de Saint-Jean",
            "parties": 4,
            "end": end,
            "teams": [{"name": name, "players": [one, two]} for name, one, two in TEAMS],
        }
        concours_id = client.post("/api/v1/concours", json=body).get_json()["id"]
        assert client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).status_code == 201
        return concours_id

    return make


@pytest.mark.parametrize(("end", "rows", "per_page"), ENDS, ids=["-".join(map(str, *e.items())) for e, _, _ in ENDS])
def test_every_row_and_both_signatures_print_on_the_page(browser, base_url, make_concours, end, rows, per_page):
    concours_id = make_concours(end)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base_url}/concours/{concours_id}/parties/1/imprimer")
    assert page.locator(".slip-sheet").count() == 3
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = "concours-slips-" + "-".join(map(str, *end.items()))
    pdf = page.pdf(path=str(SCREENSHOTS / f"{name}.pdf"), format="A4", prefer_css_page_size=True)
    if shutil.which("pdftoppm"):  # the pages as PNGs, to be looked at
        pdftoppm = ["pdftoppm", "-r", "60", "-png", str(SCREENSHOTS / f"{name}.pdf"), str(SCREENSHOTS / name)]
        subprocess.run(pdftoppm, check=True, timeout=60)

    pages = words_of(pdf)
    assert len(pages) == -(-3 // per_page), f"{len(pages)} pages for 3 slips, {per_page} to a page"
    found = 0
    for width, height, words in pages:
        assert sorted((round(width), round(height))) == [round(A4[0]), round(A4[1])]  # A4, either way up
        slips = slips_on(height, words)
        assert len(slips) == (per_page if found + per_page <= 3 else 3 - found), slips
        found += len(slips)
        for slip in slips:
            assert [n for _, n in slip["numbers"]] == list(range(1, rows + 1)), slip["numbers"]
            tops = [y for y, _ in slip["numbers"]] + [w[1] for w in slip["final"]]
            assert len(slip["final"]) == 1, "the « Final » row is cut"
            assert len(slip["signatures"]) == 2, "a signature line is cut"
            assert min(b - a for a, b in itertools.pairwise(tops)) >= ROW_MM * MM - 0.5, "rows too small to write in"
            assert all(inside(w, width, height) for w in slip["final"] + slip["signatures"])
            assert max(w[3] for w in slip["final"]) < min(w[1] for w in slip["signatures"])
    assert found == 3

    # The same under print media in the page: every row and signature inside its slip's box, which
    # is no taller than the page's (less its margins).
    page.emulate_media(media="print")
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.slip-sheet')].map(slip => {
            const box = slip.getBoundingClientRect();
            const parts = [...slip.querySelectorAll('tr > :first-child, .slip-signatures span')]
                .map(e => e.getBoundingClientRect());
            const out = r => r.top < box.top || r.bottom > box.bottom || r.left < box.left || r.right > box.right;
            return {top: box.top, bottom: box.bottom, out: parts.filter(out).length, count: parts.length};
        })"""
    )
    page_height = (A4[1] if per_page == 1 else A4[0]) / 72 * 96  # CSS px: portrait one to a page, landscape two
    for box in boxes:
        assert box["count"] == rows + 2 + 2  # the heading, the deals, « Final », two signatures
        assert box["out"] == 0, box
        assert box["bottom"] - box["top"] <= page_height - 2 * 8 / 25.4 * 96 + 0.5, box
    context.close()
