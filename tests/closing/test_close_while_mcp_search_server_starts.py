"""A toolkit whose search provider is an MCP server (WEB_SEARCH_PROVIDER=mcp) is
closed while that server is starting (it has not answered `initialize` yet; it exits at once
when its stdin closes, as servers do).

The search ends with the closed error, and the close is prompt: the bridge's task, still
starting, is cancelled (attack b33c: it was signalled to stop at `_stop.wait()`, which it had
not reached inside `session.initialize()`, and the close waited 5 s for it; 7 s when the
server lingers after EOF, 9 s when it also ignores SIGTERM).
"""

from __future__ import annotations

import asyncio
import sys
import time

import attrs

from webdistill import Config, build

FAKE = r"""
import sys
open(sys.argv[1], "w").write("up")
for line in sys.stdin:  # reads requests, never answers; exits when stdin closes
    pass
"""


async def test_close_while_the_mcp_search_server_starts(tmp_path) -> None:
    script, up = tmp_path / "fake_mcp.py", tmp_path / "up"
    script.write_text(FAKE)
    settings = attrs.evolve(
        Config(cache="memory", search_provider="mcp"),
        mcp_search_command=f"{sys.executable} {script} {up}",
        search_timeout_ms=60_000,
    )
    toolkit = build(settings)
    await toolkit.__aenter__()
    search = asyncio.create_task(toolkit.search({"query": "tide tables"}))
    for _ in range(3000):
        if up.exists():
            break
        await asyncio.sleep(0.01)
    assert up.exists()
    await asyncio.sleep(0.3)  # initialize has been sent and is not answered
    started = time.monotonic()
    await asyncio.wait_for(toolkit.__aexit__(None, None, None), 30)
    took = time.monotonic() - started
    assert search.done()
    assert took < 2, f"the close took {took:.1f} s"
