"""The MCP search server's key never reaches the model through `webdistill mcp`, whatever
form `WEB_MCP_SEARCH_COMMAND` gives it in (issue 25 item 4).

Found by an attack on the released code: with Smithery's documented install line for Brave
Search (`npx -y @smithery/cli@latest run @smithery-ai/brave-search --config
"{\"braveApiKey\":\"...\"}"`; a Brave key is `BSA` + 28 letters/digits), `command_secrets`
did not see the key inside the JSON word, so when the search server's tool error repeated
its configuration (a fake server here, tests/providers/mcp_search_echoing_argv.py, raising a
ToolError with its argv), the key was quoted to the model in clear; `-p KEY` the same.
Driven with the official MCP SDK client over stdio.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

KEY = "BSAq7xZk3Pw9Lm2Rt8Yv4Nc6Hd1Jf5G"
SHORT = "Zq7x9Kp2"
FAKE = Path(__file__).with_name("mcp_search_echoing_argv.py")


@pytest.mark.parametrize(
    ("arguments", "secret"),
    [
        (f'--config \'{{"braveApiKey":"{KEY}"}}\'', KEY),
        (f"-p {SHORT}", SHORT),
        (f"sh-style 'inner --brave-api-key {SHORT}'", SHORT),
    ],
    ids=["smithery-json-config", "short-p", "quoted-sub-command"],
)
async def test_the_key_is_not_in_the_tool_result(arguments: str, secret: str) -> None:
    command = f"{sys.executable} {FAKE} {arguments}"
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("WEB_") and not k.endswith("_API_KEY")
    }
    env.update(WEB_SEARCH_PROVIDER="mcp", WEB_MCP_SEARCH_COMMAND=command, WEB_CACHE="memory")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "webdistill", "mcp"], env=env
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = [t.name for t in (await session.list_tools()).tools]
        name = next(t for t in tools if "search" in t)
        result = await session.call_tool(name, {"query": "q"})
    text = "".join(getattr(c, "text", "") for c in result.content) + str(result.structured_content)
    assert "answered with an error" in text, text
    assert secret not in text, text
    assert "***" in text, text  # it was repeated, and masked
