"""One POST to a hosted reader, bounded, with every failure as a `WebError`.

The reader's base URL is operator-configured and trusted (a self-hosted reader on localhost
is fine; tests use 127.0.0.1), so this is a plain aiohttp session, not the SSRF-guarded page
client. No proxies from the environment, no cookies, no redirects (the key must not travel),
one total timeout, and the body is read up to the size cap. The key never appears in an
error: a reader that echoes our `Authorization` header has the key redacted from its whole
answer (`redaction.without_secret`, as provider answers are) before anything reads or cuts
it, and its own words go to the fenced `web_text` detail of the error, never its message.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import aiohttp
import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.http import audit
from webdistill.adapters.http.proxy import proxied_session
from webdistill.adapters.readers.base import ReaderSettings
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import WEB_TEXT, OwnText, name, number, own
from webdistill.kernel.redaction import without_secret


@attrs.frozen
class ReaderAnswer:
    status: int
    body: bytes


class ReaderTransport:
    """Owns the reader's session (created lazily inside the running loop)."""

    def __init__(self, settings: ReaderSettings) -> None:
        self.settings = settings
        self._session: aiohttp.ClientSession | None = None

    def _ensure(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = proxied_session(self.settings.proxy, limit=8, cookies=False)
        return self._session

    async def close(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.close()

    def _error(self, code: ErrorCode, what: OwnText) -> WebError:
        message = own("The hosted reader {} {}.", reader_label(self.settings), what)
        return WebError.of(code, message, reader=self.settings.name)

    async def post(
        self,
        path: str,
        payload: object,
        headers: Mapping[str, str] | None = None,
        *,
        page: str = "",
    ) -> Result[ReaderAnswer, WebError]:
        """POST `payload` as JSON, asking for JSON, with the key (if any) as a bearer token
        and the reader's own `headers`; the answer read up to `max_bytes`. Every call gets
        its audit-log line (`audit.log_reader_request`), naming the `page` handed over."""
        started = time.monotonic()
        answer = await self._post(path, payload, headers)
        status = answer.unwrap().status if isinstance(answer, Success) else None
        size = len(answer.unwrap().body) if isinstance(answer, Success) else 0
        outcome = "ok" if isinstance(answer, Success) else str(answer.failure().code)
        audit.log_reader_request(
            self.settings.name,
            self.settings.base_url.rstrip("/") + path,
            page,
            status=status,
            size=size,
            ms=(time.monotonic() - started) * 1000,
            outcome=outcome,
        )
        return answer

    async def _post(
        self, path: str, payload: object, headers: Mapping[str, str] | None
    ) -> Result[ReaderAnswer, WebError]:
        settings = self.settings
        sent = {"Accept": "application/json", **(headers or {})}
        if settings.api_key:
            sent["Authorization"] = f"Bearer {settings.api_key}"
        try:
            async with self._ensure().post(
                settings.base_url.rstrip("/") + path,
                json=payload,
                headers=sent,
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=settings.timeout_s),
            ) as response:
                chunks: list[bytes] = []
                size = 0
                async for chunk in response.content.iter_chunked(64 * 1024):
                    size += len(chunk)
                    if size > settings.max_bytes:
                        return Failure(self._error(ErrorCode.TOO_LARGE, own("answered too much")))
                    chunks.append(chunk)
                body = without_secret(b"".join(chunks), settings.api_key)  # before any cut
                return Success(ReaderAnswer(response.status, body))
        except TimeoutError:
            late = own("did not answer within {} s", number(settings.timeout_s))
            return Failure(self._error(ErrorCode.TIMEOUT, late))
        except (aiohttp.ClientError, OSError, ValueError, RuntimeError) as exc:
            return Failure(
                self._error(
                    ErrorCode.NETWORK_ERROR,
                    own("could not be reached ({})", name(type(exc).__name__)),
                )
            )


class HostedReader:
    """What every hosted reader has: its settings, a transport, a label and `close`."""

    def __init__(self, settings: ReaderSettings) -> None:
        self._settings = settings
        self._transport = ReaderTransport(settings)

    @property
    def label(self) -> str:
        return self._settings.label

    async def close(self) -> None:
        await self._transport.close()


def reader_label(settings: ReaderSettings) -> OwnText:
    """The reader's label from our table of readers."""
    return name(settings.label, "(the configured reader)")


def status_error(settings: ReaderSettings, status: int, said: str = "") -> WebError:
    """The error for a reader that answered a non-2xx status (`said`: its own message)."""
    web: dict[str, Any] = {WEB_TEXT: f"{settings.label} said: {said[:400]}"} if said else {}
    if status in {401, 403}:
        code, what = ErrorCode.PROVIDER_AUTH_FAILED, own("refused the key (WEB_READER_API_KEY)")
    elif status == 402:
        code, what = ErrorCode.PROVIDER_RATE_LIMITED, own("says the account is out of credit")
    elif status == 429:
        code, what = ErrorCode.PROVIDER_RATE_LIMITED, own("is rate-limiting; try again later")
    elif status >= 500:
        code, what = ErrorCode.PROVIDER_UNAVAILABLE, own("failed (HTTP {})", number(status))
    else:
        code, what = ErrorCode.HTTP_ERROR, own("could not read the page (HTTP {})", number(status))
    return WebError.of(code, own("The hosted reader {} {}.", reader_label(settings), what),
                       reader=settings.name, status=status, **web)  # fmt: skip
