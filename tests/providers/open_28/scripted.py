"""A loopback server answering each request from a script, recording every request."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from aiohttp import web

import webdistill
from tests.servers import serve
from webdistill import Config

Answer = tuple[int, object]


@asynccontextmanager
async def scripted(
    answer: Callable[[web.Request, dict[str, str], int], Answer],
) -> AsyncIterator[tuple[str, list[dict[str, object]]]]:
    seen: list[dict[str, object]] = []

    async def handle(request: web.Request) -> web.Response:
        raw = await request.read()
        body: object = None
        if raw:
            try:
                body = json.loads(raw)
            except ValueError:
                from urllib.parse import parse_qsl

                body = dict(parse_qsl(raw.decode()))
        params = dict(request.query)
        if isinstance(body, dict):
            params = {**params, **{k: v for k, v in body.items() if isinstance(v, str)}}
        seen.append({"path": request.path, "query": dict(request.query), "body": body})
        status, out = answer(request, params, len(seen))
        if isinstance(out, bytes):
            return web.Response(status=status, body=out, content_type="text/html")
        if isinstance(out, str):
            return web.Response(status=status, text=out)
        return web.json_response(out, status=status)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    async with serve(app) as base:
        yield base, seen


KEYS = {"brave": "BRAVE_API_KEY", "serper": "SERPER_API_KEY", "tavily": "TAVILY_API_KEY",
        "exa": "EXA_API_KEY"}  # fmt: skip


def env_for(provider: str, base: str, **extra: str) -> dict[str, str]:
    env = {"WEB_SEARCH_PROVIDER": provider, "WEB_DDG_MIN_INTERVAL_MS": "0", "WEB_CACHE": "off"}
    if provider == "searxng":
        env["SEARXNG_URL"] = base
    elif provider == "openserp":
        env["OPENSERP_URL"] = base
    else:
        env["WEB_PROVIDER_ENDPOINTS"] = f"{provider}={base}"
    if provider in KEYS:
        env[KEYS[provider]] = "test-key-0123456789abcdef"
    env.update(extra)
    return env


async def search(provider: str, base: str, args: dict[str, object], **extra: str):  # type: ignore[no-untyped-def]
    async with webdistill.build(Config.from_env(env_for(provider, base, **extra))) as toolkit:
        return await toolkit.search({"query": "electric ferries", **args})
