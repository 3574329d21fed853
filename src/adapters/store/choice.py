"""Which store `WEB_CACHE` names: `memory`, `disk` (the default) or a Redis URL.

`open_store` builds it; shared stores come wrapped in `ResilientStore` (fail fast while
down). The disk store lives in `WEB_CACHE_DIR`, else the user's cache folder as
platformdirs finds it (`$XDG_CACHE_HOME/webdistill` on Linux), in a folder named after the
entry format, so another release's store is never even opened.
"""

from __future__ import annotations

import os

import platformdirs

from webdistill.adapters.requirements import unserved
from webdistill.adapters.store.codec import FORMAT_VERSION
from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.memory import MemoryStore
from webdistill.adapters.store.resilient import ResilientStore
from webdistill.kernel.redaction import masked_url, url_secrets
from webdistill.kernel.store import Store

MEMORY_BYTES = 64 * 1024 * 1024
DISK_BYTES = 256 * 1024 * 1024


class StoreChoiceError(ValueError):
    """The configured store cannot be built (e.g. Redis asked for without its client)."""


def default_directory() -> str:
    return platformdirs.user_cache_dir("webdistill", appauthor=False)


def disk_folder(directory: str | None) -> str:
    """The disk store's folder: `store-v1` in `WEB_CACHE_DIR`, else in the user's cache."""
    return os.path.join(directory or default_directory(), f"store-v{FORMAT_VERSION}")


def open_store(cache: str, directory: str | None, max_bytes: int | None) -> Store:
    """The store for `WEB_CACHE=cache` (`off` gets a memory store: results still need one)."""
    if cache in ("memory", "off"):
        return MemoryStore(max_bytes or MEMORY_BYTES)
    if cache == "disk":
        return ResilientStore(DiskStore(disk_folder(directory), max_bytes or DISK_BYTES))
    try:
        from webdistill.adapters.store.redis import RedisStore
    except ImportError:
        raise StoreChoiceError(" ".join(unserved(cache))) from None
    try:
        return ResilientStore(RedisStore(cache))
    except ValueError as exc:
        raise StoreChoiceError(_unusable(cache, str(exc))) from None


def _unusable(cache: str, said: str) -> str:
    """The error for a Redis URL redis-py refuses. redis-py's own text is quoted only when no
    part of the URL's user-info is in it: it parses a password holding an unencoded "#", "?"
    or "/" as a cut URL and names the piece it took for the port."""
    pieces = url_secrets(cache)
    if any(piece in said for piece in pieces):
        said = "it could not be parsed"
    hint = (
        " Percent-encode any '#', '?', '/' or '@' in the user name or password "
        "(%23, %3F, %2F, %40)."
        if pieces
        else ""
    )
    shown = masked_url(cache)
    return f"WEB_CACHE={shown!r} is not a usable Redis URL: {said.rstrip('.')}.{hint}"
