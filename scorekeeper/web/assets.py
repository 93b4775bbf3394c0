"""The static files, read once per process: each under an address that names its contents, kept
by the phones for a year, and sent gzip-compressed to the browsers that ask (issue 16).

Every `url_for('static', filename=…)` gets `?v=` and a hash of the file's contents: a page names
the exact version of each file it loads, so the answer to that address may be kept a year as
`immutable` (a revisit asks nothing), and a new file is a new address. An address without `v`, or
with a `v` that is no longer the file's (a page from before an update), is still answered, with
the file as it is now, revalidated each time (`no-cache`, the ETag then costs a 304).

A page names its scripts (`page_modules`) and announces at once, in its head, every module they
import, near or far (`<link rel="modulepreload">`, `module_preloads`): the phone asks for the whole
graph as soon as it reads the head, rather than learning of each module from the one that imports
it, a round trip per level of imports. The graph is read from the scripts' own `import … from
"./x.js"` lines with the folder.

The folder is read whole on the first request that needs it (about 150 KB), each file hashed and
the text ones gzipped then (4 ms for all; 1 ms for engine.js alone, which a request would
otherwise pay under the app's one slot): contents, hash and compressed copy always agree, even if
a file is edited while the server runs (a new version is a new process; with Flask's debug mode,
`flask run --debug`, the folder is read again at each request, so that an edit shows at once). The
service worker's version (`offline.py`) is a hash of these hashes.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import mimetypes
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, abort, current_app, request, url_for

from scorekeeper.web.compression import LEVEL, MIN_SIZE
from scorekeeper.web.vocabulary import script_vocabulary

YEAR_S = 365 * 24 * 3600
# The game's words and numbers for the scripts (vocabulary.script_vocabulary), as one more static
# file: the sheet loads it with the engine, only when a save waits, rather than carrying it in every
# page (3.4 KB); versioned, kept a year and by the service worker like the others. The deal form,
# which scores from its first tap, carries it in its page (data-vocabulary).
VOCABULARY_SCRIPT = "vocabulary.js"


def vocabulary_script() -> bytes:
    vocabulary = json.dumps(script_vocabulary(), ensure_ascii=False, sort_keys=True)
    return f"export default {vocabulary};\n".encode()


COMPRESSIBLE = ("text/", "application/javascript", "image/svg+xml")  # CSS, scripts, the SVG icon


@dataclass(frozen=True)
class StaticFile:
    data: bytes
    gzipped: bytes | None  # None: not text, too short, or no smaller compressed
    mimetype: str
    version: str  # a hash of `data`: the `v` of its address, and its ETag


# A module's static imports, as the scripts write them: `import { x } from "./x.js";`, on one line or
# several, `export … from` too (`[^;"]` spans the lines of a list of names).
IMPORT = re.compile(r'^(?:import|export)\b[^;"]*?"\./([\w./-]+\.js)"', re.MULTILINE)


@dataclass(frozen=True)
class StaticFolder:
    files: dict[str, StaticFile]  # by path under the folder, as in the addresses
    version: str  # a hash of every file's name and version
    imports: dict[str, tuple[str, ...]]  # each script's own imports, by name


def script_imports(files: dict[str, StaticFile]) -> dict[str, tuple[str, ...]]:
    return {
        name: tuple(IMPORT.findall(file.data.decode()))
        for name, file in files.items()
        if name.endswith(".js") and name != VOCABULARY_SCRIPT
    }


def static_file(name: str, data: bytes) -> StaticFile:
    mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
    gzipped = None
    if mimetype.startswith(COMPRESSIBLE) and len(data) >= MIN_SIZE:
        packed = gzip.compress(data, compresslevel=LEVEL, mtime=0)
        gzipped = packed if len(packed) < len(data) else None
    return StaticFile(data, gzipped, mimetype, hashlib.sha256(data).hexdigest()[:12])


@lru_cache(maxsize=4)
def static_folder(folder: str) -> StaticFolder:
    """Every file of `folder`, read, hashed and compressed once (cached by the folder's path: a
    test may point the app at another copy)."""
    root = Path(folder)
    files = {
        path.relative_to(root).as_posix(): static_file(path.name, path.read_bytes())
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }
    files[VOCABULARY_SCRIPT] = static_file(VOCABULARY_SCRIPT, vocabulary_script())
    digest = hashlib.sha256()
    for name, file in files.items():
        digest.update(f"{name}\0{file.version}\0".encode())
    return StaticFolder(files, digest.hexdigest()[:16], script_imports(files))


def _versioned_address(endpoint: str, values: dict) -> None:
    """url_for('static', filename=…) with the file's version, `?v=…` (an unknown file: as asked)."""
    if endpoint == "static" and "v" not in values:
        file = static_folder(current_app.static_folder).files.get(values.get("filename", ""))
        if file is not None:
            values["v"] = file.version


