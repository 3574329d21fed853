"""Tracker stripping: every listed tracking parameter goes, in any case and spelling, and
nothing else does (near misses, order, empty pairs, fragments are kept)."""

from __future__ import annotations

import pytest
from returns.pipeline import is_successful

from webdistill.kernel.urls import UrlPolicy, check_url, is_tracking_parameter, strip_tracking

# Written out here, not read from the module: removing an entry there must fail a test.
TRACKERS = [
    "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "mc_eid", "mc_cid",
    "_ga", "_gl", "yclid", "ysclid", "igshid", "igsh", "ref_src", "ref_url", "twclid",
    "ttclid", "li_fat_id", "epik", "srsltid", "_hsenc", "_hsmi", "__hssc", "__hstc", "__hsfp",
    "hsctatracking", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "vero_conv",
    "rb_clickid", "s_cid", "wickedid", "_openstat", "__s", "_kx", "sc_cid", "ss_campaign_id",
    "ss_campaign_name", "ss_source",
    "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "utm_id", "utm_",
]  # fmt: skip


def clean(url: str) -> str:
    result = check_url(url, UrlPolicy())
    assert is_successful(result), result
    return result.unwrap()


@pytest.mark.parametrize("name", TRACKERS)
def test_each_tracking_parameter_is_stripped(name: str) -> None:
    url = f"https://shop.example.com/item?id=7&{name}=abc&color=red"
    assert strip_tracking(url) == "https://shop.example.com/item?id=7&color=red"
    assert clean(url) == "https://shop.example.com/item?id=7&color=red"
    assert is_tracking_parameter(name)


@pytest.mark.parametrize("name", TRACKERS)
def test_each_tracking_parameter_is_matched_case_insensitively(name: str) -> None:
    assert strip_tracking(f"https://a.example.com/?{name.upper()}=1&q=2") == (
        "https://a.example.com/?q=2"
    )
    assert is_tracking_parameter(name.upper())


@pytest.mark.parametrize("name", [n for n in TRACKERS if not n.startswith("utm_")])
def test_names_are_exact_not_prefixes(name: str) -> None:
    for near in (name + "x", "x" + name, name[:-1]):
        if near in TRACKERS:
            continue
        assert not is_tracking_parameter(near)
        url = f"https://a.example.com/?{near}=1"
        assert strip_tracking(url) == url


@pytest.mark.parametrize("name", ["utm", "utmsource", "xutm_source", "ut_m", "source", "ref", "id"])
def test_utm_is_a_prefix_rule_only_with_its_underscore(name: str) -> None:
    assert not is_tracking_parameter(name)
    assert strip_tracking(f"https://a.example.com/?{name}=1") == f"https://a.example.com/?{name}=1"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        # a percent-encoded or space-padded name is still the tracker it spells
        ("https://a.example.com/?utm%5Fsource=1&k=2", "https://a.example.com/?k=2"),
        ("https://a.example.com/?%66bclid=1&k=2", "https://a.example.com/?k=2"),
        ("https://a.example.com/?%20gclid%20=1&k=2", "https://a.example.com/?k=2"),
        # a name without a value is judged by its name
        ("https://a.example.com/?fbclid&k=2", "https://a.example.com/?k=2"),
        # the value never matters
        ("https://a.example.com/?k=fbclid", "https://a.example.com/?k=fbclid"),
        # every pair a tracker (or empty): no "?" left, the fragment kept
        ("https://a.example.com/p?utm_source=1&fbclid=2", "https://a.example.com/p"),
        ("https://a.example.com/p?&utm_source=1&", "https://a.example.com/p"),
        ("https://a.example.com/p?fbclid=1#top", "https://a.example.com/p#top"),
        ("https://a.example.com/p?#top", "https://a.example.com/p#top"),
        ("https://a.example.com/p?", "https://a.example.com/p"),
        # others keep their order, duplicates and empty pairs between them
        ("https://a.example.com/?b=1&utm_id=2&a=3&b=4", "https://a.example.com/?b=1&a=3&b=4"),
        ("https://a.example.com/?a=1&&b=2", "https://a.example.com/?a=1&&b=2"),
        # no query at all: the URL comes back as it is, fragment included
        ("https://a.example.com/p#utm_source=1", "https://a.example.com/p#utm_source=1"),
    ],
)
def test_strip_tracking_forms(url: str, expected: str) -> None:
    assert strip_tracking(url) == expected


@pytest.mark.parametrize("value", [None, 42, b"https://a.example.com/?fbclid=1"])
def test_strip_tracking_never_raises(value: object) -> None:
    assert strip_tracking(value) == ""  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://a.example.com/?utm_source=1", "https://a.example.com/"),
        ("https://a.example.com/?&&", "https://a.example.com/"),
        ("https://a.example.com/?utm_source=x%20y&q=a%20b", "https://a.example.com/?q=a%20b"),
        ("https://a.example.com/x?fbclid=1#frag", "https://a.example.com/x"),
    ],
)
def test_check_url_drops_an_emptied_query(url: str, expected: str) -> None:
    assert clean(url) == expected
