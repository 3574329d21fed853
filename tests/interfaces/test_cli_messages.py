"""Messages for who reads them: the CLI names options and variables, MCP keeps tool wording.

Each test runs the real command (or the MCP call path) and asserts the words a person (or a
model) needs to act: the option to type, the variable to set.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.interfaces.sites import local_env, run_cli, site_app
from tests.servers import serve


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


async def test_plain_http_names_web_allow_http() -> None:
    ran = await run_cli("fetch", "http://shore.example/")
    assert ran.code == 3
    assert "WEB_ALLOW_HTTP=true" in ran.out


async def test_private_address_names_web_allow_private_network() -> None:
    ran = await run_cli("fetch", "https://10.0.0.1/")
    assert ran.code == 3
    assert "WEB_ALLOW_PRIVATE_NETWORK=true" in ran.out and "WEB_TRUSTED_ADDRESSES" in ran.out


async def test_metadata_address_says_it_stays_blocked() -> None:
    ran = await run_cli("fetch", "https://169.254.169.254/", "--json")
    (outcome,) = json.loads(ran.out)["results"]
    message = outcome["error"]["message"]
    assert "stay blocked" in message and "WEB_ALLOW_PRIVATE_NETWORK=true" not in message


async def test_compress_without_compressor_names_the_options(site: str) -> None:
    ran = await run_cli("fetch", f"{site}/article", "--compress", env=local_env(site))
    assert ran.code == 2
    assert "--compress was given" in ran.out and "WEB_COMPRESSOR=extractive" in ran.out
    assert "compress=true" not in ran.out


async def test_start_index_past_the_end_names_the_option(site: str) -> None:
    ran = await run_cli("fetch", f"{site}/article", "--start-index", "900000", env=local_env(site))
    assert ran.code == 2
    assert "--start-index 900000 is past the end" in ran.out
    assert "start_index" not in ran.out


async def test_extract_of_a_local_file_speaks_of_the_file(tmp_path: Path) -> None:
    picture = tmp_path / "photo.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    ran = await run_cli("extract", str(picture))
    assert ran.code == 4
    assert "This file is an image" in ran.err and "URL" not in ran.err


async def test_mcp_keeps_the_model_wording() -> None:
    from tests.fakes import FakeBackend
    from tests.interfaces.fake_toolkit import KernelToolkit
    from webdistill.doors.mcp.server import call_tool

    toolkit = KernelToolkit(FakeBackend())
    answer = await call_tool(toolkit, "web_fetch", {"url": "http://a.example/"}, fence=True)
    text = answer.content[0].text  # type: ignore[union-attr]
    assert "Plain http URLs are not allowed" in text and "WEB_ALLOW_HTTP" not in text


def test_config_shows_the_defaults_in_force(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    from webdistill.doors.cli.main import main

    for key in list(os.environ):
        if key.startswith("WEB_") or key.endswith("_API_KEY") or key == "SEARXNG_URL":
            monkeypatch.delenv(key)
    monkeypatch.setenv("WEB_CONCURRENCY", "4")
    assert main(["config"]) == 0
    lines = {line.split("=")[0].strip(): line for line in capsys.readouterr().out.splitlines()}
    assert "webdistill/0.1" in lines["WEB_USER_AGENT"] and "(default)" in lines["WEB_USER_AGENT"]
    assert "on for MCP, off for the CLI" in lines["WEB_FENCE_UNTRUSTED"]
    assert "WEB_FETCH_TIMEOUT_MS" in lines and "15000" in lines["WEB_FETCH_TIMEOUT_MS"]
    assert "(default)" not in lines["WEB_CONCURRENCY"]
    assert "(not set)" not in lines["WEB_USER_AGENT"] + lines["WEB_PROXY"]
    assert main(["config", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert "WEB_USER_AGENT" in shown["defaults"] and "WEB_CONCURRENCY" not in shown["defaults"]
