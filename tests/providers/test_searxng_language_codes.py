"""SearXNG's language check as its own source writes it, and Norwegian as SearXNG spells it.

Source: searxng/searxng @9fea412 (2026-08-22):
- `searx/webutils.py`: `VALID_LANGUAGE_CODE = re.compile(r'^[a-z]{2,3}(-[a-zA-Z]{2})?$')`;
  `searx/webadapter.py` `parse_lang` raises `SearxParameterException` (HTTP 400) only for a
  code that fails it. `searx/sxng_locales.py` is the list its preferences page offers, not
  what `/search?language=` accepts: a code outside it goes to `locales.get_engine_locale`,
  which matches it to each engine's locales through babel (`he`, `ms`, `sw` included).
- `searx/sxng_locales.py` lists Norwegian only as Bokmål `nb` / `nb-NO`, and SearXNG's engines
  map the region's `no` to it (`searx/engines/google.py` and `searx/engines/brave.py`
  `fetch_traits`: `lang_map = {"no": "nb"}`).
"""

from __future__ import annotations

import re

import pytest

from webdistill.adapters.providers import searxng
from webdistill.adapters.providers.mcp_bridge import arguments_for
from webdistill.kernel import SearchQuery

VALID_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[a-zA-Z]{2})?$")


@pytest.mark.parametrize(
    ("language", "region", "sent"),
    [
        ("he", None, "he"),
        ("ms", None, "ms"),
        ("sw", None, "sw"),
        ("he", "il", "he-IL"),
        ("sw", "ke", "sw-KE"),
        ("ms-MY", None, "ms-MY"),
    ],
)
def test_a_code_searxngs_check_accepts_is_sent(
    language: str, region: str | None, sent: str
) -> None:
    query = SearchQuery("q", language=language, region=region)
    assert searxng.params_for(query)["language"] == sent
    assert VALID_LANGUAGE_CODE.match(sent)
    assert searxng.unsupported(query) == ()


@pytest.mark.parametrize(
    ("language", "region", "sent"),
    [("no", None, "nb"), ("no", "no", "nb-NO"), ("no-NO", None, "nb-NO"), ("nb", "no", "nb-NO")],
)
def test_norwegian_is_searxngs_bokmal(language: str, region: str | None, sent: str) -> None:
    query = SearchQuery("q", language=language, region=region)
    assert searxng.params_for(query)["language"] == sent
    assert searxng.unsupported(query) == ()


def test_the_searxng_mcp_tool_gets_the_same_codes() -> None:
    """mcp-searxng's `searxng_web_search` (npm mcp-searxng 1.16.0 `dist/index.js`): its
    `language` goes to SearXNG's `/search?language=` as it is."""
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "language": {"type": "string", "description": "Language code for results"},
        },
    }
    described = "Performs a web search using the SearXNG API"
    args, missing = arguments_for(schema, SearchQuery("q", language="no"), described)
    assert args["language"] == "nb" and missing == ()
    args, missing = arguments_for(schema, SearchQuery("q", language="he"), described)
    assert args["language"] == "he" and missing == ()
