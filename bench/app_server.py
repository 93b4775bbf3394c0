"""Start the app's server on 127.0.0.1, as `make serve` does, for the benchmarks and the tests
that need a real server process: a free port, a database of its own, `python -m scorekeeper.server`.

Only ever 127.0.0.1: these servers are for load and fault tests on this machine.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def api(port: int, method: str, path: str, body: dict | None = None) -> dict:
    """One call to the JSON API of the server on `port`: its answer, which must be a 200 or a 201."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        answer = json.loads(response.read())
        assert response.status in (200, 201), (response.status, answer)
        return answer
    finally:
        connection.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """The server process serving `app` (a "module:factory" the launcher's --app takes); `options`
    are more of the launcher's options (`--threads 4`)."""

    database: str
    app: str = "scorekeeper:create_app"
    log_path: str | None = None
    port: int = field(default_factory=free_port)
    env: dict[str, str] = field(default_factory=dict)
    options: list[str] = field(default_factory=list)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, timeout: float = 30.0) -> Server:
        env = {
            **os.environ,
            "SCOREKEEPER_DATABASE": self.database,
            "SCOREKEEPER_SECRET_KEY": "not-a-secret-for-benchmarks",
            # beside the database, not the checkout's instance/ (a table password left there)
            "SCOREKEEPER_INSTANCE_PATH": str(Path(self.database).resolve().parent / "instance"),
            "PYTHONPATH": str(ROOT),
            **self.env,
        }
        log = open(self.log_path or os.devnull, "ab")  # noqa: SIM115  (closed with the process)
        command = [
            sys.executable,
            "-m",
            "scorekeeper.server",
            "--host",
            HOST,
            "--port",
            str(self.port),
            "--app",
            self.app,
            *self.options,
        ]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        self._wait_ready(timeout)
        return self

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}; see {self.log_path}")
            try:
                connection = http.client.HTTPConnection(HOST, self.port, timeout=2)
                connection.request("GET", "/static/style.css")
                if connection.getresponse().status == 200:
                    connection.close()
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL to the server's process group: a pulled plug, as far as a process goes."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
