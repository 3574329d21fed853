"""JSON Schemas for function calling, generated from the same attrs classes that validate input.

`tool_schemas()` gives `[{"name", "description", "parameters"}]`; wrap each as your model API
wants (OpenAI: `{"type": "function", "function": schema}`; Anthropic: rename `parameters` to
`input_schema`). The MCP server uses the same schemas.
"""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import attrs

from webdistill.kernel.arguments import FetchArgs, GetResultArgs, SearchArgs
from webdistill.kernel.strict_schema import strict_schema

SEARCH_DESCRIPTION = (
    "Search the web. Give `query` (or up to 5 `queries`); returns for each query a numbered "
    "list of hits with title, URL and snippet. Set include_content to also read the top hits."
)
FETCH_DESCRIPTION = (
    "Read a web page (or several) and return its main content as clean Markdown, with title "
    "and metadata. Long pages are cut at `max_chars`; the answer says the `next_start` offset "
    "to pass as `start_index` to read on. Only public http(s) URLs can be read."
)

GET_RESULT_DESCRIPTION = (
    "Get back an earlier web_search or web_fetch result by its response_id, whole or one part "
    "of it: a query (query / query_index) of a search, a page (url / url_index) of a fetch, "
    "or one hit of a search. Unknown or expired ids answer NOT_FOUND."
)


def _type_schema(type_: Any) -> dict[str, Any]:
    origin = get_origin(type_)
    if origin in (Union, types.UnionType):
        inner = [arg for arg in get_args(type_) if arg is not type(None)]
        return _type_schema(inner[0]) if len(inner) == 1 else {}
    if origin is Literal:
        return {"type": "string", "enum": list(get_args(type_))}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(get_args(type_)[0])}
    simple = {str: "string", int: "integer", bool: "boolean", float: "number"}
    return {"type": simple[type_]} if type_ in simple else {}


def _says_clamping(schema: dict[str, Any]) -> dict[str, Any]:
    """A range in the schema is a promise: the validator clamps into it (never refuses), and
    the description says so."""
    low, high = schema.get("minimum"), schema.get("maximum")
    text = str(schema.get("description", ""))
    if (low is None and high is None) or "clamp" in text:
        return schema
    if low is not None and high is not None:
        rule = f"Values outside {low}-{high} are clamped into that range."
    elif low is not None:
        rule = f"Values below {low} are clamped to {low}."
    else:
        rule = f"Values above {high} are clamped to {high}."
    return {**schema, "description": f"{text} {rule}".strip()}


def object_schema(cls: type[Any]) -> dict[str, Any]:
    """A JSON Schema object for an attrs class: one property per field, no extra keys;
    `required` lists the fields without a default."""
    properties: dict[str, Any] = {}
    hints = get_type_hints(cls)
    for field in attrs.fields(cls):
        schema = _type_schema(hints[field.name])
        schema.update(field.metadata)
        properties[field.name] = _says_clamping(schema)
    required = [field.name for field in attrs.fields(cls) if field.default is attrs.NOTHING]
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def tool_schemas(*, strict: bool = False, results: bool = True) -> list[dict[str, Any]]:
    """The tool schemas. `strict=True`: OpenAI strict-mode form (every property required,
    optional ones nullable, null meaning the default) with `"strict": true` on each tool.
    `results=False` leaves out `web_get_result` (results not stored)."""
    if strict:
        return [
            {**tool, "parameters": strict_schema(tool["parameters"]), "strict": True}
            for tool in tool_schemas(results=results)
        ]
    if not results:
        return [tool for tool in tool_schemas() if tool["name"] != "web_get_result"]
    return [
        {
            "name": "web_search",
            "description": SEARCH_DESCRIPTION,
            "parameters": object_schema(SearchArgs),
        },
        {
            "name": "web_fetch",
            "description": FETCH_DESCRIPTION,
            "parameters": object_schema(FetchArgs),
        },
        get_result_schema(),
    ]


def get_result_schema() -> dict[str, Any]:
    """The `web_get_result` tool schema (`response_id` is required)."""
    return {
        "name": "web_get_result",
        "description": GET_RESULT_DESCRIPTION,
        "parameters": object_schema(GetResultArgs),
    }
