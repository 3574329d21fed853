"""Per-call options as each provider really takes them: values from the provider's own list.

Sources of the lists (see src/adapters/providers/value_lists.py):
- Brave: brave/brave-search-mcp-server `src/tools/web/params.ts` @2748b47 (country and
  search_lang enums);
- DuckDuckGo: its region list as SearXNG reads it from duckduckgo.com
  (searxng/searxng `searx/data/engine_traits.json` @9fea412);
- SearXNG: `searx/sxng_locales.py` and the form check `VALID_LANGUAGE_CODE` in
  `searx/webutils.py` @9fea412 (anything else is HTTP 400);
- Tavily: the country enum of tavily-ai/tavily-mcp `src/index.ts` @bf78c13; the current
  server (@7bcf907) describes the property as "Must be a full country name";
- OpenSERP: karust/openserp README "Query Parameters" (`region`) @9f68086.
"""

from __future__ import annotations

import re

import pytest

from webdistill.adapters.providers import brave, duckduckgo, exa, openserp, searxng, tavily
from webdistill.adapters.providers.value_lists import (
    BRAVE_COUNTRIES,
    DDG_REGIONS,
    SEARXNG_LOCALES,
    TAVILY_COUNTRIES,
)
from webdistill.kernel import SearchQuery

#: searx/webutils.py VALID_LANGUAGE_CODE @9fea412: what a real SearXNG does not answer 400 to.
SEARXNG_ACCEPTS = re.compile(r"^[a-z]{2,3}(-[a-zA-Z]{2})?$")


def q(**options: object) -> SearchQuery:
    return SearchQuery("electric ferries", **options)  # type: ignore[arg-type]


# --- Brave -------------------------------------------------------------------------------


def test_brave_lists_its_37_countries() -> None:
    assert len(BRAVE_COUNTRIES | {"ALL"}) == 37 and {"DE", "GB", "JP", "TW"} <= BRAVE_COUNTRIES


def test_brave_country_outside_its_list_is_reported_not_sent() -> None:
    query = q(region="vn")  # Vietnam: not one of Brave's countries
    assert "country" not in brave.params_for(query)
    assert brave.unsupported(query) == (brave.unsupported(query)[0],) and brave.unsupported(query)[
        0
    ].startswith('region: Brave has no country "VN"')
    assert brave.params_for(q(region="gb"))["country"] == "GB"


@pytest.mark.parametrize(
    ("language", "region", "sent"),
    [
        ("ja", None, "jp"),  # Brave's code for Japanese is `jp`
        ("zh-tw", None, "zh-hant"),
        ("zh-hant", None, "zh-hant"),
        ("zh-cn", None, "zh-hans"),
        ("zh", "tw", "zh-hant"),
        ("zh", "cn", "zh-hans"),
        ("pt-br", None, "pt-br"),
        ("pt", "pt", "pt-pt"),
        ("en-us", None, "en"),
        ("en", "gb", "en-gb"),
        ("no", None, "nb"),
        ("de", "de", "de"),
    ],
)
def test_brave_search_lang_uses_braves_own_codes(
    language: str, region: str | None, sent: str
) -> None:
    query = q(language=language, region=region)
    assert brave.params_for(query)["search_lang"] == sent
    assert not any(item.startswith("language") for item in brave.unsupported(query))


@pytest.mark.parametrize("language", ["zh", "pt", "sw", "pt-ao"])
def test_brave_language_outside_its_list_is_reported_not_sent(language: str) -> None:
    query = q(language=language)
    assert "search_lang" not in brave.params_for(query)
    assert any(item.startswith("language: Brave has no") for item in brave.unsupported(query))


# --- DuckDuckGo --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("region", "language", "kl"),
    [
        ("jp", None, "jp-jp"),
        ("jp", "ja", "jp-jp"),
        ("kr", "ko", "kr-kr"),
        ("de", None, "de-de"),
        ("de", "en", "de-de"),  # no de-en in the list: the region's own code, reported
        ("id", None, "id-en"),  # the list has id-en, no id-id
        ("vn", "vi", "vn-en"),  # ... vn-en, no vn-vi
        ("th", None, "th-en"),
        ("il", None, "il-en"),
        ("sa", None, "xa-ar"),
        ("si", None, "sl-sl"),
        ("gb", None, "uk-en"),
        ("es", None, "es-es"),  # Spain's own region before Catalan es-ca
        ("ch", "fr", "ch-fr"),
        ("us", "es", "us-es"),
        ("ng", None, "wt-wt"),  # Nigeria: not listed, all regions, reported
    ],
)
def test_duckduckgo_kl_is_a_pair_from_its_region_list(
    region: str, language: str | None, kl: str
) -> None:
    query = q(region=region, language=language)
    assert duckduckgo.region_code(query) == kl
    assert kl in {*DDG_REGIONS.values(), "wt-wt"}
    form = duckduckgo.form_for(query, html=True)
    assert form["kl"] == kl


