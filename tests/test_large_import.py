"""Issue 14, item 5: a large import (a 50 MB archive, 15,000 games) through the page of the server
`make serve` runs, and through the command line. The page answers at once and shows the import's
progress, then, in French, what it did (its report kept on the server, not in the session's
cookie); the WAL is emptied after it. Each prints its time and peak memory, for the issue's note.

The archive is generated here (bench/import_archive.py), never committed: LARGE_IMPORT_MB sets
its size, 3 MB by default (about 800 games: every step of a large import, in seconds); `make bench`
runs these at 50 MB, the size of issue 14's file."""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from html import unescape
from pathlib import Path

import pytest

from scorekeeper.store.db import connect
from scorekeeper.store.migrate import migrate
from tests.bench_scripts import bench_module
from tests.helpers import csrf_token, page_text

pytestmark = [pytest.mark.slow, pytest.mark.serial]

ROOT = Path(__file__).resolve().parents[1]
REDEAL = {"reason": "all_pass"}
MEGABYTES = float(os.environ.get("LARGE_IMPORT_MB", "3"))
WAL_LIMIT = 64 * 1024 * 1024
app_server = bench_module("app_server")
import_bench = bench_module("import_archive")


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> tuple[Path, int]:
    path = tmp_path_factory.mktemp("large") / "archive.json"
    games = import_bench.write_archive(str(path), MEGABYTES)
    return path, games


