"""A fake MCP search server (official `mcp` SDK, stdio) whose one tool fails with a ToolError
repeating the arguments it was started with, as a server reporting its configuration does.

Run: python tests/providers/mcp_search_echoing_argv.py [ANY ARGUMENTS...]
"""

import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

app = MCPServer("fake-search")


@app.tool()
def web_search(query: str) -> str:
    started = " ".join(sys.argv[1:])
    raise ToolError(f"upstream 401: invalid subscription token; started with {started}")


app.run()
