"""Own text vs. web text: the one rule for what may stand outside the untrusted-content fence.

Outside the fence there is only `OwnText`: webdistill's own words, and values validated into a
closed form (a count or status number, the site `scheme://host[:port]` of a URL that passed
the policy, a media type from a known table, a document flag, a setting name). A URL's path
and query never stand outside: a server or provider chose them, and `%20` words read as
words. Everything a server or provider wrote (parser complaints, error bodies, unknown media
types and codings, redirect targets, hosts of refused hits) is `WebText` and reaches the
reader only inside a fence (`doors.render.fence_untrusted`, which answers a `Fenced`), or is
replaced by a description ("an unknown content coding", "a javascript: URL").

`OwnText` and `Fenced` are distinct `NewType`s of `str`: `mypy --strict` refuses a plain `str`
where the renderer wants one of them, so a line outside the fence can only be built from the
constructors below. `words` is the constructor for webdistill's prose (messages, notices,
labels); its contract is that adapters never put server text there: they put it in
`WebError.detail[WEB_TEXT]` (rendered fenced) and describe it in the message instead. As a
second line of defence `words` still takes out controls and fence markers.

Pure; nothing here raises.
"""

from __future__ import annotations

import ipaddress
import mimetypes
import re
from typing import NewType
from urllib.parse import urlsplit

from webdistill.kernel.quoting import neutralise, safe_text, shown_url

#: Text webdistill wrote, or a value validated into a closed form: may stand outside a fence.
OwnText = NewType("OwnText", str)
#: Text a server, provider, page or store wrote: untrusted, shown only inside a fence.
WebText = NewType("WebText", str)
#: A complete fenced block (markers, DATA label, neutralised web text).
Fenced = NewType("Fenced", str)

#: The `WebError.detail` key holding what a server wrote about a failure (its error body, a
#: parser's complaint, a refused redirect target): the renderer shows it inside a fence.
WEB_TEXT = "web_text"

#: Media types from Python's own table (mimetypes' built-in defaults, read without the
#: system's files), plus the ones webdistill's handlers name. A type off this list is shown
#: as "an unrecognised media type".
_HANDLER_TYPES = frozenset(
    {
        "application/atom+xml",
        "application/rss+xml",
        "application/xhtml+xml",
        "application/yaml",
        "application/x-yaml",
        "application/ld+json",
        "application/epub+zip",
        "application/x-ndjson",
        "text/yaml",
        "text/x-yaml",
        "text/markdown",
        "text/x-markdown",
        "text/tab-separated-values",
        "text/xml",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    }
)


def _known_media_types() -> frozenset[str]:
    table = mimetypes.MimeTypes(filenames=())
    types = set(table.types_map[True].values()) | set(table.types_map[False].values())
    return frozenset(t.lower() for t in types) | _HANDLER_TYPES


KNOWN_MEDIA_TYPES = _known_media_types()

#: Schemes named in descriptions of refused URLs (WHATWG "special" and common others).
_KNOWN_SCHEMES = frozenset(
    {"http", "https", "ftp", "file", "ws", "wss", "javascript", "data", "blob", "mailto", "about"}
)
_SCHEME = re.compile(r"\s*([A-Za-z][A-Za-z0-9+.-]{0,31}):")
#: A host name's closed form: dot-separated labels of ASCII letters, digits, `-` and `_`.
_HOST = re.compile(
    r"(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.?"
)
_UNSHOWN_URL = "(an address that cannot be shown here)"
#: Setting names: WEB_* variables and provider keys (upper snake case).
_SETTING = re.compile(r"[A-Z][A-Z0-9_]{1,63}")
#: Document flags (kernel.model.DocumentFlag) and words the kernel uses as flags.
_FLAG = re.compile(r"[a-z][a-z_]{0,39}")


def words(text: str) -> OwnText:
    """webdistill's own prose (a message, notice or label it wrote), on one line, with
    controls and fence markers taken out as a second line of defence."""
    return OwnText(neutralise(text))


def line(template: str, *values: OwnText) -> OwnText:
    """An own line: a template webdistill wrote (a literal; `{}` marks each value) filled
    with own values. The renderer builds every line outside the fence with it."""
    return OwnText(template.format(*values))


def echo(text: str) -> OwnText:
    """What the caller itself asked (its query), echoed back: one line, neutralised, cut to
    300 characters. Never a server's text."""
    return OwnText(safe_text(text, 300))


def echo_url(url: str) -> OwnText:
    """The URL the caller asked for, echoed back percent-encoded (`quoting.shown_url`)."""
    return OwnText(shown_url(url, 300))


def number(value: int | float) -> OwnText:
    """A count, status, size or offset."""
    if isinstance(value, bool):
        return OwnText(str(value).lower())
    return OwnText(f"{value:g}" if isinstance(value, float) else str(int(value)))


def joined(parts: list[OwnText], separator: str = " ") -> OwnText:
    """Own parts joined by an own `separator` (a literal the caller wrote)."""
    return OwnText(separator.join(parts))


def site(url: str) -> OwnText:
    """Where a URL points, in a closed form: `scheme://host[:port]` of an http(s) URL whose
    host is a DNS name (letters, digits, `-`, `_`, dots) or an IP address; anything else is
    described. The path and query are the server's (a redirect target, a hit's URL) and can
    spell any words: they are shown only inside a fence."""
    try:
        parts = urlsplit(url) if isinstance(url, str) else None
        port = parts.port if parts is not None else None
    except ValueError:
        parts = None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return OwnText(_UNSHOWN_URL)
    host = parts.hostname.lower()
    if ":" in host:
        try:
            host = f"[{ipaddress.IPv6Address(host.split('%', 1)[0]).compressed}]"
        except ValueError:
            return OwnText(_UNSHOWN_URL)
    elif len(host) > 253 or not _HOST.fullmatch(host):
        return OwnText(_UNSHOWN_URL)
    return OwnText(f"{parts.scheme.lower()}://{host}" + (f":{port}" if port else ""))


def media_type(value: str) -> OwnText:
    """A media type from the known table, else a description."""
    media = value.split(";", 1)[0].strip().lower()
    return OwnText(media) if media in KNOWN_MEDIA_TYPES else OwnText("an unrecognised media type")


def setting(name: str) -> OwnText:
    """A setting's name (WEB_* variable or provider key)."""
    return OwnText(name) if _SETTING.fullmatch(name) else OwnText("a setting")


def flag(name: str) -> OwnText | None:
    """A document flag in its closed form, or None when it is not one."""
    return OwnText(name) if _FLAG.fullmatch(name) else None


def describe_url(url: str) -> str:
    """A refused URL described by its kind ("a javascript: URL"), never quoted."""
    match = _SCHEME.match(url) if isinstance(url, str) else None
    scheme = match.group(1).lower() if match else ""
    if scheme in _KNOWN_SCHEMES:
        return f"a {scheme}: URL"
    return "a URL with an unknown scheme" if scheme else "a relative or malformed URL"


def describe_media_type(value: str) -> str:
    """A media type for a message: itself when known, else "an unrecognised media type"."""
    return str(media_type(value))


def web(text: object) -> WebText:
    """Text a server wrote, marked as such (no reduction: the fence neutralises it)."""
    return WebText(text if isinstance(text, str) else str(text))
