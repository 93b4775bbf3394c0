"""The server's middleware (scorekeeper/web/one_at_a_time.py): the whole request read before the
app runs, the app alone in its process, its slot let go whatever happens, and a body over the
limit refused with the app's French 413, chunked or not."""

from __future__ import annotations

import io
import json
import threading
import time

from werkzeug.test import EnvironBuilder, run_wsgi_app

from scorekeeper.web.one_at_a_time import OneAtATime

LIMIT = 256 * 1024
WAIT_S = 10


class Stream(io.BytesIO):
    """wsgi.input that records when it was read."""

    def __init__(self, data: bytes, log: list):
        super().__init__(data)
        self.log = log

    def read(self, size=-1):
        self.log.append("read")
        return super().read(size)


def environ(body: bytes = b"", chunked: bool = False, stream=None, **extra) -> dict:
    headers = {"Content-Type": "application/json", **({"Transfer-Encoding": "chunked"} if chunked else {})}
    env = EnvironBuilder("/api/v1/games", method="POST", headers=headers, input_stream=io.BytesIO(body)).get_environ()
    if chunked:
        env.pop("CONTENT_LENGTH", None)  # as gunicorn hands a chunked body: no length, a terminated stream
    else:
        env["CONTENT_LENGTH"] = str(len(body))
    env["wsgi.input_terminated"] = True
    env["wsgi.input"] = stream or io.BytesIO(body)
    return {**env, **extra}


def echo(environ, start_response):
    start_response("200 OK", [("Content-Type", "application/octet-stream")])
    return [environ["wsgi.input"].read()]


def test_the_body_is_read_whole_before_the_app_runs():
    log: list[str] = []

    def app(environ, start_response):
        log.append("app")
        return echo(environ, start_response)

    body = b'{"x": "' + b"y" * 100_000 + b'"}'
    answer, status, _ = run_wsgi_app(OneAtATime(app, LIMIT), environ(body, stream=Stream(body, log)))
    assert status == "200 OK" and b"".join(answer) == body
    assert log.index("app") > max(index for index, entry in enumerate(log) if entry == "read")


def test_a_chunked_body_reaches_the_app_with_its_length():
    seen = {}

    def app(environ, start_response):
        seen.update(length=environ.get("CONTENT_LENGTH"), chunked="HTTP_TRANSFER_ENCODING" in environ)
        return echo(environ, start_response)

    answer, _, _ = run_wsgi_app(OneAtATime(app, LIMIT), environ(b"{}", chunked=True))
    assert b"".join(answer) == b"{}" and seen == {"length": "2", "chunked": False}


def test_a_body_over_the_limit_gets_the_apps_french_413_announced_or_chunked(app):
    wrapped = OneAtATime(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])
    huge = json.dumps({"teams": {"A": "x" * 300_000}}).encode()
    for chunked in (False, True):
        log: list[str] = []
        answer, status, _ = run_wsgi_app(wrapped, environ(huge, chunked=chunked, stream=Stream(huge, log)))
        assert status.startswith("413"), (chunked, status)
        assert "trop gros" in json.loads(b"".join(answer))["error"]
        assert len(log) <= (0 if not chunked else 5)  # announced: never read; chunked: just past the limit
    answer, status, _ = run_wsgi_app(wrapped, environ(b"{}", chunked=True))  # a small chunked body passes
    assert status.startswith("201"), b"".join(answer)


def test_the_app_runs_alone_in_its_process():
    inside, release = threading.Event(), threading.Event()
    running, most = [0], [0]
    lock = threading.Lock()

    def app(environ, start_response):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        inside.set()
        release.wait(WAIT_S)
        with lock:
            running[0] -= 1
        return echo(environ, start_response)

    wrapped = OneAtATime(app, LIMIT)
    threads = [threading.Thread(target=run_wsgi_app, args=(wrapped, environ(b"{}"))) for _ in range(3)]
    for thread in threads:
        thread.start()
    assert inside.wait(WAIT_S)
    time.sleep(0.2)  # time for the others to reach the slot, were it open
    assert most[0] == 1
    release.set()
    for thread in threads:
        thread.join(WAIT_S)
    assert most[0] == 1 and not any(thread.is_alive() for thread in threads)


class Answer:
    """An app's answer that says when it is closed."""

    def __init__(self, slot):
        self.slot, self.closed_with_slot_held = slot, None

    def __iter__(self):
        yield b"a"
        yield b"b"

    def close(self):
        self.closed_with_slot_held = self.slot.locked()


def test_the_answer_is_materialised_and_closed_before_the_slot_is_let_go():
    answers = []

    def app(environ, start_response):
        start_response("200 OK", [])
        answers.append(Answer(wrapped.slot))
        return answers[-1]

    wrapped = OneAtATime(app, LIMIT)
    answer = wrapped(environ(), lambda *args: None)
    assert answer == [b"a", b"b"] and answers[0].closed_with_slot_held is True
    assert not wrapped.slot.locked()


def test_the_slot_is_let_go_when_the_app_fails():
    def app(environ, start_response):
        raise RuntimeError("boom")

    wrapped = OneAtATime(app, LIMIT)
    try:
        wrapped(environ(), lambda *args: None)
    except RuntimeError:
        pass
    assert not wrapped.slot.locked()


def test_a_file_is_handed_back_unread_with_the_slot_free():
    class FileWrapper:
        def __init__(self, file):
            self.file = file

    def app(environ, start_response):
        start_response("200 OK", [])
        return environ["wsgi.file_wrapper"](io.BytesIO(b"css"))

    wrapped = OneAtATime(app, LIMIT)
    answer = wrapped(environ(**{"wsgi.file_wrapper": FileWrapper}), lambda *args: None)
    assert isinstance(answer, FileWrapper) and not wrapped.slot.locked()


def test_the_server_is_told_when_a_request_is_read_and_when_the_app_is_free():
    events = []

    def app(environ, start_response):
        events.append(("app", wrapped.queued))
        return echo(environ, start_response)

    wrapped = OneAtATime(
        app,
        LIMIT,
        on_read=lambda environ: events.append(("read", wrapped.queued)),
        on_idle=lambda: events.append(("idle", wrapped.queued)),
    )
    run_wsgi_app(wrapped, environ(b"{}"))
    assert events == [("read", 1), ("app", 1), ("idle", 0)]
