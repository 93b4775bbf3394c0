"""gunicorn's settings for `make run`, `make serve`, the load and round-trip benchmarks and the
crash test (each passes `-c gunicorn.conf.py`; the address and the number of workers come from
the command).
"""

# A sync worker in 16 threads (scorekeeper/web/server_worker.py): a phone that stalls mid-request
# (it left the Wi-Fi, or trickles its bytes) holds one thread and not a whole worker, while the
# app still runs one request at a time per worker, once the request has arrived whole: SQLite has
# one writer, and a phone's request takes a few milliseconds, so 4 workers serve a club on 2 cores.
worker_class = "scorekeeper.web.server_worker.Worker"
threads = 16
timeout = 30  # a worker that stops telling the arbiter it lives (its main thread stuck) is replaced
# A connection kept after an answer waits this long for the phone's next request (a page's files,
# the sheet after a save), then closes: less than the sheet's 2.5 s refresh, so a phone between
# two refreshes holds no thread (gunicorn's default, said here; the worker keeps a connection only
# while it is not busy: scorekeeper/web/server_worker.py).
keepalive = 2
graceful_timeout = 10
accesslog = "-"
# What gunicorn itself refuses, in French (scorekeeper/web/server_errors.py): a request line over
# limit_request_line bytes (414), a header over limit_request_field_size bytes or more than
# limit_request_fields headers (431). gunicorn's defaults, said here; the app's longest addresses
# are far below them.
limit_request_line = 4094
limit_request_field_size = 8190
limit_request_fields = 100
# gunicorn 25 and later open a control socket under ~/.gunicorn, one path for every server of
# the user: the benchmarks and tests run several at once, and nobody here uses it.
control_socket_disable = True
