"""Issue 28 attack: region `uk` (ISO 3166-1's exceptionally reserved code for the United
Kingdom, which the package itself maps: `value_lists.ISO_EXCEPTIONAL`, used by Exa; Serper
sends it as Google's `gl=uk`).

Each provider lists the UK: Brave `GB` (brave-search-mcp-server `src/tools/web/params.ts`
@2748b47), DuckDuckGo `uk-en` (searxng `engine_traits.json` ["duckduckgo"]["regions"]
["en-GB"] @9fea412 -- DuckDuckGo's own code is literally `uk`), Tavily "united kingdom"
(tavily-mcp `src/index.ts` @bf78c13 enum). Yet those three report the region unsupported.
"""

from __future__ import annotations

from webdistill.adapters.providers import brave, duckduckgo, exa, serper, tavily
from webdistill.kernel import SearchQuery

UK = SearchQuery("electric ferries", region="uk", language="en")


def test_the_package_itself_reads_uk_as_gb() -> None:  # holds: shows the inconsistency
    assert exa.body_for(UK)["userLocation"] == "GB"
    assert serper.body_for(UK)["gl"] == "uk"


def test_brave_gets_gb_for_uk() -> None:
    assert brave.params_for(UK).get("country") == "GB", brave.unsupported(UK)


def test_duckduckgo_gets_uk_en_for_uk() -> None:
    assert duckduckgo.region_code(UK) == "uk-en", duckduckgo.unsupported(UK)


def test_tavily_gets_united_kingdom_for_uk() -> None:
    assert tavily.body_for(UK).get("country") == "united kingdom", tavily.unsupported(UK)
