"""When the browser is used, without a browser: a flagged page says how to install one,
`WEB_RENDER=never` and raw reads never render, and the tool schema and CLI offer `render`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.browser.site import fixture_app
from tests.servers import serve
from webdistill import Config, build
from webdistill.doors.cli.main import build_parser


@pytest.fixture
async def base() -> AsyncIterator[str]:
    async with serve(fixture_app({})) as url:
        yield url


@pytest.fixture
def no_browser_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))


def config(**changes: object) -> Config:
    return Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off", **changes)  # type: ignore[arg-type]


async def test_without_a_browser_a_shell_says_how_to_install_one(
    base: str, no_browser_anywhere: None
) -> None:
    async with build(config()) as toolkit:
        outcome = (await toolkit.fetch({"url": base + "/article"})).unwrap()[0]
    page = outcome.page
    assert page is not None and page.reader is None
    assert "needs_javascript" in page.flags
    assert page.notice is not None
    assert "no Chromium found" in page.notice
    assert "apt-get install chromium-headless-shell" in page.notice
    assert "WEB_BROWSER_PATH" in page.notice


async def test_never_and_raw_leave_the_page_as_served(base: str, no_browser_anywhere: None) -> None:
    async with build(config(render="never")) as toolkit:
        never = (await toolkit.fetch({"url": base + "/article", "render": True})).unwrap()[0]
    assert never.page is not None and "no Chromium" not in (never.page.notice or "")
    async with build(config()) as toolkit:
        raw = (await toolkit.fetch({"url": base + "/article", "extract_mode": "raw"})).unwrap()
    assert raw[0].page is not None and '<div id="app">' in raw[0].page.content


def test_the_schema_and_the_cli_offer_render() -> None:
    from webdistill.kernel.schemas import tool_schemas

    fetch = next(s for s in tool_schemas() if s["name"] == "web_fetch")
    assert fetch["parameters"]["properties"]["render"]["type"] == "boolean"
    args = build_parser().parse_args(["fetch", "--render", "https://example.org/"])
    assert args.render is True
