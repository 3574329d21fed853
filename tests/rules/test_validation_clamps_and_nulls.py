"""web_fetch's timeout clamp at its exact boundaries (100 ms to 600 000 ms, absent stays
absent), null meaning "the default" for every web_fetch field (OpenAI strict mode sends every
property, null for the ones it means to leave out), every fetch and search option reaching
the request, a bad search option refused with the search hint, and attrs rows read one level
deep."""

from __future__ import annotations

import attrs
import pytest

from webdistill.kernel.model import FetchRequest, SearchHit
from webdistill.kernel.validate import (
    clamp_timeout_ms,
    structure_row,
    validate_fetch,
    validate_search,
)

URL = "https://a.example.com/"


@pytest.mark.parametrize(
    ("sent", "read"),
    [
        (None, None),
        (-1, 100),
        (0, 100),
        (99, 100),
        (100, 100),
        (101, 101),
        (30_000, 30_000),
        (599_999, 599_999),
        (600_000, 600_000),
        (600_001, 600_000),
        (10**12, 600_000),
    ],
)
def test_the_timeout_is_clamped_to_100_through_600000_ms(
    sent: int | None, read: int | None
) -> None:
    assert clamp_timeout_ms(sent) == read
    request = validate_fetch({"url": URL, "timeout_ms": sent}, 20_000).unwrap().requests[0]
    assert request.timeout_ms == read


def test_null_means_the_default_for_every_fetch_field() -> None:
    raw = {
        "url": URL,
        "urls": None,
        "max_chars": None,
        "start_index": None,
        "focus": None,
        "compress": None,
        "extract_mode": None,
        "timeout_ms": None,
        "prefer_reader": None,
    }
    batch = validate_fetch(raw, 20_000).unwrap()
    assert batch.requests == (FetchRequest(url=URL, max_chars=20_000),)


@pytest.mark.parametrize(
    ("field", "kind"), [("start_index", "a whole number"), ("prefer_reader", "true or false")]
)
def test_a_wrong_kind_for_a_defaulted_fetch_field_is_still_refused(field: str, kind: str) -> None:
    # Null reads as the default; any other wrong kind is still refused, naming the field.
    result = validate_fetch({"url": URL, field: "x"}, 20_000)
    assert result.failure().message.startswith(
        f"Invalid input: {field}: must be {kind}, not string."
    )


def test_every_fetch_option_reaches_each_request() -> None:
    raw = {
        "urls": [URL, "https://b.example.com/"],
        "max_chars": 5000,
        "start_index": 7,
        "focus": "  prices  ",
        "compress": True,
        "extract_mode": "raw",
        "timeout_ms": 2500,
        "prefer_reader": True,
    }
    requests = validate_fetch(raw, 20_000).unwrap().requests
    expected = {
        "max_chars": 5000,
        "start_index": 7,
        "focus": "prices",
        "compress": True,
        "extract_mode": "raw",
        "timeout_ms": 2500,
        "prefer_reader": True,
    }
    assert requests == (
        FetchRequest(url=URL, **expected),  # type: ignore[arg-type]
        FetchRequest(url="https://b.example.com/", **expected),  # type: ignore[arg-type]
    )


def test_a_bad_search_option_is_refused_naming_it_with_the_search_hint() -> None:
    result = validate_search({"query": "a", "region": "usa", "include_domains": ["not a domain!"]})
    assert result.failure().message == (
        "Invalid input: region: give a two-letter country code, e.g. us, de, jp; "
        'include_domains: "not a domain!" is not a domain (give e.g. example.com). '
        'Call web_search with {"query": "..."} or {"queries": ["...", "..."]}.'
    )


def test_the_search_options_reach_the_request() -> None:
    request = validate_search(
        {"query": "a", "region": "DE", "language": "pt_BR", "include_domains": ["*.Example.org"]}
    ).unwrap()
    assert (request.region, request.language, request.include_domains) == (
        "de",
        "pt-br",
        ("example.org",),
    )


@attrs.frozen
class Nested:
    text: str = "inside"


@attrs.frozen
class AdapterRow:
    """An adapter's own attrs row type (structure_row reads any attrs instance field by field)."""

    title: object
    url: str = "https://a.example.com/"


def test_an_attrs_row_is_read_one_level_deep_not_converted_recursively() -> None:
    # A field holding another attrs object is refused as that type, not read as an object.
    error = structure_row(AdapterRow(title=Nested()), SearchHit, 3).failure()
    assert error.detail["problems"] == "title: must be a string, not Nested"
    hit = structure_row(AdapterRow(title="t"), SearchHit, 0).unwrap()
    assert hit == SearchHit(title="t", url="https://a.example.com/")
