"""Regression tests for the attack on issue 27's browser (branch a27), run ONLY inside a
network namespace with no route (`unshare -n`, started by test_attacks.py, as
netns_attacks.py is): the byte cap across parallel requests, a page navigating itself to
another document (another site, or a page robots.txt closes) and the browser's memory
during a render.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator

import attrs
import pytest
import pytest_asyncio
from aiohttp import web

from tests.browser import attack_pages
from tests.browser.netns_attacks import IN_NETNS, SITE, SITE_IP, Canaries, _Records, canaries
from tests.browser.netns_attacks import _process as process_of
from tests.browser.site import browser_or_skip
from tests.http import netguard
from tests.http.fakes_http import FakeResolver
from webdistill import Config, FetchOutcome, build
from webdistill.adapters.render.process import resident_bytes
from webdistill.compose import Toolkit

pytestmark = [
    pytest.mark.skipif(not IN_NETNS, reason="only inside `unshare -n` (see test_attacks.py)"),
    pytest.mark.asyncio(loop_scope="module"),
]

OTHER = "other-demo.net"
HOSTS = [f"h{i}.pages-demo.net" for i in range(8)]
BIG = 1024 * 1024
CAP = 64 * 1024


def _page(script: str) -> str:
    return (f"<!doctype html><html><head><title>Harbour</title></head><body>"
            f"{attack_pages.ARTICLE}<div id=\"app\"></div><script>{script}</script>"
            "</body></html>")  # fmt: skip


def _shell(script: str) -> str:
    return ("<!doctype html><html><head><title>Harbour</title></head><body>"
            f"<div id=\"root\"></div><script>{script}</script></body></html>")  # fmt: skip


PARALLEL = (  # 40 parallel fetches of 1 MiB bodies over 8 host names (a27)
    f"const hs = {HOSTS!r}; for (let i = 0; i < 40; i++) "
    "{ fetch('http://' + hs[i % hs.length] + '/big?' + i, {mode: 'no-cors'}).catch(() => {}); }"
).replace("'", '"')
OTHER_TEXT = "the lighthouse keeper of the other site writes down every ship he sees"
MEMORY = """
for (let i = 0; i < 12; i++) {
  const f = document.createElement('iframe');
  f.setAttribute('sandbox', 'allow-scripts');
  f.srcdoc = '<script>const h = []; for (let j = 0; j < 90; j++) { '
    + 'h.push(new Array(1024 * 1024).fill(j + 0.5)); } setInterval(() => h.length, 1000);'
    + '<\\/script>';
  document.body.appendChild(f);
}
"""
PAGES = {
    "/bytes": _page(PARALLEL),
    "/hop": _shell("location = 'http://other-demo.net/elsewhere';"),
    "/elsewhere": f"<html><body><article><p>{OTHER_TEXT}. {OTHER_TEXT}.</p></article></body>",
    "/go": _shell("location = '/private';"),
    "/private": _page(""),
    "/memory": _page(MEMORY),
}


@attrs.define
class Site:
    canaries: Canaries
    hits: dict[str, int]
    audit: list[logging.LogRecord]


@pytest.fixture(autouse=True)
def namespace_is_the_guard(loopback_only: None) -> Iterator[None]:
    was = netguard.STATE.armed
    netguard.STATE.armed = False
    try:
        yield
    finally:
        netguard.STATE.armed = was


def _app(hits: dict[str, int]) -> web.Application:
    async def any_page(request: web.Request) -> web.StreamResponse:
        hits[request.path] = hits.get(request.path, 0) + 1
        if request.path == "/big":
            return web.Response(body=b"x" * BIG, content_type="text/plain")
        if request.path == "/robots.txt":
            return web.Response(text="User-agent: *\nDisallow: /private\n")
        if request.path not in PAGES:
            raise web.HTTPNotFound()
        return web.Response(text=PAGES[request.path], content_type="text/html")

    app = web.Application()
    app.router.add_get("/{tail:.*}", any_page)
    return app


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def site() -> AsyncIterator[Site]:
    hits: dict[str, int] = {}
    records: list[logging.LogRecord] = []
    audit = logging.getLogger("webdistill.http")
    handler = _Records(records)
    audit.addHandler(handler)
    level = audit.level
    audit.setLevel(logging.INFO)
    async with canaries() as found:
        runner = web.AppRunner(_app(hits), handle_signals=False)
        await runner.setup()
        await web.TCPSite(runner, SITE_IP, 80).start()
        try:
            yield Site(found, hits, records)
        finally:
            await runner.cleanup()
            audit.removeHandler(handler)
            audit.setLevel(level)


@contextlib.asynccontextmanager
async def toolkit(**changes: object) -> AsyncIterator[Toolkit]:
    config = Config(allow_http=True, fetch_timeout_ms=25_000, render_timeout_ms=6_000,
                    browser_path=browser_or_skip(), cache="off")  # fmt: skip
    names = {name: [[SITE_IP]] for name in (SITE, OTHER, *HOSTS)}
    async with build(attrs.evolve(config, **changes), resolver=FakeResolver(names)) as kit:
        yield kit


async def fetch(kit: Toolkit, path: str) -> FetchOutcome:
    answer = await kit.fetch({"url": f"http://{SITE}{path}", "render": True})
    return answer.unwrap()[0]


async def test_the_byte_cap_holds_for_parallel_requests(site: Site) -> None:
    """a27: with WEB_RENDER_MAX_BYTES=64 KiB, 40 parallel 1 MiB fetches pulled 40 MiB
    through the guarded client. Now each request's body cap is its share of what is left."""
    site.audit.clear()
    async with toolkit(render_max_bytes=CAP) as kit:
        outcome = await fetch(kit, "/bytes")
    assert outcome.page is not None, outcome.error
    pulled = sum(
        int(getattr(r, "bytes", 0)) for r in site.audit if "/big" in str(getattr(r, "url", ""))
    )
    assert pulled <= CAP + 64 * 1024, pulled  # the cap, and one read's overshoot on the wire
    assert site.canaries.seen() == []


