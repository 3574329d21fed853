"""HTTP answers to `WebError`: the status mapping every provider shares.

Providers handle their own special cases (Brave's 422 bad key, SearXNG's 403, Serper's
"Not enough credits" 400, DuckDuckGo's challenge page) and hand the rest to
`status_error`. Secrets are scrubbed from anything copied out of a provider's body.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import attrs

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import WEB_TEXT, OwnText, name, number, own, redacted, setting
from webdistill.kernel.quoting import safe_text
from webdistill.kernel.redaction import without_secret

_MAX_QUOTED = 300

#: Statuses some providers use for an exhausted plan or credit balance.
_QUOTA_STATUSES = frozenset({402, 432, 433})


@attrs.frozen
class ProviderInfo:
    """How errors name a provider: `name` (config value), `label`, and its key variable."""

    name: str
    label: str
    key_var: str | None = None


def header(headers: Mapping[str, str], name: str) -> str | None:
    """A response header, looked up case-insensitively."""
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            return value
    return None


def retry_after_seconds(headers: Mapping[str, str]) -> int | None:
    """Seconds to wait from `Retry-After` (delta-seconds or an HTTP date), if given."""
    value = header(headers, "retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError, OverflowError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - datetime.now(UTC)).total_seconds()
    if not math.isfinite(seconds):
        return None
    return max(0, math.ceil(seconds))


def provider_message(body: bytes) -> str:
    """The provider's own error text from a JSON error body ("" when none is found).

    Reads the envelopes in use: Brave `error.detail` / `errors[0].detail`, Tavily
    `detail.error`, Exa `error`/`message`, Serper `message`, SearXNG `error`.
    """
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        return ""
    return _quote(_message_in(payload, depth=0))


def _message_in(node: object, depth: int) -> str:
    if depth > 3:
        return ""
    if isinstance(node, str):
        return node
    if isinstance(node, list):
        return _message_in(node[0], depth + 1) if node else ""
    if not isinstance(node, dict):
        return ""
    for key in ("detail", "message", "error", "errors", "msg"):
        found = _message_in(node.get(key), depth + 1)
        if found:
            return found
    return ""


def _quote(text: str) -> str:
    """A provider's own words reduced for a message: one line, no controls or fence
    markers, at most _MAX_QUOTED characters (they are quoted outside any fence)."""
    return safe_text(text, _MAX_QUOTED)


def _label(info: ProviderInfo) -> OwnText:
    """The provider's label (our registry's, or the operator's custom provider's)."""
    return name(info.label, "the search provider")


def with_detail(error: WebError, **detail: object) -> WebError:
    """`error` with more `detail` entries (values become strings)."""
    merged = {**error.detail, **{key: str(value) for key, value in detail.items()}}
    return attrs.evolve(error, detail=merged)


def scrub(error: WebError, secret: str | None) -> WebError:
    """`error` with every occurrence of `secret` replaced by "***"."""
    if not secret:
        return error
    return attrs.evolve(
        error,
        message=redacted(error.message, secret),
        detail={key: without_secret(value, secret) for key, value in error.detail.items()},
    )


def auth_error(info: ProviderInfo, status: int, said: str) -> WebError:
    """PROVIDER_AUTH_FAILED naming the key variable."""
    label = _label(info)
    fix = (
        own("Check {} (a valid, active key for {})", setting(info.key_var), label)
        if info.key_var
        else own("Check that {} accepts requests from this machine", label)
    )
    return WebError.of(
        ErrorCode.PROVIDER_AUTH_FAILED,
        own(
            "{} refused the request (HTTP {}). {}, or set WEB_SEARCH_PROVIDER to another provider.",
            label,
            number(status),
            fix,
        ),
        provider=info.name,
        status=status,
        **_web(info, said),
    )


def rate_limited(info: ProviderInfo, status: int, said: str, retry_after: int | None) -> WebError:
    """PROVIDER_RATE_LIMITED, with `retry_after` in the detail when known."""
    wait = (
        own("Wait {} s before retrying", number(retry_after))
        if retry_after is not None
        else own("Wait")
    )
    error = WebError.of(
        ErrorCode.PROVIDER_RATE_LIMITED,
        own(
            "{} is rate-limiting requests (HTTP {}). {}, or use another provider.",
            _label(info),
            number(status),
            wait,
        ),
        provider=info.name,
        status=status,
        **_web(info, said),
    )
    return with_detail(error, retry_after=retry_after) if retry_after is not None else error


def quota_exhausted(info: ProviderInfo, status: int, said: str) -> WebError:
    """PROVIDER_RATE_LIMITED for an exhausted plan or credit balance (not retryable)."""
    return WebError.of(
        ErrorCode.PROVIDER_RATE_LIMITED,
        own(
            "{} says the plan's credits or usage limit are exhausted "
            "(HTTP {}). Top up or upgrade the account, or use another provider.",
            _label(info),
            number(status),
        ),
        retryable=False,
        provider=info.name,
        status=status,
        **_web(info, said),
    )


def unavailable(info: ProviderInfo, status: int, said: str) -> WebError:
    """PROVIDER_UNAVAILABLE for a 5xx answer."""
    return WebError.of(
        ErrorCode.PROVIDER_UNAVAILABLE,
        own(
            "{} is unavailable (HTTP {}). Try again later or use another provider.",
            _label(info),
            number(status),
        ),
        provider=info.name,
        status=status,
        **_web(info, said),
    )


def rejected(info: ProviderInfo, status: int, said: str) -> WebError:
    """A 4xx that is neither auth nor rate limit: the provider refused this request."""
    return WebError.of(
        ErrorCode.PROVIDER_UNAVAILABLE,
        own(
            "{} rejected the request (HTTP {}). Rephrase the query or use another provider.",
            _label(info),
            number(status),
        ),
        retryable=False,
        provider=info.name,
        status=status,
        **_web(info, said),
    )


def status_error(
    info: ProviderInfo, status: int, headers: Mapping[str, str], body: bytes
) -> WebError | None:
    """The generic error for a non-2xx answer, or None for a 2xx one."""
    if 200 <= status < 300:
        return None
    said = provider_message(body)
    if status == 429:
        return rate_limited(info, status, said, retry_after_seconds(headers))
    if status in (401, 403):
        return auth_error(info, status, said)
    if status in _QUOTA_STATUSES:
        return quota_exhausted(info, status, said)
    if status >= 500:
        return unavailable(info, status, said)
    if 400 <= status < 500:
        return rejected(info, status, said)
    return WebError.of(
        ErrorCode.PROVIDER_UNAVAILABLE,
        own(
            "{} answered HTTP {} instead of results (a redirect or an "
            "unexpected status). Check its endpoint, or use another provider.",
            _label(info),
            number(status),
        ),
        provider=info.name,
        status=status,
    )


def _web(info: ProviderInfo, said: str) -> dict[str, Any]:
    """The provider's own words, for the fenced details of the error (never its message)."""
    return {WEB_TEXT: f"{info.label} said: {said}"} if said else {}
