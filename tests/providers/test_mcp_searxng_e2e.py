"""End to end (issue 28): webdistill -> the real `mcp-searxng` server (1.16.0 when written) (npm,
ihor-sokoliuk/mcp-searxng, run with node) -> a fake SearXNG on 127.0.0.1 that checks
`language` as a real SearXNG does (searx/webadapter.py parse_lang: VALID_LANGUAGE_CODE
`^[a-z]{2,3}(-[a-zA-Z]{2})?$`, else HTTP 400; searxng/searxng @9fea412).

Setup (not in CI): `cd /tmp/a28npm && npm install --ignore-scripts mcp-searxng` (or point
WEB_TEST_MCP_SEARXNG at the package's dist/cli.js). Skipped when absent.

Was: `language=zh-Hant-TW` or `es-419` -> the bridge forwarded it raw -> SearXNG 400 ->
the whole search fails with PROVIDER_UNAVAILABLE (retryable, telling the user to check the
server's API key), where the SearXNG provider itself would send zh-TW / es and report.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from aiohttp import web

import webdistill
from tests.servers import serve
from webdistill import Config

CLI = Path(
    os.environ.get("WEB_TEST_MCP_SEARXNG", "/tmp/a28npm/node_modules/mcp-searxng/dist/cli.js")
)
VALID = re.compile(r"^[a-z]{2,3}(-[a-zA-Z]{2})?$")

pytestmark = pytest.mark.skipif(
    not CLI.exists() or shutil.which("node") is None, reason="mcp-searxng (npm) not installed"
)


@pytest.mark.parametrize("language", ["zh-Hant-TW", "es-419"])
async def test_a_language_searxng_refuses_does_not_fail_the_search(language: str) -> None:
    seen: list[str | None] = []

    async def handle(request: web.Request) -> web.StreamResponse:
        lang = request.query.get("language")
        if request.path.endswith("/search"):
            seen.append(lang)
        if lang and lang != "auto" and not VALID.match(lang):
            return web.Response(status=400, text="Bad Request")
        return web.json_response(
            {"query": "q", "number_of_results": 0, "answers": [], "corrections": [],
             "infoboxes": [], "suggestions": [], "unresponsive_engines": [],
             "results": [{"title": "Ferry news", "url": "https://ferries.example.org/a",
                          "content": "Electric ferries.", "engine": "bing", "score": 1.0}]}
        )  # fmt: skip

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    async with serve(app) as base:
        command = f"env SEARXNG_URL={base} node {CLI}"
        env = {
            "WEB_SEARCH_PROVIDER": "mcp",
            "WEB_MCP_SEARCH_COMMAND": command,
            "WEB_MCP_SEARCH_TOOL": "searxng_web_search",
            "WEB_CACHE": "off",
        }
        async with webdistill.build(Config.from_env(env)) as toolkit:
            outcome = (
                await toolkit.search({"query": "electric ferries", "language": language})
            ).unwrap()[0]
    assert outcome.error is None, (seen, outcome.error)
    assert [hit.url for hit in outcome.hits] == ["https://ferries.example.org/a"]
