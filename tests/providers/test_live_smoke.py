"""Live smoke tests against the real providers: only with WEB_SEARCH_SMOKE=1 (never in CI).

Each keyed provider also needs its key in the environment (BRAVE_API_KEY, ...), SearXNG
needs SEARXNG_URL. A smoke test checks the adapter still understands the live answer.
"""

from __future__ import annotations

import os

import pytest

from webdistill.adapters.providers.registry import SearchProviders
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.kernel import SearchQuery

pytestmark = pytest.mark.skipif(
    os.environ.get("WEB_SEARCH_SMOKE") != "1", reason="live smoke tests need WEB_SEARCH_SMOKE=1"
)

NEEDS = {
    "duckduckgo": None,
    "brave": "BRAVE_API_KEY",
    "tavily": "TAVILY_API_KEY",
    "exa": "EXA_API_KEY",
    "serper": "SERPER_API_KEY",
    "searxng": "SEARXNG_URL",
}


@pytest.mark.parametrize("name", sorted(NEEDS))
async def test_live_search_returns_rows(name: str) -> None:
    variable = NEEDS[name]
    if variable is not None and not os.environ.get(variable):
        pytest.skip(f"{variable} is not set")
    settings = ProviderSettings(
        provider=name,
        brave_api_key=os.environ.get("BRAVE_API_KEY"),
        tavily_api_key=os.environ.get("TAVILY_API_KEY"),
        exa_api_key=os.environ.get("EXA_API_KEY"),
        serper_api_key=os.environ.get("SERPER_API_KEY"),
        searxng_url=os.environ.get("SEARXNG_URL"),
        timeout_s=30.0,
    )
    async with SearchProviders(settings) as providers:
        result = await providers.search(SearchQuery("python asyncio tutorial", max_results=3))
    batch = result.unwrap()
    assert batch.provider == name
    assert 1 <= len(batch.rows) <= 3
    for row in batch.rows:
        assert isinstance(row, dict)
        assert str(row["url"]).startswith(("http://", "https://"))
        assert row["title"]
