"""Print, per provider, the requests webdistill makes for a paged, domain-filtered news query
and what the outcome reports (against the local paging server of the tests; 127.0.0.1 only).

Run: .venv/bin/python -m bench.search_reach
"""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
import tempfile
from pathlib import Path

from tests.providers.paging_server import PagingServer, describe
from tests.providers.test_search_reach import QUERY, env_for

import webdistill
from webdistill import Config
from webdistill.kernel.model import SearchOutcome

PROVIDERS = ("brave", "tavily", "exa", "serper", "searxng", "openserp", "duckduckgo")


def report(name: str, requests: list[str], outcome: SearchOutcome) -> None:
    print(f"### {name}")
    for line in requests:
        print(f"- request: `{line}`")
    removed = ", ".join(f"{item.count} {item.reason}" for item in outcome.removed) or "none"
    print(f"- outcome: {len(outcome.hits)} hits; removed: {removed}")
    print(f"- unsupported: {list(outcome.unsupported) or 'none'}")
    print(f"- shortfall: {outcome.shortfall}")
    print()


async def main() -> None:
    print(f"query: `{json.dumps(QUERY)}`\n")
    for name in PROVIDERS:
        server = PagingServer(total=60)
        async with (
            server.running() as base,
            webdistill.build(Config.from_env(env_for(name, base))) as toolkit,
        ):
            outcome = (await toolkit.search(QUERY)).unwrap()[0]
        report(name, [describe(seen) for seen in server.seen], outcome)
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "calls.jsonl"
        script = Path("tests/providers/mcp_search_server.py")
        command = shlex.join([sys.executable, str(script), str(log)])
        env = {"WEB_SEARCH_PROVIDER": "mcp", "WEB_MCP_SEARCH_COMMAND": command}
        async with webdistill.build(Config.from_env(env)) as toolkit:
            outcome = (await toolkit.search(QUERY)).unwrap()[0]
        report("mcp (fake Brave MCP server)", log.read_text().splitlines(), outcome)


if __name__ == "__main__":
    asyncio.run(main())
