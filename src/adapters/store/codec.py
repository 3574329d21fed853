"""Versioned entries: every key carries the format version, every value an envelope.

Keys are `webdistill:v<N>:<kind>:<sha256 of the identity>`; values are JSON
`{"v": N, "kind": ..., "id": <identity>, "data": ...}`. An entry written by another release
(another `v`), for another kind, for another identity (a hash collision) or unreadable is
ignored: `decode` answers None and the caller treats it as a miss.
"""

from __future__ import annotations

import hashlib
import json

FORMAT_VERSION = 1
PREFIX = f"webdistill:v{FORMAT_VERSION}"

#: What `json.dumps(..., ensure_ascii=False, separators=(",", ":"))` builds on every call,
#: built once (the same bytes: tests/store/test_codec.py).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def key(kind: str, identity: str) -> str:
    digest = hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{PREFIX}:{kind}:{digest}"


def encode(kind: str, identity: str, data: object) -> bytes | None:
    """The entry's bytes, or None when `data` is not JSON-serialisable."""
    try:
        text = _ENCODER.encode({"v": FORMAT_VERSION, "kind": kind, "id": identity, "data": data})
    except (TypeError, ValueError):
        return None
    return text.encode("utf-8", "surrogatepass")


def decode(kind: str, identity: str, raw: bytes | None) -> object | None:
    """The entry's data, or None when absent, foreign, stale-format or unreadable."""
    if raw is None:
        return None
    try:
        entry = json.loads(raw.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(entry, dict):
        return None
    if entry.get("v") != FORMAT_VERSION or entry.get("kind") != kind or entry.get("id") != identity:
        return None
    return entry.get("data")
