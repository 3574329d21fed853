"""A key a search provider or the LLM endpoint echoes back in another form never reaches the
model (issue 25 item 4, found by an attack on the released code).

`without_secret` replaced exact occurrences only, and the error text was then normalised
(newlines folded into spaces): an echo wrapped over lines (7-character lines here) came out
as `Kbrave SeCrEt- 0123456 789-abc defXYZ`, the whole key readable; an echo base64'd
(headers echoed encoded) or with HTML entities (`&#45;`) passed untouched. Seen the same for
Brave, Tavily, Exa, Serper and the LLM endpoint (COMPRESSION_FAILED).

The server is `tests/echo_server.py` on 127.0.0.1: it answers 401 echoing every header, the
URL and the body, each in one form. Each test checks the key is not in the text the model
gets under any reading of it (whitespace removed, HTML entities, percent- and JSON-escapes
undone, any letter case, any base64 word decoded at any alignment), and that a mask is there
(the key was echoed, and hidden).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import html
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest
from returns.pipeline import is_successful

from tests.echo_server import MODES, echo_app
from tests.providers.fake_provider import settings_for
from tests.servers import serve
from webdistill.adapters.compress.llm import LlmCompressor, LlmSettings
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.kernel import ErrorCode, SearchQuery

KEY = "KbraveSeCrEt-0123456789-abcdefXYZ"
HERE = Path(__file__).parent
#: Which setting carries each provider's key.
KEY_FIELDS = {
    "brave": "brave_api_key", "tavily": "tavily_api_key", "exa": "exa_api_key",
    "serper": "serper_api_key",
}  # fmt: skip


def readings(text: str) -> list[str]:
    """`text` as someone determined to find the key could read it."""
    flat = re.sub(r"\s+", "", text)
    unescaped = flat
    for _ in range(3):  # escaped more than once: JSON quoted inside JSON
        unescaped = re.sub(r"\\+/", "/", unescaped)
        unescaped = re.sub(r"\\+u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), unescaped)
        unescaped = urllib.parse.unquote(html.unescape(unescaped))
    out = [flat, unescaped, unescaped.lower()]
    for word in re.findall(r"[A-Za-z0-9+/_\-]{8,}={0,2}", re.sub(r"\s+", "", text)):
        for skip in range(4):
            chunk = word[skip:]
            chunk = chunk[: len(chunk) - len(chunk) % 4]
            for decode in (base64.b64decode, base64.urlsafe_b64decode):
                with contextlib.suppress(binascii.Error, ValueError):
                    out.append(decode(chunk).decode("latin-1"))
    return out


def assert_hidden(text: str, key: str = KEY) -> None:
    for reading in readings(text):
        assert key not in reading and key.lower() not in reading.lower(), text
    assert "***" in text, text  # it was echoed, and masked


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("mode", ["split", "b64", "html"])
def test_echoed_key_in_another_form_end_to_end(mode: str) -> None:
    """The attack as found: `webdistill --json search` against Brave's endpoint."""
    port = _port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.echo_server", str(port)],
        env={**os.environ, "ECHO_MODE": mode, "ECHO_STATUS": "401"},
        cwd=HERE.parent,
    )
    try:
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("WEB_") and not k.endswith("_API_KEY")
        }
        env.update(
            BRAVE_API_KEY=KEY, WEB_SEARCH_PROVIDER="brave", WEB_CACHE="memory",
            WEB_PROVIDER_ENDPOINTS=f"brave=http://127.0.0.1:{port}",
        )  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", "webdistill", "--json", "search", "q"],
            env=env, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    finally:
        server.kill()
        server.wait()
    out = done.stdout + done.stderr
    assert "PROVIDER_AUTH_FAILED" in out, out
    assert_hidden(out)


@pytest.mark.parametrize("mode", [m for m in MODES if m != "raw"])
@pytest.mark.parametrize("name", sorted(KEY_FIELDS))
async def test_every_keyed_provider_hides_every_form(name: str, mode: str) -> None:
    async with serve(echo_app(mode)) as base:
        settings = settings_for(base, provider=name, **{KEY_FIELDS[name]: KEY})
        async with SearchProviders(settings) as providers:
            result = await providers.search(SearchQuery("q"))
    error = result.failure()
    assert error.code is ErrorCode.PROVIDER_AUTH_FAILED, error
    assert_hidden(error.message + json.dumps(dict(error.detail)))


@pytest.mark.parametrize("mode", [m for m in MODES if m != "raw"])
async def test_the_llm_endpoint_hides_every_form(mode: str) -> None:
    async with serve(echo_app(mode)) as base:
        compressor = LlmCompressor(
            LlmSettings(base_url=f"{base}/v1", model="m", api_key=KEY, timeout_s=5.0)
        )
        try:
            result = await compressor("# Title\n\nSome page text. " * 20, "")
        finally:
            await compressor.close()
    assert not is_successful(result)
    error = result.failure()
    assert error.code is ErrorCode.COMPRESSION_FAILED
    assert_hidden(error.message + json.dumps(dict(error.detail)))
