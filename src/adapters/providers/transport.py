"""One HTTP exchange with a provider, with every aiohttp failure turned into a `WebError`.

Provider endpoints are operator-configured and trusted (a SearXNG on localhost is fine),
so this uses a plain aiohttp session rather than the SSRF-guarded one used for pages.
Redirects are not followed: an API key header must never travel to another host.
Bodies are read up to `MAX_BODY_BYTES`. No URL is quoted in errors (SEARXNG_URL may carry
basic-auth credentials). A search request whose answer is a 502/503/504 or whose connection
failed (reset, refused) is sent once more after a short random pause (`RETRY_JITTER_S`),
when the search deadline leaves room for it; a search is idempotent, so the repeat is safe.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Mapping

import aiohttp
import attrs
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.http import audit
from webdistill.adapters.pipeline.deadline import talking_to
from webdistill.adapters.providers.failures import ProviderInfo, scrub
from webdistill.adapters.providers.rows import Answer, Rows
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import name, number, own
from webdistill.kernel.redaction import without_secret

MAX_BODY_BYTES = 4 * 1024 * 1024
#: Statuses of a passing outage, worth one repeat.
RETRY_STATUSES = frozenset({502, 503, 504})
#: The random pause before the repeat (seconds), so clients do not repeat in step.
RETRY_JITTER_S = (0.05, 0.3)
#: The repeat is sent only when at least this much of the deadline is left after the pause.
RETRY_MIN_LEFT_S = 1.0


@attrs.frozen
class HttpAnswer:
    """Status, headers (lower-cased names) and body of one response."""

    status: int
    headers: Mapping[str, str]
    body: bytes


async def exchange(
    session: aiohttp.ClientSession,
    info: ProviderInfo,
    method: str,
    url: str,
    *,
    timeout_s: float,
    headers: Mapping[str, str],
    params: Mapping[str, str] | None = None,
    json_body: object = None,
    form: Mapping[str, str] | None = None,
) -> Result[HttpAnswer, WebError]:
    """Send one request; TIMEOUT, NETWORK_ERROR or INVALID_BACKEND_DATA (too big) on failure."""
    talking_to(url)  # (a toolkit closing while this is under way names the endpoint's site)
    started = time.monotonic()
    answer = await _exchange(
        session,
        info,
        method,
        url,
        timeout_s=timeout_s,
        headers=headers,
        params=params,
        json_body=json_body,
        form=form,
    )
    status = answer.unwrap().status if isinstance(answer, Success) else None
    size = len(answer.unwrap().body) if isinstance(answer, Success) else 0
    outcome = "ok" if isinstance(answer, Success) else str(answer.failure().code)
    elapsed_ms = (time.monotonic() - started) * 1000
    shown = f"{url}?query" if params else url  # the log shows that a query went, not which
    audit.log_provider_request(
        info.name, method, shown, status=status, size=size, ms=elapsed_ms, outcome=outcome
    )
    return answer


async def _exchange(
    session: aiohttp.ClientSession,
    info: ProviderInfo,
    method: str,
    url: str,
    *,
    timeout_s: float,
    headers: Mapping[str, str],
    params: Mapping[str, str] | None,
    json_body: object,
    form: Mapping[str, str] | None,
) -> Result[HttpAnswer, WebError]:
    timeout = aiohttp.ClientTimeout(total=timeout_s)
    try:
        async with session.request(
            method,
            url,
            headers=dict(headers),
            params=dict(params) if params is not None else None,
            json=json_body,
            data=dict(form) if form is not None else None,
            timeout=timeout,
            allow_redirects=False,
        ) as response:
            body = await _read_capped(response)
            if body is None:
                return Failure(
                    WebError.of(
                        ErrorCode.INVALID_BACKEND_DATA,
                        own(
                            "{} answered more than {} bytes, which is "
                            "not a search result page. Use another provider.",
                            name(info.label, "the search provider"),
                            number(MAX_BODY_BYTES),
                        ),
                        provider=info.name,
                    )
                )
            names = {key.lower(): value for key, value in response.headers.items()}
            return Success(HttpAnswer(status=response.status, headers=names, body=body))
    except TimeoutError:
        return Failure(
            WebError.of(
                ErrorCode.TIMEOUT,
                own(
                    "{} did not answer within {} s. Try again, raise "
                    "WEB_SEARCH_TIMEOUT_MS, or use another provider.",
                    name(info.label, "the search provider"),
                    number(timeout_s),
                ),
                provider=info.name,
                timeout_s=f"{timeout_s:g}",
            )
        )
    except (aiohttp.InvalidURL, ValueError):
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_NOT_CONFIGURED,
                own(
                    "The endpoint configured for {} is not a valid http(s) URL. "
                    "Fix it in the configuration.",
                    name(info.label, "the search provider"),
                ),
                retryable=False,
                provider=info.name,
            )
        )
    except (aiohttp.ClientError, OSError, RuntimeError) as exc:  # RuntimeError: closed session
        return Failure(
            WebError.of(
                ErrorCode.NETWORK_ERROR,
                own(
                    "Could not reach {} ({}). Check the network "
                    "or the endpoint, or use another provider.",
                    name(info.label, "the search provider"),
                    name(type(exc).__name__),
                ),
                provider=info.name,
            )
        )


async def _read_capped(response: aiohttp.ClientResponse) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.content.iter_chunked(64 * 1024):
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


Parse = Callable[[int, Mapping[str, str], bytes], Result[Rows, WebError]]


async def fetch_rows(
    session: aiohttp.ClientSession,
    info: ProviderInfo,
    method: str,
    url: str,
    *,
    timeout_s: float,
    headers: Mapping[str, str],
    parse: Parse,
    limit: int,
    secret: str | None = None,
    params: Mapping[str, str] | None = None,
    json_body: object = None,
) -> Result[Answer, WebError]:
    """Send one request, parse the answer, keep at most `limit` rows; `secret` is scrubbed.

    A 502/503/504 or a failed connection is repeated once within `timeout_s`.
    """
    started = time.monotonic()
    answer = await exchange(
        session,
        info,
        method,
        url,
        timeout_s=timeout_s,
        headers=headers,
        params=params,
        json_body=json_body,
    )
    if _passing(answer):
        pause = random.uniform(*RETRY_JITTER_S)  # jitter, not a secret
        left = timeout_s - (time.monotonic() - started) - pause
        if left >= RETRY_MIN_LEFT_S:
            await asyncio.sleep(pause)
            answer = await exchange(
                session,
                info,
                method,
                url,
                timeout_s=left,
                headers=headers,
                params=params,
                json_body=json_body,
            )
    if not is_successful(answer):
        return Failure(scrub(answer.failure(), secret))
    got = answer.unwrap()
    body = without_secret(got.body, secret)
    # The key is redacted from the body before any error text is cut from it, so no part
    # of it can survive at the cut (scrub below still covers what the parser wrote itself).
    rows = parse(got.status, got.headers, body)
    if not is_successful(rows):
        return Failure(scrub(rows.failure(), secret))
    return Success(Answer(rows=rows.unwrap()[:limit]))


def _passing(answer: Result[HttpAnswer, WebError]) -> bool:
    """A failure worth one repeat: an outage status or a connection that failed."""
    if isinstance(answer, Success):
        return answer.unwrap().status in RETRY_STATUSES
    return answer.failure().code is ErrorCode.NETWORK_ERROR


async def fetch_page_rows(
    session: aiohttp.ClientSession,
    info: ProviderInfo,
    method: str,
    url: str,
    *,
    timeout_s: float,
    headers: Mapping[str, str],
    parse: Parse,
    secret: str | None = None,
    params: Mapping[str, str] | None = None,
    json_body: object = None,
) -> Result[Rows, WebError]:
    """One page: send the request and parse the rows; `secret` is scrubbed from errors."""
    answer = await fetch_rows(
        session,
        info,
        method,
        url,
        timeout_s=timeout_s,
        headers=headers,
        parse=parse,
        limit=10_000,
        secret=secret,
        params=params,
        json_body=json_body,
    )
    return answer.map(lambda got: got.rows)
