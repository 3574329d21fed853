"""Search through an MCP bridge: webdistill as an MCP client of a real MCP server process
(tests/providers/mcp_search_server.py, written with the SDK, shaped like Brave's)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import webdistill
from webdistill import Config
from webdistill.kernel import ErrorCode

SERVER = Path(__file__).with_name("mcp_search_server.py")


def env_for(log: Path, **extra: str) -> dict[str, str]:
    command = shlex.join([sys.executable, str(SERVER), str(log)])
    return {"WEB_SEARCH_PROVIDER": "mcp", "WEB_MCP_SEARCH_COMMAND": command, **extra}


def calls(log: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


async def test_the_bridge_maps_arguments_answers_and_errors_with_one_server(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    query = {
        "query": "electric ferries",
        "max_results": 30,
        "include_domains": ["example.com"],
        "topic": "news",
        "region": "de",
        "language": "de",
        "safe_search": "strict",
        "time_range": "week",
    }
    async with webdistill.build(Config.from_env(env_for(log))) as toolkit:
        outcome = (await toolkit.search(query)).unwrap()[0]
        again = (await toolkit.search({"query": "second", "max_results": 2})).unwrap()[0]
        empty = (await toolkit.search({"query": "nothing at all"})).unwrap()[0]
        refused = (await toolkit.search({"query": "badkey"})).unwrap()[0]
    first, second, _, _ = calls(log)
    assert first == {
        "query": "electric ferries site:example.com",
        "count": 20,  # the tool's schema caps it at 20
        "offset": 0,
        "country": "DE",
        "search_lang": "de",
        "safesearch": "strict",
        "freshness": "pw",
    }
    assert second["count"] == 2
    assert outcome.provider == "mcp"
    assert outcome.unsupported == ("topic: the tool has no news option (MCP search server)",)
    assert [hit.title for hit in outcome.hits] == [
        "Ferry story 0",
        "Ferry story 1",
        "Ferry story 3",
        "Ferry story 4",
        "Ferry story 6",
    ]
    assert {item.reason: item.count for item in outcome.removed} == {"outside include_domains": 2}
    assert outcome.shortfall is not None and "Asked for 30, got 5" in outcome.shortfall
    assert len(again.hits) == 2
    # "No web results found" is an empty answer; a refused key an auth error
    assert empty.error is None and empty.hits == ()
    assert refused.error is not None
    assert refused.error.code == ErrorCode.PROVIDER_AUTH_FAILED
    assert "SUBSCRIPTION_TOKEN_INVALID" in refused.error.detail["web_text"]


async def test_a_missing_tool_or_a_dead_command_is_a_clear_error(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    env = env_for(log, WEB_MCP_SEARCH_TOOL="no_such_tool")
    async with webdistill.build(Config.from_env(env)) as toolkit:
        outcome = (await toolkit.search({"query": "q"})).unwrap()[0]
    assert outcome.error is not None
    assert outcome.error.code == ErrorCode.PROVIDER_NOT_CONFIGURED
    assert "2 tools" in outcome.error.message  # the names are the server's: fenced detail
    assert "brave_web_search" in outcome.error.detail["web_text"]
    env = {"WEB_SEARCH_PROVIDER": "mcp", "WEB_MCP_SEARCH_COMMAND": str(tmp_path / "missing")}
    async with webdistill.build(Config.from_env(env)) as toolkit:
        outcome = (await toolkit.search({"query": "q"})).unwrap()[0]
    assert outcome.error is not None
    assert outcome.error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert "WEB_MCP_SEARCH_COMMAND" in outcome.error.message


async def test_the_key_in_the_command_is_scrubbed_from_the_servers_errors(tmp_path: Path) -> None:
    """The server repeats its key (given in WEB_MCP_SEARCH_COMMAND) in an error whose quoted
    text is cut at 300 characters inside the key: no part of it reaches the message."""
    key = "BSAk3yZq7x0badc0de5f3759dfEchoed"
    command = shlex.join(
        [sys.executable, str(SERVER), str(tmp_path / "calls.jsonl"), "--brave-api-key", key]
    )
    env = {"WEB_SEARCH_PROVIDER": "mcp", "WEB_MCP_SEARCH_COMMAND": command}
    async with webdistill.build(Config.from_env(env)) as toolkit:
        refused = (await toolkit.search({"query": "echokey"})).unwrap()[0]
    assert refused.error is not None and refused.error.code == ErrorCode.PROVIDER_AUTH_FAILED
    assert key[:8] not in refused.error.message, refused.error.message
    assert "x" * 200 in refused.error.detail["web_text"]  # the server's words, for the fence


async def test_a_relayed_brave_429_is_a_rate_limit(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    async with webdistill.build(Config.from_env(env_for(log))) as toolkit:
        limited = (await toolkit.search({"query": "ratelimit"})).unwrap()[0]
    assert limited.error is not None
    assert limited.error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert "RATE_LIMITED" in limited.error.detail["web_text"]
