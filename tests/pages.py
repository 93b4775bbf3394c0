"""The sheet's pages read and filled as a phone does: its forms parsed from the HTML (their hidden
fields, checked radios, request_id and version), the sheet's rows and totals, the rows a write
leaves in the database; for tests/test_sheet_pages.py and the tests of other pages' forms."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser

from scorekeeper.store.db import connect

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
NEW_GAME = "/parties/nouvelle"

# --- reading pages -------------------------------------------------------------------------


@dataclass
class Form:
    action: str
    inputs: list[dict[str, str | None]] = field(default_factory=list)
    buttons: list[dict[str, str | None]] = field(default_factory=list)

    def values(self) -> dict[str, str]:
        """What a browser submits before anything is touched: text as shown, checked boxes only."""
        data: dict[str, str] = {}
        for attrs in self.inputs:
            name = attrs.get("name")
            if not name:
                continue
            kind = attrs.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in attrs:
                    data[name] = attrs.get("value") or "on"
            else:
                data[name] = attrs.get("value") or ""
        return data

    def checked(self, name: str) -> list[str]:
        return [a.get("value") or "" for a in self.inputs if a.get("name") == name and "checked" in a]

    def value(self, name: str) -> str | None:
        for attrs in self.inputs:
            if attrs.get("name") == name:
                return attrs.get("value") or ""
        return None


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._current: Form | None = None
        self._by_id: dict[str | None, Form] = {}
        self._elsewhere: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "form":
            self._current = Form(action=found.get("action") or "")
            self.forms.append(self._current)
            self._by_id[found.get("id")] = self._current
        elif self._current is not None and tag == "input":
            self._current.inputs.append(found)
        elif self._current is not None and tag == "button":
            self._current.buttons.append(found)
        elif tag == "button" and found.get("form") and found.get("formaction"):
            self._elsewhere.append(found)

    def close(self) -> None:
        """A button outside its form (`form="id"`) posting elsewhere (`formaction`): what it submits,
        as one more form (the sheet's "Supprimer" buttons share one form and its token)."""
        super().close()
        for button in self._elsewhere:
            owner = self._by_id[button["form"]]
            sent = [{"type": "hidden", "name": button.get("name"), "value": button.get("value")}]
            self.forms.append(Form(action=button["formaction"], inputs=owner.inputs + sent, buttons=[button]))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "form":
            self._current = None


def without_templates(html: str) -> str:
    """The page as a browser shows it: a <template>'s content is for the scripts, never on screen."""
    return re.sub(r"<template\b.*?</template>", "", html, flags=re.S)


VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Shown(HTMLParser):
    """The page's markup less what is not on screen: an element with `hidden`, a <template>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.skipping = 0  # depth inside a hidden element

    def handle_starttag(self, tag, attrs):
        if tag in VOID_TAGS:
            if not self.skipping and "hidden" not in dict(attrs):
                self.out.append(self.get_starttag_text())
        elif self.skipping or "hidden" in dict(attrs) or tag == "template":
            self.skipping += 1
        else:
            self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        if tag in VOID_TAGS:
            return
        if self.skipping:
            self.skipping -= 1
        else:
            self.out.append(f"</{tag}>")

    def handle_data(self, data):
        if not self.skipping:
            self.out.append(data)

    handle_entityref = lambda self, name: self.handle_data(f"&{name};")  # noqa: E731
    handle_charref = lambda self, name: self.handle_data(f"&#{name};")  # noqa: E731


def shown(html: str) -> str:
    """What a browser without JavaScript shows of `html`, as markup (hidden elements left out)."""
    parser = _Shown()
    parser.feed(html)
    parser.close()
    return "".join(parser.out)


def forms_of(html: str) -> list[Form]:
    parser = _FormParser()
    parser.feed(without_templates(html))
    parser.close()
    return parser.forms


def form_posting_to(html: str, action_end: str, button: str | None = None) -> Form:
    """The page's form whose action ends with `action_end` (and that has the button valued `button`)."""
    for form in forms_of(html):
        if form.action.endswith(action_end) and (button is None or any(b.get("value") == button for b in form.buttons)):
            return form
    raise AssertionError(f"no form posting to {action_end!r} with button {button!r}")


def the_form(html: str) -> Form:
    """The page's main form: the one posting to the page itself (no action)."""
    return next(form for form in forms_of(html) if not form.action)


def texts(html: str, css_class: str) -> list[str]:
    return [unescape(t) for t in re.findall(rf'<p class="{css_class}[^"]*"[^>]*>(.*?)</p>', html, re.S)]


def errors(html: str) -> list[str]:
    return texts(html, "error")


def flashes(html: str) -> list[str]:
    return texts(html, "flash")


def fieldset(html: str, element_id: str) -> str:
    """The HTML of the fieldset with this id: where a field's error must show."""
    match = re.search(rf'<fieldset[^>]*id="{element_id}"[^>]*>(.*?)</fieldset>', html, re.S)
    assert match, f"no fieldset #{element_id}"
    return match.group(0)


def errors_in(html: str, element_id: str) -> list[str]:
    return errors(fieldset(html, element_id))


@dataclass
class Row:
    number: int
    what: str
    scores: tuple[int, int]
    totals: tuple[int, int]
    dealer: str


@dataclass
class SheetPage:
    html: str

    @property
    def totals(self) -> tuple[int, int]:
        found = {team: int(re.search(rf'data-total="{team}">(-?\d+)<', self.html).group(1)) for team in "AB"}
        return found["A"], found["B"]

    @property
    def dealer(self) -> str | None:
        match = re.search(r'<p class="dealer">Prochaine donne : <strong>(.*?)</strong> distribue', self.html)
        return unescape(match.group(1)) if match else None

    @property
    def banner(self) -> str | None:
        match = re.search(r'<p class="banner"[^>]*>(.*?)</p>', self.html, re.S)
        return " ".join(unescape(re.sub(r"<[^>]+>", "", match.group(1))).split()) if match else None

    @property
    def rows(self) -> list[Row]:
        rows = []
        blocks = re.split(r'<li id="donne-', self.html.split('<ol class="deals"', 1)[1].split("</ol>", 1)[0])[1:]
        for block in blocks:
            summary = re.search(r'<summary class="deal-row"[^>]*>(.*?)</summary>', block, re.S).group(1)
            scores = re.findall(r'<span class="score">(-?\d+)<small>(-?\d+)</small></span>', summary)
            what = re.search(r'<span class="what[^"]*">(.*?)</span>\s*<span class="score">', summary, re.S).group(1)
            rows.append(
                Row(
                    number=int(re.match(r"(\d+)", block).group(1)),
                    what=" ".join(unescape(re.sub(r"<[^>]+>", " ", what)).split()),
                    scores=(int(scores[0][0]), int(scores[1][0])),
                    totals=(int(scores[0][1]), int(scores[1][1])),
                    dealer=unescape(re.search(r"Donneur : (.*?)\.", block).group(1)),
                )
            )
        return rows

    @property
    def has_new_deal_link(self) -> bool:
        return 'id="new-deal"' in shown(self.html)

    @property
    def flashes(self) -> list[str]:
        return flashes(self.html)


# --- the database --------------------------------------------------------------------------


def count(app, table: str) -> int:
    database = connect(app.config["DATABASE"])
    try:
        return database.execute(f"select count(*) from {table}").fetchone()[0]
    finally:
        database.close()


def live_deals(app) -> int:
    database = connect(app.config["DATABASE"])
    try:
        return database.execute("select count(*) from deals where deleted_at is null").fetchone()[0]
    finally:
        database.close()


def writes(app) -> tuple[int, int, int, int]:
    """Every row a write leaves behind: equal before and after means nothing was saved."""
    return (count(app, "games"), count(app, "deals"), count(app, "actions"), count(app, "idempotency_keys"))


# --- acting through the pages --------------------------------------------------------------


def create_game(client, **fields: str) -> str:
    """Fill the new-game form as shown (its defaults), with `fields` typed or tapped; the game's id."""
    page = client.get(NEW_GAME)
    assert page.status_code == 200
    data = {**the_form(page.text).values(), **fields}
    response = client.post(NEW_GAME, data=data)
    assert response.status_code == 302, errors(response.text)
    match = re.fullmatch(r"/parties/([a-z0-9]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def create_named_game(client, **fields: str) -> str:
    names = {f"player_{index}": name for index, name in enumerate(PLAYERS)}
    return create_game(client, **{**names, **fields})


def sheet(client, game_id: str) -> SheetPage:
    response = client.get(f"/parties/{game_id}")
    assert response.status_code == 200
    return SheetPage(response.text)


def deal_form(client, game_id: str, number: int | None = None) -> Form:
    url = f"/parties/{game_id}/donnes/nouvelle" if number is None else f"/parties/{game_id}/donnes/{number}/modifier"
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return the_form(response.text)


def post_deal(client, game_id: str, fields: dict[str, str], *, number: int | None = None, button="enregistrer"):
    """Open the deal form (new, or the edit of deal `number`), tap `fields`, press `button`."""
    form = deal_form(client, game_id, number)
    url = f"/parties/{game_id}/donnes/nouvelle" if number is None else f"/parties/{game_id}/donnes/{number}/modifier"
    return client.post(url, data={**form.values(), **fields, button: "1"})


def record(client, game_id: str, **fields: str) -> SheetPage:
    """Record a hand that must be accepted; the sheet it lands on."""
    response = post_deal(client, game_id, fields)
    assert response.status_code == 302, errors(response.text)
    return sheet(client, game_id)


def press(client, game_id: str, action_end: str, button: str | None = None, **fields: str):
    """Submit one of the sheet's button forms (redeal, delete, undo) as shown, plus `fields`."""
    page = client.get(f"/parties/{game_id}").text
    form = form_posting_to(page, action_end, button)
    data = {**form.values(), **fields}
    if button is not None:
        data["reason"] = button
    return client.post(form.action, data=data)


def redeal(client, game_id: str, reason: str, player: int | None = None) -> SheetPage:
    fields = {} if player is None else {"player": str(player)}
    response = press(client, game_id, "/redonne", reason, **fields)
    assert response.status_code == 302
    return SheetPage(client.get(response.headers["Location"]).text)


def delete(client, game_id: str, number: int, **fields: str):
    return press(client, game_id, f"/donnes/{number}/supprimer", **fields)


def undo(client, game_id: str) -> list[str]:
    response = press(client, game_id, "/annuler")
    assert response.status_code == 302
    return flashes(client.get(response.headers["Location"]).text)


def ex(taker_player: int, contract: str, mode: str, points: int | None = None, **extras: str) -> dict[str, str]:
    """A hand as tapped on the deal form."""
    fields = {"taker_player": str(taker_player), "contract": contract, "mode": mode}
    if points is not None:
        fields["points"] = str(points)
    return {**fields, **extras}
