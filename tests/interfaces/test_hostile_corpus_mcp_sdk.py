"""The hostile corpus (test_hostile_corpus.py) through the MCP door as a client sees it: the
real `mcp` SDK client over stdio, talking to `webdistill mcp` in a child process (issue 26).

Every fetch position, the hosted reader's error body and every SearXNG answer: 0 attacker
words outside the fence, 0 terminal control characters outside it. Refused redirect targets
are literal addresses or non-http schemes (refused before any connection); the only peer is
the raw server on 127.0.0.1.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.interfaces.fences import outside_fences
from tests.interfaces.test_hostile_corpus import (
    _TERMINAL_CONTROL,
    _WORD,
    FETCH_PATHS,
    SEARCH_PREFIXES,
    _routes,
    raw_server,
)


async def _texts(env: dict[str, str], calls: list[tuple[str, dict[str, object]]]) -> list[str]:
    webdistill = str(Path(sys.executable).with_name("webdistill"))
    params = StdioServerParameters(command=webdistill, args=["mcp"], env=env)
    texts: list[str] = []
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for name, args in calls:
            result = await session.call_tool(name, args)
            texts += [c.text for c in result.content if hasattr(c, "text")]
    return texts


async def test_no_attacker_word_outside_the_fence_through_the_mcp_sdk_client() -> None:
    async with raw_server(_routes) as base:
        env = {**os.environ, "WEB_ALLOW_HTTP": "true", "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
               "WEB_CACHE": "off", "WEB_SEARCH_PROVIDER": "searxng",
               "SEARXNG_URL": base + "/ok"}  # fmt: skip
        calls: list[tuple[str, dict[str, object]]] = [
            ("web_fetch", {"url": base + path}) for path in FETCH_PATHS
        ]
        calls.append(("web_search", {"query": "ferries", "max_results": 3}))
        texts = await _texts(env, calls)
        for prefix in SEARCH_PREFIXES[1:]:
            texts += await _texts({**env, "SEARXNG_URL": f"{base}/{prefix}"}, calls[-1:])
        reader = {**env, "WEB_READER": "jina", "WEB_READER_URL": base + "/reader"}
        texts += await _texts(
            reader, [("web_fetch", {"url": base + "/html", "prefer_reader": True})]
        )
    outside = [outside_fences(text) for text in texts]
    seen = {word for text in texts for word in _WORD.findall(text)}
    print(f"mcp sdk: {len(texts)} answers, {len(seen)} corpus strings shown (fenced)")
    assert len(seen) >= 10
    assert [word for text in outside for word in _WORD.findall(text)] == []
    assert [c for text in outside for c in _TERMINAL_CONTROL.findall(text)] == []
