"""`webdistill search` flags for the per-call options, end to end against a local server.

The server is tests/providers/paging_server.py (OpenSERP's and Tavily's answer shapes); the
CLI runs as a subprocess under the loopback-only audit hook (tests/interfaces/sites.py).
"""

from __future__ import annotations

import json

from tests.interfaces.sites import run_cli
from tests.providers.paging_server import PagingServer


async def test_search_flags_reach_openserp() -> None:
    server = PagingServer(total=30)
    async with server.running() as base:
        ran = await run_cli(
            "search", "electric ferries", "--provider", "openserp", "--region", "de",
            "--lang", "de", "--site", "example.com", "--max-results", "10",
            "--safe-search", "strict", "--json",
            env={"OPENSERP_URL": f"{base}/openserp", "WEB_SEARCH_PROVIDER": "duckduckgo"},
        )  # fmt: skip
    assert ran.code == 0, ran.err
    query = server.seen[0].query
    assert (query["region"], query["lang"], query["site"]) == ("DE", "DE", "example.com")
    (outcome,) = json.loads(ran.out)["results"]
    assert outcome["provider"] == "openserp"
    assert outcome["unsupported"] == [
        "safe_search: OpenSERP has no safe-search parameter (OpenSERP)"
    ]


async def test_search_flags_reach_tavily_as_its_options() -> None:
    server = PagingServer(total=30)
    async with server.running() as base:
        ran = await run_cli(
            "search", "electric ferries", "--provider", "tavily", "--region", "de",
            "--exclude-site", "other.org", "--exclude-domain", "spam.example",
            "--news", "--snippet-chars", "200", "--json",
            env={"TAVILY_API_KEY": "tvly-test-key-0123456789",
                 "WEB_PROVIDER_ENDPOINTS": f"tavily={base}/tavily"},
        )  # fmt: skip
    assert ran.code == 0, ran.err
    body = server.seen[0].body
    assert isinstance(body, dict)
    assert body["exclude_domains"] == ["other.org", "spam.example"]
    assert body["topic"] == "news" and "country" not in body  # Tavily: country only general
    (outcome,) = json.loads(ran.out)["results"]
    assert all(len(hit["snippet"]) <= 200 for hit in outcome["hits"])


async def test_unknown_provider_and_bad_region_are_usage_errors() -> None:
    ran = await run_cli("search", "q", "--provider", "bing")
    assert ran.code == 2 and "invalid choice: 'bing'" in ran.err
    closed = {"WEB_PROVIDER_ENDPOINTS": "duckduckgo=http://127.0.0.1:9"}  # nothing listens
    ran = await run_cli(
        "search", "q", "--region", "germany", "--provider", "duckduckgo", env=closed
    )
    assert ran.code == 2 and "region: give a two-letter country code" in ran.err
