"""The LLM compressor through the tool: `build(config)` -> `toolkit.fetch`, fake model on 127.0.0.1.

Checks what the composition root adds around the compressor: the WEB_LLM_* settings reach
the calls, identical concurrent fetches share one compression, and a failure of compression
that the configuration turned on says how to read the page uncompressed.
"""

from __future__ import annotations

import asyncio

import attrs
from aiohttp import web

from tests.compress.fake_llm import FakeChatServer, page_of
from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, ErrorCode, build

SECTIONS = 12


def long_page_html() -> str:
    parts = []
    for number in range(SECTIONS):
        sentences = " ".join(
            f"Paragraph {number} reports measurement {number}.{k} of the harbour survey."
            for k in range(12)
        )
        parts.append(f"<h2>Section {number}</h2><p>{sentences}</p>")
    return f"<html><body><article><h1>Survey</h1>{''.join(parts)}</article></body></html>"


def _site() -> web.Application:
    html = long_page_html()

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=html, content_type="text/html")

    app = web.Application()
    app.router.add_get("/survey", page)
    return app


def _config(llm_base: str, **changes: object) -> Config:
    base = Config(
        allow_http=True,
        trusted_addresses=("127.0.0.1",),
        fetch_timeout_ms=5000,
        compressor="llm",
        llm_base_url=f"{llm_base}/v1",
        llm_model="fake-model",
        llm_chunk_chars=2000,
        llm_max_output_tokens=300,
        llm_timeout_ms=5000,
    )
    return attrs.evolve(base, **changes)


async def test_settings_reach_the_model_and_concurrent_fetches_share_one_compression() -> None:
    server = FakeChatServer(delay_s=0.05)
    async with (
        serve(server.app()) as llm,
        serve(_site()) as site,
        build(_config(llm), resolver=FakeResolver({})) as toolkit,
    ):
        asked = {"url": site + "/survey", "focus": "measurement 7.3", "max_chars": 1000}
        first, second = await asyncio.gather(toolkit.fetch(asked), toolkit.fetch(asked))
        calls_for_two = len(server.requests)
        third = await toolkit.fetch(asked)  # answered from memory
    pages = [result.unwrap()[0].page for result in (first, second, third)]
    assert all(page is not None for page in pages)
    assert {page.content for page in pages if page} == {pages[0].content if pages[0] else ""}
    chunks = server.chunk_prompts()
    assert len(chunks) >= 3  # WEB_LLM_CHUNK_CHARS=2000 cut the page
    assert all(len(page_of(prompt) or "") <= 2000 for prompt in chunks)
    assert len(server.merge_prompts()) == 1
    assert calls_for_two == len(chunks) + 1  # one compression for both fetches
    assert len(server.requests) == calls_for_two
    assert {body["max_tokens"] for body in server.requests} == {300}
    page = pages[0]
    assert page is not None
    assert page.compressed_by == "llm:fake-model"
    assert page.content == f"merged-{len(chunks)}"
    assert page.original_chars is not None and page.original_chars > 1000


async def test_failure_of_configured_compression_says_how_to_read_the_page_uncompressed() -> None:
    server = FakeChatServer(default="refusal")
    async with (
        serve(server.app()) as llm,
        serve(_site()) as site,
        build(_config(llm), resolver=FakeResolver({})) as toolkit,
    ):
        url = site + "/survey"
        failed = (await toolkit.fetch({"url": url, "max_chars": 1000})).unwrap()[0]
        raw = (await toolkit.fetch({"url": url, "max_chars": 1000, "compress": False})).unwrap()[0]
    assert failed.error is not None
    assert failed.error.code is ErrorCode.COMPRESSION_FAILED
    assert "refused" in failed.error.message
    assert "on by configuration" in failed.error.message
    assert "compress=false" in failed.error.message
    assert failed.error.detail["compression"] == "configured"
    assert raw.page is not None and raw.page.compressed_by is None
    assert raw.page.truncated


async def test_a_page_that_fits_the_window_costs_no_model_call() -> None:
    server = FakeChatServer()
    async with (
        serve(server.app()) as llm,
        serve(_site()) as site,
        build(_config(llm), resolver=FakeResolver({})) as toolkit,
    ):
        outcome = (await toolkit.fetch({"url": site + "/survey", "compress": True})).unwrap()
    page = outcome[0].page
    assert page is not None and page.compressed_by is None and not page.truncated
    assert server.requests == []
