"""The hosted reader's audit-log line never writes WEB_READER_URL's path (issue 26, attack b26).

WEB_READER_URL is a secret setting: a token can sit in its path (`https://host/tok_.../reader`),
where the URL's user-info and `?key=` masking do not reach. The line names the reader's origin
(scheme://host[:port]) and the page handed to it, nothing more.

Unable to leak: the reader is a raw server on 127.0.0.1. The page's name must resolve to a
public address for it to be handed to a reader (a fake resolver says 93.184.215.14); the reader
answers with content, so nothing dials it, and the test network guard (tests/conftest.py,
armed for every test) refuses any non-loopback connect before the system call anyway.
"""

from __future__ import annotations

import json
import logging

import pytest

from tests.http import netguard
from tests.http.fakes_http import FakeResolver
from tests.interfaces.raw_routes import response, serve
from webdistill import Config, build
from webdistill.adapters.readers.base import ReaderSettings
from webdistill.adapters.readers.jina import JinaReader

TOKEN = "tok_9f8e7d6c5b4a39281706f5e4"
PAGE = "https://public.example.com/a"
ANSWER = {"code": 200, "data": {"title": "t", "content": "hello " * 50, "url": PAGE}}


async def test_the_toolkit_reader_audit_line_names_the_reader_origin_only(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    refused_before = len(netguard.STATE.refused)
    async with serve() as srv:
        srv.answer = response("200 OK", [("Content-Type", "application/json")],
                              json.dumps(ANSWER).encode())  # fmt: skip
        config = Config(cache=False, render="never", reader="jina",
                        reader_url=f"{srv.base}/{TOKEN}/reader")  # fmt: skip
        resolver = FakeResolver({"public.example.com": [["93.184.215.14"]]})
        async with build(config, resolver=resolver) as kit:
            args = {"url": PAGE, "prefer_reader": True, "timeout_ms": 3000}
            outcome = (await kit.fetch(args)).unwrap()[0]
    assert outcome.page is not None and srv.seen == [f"/{TOKEN}/reader/"], srv.seen
    assert netguard.STATE.armed and len(netguard.STATE.refused) == refused_before, "no dial out"
    logged = [r for r in caplog.records if "reader=" in r.getMessage()]
    assert logged, "the audit line exists"
    assert not [r.getMessage() for r in logged if TOKEN in r.getMessage()]
    assert [r.__dict__["url"] for r in logged] == [srv.base]
    assert all(r.__dict__["page"] == PAGE for r in logged)


async def test_the_reader_audit_line_keeps_no_path_user_info_or_query(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with serve() as srv:
        srv.answer = response("200 OK", [("Content-Type", "application/json")],
                              json.dumps(ANSWER).encode())  # fmt: skip
        host = srv.base.split("//", 1)[1]
        base = f"http://user:pw_secret@{host}/{TOKEN}/reader?key=qk_secret"
        reader = JinaReader(ReaderSettings(name="jina", base_url=base))
        with caplog.at_level(logging.INFO, logger="webdistill.http"):
            await reader.read(PAGE)
        await reader.close()
    (record,) = [r for r in caplog.records if r.name == "webdistill.http"]
    for secret in (TOKEN, "pw_secret", "qk_secret", "user:"):
        assert secret not in record.getMessage()
    assert record.__dict__["url"] == srv.base and record.__dict__["host"] == host
