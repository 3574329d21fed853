"""The request's yarl URL, built from a checked URL's parts, is the one yarl would parse.

The guarded client hands aiohttp `exchange.request_url(clean)` for each hop, where `clean` is
what `check_url` answered: the URL is split at "://", the first "/" and the first "?" and
given to `URL.build(..., encoded=True)` instead of being parsed again by
`URL(clean, encoded=True)`. For every URL `check_url` accepts (the same hostile and ordinary
URLs, under the same policies, as the URL gate's own properties), both are the same URL in
everything aiohttp reads from it: scheme, host, port, authority, the request target, no
fragment, the text.
"""

from __future__ import annotations

from hypothesis import example, given
from returns.pipeline import is_successful
from yarl import URL

from property_tests.test_urls_reference_properties import _POLICIES, _URLS
from webdistill.adapters.http.exchange import request_url
from webdistill.kernel.urls import UrlPolicy, check_url

_OPEN = UrlPolicy(allow_http=True, allow_private_network=True)


def _seen_by_aiohttp(url: URL) -> tuple[object, ...]:
    return tuple(_read(url, name) for name in _READ)


_READ = (
    "__str__", "scheme", "raw_authority", "raw_host", "host", "port", "explicit_port",
    "raw_user", "raw_password", "raw_path", "raw_query_string", "raw_path_qs", "raw_fragment",
    "is_absolute", "origin",
)  # fmt: skip


def _read(url: URL, name: str) -> object:
    """What `url.<name>` gives (called if a method), or the error it raises (`host` decodes
    IDNA, which refuses some labels `check_url` lets through as they are)."""
    try:
        value = getattr(url, name)
        return value() if callable(value) else value
    except Exception as exc:  # noqa: BLE001 - both URLs must fail alike
        return ("raises", type(exc), str(exc))


@given(_URLS)
@example("https://[2606:4700::1111]:8443/a@b:c/%7e?q=a?b&c=@/#f")
@example("http://Bücher.example/%41%2f?utm_source=x&id=1")
@example("https://example.com?x=1")
@example("https://example.com:443")
@example("http://127.1:8080/a/../b/./c")
def test_the_request_url_is_the_parsed_checked_url(url: str) -> None:
    for policy in (_OPEN, *_POLICIES):
        checked = check_url(url, policy)
        if not is_successful(checked):
            continue
        clean = checked.unwrap()
        built, parsed = request_url(clean), URL(clean, encoded=True)
        assert built == parsed, clean
        assert _seen_by_aiohttp(built) == _seen_by_aiohttp(parsed), clean
