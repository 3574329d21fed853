"""Adapters: everything that does I/O (HTTP, providers, extraction, compression, CLI, MCP)."""
