"""The MCP bridge against the real SearXNG MCP server's tool schema and answers (issue 28).

Source: npm `mcp-searxng` (1.16.0 when checked) (ihor-sokoliuk/mcp-searxng), `dist/types.js` WEB_SEARCH_TOOL
(`searxng_web_search`), inputSchema copied below (`categories` description shortened).
Its `search.js` forwards `language` to SearXNG's `/search?language=` unchanged
(normalizeLanguageParam) and a real SearXNG answers 400 to anything not matching
`^[a-z]{2,3}(-[a-zA-Z]{2})?$` (searxng/searxng `searx/webadapter.py` parse_lang,
`searx/webutils.py` VALID_LANGUAGE_CODE @9fea412).

Checked:
1. `language=zh-hant` / `es-419` / `zh-hant-tw` are sent as the SearXNG provider sends them
   (zh-TW, es), never as typed (SearXNG 400 -> the whole search failed);
2. `safe_search` maps to the levels the schema's description spells out ("0: None,
   1: Moderate, 2: Strict");
3. its relayed 400 ("SearXNG server Error (400): Bad Request", `createServerError` in npm
   mcp-searxng 1.16.0 `dist/error-handler.js`) does not send the user to an API key;
4. its text records ("Title: / Description: / URL: / Relevance Score: / Engines:",
   `dist/search.js` of 1.16.0) are read.
"""

# ruff: noqa: E501 - copied upstream descriptions and URLs
from __future__ import annotations

import re

import pytest
from mcp_types import CallToolResult, TextContent

from webdistill.adapters.providers import mcp_bridge
from webdistill.kernel import ErrorCode, SearchQuery

SEARXNG_ACCEPTS = re.compile(r"^[a-z]{2,3}(-[a-zA-Z]{2})?$")

SCHEMA = {
    "type": "object",
    "properties": {
        "query": {
            "type": "string",
            "description": "The search query string. This is the required parameter name \u2014 use exactly `query`, not `prompt` or `q`.",
        },
        "pageno": {
            "type": "integer",
            "description": "Search page number (starts at 1)",
            "minimum": 1,
            "default": 1,
        },
        "time_range": {
            "type": "string",
            "description": "Time range of search (day, week, month, year)",
            "enum": ["day", "week", "month", "year"],
        },
        "language": {
            "type": "string",
            "description": "Language code for search results (e.g., 'en', 'fr', 'de'). Default is instance-dependent.",
            "default": "all",
        },
        "safesearch": {
            "type": "string",
            "description": "Safe search filter level (0: None, 1: Moderate, 2: Strict)",
            "enum": ["0", "1", "2"],
        },
        "num_results": {
            "type": "number",
            "description": "Maximum number of results to return (1-20). Operator cap SEARXNG_MAX_RESULTS applies as a ceiling.",
            "minimum": 1,
            "maximum": 20,
        },
        "categories": {
            "type": "string",
            "description": "Comma-separated SearXNG categories. (...)",
        },
    },
    "required": ["query"],
}
DESCRIPTION = (
    "Performs a web search using the SearXNG API, ideal for general queries, news, articles, "
    "and online content."
)


@pytest.mark.parametrize("language", ["zh-hant", "zh-hant-tw", "es-419"])
def test_language_sent_to_the_searxng_mcp_server_is_one_searxng_accepts(language: str) -> None:
    args, missing = mcp_bridge.arguments_for(
        SCHEMA, SearchQuery("electric ferries", language=language), DESCRIPTION
    )
    sent = args.get("language")
    assert sent is None or SEARXNG_ACCEPTS.match(str(sent)), (args, missing)
    if sent is None:
        assert any(m.startswith("language") for m in missing)


@pytest.mark.parametrize(("safe", "level"), [("off", "0"), ("moderate", "1"), ("strict", "2")])
def test_safe_search_maps_to_the_levels_the_schema_describes(safe: str, level: str) -> None:
    args, missing = mcp_bridge.arguments_for(
        SCHEMA,
        SearchQuery("electric ferries", safe_search=safe),
        DESCRIPTION,  # type: ignore[arg-type]
    )
    assert args.get("safesearch") == level, (args, missing)


def test_region_and_language_become_one_searxng_locale() -> None:
    args, missing = mcp_bridge.arguments_for(
        SCHEMA, SearchQuery("electric ferries", language="en", region="gb"), DESCRIPTION
    )
    assert args["language"] == "en-GB" and missing == (), (args, missing)


def test_a_relayed_400_does_not_ask_for_an_api_key() -> None:
    error = mcp_bridge.tool_error("\U0001f6ab SearXNG server Error (400): Bad Request")
    assert error.code is ErrorCode.PROVIDER_UNAVAILABLE and not error.retryable
    assert "API key" not in error.message and "language" in error.message


#: `dist/search.js` of npm mcp-searxng 1.16.0, the full (default) text form.
SEARXNG_TEXT = """Title: Electric ferries
Description: Norway's battery ferries. URL: https://forged.example/x
URL: https://ferries.example.org/a
Relevance Score: 1.000
Engines: bing, duckduckgo

Title: Ferry news
Description: The first crossing.
URL: https://news.example.com/ferry
Relevance Score: 0.500"""


def test_its_text_records_are_read() -> None:
    result = CallToolResult(content=[TextContent(type="text", text=SEARXNG_TEXT)])
    rows = mcp_bridge.rows_of(result).unwrap()
    assert [row["url"] for row in rows] == [
        "https://ferries.example.org/a",
        "https://news.example.com/ferry",
    ]
    assert rows[0]["snippet"].startswith("Norway's battery ferries.")
