"""Serper takes Portuguese as the region says which one; bare zh/pt are reported (issue 28).

Source: Google's interface-language list as the package keeps it (`value_lists.GOOGLE_HL`,
"Interface languages" of Google's Custom Search JSON API reference): it has `pt-br` and
`pt-pt`, no bare `pt`.

`language=pt, region=br` was reported "Google's hl list has no 'pt'" and no `hl` was sent,
though the list has `pt-br` and the region picks it (the Brave provider maps the same query
to `pt-br`, and Serper's own `zh` + `tw` maps to `zh-tw`). Meanwhile bare `zh` was sent as
`zh-cn` with nothing reported: the two sibling cases were treated oppositely.
"""

from __future__ import annotations

import pytest

from webdistill.adapters.providers import brave, serper
from webdistill.kernel import SearchQuery


@pytest.mark.parametrize(("region", "hl"), [("br", "pt-br"), ("pt", "pt-pt")])
def test_portuguese_with_a_region_gets_googles_variant(region: str, hl: str) -> None:
    query = SearchQuery("electric ferries", language="pt", region=region)
    assert brave.params_for(query)["search_lang"] == hl  # the sibling provider does it
    assert serper.body_for(query).get("hl") == hl, serper.unsupported(query)


@pytest.mark.parametrize(("language", "hl"), [("zh", "zh-cn"), ("pt", None)])
def test_a_bare_language_google_lists_only_in_variants_is_reported(
    language: str, hl: str | None
) -> None:
    query = SearchQuery("electric ferries", language=language)
    assert serper.body_for(query).get("hl") == hl
    (entry,) = serper.unsupported(query)
    assert entry.startswith(f'language: Google\'s hl list has no "{language}"'), entry
