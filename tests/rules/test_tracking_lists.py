"""Tracking parameters from maintained lists: DuckDuckGo's (Apache-2.0) and Brave's (MPL-2.0).

Sources: duckduckgo/privacy-configuration `features/tracking-parameters.json` @58293df and
brave/brave-core `components/query_filter/utils.cc` @4d9ded2 (each name there cites the
brave-browser issue that added it: `si` on YouTube is issue 34719, `mkt_tok` kept on
Marketo unsubscribe pages is issue 9018). The YouTube share link shape (`youtu.be/ID?si=`)
is the one YouTube's share button writes (brave-browser issue 34719).
"""

from __future__ import annotations

import pytest

from webdistill.kernel.urls import UrlPolicy, check_url, strip_tracking


@pytest.mark.parametrize(
    "url",
    [
        "https://youtu.be/dQw4w9WgXcQ?si=B_RZg_I-lLaa7UU-",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ&si=B_RZg_I-lLaa7UU-",
        "https://m.youtube.com/watch?v=dQw4w9WgXcQ&si=B_RZg_I-lLaa7UU-",
    ],
)
def test_youtube_share_id_is_stripped_on_youtube(url: str) -> None:
    assert "si=" not in strip_tracking(url)
    assert "si=" not in check_url(url, UrlPolicy()).unwrap()


def test_a_scoped_name_selects_content_elsewhere_and_is_kept() -> None:
    url = "https://docs.example.com/units?si=metric&page=2"
    assert strip_tracking(url) == url
    tagged = "https://stackoverflow.com/questions/tagged?tag=python"  # `tag` selects content
    assert strip_tracking(tagged) == tagged


@pytest.mark.parametrize(
    "name",
    ["fb_source", "fb_ref", "ga_campaign", "gs_l", "hmb_source", "action_ref_map"],  # DDG
)
def test_duckduckgos_names_are_stripped(name: str) -> None:
    url = f"https://news.example.com/story?id=7&{name}=x"
    assert strip_tracking(url) == "https://news.example.com/story?id=7"


@pytest.mark.parametrize(
    "name",
    ["_branch_match_id", "oft_id", "irclickid", "bsft_clkid", "guce_referrer", "ymclid"],  # Brave
)
def test_braves_names_are_stripped(name: str) -> None:
    url = f"https://shop.example.com/item?id=7&{name}=x"
    assert strip_tracking(url) == "https://shop.example.com/item?id=7"
    assert check_url(url, UrlPolicy()).unwrap() == "https://shop.example.com/item?id=7"


def test_mkt_tok_is_kept_where_the_page_needs_it() -> None:
    unsubscribe = "https://go.example.com/UnsubscribePage.html?mkt_unsubscribe=1&mkt_tok=NzA5"
    assert strip_tracking(unsubscribe) == unsubscribe
    assert check_url(unsubscribe, UrlPolicy()).unwrap() == unsubscribe
    article = "https://go.example.com/article?id=3&mkt_tok=NzA5"
    assert strip_tracking(article) == "https://go.example.com/article?id=3"


def test_amazon_and_alibaba_trackers_are_stripped_on_their_sites_only() -> None:
    """tidy-url's Amazon/AliExpress names (DrKain/tidy-url data/rules.js @234e706, MIT)
    apply on those shops only; the names that select content stay (README: keywords,
    psc, smid)."""
    amazon = (
        "https://www.amazon.co.uk/dp/B0ABC12345?psc=1&smid=A1B2&tag=someaff-21"
        "&linkCode=ll1&pd_rd_w=Xyz&keywords=kettle"
    )
    assert strip_tracking(amazon) == (
        "https://www.amazon.co.uk/dp/B0ABC12345?psc=1&smid=A1B2&keywords=kettle"
    )
    elsewhere = "https://notamazon.com/shop?tag=kettles&spm=1&linkCode=x"
    assert strip_tracking(elsewhere) == elsewhere
    assert strip_tracking("https://detail.tmall.com/item.htm?id=1&spm=a1.b2") == (
        "https://detail.tmall.com/item.htm?id=1"
    )
