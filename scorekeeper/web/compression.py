"""Pages and JSON sent gzip-compressed to the browsers that ask (every phone's does).

The table's phones are on a club's Wi-Fi, often a poor one, and reload the sheet after every
deal: a 40-deal sheet page is about 54 KB of HTML, 3 KB compressed (0.24 ms at level 6 here,
against 5 ms to render it); its JSON 6 KB, under 1 KB. A few lines rather than a dependency:
Flask-Compress would bring brotli and zstd builds for the same gzip.

Static files are compressed once per process, by `assets.py`, with the same level. A strong
ETag becomes weak on a compressed answer, as a validator of the content whatever its encoding
(what nginx does); conditional requests compare ETags weakly (`contains_weak`).
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Generator

from flask import Flask, Response, request

COMPRESSIBLE = frozenset({"text/html", "application/json", "text/csv", "text/plain"})
MIN_SIZE = 1024  # below that, the gzip header and a round of deflate are not worth it
LEVEL = 6


def compress(response: Response) -> Response:
    if (
        response.direct_passthrough
        or response.is_streamed
        or response.mimetype not in COMPRESSIBLE
        or not 200 <= response.status_code < 300
        or response.status_code == 204
        or "Content-Encoding" in response.headers
    ):
        return response
    response.vary.add("Accept-Encoding")
    if request.accept_encodings.quality("gzip") <= 0:
        return response
    data = response.get_data()
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(data, compresslevel=LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)
    return response


def gzip_stream(chunks: Generator[bytes, None, None]) -> Generator[bytes, None, None]:
    """A streamed answer (the archive's export, 58 MB at 10,000 games) compressed as it goes, as
    `compress` compresses a whole one: the gzip format, the same level. Closing it closes `chunks`
    (what lets go of the export's turn when the client goes away)."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)  # 16 +: gzip's header and trailer
    try:
        for chunk in chunks:
            if packed := packer.compress(chunk):
                yield packed
        yield packer.flush()
    finally:
        chunks.close()


def init_app(app: Flask) -> None:
    app.after_request(compress)  # registered first of the after_request hooks: runs last
