"""Each provider through the composed toolkit, for a paged, domain-filtered news query.

The query asks for 30 news hits from example.com, from Germany in German, strictly safe.
Each provider's server (tests/providers/paging_server.py, real answer shapes) counts the
requests; the test checks the parameters each provider was sent, how many pages it read,
what the outcome says it could not apply, the hits removed by the domain filter (the pool
has other.org hits every third row) and why fewer than 30 came back.
"""

from __future__ import annotations

import pytest

import webdistill
from tests.providers.paging_server import PagingServer
from webdistill import Config
from webdistill.kernel.hits import NOT_INCLUDED
from webdistill.kernel.model import SearchOutcome

QUERY = {
    "query": "electric ferries",
    "max_results": 30,
    "topic": "news",
    "include_domains": ["example.com"],
    "region": "de",
    "language": "de",
    "safe_search": "strict",
}


def env_for(provider: str, base: str) -> dict[str, str]:
    env = {"WEB_SEARCH_PROVIDER": provider, "WEB_DDG_MIN_INTERVAL_MS": "0"}
    endpoints = {
        "brave": f"brave={base}",
        "serper": f"serper={base}/serper",
        "tavily": f"tavily={base}/tavily",
        "exa": f"exa={base}/exa",
        "duckduckgo": f"duckduckgo={base}",
    }
    keys = {"brave": "BRAVE_API_KEY", "serper": "SERPER_API_KEY"}
    keys |= {"tavily": "TAVILY_API_KEY", "exa": "EXA_API_KEY"}
    if provider == "searxng":
        env["SEARXNG_URL"] = f"{base}/searxng"
    elif provider == "openserp":
        env["OPENSERP_URL"] = f"{base}/openserp"
    else:
        env["WEB_PROVIDER_ENDPOINTS"] = endpoints[provider]
    if provider in keys:
        env[keys[provider]] = "test-key"
    return env


async def run(provider: str, **raw: object) -> tuple[SearchOutcome, PagingServer]:
    server = PagingServer(total=60)
    async with server.running() as base:
        config = Config.from_env(env_for(provider, base))
        async with webdistill.build(config) as toolkit:
            outcomes = (await toolkit.search({**QUERY, **raw})).unwrap()
    return outcomes[0], server


def removed_by_domain(outcome: SearchOutcome) -> int:
    return sum(item.count for item in outcome.removed if item.reason == NOT_INCLUDED)


def check_all_on_example_com(outcome: SearchOutcome) -> None:
    assert outcome.hits
    assert all(hit.url.split("/")[2].endswith("example.com") for hit in outcome.hits)


async def test_brave_news_endpoint_with_native_parameters() -> None:
    outcome, server = await run("brave")
    assert [seen.path for seen in server.seen] == ["/res/v1/news/search"]
    first = server.seen[0].query
    assert first["q"] == "electric ferries site:example.com"
    assert first["count"] == "30"  # the news endpoint serves up to 50 a page
    assert (first["country"], first["search_lang"], first["safesearch"]) == ("DE", "de", "strict")
    assert outcome.provider == "brave" and outcome.unsupported == ()
    check_all_on_example_com(outcome)
    assert len(outcome.hits) == 20 and removed_by_domain(outcome) == 10
    assert outcome.shortfall == "Asked for 30, got 20; 10 removed here (see removed)."
    assert outcome.hits[0].published == "2025-11-01T08:00:00"


async def test_brave_web_pages_with_offset() -> None:
    outcome, server = await run("brave", topic=None, include_domains=None)
    assert [seen.query.get("offset") for seen in server.seen] == [None, "1"]
    assert [seen.query["count"] for seen in server.seen] == ["20", "20"]
    assert [seen.path for seen in server.seen] == ["/res/v1/web/search"] * 2
    assert len(outcome.hits) == 30 and outcome.shortfall is None


async def test_serper_news_endpoint_in_one_page_of_30() -> None:
    outcome, server = await run("serper")
    assert [seen.path for seen in server.seen] == ["/serper/news"]
    body = server.seen[0].body
    assert body == {"q": "electric ferries site:example.com", "num": 30, "gl": "de", "hl": "de"}
    assert outcome.unsupported == ("safe_search: Serper has no safe-search parameter (Serper)",)
    check_all_on_example_com(outcome)
    assert len(outcome.hits) == 20 and removed_by_domain(outcome) == 10


async def test_serper_pages_when_one_page_is_not_enough() -> None:
    outcome, server = await run("serper", max_results=100, include_domains=None)
    # num=100 got 60: a short page is not the end (answer boxes take organic slots);
    # the empty second page is.
    assert len(server.seen) == 2
    assert len(outcome.hits) == 60
    assert outcome.shortfall == (
        "Asked for 100, got 60; Serper had no more results after 2 request(s)."
    )


async def test_searxng_pages_with_pageno_and_news_category() -> None:
    outcome, server = await run("searxng")
    assert [seen.query["pageno"] for seen in server.seen] == ["1", "2", "3"]
    first = server.seen[0].query
    assert first["categories"] == "news"
    assert (first["language"], first["safesearch"]) == ("de-DE", "2")
    assert first["q"] == "electric ferries site:example.com"
    check_all_on_example_com(outcome)
    assert len(outcome.hits) == 20 and removed_by_domain(outcome) == 10


