"""Edges of the blocklist fixes (issue 25 item 6, after the attack): address spellings on
the user's own lists, and what `refresh` says and keeps.

The public suffixes named are the Public Suffix List's own entries (publicsuffix.org: `co.uk`
ICANN section, `github.io` and `ams1.vultrobjects.com` private section).
"""

from __future__ import annotations

from pathlib import Path

from returns.pipeline import is_successful

from webdistill.kernel.urls import UrlPolicy, check_url
from webdistill.tools import blocklist as tool

MAPPED = "https://[::ffff:93.184.215.14]/"
NAT64 = "https://[64:ff9b::5db8:d70e]/"  # RFC 6052 well-known prefix + 93.184.215.14


def test_the_users_blocklist_catches_an_ipv6_spelling_of_a_listed_address() -> None:
    policy = UrlPolicy(blocklist=("93.184.215.14",))
    assert not is_successful(check_url(MAPPED, policy))
    assert not is_successful(check_url(NAT64, policy))


def test_an_allowlisted_address_does_not_admit_its_ipv6_spellings() -> None:
    """A NAT64/6to4 form reaches a translator, not surely the host: never widen an allowlist."""
    policy = UrlPolicy(allowlist=("93.184.215.14",))
    assert is_successful(check_url("https://93.184.215.14/", policy))
    assert not is_successful(check_url(NAT64, policy))


def test_a_mapped_address_in_the_feed_is_kept_as_ipv4() -> None:
    feed = tool.parse_feed("::ffff:93.184.215.14\n", keep_addresses=True)
    assert feed.entries == frozenset({"93.184.215.14"})


def test_public_suffixes_are_left_out_counted_and_named_in_the_summary(tmp_path: Path) -> None:
    names = [f"m{i}.bad-demo.com" for i in range(1200)]
    feed = tool.parse_feed("\n".join([*names, "github.io", "co.uk", "ams1.vultrobjects.com"]))
    assert feed.suffixes == ("ams1.vultrobjects.com", "co.uk", "github.io")
    assert "m1.bad-demo.com" in feed.entries and "github.io" not in feed.entries
    out = tmp_path / "hosts.txt"
    tool.save(feed, out, "test")
    assert "# Left out: 3 public suffixes (Public Suffix List)" in out.read_text()
    assert "github.io" in tool._summary(feed, out)


def test_the_shipped_snapshot_lists_no_public_suffix() -> None:
    from webdistill.adapters.blocklist import read_blocklist

    assert [name for name in read_blocklist() if tool.is_public_suffix(name)] == []


def test_a_source_that_is_a_path_is_written_as_it_is(tmp_path: Path) -> None:
    feed = tool.parse_feed("\n".join(f"m{i}.bad-demo.com" for i in range(1200)))
    source = "/srv/feeds/urlhaus_filter_domains_2026_11_26_copy.txt"
    tool.save(feed, tmp_path / "hosts.txt", source)
    assert f"# Source: {source}\n" in (tmp_path / "hosts.txt").read_text()
