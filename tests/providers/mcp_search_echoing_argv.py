import sys
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
app = MCPServer("fake-search")
@app.tool()
def web_search(query: str) -> str:
    raise ToolError(f"upstream 401: invalid subscription token; started with {' '.join(sys.argv[1:])}")
app.run()
