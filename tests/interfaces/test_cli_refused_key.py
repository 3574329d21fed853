"""The README's `auto` with a placeholder Brave key still searches, and the CLI says why."""

from __future__ import annotations

from aiohttp import web

from tests.interfaces.sites import local_env, run_cli, site_app
from tests.providers.fake_provider import fixture
from tests.servers import serve


async def brave_refuses(_: web.Request) -> web.Response:
    body = fixture("brave", "error-422-bad-token.json")
    return web.Response(status=422, body=body, content_type="application/json")


async def test_a_refused_key_is_skipped_with_a_warning_on_stderr() -> None:
    app = site_app()
    app.router.add_get("/res/v1/web/search", brave_refuses)
    async with serve(app) as base:
        env = local_env(
            base,
            WEB_SEARCH_PROVIDER="auto",
            BRAVE_API_KEY="YOUR_BRAVE_KEY_HERE",
            WEB_PROVIDER_ENDPOINTS=f"duckduckgo={base},brave={base}",
        )
        ran = await run_cli("search", "tide pools", env=env)
    assert ran.code == 0, ran.err
    assert "Provider: duckduckgo" in ran.out
    assert "Skipped: brave: PROVIDER_AUTH_FAILED" in ran.out
    assert ran.err.startswith("webdistill: warning: brave refused its key (PROVIDER_AUTH_FAILED")
    assert "BRAVE_API_KEY" in ran.err and "searched with duckduckgo" in ran.err
    assert "YOUR_BRAVE_KEY_HERE" not in ran.err + ran.out
