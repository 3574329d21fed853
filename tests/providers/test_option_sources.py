"""Options the issue-28 table found without a test: exclusions, safe-search levels, OpenSERP's
date window, Tavily's native exclusions, SearXNG's region without a language.

Sources:
- `site:` / `-site:`: the operators Google, Bing, Brave and DuckDuckGo document for their
  query boxes; providers without a domain parameter get them in the query text (and the
  kernel's hit filter drops what an engine lets through).
- Brave `safesearch` off/moderate/strict: brave/brave-search-mcp-server
  `src/tools/web/params.ts` @2748b47 (`safesearch` enum), as Brave's API reference lists it.
- DuckDuckGo `kp` 1 / -1 / -2: deedy5/ddgs `ddgs/engines/duckduckgo_news.py` @a97a4fc
  (`safesearch_base = {"on": "1", "moderate": "-1", "off": "-2"}`); `df` d/w/m/y: same repo,
  `ddgs/engines/duckduckgo.py` (`payload["df"] = timelimit`).
- SearXNG `safesearch` 0/1/2: searxng/searxng `searx/webadapter.py` `parse_safesearch`
  @9fea412; a region needs a language there (`language=en-US`; there is no region field).
- Exa `moderation` (boolean) and `exclude_domains` ("exclusive with 'include_domains'"):
  exa-labs/exa-py `exa_py/api.py` @7537a5e search options (camelCase on the wire).
- Tavily `exclude_domains` (list): tavily-ai/tavily-python `tavily/tavily.py` @bf17644 `search`.
- OpenSERP `date` "YYYYMMDD..YYYYMMDD": karust/openserp README "Query Parameters" @9f68086.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from webdistill.adapters.providers import brave, duckduckgo, exa, openserp, searxng, serper, tavily
from webdistill.kernel import SearchQuery

EXCLUDE = SearchQuery("ferries", exclude_domains=("spam.example.com", "ads.example.net"))
TEXT = "ferries -site:spam.example.com -site:ads.example.net"


def test_exclusions_become_minus_site_operators_where_there_is_no_parameter() -> None:
    assert brave.params_for(EXCLUDE)["q"] == TEXT
    assert serper.body_for(EXCLUDE)["q"] == TEXT
    assert searxng.params_for(EXCLUDE)["q"] == TEXT
    assert duckduckgo.form_for(EXCLUDE, html=True)["q"] == TEXT
    assert openserp.params_for(EXCLUDE, 0, 10)["text"] == TEXT


def test_exclusions_are_native_where_the_provider_has_them() -> None:
    assert tavily.body_for(EXCLUDE)["exclude_domains"] == ["spam.example.com", "ads.example.net"]
    assert exa.body_for(EXCLUDE)["excludeDomains"] == ["spam.example.com", "ads.example.net"]
    assert "ferries" == tavily.body_for(EXCLUDE)["query"] == exa.body_for(EXCLUDE)["query"]


@pytest.mark.parametrize(
    ("safe", "brave_value", "ddg_kp", "searxng_level", "exa_moderation"),
    [
        ("off", "off", "-2", "0", None),
        ("moderate", "moderate", "-1", "1", True),
        ("strict", "strict", "1", "2", True),
    ],
)
def test_every_safe_search_level(
    safe: str, brave_value: str, ddg_kp: str, searxng_level: str, exa_moderation: bool | None
) -> None:
    query = SearchQuery("q", safe_search=safe)  # type: ignore[arg-type]
    assert brave.params_for(query)["safesearch"] == brave_value
    assert duckduckgo.form_for(query, html=True)["kp"] == ddg_kp
    assert searxng.params_for(query)["safesearch"] == searxng_level
    assert exa.body_for(query).get("moderation") == exa_moderation


@pytest.mark.parametrize(
    ("time_range", "since"),
    [("day", "20260510"), ("week", "20260504"), ("month", "20260410"), ("year", "20250511")],
)
def test_openserp_date_window(time_range: str, since: str) -> None:
    now = datetime(2026, 5, 11, 9, 30, tzinfo=UTC)
    query = SearchQuery("q", time_range=time_range)  # type: ignore[arg-type]
    assert openserp.params_for(query, 0, 10, now=now)["date"] == f"{since}..20260511"


@pytest.mark.parametrize(("time_range", "df"), [("day", "d"), ("month", "m"), ("year", "y")])
def test_duckduckgo_df(time_range: str, df: str) -> None:
    query = SearchQuery("q", time_range=time_range)  # type: ignore[arg-type]
    assert duckduckgo.form_for(query, html=False)["df"] == df


def test_searxng_region_without_language_is_reported() -> None:
    query = SearchQuery("q", region="de")
    assert "language" not in searxng.params_for(query)
    assert searxng.unsupported(query) == (
        "region: SearXNG takes a region only with a language (e.g. language=en, region=us) "
        "(SearXNG)",
    )
