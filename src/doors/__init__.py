"""The driving side: what people and models call (the CLI, the MCP server) and the renderer
they share. Doors reach the adapters only through `webdistill.compose`."""
