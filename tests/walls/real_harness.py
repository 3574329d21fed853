"""Serve real wall / ordinary pages from 127.0.0.1 with their status and headers; read each
through toolkit.fetch; report whether it was seen as a wall (HTTP_ERROR reason=challenge, or
the `challenge` flag on a 200 page)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import attrs
from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build


@dataclass
class Case:
    name: str
    source: str
    status: int
    body: str
    wall: bool
    headers: dict[str, str] = field(default_factory=dict)
    vendor: str | None = None


def config() -> Config:
    return attrs.evolve(
        Config(allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=8000)
    )


@dataclass
class Verdict:
    case: Case
    flagged: bool
    wall: str | None
    how: str


async def read_all(cases: list[Case]) -> list[Verdict]:
    by_path = {f"/c{i}": c for i, c in enumerate(cases)}

    async def handler(request: web.Request) -> web.Response:
        c = by_path[request.path]
        headers = {"Content-Type": "text/html; charset=UTF-8", **c.headers}
        return web.Response(status=c.status, body=c.body.encode("utf-8"), headers=headers)

    app = web.Application()
    app.router.add_get("/{tail:.*}", handler)
    verdicts: list[Verdict] = []
    async with serve(app) as base, build(config(), resolver=FakeResolver({})) as toolkit:
        for path, c in by_path.items():
            outcome = (await toolkit.fetch({"url": base + path})).unwrap()[0]
            if outcome.error is not None:
                detail = dict(outcome.error.detail or {})
                flagged = detail.get("reason") == "challenge"
                verdicts.append(
                    Verdict(c, flagged, detail.get("wall"), f"{outcome.error.code.name} {detail}")
                )
            else:
                page = outcome.page
                flags = tuple(getattr(page, "flags", ()) or ())
                verdicts.append(
                    Verdict(
                        c,
                        "challenge" in flags,
                        None,
                        f"page flags={flags} chars={page.total_chars}",
                    )
                )
    return verdicts


def run(cases: list[Case]) -> list[Verdict]:
    return asyncio.run(read_all(cases))
