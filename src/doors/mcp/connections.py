"""The connections of `webdistill mcp --http`: read deadlines, a connection limit, a ring key.

uvicorn (h11) waits for ever for a request's headers and body, and accepts connections until
the process runs out of file descriptors, after which nobody gets in. `guarded_protocol`
makes uvicorn's own h11 protocol class bounded:

- a request's headers must arrive within `header_timeout_s` of the connection waiting for
  them (a new connection, or one kept alive after a response), and its body within
  `body_timeout_s` of the headers, however slowly it trickles; then the client gets a 408
  and the connection is closed;
- a response whose writing makes no progress for `body_timeout_s` (the client does not read
  it) ends the connection: a full write buffer is not "busy" for ever;
- a connection answers at most `MAX_PIPELINED` requests queued one behind the other (sent
  before the previous answer was complete), then it is closed: a client pipelining requests
  it never reads cannot keep the server answering;
- at most `max_connections` are open (never more than half the descriptor limit, which the
  fetches need too): a connection beyond that closes the one that has waited longest for a
  request or stands as a GET stream (an SSE stream a client reopens at will, and which the
  MCP spec lets the server close) for longest, or, when every connection is busy with a
  request, is answered 503 and closed;
- a connection being closed whose last bytes the client does not read is aborted after
  `body_timeout_s`, so it stops counting against the limit;
- an answer leaves in one write where it can: the pieces uvicorn writes within one turn of the
  event loop are held and sent together, at once when the answer is complete (corked.py);
- a plain JSON-RPC `POST /mcp` with a length (what MCP clients send) that is wholly at hand
  is read and answered without h11 (quick_head.py, quick_cycle.py), under the same pipelining
  and connection bounds; any other request, one whose head or body is still arriving, or
  anything not surely that shape, is h11's from its first byte;
- every connection gets a random key (`connection_key`), which a session-less MCP client's
  results are kept under (see `kernel.results.capability_scope`).

Written as a subclass because uvicorn has no such settings and takes a protocol class by
design (`uvicorn.Config(http=...)`); it reads only h11's public connection state.
"""

from __future__ import annotations

import asyncio
import contextvars
import resource
import secrets
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from webdistill.doors.mcp.corked import Corked
from webdistill.doors.mcp.identity import CONNECTION_KEY
from webdistill.doors.mcp.quick_cycle import QuickCycle
from webdistill.doors.mcp.quick_head import QuickPost, read_post

#: How many requests one connection answers queued behind each other before it is closed.
MAX_PIPELINED = 16


