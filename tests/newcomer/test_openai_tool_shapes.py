"""The README's OpenAI tool shapes are the `openai` SDK's own types (issue 31).

The fields below are copied from openai-python 3.57.0 (`pip install openai`):
`openai/types/chat/chat_completion_function_tool_param.py` (ChatCompletionFunctionToolParam:
`type`, `function` required), `openai/types/shared_params/function_definition.py`
(FunctionDefinition: `name` required; `description`, `parameters`, `strict`) and
`openai/types/responses/function_tool_param.py` (FunctionToolParam: `type`, `name`,
`parameters`, `strict` required at the top level; `description` and newer optional fields).
When the SDK is installed the test also reads the types themselves.
"""

from __future__ import annotations

import typing

import pytest

from webdistill import Config, build

CHAT_TOOL = {"required": {"type", "function"}, "optional": set()}
FUNCTION_DEFINITION = {"required": {"name"}, "optional": {"description", "parameters", "strict"}}
RESPONSES_TOOL = {
    "required": {"type", "name", "parameters", "strict"},
    "optional": {"description", "async", "defer_loading", "allowed_callers", "output_schema"},
}


def _fits(shape: dict[str, object], fields: dict[str, set[str]]) -> None:
    assert fields["required"] <= set(shape), shape.keys()
    assert set(shape) <= fields["required"] | fields["optional"], shape.keys()


def _readme_shapes() -> tuple[list[dict[str, typing.Any]], list[dict[str, typing.Any]]]:
    schemas = build(Config()).schemas(strict=True)  # as the README's block builds them
    chat_tools = [{"type": "function", "function": s} for s in schemas]
    responses_tools = [{"type": "function", **s} for s in schemas]
    return chat_tools, responses_tools


def test_the_readme_shapes_fit_the_sdk_types_as_recorded() -> None:
    chat_tools, responses_tools = _readme_shapes()
    for tool in chat_tools:
        _fits(tool, CHAT_TOOL)
        _fits(tool["function"], FUNCTION_DEFINITION)
        assert tool["function"]["strict"] is True
    for tool in responses_tools:
        _fits(tool, RESPONSES_TOOL)
        assert tool["strict"] is True and tool["parameters"]["additionalProperties"] is False


def _fields(typed: type) -> dict[str, set[str]]:
    hints = typing.get_type_hints(typed, include_extras=True)
    required = {k for k, v in hints.items() if typing.get_origin(v) is typing.Required}
    return {"required": required, "optional": set(hints) - required}


def test_the_readme_shapes_fit_the_installed_sdk_types() -> None:
    openai_types = pytest.importorskip("openai.types", reason="the openai SDK is not installed")
    chat_tools, responses_tools = _readme_shapes()
    for tool in chat_tools:
        _fits(tool, _fields(openai_types.chat.ChatCompletionFunctionToolParam))
        _fits(tool["function"], _fields(openai_types.shared_params.FunctionDefinition))
    for tool in responses_tools:
        _fits(tool, _fields(openai_types.responses.FunctionToolParam))
