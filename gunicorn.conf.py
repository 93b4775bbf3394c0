"""gunicorn's settings for `make serve`, the load and round-trip benchmarks and the crash test
(each passes `-c gunicorn.conf.py`; the address and the number of workers come from the command).
"""

# Sync workers: one request at a time each, which is what SQLite's one writer wants; a phone's
# request takes a few milliseconds, so 4 workers serve a club's tables on 2 cores.
worker_class = "sync"
timeout = 30  # a worker stuck that long (a disk that hangs) is replaced
graceful_timeout = 10
accesslog = "-"
# gunicorn 25 and later open a control socket under ~/.gunicorn, one path for every server of
# the user: the benchmarks and tests run several at once, and nobody here uses it.
control_socket_disable = True
