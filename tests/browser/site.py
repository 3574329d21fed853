"""The browser tests' site (a real aiohttp app) and how to find a browser for them.

`fixture_app()` serves the Vue fixtures (fixtures/SOURCES.md) and counts every request by
path. `browser_or_skip()` answers the Chromium to use: when none is found the test skips
with the reason, except in CI (`CI` set), where a missing browser fails the run (.ci/run
installs one).
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest
from aiohttp import web

from webdistill import Config
from webdistill.adapters.render.locate import INSTALL_HINT, driver_installed, find_browser

FIXTURES = Path(__file__).parent / "fixtures"
ARTICLE_WORDS = "Researchers who study the pools return to the same basins for years"

_TYPES = {".html": "text/html", ".js": "text/javascript", ".json": "application/json"}


def browser_or_skip() -> str:
    """The browser executable for the tests; skip (or fail in CI) when there is none."""
    found = find_browser(os.environ.get("WEB_BROWSER_PATH") or None)
    problem = None
    if found is None:
        problem = f"no Chromium found. {INSTALL_HINT}"
    elif not driver_installed():
        problem = "Playwright is not installed (pip install -e '.[dev]')"
    if problem is None:
        assert found is not None
        return found
    if os.environ.get("CI"):
        pytest.fail(f"CI must render with a real browser: {problem}")
    pytest.skip(problem)


def browser_config(**changes: object) -> Config:
    """The browser tests' configuration: loopback trusted, no cache, a 4 s render inside a
    20 s fetch, the browser `browser_or_skip()` finds; `changes` override fields."""
    base = Config(
        allow_http=True,
        trusted_addresses=("127.0.0.1",),
        fetch_timeout_ms=20_000,
        render_timeout_ms=4_000,
        browser_path=browser_or_skip(),
        cache="off",
    )
    return attrs.evolve(base, **changes)


def fixture_app(hits: dict[str, int]) -> web.Application:
    """The fixtures at their paths, the article API, and a ping endpoint."""

    @web.middleware
    async def count(request: web.Request, handler: web.RequestHandler) -> web.StreamResponse:
        hits[request.path] = hits.get(request.path, 0) + 1
        return await handler(request)

    def file(name: str, path: str | None = None) -> tuple[str, web.RequestHandler]:
        body = (FIXTURES / name).read_bytes()
        kind = _TYPES[Path(name).suffix]

        async def handler(request: web.Request) -> web.Response:
            return web.Response(body=body, content_type=kind, charset="utf-8")

        return path or f"/{name}", handler

    async def ping(request: web.Request) -> web.Response:
        return web.json_response({"ok": True})

    app = web.Application(middlewares=[count])
    for name, path in (
        ("article.html", "/article"),
        ("lazy.html", "/lazy"),
        ("forever.html", "/forever"),
        ("vue.global.prod.js", None),
        ("lazy-chunk.js", None),
        ("article.json", "/api/article.json"),
    ):
        route, handler = file(name, path)
        app.router.add_get(route, handler)
    app.router.add_get("/api/ping", ping)
    return app
