"""A page's class names, tokens and base URL do not outlive it (issue 30, left by b30x).

The reader caches its verdicts on class strings, class tokens, inline styles and the base
URL (a page repeats them; nested elements ask about the same ancestors). The class caches
held 4,096 strings across pages, so a hostile page's megabyte-long class attributes stayed in
a long-lived worker (4 GB at worst). Every such cache is now emptied when the next page starts
(`memo.forget`); within a page they work as before.
"""

from __future__ import annotations

from webdistill.adapters.extract.html import block, candidate, furniture, quiet
from webdistill.adapters.extract.html.reader import extract_html

CACHES = {
    "furniture_verdict": furniture.furniture_verdict,
    "_token_verdict": furniture._token_verdict,
    "name_weight": candidate.name_weight,
    "display_none_class": quiet.display_none_class,
    "screen_reader_class": quiet.screen_reader_class,
    "_style_hides": quiet._style_hides,
    "_origin": block._origin,
}


def test_the_next_page_starts_with_empty_caches() -> None:
    names = "x" * 1_000_000
    hostile = (
        f"<html><head><base href='https://example.org/{'a' * 100_000}/'></head><body>"
        f"<div class='{names} sidebar' id='{names}' style='color: red; {' ' * 100_000}'>"
        f"<main><div class='{names}b'><p>{'Words of a page, that hides nothing at all. ' * 20}</p>"
        f"<p>{'Other words, of the same page. ' * 20}</p>"
        "<p><a href='/more'>More of these words</a></p></div></main></div></body></html>"
    )
    extract_html(hostile, "https://example.org/page")
    candidate.name_weight(names)  # (asked only of containers that scored paragraphs)
    assert all(cache.cache_info().currsize > 0 for cache in CACHES.values()), {
        name: cache.cache_info().currsize for name, cache in CACHES.items()
    }
    extract_html("<html><body><p>A small page with no names, only its words.</p></body></html>")
    assert {name: cache.cache_info().currsize for name, cache in CACHES.items()} == dict.fromkeys(
        CACHES, 0
    )
