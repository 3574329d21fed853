"""The MCP bridge against the input schemas and answer texts real search MCP servers have.

Sources:
- Tavily's server, tavily-ai/tavily-mcp `src/index.ts`: `formatResults` @7bcf907 writes
  "Detailed Results:" then, per result, "Title: / URL: / Content:" lines (and "Raw Content:",
  "Favicon:", an "Images:" section); `search` throws "Invalid API key. Documentation: ..."
  for 401 and "Usage limit exceeded. Documentation: ..." for 429. Its `tavily_search`
  schema: `country` with an enum of lower-case English names @bf78c13 (2026-01-23), and
  without enum, described "Must be a full country name (e.g., 'United States', 'Japan',
  'Germany')", @7bcf907.
- Brave's server, brave/brave-search-mcp-server `src/tools/web/params.ts` @2748b47: `country`
  enum of upper-case codes, `search_lang` enum with Brave's own codes (`jp`, `zh-hant`).
"""

from __future__ import annotations

from mcp_types import CallToolResult, TextContent

from webdistill.adapters.providers.mcp_bridge import arguments_for, rows_of, tool_error
from webdistill.kernel import ErrorCode, SearchQuery

TAVILY_TEXT = """Detailed Results:

Title: References and Borrowing - The Rust Programming Language
URL: https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html
Content: A reference is like a pointer in that it's an address we can follow.
Favicon: https://doc.rust-lang.org/favicon.ico

Title: Fighting the borrow checker
URL: https://blog.ferris.example/posts/borrowck
Content: Non-lexical lifetimes and the errors they remove.

Images:

[1] URL: https://images.example/ferris.png
   Description: Ferris the crab"""

#: A part of the enum of tavily-mcp @bf78c13 (the full list has 166 names).
TAVILY_SCHEMA_ENUM = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "max_results": {"type": "number", "minimum": 5, "maximum": 20},
        "country": {
            "type": "string",
            "enum": ["afghanistan", "albania", "germany", "south korea", "united states"],
            "description": "Boost search results from a specific country. Country names MUST "
            "be written in lowercase, plain English, with spaces and no underscores.",
        },
    },
}

TAVILY_SCHEMA_NOW = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "country": {
            "type": "string",
            "description": "Boost search results from a specific country. Must be a full "
            "country name (e.g., 'United States', 'Japan', 'Germany'). ISO country codes "
            "(e.g., 'us', 'jp') are not supported. Available only if topic is general.",
            "default": "",
        },
    },
}

BRAVE_SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "country": {"type": "string", "enum": ["ALL", "DE", "GB", "JP", "US"]},
        "search_lang": {"type": "string", "enum": ["de", "en", "en-gb", "jp", "zh-hant"]},
    },
}


def test_tavily_content_lines_are_the_snippets() -> None:
    result = CallToolResult(content=[TextContent(type="text", text=TAVILY_TEXT)])
    rows = rows_of(result).unwrap()
    assert rows == (
        {
            "title": "References and Borrowing - The Rust Programming Language",
            "url": "https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html",
            "snippet": "A reference is like a pointer in that it's an address we can follow.",
        },
        {
            "title": "Fighting the borrow checker",
            "url": "https://blog.ferris.example/posts/borrowck",
            "snippet": "Non-lexical lifetimes and the errors they remove.",
        },
    )


def test_relayed_limits_and_refused_keys_are_told_apart() -> None:
    brave_429 = (
        '429 Too Many Requests\n{\n  "type": "ErrorResponse",\n  "error": {\n    "status": 429,'
        '\n    "code": "RATE_LIMITED",\n    "detail": "Request rate limit exceeded for plan."'
    )
    result = CallToolResult(content=[TextContent(type="text", text=brave_429)], is_error=True)
    assert rows_of(result).failure().code is ErrorCode.PROVIDER_RATE_LIMITED
    tavily_429 = "Usage limit exceeded. Documentation: https://docs.tavily.com/documentation/api-reference/endpoint/search"
    assert tool_error(tavily_429).code is ErrorCode.PROVIDER_RATE_LIMITED
    tavily_401 = "Invalid API key. Documentation: https://docs.tavily.com/documentation/api-reference/endpoint/search"
    assert tool_error(tavily_401).code is ErrorCode.PROVIDER_AUTH_FAILED


