"""OpenAI strict mode from a plain JSON Schema: every property required, optional ones nullable.

OpenAI's structured outputs ("strict": true on a function) accept a subset of JSON Schema:
every object lists all its properties in `required` and says `additionalProperties: false`;
a field the caller may leave out is written as nullable instead (`"type": ["integer",
"null"]`), and sending null means "the default" (the validator treats it so). Keywords
outside the supported subset (e.g. `default`) are dropped. Generic: it works on whatever
properties a schema has, so new tool parameters need no change here.
"""

from __future__ import annotations

from typing import Any

#: Keywords OpenAI strict mode supports (structured outputs' documented subset).
SUPPORTED_KEYWORDS = frozenset(
    {
        "type",
        "description",
        "title",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "enum",
        "const",
        "anyOf",
        "$ref",
        "$defs",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
    }
)

NULL_MEANS_DEFAULT = "Send null to leave it out."


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` that also accepts null."""
    kind = schema.get("type")
    if isinstance(kind, str):
        schema = {**schema, "type": [kind, "null"]}
    elif isinstance(kind, list):
        schema = {**schema, "type": [*kind, *([] if "null" in kind else ["null"])]}
    elif "anyOf" in schema:
        options = list(schema["anyOf"])
        if {"type": "null"} not in options:
            options.append({"type": "null"})
        return {**schema, "anyOf": options}
    else:
        described = {k: v for k, v in schema.items() if k == "description"}
        rest = {k: v for k, v in schema.items() if k != "description"}
        return {**described, "anyOf": [rest, {"type": "null"}]}
    if "enum" in schema and None not in schema["enum"]:
        schema["enum"] = [*schema["enum"], None]
    return schema


def _strict(schema: dict[str, Any]) -> dict[str, Any]:
    out = {key: value for key, value in schema.items() if key in SUPPORTED_KEYWORDS}
    if "items" in out and isinstance(out["items"], dict):
        out["items"] = _strict(out["items"])
    if "anyOf" in out:
        out["anyOf"] = [_strict(option) for option in out["anyOf"]]
    if "$defs" in out:
        out["$defs"] = {name: _strict(sub) for name, sub in out["$defs"].items()}
    if out.get("type") == "object" or "properties" in out:
        required = set(out.get("required", ()))
        properties: dict[str, Any] = {}
        for name, sub in dict(out.get("properties", {})).items():
            strict_sub = _strict(sub)
            if name not in required:
                strict_sub = _nullable(strict_sub)
                text = str(strict_sub.get("description", "")).strip()
                strict_sub["description"] = f"{text} {NULL_MEANS_DEFAULT}".strip()
            properties[name] = strict_sub
        out["properties"] = properties
        out["required"] = list(properties)
        out["additionalProperties"] = False
    return out


def strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAI strict-mode form of an object `schema` (a new dict; `schema` is unchanged)."""
    return _strict(schema)
