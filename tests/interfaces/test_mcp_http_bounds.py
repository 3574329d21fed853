"""What one client can hold of the MCP HTTP server: read deadlines, connections, sessions.

Misbehaving clients are raw asyncio sockets on 127.0.0.1 (a body trickled byte by byte,
headers never finished, idle connections); sessions are opened with plain `initialize`
POSTs, from 127.0.0.2 / 127.0.0.3 where a second or third client address is needed (every
127/8 address is loopback on Linux). Bounds are configured small; every wait is a bounded
loop or a hang guard, never an assertion on time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from mcp import Client

from tests.interfaces.mcp_http_server import ACCEPT, INIT, running
from tests.interfaces.sites import cli_env
from webdistill.config import Config, ConfigError


def _head(port: int, *lines: str) -> bytes:
    fixed = [f"Host: 127.0.0.1:{port}", "Accept: application/json, text/event-stream",
             "Content-Type: application/json"]  # fmt: skip
    return ("\r\n".join(["POST /mcp HTTP/1.1", *fixed, *lines]) + "\r\n\r\n").encode()


async def _answer(reader: asyncio.StreamReader) -> bytes:
    """What the server wrote before closing (hang guard: 30 s)."""
    return await asyncio.wait_for(reader.read(), timeout=30)


async def test_a_body_trickled_byte_by_byte_is_cut_off_at_the_body_deadline() -> None:
    async with running(Config(mcp_body_timeout_ms=2000)) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(_head(port, "Transfer-Encoding: chunked"))
        body = json.dumps(INIT).encode()
        chunked = b"".join(b"1\r\n" + body[i : i + 1] + b"\r\n" for i in range(len(body)))
        sent = 0

        async def trickle() -> None:
            nonlocal sent
            for byte in chunked:  # one byte every 0.5 s: never idle as long as the deadline
                writer.write(bytes([byte]))
                sent += 1
                await asyncio.sleep(0.5)

        trickling = asyncio.create_task(trickle())
        answer = await _answer(reader)
        trickling.cancel()
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            await trickling
        writer.close()
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert b"WEB_MCP_BODY_TIMEOUT_MS" in answer
    assert sent < len(chunked)


async def test_headers_that_never_end_and_silent_connections_are_cut_off() -> None:
    async with running(Config(mcp_header_timeout_ms=1000)) as port:
        silent_reader, silent = await asyncio.open_connection("127.0.0.1", port)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        head = _head(port, "Content-Length: 2")

        async def trickle() -> None:
            for byte in head:
                writer.write(bytes([byte]))
                await asyncio.sleep(0.2)

        trickling = asyncio.create_task(trickle())
        answer = await _answer(reader)
        trickling.cancel()
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            await trickling
        quiet = await _answer(silent_reader)
        writer.close()
        silent.close()
    assert answer.startswith(b"HTTP/1.1 408 ") and b"WEB_MCP_HEADER_TIMEOUT_MS" in answer
    assert quiet.startswith(b"HTTP/1.1 408 ")


async def test_idle_connections_beyond_the_limit_make_room_for_a_real_client() -> None:
    async with running(Config(mcp_max_connections=8, mcp_header_timeout_ms=600_000)) as port:
        idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(20)]
        url = f"http://127.0.0.1:{port}/mcp"
        async with asyncio.timeout(60), Client(url, mode="legacy") as client:  # hang guard
            listed = await client.list_tools()
        closed = [await _answer(reader) == b"" for reader, _ in idle[:10]]
        for _, writer in idle:
            writer.close()
    assert {tool.name for tool in listed.tools} >= {"web_fetch"}
    assert all(closed)  # the oldest idle ones were closed, without a word


async def test_when_every_connection_is_busy_a_new_one_is_told_503() -> None:
    async with running(Config(mcp_max_connections=2, mcp_body_timeout_ms=600_000)) as port:
        busy = []
        for _ in range(2):  # headers sent, body awaited: a request in progress
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(_head(port, "Content-Length: 100"))
            await writer.drain()
            busy.append((reader, writer))
        await asyncio.sleep(0.3)  # let the server read them (the assertion does not depend on it)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        answer = await _answer(reader)
        for _, other in [*busy, (reader, writer)]:
            other.close()
    assert answer.startswith(b"HTTP/1.1 503 ") and b"WEB_MCP_MAX_CONNECTIONS" in answer


async def test_the_real_server_stays_reachable_past_its_descriptor_limit(tmp_path: Path) -> None:
    """`webdistill mcp --http` with a 256-descriptor limit, 300 idle connections held open."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    env = cli_env({"WEB_MCP_HEADER_TIMEOUT_MS": "600000"})
    log = tmp_path / "server.err"  # a file, not a pipe nobody reads while the test runs
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "webdistill.doors.cli.main", "mcp", "--http", f"127.0.0.1:{port}",
        env=env, stdout=asyncio.subprocess.DEVNULL, stderr=log.open("wb"),
        preexec_fn=low_limit,
    )  # fmt: skip
    idle: list[asyncio.StreamWriter] = []
    try:
        for _ in range(600):  # 300 connections, once the server listens
            if len(idle) == 300:
                break
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                if process.returncode is not None:
                    raise AssertionError("the server exited") from None
                await asyncio.sleep(0.1)
                continue
            idle.append(writer)
        url = f"http://127.0.0.1:{port}/mcp"
        async with asyncio.timeout(60), Client(url, mode="legacy") as client:  # hang guard
            listed = await client.list_tools()
    finally:
        print(log.read_text(errors="replace")[-3000:])
        for writer in idle:
            writer.close()
        process.terminate()
        await asyncio.wait_for(process.communicate(), timeout=30)
    assert len(idle) == 300
    assert {tool.name for tool in listed.tools} >= {"web_fetch"}


