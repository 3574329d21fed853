"""The per-call search options and what the outcome reports: policy and domain filtering of
hits (counted with reasons), the snippet cap, fewer-than-asked, unsupported options, and the
include_content budget."""

from __future__ import annotations

import pytest

from tests.fakes import FakeBackend, page_row
from webdistill.kernel import Deps, ErrorCode, RowBatch, UrlPolicy, web_search
from webdistill.kernel.hits import PRIVATE
from webdistill.kernel.model import RemovedHits
from webdistill.kernel.schemas import tool_schemas


def row(url: str, snippet: str = "s") -> dict[str, object]:
    return {"title": "T", "url": url, "snippet": snippet}


SEVEN = (
    row("https://docs.python.org/a"),
    row("https://ads.tracker.net/b"),
    row("https://sub.ads.tracker.net/c"),
    row("https://wiki.example.org/d"),
    row("https://docs.python.org/a?utm_source=x"),  # the same page once cleaned
    row("http://10.0.0.7/e"),
    row("https://news.example.com/f"),
)


async def search(raw: dict[str, object], rows: object, **deps: object):
    backend = FakeBackend(searches={"q": rows})  # type: ignore[dict-item]
    outcome = (await web_search(Deps(backend=backend, **deps), {"query": "q", **raw})).unwrap()
    return outcome[0], backend


async def test_policy_and_duplicates_are_removed_and_counted_with_reasons() -> None:
    policy = UrlPolicy(blocklist=("tracker.net",))
    outcome, _ = await search({"max_results": 7}, SEVEN, url_policy=policy)
    assert [hit.url for hit in outcome.hits] == [
        "https://docs.python.org/a",
        "https://wiki.example.org/d",
        "https://news.example.com/f",
    ]
    assert outcome.removed == (
        RemovedHits(
            "on the domain blocklist (WEB_DOMAIN_BLOCKLIST)",
            2,
            ("ads.tracker.net", "sub.ads.tracker.net"),
        ),
        RemovedHits("duplicate of an earlier hit", 1, ("docs.python.org",)),
        RemovedHits(PRIVATE, 1, ("10.0.0.7",)),
    )
    assert outcome.asked == 7
    assert outcome.shortfall == "Asked for 7, got 3; 4 removed here (see removed)."


async def test_the_allowlist_filters_hits_too() -> None:
    policy = UrlPolicy(allowlist=("wiki.example.org", "news.example.com"))
    outcome, _ = await search({"max_results": 7}, SEVEN, url_policy=policy)
    assert [hit.url for hit in outcome.hits] == [
        "https://wiki.example.org/d",
        "https://news.example.com/f",
    ]
    reasons = {item.reason: item.count for item in outcome.removed}
    assert reasons["not on the domain allowlist (WEB_DOMAIN_ALLOWLIST)"] == 5


async def test_include_and_exclude_domains_reach_the_backend_and_filter_hits() -> None:
    outcome, backend = await search(
        {
            "include_domains": ["https://Docs.Python.org/3/", "wiki.example.org"],
            "exclude_domains": ["*.wiki.example.org"],
            "max_results": 7,
        },
        SEVEN,
    )
    query = backend.search_calls[0]
    assert query.include_domains == ("docs.python.org", "wiki.example.org")
    assert query.exclude_domains == ("wiki.example.org",)
    assert [hit.url for hit in outcome.hits] == ["https://docs.python.org/a"]
    reasons = {item.reason: item.count for item in outcome.removed}
    assert reasons == {
        "outside include_domains": 3,
        "in exclude_domains": 1,
        "duplicate of an earlier hit": 1,
        PRIVATE: 1,
    }


async def test_snippets_are_capped_per_hit_at_a_word_boundary() -> None:
    long = "word " * 20_000  # a 100 000-character snippet
    outcome, _ = await search({}, (row("https://a.example.com/", long),))
    assert len(outcome.hits[0].snippet) <= 500
    assert outcome.hits[0].snippet.endswith("word…")
    outcome, _ = await search({"max_chars_per_result": 40}, (row("https://a.example.com/", long),))
    assert len(outcome.hits[0].snippet) <= 40
    outcome, _ = await search({}, (row("https://a.example.com/", long),), snippet_chars=100)
    assert len(outcome.hits[0].snippet) <= 100


