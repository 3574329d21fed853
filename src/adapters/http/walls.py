"""Bot walls: recognise a refusal that is a bot-protection challenge, not a real 403/503.

A site behind Cloudflare, DataDome, PerimeterX, Imperva, Akamai, AWS WAF, Vercel... answers
a client it suspects with 403/429/503 (AWS WAF: 405/202) and a page asking a browser to run
JavaScript or solve a CAPTCHA. Retrying the same request does not help; a real browser or
another source does. `wall_of` names the vendor from the headers these services set
(`cf-mitigated: challenge`, `x-vercel-mitigated: challenge`, `x-amzn-waf-action`) or from
markers their challenge pages carry. Only a bounded sample of the body is looked at.

The client reports such an answer as HTTP_ERROR with `detail.reason = "challenge"` and
`detail.wall = <vendor>` (the code stays HTTP_ERROR: the page did answer non-2xx), with a
message saying it is a bot wall; a challenge served with 200 is flagged `challenge` by the
HTML reader's honesty check instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from multidict import CIMultiDict, CIMultiDictProxy, istr

#: Statuses bot walls answer with.
WALL_STATUSES = frozenset({202, 401, 403, 405, 429, 503})
#: How much of a refusal's body is read to look for challenge markers.
SAMPLE_BYTES = 32 * 1024

#: Header names as `istr` (case-insensitive strings): aiohttp's headers look them up
#: without folding the name's case on every call.
_HEADER_WALLS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (istr("cf-mitigated"), ("challenge",), "cloudflare"),
    (istr("x-vercel-mitigated"), ("challenge", "deny"), "vercel"),
    (istr("x-amzn-waf-action"), ("challenge", "captcha"), "aws-waf"),
)
_BODY_WALLS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "cloudflare",
        re.compile(
            r"_cf_chl_opt|/cdn-cgi/challenge-platform/|cf-browser-verification|"
            r"challenges\.cloudflare\.com/turnstile|<title>\s*just a moment\.\.\.\s*</title>|"
            r"attention required! \| cloudflare",
            re.IGNORECASE,
        ),
    ),
    ("datadome", re.compile(r"captcha-delivery\.com|\bdd=\{'rt'|datadome", re.IGNORECASE)),
    ("perimeterx", re.compile(r"px-captcha|_pxAppId|perimeterx", re.IGNORECASE)),
    (
        "imperva",
        re.compile(r"_Incapsula_Resource|Incapsula incident ID|imperva", re.IGNORECASE),
    ),
    ("aws-waf", re.compile(r"awsWafCookieDomainList|gokuProps|token\.awswaf\.com", re.IGNORECASE)),
    ("vercel", re.compile(r"Vercel Security Checkpoint", re.IGNORECASE)),
    ("ddos-guard", re.compile(r"ddos-guard", re.IGNORECASE)),
    ("sucuri", re.compile(r"Sucuri WebSite Firewall", re.IGNORECASE)),
    (
        "captcha",
        re.compile(
            r"hcaptcha\.com/1/api\.js|google\.com/recaptcha/|class=[\"']g-recaptcha|"
            r"verify (that )?you are (a )?human|are you a robot",
            re.IGNORECASE,
        ),
    ),
)


def wall_from_headers(headers: Mapping[str, str]) -> str | None:
    """The vendor whose challenge header is set, else None (names are case-insensitive)."""
    if isinstance(headers, CIMultiDictProxy | CIMultiDict):  # aiohttp's: look the names up
        for name, values, vendor in _HEADER_WALLS:
            value = headers.get(name)
            if value is not None and value.strip().lower() in values:
                return vendor
        return None
    lowered = {k.lower(): v.strip().lower() for k, v in headers.items()}
    for name, values, vendor in _HEADER_WALLS:
        if lowered.get(name, "") in values:
            return vendor
    return None


def wall_from_body(sample: bytes) -> str | None:
    """The vendor whose challenge page markers `sample` carries, else None."""
    text = sample[:SAMPLE_BYTES].decode("utf-8", "replace")
    for vendor, pattern in _BODY_WALLS:
        if pattern.search(text):
            return vendor
    return None


def challenge_message(shown_url: str, status: int, wall: str) -> str:
    """What the agent reads when a page is behind a bot wall."""
    return (
        f"{shown_url} answered HTTP {status} with a bot-protection challenge ({wall}) instead "
        "of the page: it wants a real browser. Retrying will not help. Use another source, "
        "or call again with prefer_reader=true when a hosted reader is configured (WEB_READER)."
    )