@contextlib.asynccontextmanager
async def _client_at(address: str) -> AsyncIterator[aiohttp.ClientSession]:
    connector = aiohttp.TCPConnector(local_addr=(address, 0), force_close=True)
    async with aiohttp.ClientSession(connector=connector) as session:
        yield session


async def _open_session(http: aiohttp.ClientSession, port: int) -> str:
    async with http.post(f"http://127.0.0.1:{port}/mcp", json=INIT, headers=ACCEPT) as response:
        await response.read()
        assert response.status == 200, response.status
        return response.headers["mcp-session-id"]


async def _alive(http: aiohttp.ClientSession, port: int, session_id: str) -> bool:
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
    headers = {**ACCEPT, "mcp-session-id": session_id, "mcp-protocol-version": "2025-11-25"}
    async with http.post(f"http://127.0.0.1:{port}/mcp", json=call, headers=headers) as response:
        await response.read()
        assert response.status in (200, 404), response.status
        return response.status == 200


async def test_sessions_are_bounded_per_client_and_in_all_oldest_idle_first() -> None:
    config = Config(mcp_max_sessions=5, mcp_max_sessions_per_client=3)
    async with (
        running(config) as port,
        _client_at("127.0.0.2") as attacker,
        _client_at("127.0.0.1") as user,
        _client_at("127.0.0.3") as third,
    ):
        flood = [await _open_session(attacker, port) for _ in range(10)]
        mine = [await _open_session(user, port) for _ in range(2)]  # not locked out
        other = await _open_session(third, port)  # over 5 in all: the idlest (flood[7]) ends
        alive = [await _alive(attacker, port, sid) for sid in flood]
        assert all([await _alive(user, port, sid) for sid in mine])
        assert await _alive(third, port, other)
    assert alive == [False] * 8 + [True] * 2


async def test_a_forwarded_for_header_does_not_make_one_client_many() -> None:
    """uvicorn believes `X-Forwarded-For` from loopback peers by default: one local client
    naming a new address in each request would be a new client each time, past the
    per-client bound. The address counted is the connection's own."""
    config = Config(mcp_max_sessions=50, mcp_max_sessions_per_client=3)
    async with running(config) as port, _client_at("127.0.0.1") as attacker:
        flood = []
        for number in range(6):
            spoof = {**ACCEPT, "X-Forwarded-For": f"198.51.100.{number + 1}"}  # RFC 5737
            async with attacker.post(
                f"http://127.0.0.1:{port}/mcp", json=INIT, headers=spoof
            ) as response:
                await response.read()
                assert response.status == 200, response.status
                flood.append(response.headers["mcp-session-id"])
        alive = [await _alive(attacker, port, sid) for sid in flood]
    assert alive == [False] * 3 + [True] * 3


