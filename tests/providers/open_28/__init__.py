"""Findings of issue 28's attacking review, now fixed and kept as regression tests.

An attacking review of the provider options (after the value lists, paging and CLI flags
landed) found these cases; each test asserts what the issue asks for. They were strict
expected failures until fixed (Amazon/spm trackers, the DuckDuckGo MCP servers' shapes,
Serper's Google lists, swapped scripts, Exa's ISO regions, three-subtag language tags).
"""
