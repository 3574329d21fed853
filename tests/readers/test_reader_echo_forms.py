"""A hosted reader that echoes our `Authorization` header in another form never puts
WEB_READER_API_KEY into the model's text (issue 25 item 4).

Found by an attack on the released code: echoed wrapped over lines (or base64'd), the key
went through, since the redaction replaced the exact key only and the text was then folded
onto one line (`jina_5f3 759df0b ...`). Key shape: Jina's (`jina_` + 32 hex + `_` + 28
URL-safe characters, Jina Reader's API authentication page), as in test_reader_secrets.py.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json

import pytest
from aiohttp import web

from tests.echo_server import MODES, echo_app
from tests.servers import serve
from tests.test_secrets_echo_forms import assert_hidden
from webdistill.adapters.readers.base import ReaderSettings
from webdistill.adapters.readers.firecrawl import FirecrawlReader
from webdistill.adapters.readers.jina import JinaReader

KEY = "jina_" + "5f3759df0badc0de" * 2 + "_" + "Zq7xEchoedKeyAbCdEfGhIjKlMnO"


@pytest.mark.parametrize("form", ["wrapped", "base64"])
async def test_the_attack_wrapped_or_base64(form: str) -> None:
    async def jina(request: web.Request) -> web.Response:
        header = request.headers.get("Authorization", "")
        if form == "wrapped":
            said = "Invalid token:\n" + "\n".join(
                header[i : i + 8] for i in range(0, len(header), 8)
            )
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
        with contextlib.suppress(binascii.Error, ValueError):
            decoded += base64.b64decode(word + "==").decode("latin-1")
    assert KEY not in flat and KEY not in decoded, message


@pytest.mark.parametrize("mode", [m for m in MODES if m != "raw"])
@pytest.mark.parametrize(
    ("reader_class", "envelope"), [(JinaReader, "jina"), (FirecrawlReader, "firecrawl")]
)
async def test_every_form_of_the_echo_is_hidden(
    mode: str, reader_class: type, envelope: str
) -> None:
    """Every form `tests/echo_server.py` writes (wrapped, spaced, percent-, JSON- and
    entity-escaped, upper-cased, base64'd plain and MIME-wrapped), for both hosted readers."""
    async with serve(echo_app(mode, envelope=envelope)) as base:
        reader = reader_class(ReaderSettings(name="r", base_url=base, api_key=KEY))
        try:
            answer = await reader.read("https://example.org/page")
        finally:
            await reader.close()
    error = answer.failure()
    assert_hidden(error.message + json.dumps(dict(error.detail)), KEY)
