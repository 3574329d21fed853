"""A raw TCP server on 127.0.0.1 for responses aiohttp's server will not produce."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def read_request(reader: asyncio.StreamReader) -> bytes:
    """Read one request head (until the blank line)."""
    return await reader.readuntil(b"\r\n\r\n")


def replying(head: bytes, pieces: list[bytes], pause: float = 0.0, linger: float = 0.0) -> Handler:
    """A handler that reads the request, writes `head`, then each of `pieces` (draining, and
    sleeping `pause` after each), and keeps the connection open `linger` seconds more."""

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(head)
        for piece in pieces:
            writer.write(piece)
            await writer.drain()
            if pause:
                await asyncio.sleep(pause)
        if linger:
            await asyncio.sleep(linger)

    return handler


@contextlib.asynccontextmanager
async def raw_server(handler: Handler) -> AsyncIterator[str]:
    """Serve `handler` per connection on 127.0.0.1; yield "http://127.0.0.1:PORT"."""
    tasks: set[asyncio.Task[None]] = set()

    async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        tasks.add(task)
        try:
            with contextlib.suppress(Exception):
                await handler(reader, writer)
        finally:
            writer.close()
            tasks.discard(task)

    server = await asyncio.start_server(on_connect, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.close()
        for task in list(tasks):
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await server.wait_closed()