def descriptor_cap(limit: int) -> int:
    """`limit`, or half the process's descriptor limit when that is lower (at least 2)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return limit
    return max(2, min(limit, soft // 2))


def _plain_response(status: bytes, text: str) -> bytes:
    body = text.encode()
    return (
        b"HTTP/1.1 " + status + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
        b"connection: close\r\ncontent-length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )


TIMED_OUT = _plain_response(
    b"408 Request Timeout",
    "Request Timeout: the request's headers or body came too slowly "
    "(WEB_MCP_HEADER_TIMEOUT_MS / WEB_MCP_BODY_TIMEOUT_MS); send it again at once.\n",
)
FULL = _plain_response(
    b"503 Service Unavailable",
    "Service Unavailable: the server has WEB_MCP_MAX_CONNECTIONS connections busy; retry.\n",
)


class _BoundedH11(H11Protocol):
    header_timeout_s: float = 10.0
    body_timeout_s: float = 30.0
    max_connections: int = 256

    def __init__(self, config: Any, server_state: Any, app_state: dict[str, Any], **kw: Any):
        state = {**app_state, CONNECTION_KEY: secrets.token_hex(8)}
        super().__init__(config, server_state, state, **kw)
        self._phase: object = None
        self._since = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._stall: asyncio.TimerHandle | None = None  # the write-progress watch
        self._kill: asyncio.TimerHandle | None = None  # aborts a close that does not finish
        self._pipelined = 0  # requests answered in a row with the next one already queued
        self._request_since = 0.0  # when the current request's cycle started
        self._cycle: object = None
        # Bytes not given to h11: a quick request still arriving, or those that came while a
        # quick request was answered (reading is paused then, as h11 pauses it).
        self._held = bytearray()
        self._max_head = self.conn._max_incomplete_event_size

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._corked = Corked(transport, asyncio.get_running_loop())
        super().connection_made(self._corked)  # type: ignore[arg-type]
        self._since = self.loop.time()
        if len(self.connections) > self.max_connections and not self._shed_one():
            transport.write(FULL)
            self._close()
            return
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        for timer in (self._stall, self._kill):
            if timer is not None:
                timer.cancel()
        self._stall = self._kill = None
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        """The client is not reading fast enough: watch that the writing still progresses."""
        super().pause_writing()
        if self._stall is None:
            self._stall_check(self.transport.get_write_buffer_size() + 1)

    def resume_writing(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        super().resume_writing()

    def _stall_check(self, before: int) -> None:
        """Abort the connection when its write buffer did not shrink for `body_timeout_s`."""
        self._stall = None
        if self.transport.is_closing() and self._kill is not None:
            return  # the close's own deadline aborts it
        now = self.transport.get_write_buffer_size()
        if now >= before:
            self._disarm()
            self.transport.abort()
            return
        self._stall = self.loop.call_later(self.body_timeout_s, self._stall_check, now)

    def _close(self) -> None:
        """Close the connection, aborting it if its last bytes are not read in time."""
        self._disarm()
        self.transport.close()
        if self._kill is None:
            self._kill = self.loop.call_later(self.body_timeout_s, self.transport.abort)

    def data_received(self, data: bytes) -> None:
        if isinstance(self.cycle, QuickCycle) and not self.cycle.response_complete:
            self._unset_keepalive_if_required()
            self._held += data  # the next request waits for this answer, as with h11
            self.flow.pause_reading()
            return
        self._read(data)
        self._watch()

    def _read(self, data: bytes) -> None:
        """Answer a quick POST at the front of what is held plus `data`, or give it to h11.

        Only a request wholly at hand is read here; one whose head or body is still
        arriving goes to h11 at once, which starts the app at its head (so the Host / token
        guard refuses it before its body, and a shutdown lets it finish) and reads its body
        under the body deadline, each byte once."""
        if self._held:
            self._held += data
            data, self._held = bytes(self._held), bytearray()
        if self._fresh():
            post = read_post(data, self._max_head)
            if isinstance(post, QuickPost):
                self._answer(post)
                if len(data) > post.size:
                    self._held = bytearray(data[post.size :])
                    self.flow.pause_reading()
                return
        super().data_received(data)

    def _fresh(self) -> bool:
        """May the next request be read here rather than by h11 (h11 has none in hand)?"""
        conn = self.conn
        return (
            (self.cycle is None or self.cycle.response_complete)
            and conn.their_state is h11.IDLE
            and conn.our_state is h11.IDLE
            and not conn.trailing_data[0]
            and self.limit_concurrency is None
            and not self.transport.is_closing()
        )

    def _answer(self, post: QuickPost) -> None:
        """Run the app for a quick POST, as uvicorn runs it for a request h11 read."""
        self._unset_keepalive_if_required()
        # What h11 would have learnt from reading it (public attribute, read by h11 to frame
        # its own later answers, e.g. a 400 for junk after this request: with a length).
        self.conn.their_http_version = b"1.1"
        self.headers = post.headers
        self.scope = {
            "type": "http",
            "asgi": {"version": self.asgi_version, "spec_version": "2.3"},
            "http_version": "1.1",
            "server": self.server,
            "client": self.client,
            "scheme": self.scheme,  # type: ignore[typeddict-item]
            "method": "POST",
            "root_path": self.root_path,
            "path": self.root_path + "/mcp",
            "raw_path": self.root_path.encode("ascii") + b"/mcp",
            "query_string": b"",
            "headers": self.headers,
            "state": self.app_state.copy(),
        }
        self.cycle = QuickCycle(
            self.scope,
            post.body,
            self.transport,
            self.flow,
            self.logger,
            self.server_state.default_headers,
            self.on_response_complete,
        )
        run = self.cycle.run_asgi(self.app)
        if self.config.reset_contextvars:
            task = self.loop.create_task(run, context=contextvars.Context())
        else:
            task = self.loop.create_task(run)
        task.add_done_callback(self.tasks.discard)
        self.tasks.add(task)

    def on_response_complete(self) -> None:
        self._corked.flush()  # the answer is complete: send what is held now, as one write
        queued = bool(self.conn.trailing_data[0]) or bool(self._held)
        self._pipelined = self._pipelined + 1 if queued else 0
        if self._pipelined >= MAX_PIPELINED:
            self._close()  # answered enough queued requests; the rest are not read
        super().on_response_complete()
        if self._held and isinstance(self.cycle, QuickCycle) and not self.transport.is_closing():
            self._read(b"")  # the requests that came during a quick answer
        self._watch()

    def waiting(self) -> bool:
        """Is this connection waiting for a request (no request being read or answered)?"""
        idle = self.cycle is None or self.cycle.response_complete
        return idle and self.conn.their_state is h11.IDLE and not self.transport.is_closing()

    def standing_stream(self) -> bool:
        """Is this connection a GET stream whose response has started and goes on?"""
        cycle = self.cycle
        return (
            cycle is not None
            and cycle.scope.get("method") == "GET"
            and cycle.response_started
            and not cycle.response_complete
            and not self.transport.is_closing()
        )

    def _shed_one(self) -> bool:
        """Close the connection that has held its place without a request for longest (waiting
        for one, or standing as a GET stream); False if there is none."""
        held = []
        for c in self.connections:
            if c is self or not isinstance(c, _BoundedH11):
                continue
            if c.waiting():
                held.append((c._since, id(c), c))
            elif c.standing_stream():
                held.append((c._request_since, id(c), c))
        if not held:
            return False
        min(held, key=lambda item: item[:2])[2]._close()
        return True

    def _watch(self) -> None:
        """(Re)arm the deadline of the phase the request is in, when that phase changed."""
        if self.transport.is_closing():
            return
        if self.cycle is not self._cycle:
            self._cycle = self.cycle
            self._request_since = self.loop.time()
        state = self.conn.their_state
        phase = state if state in (h11.IDLE, h11.SEND_BODY) else None
        if phase is h11.IDLE and not self.waiting():
            phase = None  # a response is still being written
        if phase is self._phase:
            return
        self._disarm()
        self._phase = phase
        if phase is None:
            return
        if phase is h11.IDLE:
            self._since = self.loop.time()
        wait = self.header_timeout_s if phase is h11.IDLE else self.body_timeout_s
        self._timer = self.loop.call_later(wait, self._expire, phase)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self, phase: object) -> None:
        self._timer = None
        if self._phase is not phase or self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(TIMED_OUT)
        self._close()


def guarded_protocol(
    *, header_timeout_s: float, body_timeout_s: float, max_connections: int
) -> type[H11Protocol]:
    """uvicorn's h11 protocol with these bounds (pass it as `uvicorn.Config(http=...)`)."""
    return type(
        "BoundedH11Protocol",
        (_BoundedH11,),
        {
            "header_timeout_s": header_timeout_s,
            "body_timeout_s": body_timeout_s,
            "max_connections": descriptor_cap(max_connections),
        },
    )
