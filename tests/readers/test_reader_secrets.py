"""A hosted reader that echoes our `Authorization` header in an error never puts the key in
the model's text: the key is redacted from the reader's answer before any of it is cut.

The reader is a real aiohttp server on 127.0.0.1 that answers 401 with its error envelope
(Jina: `{"code", "name", "message", "readableMessage"}`; Firecrawl: `{"success": false,
"error"}`) whose message repeats the header it received, padded so that the 200-character
cut of the quoted message falls inside the key when `pad` says so. Key shapes from their
owners: Jina keys are `jina_` + 32 hex + `_` + 28 URL-safe characters (Jina Reader's API
authentication page); Firecrawl keys start with `fc-` (firecrawl/firecrawl-mcp-server,
docs/installation/npx.md), followed by 32 hex characters.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from tests.readers.fake_reader import ReaderService
from tests.readers.test_reader_fallback import Site, config, fetch, site  # noqa: F401
from tests.servers import serve
from webdistill.adapters.readers.base import ReaderSettings
from webdistill.adapters.readers.firecrawl import FirecrawlReader
from webdistill.adapters.readers.jina import JinaReader
from webdistill.doors.render import fetch_to_text

JINA_KEY = "jina_" + "5f3759df0badc0de" * 2 + "_" + "Zq7xEchoedKeyAbCdEfGhIjKlMnOp"[:28]
FIRECRAWL_KEY = "fc-" + "0badc0de5f3759df" * 2


@pytest.fixture
async def echoing_reader() -> AsyncIterator[tuple[str, dict[str, int]]]:
    """A reader answering 401 with the Authorization header in its message, after
    `state["pad"]` characters of filler."""
    state = {"pad": 0}

    async def jina(request: web.Request) -> web.Response:
        said = "x" * state["pad"] + " Invalid token: " + request.headers.get("Authorization", "")
        return web.json_response(
            {"code": 401, "name": "AuthenticationRequiredError", "status": 40103,
             "message": said, "readableMessage": said},
            status=401,
        )  # fmt: skip

    async def firecrawl(request: web.Request) -> web.Response:
        said = "x" * state["pad"] + " Unauthorized: " + request.headers.get("Authorization", "")
        return web.json_response({"success": False, "error": said}, status=401)

    app = web.Application()
    app.router.add_post("/", jina)
    app.router.add_post("/v1/scrape", firecrawl)
    async with serve(app) as base:
        yield base, state


def _no_key(text: str, key: str) -> None:
    assert key not in text, text
    assert key[:12] not in text, text  # not even the start of it, left by a cut
    assert key[-12:] not in text, text


@pytest.mark.parametrize("pad", [0, 150, 160, 170, 180, 190])
async def test_jina_error_hides_the_echoed_key(
    echoing_reader: tuple[str, dict[str, int]], pad: int
) -> None:
    base, state = echoing_reader
    state["pad"] = pad
    reader = JinaReader(ReaderSettings(name="jina", base_url=base, api_key=JINA_KEY))
    try:
        answer = await reader.read("https://example.org/page")
    finally:
        await reader.close()
    error = answer.failure()
    assert error.code.value == "PROVIDER_AUTH_FAILED" and "WEB_READER_API_KEY" in error.message
    _no_key(error.message + repr(dict(error.detail)), JINA_KEY)


@pytest.mark.parametrize("pad", [0, 150, 160, 170, 180, 190])
async def test_firecrawl_error_hides_the_echoed_key(
    echoing_reader: tuple[str, dict[str, int]], pad: int
) -> None:
    base, state = echoing_reader
    state["pad"] = pad
    reader = FirecrawlReader(ReaderSettings(name="firecrawl", base_url=base, api_key=FIRECRAWL_KEY))
    try:
        answer = await reader.read("https://example.org/page")
    finally:
        await reader.close()
    error = answer.failure()
    assert error.code.value == "PROVIDER_AUTH_FAILED"
    _no_key(error.message + repr(dict(error.detail)), FIRECRAWL_KEY)


async def test_the_fallback_notice_handed_to_the_model_hides_the_key(
    site: Site,  # noqa: F811
    echoing_reader: tuple[str, dict[str, int]],
) -> None:
    base, _ = echoing_reader
    cfg = config(ReaderService(base=base), reader_api_key=JINA_KEY)
    url = f"http://public-demo.net:{site.port}/article"
    outcome = await fetch(cfg, {"url": url, "prefer_reader": True})
    assert outcome.page is not None and "Jina Reader failed" in (outcome.page.notice or "")
    _no_key(fetch_to_text((outcome,), fence=True), JINA_KEY)
