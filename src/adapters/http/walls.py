"""Bot walls: recognise a refusal that is a bot-protection challenge, not a real 403/503.

A site behind Cloudflare, DataDome, PerimeterX, Imperva, Akamai, AWS WAF, Vercel... answers
a client it suspects with 403/429/503 (AWS WAF: 405/202) and a page asking a browser to run
JavaScript or solve a CAPTCHA. Retrying the same request does not help; a real browser or
another source does. `wall_of` names the vendor from the headers these services set
(`cf-mitigated: challenge`, `x-vercel-mitigated: challenge`, `x-amzn-waf-action`, SiteGround's
`sg-captcha: challenge`, Kasada's `x-kpsdk-*` on a refusal) or from
the page itself when its purpose is the check (`wall_pages`: Akamai's "Access Denied",
CloudFront's "Request blocked", Anubis's proof of work answering 401, ...). Only a bounded
sample of the body is looked at.

The client reports such an answer as HTTP_ERROR with `detail.reason = "challenge"` and
`detail.wall = <vendor>` (the code stays HTTP_ERROR: the page did answer non-2xx), with a
message saying it is a bot wall; a challenge served with 200 is flagged `challenge` by the
HTML reader's honesty check instead.
"""

from __future__ import annotations

from collections.abc import Mapping

from multidict import CIMultiDict, CIMultiDictProxy, istr

from webdistill.adapters.http.wall_pages import wall_of_page
from webdistill.kernel.own_text import OwnText, name, number, own

#: Statuses bot walls answer with.
WALL_STATUSES = frozenset({202, 401, 403, 405, 429, 503})
#: How much of a refusal's body is read to look for challenge markers (a Cloudflare custom
#: block page carries them at ~320 KB).
SAMPLE_BYTES = 512 * 1024

#: Header names as `istr` (case-insensitive strings): aiohttp's headers look them up
#: without folding the name's case on every call.
_HEADER_WALLS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (istr("cf-mitigated"), ("challenge",), "cloudflare"),
    (istr("x-vercel-mitigated"), ("challenge", "deny"), "vercel"),
    (istr("x-amzn-waf-action"), ("challenge", "captcha"), "aws-waf"),
    (istr("sg-captcha"), ("challenge",), "siteground"),
)
#: Kasada's SDK headers (`x-kpsdk-ct`, `x-kpsdk-r`, ...): on a refusal, its challenge. (Its
#: successful answers carry them too, so they name a wall only on a refusal.)
_KASADA_PREFIX = "x-kpsdk-"


def wall_from_headers(headers: Mapping[str, str], *, refusal: bool = False) -> str | None:
    """The vendor whose challenge header is set, else None (names are case-insensitive).

    `refusal`: the answer is a refusal a wall answers with (`WALL_STATUSES`); then Kasada's
    headers name its wall too.
    """
    if refusal and any(str(name).lower().startswith(_KASADA_PREFIX) for name in headers):
        return "kasada"
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


def wall_from_body(sample: bytes, headers: Mapping[str, str] | None = None) -> str | None:
    """The vendor whose wall `sample` is (`"unknown"` for a plain wall of no known vendor),
    else None: decided from what the page shows and does (`wall_pages.wall_of_page`), never
    from a captcha widget or a vendor's script an ordinary page carries too."""
    return wall_of_page(sample[:SAMPLE_BYTES].decode("utf-8", "replace"), headers)


def challenge_message(shown_url: OwnText, status: int, wall: str) -> OwnText:
    """What the agent reads when a page is behind a bot wall."""
    return own(
        "{} answered HTTP {} with a bot-protection challenge ({}) instead "
        "of the page: it wants a real browser. Retrying will not help. Use another source, "
        "or call again with prefer_reader=true when a hosted reader is configured (WEB_READER).",
        shown_url,
        number(status),
        name(wall, "an unknown vendor"),
    )
