"""URL parsing, normalisation, tracking-parameter stripping and the URL policy.

PLACEHOLDER: the safe-HTTP issue replaces this module with the full policy
(normalisation, literal-IP checks via `addresses`, allow/block lists).
"""

from __future__ import annotations

from urllib.parse import urlsplit

import attrs
from returns.result import Failure, Result, Success

from webdistill.kernel.errors import ErrorCode, WebError


@attrs.frozen
class UrlPolicy:
    """Which URLs may be fetched.

    `allowlist`/`blocklist` hold domains; a domain matches itself and its subdomains.
    A non-empty allowlist admits only its domains. The blocklist always wins.
    """

    allow_http: bool = False
    allow_private_network: bool = False
    allowlist: tuple[str, ...] = ()
    blocklist: tuple[str, ...] = ()


def strip_tracking(url: str) -> str:
    """Remove tracking parameters (utm_*, fbclid, gclid...) from a URL."""
    return url


def check_url(url: str, policy: UrlPolicy) -> Result[str, WebError]:
    """Parse, normalise and vet `url` against `policy`; the cleaned URL or why not."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return Failure(WebError.of(ErrorCode.INVALID_URL, f"Not a parseable URL: {url!r}."))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return Failure(WebError.of(ErrorCode.INVALID_URL, f"Not an http(s) URL: {url!r}."))
    if parts.scheme == "http" and not policy.allow_http:
        return Failure(WebError.of(ErrorCode.BLOCKED_URL, "Plain http is not allowed; use https."))
    return Success(parts.geturl())
