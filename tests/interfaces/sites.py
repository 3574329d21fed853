"""Fake web sites on 127.0.0.1 for the interface tests, and a runner for the CLI subprocess.

`site_app()` serves a small article, a robots.txt and a DuckDuckGo-like `/html/` endpoint
whose hits point back at the same server. `run_cli()` spawns `python -m
webdistill.doors.cli.main` with the loopback-only audit hook of tests/netguard_site/ and a clean
environment: only the WEB_* variables the test gives.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Mapping
from pathlib import Path

import attrs
from aiohttp import web

FIXTURES = Path(__file__).parent / "fixtures"
GUARD_DIR = Path(__file__).parents[1] / "netguard_site"

#: Queries the fake DuckDuckGo answers with loopback hits only (safe for include_content).
LOOPBACK_ONLY_QUERY = "tide pools here"


def site_app(*, robots_txt: bool = True) -> web.Application:
    """The fake site: /article, /robots.txt, POST /html/ (DuckDuckGo), GET /search (a SearXNG
    that answers 503) and POST /v1/chat/completions (an LLM endpoint that answers 404).
    Without `robots_txt`, /robots.txt is a 404."""

    async def article(request: web.Request) -> web.Response:
        body = (FIXTURES / "article.html").read_bytes()
        return web.Response(body=body, content_type="text/html", charset="utf-8")

    async def robots(request: web.Request) -> web.Response:
        return web.Response(text="User-agent: *\nDisallow: /private\n")

    async def duckduckgo(request: web.Request) -> web.Response:
        form = await request.post()
        base = f"http://{request.host}"
        page = (FIXTURES / "ddg.html").read_text().replace("{BASE}", base)
        if form.get("q") == LOOPBACK_ONLY_QUERY:
            head, _, rest = page.partition("<!-- external -->")
            page = head + rest.partition("<!-- /external -->")[2]
        return web.Response(text=page, content_type="text/html")

    async def searxng_down(request: web.Request) -> web.Response:
        return web.Response(status=503, text="maintenance")

    async def llm_refuses(request: web.Request) -> web.Response:
        return web.json_response({"error": {"message": "model not found"}}, status=404)

    app = web.Application()
    app.router.add_get("/article", article)
    app.router.add_get("/private/page", article)
    if robots_txt:
        app.router.add_get("/robots.txt", robots)
    app.router.add_post("/html/", duckduckgo)
    app.router.add_get("/search", searxng_down)
    app.router.add_post("/v1/chat/completions", llm_refuses)
    return app


def cli_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment without WEB_* settings or keys, plus the guard and `extra`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("WEB_") and not key.endswith("_API_KEY") and key != "SEARXNG_URL"
    }
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(GUARD_DIR), env.get("PYTHONPATH")]))
    env.update(extra or {})
    return env


def local_env(base_url: str, **extra: str) -> dict[str, str]:
    """Settings that let the CLI reach the fake site (loopback, plain http) in a test only."""
    return {
        "WEB_ALLOW_HTTP": "true",
        "WEB_ALLOW_PRIVATE_NETWORK": "true",
        "WEB_SEARCH_PROVIDER": "duckduckgo",
        "WEB_PROVIDER_ENDPOINTS": f"duckduckgo={base_url}",
        **extra,
    }


@attrs.frozen
class Ran:
    code: int
    out: str
    err: str


async def run_cli(
    *args: str, env: Mapping[str, str] | None = None, stdin: bytes | None = None
) -> Ran:
    """Run the CLI in a subprocess (while this event loop keeps serving the fake sites)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "webdistill.doors.cli.main",
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=cli_env(env),
    )
    out, err = await asyncio.wait_for(process.communicate(stdin), timeout=60)
    assert process.returncode is not None
    return Ran(process.returncode, out.decode(), err.decode())
