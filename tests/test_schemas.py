"""The tool schemas: valid JSON Schema, a `required` list, and OpenAI's strict-mode form.

Strict-mode rules checked (OpenAI structured outputs): the root is an object; every object
lists all of its properties in `required` and says `additionalProperties: false`; optional
fields are nullable; only supported keywords appear; nesting and property counts stay small.
Whatever a model sends that the strict schema allows, the validator accepts (null = default).
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from returns.result import Success

from tests.fakes import FakeBackend, page_row
from webdistill.kernel import Deps
from webdistill.kernel.retrieval import validate_get
from webdistill.kernel.schemas import tool_schemas
from webdistill.kernel.strict_schema import SUPPORTED_KEYWORDS, strict_schema
from webdistill.kernel.tools import web_fetch, web_search
from webdistill.kernel.validate import validate_fetch, validate_search

META = jsonschema.Draft202012Validator


def _objects(schema: dict[str, Any], depth: int = 1) -> list[tuple[dict[str, Any], int]]:
    found = []
    if schema.get("type") == "object" or "properties" in schema:
        found.append((schema, depth))
    for sub in schema.get("properties", {}).values():
        found.extend(_objects(sub, depth + 1))
    for key in ("items",):
        if isinstance(schema.get(key), dict):
            found.extend(_objects(schema[key], depth + 1))
    for option in schema.get("anyOf", []):
        found.extend(_objects(option, depth))
    return found


def _keywords(schema: object) -> set[str]:
    if isinstance(schema, dict):
        keys = set(schema)
        for key, value in schema.items():
            if key == "properties":
                for sub in value.values():
                    keys |= _keywords(sub)
            elif key not in ("enum", "const", "required", "description"):
                keys |= _keywords(value)
        return keys
    if isinstance(schema, list):
        return set().union(*(_keywords(item) for item in schema)) if schema else set()
    return set()


def assert_openai_strict(tool: dict[str, Any]) -> None:
    parameters = tool["parameters"]
    assert tool["strict"] is True
    assert parameters["type"] == "object" and "anyOf" not in parameters
    objects = _objects(parameters)
    assert sum(len(o.get("properties", {})) for o, _ in objects) <= 100
    for node, depth in objects:
        assert depth <= 5
        assert node["additionalProperties"] is False
        assert node["required"] == list(node["properties"])
    assert _keywords(parameters) <= SUPPORTED_KEYWORDS | {"null"}, _keywords(parameters)


@pytest.mark.parametrize("strict", [False, True])
def test_schemas_are_valid_json_schema(strict: bool) -> None:
    for tool in tool_schemas(strict=strict):
        META.check_schema(tool["parameters"])
        assert isinstance(tool["parameters"]["required"], list)


def test_plain_schemas_require_nothing_that_has_a_default() -> None:
    for tool in tool_schemas():
        expected = ["response_id"] if tool["name"] == "web_get_result" else []
        assert tool["parameters"]["required"] == expected
        assert tool["parameters"]["additionalProperties"] is False


def test_strict_schemas_follow_openai_rules() -> None:
    for tool in tool_schemas(strict=True):
        assert_openai_strict(tool)
        for name, schema in tool["parameters"]["properties"].items():
            if name == "response_id":  # web_get_result's one required field stays non-null
                assert schema["type"] == "string"
                continue
            kinds = schema["type"]
            assert isinstance(kinds, list) and "null" in kinds
            assert "Send null to leave it out." in schema["description"]


def test_strict_form_is_generic_over_any_properties() -> None:
    schema = {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "enum": ["a", "b"], "default": "a"},
            "needed": {"type": "string"},
            "where": {
                "type": "object",
                "properties": {"lat": {"type": "number"}},
                "additionalProperties": False,
            },
            "anything": {"description": "untyped"},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
        },
        "required": ["needed"],
        "additionalProperties": False,
    }
    strict = strict_schema(schema)
    META.check_schema(strict)
    assert_openai_strict({"parameters": strict, "strict": True})
    mode = strict["properties"]["mode"]
    assert mode["enum"] == ["a", "b", None] and "default" not in mode
    assert strict["properties"]["needed"]["type"] == "string"  # required stays non-null
    assert strict["properties"]["anything"]["anyOf"][1] == {"type": "null"}
    assert strict["properties"]["where"]["properties"]["lat"]["type"] == ["number", "null"]
    assert "default" in schema["properties"]["mode"]  # the input is left unchanged


def test_what_strict_mode_sends_is_accepted() -> None:
    search, fetch, get = tool_schemas(strict=True)
    all_null_but_id = {name: None for name in get["parameters"]["properties"]}
    all_null_but_id["response_id"] = "r_abc"
    jsonschema.validate(all_null_but_id, get["parameters"])
    assert validate_get(all_null_but_id).unwrap().response_id == "r_abc"
    all_null_but_query = {name: None for name in search["parameters"]["properties"]}
    all_null_but_query["query"] = "tide pools"
    jsonschema.validate(all_null_but_query, search["parameters"])
    assert isinstance(validate_search(all_null_but_query), Success)
    all_null_but_url = {name: None for name in fetch["parameters"]["properties"]}
    all_null_but_url["url"] = "https://example.com/"
    jsonschema.validate(all_null_but_url, fetch["parameters"])
    batch = validate_fetch(all_null_but_url, 20000).unwrap()
    assert batch.requests[0].start_index == 0 and batch.requests[0].max_chars == 20000


async def test_an_integer_written_as_5_0_is_5() -> None:
    backend = FakeBackend(pages={"https://example.com/": page_row("https://example.com/", "x")})
    deps = Deps(backend=backend)
    searched = await web_search(deps, {"query": "q", "max_results": 5.0})
    assert isinstance(searched, Success)
    assert backend.search_calls[0].max_results == 5
    fetched = await web_fetch(deps, {"url": "https://example.com/", "max_chars": 300.0})
    assert isinstance(fetched, Success)
    for bad in (5.5, float("inf"), float("nan"), True):
        refused = validate_search({"query": "q", "max_results": bad})
        assert not isinstance(refused, Success), bad
        assert "max_results" in refused.failure().message


async def test_out_of_range_numbers_are_clamped_as_the_schema_says() -> None:
    search, fetch, _ = tool_schemas()
    assert "clamped" in search["parameters"]["properties"]["max_results"]["description"]
    assert "clamped" in fetch["parameters"]["properties"]["max_chars"]["description"]
    assert validate_search({"query": "q", "max_results": 9999}).unwrap().max_results == 100
    clamped = validate_fetch({"url": "https://a.example/", "start_index": -5, "timeout_ms": 1}, 1)
    assert clamped.unwrap().requests[0].start_index == 0
    assert clamped.unwrap().requests[0].timeout_ms == 100
    for tool in (search, fetch):  # every range in the schemas says what happens outside it
        for name, schema in tool["parameters"]["properties"].items():
            if "minimum" in schema or "maximum" in schema:
                assert "clamped" in schema["description"], name
    assert validate_fetch({"url": "https://a.example/", "max_chars": 5}, 20000).unwrap().requests[
        0
    ].max_chars == 200


def test_the_composed_toolkit_offers_both_forms() -> None:
    import webdistill

    toolkit = webdistill.build(webdistill.Config())
    assert toolkit.schemas() == tool_schemas()
    assert toolkit.schemas(strict=True) == tool_schemas(strict=True)
