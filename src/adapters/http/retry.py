"""When and how long to wait before retrying an idempotent request."""

from __future__ import annotations

import datetime as dt
from email.utils import parsedate_to_datetime

#: Statuses worth another try of an idempotent request.
RETRY_STATUSES = frozenset({429, 503})
BASE_BACKOFF_S = 0.25


def parse_retry_after(value: str | None, *, now: dt.datetime | None = None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date); None if unusable."""
    if not value:
        return None
    text = value.strip()
    if text.isdigit():
        return float(int(text))
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    current = now or dt.datetime.now(dt.UTC)
    seconds: float = (when - current).total_seconds()
    return max(0.0, seconds)


def retry_delay(attempt: int, retry_after: float | None, cap: float) -> float | None:
    """Seconds to wait before attempt `attempt + 1`, or None when Retry-After exceeds `cap`."""
    if retry_after is not None:
        return retry_after if retry_after <= cap else None
    return min(cap, BASE_BACKOFF_S * float(2**attempt))
