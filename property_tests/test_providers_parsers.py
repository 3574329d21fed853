"""Every provider parser survives arbitrary bytes and JSON: rows or a WebError, never a raise."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.pipeline import is_successful
from returns.result import Result

from property_tests.strategies_providers import STATUSES, bodies, headers, json_values
from webdistill.adapters.providers.brave import parse_brave
from webdistill.adapters.providers.duckduckgo_parse import (
    parse_duckduckgo_html,
    parse_duckduckgo_lite,
)
from webdistill.adapters.providers.exa import parse_exa
from webdistill.adapters.providers.searxng import parse_searxng
from webdistill.adapters.providers.serper import parse_serper
from webdistill.adapters.providers.tavily import parse_tavily
from webdistill.kernel import WebError

Parser = Callable[[int, Mapping[str, str], bytes], Result[tuple[dict[str, object], ...], WebError]]

PARSERS: dict[str, Parser] = {
    "brave": parse_brave,
    "duckduckgo_html": parse_duckduckgo_html,
    "duckduckgo_lite": parse_duckduckgo_lite,
    "exa": parse_exa,
    "searxng": parse_searxng,
    "serper": parse_serper,
    "tavily": parse_tavily,
}


def check(parser: Parser, status: int, head: Mapping[str, str], body: bytes) -> None:
    result = parser(status, head, body)
    if is_successful(result):
        for row in result.unwrap():
            assert isinstance(row, dict)
            assert {"title", "url", "snippet"} <= row.keys()
            assert all(isinstance(row[key], str) for key in ("title", "url", "snippet"))
            assert set(row) <= {"title", "url", "snippet", "score", "published"}
            if "score" in row:
                assert isinstance(row["score"], float)
            if "published" in row:
                assert isinstance(row["published"], str) and row["published"]
    else:
        assert isinstance(result.failure(), WebError)


@pytest.mark.parametrize("name", sorted(PARSERS))
@given(status=STATUSES, head=headers, body=bodies)
def test_parser_never_raises(name: str, status: int, head: dict[str, str], body: bytes) -> None:
    check(PARSERS[name], status, head, body)


@pytest.mark.parametrize("name", ["brave", "exa", "searxng", "serper", "tavily"])
@given(items=st.lists(json_values, max_size=5))
def test_json_parsers_turn_any_result_items_into_string_rows(
    name: str, items: list[object]
) -> None:
    body = json.dumps(
        {"results": items, "web": {"results": items}, "organic": items, "unresponsive_engines": []}
    ).encode()
    result = PARSERS[name](200, {}, body)
    rows = result.unwrap()
    assert len(rows) == len(items)
    check(PARSERS[name], 200, {}, body)
