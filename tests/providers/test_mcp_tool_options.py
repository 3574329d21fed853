"""Per-call options sent to the tools of Brave's, Serper's and Tavily's MCP servers.

Schemas: tests/providers/mcp_real_schemas.py (each named there with its repository, path and
commit). What each server does with a value:
- Brave's server passes `search_lang` / `country` to Brave's API as they are, so they get the
  same mapping as the Brave provider (`brave.search_lang_of`, Brave's own list).
- garylab/serper-mcp-server passes its arguments to `https://google.serper.dev/search` as they
  are (`core.py` `google()`: `request.model_dump(exclude_none=True)`), so `hl` / `gl` get
  Google's lists as the Serper provider sends them, and `tbs` gets Google's `qdr:d|w|m|y`
  (the Serper provider's `TIME_RANGES`; Serper's playground sends `tbs=qdr:d`); `num` is a
  string there (pydantic refuses the integer 5: "Input should be a valid string").
- tavily-mcp: `country` is "Available only if topic is general" and its `tavily_search`
  handler sets `args.topic = "general"` whenever a country is given (`src/index.ts`
  @baaca87), so a news search must not carry a country; `max_results` has `minimum: 5`.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from mcp_types import CallToolResult, TextContent

import webdistill
from tests.providers.mcp_real_schemas import BRAVE_WEB_SEARCH, SERPER_GOOGLE_SEARCH, TAVILY_SEARCH
from webdistill import Config
from webdistill.adapters.providers import brave, serper
from webdistill.adapters.providers.mcp_bridge import arguments_for, rows_of
from webdistill.kernel import ErrorCode, SearchQuery


@pytest.mark.parametrize(
    ("language", "region", "sent"),
    [
        ("zh", "tw", "zh-hant"),
        ("zh", "cn", "zh-hans"),
        ("pt", "br", "pt-br"),
        ("pt", "pt", "pt-pt"),
        ("pt-pt", None, "pt-pt"),
        ("zh-Hant-TW", None, "zh-hant"),
        ("zh-Hans-CN", None, "zh-hans"),
        ("en", "gb", "en-gb"),
        ("ja", "jp", "jp"),
        ("no", None, "nb"),
    ],
)
def test_braves_server_gets_the_brave_providers_language(
    language: str, region: str | None, sent: str
) -> None:
    query = SearchQuery("q", language=language, region=region)
    args, missing = arguments_for(BRAVE_WEB_SEARCH, query)
    assert args["search_lang"] == sent == brave.search_lang_of(query)
    assert missing == ()


@pytest.mark.parametrize("language", ["sr-latn", "zh", "pt"])
def test_braves_server_reports_what_braves_list_lacks_as_the_provider_does(language: str) -> None:
    """Brave lists `sr` only (no script), and no bare `zh` / `pt` without a region."""
    query = SearchQuery("q", language=language)
    args, missing = arguments_for(BRAVE_WEB_SEARCH, query)
    assert "search_lang" not in args and brave.search_lang_of(query) is None
    assert [entry.split(":", 1)[0] for entry in missing] == ["language"]
    assert "Brave has no search language" in missing[0]


@pytest.mark.parametrize(
    ("language", "region"),
    [("he", None), ("fil", None), ("zh-hant", None), ("zh", "tw"), ("pt", "br"), ("nb", "no")],
)
def test_serpers_server_gets_googles_hl_and_gl(language: str, region: str | None) -> None:
    query = SearchQuery("q", language=language, region=region)
    args, missing = arguments_for(SERPER_GOOGLE_SEARCH, query)
    body = serper.body_for(query)
    assert args["hl"] == body["hl"]  # iw, tl, zh-tw, zh-tw, pt-br, no
    assert args.get("gl") == body.get("gl")
    assert missing == tuple(
        entry.replace("(Serper)", "(MCP search server)")
        for entry in serper.unsupported(query)
        if entry.startswith(("region", "language"))
    )


def test_serpers_server_reports_a_language_google_does_not_list() -> None:
    args, missing = arguments_for(SERPER_GOOGLE_SEARCH, SearchQuery("q", language="pt"))
    assert "hl" not in args
    assert missing[0].startswith('language: Google\'s hl list has no "pt"')
    args, missing = arguments_for(SERPER_GOOGLE_SEARCH, SearchQuery("q", region="xk"))
    assert "gl" not in args and missing[0].startswith("region: Google's gl list has no")


@pytest.mark.parametrize(
    ("time_range", "tbs"),
    [("day", "qdr:d"), ("week", "qdr:w"), ("month", "qdr:m"), ("year", "qdr:y")],
)
def test_serpers_server_gets_the_time_range_as_tbs(time_range: str, tbs: str) -> None:
    args, missing = arguments_for(
        SERPER_GOOGLE_SEARCH,
        SearchQuery("q", time_range=time_range),  # type: ignore[arg-type]
    )
    assert args["tbs"] == tbs == serper.TIME_RANGES[time_range]
    assert missing == ()


def test_serpers_server_gets_num_as_the_string_its_schema_asks_for() -> None:
    args, _ = arguments_for(SERPER_GOOGLE_SEARCH, SearchQuery("q", max_results=7))
    assert args == {"q": "q", "num": "7"}


def test_tavilys_server_gets_no_country_with_the_news_topic() -> None:
    args, missing = arguments_for(
        TAVILY_SEARCH,
        SearchQuery("q", region="de", topic="news"),  # type: ignore[arg-type]
    )
    assert args["topic"] == "news" and "country" not in args
    assert missing == (
        "region: the tool takes a country only with its general topic (MCP search server)",
    )
    args, missing = arguments_for(TAVILY_SEARCH, SearchQuery("q", region="de"))
    assert args["country"] == "germany" and missing == ()


def test_tavilys_server_is_asked_for_its_minimum_count() -> None:
    args, _ = arguments_for(TAVILY_SEARCH, SearchQuery("q", max_results=3))
    assert args["max_results"] == 5  # the schema's minimum; the rows are cut to 3 here
    args, _ = arguments_for(TAVILY_SEARCH, SearchQuery("q", max_results=30))
    assert args["max_results"] == 20


SERVER = Path(__file__).with_name("mcp_schema_server.py")


async def run(tmp_path: Path, kind: str, **options: object):  # type: ignore[no-untyped-def]
    log = tmp_path / "calls.jsonl"
    env = {
        "WEB_SEARCH_PROVIDER": "mcp",
        "WEB_MCP_SEARCH_COMMAND": shlex.join([sys.executable, str(SERVER), str(log), kind]),
        "WEB_CACHE": "off",
    }
    async with webdistill.build(Config.from_env(env)) as toolkit:
        outcome = (await toolkit.search({"query": "electric ferries", **options})).unwrap()[0]
    return outcome, [json.loads(line) for line in log.read_text().splitlines()]


async def test_tavilys_minimum_is_asked_and_the_rows_are_cut_here(tmp_path: Path) -> None:
    outcome, sent = await run(tmp_path, "tavily", max_results=3, region="gb", topic="news")
    assert sent == [{"query": "electric ferries", "max_results": 5, "topic": "news"}]
    assert len(outcome.hits) == 3, outcome.error
    assert outcome.unsupported == (
        "region: the tool takes a country only with its general topic (MCP search server)",
    )


async def test_serpers_tool_gets_a_string_num_and_answers(tmp_path: Path) -> None:
    outcome, sent = await run(tmp_path, "serper", max_results=4, language="he", time_range="week")
    assert sent == [{"q": "electric ferries", "num": "4", "hl": "iw", "tbs": "qdr:w"}]
    assert [hit.url for hit in outcome.hits] == [
        f"https://news{i}.example.com/story-{i}" for i in range(4)
    ], outcome.error


def test_an_error_written_as_plain_text_is_an_error() -> None:
    """serper-mcp-server `server.py` @18a548c: `except Exception as e: return
    [TextContent(text=f"Error: {str(e)}", type="text")]`, no `isError`; a Serper 429 comes
    back through `raise_for_status`-like text such as this."""
    text = "Error: 429, message='Too Many Requests', url='https://google.serper.dev/search'"
    result = CallToolResult(content=[TextContent(type="text", text=text)])
    assert rows_of(result).failure().code is ErrorCode.PROVIDER_RATE_LIMITED
    invalid = "Error: 1 validation error for SearchRequest\nnum\n  Input should be a valid string"
    result = CallToolResult(content=[TextContent(type="text", text=invalid)])
    assert rows_of(result).failure().code is ErrorCode.PROVIDER_UNAVAILABLE


#: ddkang1/ddg-mcp (PyPI ddg-mcp) `src/ddg_mcp/server.py` @8cdcbc5 (low-level server):
#: `ddg-text-search` with enums; @0f4969c (FastMCP): the same fields without enums, their
#: levels in the descriptions. Its answer: "Search results for 'K':\n\n" then per result
#: "i. TITLE\n   URL: HREF\n   BODY\n\n".
DDG_MCP_ENUMS = {
    "type": "object",
    "properties": {
        "keywords": {"type": "string", "description": "Search query keywords"},
        "region": {"type": "string", "description": "Region code (e.g., wt-wt, us-en, uk-en)",
                   "default": "wt-wt"},
        "safesearch": {"type": "string", "enum": ["on", "moderate", "off"],
                       "description": "Safe search level", "default": "moderate"},
        "timelimit": {"type": "string", "enum": ["d", "w", "m", "y"],
                      "description": "Time limit (d=day, w=week, m=month, y=year)"},
        "max_results": {"type": "integer", "description": "Maximum number of results to return",
                        "default": 10},
    },
    "required": ["keywords"],
}  # fmt: skip
DDG_MCP_FASTMCP = {
    "type": "object",
    "properties": {
        "keywords": {"type": "string", "description": "Search query keywords"},
        "region": {"type": "string", "description": "Region code (e.g., wt-wt, us-en, uk-en)",
                   "default": "wt-wt"},
        "safesearch": {"type": "string", "description": "Safe search level (on, moderate, off)",
                       "default": "moderate"},
        "timelimit": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                      "description": "Time limit (d=day, w=week, m=month, y=year)"},
        "max_results": {"type": "integer", "default": 10,
                        "description": "Maximum number of results to return"},
    },
}  # fmt: skip


@pytest.mark.parametrize("schema", [DDG_MCP_ENUMS, DDG_MCP_FASTMCP])
def test_ddg_mcp_gets_its_own_safe_search_and_time_letters(schema: dict[str, object]) -> None:
    query = SearchQuery("q", safe_search="strict", time_range="week", region="de", language="de")
    args, missing = arguments_for(schema, query)
    assert args == {
        "keywords": "q",
        "max_results": 5,
        "region": "de-de",
        "safesearch": "on",
        "timelimit": "w",
    }
    assert missing == ()
    args, _ = arguments_for(schema, SearchQuery("q", safe_search="off"))
    assert args["safesearch"] == "off"


def test_ddg_mcp_text_records_are_read() -> None:
    text = (
        "Search results for 'electric ferries':\n\n"
        "1. Electric ferries in Norway\n   URL: https://ferries.example.org/norway\n"
        "   Battery ferries cross the fjords.\n\n"
        "2. Ferry news\n   URL: https://news.example.com/ferry\n   The first crossing.\n\n"
    )
    rows = rows_of(CallToolResult(content=[TextContent(type="text", text=text)])).unwrap()
    assert [(row["title"], row["url"], row["snippet"]) for row in rows] == [
        ("Electric ferries in Norway", "https://ferries.example.org/norway",
         "Battery ferries cross the fjords."),
        ("Ferry news", "https://news.example.com/ferry", "The first crossing."),
    ]  # fmt: skip