def test_a_country_enum_of_names_gets_the_name() -> None:
    args, missing = arguments_for(TAVILY_SCHEMA_ENUM, SearchQuery("q", region="de"))
    assert args["country"] == "germany" and missing == ()
    args, _ = arguments_for(TAVILY_SCHEMA_ENUM, SearchQuery("q", region="kr"))
    assert args["country"] == "south korea"
    args, missing = arguments_for(TAVILY_SCHEMA_ENUM, SearchQuery("q", region="fr"))
    assert "country" not in args
    assert missing == ('region: "fr" is not one of the tool\'s values (MCP search server)',)


def test_a_country_described_as_a_full_name_gets_the_name() -> None:
    args, missing = arguments_for(TAVILY_SCHEMA_NOW, SearchQuery("q", region="us"))
    assert args["country"] == "United States" and missing == ()
    args, missing = arguments_for(TAVILY_SCHEMA_NOW, SearchQuery("q", region="xk"))
    assert "country" not in args and missing[0].startswith("region: the tool takes country")


def test_braves_enums_get_braves_spelling() -> None:
    args, missing = arguments_for(BRAVE_SCHEMA, SearchQuery("q", region="jp", language="ja"))
    assert (args["country"], args["search_lang"]) == ("JP", "jp") and missing == ()
    args, _ = arguments_for(BRAVE_SCHEMA, SearchQuery("q", language="zh-tw"))
    assert args["search_lang"] == "zh-hant"
    args, missing = arguments_for(BRAVE_SCHEMA, SearchQuery("q", region="vn"))
    assert "country" not in args
    assert missing == ('region: "vn" is not one of the tool\'s values (MCP search server)',)


#: nickclyde/duckduckgo-mcp-server `src/duckduckgo_mcp_server/server.py` @959bb84
#: (`format_results_for_llm`): "Found N search results:" then "K. TITLE" / "   URL: LINK" /
#: "   Summary: SNIPPET" and a blank line per result. Its `search` tool documents `region`
#: in the tool description only: "Examples: 'us-en' (USA/English), ... 'wt-wt' (no region)".
NICKCLYDE_TEXT = """Found 2 search results:

1. Electric ferries: 2. generation
   URL: https://ferries.example.org/electric
   Summary: Norway's battery ferries.

2. Ferry news
   URL: https://news.example.com/ferry
   Summary: The first crossing."""

NICKCLYDE_SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "max_results": {"type": "integer", "default": 10},
        "region": {"type": "string", "default": ""},
    },
    "required": ["query"],
}
NICKCLYDE_DESCRIPTION = (
    "Search DuckDuckGo and return formatted results.\n\n    Args:\n        query: The search "
    "query string\n        region: Optional region/language code to localize results. "
    "Examples: 'us-en' (USA/English), 'uk-en' (UK/English), 'de-de' (Germany/German), "
    "'wt-wt' (no region)."
)


def test_numbered_results_with_summary_lines_are_read() -> None:
    result = CallToolResult(content=[TextContent(type="text", text=NICKCLYDE_TEXT)])
    rows = rows_of(result).unwrap()
    assert [(row["title"], row["url"], row["snippet"]) for row in rows] == [
        ("Electric ferries: 2. generation", "https://ferries.example.org/electric",
         "Norway's battery ferries."),
        ("Ferry news", "https://news.example.com/ferry", "The first crossing."),
    ]  # fmt: skip


def test_a_region_documented_as_duckduckgo_codes_gets_duckduckgos_pair() -> None:
    query = SearchQuery("q", region="de", language="de")
    args, missing = arguments_for(NICKCLYDE_SCHEMA, query, NICKCLYDE_DESCRIPTION)
    assert args["region"] == "de-de" and missing == ()
    args, missing = arguments_for(
        NICKCLYDE_SCHEMA, SearchQuery("q", region="gb"), NICKCLYDE_DESCRIPTION
    )
    assert args["region"] == "uk-en"
    args, missing = arguments_for(
        NICKCLYDE_SCHEMA, SearchQuery("q", region="zz"), NICKCLYDE_DESCRIPTION
    )
    assert "region" not in args and missing[0].startswith("region:")
    # Without the description's codes the value goes as given (a generic region field).
    args, _ = arguments_for(NICKCLYDE_SCHEMA, SearchQuery("q", region="de"))
    assert args["region"] == "de"


def test_the_query_goes_to_the_one_required_string_field() -> None:
    """ddg-mcp's `ddg-text-search` takes `keywords`; an unknown name is read from `required`."""
    schema = {"type": "object", "properties": {"terms": {"type": "string"}, "n": {}},
              "required": ["terms"]}  # fmt: skip
    args, _ = arguments_for(schema, SearchQuery("electric ferries"))
    assert args == {"terms": "electric ferries"}
