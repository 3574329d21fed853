"""The MCP bridge with the shapes of widely used DuckDuckGo MCP servers.

1. nickclyde/duckduckgo-mcp-server (PyPI duckduckgo-mcp-server),
   `src/duckduckgo_mcp_server/server.py` `format_results_for_llm`: one text block
   "Found N search results:\n" then per hit "K. TITLE" / "   URL: LINK" / "   Summary: SNIPPET".
   The bridge reads no hit from it and reports success with nothing (no error, no fallback).
2. ddg-mcp (PyPI ddg-mcp, README "Tools"): `ddg-text-search` takes `keywords` (required),
   `region`, `safesearch`, `timelimit`, `max_results`. The bridge sends `query`, so every
   call fails the server's own validation: the schema's query field is not read.
Servers: tests/providers/open_28/mcp_ddg_server.py (official SDK, stdio), calls logged per line.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import webdistill
from webdistill import Config

SERVER = Path(__file__).with_name("mcp_ddg_server.py")


async def run(tmp_path: Path, kind: str, **extra: str):  # type: ignore[no-untyped-def]
    log = tmp_path / "calls.jsonl"
    env = {
        "WEB_SEARCH_PROVIDER": "mcp",
        "WEB_MCP_SEARCH_COMMAND": shlex.join([sys.executable, str(SERVER), str(log), kind]),
        "WEB_CACHE": "off",
        **extra,
    }
    async with webdistill.build(Config.from_env(env)) as toolkit:
        outcome = (await toolkit.search({"query": "electric ferries", "max_results": 3})).unwrap()[
            0
        ]
    sent = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return outcome, sent


async def test_nickclyde_duckduckgo_mcp_text_gives_hits(tmp_path: Path) -> None:
    outcome, sent = await run(tmp_path, "nickclyde")
    assert sent == [{"query": "electric ferries", "max_results": 3}]
    assert [hit.url for hit in outcome.hits] == [
        f"https://news{i}.example.com/story-{i}" for i in range(3)
    ], (outcome.hits, outcome.error)
    assert outcome.hits[0].snippet == "Snippet 0 about electric ferries."


async def test_a_tool_whose_query_field_is_keywords_gets_the_query(tmp_path: Path) -> None:
    outcome, sent = await run(tmp_path, "ddgmcp", WEB_MCP_SEARCH_TOOL="ddg-text-search")
    assert outcome.error is None, outcome.error
    assert sent and sent[0]["keywords"] == "electric ferries"


async def test_a_region_described_as_duckduckgo_codes_gets_a_kl_code(tmp_path: Path) -> None:
    """nickclyde's `search` takes `region: str = ""` described as "Region code ... like
    'us-en', 'cn-zh'" (its DuckDuckGo `kl`, sent as-is). region=jp must become `jp-jp` (the
    DuckDuckGo list the bridge already has) or be reported; `jp` is not a DuckDuckGo region."""
    log = tmp_path / "calls.jsonl"
    env = {
        "WEB_SEARCH_PROVIDER": "mcp",
        "WEB_MCP_SEARCH_COMMAND": shlex.join(
            [sys.executable, str(SERVER), str(log), "nickclyde-region"]
        ),
        "WEB_CACHE": "off",
    }
    async with webdistill.build(Config.from_env(env)) as toolkit:
        outcome = (await toolkit.search({"query": "electric ferries", "region": "jp"})).unwrap()[0]
    sent = json.loads(log.read_text().splitlines()[0])
    assert sent.get("region") in ("jp-jp", None, "") or outcome.unsupported, (
        sent,
        outcome.unsupported,
    )
    if sent.get("region") in (None, ""):
        assert any(u.startswith("region") for u in outcome.unsupported)
