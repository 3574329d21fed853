"""The one request shape `webdistill mcp --http` reads without h11: a plain JSON-RPC POST.

h11 is pure Python and costs about as much server CPU per request as the MCP SDK's own
dispatch (issue 33: ~0.3 ms of a cached `web_fetch`'s ~2.8 ms, measured against a bare
asyncio protocol). Nearly every request an MCP client sends is the same simple shape:
`POST /mcp HTTP/1.1`, a few headers, a `Content-Length` body. `read_post` recognises that
shape, and only it, strictly: a request it accepts is one h11 accepts too, read the same way.
Anything else -- another method or target, an absolute-form target, HTTP/1.0, a header line
that is not `token: visible characters`, obs-fold, a bare LF, `Transfer-Encoding`, `Expect`,
`Upgrade`, a `Connection` header other than `keep-alive`, no `Content-Length` or two, no
`Host` or two, a head past the head limit, a request past `QUICK_LIMIT`, or a request not
wholly at hand yet -- is `NOT_QUICK`, and the caller hands the bytes, untouched, to h11,
which answers or refuses them as before (and starts the app at the head of a request whose
body is still to come).
"""

from __future__ import annotations

import re
from typing import Final

import attrs

#: The request line of the one shape read here.
REQUEST_LINE: Final = b"POST /mcp HTTP/1.1\r\n"

#: The longest request (head and body) read here; a longer one is h11's (uvicorn pauses
#: reading at the same size of unread body).
QUICK_LIMIT: Final = 65_536

_TOKEN = re.compile(rb"[-!#$%&'*+.^_`|~0-9A-Za-z]+")
# Visible ASCII words separated by spaces / tabs (RFC 9110 field-value without obs-text):
# a subset of what h11 accepts.
_VALUE = re.compile(rb"(?:[\x21-\x7e]+(?:[ \t]+[\x21-\x7e]+)*)?")
_DIGITS = re.compile(rb"[0-9]{1,7}")
# Headers whose presence makes the request h11's: they change framing or the connection.
_NOT_QUICK_NAMES: Final = frozenset({b"transfer-encoding", b"expect", b"upgrade", b"te"})


@attrs.frozen
class QuickPost:
    """A complete `POST /mcp` read from the front of a buffer."""

    headers: list[tuple[bytes, bytes]]  # names lower-cased, values stripped (as uvicorn's)
    body: bytes
    size: int  # bytes of the buffer it took (head and body)


class _Verdict:
    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name


#: Not this shape, not surely, or not all here yet: the bytes are h11's.
NOT_QUICK: Final = _Verdict("NOT_QUICK")


def read_post(data: bytes | bytearray, max_head: int) -> QuickPost | _Verdict:
    """The whole `POST /mcp` at the front of `data`, or `NOT_QUICK`.

    `max_head` is h11's limit on a request head (uvicorn's `h11_max_incomplete_event_size`):
    a longer head is h11's to refuse."""
    if not data.startswith(REQUEST_LINE):
        return NOT_QUICK
    end = data.find(b"\r\n\r\n")
    if end < 0 or end + 4 > max_head:
        return NOT_QUICK
    headers = _headers(bytes(data[len(REQUEST_LINE) : end]))
    if headers is None:
        return NOT_QUICK
    length = [value for name, value in headers if name == b"content-length"]
    hosts = sum(1 for name, _ in headers if name == b"host")
    if len(length) != 1 or hosts != 1 or not _DIGITS.fullmatch(length[0]):
        return NOT_QUICK
    size = end + 4 + int(length[0])
    if size > QUICK_LIMIT or len(data) < size:
        return NOT_QUICK
    return QuickPost(headers=headers, body=bytes(data[end + 4 : size]), size=size)


def _headers(block: bytes) -> list[tuple[bytes, bytes]] | None:
    """The header lines of a head (without its request line and final CRLF CRLF), or None
    when one is not plainly `token: value` or is one of the headers h11 must see."""
    if not block:
        return []
    headers = []
    for line in block.split(b"\r\n"):
        name, colon, value = line.partition(b":")
        if not colon or not _TOKEN.fullmatch(name):
            return None
        value = value.strip(b" \t")
        if not _VALUE.fullmatch(value):
            return None
        name = name.lower()
        if name in _NOT_QUICK_NAMES:
            return None
        if name == b"connection" and value.lower() != b"keep-alive":
            return None
        headers.append((name, value))
    return headers