async def test_a_page_navigating_to_another_site_is_not_read_under_its_url(site: Site) -> None:
    """a27: `location = other site` got the other site's text labelled with the first URL."""
    async with toolkit() as kit:
        outcome = await fetch(kit, "/hop")
    page = outcome.page
    assert page is not None, outcome.error
    assert OTHER_TEXT not in page.content
    assert page.reader is None and page.notice is not None
    assert "navigated" in page.notice and "other-demo.net" in page.notice
    assert site.hits.get("/elsewhere", 0) == 0  # never fetched
    assert site.canaries.seen() == []


async def test_a_navigation_does_not_read_a_page_robots_txt_closes(site: Site) -> None:
    """a27: `location = '/private'` read a page robots.txt disallows."""
    async with toolkit(respect_robots=True) as kit:
        direct = (await kit.fetch({"url": f"http://{SITE}/private"})).unwrap()[0]
        via = await fetch(kit, "/go")
    assert direct.page is None  # robots.txt refuses it when asked directly
    assert via.page is not None, via.error
    assert "harbour master" not in via.page.content
    assert site.hits.get("/private", 0) == 0
    assert site.canaries.seen() == []


async def test_browser_memory_is_watched_during_the_render(site: Site) -> None:
    """a27: with WEB_BROWSER_MEMORY_MB=300, sandboxed iframes (a process and a heap each)
    took the tree to 614 MiB; only checked after the page. Now polled while it renders.
    The limit here is 300 MiB of proportional set sizes (a browser rendering the Vue fixtures
    peaks near 210 MiB; summed RSS counted ~445). The page asks ~1 GiB."""
    async with toolkit(browser_memory_mb=300, render_timeout_ms=8_000) as kit:
        peak = 0
        stop = asyncio.Event()

        async def watch() -> None:
            nonlocal peak
            while not stop.is_set():
                with contextlib.suppress(Exception):
                    peak = max(peak, resident_bytes(process_of(kit).pids()))  # type: ignore[attr-defined]
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 0.1)

        watcher = asyncio.create_task(watch())
        outcome = await fetch(kit, "/memory")
        stop.set()
        await watcher
        again = await fetch(kit, "/private")  # the browser goes on (restarted)
    print("peak MiB", peak >> 20, outcome.page and outcome.page.notice)
    page = outcome.page
    assert page is not None, outcome.error
    assert page.reader is None and page.notice is not None
    # Stopped either by the watch ("300 MiB limit") or first by the page's own JavaScript heap
    # cap (half the limit: the renderer crashes, which one is first depends on the machine);
    # both bound it. Memory the heap cap does not hold (ArrayBuffers) is stopped by the watch
    # alone: tests/browser/test_memory_hoarding.py.
    assert "300 MiB limit" in page.notice or "failed" in page.notice, page.notice
    assert peak >> 20 <= 450, peak >> 20  # 1.5 x the limit (a27: 614 MiB for 300)
    assert again.page is not None and again.page.reader == "browser"
