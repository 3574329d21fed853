"""The MCP HTTP server checks Host, Origin and the bearer token on every bind.

The guarded app is served in-process by uvicorn on 127.0.0.1; a bind to another address is
simulated by the `bind_host` the app is built for (its default allowed hosts), so nothing
listens beyond loopback. Requests carry hostile Host / Origin headers as a DNS-rebinding page
or a cross-site browser would. Refusals of the bind itself happen before any socket exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
from collections.abc import AsyncIterator

import aiohttp
import pytest
import uvicorn

from tests.fakes import FakeBackend
from tests.interfaces.fake_toolkit import KernelToolkit
from tests.interfaces.sites import cli_env
from webdistill.config import Config, ConfigError
from webdistill.doors.mcp.http_guard import BindRefused, check_bind, remote_warning
from webdistill.doors.mcp.server import http_app

TOKEN = "s3cret-token-0123456789abcdef"
INIT = {
    "jsonrpc": "2.0", "id": 1, "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {},
               "clientInfo": {"name": "t", "version": "0"}},
}  # fmt: skip
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@contextlib.asynccontextmanager
async def running(config: Config, bind_host: str) -> AsyncIterator[int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    app = http_app(KernelToolkit(FakeBackend(), config), config, bind_host)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    task = asyncio.create_task(server.serve())
    for _ in range(200):
        if server.started:
            break
        await asyncio.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        await task


async def post(port: int, headers: dict[str, str]) -> int:
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"http://127.0.0.1:{port}/mcp", json=INIT, headers={**ACCEPT, **headers}
        ) as response,
    ):
        return response.status


async def test_loopback_bind_refuses_foreign_host_and_origin() -> None:
    async with running(Config(), "127.0.0.1") as port:
        assert await post(port, {"Host": "evil.example"}) == 421
        assert await post(port, {"Host": f"evil.example:{port}"}) == 421
        assert await post(port, {"Origin": "http://evil.example"}) == 403
        assert await post(port, {"Origin": "null"}) == 403
        assert await post(port, {}) == 200
        assert await post(port, {"Origin": f"http://localhost:{port}"}) == 200


@pytest.mark.parametrize(
    "spoof", ["127.0.0.1:P@evil.example", "127.0.0.1:80@evil.example", "localhost:x",
              "127.0.0.1:", "[::1]@evil.example", "[::1]:80@evil.example", "127.0.0.1:123456",
              "127.0.0.1:0", "127.0.0.1:99999", "[::1]:00000"],
)  # fmt: skip
async def test_a_host_or_origin_whose_port_is_not_a_number_is_refused(spoof: str) -> None:
    async with running(Config(), "127.0.0.1") as port:
        assert await post(port, {"Host": spoof}) == 421
        assert await post(port, {"Origin": f"http://{spoof}"}) == 403
        assert await post(port, {"Host": f"127.0.0.1:{port}"}) == 200


async def test_a_non_loopback_bind_checks_host_origin_and_token() -> None:
    config = Config(mcp_token=TOKEN)
    async with running(config, "192.0.2.10") as port:
        here = {"Host": f"192.0.2.10:{port}"}
        auth = {"Authorization": f"Bearer {TOKEN}"}
        assert await post(port, {"Host": "evil.example", "Origin": "http://evil.example",
                                 **auth}) == 421  # fmt: skip
        assert await post(port, {**here, "Origin": "http://evil.example", **auth}) == 403
        assert await post(port, here) == 401
        assert await post(port, {**here, "Authorization": "Bearer wrong"}) == 401
        assert await post(port, {**here, "Authorization": f"Basic {TOKEN}"}) == 401
        assert await post(port, {**here, **auth}) == 200
        assert await post(port, {**here, **auth, "Origin": f"https://192.0.2.10:{port}"}) == 200


async def test_configured_hosts_and_origins_replace_the_defaults() -> None:
    config = Config(mcp_allowed_hosts=("mcp.example.org",),
                    mcp_allowed_origins=("https://app.example.org",))  # fmt: skip
    async with running(config, "127.0.0.1") as port:
        assert await post(port, {"Host": "mcp.example.org"}) == 200
        named = {"Host": "mcp.example.org"}
        assert await post(port, {**named, "Origin": "https://app.example.org"}) == 200
        assert await post(port, {}) == 421  # 127.0.0.1 is no longer listed
        assert await post(port, {**named, "Origin": "http://app.example.org"}) == 403


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.10", "example.org"])
def test_a_non_loopback_bind_needs_the_flag_and_a_token(host: str) -> None:
    with pytest.raises(BindRefused, match="--allow-remote"):
        check_bind(host, allow_remote=False, token=TOKEN)
    with pytest.raises(BindRefused, match="WEB_MCP_TOKEN"):
        check_bind(host, allow_remote=True, token=None)
    check_bind(host, allow_remote=True, token=TOKEN)
    check_bind("127.0.0.1", allow_remote=False, token=None)
    check_bind("::1", allow_remote=False, token=None)


def test_configuration_of_the_lists_and_the_token() -> None:
    config = Config.from_env({"WEB_MCP_ALLOWED_HOSTS": "a.example, b.example:8080",
                              "WEB_MCP_ALLOWED_ORIGINS": "https://a.example",
                              "WEB_MCP_TOKEN": TOKEN})  # fmt: skip
    assert config.mcp_allowed_hosts == ("a.example", "b.example:8080")
    assert config.mcp_allowed_origins == ("https://a.example",)
    assert TOKEN not in repr(config)
    with pytest.raises(ConfigError, match="WEB_MCP_ALLOWED_ORIGINS"):
        Config.from_env({"WEB_MCP_ALLOWED_ORIGINS": "a.example"})
    with pytest.raises(ConfigError, match="WEB_MCP_ALLOWED_HOSTS"):
        Config.from_env({"WEB_MCP_ALLOWED_HOSTS": "http://a.example/"})
    with pytest.raises(ConfigError, match="WEB_MCP_TOKEN"):
        Config.from_env({"WEB_MCP_TOKEN": "short"})


async def test_the_cli_refuses_a_public_bind_without_the_flag_before_listening() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "webdistill.doors.cli.main", "mcp", "--http", "0.0.0.0:1",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 2
    assert b"--allow-remote" in err


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "127.0.0.2", "127.1.2.3", "::1", "[::1]", "localhost"]
)
def test_a_loopback_bind_gets_no_other_machines_warning(host: str) -> None:
    """Loopback is all of 127.0.0.0/8 and ::1: no other machine can reach 127.0.0.2 (the
    warning said it could; attacking review of issue 32)."""
    check_bind(host, allow_remote=False, token=None)
    assert remote_warning(host) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5"])
def test_a_bind_beyond_loopback_is_warned_about(host: str) -> None:
    warning = remote_warning(host)
    assert warning is not None and "reachable from other machines" in warning


async def test_serving_on_127_0_0_2_warns_of_nothing() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.2", 0))
        port = int(probe.getsockname()[1])
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "webdistill.doors.cli.main", "mcp", "--http", f"127.0.0.2:{port}",
        env=cli_env(), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        for _ in range(600):  # until it listens (or exits)
            if process.returncode is not None:
                break
            try:
                _, writer = await asyncio.open_connection("127.0.0.2", port)
            except OSError:
                await asyncio.sleep(0.1)
                continue
            writer.close()
            await writer.wait_closed()
            break
    finally:
        if process.returncode is None:
            process.terminate()
        _, err = await asyncio.wait_for(process.communicate(), timeout=30)
    assert f"127.0.0.2:{port}" in err.decode(), err.decode()
    assert "other machines" not in err.decode()
