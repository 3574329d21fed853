"""`python -m webdistill.tools.blocklist refresh`: the feed read in its real formats from a
real aiohttp server on 127.0.0.1, validated, written atomically; an empty, implausibly small,
non-list or failed download refused with the old snapshot left as it was.

The served feeds are excerpts of the real ones, kept in tests/data/: the first six (header)
lines of urlhaus-filter-domains.txt and urlhaus-filter-hosts.txt as published by
github.com/curbengh/urlhaus-filter (gh-pages branch, commit f6ba5a76, "Updated:
2025-07-19T12:11:28Z"), then 56 and 54 of their entry lines, unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp import web

from tests.servers import serve
from webdistill.adapters.blocklist import read_blocklist
from webdistill.tools import blocklist
from webdistill.tools.blocklist import FeedError, main, refresh

DATA = Path(__file__).parent / "data"
DOMAINS = (DATA / "urlhaus-filter-domains.excerpt.txt").read_text()
HOSTS = (DATA / "urlhaus-filter-hosts.excerpt.txt").read_text()
OLD = "# an older snapshot\n\nold.example.net\n"


def feed_app(body: str, *, status: int = 200, content_type: str = "text/plain") -> web.Application:
    async def handler(request: web.Request) -> web.Response:
        return web.Response(text=body, status=status, content_type=content_type)

    app = web.Application()
    app.router.add_get("/urlhaus-filter-domains.txt", handler)
    return app


@pytest.fixture
def output(tmp_path: Path) -> Path:
    path = tmp_path / "urlhaus-hosts.txt"
    path.write_text(OLD)
    return path


async def test_refresh_writes_the_feeds_hosts_with_their_source_date_and_licence(
    output: Path,
) -> None:
    async with serve(feed_app(DOMAINS)) as base:
        url = f"{base}/urlhaus-filter-domains.txt"
        feed = await refresh(url, output, min_entries=20, trust_env=False)
    assert (len(feed.entries), feed.addresses) == (30, 26)  # names kept, IP addresses left out
    assert feed.updated == "2025-07-19T12:11:28Z"
    text = output.read_text()  # noqa: ASYNC240 - the test reads what was written
    assert f"# Source: {url}\n" in text
    assert "# Feed updated: 2025-07-19T12:11:28Z\n" in text
    assert "CC0" in text and "URLhaus" in text
    hosts = read_blocklist(output)
    assert hosts == feed.entries
    assert {"0022a601.pphost.net", "za-business.com"} <= hosts
    assert "# Left out: the feed's 26 public IP addresses" in text
    assert sorted(p.name for p in output.parent.iterdir()) == [output.name]  # no temp left


async def test_keep_addresses_keeps_the_feeds_public_addresses(output: Path) -> None:
    async with serve(feed_app(DOMAINS)) as base:
        url = f"{base}/urlhaus-filter-domains.txt"
        feed = await refresh(url, output, min_entries=50, trust_env=False, keep_addresses=True)
    assert (len(feed.entries), feed.addresses) == (56, 0)
    assert {"1.0.209.238", "89.197.154.116"} <= read_blocklist(output)


async def test_the_hosts_file_format_is_read_too(output: Path) -> None:
    async with serve(feed_app(HOSTS)) as base:
        url = f"{base}/urlhaus-filter-domains.txt"
        feed = await refresh(url, output, min_entries=50, trust_env=False)
    assert len(feed.entries) == 54
    assert "0.0.0.0" not in feed.entries
    assert "0022a601.pphost.net" in read_blocklist(output)


@pytest.mark.parametrize(
    ("body", "status", "content_type", "says"),
    [
        ("\n".join(DOMAINS.splitlines()[:6]) + "\n", 200, "text/plain", "no host"),
        (DOMAINS, 200, "text/plain", "at least 1000"),
        ("<!doctype html><html><body><p>Sign in to the Wi-Fi</p></body></html>\n" * 20,
         200, "text/html", "not a host list"),
        ("Not Found", 404, "text/plain", "HTTP 404"),
    ],
)  # fmt: skip
async def test_a_bad_feed_is_refused_and_the_old_snapshot_kept(
    output: Path, body: str, status: int, content_type: str, says: str
) -> None:
    async with serve(feed_app(body, status=status, content_type=content_type)) as base:
        with pytest.raises(FeedError, match=says):
            await refresh(f"{base}/urlhaus-filter-domains.txt", output, trust_env=False)
    assert output.read_text() == OLD  # noqa: ASYNC240 - the test reads what was written
    assert [p.name for p in output.parent.iterdir()] == [output.name]


async def test_non_public_addresses_are_dropped_and_names_made_canonical(output: Path) -> None:
    extra = "127.0.0.1\n10.1.2.3\n192.168.0.1\n169.254.169.254\nMixed.Case.Example-Bad.COM.\n"
    async with serve(feed_app(DOMAINS + extra)) as base:
        feed = await refresh(
            f"{base}/urlhaus-filter-domains.txt",
            output,
            min_entries=50,
            trust_env=False,
            keep_addresses=True,
        )
    assert feed.dropped == 4
    assert not {"127.0.0.1", "10.1.2.3", "192.168.0.1", "169.254.169.254"} & feed.entries
    assert "mixed.case.example-bad.com" in read_blocklist(output)


async def test_the_command_refreshes_from_a_url(
    output: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)  # the command honours them; not here
    monkeypatch.delenv("all_proxy", raising=False)
    async with serve(feed_app(DOMAINS)) as base:
        argv = ["refresh", "--url", f"{base}/urlhaus-filter-domains.txt", "--output", str(output)]
        code = await blocklist.amain([*argv, "--min-entries", "50", "--keep-addresses"])
    assert code == 0
    assert "56 hosts" in capsys.readouterr().out
    assert len(read_blocklist(output)) == 56


def test_the_command_converts_a_downloaded_file(tmp_path: Path, output: Path) -> None:
    saved = tmp_path / "feed.txt"
    saved.write_text(DOMAINS)
    code = main(["refresh", "--input", str(saved), "--output", str(output), "--min-entries", "20"])
    assert code == 0
    assert len(read_blocklist(output)) == 30
    assert f"# Source: {saved}" in output.read_text()


def test_the_command_says_what_to_do_with_a_bad_argument(
    output: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["refresh", "--input", "/nonexistent/feed.txt", "--output", str(output)]) == 1
    assert "Cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["refresh", "--min-entries", "0", "--output", str(output)])
    assert "at least 1" in capsys.readouterr().err
    assert output.read_text() == OLD


def test_show_describes_the_shipped_snapshot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show"]) == 0
    out = capsys.readouterr().out
    assert "URLhaus" in out and "Feed updated:" in out and "hosts" in out
