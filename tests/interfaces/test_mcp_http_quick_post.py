"""A plain `POST /mcp` is read and answered without h11, and nothing else is (issue 33).

The protocol is the server's own (`guarded_protocol`) on a hand-written fake transport, with
uvicorn's plain h11 protocol on the same app as the reference answer; the deadlines and
pipelining checks run on the in-process server with raw sockets on 127.0.0.1. Every wait is a
hang guard or a bounded loop, never an assertion on time.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import h11
import pytest
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from tests.interfaces.mcp_http_server import INIT, running
from tests.interfaces.test_mcp_http_one_write import CountingTransport
from webdistill.config import Config
from webdistill.doors.mcp.connections import MAX_PIPELINED, guarded_protocol
from webdistill.doors.mcp.quick_cycle import QuickCycle
from webdistill.doors.mcp.quick_head import NOT_QUICK, QuickPost, read_post

BODY = json.dumps(INIT).encode()


def _post(body: bytes = BODY, *extra: bytes, port: int = 8000) -> bytes:
    head = [b"POST /mcp HTTP/1.1", b"Host: 127.0.0.1:%d" % port,
            b"Accept: application/json, text/event-stream", b"Content-Type: application/json",
            *extra, b"Content-Length: %d" % len(body)]  # fmt: skip
    return b"\r\n".join(head) + b"\r\n\r\n" + body


async def _serve(protocol_class: Any, app: Any, raw: bytes, answers: int = 1) -> bytes:
    """What `protocol_class` writes for `raw` with `app` behind it."""
    return (await _served(protocol_class, app, [raw], answers))[1]


async def _served(
    protocol_class: Any, app: Any, pieces: list[bytes], answers: int = 1
) -> tuple[Any, bytes]:
    """The protocol and what it wrote for `pieces` (received one by one), `app` behind it."""
    done = asyncio.Event()
    seen = 0

    async def counted(scope: Any, receive: Any, send: Any) -> None:
        nonlocal seen
        await app(scope, receive, send)
        seen += 1
        if seen == answers:
            done.set()

    config = uvicorn.Config(counted, http="h11", log_level="error")
    config.load()
    protocol = protocol_class(config, ServerState(), {})
    transport = CountingTransport()
    protocol.connection_made(transport)
    for piece in pieces:
        protocol.data_received(piece)
    async with asyncio.timeout(10):  # hang guard only
        await done.wait()
        for _ in range(5):
            await asyncio.sleep(0)
    protocol.connection_lost(None)
    return protocol, b"".join(transport.writes)


def _parsed(raw: bytes) -> list[tuple[int, dict[bytes, bytes], bytes]]:
    """Each answer in `raw` as (status, headers less date and framing, body), read by h11."""
    client = h11.Connection(h11.CLIENT)
    client.receive_data(raw)
    answers = []
    while True:
        client.send(h11.Request(method="POST", target="/mcp",
                                headers=[("Host", "x"), ("Content-Length", "0")]))  # fmt: skip
        client.send(h11.EndOfMessage())
        response = client.next_event()
        assert isinstance(response, h11.Response), response
        headers = {k: v for k, v in response.headers
                   if k not in (b"date", b"content-length", b"transfer-encoding")}  # fmt: skip
        body = b""
        while not isinstance(event := client.next_event(), h11.EndOfMessage):
            assert isinstance(event, h11.Data), event
            body += event.data
        answers.append((response.status_code, headers, body))
        if not client.trailing_data[0]:
            return answers
        client.start_next_cycle()


async def _json_app(scope: Any, receive: Any, send: Any) -> None:
    message = await receive()
    echo = json.loads(message["body"])
    body = json.dumps({"jsonrpc": "2.0", "id": echo["id"], "result": {}}).encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", b"%d" % len(body))]})  # fmt: skip
    await send({"type": "http.response.body", "body": body})


async def _unframed_app(scope: Any, receive: Any, send: Any) -> None:
    await receive()
    await send({"type": "http.response.start", "status": 202, "headers": []})
    await send({"type": "http.response.body", "body": b"accepted"})


async def _streamed_app(scope: Any, receive: Any, send: Any) -> None:
    await receive()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/event-stream")]})  # fmt: skip
    await send({"type": "http.response.body", "body": b"data: 1\n\n", "more_body": True})
    await send({"type": "http.response.body", "body": b"data: 2\n\n", "more_body": True})
    await send({"type": "http.response.body", "body": b""})


async def _empty_app(scope: Any, receive: Any, send: Any) -> None:
    await receive()
    await send({"type": "http.response.start", "status": 204, "headers": []})
    await send({"type": "http.response.body", "body": b""})


async def test_a_plain_post_is_read_without_h11() -> None:
    """Before: every request went through h11 (its request/response cycle); a quick POST
    is answered by the quick cycle."""
    quick = guarded_protocol(header_timeout_s=5, body_timeout_s=5, max_connections=8)
    protocol, written = await _served(quick, _json_app, [_post()])
    assert isinstance(protocol.cycle, QuickCycle)  # h11 never read the request
    assert written.startswith(b"HTTP/1.1 200 OK\r\n")


@pytest.mark.parametrize("app", [_json_app, _unframed_app, _streamed_app, _empty_app])
async def test_a_quick_answer_reads_as_uvicorn_s_h11_answer(app: Any) -> None:
    quick = guarded_protocol(header_timeout_s=5, body_timeout_s=5, max_connections=8)
    mine = _parsed(await _serve(quick, app, _post()))
    reference = _parsed(await _serve(H11Protocol, app, _post()))
    assert mine == reference


async def test_pipelined_quick_posts_are_answered_in_order() -> None:
    quick = guarded_protocol(header_timeout_s=5, body_timeout_s=5, max_connections=8)
    raw = b"".join(_post(json.dumps({**INIT, "id": n}).encode()) for n in range(1, 4))
    answers = _parsed(await _serve(quick, _json_app, raw, answers=3))
    assert [json.loads(body)["id"] for _, _, body in answers] == [1, 2, 3]


async def test_a_post_in_pieces_is_answered_by_h11() -> None:
    """A client that writes the head and the body apart (httpx does) is answered; a request
    not wholly at hand is h11's from its first byte (attack b33q: held, its guard waited
    for the body; see test_mcp_http_attack_quick_partial.py)."""
    quick = guarded_protocol(header_timeout_s=5, body_timeout_s=5, max_connections=8)
    raw = _post()
    cuts = [0, 10, raw.index(b"\r\n\r\n") + 4, len(raw) - 3, len(raw)]
    pieces = [raw[start:end] for start, end in itertools.pairwise(cuts)]  # head in two, body
    protocol, written = await _served(quick, _json_app, pieces)
    assert not isinstance(protocol.cycle, QuickCycle)
    assert json.loads(written.partition(b"\r\n\r\n")[2])["id"] == 1


# Shapes h11 reads differently or refuses: each must be left to h11 (NOT_QUICK).
NOT_QUICK_SHAPES = {
    "absolute-form target": _post().replace(b"POST /mcp ", b"POST http://evil.example/mcp "),
    "fragment": _post().replace(b"POST /mcp ", b"POST /mcp#x "),
    "query": _post().replace(b"POST /mcp ", b"POST /mcp?x=1 "),
    "other path": _post().replace(b"POST /mcp ", b"POST /mcp/ "),
    "GET": _post().replace(b"POST ", b"GET "),
    "HTTP/1.0": _post().replace(b"HTTP/1.1", b"HTTP/1.0"),
    "transfer-encoding": _post(BODY, b"Transfer-Encoding: chunked"),
    "expect": _post(BODY, b"Expect: 100-continue"),
    "upgrade": _post(BODY, b"Connection: upgrade", b"Upgrade: websocket"),
    "connection close": _post(BODY, b"Connection: close"),
    "two lengths": _post(BODY, b"Content-Length: %d" % len(BODY)),
    "signed length": _post().replace(b"Content-Length: ", b"Content-Length: +"),
    "no length": _post().replace(b"Content-Length", b"X-Length"),
    "two hosts": _post(BODY, b"Host: evil.example"),
    "no host": _post().replace(b"Host:", b"X-Host:"),
    "space before colon": _post(BODY, b"X-A : 1"),
    "obs-fold": _post(BODY, b"X-A: 1\r\n  2"),
    "bare LF in a value": _post(BODY, b"X-A: 1\n2"),
    "bare CR in a value": _post(BODY, b"X-A: 1\r2"),
    "NUL in a value": _post(BODY, b"X-A: 1\x002"),
    "obs-text in a value": _post(BODY, b"X-A: caf\xe9"),
    "head past the limit": _post(BODY, b"X-A: " + b"a" * 20_000),
    "body past the held limit": _post(b"x" * 70_000),
}


@pytest.mark.parametrize("name", sorted(NOT_QUICK_SHAPES))
def test_other_shapes_are_left_to_h11(name: str) -> None:
    assert read_post(NOT_QUICK_SHAPES[name], 16_384) is NOT_QUICK


def test_a_plain_post_is_quick_with_uvicorn_s_header_list() -> None:
    post = read_post(_post(BODY, b"X-Trace:  a b\t"), 16_384)
    assert isinstance(post, QuickPost)
    assert (b"x-trace", b"a b") in post.headers and post.body == BODY


async def test_a_quick_post_whose_body_stops_is_cut_off_at_the_body_deadline() -> None:
    async with running(Config(mcp_body_timeout_ms=1000, mcp_header_timeout_ms=60_000)) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(_post(port=port)[:-5])  # the head and all but five bytes of the body
        answer = await asyncio.wait_for(reader.read(), timeout=30)  # hang guard only
        writer.close()
    assert answer.startswith(b"HTTP/1.1 408 ") and b"WEB_MCP_BODY_TIMEOUT_MS" in answer


async def test_a_quick_head_that_stops_is_cut_off_at_the_header_deadline() -> None:
    async with running(Config(mcp_header_timeout_ms=1000, mcp_body_timeout_ms=60_000)) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(_post(port=port)[:40])
        answer = await asyncio.wait_for(reader.read(), timeout=30)  # hang guard only
        writer.close()
    assert answer.startswith(b"HTTP/1.1 408 ")


async def test_quick_posts_pipelined_and_never_read_end_the_connection() -> None:
    """The MAX_PIPELINED bound holds for quick requests too: a client that queues requests
    and reads nothing is answered at most MAX_PIPELINED times, then closed."""
    async with running(Config()) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        ping = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode()
        writer.write(_post(ping, port=port) * (MAX_PIPELINED * 4))
        answer = await asyncio.wait_for(reader.read(), timeout=30)  # hang guard only
        writer.close()
    assert 1 <= answer.count(b"HTTP/1.1 ") <= MAX_PIPELINED
