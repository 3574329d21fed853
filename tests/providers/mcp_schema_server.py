"""A fake MCP search server publishing a real server's input schema (official SDK, stdio).

argv[1]: a file each call's arguments are appended to (one JSON line); argv[2]: `tavily`
(tavily-mcp's `tavily_search`, answering its "Detailed Results:" text with `max_results`
records) or `serper` (serper-mcp-server's `google_search`, answering Serper's JSON as that
server does, `json.dumps(result, indent=2)`; like its pydantic model, a `num` that is not a
string is refused with "Error: ..." text). Schemas: tests/providers/mcp_real_schemas.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.providers.mcp_real_schemas import SERPER_GOOGLE_SEARCH, TAVILY_SEARCH

LOG, KIND = sys.argv[1], sys.argv[2]
NAME, SCHEMA = ("tavily_search", TAVILY_SEARCH) if KIND == "tavily" else (
    "google_search", SERPER_GOOGLE_SEARCH)  # fmt: skip


async def list_tools(_ctx: object, _params: object) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[types.Tool(name=NAME, description="Search the web", input_schema=SCHEMA)]
    )


def tavily_text(count: int) -> str:
    records = [
        f"Title: Ferry story {i}\nURL: https://news{i}.example.com/story-{i}\n"
        f"Content: Snippet {i} about electric ferries."
        for i in range(count)
    ]
    return "Detailed Results:\n\n" + "\n\n".join(records)


async def call_tool(_ctx: object, params: types.CallToolRequestParams) -> types.CallToolResult:
    arguments = dict(params.arguments or {})
    async with await anyio.open_file(LOG, "a", encoding="utf-8") as out:
        await out.write(json.dumps(arguments) + "\n")
    if KIND == "tavily":
        text = tavily_text(int(arguments.get("max_results", 10)))
    elif not isinstance(arguments.get("num", "10"), str):
        text = "Error: 1 validation error for SearchRequest\nnum\n  Input should be a valid string"
    else:
        organic = [
            {"title": f"Ferry story {i}", "link": f"https://news{i}.example.com/story-{i}",
             "snippet": f"Snippet {i}.", "position": i + 1}
            for i in range(int(arguments["num"]))
        ]  # fmt: skip
        text = json.dumps({"searchParameters": {"q": arguments["q"]}, "organic": organic}, indent=2)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])


async def main() -> None:
    server = Server("fake-schema", on_list_tools=list_tools, on_call_tool=call_tool)  # type: ignore[arg-type]
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
