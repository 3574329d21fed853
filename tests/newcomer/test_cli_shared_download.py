"""Two `webdistill fetch` processes asking for the same new URL at once download it once.

The disk store (the default `WEB_CACHE`) is shared by every process of the user, so its store
lock must be taken too, not only Redis's (issue 31). The page server holds the first request
until a second one arrives (the bug: each process downloads) or the second process has had
ample time to send one; either way it then answers, and the test counts the downloads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web

from tests.interfaces.sites import run_cli
from tests.servers import serve

PAGE = (
    "<!doctype html><html lang='en'><head><title>Held page</title></head><body><article>"
    "<h1>Held page</h1>"
    + "".join(f"<p>Paragraph {i} of a page two processes ask for at once.</p>" for i in range(40))
    + "</article></body></html>"
)
#: How long the held request waits for a second one before answering anyway.
SECOND_REQUEST_GRACE_S = 8.0


class HeldSite:
    def __init__(self) -> None:
        self.downloads = 0
        self.first_arrived = asyncio.Event()
        self.second_arrived = asyncio.Event()

    async def page(self, request: web.Request) -> web.Response:
        self.downloads += 1
        if self.downloads == 1:
            self.first_arrived.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.second_arrived.wait(), SECOND_REQUEST_GRACE_S)
        else:
            self.second_arrived.set()
        return web.Response(text=PAGE, content_type="text/html")


@pytest.fixture
async def held() -> AsyncIterator[tuple[HeldSite, str]]:
    site = HeldSite()
    app = web.Application()
    app.router.add_get("/held", site.page)
    async with serve(app) as base:
        yield site, base


async def test_two_cli_processes_fetching_one_new_url_download_it_once(
    held: tuple[HeldSite, str], tmp_path: Path
) -> None:
    site, base = held
    env = {
        "WEB_ALLOW_HTTP": "true",
        "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
        "WEB_CACHE_DIR": str(tmp_path / "cache"),
    }
    url = f"{base}/held"
    first = asyncio.create_task(run_cli("fetch", url, "--json", env=env))
    await asyncio.wait_for(site.first_arrived.wait(), 60)  # the first download is under way
    second = await run_cli("fetch", url, "--json", env=env)
    ran = await first
    for done in (ran, second):
        assert done.code == 0, done.err
        (outcome,) = json.loads(done.out)["results"]
        assert outcome["page"]["title"] == "Held page"
    assert site.downloads == 1  # the second process waited for the first one's download
