"""What a search outcome says besides its hits: options not applied, hits removed, shortfall."""

from __future__ import annotations

from webdistill.doors.render import search_to_text, to_jsonable
from webdistill.kernel.model import RemovedHits, SearchHit, SearchOutcome

OUTCOME = SearchOutcome(
    query="electric ferries",
    hits=(SearchHit(title="T", url="https://a.example.com/"),),
    provider="serper",
    asked=10,
    unsupported=("safe_search: Serper has no safe-search parameter (Serper)",),
    removed=(RemovedHits("on the domain blocklist (WEB_DOMAIN_BLOCKLIST)", 7, ("x.com", "y.com")),),
    shortfall="Asked for 10, got 1; 7 removed here (see removed).",
)


def test_text_names_unapplied_options_removals_and_the_shortfall_before_the_hits() -> None:
    text = search_to_text([OUTCOME], fence=True)
    lines = text.splitlines()
    assert "Not applied: safe_search: Serper has no safe-search parameter (Serper)" in lines
    assert "Removed: 7 hits on the domain blocklist (WEB_DOMAIN_BLOCKLIST)" in lines
    assert "Fewer results: Asked for 10, got 1; 7 removed here (see removed)." in lines
    assert text.index("Removed:") < text.index("WEB_CONTENT_BEGIN")
    # The refused hosts were named by the provider: they are shown inside the fence only.
    fenced = text[text.index("WEB_CONTENT_BEGIN") :]
    assert "x.com, y.com" in fenced
    assert text.count("x.com") == 1


def test_all_removed_is_not_a_bare_no_results() -> None:
    empty = SearchOutcome(
        query="q",
        provider="searxng",
        asked=5,
        removed=(RemovedHits("outside include_domains", 7, ("a.com",)),),
        shortfall="Asked for 5, got 0; 7 removed here (see removed).",
    )
    text = search_to_text([empty], fence=False)
    assert "Removed: 7 hits outside include_domains" in text
    assert "Removed (outside include_domains): a.com" in text
    assert "No results." in text


def test_json_carries_the_new_fields() -> None:
    data = to_jsonable(OUTCOME)
    assert isinstance(data, dict)
    assert data["asked"] == 10
    assert data["removed"] == [
        {
            "reason": "on the domain blocklist (WEB_DOMAIN_BLOCKLIST)",
            "count": 7,
            "hosts": ["x.com", "y.com"],
        }
    ]
    assert data["unsupported"] == ["safe_search: Serper has no safe-search parameter (Serper)"]
