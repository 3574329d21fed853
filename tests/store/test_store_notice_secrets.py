"""The result store's notice (text handed to the model) shows no password and no home path.

- A Redis store that is down: its URL carries a password as user-info and as `?password=`
  (both are read by redis-py's `from_url`); the notice and the operator's log name the store
  with both masked. The Redis is real, started then stopped: nothing listens at its address.
- A disk store whose file is damaged: its notice names the folder relative to the home
  folder (`~/...`), never by the absolute path that carries the local user's name. HOME is
  pointed at a folder of the test, as a login shell sets it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.interfaces.sites import LOOPBACK_ONLY_QUERY, site_app
from tests.servers import serve
from tests.store.pages import CountingSite, counting_site
from tests.store.redis_server import redis_server
from webdistill import Config, build
from webdistill.adapters.store.disk_db import FILE_NAME
from webdistill.doors.render import search_to_text

PASSWORD = "Zq7xREDISpassword0x5f3759df"


@pytest.fixture
async def search_site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


@pytest.fixture
async def page_site() -> AsyncIterator[CountingSite]:
    async with counting_site() as running:
        yield running


@pytest.fixture
def dead_redis() -> Iterator[str]:
    with redis_server() as url:  # started, then stopped
        pass
    yield url


@pytest.mark.parametrize(
    "shape",
    ["redis://:{pw}@{hostport}", "redis://app:{pw}@{hostport}", "redis://{hostport}?password={pw}"],
)
async def test_the_redis_down_notice_and_log_hide_the_password(
    search_site: str, dead_redis: str, shape: str, caplog: pytest.LogCaptureFixture
) -> None:
    hostport = dead_redis.removeprefix("redis://")  # 127.0.0.1:PORT/0
    url = shape.format(pw=PASSWORD, hostport=hostport)
    config = Config(
        allow_http=True, allow_private_network=True, search_provider="duckduckgo",
        provider_endpoints={"duckduckgo": search_site}, cache=url,
    )  # fmt: skip
    with caplog.at_level(logging.WARNING, logger="webdistill.store"):
        async with build(config) as toolkit:
            outcomes = (await toolkit.search({"query": LOOPBACK_ONLY_QUERY})).unwrap()
    (outcome,) = outcomes
    assert outcome.notice is not None and "result store" in outcome.notice  # the store was down
    text = search_to_text(outcomes, fence=False)
    assert PASSWORD not in text, text
    assert "127.0.0.1:" in text  # the store is still named
    assert caplog.records and PASSWORD not in caplog.text


async def test_the_disk_store_notice_names_the_folder_from_home(
    tmp_path: Path, page_site: CountingSite, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home" / "alice-the-user"
    monkeypatch.setenv("HOME", str(home))
    folder = home / ".cache" / "webdistill" / "store-v1"
    folder.mkdir(parents=True)
    (folder / FILE_NAME).write_bytes(b"this was a database once " * 400)
    config = Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk",
        cache_dir=str(home / ".cache" / "webdistill"), max_content_chars=5000,
    )  # fmt: skip
    async with build(config) as toolkit:
        outcome = (await toolkit.fetch({"url": f"{page_site.base}/long"})).unwrap()[0]
    assert outcome.page is not None and outcome.page.notice is not None
    notice = outcome.page.notice
    assert "result store" in notice  # the store failed and the page says so
    assert str(home) not in notice and "alice-the-user" not in notice, notice
    assert "store-v1" in notice  # the folder is named, without the path to it
