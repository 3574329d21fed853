"""Markdown alternates: a page that links `<link rel="alternate" type="text/markdown">`.

Sites that serve agents Markdown announce it in the HTML head. `markdown_alternate` finds
such a link in the first `HEAD_BYTES` of an HTML body (a bounded regex scan, no parse) and
answers its absolute URL when it is on the page's own origin (scheme, host and port):
another origin is never followed, so a page cannot steer the fetch elsewhere. The backend
then fetches it through the same guarded client, which vets it like any URL.
"""

from __future__ import annotations

import html
import re
from urllib.parse import urljoin, urlsplit

#: How much of the HTML is scanned for the link (it belongs in the head).
HEAD_BYTES = 256 * 1024
#: The media types the alternate may be served as.
MARKDOWN_TYPES = frozenset({"text/markdown", "text/x-markdown", "text/plain"})
#: What the alternate fetch asks for.
MARKDOWN_ACCEPT = "text/markdown, text/x-markdown;q=0.9, text/plain;q=0.8"

_LINK = re.compile(rb"<link\b([^<>]{0,2000})>", re.IGNORECASE)
_ATTR = re.compile(r"""([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
_MAX_LINKS = 200


def _attributes(raw: bytes) -> dict[str, str]:
    text = raw.decode("utf-8", "replace")
    found: dict[str, str] = {}
    for match in _ATTR.finditer(text):
        value = next((v for v in match.group(2, 3, 4) if v is not None), "")
        found.setdefault(match.group(1).lower(), html.unescape(value).strip())
    return found


def _origin(url: str) -> tuple[str, str, int | None] | None:
    try:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme.lower())
    except ValueError:
        return None
    return parts.scheme.lower(), (parts.hostname or "").lower(), port


def markdown_alternate(body: bytes, page_url: str) -> str | None:
    """The same-origin Markdown alternate the HTML `body` links to, else None."""
    for count, match in enumerate(_LINK.finditer(body, 0, HEAD_BYTES)):
        if count >= _MAX_LINKS:
            return None
        attrs = _attributes(match.group(1))
        rels = attrs.get("rel", "").lower().split()
        kind = attrs.get("type", "").split(";", 1)[0].strip().lower()
        href = attrs.get("href", "")
        if "alternate" not in rels or kind not in {"text/markdown", "text/x-markdown"} or not href:
            continue
        target = urljoin(page_url, href).split("#", 1)[0]
        home = _origin(page_url)
        if home is not None and _origin(target) == home and target != page_url:
            return target
    return None
