"""A search answered while the result store is down says so, through every door.

The page path carries its notice in the page; a search carries it in the outcome's `notice`,
shown as a `Notice:` line in text output (toolkit rendering, CLI, MCP) and as `notice` in
JSON / structured content. The store is a real Redis, started and stopped: nothing listens
at its address any more. The search provider is the fake DuckDuckGo of tests/interfaces.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.interfaces.sites import LOOPBACK_ONLY_QUERY, cli_env, local_env, run_cli, site_app
from tests.interfaces.test_mcp_e2e import SERVER
from tests.servers import serve
from tests.store.redis_server import redis_server
from webdistill import Config, build
from webdistill.doors.render import search_to_text


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


@pytest.fixture
def dead_store() -> Iterator[str]:
    with redis_server() as url:  # started, then stopped
        pass
    yield url


def _config(site: str, store: str) -> Config:
    return Config(
        allow_http=True, allow_private_network=True, search_provider="duckduckgo",
        provider_endpoints={"duckduckgo": site}, cache=store,
    )  # fmt: skip


async def test_the_toolkit_says_the_search_was_not_kept(site: str, dead_store: str) -> None:
    async with build(_config(site, dead_store)) as toolkit:
        outcomes = (await toolkit.search({"query": LOOPBACK_ONLY_QUERY})).unwrap()
    (outcome,) = outcomes
    assert outcome.hits and outcome.error is None  # answered all the same
    assert outcome.notice is not None and "result store" in outcome.notice
    assert "not kept" in outcome.notice and outcome.response_id is None
    text = search_to_text(outcomes, fence=False)
    assert "Notice: The result store (redis://127.0.0.1:" in text
    assert "answered directly and is not kept" in text


async def test_a_working_store_adds_no_notice(site: str, redis_url: str) -> None:
    async with build(_config(site, redis_url)) as toolkit:
        first = (await toolkit.search({"query": LOOPBACK_ONLY_QUERY})).unwrap()[0]
        again = (await toolkit.search({"query": LOOPBACK_ONLY_QUERY})).unwrap()[0]
    assert first.notice is None and again.notice is None and again.hits == first.hits


async def test_the_cli_shows_the_notice_in_text_and_json(site: str, dead_store: str) -> None:
    env = local_env(site, WEB_CACHE=dead_store)
    text = await run_cli("search", LOOPBACK_ONLY_QUERY, env=env)
    assert text.code == 0, text.err
    assert "Notice: The result store (redis://127.0.0.1:" in text.out
    as_json = await run_cli("search", LOOPBACK_ONLY_QUERY, "--json", env=env)
    assert as_json.code == 0, as_json.err
    (result,) = json.loads(as_json.out)["results"]
    assert "is not kept" in result["notice"] and result["hits"]


async def test_mcp_shows_the_notice_in_its_text(site: str, dead_store: str) -> None:
    env = cli_env(local_env(site, WEB_CACHE=dead_store))
    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        searched = await session.call_tool("web_search", {"query": LOOPBACK_ONLY_QUERY})
    assert searched.is_error is False
    text = searched.content[0].text  # type: ignore[union-attr]
    assert "Notice: The result store" in text and "is not kept" in text
    assert "1. " in text and searched.structured_content is None  # hits; fenced: text alone