async def test_options_reach_the_backend_normalised() -> None:
    _, backend = await search(
        {"region": "DE", "language": "pt_BR", "safe_search": "strict", "topic": "news"}, ()
    )
    query = backend.search_calls[0]
    assert (query.region, query.language, query.safe_search, query.topic) == (
        "de",
        "pt-br",
        "strict",
        "news",
    )


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"region": "Germany"}, "region"),
        ({"language": "english!"}, "language"),
        ({"safe_search": "on"}, "safe_search"),
        ({"topic": "images"}, "topic"),
        ({"include_domains": ["not a domain"]}, "include_domains"),
        ({"exclude_domains": [f"d{i}.example.com" for i in range(21)]}, "exclude_domains"),
        ({"include_domains": "python.org"}, "include_domains"),
        ({"max_chars_per_result": "500"}, "max_chars_per_result"),
    ],
)
async def test_bad_options_are_invalid_input_naming_the_field(
    raw: dict[str, object], field: str
) -> None:
    result = await web_search(Deps(backend=FakeBackend()), {"query": "q", **raw})
    error = result.failure()
    assert error.code == ErrorCode.INVALID_INPUT
    assert field in error.message


async def test_unsupported_options_and_provider_shortfall_are_reported() -> None:
    batch = RowBatch(
        rows=(row("https://a.example.com/"),),
        provider="serper",
        unsupported=("safe_search: Serper has no safe-search parameter (Serper)",),
        shortfall="Serper had no more results after 2 request(s)",
    )
    outcome, _ = await search({"max_results": 20, "safe_search": "strict"}, batch)
    assert outcome.unsupported == batch.unsupported
    assert outcome.shortfall == (
        "Asked for 20, got 1; Serper had no more results after 2 request(s)."
    )


async def test_enough_hits_means_no_shortfall() -> None:
    outcome, _ = await search({"max_results": 1}, (row("https://a.example.com/"),))
    assert outcome.shortfall is None
    assert outcome.asked == 1


async def test_include_content_count_and_budget() -> None:
    rows = tuple(row(f"https://a.example.com/{i}") for i in range(6))
    pages = {
        f"https://a.example.com/{i}": page_row(f"https://a.example.com/{i}", "x " * 5000)
        for i in range(6)
    }
    backend = FakeBackend(searches={"q": rows}, pages=pages)
    deps = Deps(backend=backend, content_hits=2, content_chars=300)
    outcome = (
        await web_search(deps, {"query": "q", "max_results": 6, "include_content": True})
    ).unwrap()[0]
    assert len(outcome.contents) == 2
    assert all(len(c.page.content) <= 300 for c in outcome.contents if c.page)
    outcome = (
        await web_search(
            deps, {"query": "q", "max_results": 6, "content_hits": 4, "content_max_chars": 1000}
        )
    ).unwrap()[0]
    assert len(outcome.contents) == 4
    assert all(len(c.page.content) <= 1000 for c in outcome.contents if c.page)


def test_the_schema_offers_the_new_options() -> None:
    properties = tool_schemas()[0]["parameters"]["properties"]
    assert properties["include_domains"] == {
        "type": "array",
        "items": {"type": "string"},
        "description": properties["include_domains"]["description"],
    }
    assert properties["safe_search"]["enum"] == ["off", "moderate", "strict"]
    assert properties["topic"]["enum"] == ["general", "news"]
    assert properties["max_chars_per_result"]["maximum"] == 5000


@pytest.mark.parametrize(
    ("raw", "sent"),
    [
        ("zh-Hant-TW", "zh-hant-tw"),  # CLDR locale ids as browsers send them
        ("sr-Latn-RS", "sr-latn-rs"),
        ("es-419", "es-419"),
        ("pt_BR", "pt-br"),
    ],
)
async def test_language_tags_of_up_to_three_subtags_are_taken(raw: str, sent: str) -> None:
    _, backend = await search({"language": raw}, ())
    assert backend.search_calls[0].language == sent


@pytest.mark.parametrize("raw", ["de-1996", "en-US-x-twain", "zh-yue-HK", "en-Latn-US-US"])
async def test_variants_extensions_and_extlangs_are_refused_with_the_form(raw: str) -> None:
    """RFC 5646 forms no search provider has a parameter for: refused, naming the form."""
    error = await web_search(Deps(backend=FakeBackend()), {"query": "q", "language": raw})
    message = error.failure().message
    assert "language" in message and "zh-hant-tw" in message


def test_a_region_that_writes_another_script_is_told() -> None:
    """CLDR likely subtags: zh-CN is Simplified, zh-HK Traditional, sr-ME Latin."""
    from webdistill.kernel.language_tags import parse_language, swapped_by_region

    hant = parse_language("zh-Hant")
    assert hant is not None
    assert swapped_by_region(hant, "cn") is not None
    assert swapped_by_region(hant, "hk") is None
    latin = parse_language("sr-Latn")
    assert latin is not None
    assert swapped_by_region(latin, "me") is None and swapped_by_region(latin, "rs")
    brazil = parse_language("pt-BR")
    assert brazil is not None
    assert swapped_by_region(brazil, "pt") is not None and swapped_by_region(brazil, "br") is None
