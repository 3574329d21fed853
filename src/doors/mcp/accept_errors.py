"""One clear line per burst of accept failures of `webdistill mcp --http`, not a flood.

When the process is out of file descriptors (or socket memory), asyncio's accept loop hands
each failed `accept()` to the event loop's exception handler, which logs it with its
traceback; and it does so up to `backlog` times per loop turn (uvicorn's 2,048), again every
second while the shortage lasts: at `ulimit -n 64` a burst of connections wrote ~25,000
tracebacks to stderr in ten seconds. The server itself goes on: asyncio stops accepting for
a second and tries again, so waiting connections are accepted as descriptors free up.

Each failure also schedules a retry of its own (`_start_serving`, a second later): when the
server stops meanwhile, those retries meet the closed listening socket, and each logged a
ValueError traceback ("Invalid file descriptor: -1"), thousands at exit.

`AcceptErrors` is the loop's exception handler (`install`): an accept failure is said once
when a burst starts (no failure for `GAP_S` before it), with what to do, and, while a burst
goes on, at most once every `REMIND_S` with the number of failures since; a retry that met
a listener closed meanwhile is dropped silently (there is nothing left to accept on); every
other context goes to the handler that was there before (asyncio's default).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
from typing import Any

#: asyncio's own words for a failed accept (asyncio/selector_events.py).
ACCEPT_FAILED = "socket.accept() out of system resource"
#: How asyncio names a failed retry of accepting (its `Handle`'s words for the callback).
RETRY_FAILED = "Exception in callback BaseSelectorEventLoop._start_serving("
#: A burst ends after this long without a failed accept (asyncio retries every second).
GAP_S = 10.0
#: While a burst goes on, it is said again at most this often.
REMIND_S = 60.0

_LOG = logging.getLogger("webdistill.mcp")


def _what(exc: object) -> str:
    """The shortage, in words, with what to do about it."""
    if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE):
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        limit = "unlimited" if soft == resource.RLIM_INFINITY else str(soft)
        return (
            f"out of file descriptors (this process may open {limit}; raise `ulimit -n`, "
            "or lower WEB_MCP_MAX_CONNECTIONS)"
        )
    return "out of memory for sockets"


class AcceptErrors:
    """An event loop exception handler: accept failures said once per burst (see above)."""

    def __init__(self, before: Any = None) -> None:
        self._before = before  # the handler this one replaced (None: asyncio's default)
        self._last_failure = -float("inf")
        self._last_said = -float("inf")
        self._unsaid = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message") or "")
        if message.startswith(RETRY_FAILED) and isinstance(context.get("exception"), ValueError):
            return  # a retry after the listener closed: nothing to accept on any more
        if message != ACCEPT_FAILED:
            if self._before is not None:
                self._before(loop, context)
            else:
                loop.default_exception_handler(context)
            return
        now = loop.time()
        new_burst = now - self._last_failure >= GAP_S
        self._last_failure = now
        self._unsaid += 1
        if not new_burst and now - self._last_said < REMIND_S:
            return
        what = _what(context.get("exception"))
        if new_burst:
            _LOG.warning(
                "webdistill: cannot accept new connections: %s; they are accepted as "
                "descriptors free up (said once per burst).",
                what,
            )
        else:
            _LOG.warning(
                "webdistill: still cannot accept every new connection: %s; %d accepts "
                "failed since the last notice.",
                what,
                self._unsaid,
            )
        self._last_said = now
        self._unsaid = 0


def install(loop: asyncio.AbstractEventLoop) -> AcceptErrors:
    """Make an `AcceptErrors` `loop`'s exception handler (keeping the one before for the
    rest); answers it."""
    handler = AcceptErrors(loop.get_exception_handler())
    loop.set_exception_handler(handler)
    return handler