def wal_size(database: str) -> int:
    wal = Path(database + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def peak_memory_mb(pid: int) -> float:
    """A live process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def multipart(fields: dict[str, str], name: str, raw: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="archive.json"\r\n'
        "Content-Type: application/json\r\n\r\n".encode()
        + raw
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def test_a_large_import_through_the_page_of_the_server(archive, tmp_path):
    path, games = archive
    raw = path.read_bytes()
    database = str(tmp_path / "club.db")
    migrate(database)
    with app_server.Server(database, log_path=str(tmp_path / "server.log")) as server:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        form = opener.open(server.url + "/archives/importer", timeout=30).read().decode()
        token = csrf_token(form)
        body, content_type = multipart({"csrf_token": token}, "archive", raw)
        started = time.perf_counter()
        request = urllib.request.Request(
            server.url + "/archives/importer", data=body, headers={"Content-Type": content_type}
        )
        with opener.open(request, timeout=60) as answer:  # redirected to the import's page
            report_url, page = answer.url, answer.read().decode()
        answered = time.perf_counter() - started
        assert re.search(r"/archives/import/[0-9a-f]{16}$", report_url), report_url
        seen_progress = "Import en cours" in page
        if seen_progress:
            assert '<meta http-equiv="refresh" content="2">' in page
        deadline = time.monotonic() + 600
        while "Import en cours" in page and time.monotonic() < deadline:
            time.sleep(2)
            page = opener.open(report_url, timeout=30).read().decode()
        seconds = time.perf_counter() - started
        peak = peak_memory_mb(server.process.pid)  # one process: the server
        text = page_text(page)
        assert f"Import terminé : {games} partie(s) importée(s)" in text, text[:2000]
        assert "Erreur" not in text and "Internal" not in text
        assert wal_size(database) < WAL_LIMIT
        again = opener.open(report_url, timeout=30).read().decode()  # the report stays on the server
        assert f"Import terminé : {games} partie(s) importée(s)" in page_text(again)
    db = connect(database)
    try:
        assert db["games"].count == games
        assert db["game_summaries"].count == games
        assert db.conn.execute("select count(*) from app_info where key like 'import %'").fetchone()[0] == 0
    finally:
        db.close()
    print(
        f"\npage: {len(raw) / 1e6:.1f} MB, {games} games: answered in {answered:.1f} s "
        f"(progress shown: {seen_progress}), imported in {seconds:.1f} s; "
        f"the server's peak memory {peak:.0f} MB"
    )


# `flask` run as the command line runs it, printing its own peak memory as it exits: a child's
# ru_maxrss counts the parent it was forked from (this process, with the archive it made).
WITH_PEAK_MEMORY = """
import atexit, runpy, sys
def peak():
    line = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
    print("VmHWM", line.split()[1], file=sys.stderr)
atexit.register(peak)
sys.argv = ["flask", *sys.argv[1:]]
runpy.run_module("flask", run_name="__main__")
"""


def test_a_large_import_on_the_command_line(archive, tmp_path):
    path, games = archive
    database = str(tmp_path / "club.db")
    migrate(database)
    env = {**os.environ, "SCOREKEEPER_DATABASE": database, "SCOREKEEPER_SECRET_KEY": "test", "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-c", WITH_PEAK_MEMORY, "--app", "scorekeeper", "import", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    seconds = time.perf_counter() - started
    peak = int(re.search(r"VmHWM (\d+)", result.stderr).group(1)) / 1024
    assert result.returncode == 0, result.stderr
    assert f"Import terminé : {games} partie(s) importée(s)" in result.stdout
    assert "Vérification des parties" in result.stderr  # its progress, as it goes
    assert wal_size(database) < WAL_LIMIT
    print(
        f"\ncommand line: {path.stat().st_size / 1e6:.1f} MB, {games} games in {seconds:.1f} s, "
        f"peak memory {peak:.0f} MB"
    )


def timed(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def test_a_table_saves_and_reads_its_sheet_fast_while_a_large_import_writes(archive, tmp_path):
    """Issue 24: the import writes a few hundred games per transaction, so that a table's save
    waits a fraction of a second, not the whole import; a second import meanwhile is refused."""
    path, games = archive
    raw = path.read_bytes()
    database = str(tmp_path / "club.db")
    migrate(database)
    folder = Path(database + "-imports")
    with app_server.Server(database, log_path=str(tmp_path / "server.log")) as server:
        game = app_server.api(server.port, "POST", "/api/v1/games", {})["id"]
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

        def post_import() -> tuple[int, str]:
            form = opener.open(server.url + "/archives/importer", timeout=30).read().decode()
            body, content_type = multipart({"csrf_token": csrf_token(form)}, "archive", raw)
            request = urllib.request.Request(
                server.url + "/archives/importer", data=body, headers={"Content-Type": content_type}
            )
            try:
                with opener.open(request, timeout=60) as answer:
                    return answer.status, answer.url
            except urllib.error.HTTPError as error:
                return error.code, error.read().decode()

        first: dict[str, tuple[int, str]] = {}
        started = time.perf_counter()
        importer = threading.Thread(target=lambda: first.setdefault("answer", post_import()))
        importer.start()
        while not any(name.endswith(".json") for name in os.listdir(folder)) if folder.exists() else True:
            time.sleep(0.01)
        second_status, second_page = post_import()  # while the first one runs
        saves, reads = [], []

        def running() -> bool:
            if importer.is_alive():
                return True
            page = opener.open(first["answer"][1], timeout=30).read().decode()
            return "Import en cours" in page

        while running():
            saves.append(timed(lambda: app_server.api(server.port, "POST", f"/api/v1/games/{game}/redeals", REDEAL)))
            reads.append(timed(lambda: app_server.api(server.port, "GET", f"/api/v1/games/{game}")))
        seconds = time.perf_counter() - started
        peak = peak_memory_mb(server.process.pid)
        page = page_text(opener.open(first["answer"][1], timeout=30).read().decode())
    assert f"Import terminé : {games} partie(s) importée(s)" in page, page[:2000]
    assert second_status == 409
    assert "Un import est déjà en cours" in unescape(second_page)
    assert saves and reads
    assert max(saves) < 1 and max(reads) < 1, (max(saves), max(reads))
    print(
        f"\nwhile a {len(raw) / 1e6:.1f} MB import ({games} games) ran {seconds:.1f} s: {len(saves)} saves, "
        f"the longest {max(saves) * 1000:.0f} ms; {len(reads)} sheet reads, the longest {max(reads) * 1000:.0f} ms; "
        f"the server's peak memory {peak:.0f} MB"
    )
