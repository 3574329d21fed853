"""Answer every request the client sent, even when it closes stdin right after sending.

The MCP SDK ends a stdio session when its input ends and cancels requests still running
("Connection closed"). A client that writes one request and closes its end of the pipe
(a shell pipeline, a one-shot script) would never get its answer. `draining` wraps the two
streams: at the end of input, it waits until every request read so far has had its response
(or error) written, within `grace_s`, before it lets the session see the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import TracebackType
from typing import Any, Self

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage


class _ClosesOnExit:
    """`async with stream:` closes it on the way out (both wrapped streams)."""

    async def aclose(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        await self.aclose()
        return None


class _Pending:
    def __init__(self) -> None:
        self.ids: set[Any] = set()
        self.idle = anyio.Event()
        self.idle.set()

    def add(self, request_id: Any) -> None:
        self.ids.add(request_id)
        if self.idle.is_set():
            self.idle = anyio.Event()

    def done(self, request_id: Any) -> None:
        self.ids.discard(request_id)
        if not self.ids:
            self.idle.set()


class DrainingReadStream(_ClosesOnExit):
    """The read side: records request ids, and holds the end of input until they are done."""

    def __init__(
        self, inner: Any, pending: _Pending, grace_s: float, first: tuple[Any, ...] = ()
    ) -> None:
        self._inner = inner
        self._pending = pending
        self._grace_s = grace_s
        self._first = list(first)  # items read before the SDK started (see handshake.py)

    @property
    def last_context(self) -> Any:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        try:
            item = self._first.pop(0) if self._first else await self._inner.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            with anyio.move_on_after(self._grace_s):
                await self._pending.idle.wait()
            raise
        if isinstance(item, SessionMessage) and isinstance(item.message, types.JSONRPCRequest):
            self._pending.add(item.message.id)
        return item

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __aiter__(self) -> DrainingReadStream:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None


class TrackingWriteStream(_ClosesOnExit):
    """The write side: a response or error written marks its request done."""

    def __init__(self, inner: Any, pending: _Pending, answered: Iterable[object] = ()) -> None:
        self._inner = inner
        self._pending = pending
        self._answered = list(answered)  # ids of requests already answered: drop their answer

    async def send(self, item: Any, /) -> None:
        message = getattr(item, "message", None)
        if not isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
            await self._inner.send(item)
            return
        if message.id in self._answered:
            self._answered.remove(message.id)  # answered already, before the SDK was loaded
        else:
            await self._inner.send(item)
        self._pending.done(message.id)

    async def aclose(self) -> None:
        await self._inner.aclose()


def first_message(line: bytes) -> Any:
    """One line read before the SDK started, as the SDK's stdio reader would pass it on."""
    from mcp.shared.message import SessionMessage

    try:
        return SessionMessage(types.jsonrpc_message_adapter.validate_json(line, by_name=False))
    except Exception as exc:  # noqa: BLE001 - the SDK's reader passes parse errors on too
        return exc


def draining(
    read_stream: Any,
    write_stream: Any,
    grace_s: float,
    *,
    first_line: bytes = b"",
    answered: Iterable[object] = (),
) -> tuple[DrainingReadStream, TrackingWriteStream]:
    """The two stdio streams, wrapped so a closed stdin still gets its pending answers.

    `first_line` holds the lines read from stdin before the SDK started; `answered` the ids
    of the requests already answered (initialize, tools/list), whose second answers are
    dropped."""
    pending = _Pending()
    lines = first_line.split(b"\n")  # (as handshake.read_line cut them)
    first = tuple(first_message(line) for line in lines if line.strip())
    reading = DrainingReadStream(read_stream, pending, grace_s, first)
    return reading, TrackingWriteStream(write_stream, pending, answered)
