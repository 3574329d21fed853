"""The answer to a request read by quick_head.py, written without h11.

`QuickCycle` is uvicorn's own request/response cycle (its ASGI error handling, flow
control, disconnect and shutdown behaviour are kept as they are) with the two places that
used h11 replaced: the request's body is already whole when the cycle starts, and `send`
writes the status line, headers and body itself, checked as h11 checks an answer:

- header names must be tokens and values visible characters (no CR, LF or NUL), else the
  application's answer is refused (RuntimeError: uvicorn closes the connection);
- a `Content-Length` must match the body sent, no byte more or less; an answer without one
  gets it when its body comes in one piece, and is sent chunked otherwise;
- 1xx, 204 and 304 answers carry no body;
- `Connection: close` in the answer, or a server shutting down, closes the connection after
  the answer, like h11's MUST_CLOSE.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, RequestResponseCycle

_TOKEN = re.compile(rb"[-!#$%&'*+.^_`|~0-9A-Za-z]+")
_VALUE = re.compile(rb"(?:[\x21-\x7e\x80-\xff]+(?:[ \t]+[\x21-\x7e\x80-\xff]+)*)?")
_DIGITS = re.compile(rb"[0-9]+")


class QuickCycle(RequestResponseCycle):
    """One request whose body is all here, answered by writing HTTP/1.1 directly."""

    def __init__(  # noqa: PLR0917 - uvicorn's cycle takes its parts positionally too
        self,
        scope: Any,
        body: bytes,
        transport: asyncio.Transport,
        flow: FlowControl,
        logger: logging.Logger,
        default_headers: list[tuple[bytes, bytes]],
        on_response: Callable[..., None],
    ) -> None:
        # uvicorn's __init__ reads an h11 connection; set what its methods use instead.
        self.scope = scope
        self.conn = None  # type: ignore[assignment]
        self.transport = transport
        self.flow = flow
        self.logger = logger
        self.access_logger = logger
        self.access_log = False
        self.default_headers = default_headers
        self.message_event = asyncio.Event()
        self.message_event.set()  # the body is here: the first receive() returns it at once
        self.on_response = on_response
        self.disconnected = False
        self.keep_alive = True
        self.waiting_for_100_continue = False
        self.body = bytearray(body)
        self.more_body = False
        self.response_started = False
        self.response_complete = False
        self._head = b""  # the status line and headers, sent with the first body piece
        self._length: int | None = None  # bytes of body still owed to a Content-Length
        self._chunked = False
        self._bodiless = False
        self._close = False

    async def send(self, message: Any) -> None:
        if self.flow.write_paused and not self.disconnected:
            await self.flow.drain()
        if self.disconnected:
            return
        kind = message["type"]
        if not self.response_started:
            if kind != "http.response.start":
                raise RuntimeError(f"Expected 'http.response.start', but got '{kind}'.")
            self.response_started = True
            self._start(int(message["status"]), list(message.get("headers", [])))
        elif not self.response_complete:
            if kind != "http.response.body":
                raise RuntimeError(f"Expected 'http.response.body', but got '{kind}'.")
            self._body(bytes(message.get("body", b"")), bool(message.get("more_body", False)))
        else:
            raise RuntimeError(
                f"Unexpected ASGI message '{kind}' sent, after response already completed."
            )
        if self.response_complete:
            if self._close or not self.keep_alive:
                self.transport.close()
            self.on_response()

    def _start(self, status: int, headers: list[tuple[bytes, bytes]]) -> None:
        if not 200 <= status <= 599:
            raise RuntimeError(f"Status {status} cannot answer this request.")
        lines = [b"HTTP/1.1 %d %s\r\n" % (status, STATUS_PHRASES[status])]
        self._bodiless = status in (204, 304)
        for raw_name, raw_value in [*self.default_headers, *headers]:
            name, value = bytes(raw_name).lower(), bytes(raw_value).strip(b" \t")
            if not _TOKEN.fullmatch(name) or not _VALUE.fullmatch(value):
                raise RuntimeError(f"Illegal header in the answer: {raw_name!r}")
            if name == b"content-length":
                if self._length is not None or not _DIGITS.fullmatch(value):
                    raise RuntimeError("Bad or repeated Content-Length in the answer.")
                self._length = int(value)
            elif name == b"transfer-encoding":
                if value.lower() != b"chunked" or self._chunked:
                    raise RuntimeError("Only Transfer-Encoding: chunked can answer here.")
                self._chunked = True
            elif name == b"connection":
                self._close = b"close" in (t.strip() for t in value.lower().split(b","))
            lines.append(name + b": " + value + b"\r\n")
        if self._chunked and self._length is not None:
            raise RuntimeError("An answer cannot have both Content-Length and chunked encoding.")
        self._head = b"".join(lines)

    def _body(self, data: bytes, more: bool) -> None:
        out = []
        if self._head:
            head, self._head = self._head, b""
            if self._bodiless:
                self._length = self._length if self._length is not None else 0
            elif self._length is None and not self._chunked:
                if more:
                    self._chunked = True
                    head += b"transfer-encoding: chunked\r\n"
                else:
                    self._length = len(data)
                    head += b"content-length: %d\r\n" % len(data)
            out.append(head + b"\r\n")
        if self._bodiless:
            if data:
                raise RuntimeError("This status carries no body.")
        elif self._chunked:
            if data:
                out.append(b"%x\r\n%s\r\n" % (len(data), data))
            if not more:
                out.append(b"0\r\n\r\n")
        else:
            assert self._length is not None
            if len(data) > self._length:
                raise RuntimeError("Too much data for the declared Content-Length.")
            self._length -= len(data)
            out.append(data)
            if not more and self._length and not self._bodiless:
                self.transport.write(b"".join(out))
                raise RuntimeError("Too little data for the declared Content-Length.")
        self.transport.write(b"".join(out))
        if not more:
            self.response_complete = True
            self.message_event.set()
