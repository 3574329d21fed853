"""A fake MCP search server for the bridge tests, written with the official `mcp` SDK, on stdio.

Its tool imitates Brave's official MCP server (`brave/brave-search-mcp-server`,
src/tools/web): `brave_web_search` with `query`, `count` (1-20), `offset`, `country`,
`search_lang`, `safesearch` (off/moderate/strict) and `freshness`, answering one JSON text
block per result (`{"url", "title", "description", "extra_snippets"}`) and an error
"No web results found" when there is nothing. Every call's arguments are appended, as one
JSON line, to the file named by the first command-line argument. A query containing
"badkey" fails like a refused API key; one containing "echokey" fails with a message that
repeats the key given as `--brave-api-key KEY` (the option of Brave's server); one
containing "ratelimit" fails as Brave's server relays Brave's 429: its `issueRequest`
(src/BraveAPI/index.ts @2748b47) throws `${status} ${statusText}` plus the pretty-printed
JSON body, and the SDK's tool wrapper answers that text with `isError`.

Run: python tests/providers/mcp_search_server.py CALLS.jsonl [--brave-api-key KEY]
"""

from __future__ import annotations

import json
import sys
from typing import Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import TextContent
from pydantic import Field

server = MCPServer("fake-brave-search")
LOG = sys.argv[1] if len(sys.argv) > 1 else None
KEY = sys.argv[sys.argv.index("--brave-api-key") + 1] if "--brave-api-key" in sys.argv else ""


@server.tool(name="brave_local_search", structured_output=False)
def local_search(query: str) -> list[TextContent]:
    """Local businesses (must not be picked over the web search tool)."""
    return []


@server.tool(name="brave_web_search", structured_output=False)
def web_search(  # noqa: PLR0917 - the tool's parameters are the schema Brave's server has
    query: str,
    count: int = Field(default=10, ge=1, le=20),
    offset: int = Field(default=0, ge=0, le=9),
    country: str = "US",
    search_lang: str = "en",
    safesearch: Literal["off", "moderate", "strict"] = "moderate",
    freshness: str | None = None,
) -> list[TextContent]:
    """Performs web searches using the Brave Search API."""
    arguments = {
        "query": query,
        "count": count,
        "offset": offset,
        "country": country,
        "search_lang": search_lang,
        "safesearch": safesearch,
        "freshness": freshness,
    }
    if LOG:
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(arguments) + "\n")
    if "badkey" in query:
        raise ToolError("Error: 422 SUBSCRIPTION_TOKEN_INVALID: the subscription token is invalid")
    if "echokey" in query:
        raise ToolError("x" * 216 + f" Error: 401 the subscription token {KEY} is invalid")
    if "ratelimit" in query:
        body = {
            "type": "ErrorResponse",
            "error": {
                "id": "3f0e0d0c-1111-4222-8333-444455556666",
                "status": 429,
                "code": "RATE_LIMITED",
                "detail": "Request rate limit exceeded for plan.",
                "meta": {"plan": "Free", "rate_limit": 1, "rate_current": 2},
            },
            "time": 1767000003,
        }
        raise ToolError("429 Too Many Requests\n" + json.dumps(body, indent=2))
    if "nothing" in query:
        raise ToolError("No web results found")
    blocks = []
    for i in range(min(count, 7)):
        host = "other.org" if i % 3 == 2 else f"news{i}.example.com"
        entry = {
            "url": f"https://{host}/story-{i}",
            "title": f"Ferry <strong>story</strong> {i}",
            "description": f"Snippet {i} about electric ferries.",
            "extra_snippets": [],
        }
        blocks.append(TextContent(type="text", text=json.dumps(entry)))
    return blocks


if __name__ == "__main__":
    server.run("stdio")
