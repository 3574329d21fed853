"""Every provider parser survives arbitrary bytes and JSON: rows or a WebError, never a raise."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest
from hypothesis import given
from returns.pipeline import is_successful
from returns.result import Result

from property_tests.strategies_providers import STATUSES, bodies, headers
from webdistill.adapters.providers.brave import parse_brave
from webdistill.adapters.providers.duckduckgo_parse import (
    parse_duckduckgo_html,
    parse_duckduckgo_lite,
)
from webdistill.kernel import WebError

Parser = Callable[[int, Mapping[str, str], bytes], Result[tuple[dict[str, object], ...], WebError]]

PARSERS: dict[str, Parser] = {
    "brave": parse_brave,
    "duckduckgo_html": parse_duckduckgo_html,
    "duckduckgo_lite": parse_duckduckgo_lite,
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
