"""Attack (issue 25 item 4): a hosted reader that echoes the Authorization header wrapped over
lines (or base64'd) puts WEB_READER_API_KEY into the model's text: the redaction replaces the
exact key only, then the text is folded onto one line (`jina_5f3 759df0b ...`)."""

from __future__ import annotations

import base64

import pytest
from aiohttp import web

from tests.servers import serve
from webdistill.adapters.readers.base import ReaderSettings
from webdistill.adapters.readers.jina import JinaReader

KEY = "jina_" + "5f3759df0badc0de" * 2 + "_" + "Zq7xEchoedKeyAbCdEfGhIjKlMnO"


@pytest.mark.parametrize("form", ["wrapped", "base64"])
async def test_reader_echo_in_another_form(form: str) -> None:
    async def jina(request: web.Request) -> web.Response:
        header = request.headers.get("Authorization", "")
        if form == "wrapped":
            said = "Invalid token:\n" + "\n".join(header[i : i + 8] for i in range(0, len(header), 8))
        else:
            said = "Invalid token (base64): " + base64.b64encode(header.encode()).decode()
        return web.json_response(
            {"code": 401, "name": "AuthenticationRequiredError", "message": said,
             "readableMessage": said}, status=401,
        )  # fmt: skip

    app = web.Application()
    app.router.add_post("/", jina)
    async with serve(app) as base:
        reader = JinaReader(ReaderSettings(name="jina", base_url=base, api_key=KEY))
        try:
            answer = await reader.read("https://example.org/page")
        finally:
            await reader.close()
    message = answer.failure().message
    flat = message.replace(" ", "")
    decoded = ""
    for word in message.replace(")", " ").replace(".", " ").split():
        try:
            decoded += base64.b64decode(word + "==").decode("latin-1")
        except Exception:
            pass
    assert KEY not in flat and KEY not in decoded, message
