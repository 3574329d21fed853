"""Region `uk` (ISO 3166-1's exceptionally reserved code for the United Kingdom) is read as
`gb` once, in `kernel.regions` (SearchQuery's converter), for every provider (issue 28,
found by an attack test). Google's gl list (SerpApi's google-countries.json, copied in
mei-ame/CX_4242_Project @279a6b9) lists both `uk` and `gb` as "United Kingdom".

Each provider lists the UK: Brave `GB` (brave-search-mcp-server `src/tools/web/params.ts`
@2748b47), DuckDuckGo `uk-en` (searxng `engine_traits.json` ["duckduckgo"]["regions"]
["en-GB"] @9fea412 -- DuckDuckGo's own code is literally `uk`), Tavily "united kingdom"
(tavily-mcp `src/index.ts` @bf78c13 enum). OpenSERP gets `GB` (its README's region
examples are ISO codes).
DuckDuckGo with region=no and language=no: `no-no` (DuckDuckGo's `nb-NO`), no false report;
`no` is Bokmål `nb` as in the Brave and SearXNG mappings (searxng `google.py` lang_map).
"""

from __future__ import annotations

from webdistill.adapters.providers import brave, duckduckgo, exa, openserp, serper, tavily
from webdistill.kernel import SearchQuery

UK = SearchQuery("electric ferries", region="uk", language="en")


def test_uk_is_read_as_gb_once_for_every_provider() -> None:
    assert UK.region == "gb"
    assert exa.body_for(UK)["userLocation"] == "GB"
    assert serper.body_for(UK)["gl"] == "gb"  # listed by Google as the United Kingdom
    assert openserp.params_for(UK, 0, 10)["region"] == "GB"


def test_brave_gets_gb_for_uk() -> None:
    assert brave.params_for(UK).get("country") == "GB", brave.unsupported(UK)


def test_duckduckgo_gets_uk_en_for_uk() -> None:
    assert duckduckgo.region_code(UK) == "uk-en", duckduckgo.unsupported(UK)


def test_tavily_gets_united_kingdom_for_uk() -> None:
    assert tavily.body_for(UK).get("country") == "united kingdom", tavily.unsupported(UK)


def test_duckduckgo_reads_no_as_bokmal_and_reports_nothing() -> None:
    norway = SearchQuery("fjord ferries", region="no", language="no")
    assert duckduckgo.region_code(norway) == "no-no"
    assert duckduckgo.unsupported(norway) == ()
