"""Results that outlive the process, end to end through the doors.

- The CLI pages through a document over three invocations with one download (the disk
  store in a test folder via WEB_CACHE_DIR), and `webdistill get ID` shows a result again.
- Two `webdistill mcp --http` replicas on one real Redis: a page fetched through one is paged
  through the other without a second download; identical concurrent requests to both
  download once; a result is only readable from the MCP session that made it.
The page server counts downloads. Every subprocess runs under the loopback-only guard.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.interfaces.sites import cli_env, run_cli
from tests.interfaces.test_mcp_e2e import SERVER, _free_port, _wait_listening
from tests.store.pages import CountingSite, counting_site


@pytest.fixture
async def site() -> AsyncIterator[CountingSite]:
    async with counting_site() as running:
        yield running


def _env(**extra: str) -> dict[str, str]:
    return {
        "WEB_ALLOW_HTTP": "true",
        "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
        "WEB_MAX_CONTENT_CHARS": "5000",
        **extra,
    }


async def test_cli_pages_across_three_invocations_with_one_download(
    site: CountingSite, tmp_path: Path
) -> None:
    env = _env(WEB_CACHE_DIR=str(tmp_path / "cache"))
    url = f"{site.base}/long"
    starts, pages = [0], []
    for _ in range(2):
        ran = await run_cli("fetch", url, "--start-index", str(starts[-1]), "--json", env=env)
        assert ran.code == 0, ran.err
        page = json.loads(ran.out)["results"][0]["page"]
        pages.append(page)
        starts.append(page["next_start"])
    human = await run_cli("fetch", url, "--start-index", str(starts[-1]), env=env)
    assert human.code == 0 and human.err == ""
    assert site.count("/long") == 1  # three invocations, one download
    assert [page["start_index"] for page in pages] == starts[:2]
    assert 0 < starts[1] < starts[2] < pages[0]["total_chars"]
    assert f"Showing chars {starts[2]}-" in human.out
    assert f"To read more run: webdistill fetch {url} --start-index" in human.out

    response_id = human.out.rsplit("Response id: ", 1)[1].split()[0]
    got = await run_cli("get", response_id, "--url-index", "0", env=env)
    assert got.code == 0, got.err
    assert f"Stored web_fetch result {response_id}" in got.out
    assert f"Showing chars {starts[2]}-" in got.out  # the window that call showed
    assert site.count("/long") == 1


@asynccontextmanager
async def replica(env: dict[str, str]) -> AsyncIterator[str]:
    """One `webdistill mcp --http` process; yields its MCP URL."""
    port = _free_port()
    process = await asyncio.create_subprocess_exec(
        *SERVER, "--http", f":{port}", env=cli_env(env),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        await _wait_listening(port, process)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        _, err = await asyncio.wait_for(process.communicate(), timeout=15)
        assert "Traceback" not in err.decode() and "test guard" not in err.decode()


@asynccontextmanager
async def session(stack: AsyncExitStack, url: str) -> AsyncIterator[ClientSession]:
    read, write, *_ = await stack.enter_async_context(streamable_http_client(url))
    client = await stack.enter_async_context(ClientSession(read, write))
    await client.initialize()
    yield client


def _structured(result: Any) -> dict[str, Any]:
    assert result.structured_content is not None, result.content
    return dict(result.structured_content)


async def test_two_replicas_on_one_redis_share_pages_locks_and_nothing_else(
    site: CountingSite, redis_url: str
) -> None:
    env = _env(WEB_CACHE=redis_url, WEB_FENCE_UNTRUSTED="false")  # structuredContent to read
    url, slow = f"{site.base}/long", f"{site.base}/slow"
    async with replica(env) as first_url, replica(env) as second_url, AsyncExitStack() as stack:
        async with session(stack, first_url) as one, session(stack, second_url) as two:
            first = _structured(await one.call_tool("web_fetch", {"url": url}))
            page = first["results"][0]["page"]
            second = _structured(
                await two.call_tool("web_fetch", {"url": url, "start_index": page["next_start"]})
            )
            assert site.count("/long") == 1  # the second replica read the first one's download
            assert second["results"][0]["page"]["start_index"] == page["next_start"]

            both = await asyncio.gather(
                one.call_tool("web_fetch", {"url": slow}),
                two.call_tool("web_fetch", {"url": slow}),
            )
            assert site.count("/slow") == 1  # one replica downloaded, the other waited for it
            assert all(result.is_error is False for result in both)

            own = await one.call_tool("web_get_result", {"response_id": first["response_id"]})
            foreign = await two.call_tool("web_get_result", {"response_id": first["response_id"]})
        async with session(stack, first_url) as three:
            stranger = await three.call_tool(
                "web_get_result", {"response_id": first["response_id"]}
            )
    assert own.is_error is False
    assert _structured(own)["results"][0]["page"]["content"] == page["content"]
    for refused in (foreign, stranger):
        assert refused.is_error is True
        assert _structured(refused)["error"]["code"] == "NOT_FOUND"
