"""The audit log: one structured record per outbound request, on logger "webdistill.http".

Fields go in `extra=` (url, hop, attempt, status, bytes, ms, outcome) so a JSON log handler
can ship them as they are. The URL is logged without its query string and without any
user-info, so API keys passed as parameters never reach the log.
"""

from __future__ import annotations

import logging
import sys
import time
from contextvars import ContextVar
from urllib.parse import urlsplit

logger = logging.getLogger("webdistill.http")

#: The tool a request is made for ("web_search", "web_fetch"); set by the toolkit per call.
current_tool: ContextVar[str] = ContextVar("webdistill_tool", default="-")

_enabled: dict[str, logging.Handler] = {}
_users: dict[str, int] = {}


class AuditOpenError(OSError):
    """The audit log file cannot be opened; the message names WEB_AUDIT_LOG."""


def enable(destination: str) -> None:
    """Write the audit log to `destination` ("stderr" or a file path, appended), one line
    per outbound request with its UTC time. Idempotent per destination."""
    if destination in _enabled:
        _users[destination] += 1
        return
    handler: logging.Handler
    if destination.lower() == "stderr":
        handler = logging.StreamHandler(sys.stderr)
    else:
        try:
            handler = logging.FileHandler(destination, encoding="utf-8", delay=False)
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise AuditOpenError(
                f"WEB_AUDIT_LOG={destination!r}: cannot open the file ({reason}); give a "
                "writable path or stderr."
            ) from None
    formatter = logging.Formatter(
        "%(asctime)s.%(msecs)03dZ webdistill %(message)s", "%Y-%m-%dT%H:%M:%S"
    )
    formatter.converter = time.gmtime
    handler.setFormatter(formatter)
    handler.setLevel(logging.INFO)
    logger.addHandler(handler)
    if logger.getEffectiveLevel() > logging.INFO:
        logger.setLevel(logging.INFO)
    _enabled[destination] = handler
    _users[destination] = 1


def disable(destination: str) -> None:
    """Undo one `enable(destination)`; the last one closes the destination."""
    if destination not in _enabled:
        return
    _users[destination] -= 1
    if _users[destination] > 0:
        return
    handler = _enabled.pop(destination)
    del _users[destination]
    logger.removeHandler(handler)
    handler.close()


def host_of(url: str) -> str:
    """The host (and port) of `url`, without user-info."""
    try:
        return urlsplit(url).netloc.rpartition("@")[2] or "-"
    except ValueError:
        return "-"


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
    tool = current_tool.get()
    logger.info(
        "tool=%s GET host=%s url=%s hop=%d status=%s bytes=%d ms=%.0f outcome=%s",
        tool,
        host_of(url),
        safe_url,
        hop,
        status,
        size,
        ms,
        outcome,
        extra={
            "tool": tool,
            "method": "GET",
            "host": host_of(url),
            "url": safe_url,
            "hop": hop,
            "attempt": attempt,
            "status": status,
            "bytes": size,
            "ms": round(ms, 1),
            "outcome": outcome,
        },
    )


def _log_call(
    method: str,
    url: str,
    named: tuple[tuple[str, str], ...],
    *,
    status: int | None,
    size: int,
    ms: float,
    outcome: str,
) -> None:
    """One line for a call to a configured service (`named`: its own fields, in order)."""
    if not logger.isEnabledFor(logging.INFO):
        return
    safe_url = redact(url)
    tool = current_tool.get()
    own = "".join(f" {name}=%s" for name, _ in named)
    logger.info(
        "tool=%s %s host=%s url=%s" + own + " status=%s bytes=%d ms=%.0f outcome=%s",
        tool,
        method,
        host_of(url),
        safe_url,
        *(value for _, value in named),
        status,
        size,
        ms,
        outcome,
        extra={
            "tool": tool,
            "method": method,
            "host": host_of(url),
            "url": safe_url,
            **dict(named),
            "status": status,
            "bytes": size,
            "ms": round(ms, 1),
            "outcome": outcome,
        },
    )


def origin(url: str) -> str:
    """`scheme://host[:port]` of `url`, without user-info, path, query or fragment."""
    try:
        parts = urlsplit(url)
        return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"
    except ValueError:
        return "<unparseable url>"


def log_provider_request(
    provider: str, method: str, url: str, *, status: int | None, size: int, ms: float, outcome: str
) -> None:
    """Record one request to a search provider (query string and credentials dropped)."""
    _log_call(method, url, (("provider", provider),), status=status, size=size, ms=ms,
              outcome=outcome)  # fmt: skip


def log_reader_request(
    reader: str, url: str, page: str, *, status: int | None, size: int, ms: float, outcome: str
) -> None:
    """Record one request to a hosted reader: its origin only (WEB_READER_URL is a secret
    setting, and a token can sit in its path), and the page it was handed (a third party now
    knows that URL) without query string or credentials."""
    if not logger.isEnabledFor(logging.INFO):
        return
    named = (("reader", reader), ("page", redact(page)))
    _log_call("POST", origin(url), named, status=status, size=size, ms=ms, outcome=outcome)
