"""Attacks on the default malware blocklist (issue 25 item 6), kept as regression tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from returns.pipeline import is_successful

from webdistill.adapters.blocklist import read_blocklist
from webdistill.compose import url_policy
from webdistill.config import Config, ConfigError
from webdistill.kernel.urls import UrlPolicy, check_url
from webdistill.tools import blocklist as tool

LISTED = "05webinvite.com"  # in the shipped snapshot


@pytest.mark.parametrize(
    "url",
    [f"https://{LISTED}/", f"https://{LISTED.upper()}/", f"https://{LISTED}./",
     f"https://www.{LISTED}/", f"https://a.b.{LISTED}:8443/x", f"https://{LISTED}:443/",
     "https://05webinvite\u3002com/", "https://05webinvite\uff0ecom/", "https://\uff105webinvite.com/",
     "https://\ud55c\uc544\uc815\ubcf4.com/", "https://XN--ON3B15M2LCO2U.COM/",
     "https://www.\ud55c\uc544\uc815\ubcf4.com./"],
)  # fmt: skip
def test_listed_hosts_in_every_spelling_are_refused(url: str) -> None:  # HELD
    assert not is_successful(check_url(url, UrlPolicy(default_blocklist=read_blocklist())))


@pytest.mark.parametrize("value", ["false", "FALSE", "0", "no", "off"])
def test_default_blocklist_off(value: str) -> None:  # HELD where the value is accepted
    try:
        config = Config.from_env({"WEB_DEFAULT_BLOCKLIST": value})
    except ConfigError:
        pytest.skip(f"{value!r} is refused with a ConfigError (fine)")
    assert url_policy(config).default_blocklist == frozenset()
    assert is_successful(check_url(f"https://{LISTED}/", url_policy(config)))


@pytest.mark.parametrize(
    "url", ["https://[::ffff:5db8:d70e]/", "https://1572394766/", "https://0x5db8d70e/",
            "https://93.184.0xd70e/", "https://[::ffff:93.184.215.14]/"]
)  # fmt: skip
def test_a_listed_address_in_other_spellings_is_refused(url: str) -> None:
    """With --keep-addresses, a listed IPv4 address 'only itself': every spelling of it."""
    policy = UrlPolicy(default_blocklist=frozenset({"93.184.215.14"}))
    assert not is_successful(check_url(url, policy)), check_url(url, policy)


def test_refresh_refuses_a_feed_that_lists_public_suffixes(tmp_path: Path) -> None:
    """A mirror (--url) or a bad feed day listing `github.io` / `co.uk` blocks every site
    under them; urlhaus-filter itself strips popular domains, refresh checks nothing."""
    names = [f"m{i}.bad-demo.com" for i in range(1200)] + ["github.io", "co.uk", "pypi.org"]
    feed = tool.parse_feed("\n".join(names))
    out = tmp_path / "hosts.txt"
    try:
        tool.save(feed, out, "test")
    except tool.FeedError:
        return
    written = set(out.read_text().split())
    assert not {"github.io", "co.uk"} & written, "public suffixes taken into the snapshot"


def test_refresh_does_not_write_a_mirror_urls_credentials_into_the_snapshot(
    tmp_path: Path,
) -> None:
    """`--url https://user:token@mirror/...?token=...`: the header's Source line keeps the
    URL as given, in a 0644 file inside the installed package (and `show` prints it)."""
    feed = tool.parse_feed("\n".join(f"m{i}.bad-demo.com" for i in range(1200)))
    out = tmp_path / "hosts.txt"
    tool.save(
        feed,
        out,
        "https://ci:glpat-AbCdEfGhIjKlMnOpQrSt@mirror.example.net/feed.txt?private_token=s3cr3tvalue",
    )
    text = out.read_text()
    assert "glpat-AbCdEfGhIjKlMnOpQrSt" not in text and "s3cr3tvalue" not in text


async def test_a_download_timeout_says_what_happened() -> None:
    """A server that trickles (slowloris) is cut at the total timeout (HELD, 120 s by default),
    but the message reads 'Cannot download URL: .' (TimeoutError has no text)."""
    import asyncio

    async def trickle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")
        for _ in range(100):
            writer.write(b"a")
            await writer.drain()
            await asyncio.sleep(0.2)

    server = await asyncio.start_server(trickle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(tool.FeedError) as caught:
            await tool.download(f"http://127.0.0.1:{port}/", trust_env=False, timeout_s=1.0)
    finally:
        server.close()
    assert f"{port}/: ." not in str(caught.value), str(caught.value)
