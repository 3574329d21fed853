"""Serper's gl/hl take any string: values not in Google's own lists are sent, never reported.

Issue #28 class: "every mapping table is derived from the provider's own published list ...
a value not in the list is reported, never guessed". Serper forwards gl/hl to Google, whose
hl list (Google "Interface Languages" / the hl tables of SerpApi, searchapi.io) has `iw` for
Hebrew, `zh-cn`/`zh-tw` (no `zh-hant`), `tl` for Filipino, `no` for Norwegian; and no `qqq`.
Google's gl country list has no `zz`.
"""

from __future__ import annotations

import pytest

from tests.providers.open_28.scripted import scripted, search

SERPER = {"searchParameters": {"q": "electric ferries", "type": "search"},
          "organic": [{"title": "T", "link": "https://a.example.com/", "snippet": "s",
                       "position": 1}]}  # fmt: skip


@pytest.mark.parametrize(
    ("args", "field", "not_google"),
    [
        ({"language": "qqq"}, "hl", "qqq"),  # no such language anywhere
        ({"region": "zz"}, "gl", "zz"),  # no such country
        ({"language": "zh-Hant"}, "hl", "zh-hant"),  # Google: zh-tw
        ({"language": "he"}, "hl", "he"),  # Google: iw
        ({"language": "fil"}, "hl", "fil"),  # Google: tl
    ],
)
async def test_serper_sends_values_outside_googles_lists_unreported(
    args: dict[str, object], field: str, not_google: str
) -> None:
    async with scripted(lambda r, p, n: (200, SERPER)) as (base, seen):
        outcome = (await search("serper", base, args)).unwrap()[0]
    sent = seen[0]["body"]
    assert isinstance(sent, dict)
    # Expected: mapped to Google's code, or left out and named in `unsupported`.
    assert sent.get(field) != not_google or outcome.unsupported, (sent, outcome.unsupported)
