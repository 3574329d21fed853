"""Search through an MCP server (`WEB_SEARCH_PROVIDER=mcp`): webdistill as an MCP client.

`WEB_MCP_SEARCH_COMMAND` is a command line that runs an MCP search server on stdio (e.g.
Brave's official `@brave/brave-search-mcp-server`); `WEB_MCP_SEARCH_TOOL` names its tool
(default: the first tool whose name contains "search", one with "web" preferred). The
official `mcp` SDK (the `mcp` extra) speaks the protocol.

The server runs for as long as the `McpBridge` lives, in one background task that owns the
SDK's context managers (anyio scopes must be left by the task that entered them); searches
from any task send their `tools/call` through the shared session. The bridge starts on the
first search and stops on `close()`; if the server dies, the next search starts it again.
Starting, listing tools and every call are bounded by the search timeout.

Arguments are mapped by the tool's input schema: the query goes to `query` (or `q`,
`search_query`, `text`), the count to `count` / `max_results` / `num_results` / `limit` /
`num` (within the schema's maximum and minimum, a string where the schema says so), and
`region`, `language`, `safe_search`, `time_range`, domain filters and `topic` to the
properties that server names for them (Brave's `country`, `search_lang`, `safesearch`,
`freshness`...). What the tool has no property for is reported as not applied (domain
filters fall back to `site:` operators). Values follow the tool's schema: a property with an
`enum` gets the listed spelling (`DE` for Brave's server, Brave's `jp` for Japanese), a
country property whose enum or description asks for country *names* (Tavily's server: "Must
be a full country name") gets the English name from Tavily's list, and none with a news
search when it works "only if topic is general"; a `search_lang` enum of Brave's codes gets
the Brave provider's mapping (`zh` in TW is `zh-hant`); `gl` / `hl` / `tbs` (Serper's
servers pass them to Google) get the Serper provider's values (Google's lists, `qdr:w`); a
value the schema does not list is reported. A tool that names SearXNG (mcp-searxng) gets
region and language as the SearXNG provider sends them; a safe-search property whose
description spells out its levels ("0: None, 1: Moderate, 2: Strict") gets the level, one
listing "on, moderate, off" (ddg-mcp) gets `on` for strict, and a time property with d/w/m/y
letters gets the letter. A relayed 400 is a refused value, not a key. The answer is read
from `structuredContent`, from JSON text blocks (Brave's server sends one JSON object per
result), or from the text records of known servers, split only at the boundaries each writes
(Tavily's "Title: / URL: / Content:", nickclyde's and ddg-mcp's numbered DuckDuckGo
records), so a page's text inside a record never becomes a hit; nickclyde's bot-detection
notice is a rate limit; `isError` answers and JSON-RPC errors become errors by what they
say: a 429 / "Too Many Requests" / "rate limit" / "Usage limit exceeded" text is
PROVIDER_RATE_LIMITED, a refused key PROVIDER_AUTH_FAILED, a "no results" error an empty
answer; a text "Error: ..." with no results (serper-mcp-server) is read the same way. One
request per query: MCP tools do not share a paging convention.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import re
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.providers import brave, duckduckgo, searxng, serper
from webdistill.adapters.providers.brave import LANGUAGE_ALIASES
from webdistill.adapters.providers.failures import ProviderInfo
from webdistill.adapters.providers.paging import (
    all_not_applied,
    not_applied,
    one_request,
    site_operators,
)
from webdistill.adapters.providers.rows import (
    Answer,
    Row,
    field,
    make_row,
    plain_text_of,
    published_of,
    text_of,
    wanted,
)
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.value_lists import BRAVE_SEARCH_LANGS, TAVILY_COUNTRIES
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, echo, echo_quoted, own, words
from webdistill.kernel.own_text import name as own_name
from webdistill.kernel.own_text import number as own_number
from webdistill.kernel.redaction import command_secrets, without_secret

INFO = ProviderInfo(name="mcp", label="MCP search server")
MAX_TEXT_BLOCKS = 200
MAX_TEXT_CHARS = 200_000
MAX_ROWS = 100

_QUERY_KEYS = ("query", "q", "search_query", "searchQuery", "keywords", "text", "input")
_COUNT_KEYS = ("count", "max_results", "maxResults", "num_results", "numResults", "limit", "num")
_REGION_KEYS = ("country", "region", "gl", "location", "userLocation")
_LANGUAGE_KEYS = ("search_lang", "language", "lang", "hl")
_SAFE_KEYS = ("safesearch", "safe_search", "safeSearch")
_TIME_KEYS = ("freshness", "time_range", "timeRange", "recency", "tbs", "timelimit")
_INCLUDE_KEYS = ("include_domains", "includeDomains")
_EXCLUDE_KEYS = ("exclude_domains", "excludeDomains")
_TOPIC_KEYS = ("topic", "category")
_BRAVE_FRESHNESS = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}
_NO_RESULTS = re.compile(r"\bno\b.{0,30}\bresults?\b", re.IGNORECASE)
_AUTH_WORDS = re.compile(r"\b(401|403|unauthori[sz]ed|forbidden|api[ _-]?key|token)\b", re.I)
#: Brave's server relays Brave's 429 as "429 Too Many Requests\n{...RATE_LIMITED...}";
#: Tavily's throws "Usage limit exceeded" for Tavily's 429.
_RATE_WORDS = re.compile(
    r"\b(429|too many requests|rate[ _-]?limit(?:ed|s)?|usage limit exceeded"
    r"|duckduckgo's bot detection)\b",
    re.I,
)
#: An exhausted plan or credit balance relayed in the upstream's own words, which retrying
#: cannot cure: Tavily's 432 body "This request exceeds your plan's set usage limit. Please
#: upgrade your plan." (tests/providers/fixtures/tavily/error-432.json), Exa's 402 "You have
#: run out of credits.", Serper's 400 "Not enough credits" -- the bodies the direct
#: providers answer PROVIDER_RATE_LIMITED, not retryable.
_QUOTA_WORDS = re.compile(
    r"exceeds your plan's set usage limit|upgrade your plan|run out of credits"
    r"|not enough credits",
    re.I,
)
#: The HTTP status a relayed error names: Brave's server "429 Too Many Requests ...",
#: mcp-searxng "SearXNG server Error (400)", axios' "Request failed with status code 502"
#: (tavily-mcp relays `error.message` when the upstream body is no JSON object).
_RELAYED_STATUS = re.compile(r"\A(\d{3}) [A-Z]|\((\d{3})\)|\bstatus code (\d{3})\b")
#: tavily-mcp (`src/index.ts` @7bcf907, the CallTool handler's catch) relays every upstream
#: status but 401 and 429 (which `search()` rewrites) as `isError` text "Tavily API error:
#: {detail JSON}\nDocumentation: <url>", without the status: the words decide, and what
#: they do not name is a request Tavily refused (a 4xx), not an outage to retry.
_TAVILY_RELAY = re.compile(r"\ATavily API error: ")
_OUTAGE_WORDS = re.compile(
    r"\b(internal server error|bad gateway|service unavailable|gateway timeout|timed? ?out"
    r"|ECONNRESET|ECONNREFUSED|socket hang up)\b",
    re.I,
)
#: A provider's 400 relayed: mcp-searxng `createServerError` writes "SearXNG server Error
#: (400): Bad Request" (npm mcp-searxng 1.16.0 `dist/error-handler.js`).
_BAD_REQUEST = re.compile(r"\(400\)|\b400 bad request\b|\bbad request\b|\bHTTP 400\b", re.I)
#: nickclyde/duckduckgo-mcp-server (`format_results_for_llm`, `server.py` @959bb84) answers
#: DuckDuckGo's block (a 202 anomaly page, 403, 429, a timeout) with an empty result list
#: and, as plain (not isError) text: "No results were found for your search query. This
#: could be due to DuckDuckGo's bot detection or the query returned no matches. ...". Read
#: as the rate limit the DuckDuckGo provider itself reports for the same upstream state.
_BOT_NOTICE = (
    "No results were found for your search query. This could be due to DuckDuckGo's bot detection"
)
#: garylab/serper-mcp-server (`server.py` `call_tool` @18a548c) answers any failure, its
#: upstream's included, as plain text "Error: ..." without `isError`.
_ERROR_TEXT = "Error: "
_FIELD_LINE = re.compile(r"^(Title|URL|Link|Description|Snippet|Content|Summary): ?(.*)$")
_URL_LINE = re.compile(r"^(?:URL|Link): \S")
#: A record starts after a blank line (or at the top) with "Title: ".
_RECORD_START = re.compile(r"(?:\A|\n[ \t]*\n)(?=Title: )")
_TAVILY_HEAD = re.compile(r"^Detailed Results:$", re.M)
_TAVILY_IMAGES = "\n\nImages:\n"
_TAVILY_TAIL = re.compile(r"\n(?:Raw Content|Favicon): ")
#: nickclyde/duckduckgo-mcp-server's heading: "Found N search results:".
_NUMBERED_HEAD = re.compile(r"\AFound (\d{1,4}) search results:$", re.M)
#: ddkang1/ddg-mcp's heading (`ddg_text_search`, `src/ddg_mcp/server.py` @0f4969c): "Search
#: results for 'KEYWORDS':", then "K. TITLE\n   URL: U\n   BODY" records (no body label).
_DDG_MCP_HEAD = re.compile(r"\ASearch results for '[^\n]*':\n")
#: ddg-mcp's `safesearch` levels: "on, moderate, off" (its enum, or its description when
#: the schema has none); `on` is DuckDuckGo's strict (ddgs: {"on": "1", ...}, kp=1).
_ON_LEVEL = re.compile(r"\bon\b[^.]*\bmoderate\b", re.I)
#: "d=day, w=week" in a time property's description (ddg-mcp's `timelimit`).
_LETTER_TIMES = re.compile(r"\bd\s*=\s*day\b", re.I)
#: "0: None, 1: Moderate, 2: Strict" in a safe-search property's description.
_LEVEL = re.compile(r"\b(\d)\s*[:=]\s*(none|off|moderate|strict)\b", re.I)
_COUNTRY_NAMES = re.compile(r"country names?\b", re.I)
#: tavily-mcp's `country`: "Available only if topic is general" (src/index.ts @baaca87).
_GENERAL_ONLY = re.compile(r"only (?:if|when|with|for) (?:the )?(?:topic is )?general\b", re.I)
#: Brave's own spellings: an enum with one of them is Brave's `search_lang` list.
_BRAVE_SPELLINGS = frozenset({"jp", "zh-hans", "zh-hant"})
#: DuckDuckGo `kl` codes a tool's region description gives as examples.
_DDG_CODES = re.compile(r"\b(?:wt-wt|us-en|uk-en|de-de|fr-fr|cn-zh|jp-jp)\b", re.I)


def _first(properties: Mapping[str, Any], keys: Sequence[str]) -> str | None:
    return next((key for key in keys if key in properties), None)


def arguments_for(
    schema: Mapping[str, Any], query: SearchQuery, description: str = ""
) -> tuple[dict[str, object], tuple[OwnText, ...]]:
    """The tool arguments for `query` under the tool's input `schema` (and its
    `description`, where SDK servers document their arguments), and what is left out."""
    properties = schema.get("properties")
    props: Mapping[str, Any] = properties if isinstance(properties, Mapping) else {}
    missing: list[OwnText] = []
    args: dict[str, object] = {}
    include = _first(props, _INCLUDE_KEYS)
    exclude = _first(props, _EXCLUDE_KEYS)
    text_query = attrs.evolve(
        query,
        include_domains=() if include else query.include_domains,
        exclude_domains=() if exclude else query.exclude_domains,
    )
    args[_query_key(schema, props)] = site_operators(text_query)
    if include and query.include_domains:
        args[include] = list(query.include_domains)
    if exclude and query.exclude_domains:
        args[exclude] = list(query.exclude_domains)
    count_key = _first(props, _COUNT_KEYS)
    if count_key:
        args[count_key] = _count(props[count_key], wanted(query))
    topic_key = _first(props, _TOPIC_KEYS)
    news = query.topic == "news" and topic_key is not None and "news" in _enum(props[topic_key])
    region_key = _first(props, _REGION_KEYS)
    language_key = _first(props, _LANGUAGE_KEYS)
    if _fronts_searxng(props, description) and language_key is not None:
        _searxng_locale(args, missing, props, query)
    elif region_key is not None and _takes_ddg_regions(props[region_key], region_key, description):
        _ddg_region(args, missing, props, region_key, query)
    else:
        _region(args, missing, props, region_key, query, news=news)
        _language(args, missing, props, language_key, query)
    _option(args, missing, props, "safe_search", query.safe_search, keys=_SAFE_KEYS)
    if query.time_range is not None:
        key = _first(props, _TIME_KEYS)
        if key is None:
            why = words("the tool has no time parameter")
            missing.append(not_applied(INFO, "time_range", why))
        elif key == "freshness":  # Brave's server: Brave's pd/pw/pm/py
            args[key] = _BRAVE_FRESHNESS[query.time_range]
        elif key == "tbs":  # Serper's servers pass `tbs` to Google: qdr:d/w/m/y
            args[key] = serper.TIME_RANGES[query.time_range]
        else:
            args[key] = _time_value(props[key], query.time_range)
    if query.topic == "news":
        if not news or topic_key is None:
            missing.append(not_applied(INFO, "topic", words("the tool has no news option")))
        else:
            args[topic_key] = "news"
    return args, tuple(missing)


def _time_value(prop: object, time_range: str) -> str:
    """`day` as the property takes it: `day`, or `d` where its enum or description has only
    the letters (ddg-mcp's `timelimit`: enum d/w/m/y, "d=day, w=week, m=month, y=year")."""
    choices = _enum(prop)
    if time_range in choices:
        return time_range
    letters = time_range[0] in choices or (
        not choices and _LETTER_TIMES.search(text_of(field(prop, "description")))
    )
    return time_range[0] if letters else time_range


def _count(prop: object, count: int) -> object:
    """The count within the schema's `maximum` and `minimum` (a tool that takes no fewer
    than 5, like tavily-mcp, is asked for 5: the kernel cuts the rows to the count), as a
    string where the schema types it so (serper-mcp-server's `num`: "integer value as
    string", an integer fails its validation)."""
    maximum, minimum = field(prop, "maximum"), field(prop, "minimum")
    if isinstance(maximum, int | float) and not isinstance(maximum, bool):
        count = min(count, int(maximum))
    if isinstance(minimum, int | float) and not isinstance(minimum, bool):
        count = max(count, math.ceil(minimum))
    return str(count) if _type_of(prop) == "string" else count


def _type_of(prop: object) -> object:
    """A property's JSON type, also when written `anyOf: [{type}, {type: null}]` (pydantic)."""
    declared = field(prop, "type")
    if declared is not None:
        return declared
    options = field(prop, "anyOf")
    types = [field(o, "type") for o in options] if isinstance(options, list) else []
    return next((t for t in types if t not in (None, "null")), None)


def _region(
    args: dict[str, object],
    missing: list[OwnText],
    props: Mapping[str, Any],
    key: str | None,
    query: SearchQuery,
    *,
    news: bool,
) -> None:
    """The region as the tool takes it: Google's `gl` list for a `gl` property (Serper's
    servers forward it to Google), nothing with a news search where the property says it
    works only with the general topic (tavily-mcp), else by the property's enum or words."""
    if query.region is None or key is None:
        _option(args, missing, props, "region", query.region, keys=_REGION_KEYS)
    elif news and _GENERAL_ONLY.search(text_of(field(props[key], "description"))):
        missing.append(
            not_applied(
                INFO, "region", words("the tool takes a country only with its general topic")
            )
        )
    elif key == "gl":
        problem = serper.gl_problem(query)
        if problem is None:
            args[key] = query.region
        else:
            missing.append(not_applied(INFO, "region", problem))
    else:
        _option(args, missing, props, "region", query.region, keys=_REGION_KEYS)


def _language(
    args: dict[str, object],
    missing: list[OwnText],
    props: Mapping[str, Any],
    key: str | None,
    query: SearchQuery,
) -> None:
    """The language as the tool takes it: Google's `hl` list for an `hl` property (as the
    Serper provider sends it), Brave's mapping for an enum of Brave's codes (as the Brave
    provider sends it: `zh` in TW is `zh-hant`), else by the property's enum."""
    if query.language is None or key is None:
        _option(args, missing, props, "language", query.language, keys=_LANGUAGE_KEYS)
        return
    value: object
    if key == "hl":
        value, why = serper.hl_of(query)
    elif _takes_brave_langs(props[key]):
        code, why = brave.search_lang_of(query), brave.language_problem(query)
        listed = {str(choice).lower(): choice for choice in _enum(props[key])}
        value = listed.get(code) if code is not None else None
        if code is not None and value is None:  # an enum with part of Brave's list
            why = own("{} is not one of the tool's values", echo_quoted(query.language))
    else:
        _option(args, missing, props, "language", query.language, keys=_LANGUAGE_KEYS)
        return
    if value is not None:
        args[key] = value
    if why is not None:
        missing.append(not_applied(INFO, "language", why))


def _takes_brave_langs(prop: object) -> bool:
    """An enum of Brave's `search_lang` codes (Brave's MCP server), told by Brave's own
    spellings (`jp`, `zh-hans`, `zh-hant`) in it."""
    values = {str(value).lower() for value in _enum(prop)}
    return bool(values & _BRAVE_SPELLINGS) and values <= BRAVE_SEARCH_LANGS | {"all"}


def _query_key(schema: Mapping[str, Any], props: Mapping[str, Any]) -> str:
    """The property the query goes to: a known name (`query`, `q`, ddg-mcp's `keywords`...),
    else the schema's first required string property, else `query`."""
    known = _first(props, _QUERY_KEYS)
    if known is not None:
        return known
    required = schema.get("required")
    for name in required if isinstance(required, list) else []:
        if isinstance(name, str) and field(props.get(name), "type") == "string":
            return name
    return "query"


def _takes_ddg_regions(prop: object, key: str, tool_description: str) -> bool:
    """A region property without an enum whose description or default gives DuckDuckGo
    region codes (`wt-wt`, `us-en`), or whose tool's description does next to its name
    (nickclyde's duckduckgo-mcp-server: "region: ... 'us-en' ... 'wt-wt'"; ddg-mcp)."""
    if _enum(prop):
        return False
    said = f"{text_of(field(prop, 'description'))} {text_of(field(prop, 'default'))}"
    if _DDG_CODES.search(said) is not None:
        return True
    return any(
        key.lower() in line.lower() and _DDG_CODES.search(line) is not None
        for line in re.split(r"[\n;]", tool_description)
    )


def _fronts_searxng(props: Mapping[str, Any], tool_description: str) -> bool:
    """A tool that names SearXNG in its description or a property's (ihor-sokoliuk's
    mcp-searxng: "Performs a web search using the SearXNG API"), whose `language` goes to
    SearXNG's `/search?language=` as it is."""
    said = " ".join(
        [tool_description, *(text_of(field(prop, "description")) for prop in props.values())]
    )
    return "searxng" in said.lower()


def _searxng_locale(
    args: dict[str, object], missing: list[OwnText], props: Mapping[str, Any], query: SearchQuery
) -> None:
    """Region and language as the SearXNG provider sends them (one listed `xx` / `xx-YY`
    locale; a real SearXNG answers 400 to `zh-Hant-TW` or `es-419`), with what it reports."""
    key = _first(props, _LANGUAGE_KEYS)
    assert key is not None
    locale = searxng.locale_of(query)[0]
    if locale is not None:
        args[key] = locale
    missing.extend(all_not_applied(INFO, searxng.problems(query)))


def _ddg_region(
    args: dict[str, object],
    missing: list[OwnText],
    props: Mapping[str, Any],
    key: str,
    query: SearchQuery,
) -> None:
    """Region (and language) as one DuckDuckGo `kl` code from DuckDuckGo's own list
    (`jp-jp`, `uk-en`); a region it does not list is reported, never sent as typed."""
    language_key = _first(props, _LANGUAGE_KEYS)
    if language_key is not None:
        _option(args, missing, props, "language", query.language, keys=_LANGUAGE_KEYS)
    if query.region is None:
        if query.language is not None and language_key is None:
            why = words(
                "the tool selects results by DuckDuckGo region (give a region), not language"
            )
            missing.append(not_applied(INFO, "language", why))
        return
    kl = duckduckgo.region_code(query)
    if kl == "wt-wt":
        why = own(
            "the tool takes DuckDuckGo regions, which list no {}",
            echo_quoted(query.region.upper()),
        )
        missing.append(not_applied(INFO, "region", why))
        return
    args[key] = kl
    if language_key is None and query.language is not None:
        for option, why in duckduckgo.problems(query):
            if option == "language":
                missing.append(not_applied(INFO, "language", why))


def _enum(prop: object) -> list[object]:
    values = field(prop, "enum")
    return values if isinstance(values, list) else []


def _option(
    args: dict[str, object],
    missing: list[OwnText],
    props: Mapping[str, Any],
    name: str,
    value: str | None,
    *,
    keys: Sequence[str],
) -> None:
    if value is None:
        return
    key = _first(props, keys)
    if key is None:
        missing.append(not_applied(INFO, name, words("the tool has no parameter for it")))
        return
    prop = props[key]
    choices = [choice for choice in _enum(prop) if isinstance(choice, str)]
    said = text_of(field(prop, "description"))
    wants_names = _COUNTRY_NAMES.search(text_of(field(prop, "description"))) is not None
    candidates = _candidates(name, value, wants_names=wants_names and not choices)
    if name == "safe_search":
        candidates = [*_described_levels(prop).get(value, []), *candidates]
        if value == "strict" and _ON_LEVEL.search(" ".join([*choices, said])):
            candidates.append("on")  # ddg-mcp: on / moderate / off
    if name == "region" and wants_names and not choices:
        if not candidates:
            why = own(
                "the tool takes country names and {} has none in Tavily's list",
                echo_quoted(value.upper()),
            )
            missing.append(not_applied(INFO, name, why))
            return
        args[key] = candidates[0]
        return
    if not choices:
        spelled = "on" if name == "safe_search" and "on" in candidates else value
        args[key] = value.upper() if key == "country" else spelled
        return
    folded = {choice.lower(): choice for choice in choices}
    chosen = next((folded[c.lower()] for c in candidates if c.lower() in folded), None)
    if chosen is None:
        why = own("{} is not one of the tool's values", echo_quoted(value))
        missing.append(not_applied(INFO, name, why))
        return
    args[key] = chosen


def _candidates(name: str, value: str, *, wants_names: bool) -> list[str]:
    """Spellings of `value` to look for in a tool's enum, most exact first."""
    if name == "region":
        english = TAVILY_COUNTRIES.get(value)
        if wants_names:
            return [_title(english)] if english else []
        return [value, english, _title(english)] if english else [value]
    if name == "language":
        base = value.split("-", 1)[0]
        spelled = [value, LANGUAGE_ALIASES.get(value), base, LANGUAGE_ALIASES.get(base)]
        return [each for each in spelled if each]
    return [value]


def _described_levels(prop: object) -> dict[str, list[str]]:
    """Our safe-search values for the levels a property's description spells out
    (mcp-searxng's `safesearch`: "Safe search filter level (0: None, 1: Moderate, 2:
    Strict)", enum "0" / "1" / "2")."""
    levels: dict[str, list[str]] = {}
    for level, word in _LEVEL.findall(text_of(field(prop, "description"))):
        ours = {"none": "off"}.get(word.lower(), word.lower())
        levels.setdefault(ours, []).append(level)
    return levels


def _title(name: str) -> str:
    """An English country name as written in prose ("United States", "Bosnia and Herzegovina")."""
    small = {"and", "of", "the"}
    words = name.split()
    return " ".join(w if w in small and i else w.capitalize() for i, w in enumerate(words))


def pick_tool(tools: Sequence[Any], wanted_name: str | None) -> Any | None:
    """The tool to call: the configured name, else a search tool ("web" preferred)."""
    if wanted_name is not None:
        return next((tool for tool in tools if tool.name == wanted_name), None)
    searching = [tool for tool in tools if "search" in tool.name.lower()]
    web = [tool for tool in searching if "web" in tool.name.lower()]
    return (web or searching or [None])[0]


def rows_of(result: Any, secrets: Sequence[str] = ()) -> Result[tuple[Row, ...], WebError]:
    """Rows from a `CallToolResult` (structured content, JSON text blocks or plain text);
    `secrets` (the command line's keys) are scrubbed from an error's text before its cut."""
    texts = [
        block.text[:MAX_TEXT_CHARS]
        for block in list(getattr(result, "content", None) or [])[:MAX_TEXT_BLOCKS]
        if getattr(block, "type", None) == "text" and isinstance(getattr(block, "text", None), str)
    ]
    if getattr(result, "is_error", False) or getattr(result, "isError", False):
        said = " ".join(without_secret(" ".join(texts), *secrets).split())[:300]
        if _NO_RESULTS.search(said) and not _AUTH_WORDS.search(said):
            return Success(())
        return Failure(tool_error(said))
    if any(text.startswith(_BOT_NOTICE) for text in texts):  # the whole answer, not a page's
        return Failure(tool_error(_BOT_NOTICE))
    structured = getattr(result, "structured_content", None) or getattr(
        result, "structuredContent", None
    )
    items: list[object] = []
    if structured is not None:
        items = _items(structured)
    if not items:
        for text in texts:
            items.extend(_items(_json(text)) if _json(text) is not None else _text_items(text))
    rows = tuple(row for row in (_row(item) for item in items[:MAX_ROWS]) if row is not None)
    failed = next((text for text in texts if text.startswith(_ERROR_TEXT)), None)
    if not rows and failed is not None:  # an error written as text, without `isError`
        return Failure(tool_error(" ".join(without_secret(failed, *secrets).split())[:300]))
    return Success(rows)


def tool_error(said: str) -> WebError:
    """The error a search tool's own words (already scrubbed and cut) describe."""
    web_text = f"the MCP search tool said: {said or 'no message'}"
    if _QUOTA_WORDS.search(said):
        return WebError.of(
            ErrorCode.PROVIDER_RATE_LIMITED,
            own(
                "The MCP search server's upstream says the plan's credits or usage limit are "
                "exhausted (its words are in the details). Top up or upgrade that account, or "
                "use another provider."
            ),
            retryable=False,
            provider=INFO.name,
            web_text=web_text,
        )
    if _RATE_WORDS.search(said):
        return WebError.of(
            ErrorCode.PROVIDER_RATE_LIMITED,
            own(
                "The MCP search server's upstream refused the request for its rate limit (its "
                "words are in the details). Wait and try again, or use another provider."
            ),
            provider=INFO.name,
            web_text=web_text,
        )
    if _refused(said) and not _AUTH_WORDS.search(said):
        return WebError.of(
            ErrorCode.PROVIDER_UNAVAILABLE,
            own(
                "The MCP search server's upstream refused the request as invalid (its words are "
                "in the details): a value it does not take, often a language or region option. "
                "Search again without that option, or use another provider."
            ),
            retryable=False,
            provider=INFO.name,
            web_text=web_text,
        )
    code = (
        ErrorCode.PROVIDER_AUTH_FAILED
        if _AUTH_WORDS.search(said)
        else ErrorCode.PROVIDER_UNAVAILABLE
    )
    return WebError.of(
        code,
        own(
            "The MCP search server's tool answered with an error (its words are in the "
            "details). Check the server's own settings (its API key, in "
            "WEB_MCP_SEARCH_COMMAND), or use another provider."
        ),
        retryable=code is ErrorCode.PROVIDER_UNAVAILABLE,
        provider=INFO.name,
        web_text=web_text,
    )


def _relayed_status(said: str) -> int | None:
    """The upstream HTTP status the relayed error names, if it names one."""
    found = _RELAYED_STATUS.search(said)
    return int(next(group for group in found.groups() if group)) if found else None


def _refused(said: str) -> bool:
    """A request the upstream refused (a 4xx but auth and rate limits, as the direct
    providers' `failures.status_error` reads it): retrying the same call cannot help."""
    status = _relayed_status(said)
    if status is not None:
        return 400 <= status < 500 and status not in (401, 403, 429)
    if _TAVILY_RELAY.search(said):
        return not _OUTAGE_WORDS.search(said)
    return _BAD_REQUEST.search(said) is not None


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _items(node: object, depth: int = 0) -> list[object]:
    """Result objects in a JSON value: a list, an object with a result list, or one result."""
    if depth > 3:
        return []
    if isinstance(node, list):
        return list(node)
    if not isinstance(node, dict):
        return []
    if _url_of(node):
        return [node]
    for key in ("results", "web", "items", "organic", "data", "news"):
        if key in node:
            found = _items(node[key], depth + 1)
            if found:
                return found
    return []


def _text_items(text: str) -> list[object]:
    """Results in a known server's text answer, split at the record boundaries that server
    writes (never at a labelled line inside a record: a page's own text in a `Content:` or
    `Summary:` field may hold "Title: / URL:" lines, which must not become hits).

    - tavily-mcp `formatResults` (tavily-ai/tavily-mcp `src/index.ts`): "Detailed Results:",
      then per result "\n\nTitle: T\nURL: U\nContent: C" (C as the page has it, over any
      number of lines), optional "Raw Content:" / "Favicon:" lines, then an "Images:" section;
    - the reference Brave server (modelcontextprotocol/servers `src/brave-search`) and
      mcp-searxng (`formatCompactTextResults` and the full form, npm mcp-searxng 1.16.0
      `dist/search.js`): records "Title: T\nDescription: D\nURL: U" (mcp-searxng adds
      "Relevance Score:", "Engines:"... lines) joined by blank lines;
    - nickclyde/duckduckgo-mcp-server `format_results_for_llm`: "Found N search results:",
      then per result "K. TITLE\n   URL: U\n   Summary: S" and a blank line, K = 1..N.
    """
    found = _NUMBERED_HEAD.search(text)
    if found is not None:
        return _numbered_items(text[found.end() :], int(found.group(1)))
    found = _DDG_MCP_HEAD.search(text)
    if found is not None:
        return _numbered_items("\n\n" + text[found.end() :], MAX_ROWS, label="")
    head = _TAVILY_HEAD.search(text)
    if head is not None:
        text = text[head.end() :]
        images = text.rfind(_TAVILY_IMAGES)
        text = text[:images] if images >= 0 else text
    return [item for item in map(_labelled_item, _RECORD_START.split(text)) if item]


def _labelled_item(record: str) -> dict[str, str] | None:
    """One "Title:" record: "URL:" next and the description over the rest, to a "Raw
    Content:" / "Favicon:" line (tavily-mcp), or a description first and the record's last
    "URL:" line after it, then metadata lines (reference Brave server; mcp-searxng adds
    "Relevance Score:", "Engines:"...). A "URL:" line inside a description is its text."""
    lines = record.strip("\n").split("\n")
    first = _FIELD_LINE.match(lines[0])
    if first is None or first.group(1) != "Title" or len(lines) < 3:
        return None
    if _URL_LINE.match(lines[1]):
        url_at, described = 1, lines[2:]
    else:
        urls = [i for i, line in enumerate(lines) if i > 1 and _URL_LINE.match(line)]
        if not urls:
            return None
        url_at, described = urls[-1], lines[1 : urls[-1]]
    body = _FIELD_LINE.match(described[0]) if described else None
    text = ""
    if body is not None and body.group(1) not in ("Title", "URL", "Link"):
        text = _TAVILY_TAIL.split("\n".join([body.group(2), *described[1:]]))[0]
    url = lines[url_at].split(":", 1)[1].strip()
    return {"title": first.group(2), "url": url, "description": text}


def _numbered_items(body: str, count: int, label: str = "Summary: ") -> list[object]:
    """nickclyde's "K. TITLE / URL: / Summary:" records (ddg-mcp's have no "Summary:"
    label), K counting from 1 to the count its heading states; a summary runs to the next
    record's heading."""
    heads: list[re.Match[str]] = []
    position = 0
    for number in range(1, min(count, MAX_ROWS) + 1):
        head = re.compile(rf"\n\n{number}\. ([^\n]*)\n   URL: ([^\n]*)\n   {label}")
        match = head.search(body, position)
        if match is None:
            break
        heads.append(match)
        position = match.end()
    ends = [match.start() for match in heads[1:]] + [len(body)]
    return [
        {"title": m.group(1), "url": m.group(2), "description": body[m.end() : end].strip()}
        for m, end in zip(heads, ends, strict=True)
    ]


def _url_of(item: object) -> str:
    for key in ("url", "link", "href"):
        value = text_of(field(item, key))
        if value:
            return value
    return ""


def _row(item: object) -> Row | None:
    url, title = _url_of(item), plain_text_of(field(item, "title"))
    if not url or not title:
        return None
    snippet = next(
        (
            plain_text_of(field(item, key))
            for key in ("description", "snippet", "content", "text")
            if plain_text_of(field(item, key))
        ),
        "",
    )
    published = next(
        (
            published_of(field(item, key))
            for key in ("page_age", "published", "date", "age")
            if published_of(field(item, key))
        ),
        None,
    )
    return make_row(title=title, url=url, snippet=snippet, published=published)


def _error(code: ErrorCode, message: OwnText, **detail: object) -> WebError:
    return WebError.of(code, message, retryable=None, provider=INFO.name, **detail)


class McpBridge:
    """One MCP search server, started on first use and kept for the bridge's lifetime."""

    def __init__(self, settings: ProviderSettings) -> None:
        self._settings = settings
        #: Keys in the command line, scrubbed from the server's words before any cut.
        self._secrets = command_secrets(settings.mcp_command or "")
        self._session: Any = None
        self._tool: Any = None
        self._task: asyncio.Task[None] | None = None
        self._ready: asyncio.Future[WebError | None] | None = None
        self._stop = asyncio.Event()
        self._lock = asyncio.Lock()

    async def search(self, query: SearchQuery) -> Result[Answer, WebError]:
        """Call the server's search tool for `query` and map its answer."""
        started = await self._started()
        if started is not None:
            return Failure(started)
        described = getattr(self._tool, "description", None)
        args, missing = arguments_for(
            self._tool.input_schema or {}, query, described if isinstance(described, str) else ""
        )
        try:
            result = await asyncio.wait_for(
                self._session.call_tool(
                    self._tool.name, args, read_timeout_seconds=self._settings.timeout_s
                ),
                timeout=self._settings.timeout_s,
            )
        except TimeoutError:
            return Failure(
                _error(
                    ErrorCode.TIMEOUT,
                    own(
                        "The MCP search server did not answer within {} s. "
                        "Try again, raise WEB_SEARCH_TIMEOUT_MS, or use another provider.",
                        own_number(self._settings.timeout_s),
                    ),
                )
            )
        except Exception as exc:  # noqa: BLE001 - the SDK raises many kinds; all are failures
            said = without_secret(str(exc), *self._secrets)[:200]
            if type(exc).__name__ in {"MCPError", "McpError"}:  # a JSON-RPC error: server lives
                return Failure(tool_error(" ".join(said.split())))
            await self._reset()
            return Failure(
                WebError.of(
                    ErrorCode.PROVIDER_UNAVAILABLE,
                    own(
                        "The MCP search server failed the call ({}). It will "
                        "be restarted on the next search.",
                        own_name(type(exc).__name__),
                    ),
                    provider=INFO.name,
                    web_text=f"the MCP search server's error: {said}",
                )
            )
        rows = rows_of(result, self._secrets)
        if not isinstance(rows, Success):
            return Failure(rows.failure())
        answer = Answer(rows=rows.unwrap())  # the kernel filters, then cuts
        return Success(one_request(INFO, answer, query, missing, wanted(query)))

    async def _started(self) -> WebError | None:
        async with self._lock:
            if self._task is not None and self._task.done():
                await self._reset_locked()
            if self._task is None:
                loop = asyncio.get_running_loop()
                self._ready = loop.create_future()
                self._stop = asyncio.Event()
                self._task = asyncio.create_task(self._serve(), name="webdistill-mcp-bridge")
            ready = self._ready
        assert ready is not None
        try:
            error = await asyncio.wait_for(asyncio.shield(ready), timeout=self._settings.timeout_s)
        except TimeoutError:
            await self._reset()
            return _error(
                ErrorCode.TIMEOUT,
                own(
                    "The MCP search server did not start within {} s. "
                    "Check WEB_MCP_SEARCH_COMMAND, or raise WEB_SEARCH_TIMEOUT_MS.",
                    own_number(self._settings.timeout_s),
                ),
            )
        if error is not None:
            await self._reset()
        return error

    async def _serve(self) -> None:
        """The background task: run the server, publish the session, wait for `close`."""
        ready = self._ready
        assert ready is not None
        try:
            from mcp import ClientSession
            from mcp.client.stdio import StdioServerParameters, stdio_client
        except ImportError:
            ready.set_result(
                _error(
                    ErrorCode.PROVIDER_NOT_CONFIGURED,
                    own(
                        "WEB_SEARCH_PROVIDER=mcp needs the MCP SDK (part of the base install; "
                        "it is missing here): pip install mcp"
                    ),
                )
            )
            return
        argv = shlex.split(self._settings.mcp_command or "")
        if not argv:
            ready.set_result(
                _error(ErrorCode.PROVIDER_NOT_CONFIGURED, own("Set WEB_MCP_SEARCH_COMMAND."))
            )
            return
        params = StdioServerParameters(command=argv[0], args=argv[1:])
        quiet = await asyncio.to_thread(open, os.devnull, "w")  # the server's stderr
        try:
            async with (
                stdio_client(params, errlog=quiet) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                listed = await session.list_tools()
                tool = pick_tool(listed.tools, self._settings.mcp_tool)
                if tool is None:
                    names = [str(t.name) for t in listed.tools]
                    ready.set_result(_no_tool(self._settings.mcp_tool, names))
                    return
                self._session, self._tool = session, tool
                ready.set_result(None)
                await self._stop.wait()
        except Exception as exc:  # noqa: BLE001 - spawn/protocol failures become one error
            if not ready.done():
                ready.set_result(
                    _error(
                        ErrorCode.PROVIDER_UNAVAILABLE,
                        own(
                            "Could not start the MCP search server ({}; what "
                            "it said is in the details). Check WEB_MCP_SEARCH_COMMAND.",
                            own_name(type(exc).__name__),
                        ),
                        web_text="the MCP search server's failure: "
                        f"{without_secret(str(exc), *self._secrets)[:400]}",
                    )
                )
        finally:
            self._session = None
            quiet.close()

    async def _reset(self) -> None:
        async with self._lock:
            await self._reset_locked()

    async def _reset_locked(self) -> None:
        task, self._task = self._task, None
        self._stop.set()
        if task is not None and (self._ready is None or not self._ready.done()):
            task.cancel()  # still starting (initialize, tools/list): it never sees `_stop`
        if task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=5)
        self._session = self._tool = None

    async def close(self) -> None:
        """Stop the server process."""
        await self._reset()


def _no_tool(wanted_name: str | None, names: list[str]) -> WebError:
    """The server's tool names are its free text (a name can be a sentence): the message
    counts them, the names go to the fenced `web_text` detail (issue 26)."""
    what = own("no tool named '{}'", echo(wanted_name)) if wanted_name else own("no search tool")
    count = own("{} tool" if len(names) == 1 else "{} tools", own_number(len(names)))
    listed = f"the MCP search server's tools: {', '.join(names)}" if names else ""
    return _error(
        ErrorCode.PROVIDER_NOT_CONFIGURED,
        own(
            "The MCP search server offers {} (its tools: {}, named in the details). "
            "Set WEB_MCP_SEARCH_TOOL to one of them.",
            what,
            count,
        ),
        **({"web_text": listed} if listed else {}),
    )
