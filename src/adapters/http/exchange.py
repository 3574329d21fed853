"""One request of a fetch (one hop), with its retries: what came back, as a value.

`exchange` sends one GET without following redirects and says what the hop answered: a
redirect to follow, a final body (read within the limits), or a non-2xx status. Connection
resets and 429/503 are retried (GET is idempotent) with back-off, honouring Retry-After up to
`max_retry_after_s`. Exceptions never leave: they become `WebError`s (errors.py), and every
attempt is written to the audit log.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

import aiohttp
import attrs
from aiohttp.hdrs import CONTENT_TYPE, LOCATION, RETRY_AFTER
from returns.pipeline import is_successful
from yarl import URL

from webdistill.adapters.http import audit, retry
from webdistill.adapters.http.body import (
    Body,
    declared_length,
    declared_too_large,
    read_body,
    read_capped,
)
from webdistill.adapters.http.errors import (
    hop_text,
    is_connection_reset,
    make_error,
    place,
    translate,
)
from webdistill.adapters.http.proxy import Pinned
from webdistill.adapters.http.settings import HttpSettings
from webdistill.adapters.http.walls import (
    SAMPLE_BYTES,
    WALL_STATUSES,
    challenge_message,
    wall_from_body,
    wall_from_headers,
)
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import number, own

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


@attrs.frozen
class Redirect:
    """The hop answered 3xx with a Location to follow."""

    location: str
    status: int


@attrs.frozen
class Final:
    """The hop answered 2xx; its body was read within the limits."""

    status: int
    content_type: str
    body: Body


@attrs.frozen
class Status:
    """The hop answered a status that is neither 2xx nor a followable redirect."""

    status: int
    retry_after: float | None
    #: The bot-protection service that answered with a challenge (walls.py), if any.
    wall: str | None = None


Outcome = Redirect | Final | Status
#: The step before a request through an HTTP proxy: the request pinned to the vetted address
#: (None: send the URL as it is). Raises `BlockedAddressError` for a refused name.
PinStep = Callable[[str], Awaitable[Pinned | None]]

_LABELS: dict[type, str] = {Redirect: "redirect", Final: "ok", Status: "http_error"}


def http_error(
    url: str, hop: int, status: int, retry_after: float | None, wall: str | None = None
) -> WebError:
    """HTTP_ERROR for a final non-2xx status, with advice for the agent."""
    if wall is not None:
        message = challenge_message(place(url, hop), status, wall)
        walled = {"status": status, "url": url, "hop": hop, "reason": "challenge", "wall": wall}
        walled.update(hop_text(url, hop))
        return make_error(ErrorCode.HTTP_ERROR, message, walled, retryable=False)
    advice = {
        404: own("the page does not exist; check the URL or search for it"),
        410: own("the page was removed; search for another source"),
        401: own("the page needs a login; use another source"),
        403: own("access is denied; use another source"),
        429: own("the site is rate-limiting; try again later"),
    }.get(
        status,
        own("the server failed; try again later" if status >= 500 else "use another URL"),
    )
    detail: dict[str, object] = {"status": status, "url": url, "hop": hop, **hop_text(url, hop)}
    if retry_after is not None:
        detail["retry_after"] = int(retry_after)
    return make_error(
        ErrorCode.HTTP_ERROR,
        own("{} answered HTTP {}: {}.", place(url, hop), number(status), advice),
        detail,
        retryable=status == 429 or status >= 500,
    )


def _log(url: str, hop: int, attempt: int, started: float, outcome: Outcome | WebError) -> None:
    if not audit.logger.isEnabledFor(logging.INFO):
        return  # nothing would be written: build no record
    ms = (time.monotonic() - started) * 1000
    if isinstance(outcome, WebError):
        status, size, label = None, 0, outcome.code.value
    else:
        status, label = outcome.status, _LABELS[type(outcome)]
        size = outcome.body.wire_bytes if isinstance(outcome, Final) else 0
    audit.log_request(url, hop=hop, attempt=attempt, status=status, size=size, ms=ms,
                      outcome=label)  # fmt: skip


async def exchange(
    session: aiohttp.ClientSession,
    settings: HttpSettings,
    url: str,
    *,
    hop: int,
    headers: dict[str, str] | None,
    proxy: str | None = None,
    pin: PinStep | None = None,
) -> Outcome | WebError:
    """GET `url` (one hop), retrying what is worth retrying; the outcome or the error.

    A plain value, not a `Result`: this is the client's inner loop (client.py wraps the end
    of the fetch once). `proxy` is the `proxy=` value for aiohttp (`proxy.http_proxy`)."""
    attempt = 0
    while True:
        started = time.monotonic()
        delay: float | None = None
        try:
            outcome = await _request_once(
                session, settings, url, headers, hop=hop, proxy=proxy, pin=pin
            )
        except Exception as exc:  # noqa: BLE001 - the adapter edge: translate() maps network
            # and peer failures to their codes, and anything else to a logged INTERNAL_ERROR
            error = translate(exc, url, hop)
            _log(url, hop, attempt, started, error)
            if is_connection_reset(exc) and error.code != ErrorCode.BLOCKED_URL:
                delay = retry.retry_delay(attempt, None, settings.max_retry_after_s)
            if delay is None or attempt >= settings.retries:
                return error
        else:
            _log(url, hop, attempt, started, outcome)
            if type(outcome) is not Status:  # a body, a redirect or an error: never retried
                return outcome
            if outcome.wall is None and outcome.status in retry.RETRY_STATUSES:
                delay = retry.retry_delay(attempt, outcome.retry_after, settings.max_retry_after_s)
            if delay is None or attempt >= settings.retries:
                return outcome
        attempt += 1
        await asyncio.sleep(delay)


async def _request_once(
    session: aiohttp.ClientSession,
    settings: HttpSettings,
    url: str,
    headers: dict[str, str] | None,
    *,
    hop: int,
    proxy: str | None,
    pin: PinStep | None,
) -> Outcome | WebError:
    target, server_hostname = request_url(url), None
    if pin is not None and (pinned := await pin(url)) is not None:
        target, server_hostname = pinned.url, pinned.server_hostname
        headers = {**(headers or {}), "Host": pinned.host}
    async with session.get(
        target, headers=headers, allow_redirects=False, proxy=proxy, server_hostname=server_hostname
    ) as resp:
        status, found = resp.status, resp.headers
        if 200 <= status < 300:
            wall = wall_from_headers(found)
            if wall is None:
                declared = declared_length(resp)
                early = declared_too_large(resp, settings, url, declared, hop)
                if early is not None:
                    resp.close()
                    return early
                body = await read_capped(resp, settings, url, declared, hop)
                if isinstance(body, WebError):
                    return body
                return Final(status=status, content_type=found.get(CONTENT_TYPE, ""), body=body)
        else:
            location = found.get(LOCATION, "").strip()
            if status in REDIRECT_STATUSES and location:
                return Redirect(location=location, status=status)
            wall = wall_from_headers(found, refusal=status in WALL_STATUSES)
        retry_after = retry.parse_retry_after(found.get(RETRY_AFTER))
        if wall is None and status in WALL_STATUSES:
            wall = await _wall_in_body(resp, settings, url)
        return Status(status=status, retry_after=retry_after, wall=wall)


def request_url(url: str) -> URL:
    """The yarl URL of a `check_url`-clean URL (`scheme://host[:port]/path[?query]`: no user
    info, no fragment, already percent-encoded), built from its parts as they are: the same
    URL as `URL(url, encoded=True)` without parsing the string again."""
    scheme, _, rest = url.partition("://")
    authority, slash, target = rest.partition("/")
    path, _, query = (slash + target).partition("?")
    return URL.build(scheme=scheme, authority=authority, path=path, query_string=query,
                     encoded=True)  # fmt: skip


async def _wall_in_body(
    resp: aiohttp.ClientResponse, settings: HttpSettings, url: str
) -> str | None:
    """The bot wall named by the first `SAMPLE_BYTES` of a refusal's (text) body, if any."""
    kind = resp.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
    if kind and not kind.startswith("text/") and "html" not in kind:
        return None
    sample_settings = attrs.evolve(settings, max_response_bytes=SAMPLE_BYTES, max_wire_bytes=None)
    sample = await read_body(resp, sample_settings, url)
    return wall_from_body(sample.unwrap().data, resp.headers) if is_successful(sample) else None
