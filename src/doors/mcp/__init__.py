"""The MCP door: webdistill's tools served over stdio or streamable HTTP.

`server` builds the SDK server and its transports; `handshake` answers the first stdio
messages by hand before the SDK is imported; `listen`, `connections`, `corked`, `drain`,
`sessions` and `http_guard` hold the HTTP transport's socket, write, shutdown, session and
origin/bearer rules; `identity` the server's name and instructions. This package file
imports nothing so the fast stdio path stays fast.
"""
