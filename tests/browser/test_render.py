"""Rendering app shells with the real browser, through the composed toolkit (issue 27).

One toolkit (so one browser) serves the whole module: the tests share a module-scoped loop.
The site is a real aiohttp server on 127.0.0.1 serving real Vue production code
(fixtures/SOURCES.md); the browser's every request goes through the guarded client.
"""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator

import attrs
import pytest
import pytest_asyncio

from tests.browser.site import ARTICLE_WORDS, browser_config, fixture_app
from tests.servers import serve
from webdistill import Config, FetchOutcome, build
from webdistill.compose import Toolkit
from webdistill.doors.render import fetch_to_text

pytestmark = pytest.mark.asyncio(loop_scope="module")


@attrs.define
class Rig:
    base: str
    hits: dict[str, int]
    toolkit: Toolkit


def config(**changes: object) -> Config:
    return browser_config(**changes)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def rig() -> AsyncIterator[Rig]:
    hits: dict[str, int] = {}
    async with serve(fixture_app(hits)) as base, build(config()) as toolkit:
        yield Rig(base, hits, toolkit)


async def fetch(toolkit: Toolkit, raw: dict[str, object]) -> FetchOutcome:
    return (await toolkit.fetch(raw)).unwrap()[0]


async def test_an_app_shell_is_rendered_and_read(rig: Rig) -> None:
    outcome = await fetch(rig.toolkit, {"url": rig.base + "/article"})
    page = outcome.page
    assert page is not None, outcome.error
    assert page.reader == "browser"
    assert ARTICLE_WORDS in page.content
    assert "How Tide Pools Keep Their Secrets" in page.content
    assert "needs_javascript" not in page.flags
    assert page.notice is not None and "local browser" in page.notice
    assert rig.hits["/api/article.json"] >= 1  # the API was fetched (by the guarded client)
    assert "Rendered by: the local browser" in fetch_to_text((outcome,), fence=False)


async def test_a_lazy_loaded_route_is_waited_for(rig: Rig) -> None:
    outcome = await fetch(rig.toolkit, {"url": rig.base + "/lazy"})
    assert outcome.page is not None, outcome.error
    assert outcome.page.reader == "browser"
    assert ARTICLE_WORDS in outcome.page.content
    assert rig.hits["/lazy-chunk.js"] >= 1


async def test_a_page_that_never_settles_is_read_when_time_is_up(rig: Rig) -> None:
    outcome = await fetch(rig.toolkit, {"url": rig.base + "/forever"})
    page = outcome.page
    assert page is not None, outcome.error
    assert page.reader == "browser" and ARTICLE_WORDS in page.content
    assert page.notice is not None and "before it settled" in page.notice


async def test_render_true_renders_a_readable_page_and_never_stays_static(rig: Rig) -> None:
    async with build(config(render="never")) as toolkit:
        static = await fetch(toolkit, {"url": rig.base + "/article", "render": True})
    assert static.page is not None and static.page.reader is None
    assert "needs_javascript" in static.page.flags
    asked = await fetch(rig.toolkit, {"url": rig.base + "/article", "render": True})
    assert asked.page is not None and asked.page.reader == "browser"


async def test_the_browser_comes_before_the_hosted_reader(rig: Rig) -> None:
    from tests.readers.fake_reader import reader_service

    async with reader_service() as service:
        async with build(config(reader="jina", reader_url=service.base)) as toolkit:
            outcome = await fetch(toolkit, {"url": rig.base + "/article"})
        assert outcome.page is not None and outcome.page.reader == "browser"
        assert service.calls == []  # the browser read it: the reader was never asked


async def test_a_crashed_browser_is_started_again_on_the_next_call(rig: Rig) -> None:
    await fetch(rig.toolkit, {"url": rig.base + "/article"})
    process = _process(rig.toolkit)
    starts = process.starts
    for pid in process.pids()[:1]:  # the browser's main process
        os.kill(pid, signal.SIGKILL)
    outcome = await fetch(rig.toolkit, {"url": rig.base + "/article"})
    assert outcome.page is not None and outcome.page.reader == "browser", outcome.page
    assert process.starts == starts + 1


async def test_a_browser_past_its_memory_limit_is_restarted(rig: Rig) -> None:
    """The memory is polled while the page renders (attack on issue 27: checked only after
    it, a page could take the browser far past the limit): a headless Chromium holds more
    than 128 MiB, so each render is stopped, the page read as served with a notice naming
    the setting, and the browser stopped, to start again on the next call."""
    async with build(config(browser_memory_mb=128)) as toolkit:
        first = await fetch(toolkit, {"url": rig.base + "/article"})
        assert first.page is not None and first.page.reader is None
        assert "128 MiB limit (WEB_BROWSER_MEMORY_MB)" in (first.page.notice or "")
        process = _process(toolkit)
        assert process.pids() == []
        second = await fetch(toolkit, {"url": rig.base + "/article"})
        assert second.page is not None and "128 MiB limit" in (second.page.notice or "")
        assert process.starts == 2


def _process(toolkit: Toolkit) -> object:
    from webdistill.adapters.pipeline.render import RenderingBackend
    from webdistill.adapters.render.renderer import BrowserRenderer

    backend = toolkit.deps.backend
    while not isinstance(backend, RenderingBackend):
        backend = backend._inner  # type: ignore[attr-defined]
    renderer = backend._renderer
    assert isinstance(renderer, BrowserRenderer)
    return renderer.process
