"""The server layer, above `web`: waitress serving the app to the phones (`python -m
scorekeeper.server`, which `make run` and `make serve` call). `settings.py`: waitress's settings,
each with its reason; `limits.py`: what waitress lacks, a deadline for a request to arrive, a
limit of connections per address, and its own refusals in French (`error_pages.py`) closed
gracefully; `bodies.py`: a body over its URL's limit refused before it is read; `address.py`: the
address and QR code `make run` prints for the phones; `certificates.py`: this server's own
certificate authority; `caddy.py` and `https.py`: Caddy in front for HTTPS (`make run HTTPS=1`,
`make serve DOMAIN=…`); `__main__.py`: the command line."""
