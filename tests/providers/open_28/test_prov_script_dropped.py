"""A language's script or variant is silently replaced by the region's (DuckDuckGo, SearXNG).

`region=cn, language=zh-hant` asks for Traditional Chinese from China. DuckDuckGo's region
list (searxng `searx/data/engine_traits.json` ["duckduckgo"]["regions"] @9fea412) has only
`cn-zh` (Simplified) for CN, and `tw-tzh`/`hk-tzh` for Traditional; SearXNG's locales
(`searx/sxng_locales.py`) have `zh-CN` (Simplified), `zh-TW`, `zh-HK`. Sending `cn-zh` /
`zh-CN` swaps the script the caller asked for with nothing in `unsupported` (the same
call with `region=ch, language=it` IS reported). Same for `pt` + `pt-br` -> `pt-PT`.
Issue #28: "a value not in the list is reported, never guessed".
"""

from __future__ import annotations

import pytest

from tests.providers.fake_provider import fixture
from tests.providers.open_28.scripted import scripted, search

SEARX = {"query": "electric ferries",
         "results": [{"url": "https://a.example.com/", "title": "t", "content": "c"}]}  # fmt: skip

CASES = [("cn", "zh-hant"), ("tw", "zh-hans"), ("pt", "pt-br")]


@pytest.mark.parametrize(("region", "language"), CASES)
async def test_searxng_swaps_the_asked_script_unreported(region: str, language: str) -> None:
    async with scripted(lambda r, p, n: (200, SEARX)) as (base, seen):
        outcome = (
            await search("searxng", base, {"region": region, "language": language})
        ).unwrap()[0]
    sent = str(seen[0]["query"].get("language", "")).lower()
    assert (
        sent == f"{language.split('-', maxsplit=1)[0]}-{region}"
    )  # the variant asked for is gone...
    assert any(u.startswith("language") for u in outcome.unsupported), (sent, outcome.unsupported)


@pytest.mark.parametrize(("region", "language"), CASES)
async def test_duckduckgo_swaps_the_asked_script_unreported(region: str, language: str) -> None:
    page = fixture("duckduckgo", "html-real-page1.html")
    async with scripted(lambda r, p, n: (200, page)) as (base, seen):
        outcome = (
            await search("duckduckgo", base, {"region": region, "language": language})
        ).unwrap()[0]
    body = seen[0]["body"]
    assert isinstance(body, dict)
    assert any(u.startswith("language") for u in outcome.unsupported), (
        body.get("kl"),
        outcome.unsupported,
    )
