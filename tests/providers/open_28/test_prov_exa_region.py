"""Exa's `userLocation` gets any two letters: `ZZ` and `UK` (not ISO 3166-1 codes) are sent,
nothing in `unsupported`. Exa API reference (search): userLocation is "the two-letter ISO
country code of the user, e.g. US". Brave reports the same values (issue #28 class)."""

from __future__ import annotations

import pytest

from tests.providers.open_28.scripted import scripted, search

EXA = {"results": [{"url": "https://a.example.com/", "title": "t", "text": "c"}]}


@pytest.mark.parametrize("region", ["zz", "uk"])
async def test_exa_sends_a_region_that_is_no_iso_country(region: str) -> None:
    async with scripted(lambda r, p, n: (200, EXA)) as (base, seen):
        outcome = (await search("exa", base, {"region": region})).unwrap()[0]
    body = seen[0]["body"]
    assert isinstance(body, dict)
    assert "userLocation" not in body or body["userLocation"] == "GB", body
    if "userLocation" not in body:
        assert any(u.startswith("region") for u in outcome.unsupported)
