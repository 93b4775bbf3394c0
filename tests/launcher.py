"""`python -m scorekeeper.server --https` or `--domain` run as a process of its own, for the tests
of Caddy in front (tests/test_https_launcher.py, tests/test_acme_domain.py, the browser's
tests/browser/test_secure_context.py): started in a session of its own, stopped by SIGINT (Ctrl-C),
and killed with its Caddy if a test fails midway."""

from __future__ import annotations

import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(
    arguments: list[str], instance: Path, database: str, home: Path | None = None, **settings: str
) -> subprocess.Popen:
    """The launcher with these arguments, on this instance folder and database (and HOME, if
    given); `settings` as SCOREKEEPER_* variables. Its output is read from `process.stdout`."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    if home is not None:
        env["HOME"] = str(home)
    env.update(
        SCOREKEEPER_INSTANCE_PATH=str(instance),
        SCOREKEEPER_DATABASE=database,
        SCOREKEEPER_SECRET_KEY="launcher-test",
        **{f"SCOREKEEPER_{key}": value for key, value in settings.items()},
    )
    return subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.server", *arguments],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def caddy_pids(instance: Path) -> list[int]:
    """The Caddy processes running this instance's configuration (Linux's /proc)."""
    config = str(instance / "https" / "caddy" / "caddy.json").encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if config in command:
                found.append(int(entry.name))
    return found


def stop(process: subprocess.Popen, instance: Path) -> str:
    """Ctrl-C, then what it printed; anything still running after 15 s is killed, its Caddy too."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    try:
        output, _ = process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
    for pid in caddy_pids(instance):
        os.kill(pid, signal.SIGKILL)
    return output.decode("utf-8", "replace")


def https_get(port: int, name: str, path: str, cafile: Path, host: str | None = None) -> tuple[int, dict, str]:
    """GET https://name:port/path from 127.0.0.1 (the TLS server name `name`, the Host `host` or
    `name`), trusting `cafile` alone: (status, headers lowercased, body)."""
    context = ssl.create_default_context(cafile=str(cafile))
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        with context.wrap_socket(raw, server_hostname=name) as tls:
            request = f"GET {path} HTTP/1.1\r\nHost: {host or name}\r\nConnection: close\r\n\r\n"
            tls.sendall(request.encode())
            answer = b""
            while chunk := tls.recv(65536):
                answer += chunk
    return parse(answer)


def http_get(port: int, path: str, host: str) -> tuple[int, dict, str]:
    """GET http://127.0.0.1:port/path with this Host: (status, headers lowercased, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    return parse(answer)


def parse(answer: bytes) -> tuple[int, dict, str]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        key, _, value = line.partition(":")
        headers.setdefault(key.strip().lower(), value.strip())  # the first of a repeated header
    return int(lines[0].split()[1]), headers, body.decode("utf-8", "replace")


def wait_for(check, seconds: float):
    """check()'s first answer that is not an OSError (a refused or reset connection, a handshake
    that fails), tried every 0.2 s for `seconds`; the last error if none."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return check()
        except (OSError, ssl.SSLError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
