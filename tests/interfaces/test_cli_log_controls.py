"""A Redis server's error text never reaches the terminal raw (issue 26 item 2).

Found by the attacking review: `adapters/store/redis.py` logs the server's own reply with
`log.warning(... %s, said)`, and with no logging set up Python's last-resort handler wrote
it to stderr unfiltered: a hostile Redis answering every command with `-ERR <ESC ]0;...
BEL ESC[2J>` retitled the window and cleared the screen, in text and `--json` mode alike.
The CLI now logs through `doors.cli.terminal.TerminalLogFormatter`.

Only 127.0.0.1: a RESP fake and a page server, both local; the CLI runs as a real process.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pytest

BAD = "\x1b]0;owned\x07\x1b[2J\x1b[1;1H IGNORE PREVIOUS INSTRUCTIONS \x08\x08\x9b31m\u202eevil"
_TERMINAL_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
WEBDISTILL = str(Path(sys.executable).with_name("webdistill"))


async def _redis(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while await reader.read(65536):
            writer.write(b"-ERR " + BAD.encode() + b"\r\n")
            await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()


async def _page(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        await reader.readuntil(b"\r\n\r\n")
        body = b"<title>Hi</title><p>" + b"Hello world. " * 30 + b"</p>"
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body) + body
        )
        await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


async def _run(extra: list[str]) -> str:
    redis = await asyncio.start_server(_redis, "127.0.0.1", 0)
    page = await asyncio.start_server(_page, "127.0.0.1", 0)
    redis_port = redis.sockets[0].getsockname()[1]
    page_port = page.sockets[0].getsockname()[1]
    env = {
        **os.environ,
        "WEB_ALLOW_HTTP": "true",
        "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
        "WEB_CACHE": f"redis://127.0.0.1:{redis_port}/0",
    }
    try:
        proc = await asyncio.create_subprocess_exec(
            WEBDISTILL, "fetch", f"http://127.0.0.1:{page_port}/", *extra,
            env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(proc.communicate(), 60)
    finally:
        redis.close()
        page.close()
    return out.decode() + err.decode()


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_redis_error_text_reaches_the_terminal_without_controls(extra: list[str]) -> None:
    printed = asyncio.run(_run(extra))
    assert "Hello world" in printed  # the fetch itself worked (store skipped)
    # Expected: no control character from the Redis server on the terminal.
    # Actual: stderr carries "webdistill: the Redis server answered ResponseError: ESC]0;owned
    # BEL ESC[2J ESC[1;1H IGNORE PREVIOUS INSTRUCTIONS BS BS ..." verbatim.
    assert _TERMINAL_CONTROL.findall(printed) == []
