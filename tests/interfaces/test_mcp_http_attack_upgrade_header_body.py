"""MCP HTTP door (an attack on an httptools-based server, issue 33):
a POST carrying `Connection: Upgrade` + `Upgrade: h2c` loses its body.

RFC 9110 7.8: a server may ignore an Upgrade it does not support and answer the request in
HTTP/1.1 (what the h11 server did: 200 to `initialize`). On the httptools door llhttp treats
the bytes after the head as the new protocol: the app sees an empty body (400 "Parse error:
EOF"), and the body bytes are then ignored while the connection stays open until the header
deadline. (curl's `--http2` on an http:// URL sends exactly these headers.)
"""

from __future__ import annotations

import asyncio
import json

from tests.interfaces.mcp_http_server import INIT, running
from webdistill.config import Config


async def test_a_post_offering_h2c_upgrade_is_answered_in_http1() -> None:
    body = json.dumps(INIT).encode()
    async with running(Config()) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port
            + b"Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
            + b"HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n"
            + b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
            + b"Content-Length: %d\r\n\r\n" % len(body)
            + body
        )
        answer = await asyncio.wait_for(reader.read(300), timeout=10)
        writer.close()
    assert answer.startswith(b"HTTP/1.1 200"), answer
