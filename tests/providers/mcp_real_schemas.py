"""Input schemas of widely used search MCP servers' tools, as those servers publish them.

- `TAVILY_SEARCH`: tavily-ai/tavily-mcp `src/index.ts` @baaca87 (2026-01-20), tool
  `tavily_search`: `topic` enum general/news, `max_results` minimum 5 / maximum 20, `country`
  "Available only if topic is general" (the server then forces `topic = "general"` when a
  country is given), `time_range`, domain lists. The country enum is cut to a few names
  (the full one has 166); other properties (images, favicon...) are left out.
- `SERPER_GOOGLE_SEARCH`: garylab/serper-mcp-server (PyPI serper-mcp-server)
  `src/serper_mcp_server/schemas.py` @b2f701f, `SearchRequest.model_json_schema()` as
  pydantic 2 writes it: `num` and `page` are strings with a pattern (an integer fails the
  server's validation), `tbs` "The time period to search in, e.g. d, w, m, y", `gl`, `hl`.
- `BRAVE_WEB_SEARCH`: brave/brave-search-mcp-server `src/tools/web/params.ts` @2748b47: the
  `country` and `search_lang` enums (Brave's whole lists, `value_lists.BRAVE_*`).
"""

from __future__ import annotations

from typing import Any

from webdistill.adapters.providers.value_lists import BRAVE_COUNTRIES, BRAVE_SEARCH_LANGS

TAVILY_SEARCH: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "description": "Search query"},
        "topic": {
            "type": "string",
            "enum": ["general", "news"],
            "description": "The category of the search. This will determine which of our "
            "agents will be used for the search",
            "default": "general",
        },
        "time_range": {
            "type": "string",
            "description": "The time range back from the current date to include in the "
            "search results. This feature is available for both 'general' and 'news' search "
            "topics",
            "enum": ["day", "week", "month", "year", "d", "w", "m", "y"],
        },
        "max_results": {
            "type": "number",
            "description": "The maximum number of search results to return",
            "default": 10,
            "minimum": 5,
            "maximum": 20,
        },
        "include_domains": {"type": "array", "items": {"type": "string"}, "default": []},
        "exclude_domains": {"type": "array", "items": {"type": "string"}, "default": []},
        "country": {
            "type": "string",
            "enum": ["canada", "germany", "japan", "united kingdom", "united states"],
            "description": "Boost search results from a specific country. This will "
            "prioritize content from the selected country in the search results. Available "
            "only if topic is general. Country names MUST be written in lowercase, plain "
            "English, with spaces and no underscores.",
            "default": "",
        },
    },
    "required": ["query"],
}

SERPER_GOOGLE_SEARCH: dict[str, Any] = {
    "properties": {
        "q": {"description": "The query to search for", "title": "Q", "type": "string"},
        "gl": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "The country to search in, e.g. us, uk, ca, au, etc.",
            "title": "Gl",
        },
        "location": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "The location to search in, e.g. San Francisco, CA, USA",
            "title": "Location",
        },
        "hl": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "The language to search in, e.g. en, es, fr, de, etc.",
            "title": "Hl",
        },
        "page": {
            "anyOf": [{"pattern": "^[1-9]\\d*$", "type": "string"}, {"type": "null"}],
            "default": "1",
            "description": "The page number to return, first page is 1 (integer value as string)",
            "title": "Page",
        },
        "tbs": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "The time period to search in, e.g. d, w, m, y",
            "title": "Tbs",
        },
        "num": {
            "default": "10",
            "description": "The number of results to return, max is 100 (integer value as string)",
            "pattern": "^([1-9]|[1-9]\\d|100)$",
            "title": "Num",
            "type": "string",
        },
    },
    "required": ["q"],
    "title": "SearchRequest",
    "type": "object",
}

BRAVE_WEB_SEARCH: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "count": {"type": "number", "minimum": 1, "maximum": 20},
        "country": {"type": "string", "enum": ["ALL", *sorted(BRAVE_COUNTRIES)]},
        "search_lang": {"type": "string", "enum": sorted(BRAVE_SEARCH_LANGS)},
    },
    "required": ["query"],
}
