"""A well-formed BCP 47 language tag with three subtags refuses the whole search.

`zh-Hant-TW` and `sr-Latn-RS` are ordinary BCP 47 tags (RFC 5646; CLDR locale ids browsers
send in Accept-Language). Issue #28: SearXNG answers 400 to `zh-HANT`; "map to the nearest
accepted code or report it". Today the call fails INVALID_INPUT before any provider runs,
while `zh-Hant` and `es-419` are mapped. Expected: mapped (zh-TW / sr) or reported in
`unsupported`, with hits.
"""

from __future__ import annotations

import pytest

from tests.providers.open_28.scripted import scripted, search

SEARX = {"query": "electric ferries",
         "results": [{"url": "https://a.example.com/", "title": "t", "content": "c"}]}  # fmt: skip


@pytest.mark.parametrize("language", ["zh-Hant-TW", "sr-Latn-RS"])
async def test_a_three_subtag_language_is_mapped_or_reported_not_refused(language: str) -> None:
    async with scripted(lambda r, p, n: (200, SEARX)) as (base, _seen):
        result = await search("searxng", base, {"language": language})
    from returns.result import Success

    assert isinstance(result, Success), result