async def test_tavily_native_news_and_domains_with_its_20_cap_reported() -> None:
    outcome, server = await run("tavily")
    body = server.seen[0].body
    assert isinstance(body, dict)
    assert (body["topic"], body["max_results"], body["include_domains"]) == (
        "news",
        20,
        ["example.com"],
    )
    assert "country" not in body  # Tavily takes a country with the general topic only
    assert outcome.unsupported == (
        "region: Tavily takes a country only with the general topic (Tavily)",
        "language: Tavily has no language parameter (Tavily)",
        "safe_search: Tavily has no safe-search parameter (Tavily)",
    )
    assert outcome.shortfall is not None
    assert "Tavily gives at most 20 results per query and has no paging" in outcome.shortfall


async def test_exa_news_category_domains_location_and_moderation() -> None:
    outcome, server = await run("exa")
    body = server.seen[0].body
    assert isinstance(body, dict)
    assert body["category"] == "news" and body["includeDomains"] == ["example.com"]
    assert (body["userLocation"], body["moderation"], body["numResults"]) == ("DE", True, 30)
    assert outcome.unsupported == ("language: Exa has no language parameter (Exa)",)
    check_all_on_example_com(outcome)


async def test_duckduckgo_follows_the_next_page_forms_and_reports_what_it_cannot_do() -> None:
    outcome, server = await run("duckduckgo", include_domains=None)
    forms = [seen.body for seen in server.seen]
    assert len(forms) == 3
    assert isinstance(forms[0], dict) and isinstance(forms[1], dict)
    assert (forms[0]["kl"], forms[0]["kp"]) == ("de-de", "1")
    assert forms[1]["s"] == "10" and forms[1]["vqd"].startswith("4-") and forms[1]["kp"] == "1"
    assert forms[1]["kl"] == "de-de"  # the page's form said wt-wt: the asked region is kept
    assert outcome.unsupported == (
        "topic: the HTML and lite endpoints have no news vertical; web results were returned "
        "(DuckDuckGo)",
    )
    assert len(outcome.hits) == 6  # 3 + 3 (one a repeat of page 1, dropped) + 1
    assert outcome.hits[0].published == "2025-11-07"
    assert outcome.shortfall == (
        "Asked for 30, got 6; DuckDuckGo had no more results after 3 request(s)."
    )


async def test_openserp_pages_with_start_and_limit_and_skips_ads() -> None:
    outcome, server = await run("openserp", max_results=50)
    queries = [seen.query for seen in server.seen]
    # 25 organic rows for limit=50: OpenSERP's own `has_more` (non-ad rows >= limit) is
    # false, and that is the end.
    assert [(q.get("start"), q["limit"]) for q in queries] == [(None, "50")]
    first = queries[0]
    assert (first["text"], first["site"], first["lang"], first["region"]) == (
        "electric ferries",
        "example.com",
        "DE",
        "DE",
    )
    assert outcome.unsupported == (
        "safe_search: OpenSERP has no safe-search parameter (OpenSERP)",
        "topic: OpenSERP has no news search (OpenSERP)",
    )
    check_all_on_example_com(outcome)
    assert "ads.example.net" not in {hit.url.split("/")[2] for hit in outcome.hits}
    assert len(outcome.hits) == 17 and removed_by_domain(outcome) == 8


def test_openserp_reads_the_bare_list_of_early_versions() -> None:
    from webdistill.adapters.providers.openserp import parse_openserp

    body = (
        b'[{"rank": 0, "url": "https://en.wikipedia.org/wiki/Ferry", "title": "Ferry",'
        b' "description": "A ferry is a boat.", "ad": false},'
        b' {"rank": 1, "url": "https://ads.example.net/", "title": "Ad", "ad": true}]'
    )
    rows = parse_openserp(200, {}, body).unwrap()
    assert rows == (
        {
            "title": "Ferry",
            "url": "https://en.wikipedia.org/wiki/Ferry",
            "snippet": "A ferry is a boat.",
        },
    )
    captcha = (
        b'{"error": "service_unavailable", "code": 503, "message": "captcha found, please stop"}'
    )
    assert parse_openserp(503, {}, captcha).failure().code.value == "PROVIDER_RATE_LIMITED"


@pytest.mark.parametrize("provider", ["brave", "searxng"])
async def test_the_request_budget_stops_paging_and_says_so(provider: str) -> None:
    server = PagingServer(total=60)
    async with server.running() as base:
        env = env_for(provider, base) | {"WEB_SEARCH_MAX_REQUESTS": "2"}
        async with webdistill.build(Config.from_env(env)) as toolkit:
            outcome = (await toolkit.search({"query": "q", "max_results": 50})).unwrap()[0]
    assert len(server.seen) == 2
    assert outcome.shortfall is not None
    assert "stopped after 2 request(s)" in outcome.shortfall
    assert "WEB_SEARCH_MAX_REQUESTS" in outcome.shortfall
