"""Adapters, the driven side: everything that does I/O (HTTP, providers, extraction,
compression, stores, readers). The doors (CLI, MCP) live in `webdistill.doors`."""