def test_duckduckgo_reports_what_its_list_cannot_express() -> None:
    assert duckduckgo.unsupported(q(region="de", language="en")) == (
        'language: DuckDuckGo lists no "en" region for "de"; its region "de-de" was used '
        "(DuckDuckGo)",
    )
    assert duckduckgo.unsupported(q(region="ng")) == (
        'region: DuckDuckGo lists no region "NG"; all regions were searched (DuckDuckGo)',
    )
    assert duckduckgo.unsupported(q(region="jp", language="ja")) == ()


# --- SearXNG -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "region", "sent", "reported"),
    [
        ("en", "us", "en-US", None),
        ("zh-hant", None, "zh-TW", None),  # a real SearXNG answers 400 to zh-HANT
        ("zh-hant", "hk", "zh-HK", None),
        ("zh-hans", None, "zh-CN", None),
        ("es-419", None, "es", "language"),  # ... and to es-419
        ("pt-br", None, "pt-BR", None),
        ("en", "de", "en", "region"),  # SearXNG lists no en-DE
        ("la", None, "la", None),  # not on its list, but its check takes it (no 400)
    ],
)
def test_searxng_gets_only_codes_it_lists(
    language: str, region: str | None, sent: str | None, reported: str | None
) -> None:
    query = q(language=language, region=region)
    assert searxng.params_for(query).get("language") == sent
    if sent is not None:
        assert SEARXNG_ACCEPTS.match(sent) and (sent in SEARXNG_LOCALES or sent == "la")
    options = [item.split(":", 1)[0] for item in searxng.unsupported(query)]
    assert options == ([reported] if reported else [])


def test_every_searxng_code_sent_passes_its_form_check() -> None:
    odd = ["zh-hant", "zh-hans", "es-419", "sr-latn", "en-us", "de-ch", "fil", "fil-ph", "pt"]
    for language in odd + sorted(code.lower() for code in SEARXNG_LOCALES):
        sent = searxng.params_for(q(language=language)).get("language")
        assert sent is None or SEARXNG_ACCEPTS.match(sent), (language, sent)


# --- Tavily ------------------------------------------------------------------------------


def test_tavily_gets_the_country_name_from_its_list() -> None:
    assert tavily.body_for(q(region="de"))["country"] == "germany"
    assert tavily.body_for(q(region="us"))["country"] == "united states"
    assert tavily.body_for(q(region="kr"))["country"] == "south korea"
    assert tavily.unsupported(q(region="de")) == ()
    assert len(TAVILY_COUNTRIES) == 166


def test_tavily_country_not_listed_or_with_news_is_reported() -> None:
    kosovo = q(region="xk")  # not in Tavily's list
    assert "country" not in tavily.body_for(kosovo)
    assert tavily.unsupported(kosovo) == ('region: Tavily lists no country for "XK" (Tavily)',)
    news = q(region="de", topic="news")
    assert "country" not in tavily.body_for(news)
    assert tavily.unsupported(news) == (
        "region: Tavily takes a country only with the general topic (Tavily)",
    )


# --- OpenSERP and Exa --------------------------------------------------------------------


def test_openserp_sends_its_documented_region_parameter() -> None:
    params = openserp.params_for(q(region="de", language="de"), 0, 10)
    assert (params["region"], params["lang"]) == ("DE", "DE")
    assert openserp.unsupported(q(region="de")) == ()


def test_exa_gets_include_or_exclude_never_both_and_says_so() -> None:
    both = q(include_domains=("example.com",), exclude_domains=("spam.example.com",))
    body = exa.body_for(both)
    assert body["includeDomains"] == ["example.com"] and "excludeDomains" not in body
    assert exa.notes(both) == (
        "exa: Exa takes includeDomains or excludeDomains, not both; includeDomains was sent "
        "and the excluded domains were filtered from its results here",
    )
    only_exclude = q(exclude_domains=("spam.example.com",))
    assert exa.body_for(only_exclude)["excludeDomains"] == ["spam.example.com"]
    assert exa.notes(only_exclude) == ()
