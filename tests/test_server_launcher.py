"""`make run` serves one table's phones (issues 11, 22): `python -m scorekeeper.server` prints the
address they open, on the LAN, and its QR code, serves the app, and stops on Ctrl-C;
`join_message` for every kind of address."""

from __future__ import annotations

import os
import selectors
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from scorekeeper.server import address
from scorekeeper.web.join import lan_address

ROOT = Path(__file__).resolve().parents[1]
READY = "Ctrl-C pour arrêter."
# segno's compact terminal code: two modules a character, (top, bottom), True where dark.
BLOCKS = {" ": (True, True), "▀": (False, True), "▄": (True, False), "█": (False, False)}


def qr_text(output: str) -> str:
    """The text of the QR code printed in `output` (compact half blocks), read by zxing-cpp."""
    lines = [line for line in output.splitlines() if line and set(line) <= set(BLOCKS)]
    assert len(lines) > 10, output
    rows = [[BLOCKS[char][half] for char in line] for line in lines for half in (0, 1)][:-1]  # the last half pads
    scale = 8
    image = Image.new("L", (len(rows[0]) * scale, len(rows) * scale), 255)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    return "".join(result.text for result in zxingcpp.read_barcodes(image))


def test_every_address_means_the_lan_address_and_its_qr_code(monkeypatch):
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.20")
    message = address.join_message("0.0.0.0", 5000)
    assert "    http://192.168.1.20:5000/\n" in message and "Ctrl-C pour arrêter" in message
    assert qr_text(message) == "http://192.168.1.20:5000/"


def test_without_a_lan_the_message_says_so_and_gives_the_local_address(monkeypatch):
    monkeypatch.setattr(address, "lan_address", lambda: None)
    message = address.join_message("0.0.0.0", 5000)
    assert "aucun réseau local" in message and "http://127.0.0.1:5000/" in message
    assert "█" not in message  # no code to scan: no phone could open it


def test_a_server_on_loopback_says_no_phone_can_join():
    message = address.join_message("127.0.0.1", 5001)
    assert "que cet ordinateur" in message and "http://127.0.0.1:5001/" in message and "█" not in message


def test_a_given_address_is_the_one_to_open():
    message = address.join_message("10.0.0.7", 8000)
    assert qr_text(message) == "http://10.0.0.7:8000/"


def read_until(process: subprocess.Popen, text: str, seconds: float) -> str:
    """What the process printed, until `text` appears or `seconds` pass."""
    output = b""
    deadline = time.monotonic() + seconds
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while text.encode() not in output and time.monotonic() < deadline and process.poll() is None:
            if selector.select(timeout=0.5):
                output += os.read(process.stdout.fileno(), 65536)
    return output.decode("utf-8", "replace")


@pytest.mark.slow
@pytest.mark.serial
def test_make_run_prints_the_lan_address_and_its_qr_code_then_stops_on_ctrl_c(tmp_path):
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {key: value for key, value in os.environ.items() if not key.startswith(("MAKE", "MFLAGS", "HOST", "PORT"))}
    env.update(SCOREKEEPER_DATABASE=str(tmp_path / "table.db"), SCOREKEEPER_SECRET_KEY="make-run-test")
    # -o: never reinstall (make test has just done it): the test starts the server, nothing else.
    process = subprocess.Popen(
        ["make", "--no-print-directory", "-o", ".venv/.installed", "run", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output = read_until(process, READY, 90)
        assert READY in output, output
        lan = lan_address()
        if lan is None:
            assert "aucun réseau local" in output and f"http://127.0.0.1:{port}/" in output
        else:
            url = f"http://{lan}:{port}/"
            assert f"    {url}\n" in output
            assert qr_text(output) == url
        answer = None
        for _ in range(50):  # bounded: it listens before it prints, so the first try should do
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    answer = response.status
                break
            except OSError:
                time.sleep(0.2)
        assert answer == 200
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group
        process.wait(timeout=10)
        time.sleep(0.5)
        with pytest.raises(ProcessLookupError):
            os.killpg(process.pid, 0)  # nothing left behind
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        process.stdout.close()
