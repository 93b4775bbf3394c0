"""Issue 31, item 4: the screen stays on during a game on plain HTTP too (static/wake_lock.js).

On a plain-HTTP address of the room's Wi-Fi the browser offers no Wake Lock API (`navigator.wakeLock`
exists in secure contexts only). Chromium counts 127.0.0.1, the tests' server, as secure: each phone
here that stands for a plain-HTTP one has the API taken away before any script of the page runs,
which is what such an address gives. Where the API is offered, the video is never fetched.

The game: to 1000, five 80 ♥ made with 100 card points by Nous give 900 to 300 (180 + 60 each, as
tests/browser/test_sheet_app.py works them); a sixth wins it: 1080 to 360.
"""

from __future__ import annotations

from tests.browser.helpers import new_phone
from tests.browser.test_sheet_app import EIGHTY_HEARTS, a_game, open_sheet, totals

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"  # what a plain-HTTP page has: no such property
VIDEO = "video.screen-on"
PLAYING = (
    "() => { const v = document.querySelector('video.screen-on');"
    " return v !== null && !v.paused && !v.ended && v.readyState >= 2 && v.currentTime > 0; }"
)


def plain_http_phone(browser):
    context, page = new_phone(browser)
    context.add_init_script(NO_WAKE_LOCK)
    return context, page


def fetched_videos(page) -> list[str]:
    """The addresses of the screen-on video's files this page asks for (the service worker's too)."""
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url) if "/screen_on/" in request.url else None)
    return asked


def state(page, video) -> dict:
    return video.evaluate(
        "v => ({paused: v.paused, muted: v.muted, loop: v.loop, inline: v.playsInline, source: v.currentSrc,"
        " inPage: v.isConnected, network: v.networkState, ready: v.readyState})"
    )


def hide(page, hidden: bool) -> None:
    """The page sent to the background, or back: what a phone's browser tells it (headless Chromium
    never hides a page by itself, neither behind another tab nor in a minimised window)."""
    page.evaluate(
        "hidden => { Object.defineProperty(document, 'visibilityState', {value: hidden ? 'hidden' : 'visible',"
        " configurable: true}); document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def enter_rest_of_deal(page) -> None:
    """The panel is open (the first tap was « + Nouvelle donne »): Ana takes 80 ♥ and makes 100."""
    page.locator("#f-taker_player label", has_text="Ana").click()
    page.locator("#f-contract label", has_text="80").first.click()
    page.locator("#f-mode label").nth(1).click()
    page.keyboard.type("100")
    page.click("#save")


def test_on_plain_http_the_first_tap_plays_the_video_and_the_games_end_stops_it(browser, server, client, screenshot):
    game_id = a_game(client, *[EIGHTY_HEARTS] * 5, target=1000)
    context, page = plain_http_phone(browser)
    asked = fetched_videos(page)
    try:
        open_sheet(page, f"{server.url}/parties/{game_id}")
        assert page.evaluate("() => navigator.wakeLock === undefined")
        assert totals(page) == (900, 300)
        page.wait_for_timeout(300)
        assert page.locator(VIDEO).count() == 0 and asked == []  # nothing before a tap

        page.click("#new-deal")  # the first tap
        page.wait_for_function(PLAYING)
        video = page.locator(VIDEO).element_handle()
        playing = state(page, video)
        assert playing["muted"] and playing["loop"] and playing["inline"] and not playing["paused"]
        assert playing["source"].split("?")[0].endswith("/static/screen_on/blank.mp4")  # Chromium plays H.264
        assert [url.split("?")[0] for url in asked] == [f"{server.url}/static/screen_on/blank.mp4"] * len(asked)
        # Chromium keeps the screen on for a muted video only if 75 % of it is in view and it covers
        # 20 % of the viewport (blink's VideoWakeLock): this one fills the screen, unseen.
        seen = page.evaluate(
            "() => new Promise(done => new IntersectionObserver(([entry], observer) => { observer.disconnect();"
            " done({ratio: entry.intersectionRatio, area: entry.intersectionRect.width * entry.intersectionRect.height"
            " / (innerWidth * innerHeight)}); }).observe(document.querySelector('video.screen-on')))"
        )
        assert seen["ratio"] >= 0.75 and seen["area"] >= 0.2, seen
        assert page.evaluate("() => getComputedStyle(document.querySelector('video.screen-on')).opacity") == "0"
        screenshot(page, "sheet-screen-on-playing")  # the deal panel open, the video unseen under it

        enter_rest_of_deal(page)  # the tap that wins the game
        page.locator("#rematch").wait_for()
        assert totals(page) == (1080, 360)
        page.locator(VIDEO).wait_for(state="detached")
        stopped = state(page, video)
        assert stopped["paused"] and not stopped["inPage"]
        assert stopped["ready"] == 0 and stopped["network"] == 0  # HAVE_NOTHING, NETWORK_EMPTY: let go

        page.locator("#sheet h2, #sheet-body").first.click()  # a tap after the end plays nothing
        page.wait_for_timeout(300)
        assert page.locator(VIDEO).count() == 0
    finally:
        context.close()


def test_on_plain_http_hiding_the_page_stops_the_video_and_the_next_tap_plays_it_again(browser, server, client):
    game_id = a_game(client, EIGHTY_HEARTS)
    context, page = plain_http_phone(browser)
    try:
        open_sheet(page, f"{server.url}/parties/{game_id}")
        page.locator("#sheet-body").click()
        page.wait_for_function(PLAYING)
        first = page.locator(VIDEO).element_handle()

        hide(page, True)
        page.locator(VIDEO).wait_for(state="detached")
        stopped = state(page, first)
        assert stopped["paused"] and stopped["ready"] == 0 and stopped["network"] == 0
        hide(page, False)
        page.wait_for_timeout(300)
        assert page.locator(VIDEO).count() == 0  # play() waits for a tap

        page.locator("#sheet-body").click()
        page.wait_for_function(PLAYING)
        assert page.locator(VIDEO).count() == 1
    finally:
        context.close()


def test_on_the_deal_forms_page_too_a_tap_plays_it(browser, server, client):
    game_id = a_game(client, EIGHTY_HEARTS)
    context, page = plain_http_phone(browser)
    try:
        page.goto(f"{server.url}/parties/{game_id}/donnes/nouvelle")
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.wait_for_function(PLAYING)
    finally:
        context.close()


def test_where_the_wake_lock_is_offered_the_video_is_never_fetched(browser, server, client):
    """127.0.0.1 is a secure context: the API is there, the service worker installs (it fetches every
    static file it keeps), the player taps through a game to its end: no video, not one request."""
    game_id = a_game(client, *[EIGHTY_HEARTS] * 5, target=1000)
    context, page = new_phone(browser)
    asked = fetched_videos(page)
    try:
        open_sheet(page, f"{server.url}/parties/{game_id}")
        assert page.evaluate("() => typeof navigator.wakeLock.request") == "function"
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        page.click("#new-deal")
        enter_rest_of_deal(page)
        page.locator("#rematch").wait_for()
        page.locator("#sheet-body").click()
        page.reload()  # under the service worker now
        page.locator("#sheet-status").wait_for(state="attached")
        page.locator("#sheet-body").click()
        page.wait_for_load_state("networkidle")
        assert page.locator("template#screen-on").count() == 1  # in the page, inert
        assert page.locator("video").count() == 0
        assert asked == []
    finally:
        context.close()
