"""The hosted-reader call hands a URL to a third party: it gets its audit-log line (#26)."""

from __future__ import annotations

import logging

import pytest
from aiohttp import web

from tests.servers import serve
from webdistill.adapters.readers.base import ReaderSettings
from webdistill.adapters.readers.jina import JinaReader


def reader_app() -> web.Application:
    async def jina(request: web.Request) -> web.Response:
        return web.json_response({"data": {"title": "T", "content": "Read by the reader."}})

    app = web.Application()
    app.router.add_post("/", jina)
    return app


async def test_a_reader_call_is_audited_with_the_page_it_was_handed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    page = "https://news.example.org/story?session=secret-token"
    async with serve(reader_app()) as base:
        reader = JinaReader(ReaderSettings(name="jina", base_url=base, api_key="jina_key"))
        with caplog.at_level(logging.INFO, logger="webdistill.http"):
            answer = await reader.read(page)
        await reader.close()
    assert answer.unwrap().content
    records = [r for r in caplog.records if r.name == "webdistill.http"]
    assert len(records) == 1
    record = records[0]
    assert record.__dict__["reader"] == "jina"
    assert record.__dict__["method"] == "POST"
    assert record.__dict__["page"] == "https://news.example.org/story?..."  # no query string
    assert record.__dict__["status"] == 200 and record.__dict__["outcome"] == "ok"
    assert "secret-token" not in record.getMessage() and "jina_key" not in record.getMessage()