async def test_a_request_head_past_the_limit_is_refused_and_the_connection_closed() -> None:
    async with running(Config()) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        padding = "x" * 1000
        writer.write(_head(port, *[f"X-Pad-{n}: {padding}" for n in range(40)]))  # ~40 KB
        answer = await _answer(reader)
        writer.close()
    assert answer.startswith((b"HTTP/1.1 400 ", b"HTTP/1.1 431 ")), answer


async def test_a_session_ends_after_its_idle_time() -> None:
    async with running(Config(), session_idle_s=0.5) as port, _client_at("127.0.0.1") as http:
        session_id = await _open_session(http, port)
        for _ in range(30):  # each look starts after more than the idle time
            await asyncio.sleep(1)
            if not await _alive(http, port, session_id):
                break
        else:
            raise AssertionError("the idle session was never ended")


@pytest.mark.parametrize(
    ("variable", "field", "raw", "value"),
    [
        ("WEB_MCP_HEADER_TIMEOUT_MS", "mcp_header_timeout_ms", "5000", 5000),
        ("WEB_MCP_BODY_TIMEOUT_MS", "mcp_body_timeout_ms", "60000", 60000),
        ("WEB_MCP_MAX_CONNECTIONS", "mcp_max_connections", "64", 64),
        ("WEB_MCP_MAX_SESSIONS", "mcp_max_sessions", "200", 200),
        ("WEB_MCP_MAX_SESSIONS_PER_CLIENT", "mcp_max_sessions_per_client", "10", 10),
        ("WEB_MCP_SESSION_IDLE_MINUTES", "mcp_session_idle_minutes", "5", 5),
    ],
)
def test_each_bound_is_a_validated_setting(variable: str, field: str, raw: str, value: int) -> None:
    assert getattr(Config.from_env({variable: raw}), field) == value
    for bad in ("0", "-1", "ten", "9999999999"):
        with pytest.raises(ConfigError, match=variable):
            Config.from_env({variable: bad})


def test_more_sessions_per_client_than_in_all_is_a_config_error_naming_both() -> None:
    with pytest.raises(ConfigError) as refused:
        Config.from_env({"WEB_MCP_MAX_SESSIONS": "50", "WEB_MCP_MAX_SESSIONS_PER_CLIENT": "60"})
    assert "WEB_MCP_MAX_SESSIONS=50" in str(refused.value)
    assert "WEB_MCP_MAX_SESSIONS_PER_CLIENT=60" in str(refused.value)
    both = {"WEB_MCP_MAX_SESSIONS": "50", "WEB_MCP_MAX_SESSIONS_PER_CLIENT": "50"}
    assert Config.from_env(both).mcp_max_sessions_per_client == 50
    # Only the total set, below the per-client default: accepted (the default follows it).
    assert Config.from_env({"WEB_MCP_MAX_SESSIONS": "50"}).mcp_max_sessions == 50


def test_a_per_client_cap_set_to_the_default_s_value_above_the_total_is_refused() -> None:
    """Whether the cap was set counts, not its value: 100 is the default's value, but set by
    the user above a total of 50 it is the same mistake (attacking review of issue 32)."""
    with pytest.raises(ConfigError, match="WEB_MCP_MAX_SESSIONS_PER_CLIENT=100"):
        Config.from_env({"WEB_MCP_MAX_SESSIONS": "50", "WEB_MCP_MAX_SESSIONS_PER_CLIENT": "100"})


def test_the_defaults_are_sane() -> None:
    config = Config()
    assert config.mcp_header_timeout_ms <= 30_000 and config.mcp_body_timeout_ms <= 60_000
    assert config.mcp_max_connections < 1024  # under the common descriptor limit
    assert config.mcp_max_sessions_per_client <= config.mcp_max_sessions
    assert config.mcp_session_idle_minutes < 30
