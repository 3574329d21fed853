"""One call to an OpenAI-compatible `/chat/completions` endpoint, as a `Result`.

Works with hosted APIs and local servers (vLLM, llama.cpp, Ollama): only the common subset
of the protocol is used (model, messages, temperature, max_tokens). 429 and 5xx answers and
dropped connections are retried with exponential backoff (honouring a short `Retry-After`);
every other failure (HTTP error, timeout, malformed JSON, no choice, empty answer, refusal) is
a `COMPRESSION_FAILED` `WebError` whose message says what happened and that the agent can
retry with compress=false. The API key is sent as a bearer token and never appears in an
error (a server echoing it back is redacted).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping

import aiohttp
import attrs
from returns.result import Failure, Result, Success

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.quoting import redacted_url

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_RETRY_AFTER_S = 10.0
RAW_PAGE_HINT = "Retry with compress=false to get the raw page."
_THINKING = re.compile(r"<think>.*?</think>", re.DOTALL)
_REFUSAL = re.compile(
    r"^\s*(i'?m sorry|i am sorry|sorry,|i can(?:no|')t|i can’t|i am unable|i'm unable|"
    r"i won'?t|as an ai)",
    re.IGNORECASE,
)
_REFUSAL_MAX_CHARS = 300


@attrs.frozen
class ChatEndpoint:
    """Where and how to call: the base URL (…/v1), model, key and request parameters."""

    base_url: str = attrs.field(repr=redacted_url)
    model: str
    api_key: str | None = attrs.field(repr=False)
    timeout_s: float
    max_output_tokens: int
    temperature: float
    retries: int
    backoff_s: float

    @property
    def url(self) -> str:
        return self.base_url.rstrip("/") + "/chat/completions"


def _failure(
    endpoint: ChatEndpoint, what: str, reason: str, *, retryable: bool = False, **detail: object
) -> Failure[WebError]:
    message = f"LLM compression with model {endpoint.model} failed: {what}. {RAW_PAGE_HINT}"
    if endpoint.api_key:
        message = message.replace(endpoint.api_key, "[redacted]")
    return Failure(
        WebError.of(
            ErrorCode.COMPRESSION_FAILED,
            message,
            retryable=retryable,
            reason=reason,
            model=endpoint.model,
            **detail,
        )
    )


def _retry_delay(endpoint: ChatEndpoint, attempt: int, headers: Mapping[str, str]) -> float:
    delay = endpoint.backoff_s * (1 << attempt)
    retry_after = headers.get("Retry-After", "")
    try:
        return min(max(delay, float(retry_after)), MAX_RETRY_AFTER_S)
    except ValueError:
        return delay


def parse_answer(endpoint: ChatEndpoint, body: str) -> Result[str, WebError]:
    """The assistant's text from a chat-completions body, or why there is none."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        return _failure(endpoint, "the endpoint answered malformed JSON", "malformed_json")
    choices = payload.get("choices") if isinstance(payload, dict) else None
    if not isinstance(choices, list):
        return _failure(endpoint, "the answer has no 'choices' list", "malformed_json")
    if not choices or not isinstance(choices[0], dict):
        return _failure(endpoint, "the model returned no choice", "empty_answer")
    choice = choices[0]
    message = choice.get("message")
    if not isinstance(message, dict):
        return _failure(endpoint, "the choice has no message", "malformed_json")
    if message.get("refusal") or choice.get("finish_reason") == "content_filter":
        return _failure(endpoint, "the model refused to compress this page", "refusal")
    content = message.get("content")
    if content is not None and not isinstance(content, str):
        return _failure(endpoint, "the message content is not text", "malformed_json")
    text = _THINKING.sub("", content or "").strip()
    if not text:
        return _failure(endpoint, "the model returned an empty answer", "empty_answer")
    if len(text) < _REFUSAL_MAX_CHARS and _REFUSAL.match(text):
        return _failure(endpoint, "the model refused to compress this page", "refusal")
    return Success(text)


async def chat(
    session: aiohttp.ClientSession, endpoint: ChatEndpoint, messages: list[dict[str, str]]
) -> Result[str, WebError]:
    """Ask the endpoint for one completion of `messages`; retry 429/5xx with backoff."""
    headers = {"Content-Type": "application/json"}
    if endpoint.api_key:
        headers["Authorization"] = f"Bearer {endpoint.api_key}"
    request = {
        "model": endpoint.model,
        "messages": messages,
        "temperature": endpoint.temperature,
        "max_tokens": endpoint.max_output_tokens,
        "stream": False,
    }
    timeout = aiohttp.ClientTimeout(total=endpoint.timeout_s)
    attempt = 0
    while True:
        try:
            async with session.post(
                endpoint.url, json=request, headers=headers, timeout=timeout
            ) as response:
                status = response.status
                body = await response.text(errors="replace")
                answer_headers = dict(response.headers)
        except TimeoutError:
            return _failure(
                endpoint,
                f"no answer within {endpoint.timeout_s:g} s",
                "timeout",
                retryable=True,
            )
        except aiohttp.ClientError as error:
            if attempt < endpoint.retries:
                await asyncio.sleep(_retry_delay(endpoint, attempt, {}))
                attempt += 1
                continue
            return _failure(
                endpoint,
                f"could not reach the endpoint ({type(error).__name__})",
                "network",
                retryable=True,
            )
        if status in RETRY_STATUSES and attempt < endpoint.retries:
            await asyncio.sleep(_retry_delay(endpoint, attempt, answer_headers))
            attempt += 1
            continue
        if status >= 400:
            return _http_failure(endpoint, status, body, attempt + 1)
        return parse_answer(endpoint, body)


def _http_failure(
    endpoint: ChatEndpoint, status: int, body: str, attempts: int
) -> Failure[WebError]:
    if endpoint.api_key:  # redact before cutting: a cut must never leave part of the key
        body = body.replace(endpoint.api_key, "[redacted]")
    snippet = " ".join(body.split())[:200]
    tries = f" after {attempts} attempts" if attempts > 1 else ""
    if status in (401, 403):
        what = f"the endpoint refused the credentials (HTTP {status}); check WEB_LLM_API_KEY"
    elif status == 429:
        what = f"the endpoint is rate limiting (HTTP 429){tries}"
    elif status >= 500:
        what = f"the endpoint had a server error (HTTP {status}){tries}"
    else:
        what = f"the endpoint answered HTTP {status}"
    if snippet:
        what += f" ({snippet})"
    return _failure(
        endpoint, what, "http_status", retryable=status in RETRY_STATUSES, status=status
    )
