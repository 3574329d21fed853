"""One send per answer on `webdistill mcp --http`: a transport that holds its writes briefly.

uvicorn's h11 protocol writes a response in pieces, each its own `send` system call: the
status line and headers, every body chunk, and the end of the message (the chunked
encoding's last chunk). A small MCP answer so costs three sends (and, to the client, up to
three TCP segments to reassemble). `Corked` wraps the connection's transport and keeps the
pieces written within one turn of the event loop in a buffer, handing them to the real
transport as one write when the answer is complete (the protocol calls `flush` then), when
the connection closes, or at the end of that turn -- so a stream's headers and events still
leave at once, never waiting for more.

Everything else (closing, flow control, the write buffer's size, extra info) is the real
transport's; `abort` drops what is held.
"""

from __future__ import annotations

import asyncio
from typing import Any


class Corked:
    """`transport`, with the writes of one event-loop turn sent as one."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held = bytearray()
        self._flush_soon: asyncio.Handle | None = None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        self._held += data
        if self._flush_soon is None:
            self._flush_soon = self._loop.call_soon(self.flush)

    def writelines(self, chunks: Any) -> None:
        for chunk in chunks:
            self.write(chunk)

    def flush(self) -> None:
        """Hand what is held to the real transport, as one write."""
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
        if self._held:
            data, self._held = bytes(self._held), bytearray()
            if not self._transport.is_closing():
                self._transport.write(data)

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + len(self._held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._held = bytearray()
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
