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
constructors below. `own(template, *parts)` builds webdistill's prose (messages, notices,
labels): the template is a string literal (`{}` marks each part) and every part is itself
`OwnText` from a closed-form constructor (`site`, `number`, `code`, `media_type`, `setting`,
`flag`, `name`, `field`, `echo`, `echo_url`). mypy checks the parts;
`tests/rules/test_own_templates.py` walks `src/` and fails when a template of
`own`/`line`/`words` is not a literal (an f-string, a variable, a concatenation). So what
a server wrote can reach the reader only through `WebError.detail[WEB_TEXT]` (rendered
fenced), described in the message instead.
Every notice the model carries (`Document`/`FetchedPage`/`Page.notice`, a search's
`skipped`, `unsupported`, `shortfall`, `notice`, `RemovedHits.reason`) is typed `OwnText`,
and so is each source of one: a search provider's `Answer` notes and a store's
`StoreError.reason`.

Pure; nothing here raises.
"""

from __future__ import annotations

import enum
import ipaddress
import mimetypes
import re
from typing import LiteralString, NewType
from urllib.parse import urlsplit

from webdistill.kernel.quoting import neutralise, quoted, safe_text, shown_url
from webdistill.kernel.redaction import without_secret

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
#: A provider, reader or compressor name or label (`duckduckgo`, `Brave Search`,
#: `openai:gpt-4o-mini`).
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/ ()-]{0,63}")
#: Runs of white space (a literal template spread over lines stays on one line).
_SPACES = re.compile(r"\s+")
#: A field path: identifiers joined by dots, with list indices (`requests[0].url`).
_FIELD = re.compile(
    r"(?:[A-Za-z_][A-Za-z0-9_]{0,63}|\[[0-9]{1,6}\])"
    r"(?:\[[0-9]{1,6}\]|\.[A-Za-z_][A-Za-z0-9_]{0,63}){0,8}"
)
#: Document flags (kernel.model.DocumentFlag) and words the kernel uses as flags.
_FLAG = re.compile(r"[a-z][a-z_]{0,39}")


def own(template: LiteralString, *parts: OwnText) -> OwnText:
    """webdistill's own prose: a string literal `template` (`{}` marks each part) filled with
    own parts, on one line. Only `{}` is a placeholder (other braces stay as written); a part
    with no placeholder left is appended after a space. Controls and fence markers are taken
    out as a second line of defence when parts are filled in."""
    pieces = template.split("{}")
    out = [pieces[0]]
    for index, piece in enumerate(pieces[1:]):
        out.append(parts[index] if index < len(parts) else "")
        out.append(piece)
    if not parts:  # a literal alone: ours (the AST test holds every template to a literal)
        return OwnText(_SPACES.sub(" ", template).strip())
    extra = parts[len(pieces) - 1 :]
    text = "".join(out) + "".join(f" {part}" for part in extra)
    return OwnText(neutralise(text))


def words(text: LiteralString) -> OwnText:
    """webdistill's own prose with no parts: a string literal."""
    return own(text)


def line(template: LiteralString, *values: OwnText) -> OwnText:
    """An own line of the renderer: the same as `own`."""
    return own(template, *values)


def echo(text: str) -> OwnText:
    """What the caller itself asked (its query), echoed back: one line, neutralised, cut to
    300 characters. Never a server's text."""
    return OwnText(safe_text(text, 300))


def echo_quoted(text: str, limit: int = 60) -> OwnText:
    """What the caller itself wrote (a host name of its URL), in double quotes
    (`quoting.quoted`: one line, neutralised, cut to `limit`). Never a server's text."""
    return OwnText(quoted(text, limit))


def echo_url(url: str) -> OwnText:
    """The URL the caller asked for, echoed back percent-encoded (`quoting.shown_url`); our
    own description of an address that cannot be shown (`site`'s, e.g. a stored result's
    URL read back from a shared store) stays as written."""
    return OwnText(url if url == _UNSHOWN_URL else shown_url(url, 300))


def number(value: int | float) -> OwnText:
    """A count, status, size or offset."""
    if isinstance(value, bool):
        return OwnText(str(value).lower())
    return OwnText(f"{value:g}" if isinstance(value, float) else str(int(value)))


