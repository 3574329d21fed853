"""Paging tells rows apart as the kernel does (issue 28).

`paging.page_through` de-duplicated by the raw `url` and counted a row toward `max_results`
when `likely_kept`; the kernel (`kernel.hits.filter_hits`) de-duplicates by the URL after
tracker stripping. So a page holding the same article with and without `utm_*` (as news
sites' own links and feeds often are indexed) stopped the paging early, and the answer had
2 hits of 5 asked although the provider said more results were available (the shortfall
only said 3 were removed as duplicates). Both now use `kernel.hits.shown_url`.

Shape: Brave Web Search response (`query.more_results_available`, `web.results[]` with
`title`/`url`/`description`/`page_age`), as in tests/providers/test_provider_paging_errors.py.
"""

from __future__ import annotations

from returns.result import Success

from tests.providers.fake_provider import settings_for
from tests.providers.test_provider_paging_errors import answering
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.kernel import Deps, web_search
from webdistill.kernel.model import RowBatch


def brave_page(urls: list[str], more: bool) -> dict[str, object]:
    return {
        "type": "search",
        "query": {"original": "electric ferries", "more_results_available": more},
        "web": {
            "type": "search",
            "results": [
                {"type": "search_result", "title": f"Ferry story {n}", "url": url,
                 "description": "Electric ferries.", "page_age": "2025-11-01T08:00:00"}
                for n, url in enumerate(urls)
            ],
        },
    }  # fmt: skip


class Backend:
    def __init__(self, providers: SearchProviders) -> None:
        self.providers = providers

    async def search(self, query):  # type: ignore[no-untyped-def]
        batch = (await self.providers.search(query)).unwrap()
        return Success(
            RowBatch(rows=tuple(batch.rows), provider="brave", unsupported=batch.unsupported,
                     shortfall=batch.shortfall)
        )  # fmt: skip

    async def extract(self, request):  # type: ignore[no-untyped-def]
        raise NotImplementedError


async def test_tracking_variants_do_not_end_the_paging_silently() -> None:
    page1 = brave_page(
        [
            "https://news1.example.com/ferry",
            "https://news1.example.com/ferry?utm_source=rss",
            "https://news1.example.com/ferry?utm_source=twitter&utm_medium=social",
            "https://news2.example.com/ferry",
            "https://news2.example.com/ferry?fbclid=IwAR0abc",
        ],
        more=True,
    )
    page2 = brave_page([f"https://news{n}.example.com/ferry" for n in range(3, 8)], more=False)
    async with answering((200, page1), (200, page2)) as (base, seen):
        settings = settings_for(
            base, "brave", provider="brave", brave_api_key="BSA-test-key-0123456789"
        )
        async with SearchProviders(settings) as providers:
            result = await web_search(
                Deps(backend=Backend(providers)), {"query": "electric ferries", "max_results": 5}
            )
    outcome = result.unwrap()[0]
    # Brave said more_results_available: true and page 2 holds 5 new articles; before the
    # fix one request was made and 2 hits came back ("Asked for 5, got 2; 3 removed here").
    assert len(outcome.hits) == 5, (
        len(seen),
        [hit.url for hit in outcome.hits],
        outcome.shortfall,
    )