def serve(filename: str) -> Response:
    """The `static` endpoint's view, from memory: only the folder's files can be named."""
    file = static_folder(current_app.static_folder).files.get(filename)
    if file is None:
        abort(404)
    packed = file.gzipped is not None and request.accept_encodings.quality("gzip") > 0
    response = current_app.response_class(file.gzipped if packed else file.data, mimetype=file.mimetype)
    if file.gzipped is not None:
        response.vary.add("Accept-Encoding")
    if packed:
        response.headers["Content-Encoding"] = "gzip"
    response.set_etag(file.version, weak=True)  # weak: the contents, whatever their encoding
    if request.args.get("v") == file.version:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR_S
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
    response.make_conditional(request)  # a 304 or a range: the response itself, changed
    return response


def module_map() -> str:
    """The page's import map, as JSON: each script's plain address to its versioned one.

    The scripts are ES modules that import each other by relative addresses (`./engine.js`); the
    map gives those imports the same versioned address as the page's own `<script type="module">`,
    so that a module is fetched once, kept a year, and never run twice under two addresses. It is
    the pages' one inline script: the Content-Security-Policy names its hash (`module_map_hash`).
    """
    return _module_map(*_map_key())[0]


def module_preloads(entries: list[str]) -> list[str]:
    """The versioned addresses of every module the scripts `entries` import, near or far, each once,
    in the order they are first met (a script's own imports before theirs): the page's
    `<link rel="modulepreload">`. An import of a file the folder has not is left to the browser."""
    return list(_module_preloads(*_map_key(), tuple(entries)))


@lru_cache(maxsize=32)
def _module_preloads(folder: str, version: str, base: str, script_root: str, entries: tuple[str, ...]) -> tuple:
    """`module_preloads`, made once per process for each page's scripts, as the map is."""
    imports = static_folder(folder).imports
    seen = list(entries)
    for name in seen:  # grows as it goes: breadth first
        seen += [imported for imported in imports.get(name, ()) if imported not in seen]
    return tuple(url_for("static", filename=name) for name in seen[len(entries) :])


def module_map_hash() -> str:
    """The import map's CSP source, `'sha256-…'` (the same for every page of a process)."""
    return _module_map(*_map_key())[1]


def _map_key() -> tuple[str, str, str, str]:
    """What the map is made of: the static folder (its path and its files' version) and the
    addresses it is served under."""
    folder = current_app.static_folder
    assert folder is not None  # create_app names it
    return folder, static_folder(folder).version, current_app.static_url_path or "", request.script_root


@lru_cache(maxsize=4)
def _module_map(folder: str, version: str, base: str, script_root: str) -> tuple[str, str]:
    """The map and its hash, made once per process (an answer's header names the hash: 35 addresses
    built for every answer were 15 % of a deal's save)."""
    names = sorted(name for name in static_folder(folder).files if name.endswith(".js"))
    imports = {f"{base}/{name}": url_for("static", filename=name) for name in names}
    text = json.dumps({"imports": imports}, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).digest()
    return text, "'sha256-" + base64.b64encode(digest).decode() + "'"


def _read_again_when_debugging() -> None:
    if current_app.debug:
        static_folder.cache_clear()


def init_app(app: Flask) -> None:
    app.url_defaults(_versioned_address)
    app.jinja_env.globals["module_map"] = module_map
    app.jinja_env.globals["module_preloads"] = module_preloads
    app.view_functions["static"] = serve
    app.before_request(_read_again_when_debugging)
