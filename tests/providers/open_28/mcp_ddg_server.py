"""Fake MCP search servers shaped like widely used DuckDuckGo MCP servers (official SDK, stdio).

- `search(query, max_results=10)`: nickclyde/duckduckgo-mcp-server (PyPI
  duckduckgo-mcp-server), answering its text format "Found N search results:\n\n1. TITLE\n
  URL: ...\n   Summary: ...".
- `ddg-text-search(keywords, region, safesearch, timelimit, max_results)`: the ddg-mcp server
  (PyPI ddg-mcp), whose region is a DuckDuckGo `kl` code (`wt-wt`, `de-de`), safesearch
  `on/moderate/off`, timelimit `d/w/m/y`.
Every call's arguments are appended as a JSON line to argv[1]; argv[2] picks the tool.
"""

from __future__ import annotations

import json
import sys

from mcp.server.mcpserver import MCPServer
from mcp_types import TextContent

server = MCPServer("fake-ddg")
LOG = sys.argv[1]
KIND = sys.argv[2]


def log(arguments: dict[str, object]) -> None:
    with open(LOG, "a", encoding="utf-8") as out:
        out.write(json.dumps(arguments) + "\n")


def text(n: int) -> str:
    lines = [f"Found {n} search results:", ""]
    for i in range(n):
        lines += [f"{i + 1}. Ferry story {i}", f"   URL: https://news{i}.example.com/story-{i}",
                  f"   Summary: Snippet {i} about electric ferries.", ""]  # fmt: skip
    return "\n".join(lines)


if KIND == "nickclyde-region":

    @server.tool(name="search", structured_output=False)
    def search_region(query: str, max_results: int = 10, region: str = "") -> list[TextContent]:
        """Search DuckDuckGo. region: region code (empty = default), e.g. 'us-en', 'cn-zh',
        'wt-wt' for no region."""
        log({"query": query, "max_results": max_results, "region": region})
        return [TextContent(type="text", text=text(min(max_results, 4)))]

elif KIND == "nickclyde":

    @server.tool(name="search", structured_output=False)
    def search(query: str, max_results: int = 10) -> list[TextContent]:
        """Search DuckDuckGo and return formatted results."""
        log({"query": query, "max_results": max_results})
        return [TextContent(type="text", text=text(min(max_results, 4)))]

else:

    @server.tool(name="ddg-text-search", structured_output=False)
    def ddg_text_search(
        keywords: str,
        region: str = "wt-wt",
        safesearch: str = "moderate",
        timelimit: str | None = None,
        max_results: int = 10,
    ) -> list[TextContent]:
        """Search the web for text results using DuckDuckGo. region: e.g. wt-wt, us-en,
        de-de; safesearch: on, moderate, off; timelimit: d, w, m, y."""
        log({"keywords": keywords, "region": region, "safesearch": safesearch,
             "timelimit": timelimit, "max_results": max_results})  # fmt: skip
        return [TextContent(type="text", text=text(min(max_results, 4)))]


if __name__ == "__main__":
    server.run("stdio")
