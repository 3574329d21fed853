"""Attack (issue 25 item 4): the MCP search server's key, in Smithery's documented form,
reaches the model through `webdistill mcp`'s tool result.

`WEB_MCP_SEARCH_COMMAND` = `... --config '{"braveApiKey":"BSA..."}'` (Smithery's install
line for Brave Search: `npx -y @smithery/cli@latest run @smithery-ai/brave-search --config
"{\"braveApiKey\":\"...\"}"`). `command_secrets` does not see the key inside the JSON word,
so when the search server's tool error repeats its configuration (a fake server here,
tests/attack/fake_mcp_search.py, raising a ToolError with its argv), the key is quoted to
the model in clear. Driven with the official MCP SDK client over stdio.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

KEY = "BSAq7xZk3Pw9Lm2Rt8Yv4Nc6Hd1Jf5G"
FAKE = Path(__file__).with_name("fake_mcp_search.py")


async def test_smithery_config_key_not_in_tool_result() -> None:
    command = f"{sys.executable} {FAKE} --config '{{\"braveApiKey\":\"{KEY}\"}}'"
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEB_") and not k.endswith("_API_KEY")}
    env.update(WEB_SEARCH_PROVIDER="mcp", WEB_MCP_SEARCH_COMMAND=command, WEB_CACHE="memory")
    params = StdioServerParameters(command=sys.executable, args=["-m", "webdistill", "mcp"], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = [t.name for t in (await session.list_tools()).tools]
        name = next(t for t in tools if "search" in t)
        result = await session.call_tool(name, {"query": "q"})
    text = "".join(getattr(c, "text", "") for c in result.content) + str(result.structured_content)
    assert "answered with an error" in text, text
    assert KEY not in text, text
