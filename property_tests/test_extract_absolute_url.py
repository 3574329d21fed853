"""`absolute_url`'s shortcut for absolute http(s) links changes no link.

The reader skips `urljoin` for links it would return unchanged (`block._KEPT_AS_IS`); for
every href and base, the result must equal `urljoin`'s, whitespace removed and a
`ValueError` (a bad IPv6 host) answered with the href, as before the shortcuts (links
unchanged, paths from the root put after the base's scheme and host). The pieces
are the separators `urlsplit`/`urlunparse` treat specially (empty query, fragment and
path parameters, brackets, non-ASCII hosts, dot segments, upper-case schemes).
"""

from __future__ import annotations

from urllib.parse import urljoin

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.block import absolute_url

_PIECE_TEXTS = [
    "http://", "https://", "HTTPS://", "ftp://", "//", "/", "example.org", "EXAMPLE.org",
    "xn--bcher-kva.example", "bücher.example", "[::1]", "[", "]", ":8080", "user@", "a",
    "b.html", ";", ";p", "?", "?q=1", "&x=2", "#", "#frag", "..", ".", "%20", " ", "\t",
    "\n", "\u3000", "mailto:", "javascript:", "é", ":", "@", "\\",
]  # fmt: skip
_PIECES = st.lists(st.sampled_from(_PIECE_TEXTS), max_size=9).map("".join)
_BASES = st.sampled_from(
    ["https://example.org/a/b", "http://example.org/a/", "https://example.org", "HTTPS://X.org/",
     "ftp://files.example/dir/", "https://[::1/", "mailto:someone@example.org", "/relative",
     "https://example.org/a;p?q#f", "https://bücher.example/x", "https:///no-host",
     "http://user@Example.ORG:8080/x?y#z"]
)  # fmt: skip


def _joined(href: str, base: str) -> str:
    """What `absolute_url` answered before the shortcut: `urljoin` on the href."""
    href = "".join(href.split())
    try:
        return urljoin(base, href)
    except ValueError:
        return href


@given(_PIECES, _BASES)
@example("https://example.org/a#", "https://example.org/")  # empty fragment: dropped
@example("https://example.org/a?", "https://example.org/")  # empty query: dropped
@example("https://example.org/a?#f", "https://example.org/")
@example("https://example.org/a;", "https://example.org/")  # empty parameters: dropped
@example("https://example.org/a;b;", "https://example.org/")  # parameters "b;": kept
@example("https:///path", "https://example.org/")  # no host: the base's
@example("https://[::1/x", "https://example.org/")  # ValueError: the href
@example("https://\uff0fhost/x", "https://example.org/")  # NFKC "/" in the host: ValueError
@example("http://example.org/a/../b", "https://example.org/")  # another scheme: as is
@example("https://example.org/a/../b", "https://example.org/")  # dot segments: kept
@example("/a/../b", "https://example.org/x/")  # dot segments of a path: resolved
@example("/a/.", "https://example.org/x/")
@example("/a/..;p", "https://example.org/x/")
@example("/a;", "https://example.org/x/")
@example("/a?", "https://example.org/x/")
@example("/a#", "https://example.org/x/")
@example("/a?q#f", "HTTPS://Example.ORG/x/")  # the scheme lowered, the host as written
@example("/a", "mailto:someone@example.org")
@example("/a", "https:///no-host")
@example("/a", "https://[::1/")  # a bad base: ValueError, the href
@example("//host/a", "https://example.org/x/")  # a host of its own
def test_absolute_url_is_urljoin(href: str, base: str) -> None:
    assert absolute_url(href, base) == _joined(href, base)


@given(
    st.sampled_from(["http://", "https://", "/", "//", "/a/", "/."]), st.text(max_size=40), _BASES
)
def test_absolute_http_links_of_any_text(scheme: str, rest: str, base: str) -> None:
    assert absolute_url(scheme + rest, base) == _joined(scheme + rest, base)
