"""A scripted provider server for tests: canned answers per route, every request recorded."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import attrs
from aiohttp import web

from tests.servers import serve
from webdistill.adapters.providers.settings import ProviderSettings

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(provider: str, name: str) -> bytes:
    """The bytes of one fixture file."""
    return (FIXTURES / provider / name).read_bytes()


@attrs.frozen
class Canned:
    """One answer: status, body, content type, extra headers; `hang` never answers."""

    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    headers: dict[str, str] = attrs.field(factory=dict)
    hang: bool = False


def json_answer(provider: str, name: str, status: int = 200, **headers: str) -> Canned:
    return Canned(status=status, body=fixture(provider, name), headers=dict(headers))


def html_answer(provider: str, name: str, status: int = 200) -> Canned:
    return Canned(
        status=status, body=fixture(provider, name), content_type="text/html; charset=utf-8"
    )


@attrs.frozen
class Seen:
    """One request the server received."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes


class FakeProvider:
    """Answers `(method, path)` routes from `routes`; unknown routes get 404."""

    def __init__(self, routes: dict[tuple[str, str], Canned]) -> None:
        self.routes = routes
        self.seen: list[Seen] = []
        self._release = asyncio.Event()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        self.seen.append(
            Seen(
                method=request.method,
                path=request.path,
                query=dict(request.query),
                headers={k.lower(): v for k, v in request.headers.items()},
                body=body,
            )
        )
        canned = self.routes.get((request.method, request.path))
        if canned is None:
            return web.Response(status=404, text="no such route")
        if canned.hang:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._release.wait(), timeout=10)
        headers = {"Content-Type": canned.content_type, **canned.headers}
        return web.Response(status=canned.status, body=canned.body, headers=headers)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[str]:
        """Serve on 127.0.0.1; yields the base URL. Hanging handlers are released at exit."""
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        async with serve(app) as base_url:
            try:
                yield base_url
            finally:
                self._release.set()


def settings_for(base_url: str, *providers: str, **fields: object) -> ProviderSettings:
    """Settings whose endpoints for `providers` (all when none named) point at `base_url`."""
    names = providers or ("brave", "tavily", "exa", "serper", "duckduckgo", "duckduckgo_lite")
    fields.setdefault("ddg_min_interval_s", 0.0)  # tests are not paced unless they ask
    return ProviderSettings(base_urls=dict.fromkeys(names, base_url), **fields)  # type: ignore[arg-type]