def numeral(value: int | float, limit: int = 30) -> OwnText:
    """A number as Python writes it (`repr`: digits, sign, point, exponent, `inf`, `nan`),
    cut to `limit` characters with an ellipsis (a caller's 40-digit number)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return OwnText("a number")
    if isinstance(value, int) and abs(value) >= 10**1000:
        return OwnText("a number of more than 1000 digits")
    text = repr(value)
    return OwnText(text if len(text) <= limit else text[: limit - 3] + "...")


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


def host(value: str) -> OwnText:
    """A host name or IP address in its closed form (as `site` checks it), else a
    description."""
    text = value.strip("[]").lower() if isinstance(value, str) else ""
    address = text.split("%", 1)[0]  # a zone id is free text
    try:
        ipaddress.ip_address(address)
        return OwnText(address)
    except ValueError:
        pass
    if text and len(text) <= 253 and _HOST.fullmatch(text):
        return OwnText(text)
    return OwnText("(a host name that cannot be shown here)")


def media_type(value: str) -> OwnText:
    """A media type from the known table, else a description."""
    media = value.split(";", 1)[0].strip().lower()
    return OwnText(media) if media in KNOWN_MEDIA_TYPES else OwnText("an unrecognised media type")


def setting(name: str) -> OwnText:
    """A setting's name (WEB_* variable or provider key)."""
    return OwnText(name) if _SETTING.fullmatch(name) else OwnText("a setting")


def code(value: enum.Enum) -> OwnText:
    """A member of one of our enums (an `ErrorCode`, a tool name): its value."""
    return OwnText(neutralise(str(value.value)))


def name(value: str, kind: LiteralString = "a component") -> OwnText:
    """A name from our registries or the operator's settings (a provider, reader or
    compressor, its label, a vendor from our table, one of our exception classes): itself
    when it has a name's closed form (letters, digits, spaces, `-_.:/()`, at most 64
    characters), else `kind`. Never a server's text."""
    if isinstance(value, str) and _NAME.fullmatch(value):
        return OwnText(value)
    return OwnText(kind)


def relayed(text: object) -> OwnText:
    """webdistill's own words carried as a plain str, where no server writes: a message our
    extraction worker process built with `own`, back over its pipe (`adapters/extract/pool.py`).
    The walker test allows it nowhere else (search providers build their notes with `own`,
    store adapters their reasons; notes read back from a store are put in closed forms).
    Neutralised again; a non-str becomes a description."""
    return OwnText(neutralise(text) if isinstance(text, str) else "(no message)")


def sentences(*parts: OwnText | None) -> OwnText | None:
    """Own sentences written one after another (a notice and a note added to it): the
    non-empty ones, space-separated; None when there is none."""
    shown = [part for part in parts if part]
    return OwnText(" ".join(shown)) if shown else None


def field(path: str) -> OwnText:
    """The path of an argument or row field (`query`, `requests[0].url`): names of our own
    attrs classes and list indices, else "a field"."""
    return OwnText(path) if _FIELD.fullmatch(path) else OwnText("a field")


def rewritten(text: OwnText, pattern: re.Pattern[str], replacement: LiteralString) -> OwnText:
    """Own text with each match of `pattern` replaced by a literal `replacement` (which may
    name the match's groups, `\\1`): own words in, own words out (the CLI's rewording)."""
    return OwnText(neutralise(pattern.sub(replacement, text)))


def redacted(text: OwnText, *secrets: str | None) -> OwnText:
    """Own text with every form of each secret replaced by `***` (`redaction.without_secret`)."""
    return OwnText(without_secret(text, *secrets))


def flag(name: str) -> OwnText | None:
    """A document flag in its closed form, or None when it is not one."""
    return OwnText(name) if _FLAG.fullmatch(name) else None


def describe_url(url: str) -> OwnText:
    """A refused URL described by its kind ("a javascript: URL"), never quoted."""
    match = _SCHEME.match(url) if isinstance(url, str) else None
    scheme = match.group(1).lower() if match else ""
    if scheme in _KNOWN_SCHEMES:
        return OwnText(f"a {scheme}: URL")
    return OwnText("a URL with an unknown scheme" if scheme else "a relative or malformed URL")


def describe_media_type(value: str) -> OwnText:
    """A media type for a message: itself when known, else "an unrecognised media type"."""
    return media_type(value)


def web(text: object) -> WebText:
    """Text a server wrote, marked as such (no reduction: the fence neutralises it)."""
    return WebText(text if isinstance(text, str) else str(text))
