"""Whose results a client of the MCP HTTP server reads, on both protocol generations.

Driven by the official SDK client (`mcp.Client`) against the door served on 127.0.0.1:
`mode="legacy"` speaks 2025-11-25 (sessions), `mode="2026-07-28"` the session-less protocol.
With sessions, results are the session's alone; without, each client (connection) keeps its
own ring, so another client's calls never evict them, and the id is the capability.
"""

from __future__ import annotations

import pytest
from mcp import Client

from tests.interfaces.mcp_http_server import PAGE, running
from webdistill.config import Config

MODES = ["legacy", "2026-07-28"]


async def _fetch_id(client: Client) -> str:
    fetched = await client.call_tool("web_fetch", {"url": PAGE})
    assert fetched.is_error is False
    text = fetched.content[0].text  # type: ignore[union-attr]
    return text.split("Response id: ", 1)[1].split(" ", 1)[0]  # no structuredContent: fenced


async def _reads(client: Client, response_id: str) -> bool:
    got = await client.call_tool("web_get_result", {"response_id": response_id})
    if got.is_error:
        assert got.content[0].text.startswith("Error NOT_FOUND:")  # type: ignore[union-attr]
    return not got.is_error


@pytest.mark.parametrize("mode", MODES)
async def test_another_clients_calls_never_evict_a_clients_results(mode: str) -> None:
    async with running(Config(), max_results=2) as port:
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(url, mode=mode) as first, Client(url, mode=mode) as second:
            kept = await _fetch_id(first)
            for _ in range(3):  # more than the ring holds
                await _fetch_id(second)
            assert await _reads(first, kept)
            own = [await _fetch_id(first) for _ in range(3)]  # its own ring still turns
            assert not await _reads(first, kept)
            assert await _reads(first, own[-1])


async def test_a_session_reads_only_its_own_results() -> None:
    async with running(Config()) as port:
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(url, mode="legacy") as first, Client(url, mode="legacy") as second:
            made = await _fetch_id(first)
            assert not await _reads(second, made)
            assert await _reads(first, made)


async def test_without_sessions_the_id_is_the_capability_and_never_crosses_to_sessions() -> None:
    async with running(Config()) as port:
        url = f"http://127.0.0.1:{port}/mcp"
        async with (
            Client(url, mode="2026-07-28") as first,
            Client(url, mode="2026-07-28") as second,
            Client(url, mode="legacy") as session,
        ):
            made = await _fetch_id(first)
            assert await _reads(first, made)
            assert await _reads(second, made)  # it holds the id: the id is the capability
            forged = made[:-18] + ("A" if made[-18] != "A" else "B") + made[-17:]  # one random char
            assert forged != made and not await _reads(second, forged)
            assert not await _reads(session, made)  # a session reads only its own ids
            assert not await _reads(first, await _fetch_id(session))
