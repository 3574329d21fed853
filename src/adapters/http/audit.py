"""The audit log: one structured record per outbound request, on logger "webdistill.http".

Fields go in `extra=` (url, hop, attempt, status, bytes, ms, outcome) so a JSON log handler
can ship them as they are. The URL is logged without its query string and without any
user-info, so API keys passed as parameters never reach the log.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

logger = logging.getLogger("webdistill.http")


def redact(url: str) -> str:
    """`url` without user-info, query or fragment ("?..." marks a dropped query)."""
    try:
        parts = urlsplit(url)
        host = parts.netloc.rpartition("@")[2]
        marker = "?..." if parts.query else ""
        return f"{parts.scheme}://{host}{parts.path}{marker}"
    except ValueError:
        return "<unparseable url>"


def log_request(
    url: str, *, hop: int, attempt: int, status: int | None, size: int, ms: float, outcome: str
) -> None:
    """Record one outbound request (or its refusal) with its outcome."""
    if not logger.isEnabledFor(logging.INFO):
        return
    safe_url = redact(url)
    logger.info(
        "GET %s hop=%d status=%s bytes=%d ms=%.0f outcome=%s",
        safe_url,
        hop,
        status,
        size,
        ms,
        outcome,
        extra={
            "url": safe_url,
            "hop": hop,
            "attempt": attempt,
            "status": status,
            "bytes": size,
            "ms": round(ms, 1),
            "outcome": outcome,
        },
    )
