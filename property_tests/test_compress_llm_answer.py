"""Properties of the chat-completions answer parser: any body gives a Result, never raises."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from returns.pipeline import is_successful

from webdistill.adapters.compress.openai_chat import ChatEndpoint, parse_answer
from webdistill.kernel.errors import ErrorCode

ENDPOINT = ChatEndpoint(
    base_url="http://127.0.0.1:1/v1",
    model="m",
    api_key="sk-secret-key",
    timeout_s=1.0,
    max_output_tokens=10,
    temperature=0.0,
    retries=0,
    backoff_s=0.0,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["choices", "message", "content", "refusal", "finish_reason", "x"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=20,
)
shaped = st.builds(
    lambda content, refusal, reason: {
        "choices": [{"message": {"content": content, "refusal": refusal}, "finish_reason": reason}]
    },
    st.none() | st.text(max_size=80),
    st.none() | st.text(max_size=10),
    st.sampled_from(["stop", "length", "content_filter", None]),
)


@given(st.one_of(json_values.map(json.dumps), shaped.map(json.dumps), st.text(max_size=200)))
def test_any_body_gives_a_text_or_a_compression_failure(body: str) -> None:
    result = parse_answer(ENDPOINT, body)
    if is_successful(result):
        assert result.unwrap().strip() == result.unwrap()
        assert result.unwrap()
    else:
        error = result.failure()
        assert error.code is ErrorCode.COMPRESSION_FAILED
        assert error.message.startswith("LLM compression with model m failed:")
        assert error.detail["reason"]
        assert "sk-secret-key" not in error.message


@given(shaped)
def test_length_content_filter_and_refusal_are_never_a_success(payload: dict[str, object]) -> None:
    choice = payload["choices"][0]  # type: ignore[index]
    result = parse_answer(ENDPOINT, json.dumps(payload))
    refused = bool((choice["message"]["refusal"] or "").strip())
    if refused or choice["finish_reason"] in ("length", "content_filter"):
        assert not is_successful(result)
