"""One call to an OpenAI-compatible `/chat/completions` endpoint, as a `Result`.

Works with hosted APIs and local servers (vLLM, llama.cpp, Ollama): only the common subset
of the protocol is used (model, messages, temperature, max_tokens). The answer is read the
way the API reports it: a non-empty `message.refusal` or `finish_reason: "content_filter"` is
a refusal (never guessed from the wording of the text: a short honest "Sorry, the page has no
prices." is an answer), `finish_reason: "length"` is a cut-off answer, not a success.

429 and 5xx answers and dropped connections are retried with exponential backoff, honouring
`Retry-After` in both of its forms (seconds or an HTTP date, RFC 9110 §10.2.3), but never past
the compression's deadline nor longer than `MAX_RETRY_AFTER_S`: a server asking for a longer
wait fails the call at once, saying how long it asked for. Every other failure (HTTP error,
timeout, malformed JSON, no choice, empty answer) is a `COMPRESSION_FAILED` `WebError` whose
message says what happened. The API key is sent as a bearer token and never appears in an
error (a server echoing it back is redacted). Answers are read up to `MAX_ANSWER_BYTES`.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import re
import time
from collections.abc import Awaitable, Callable, Mapping

import aiohttp
import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.http.errors import NETWORK_EXCEPTIONS
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import WEB_TEXT, OwnText, name, number, own, redacted
from webdistill.kernel.quoting import redacted_url
from webdistill.kernel.redaction import without_secret

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_RETRY_AFTER_S = 30.0
MAX_ANSWER_BYTES = 4 * 1024 * 1024
_THINKING = re.compile(r"<think>.*?</think>", re.DOTALL)

Sleep = Callable[[float], Awaitable[None]]
Clock = Callable[[], float]


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


@attrs.frozen
class Pacing:
    """Time as the calls see it: a deadline on the loop clock, and injectable sleep/wall clock.

    `deadline` is a `loop.time()` value after which no call or retry starts (None: none);
    `wall` is the clock an HTTP-date `Retry-After` is compared with.
    """

    deadline: float | None = None
    sleep: Sleep = asyncio.sleep
    wall: Clock = time.time

    def remaining(self) -> float | None:
        if self.deadline is None:
            return None
        return self.deadline - asyncio.get_running_loop().time()


def _failure(
    endpoint: ChatEndpoint, what: OwnText, reason: str, *, retryable: bool = False, **detail: object
) -> Failure[WebError]:
    message = own("LLM compression with model {} failed: {}.", model_name(endpoint.model), what)
    message = redacted(message, endpoint.api_key)
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


def model_name(model: str) -> OwnText:
    """The configured model's name (the operator's setting) in a name's closed form."""
    return name(model, "(the configured model)")


def retry_after_s(value: str, now: float) -> float | None:
    """Seconds a `Retry-After` value asks to wait (delay-seconds or HTTP date), else None."""
    value = value.strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:  # RFC 9110 dates are GMT; a date without a zone is read as such
        return None
    return max(0.0, when.timestamp() - now)


def _answer_text(content: object) -> str | None:
    if content is None:
        return ""
    return content if isinstance(content, str) else None


def parse_answer(endpoint: ChatEndpoint, body: str) -> Result[str, WebError]:
    """The assistant's text from a chat-completions body, or why there is none."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        return _failure(endpoint, own("the endpoint answered malformed JSON"), "malformed_json")
    choices = payload.get("choices") if isinstance(payload, dict) else None
    if not isinstance(choices, list):
        return _failure(endpoint, own("the answer has no 'choices' list"), "malformed_json")
    if not choices or not isinstance(choices[0], dict):
        return _failure(endpoint, own("the model returned no choice"), "empty_answer")
    choice = choices[0]
    message = choice.get("message")
    if not isinstance(message, dict):
        return _failure(endpoint, own("the choice has no message"), "malformed_json")
    finish = choice.get("finish_reason")
    refusal = message.get("refusal")
    if isinstance(refusal, str) and refusal.strip():
        return _failure(endpoint, own("the model refused to compress this page"), "refusal")
    if finish == "content_filter":
        what = own("the provider's content filter stopped the answer")
        return _failure(endpoint, what, "content_filter")
    text = _answer_text(message.get("content"))
    if text is None:
        return _failure(endpoint, own("the message content is not text"), "malformed_json")
    if finish == "length":
        what = own(
            "the answer was cut off at the output limit ({} tokens, WEB_LLM_MAX_OUTPUT_TOKENS)",
            number(endpoint.max_output_tokens),
        )
        return _failure(endpoint, what, "length", limit=endpoint.max_output_tokens)
    text = _THINKING.sub("", text).strip()
    if not text:
        return _failure(endpoint, own("the model returned an empty answer"), "empty_answer")
    return Success(text)


async def _read_bounded(response: aiohttp.ClientResponse) -> str | None:
    """The body as text, or None when it is larger than MAX_ANSWER_BYTES."""
    raw = await response.content.read(MAX_ANSWER_BYTES + 1)
    if len(raw) > MAX_ANSWER_BYTES:
        return None
    return raw.decode(response.charset or "utf-8", errors="replace")


def _wait_for(
    endpoint: ChatEndpoint, attempt: int, headers: Mapping[str, str], pacing: Pacing
) -> tuple[float, float | None]:
    """The backoff before the next attempt, and what the server's Retry-After asked (if any)."""
    delay = endpoint.backoff_s * (1 << attempt)
    asked = retry_after_s(headers.get("Retry-After", ""), pacing.wall())
    return (delay if asked is None else max(delay, asked)), asked


def _too_long_to_wait(delay: float, pacing: Pacing) -> bool:
    remaining = pacing.remaining()
    return delay > MAX_RETRY_AFTER_S or (remaining is not None and delay >= remaining)


async def chat(
    session: aiohttp.ClientSession,
    endpoint: ChatEndpoint,
    messages: list[dict[str, str]],
    pacing: Pacing | None = None,
) -> Result[str, WebError]:
    """Ask the endpoint for one completion of `messages`; retry 429/5xx with backoff."""
    pacing = pacing or Pacing()
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
    attempt = 0
    while True:
        remaining = pacing.remaining()
        timeout_s = endpoint.timeout_s if remaining is None else min(endpoint.timeout_s, remaining)
        try:
            async with session.post(
                endpoint.url,
                json=request,
                headers=headers,
                timeout=aiohttp.ClientTimeout(total=max(timeout_s, 0.001)),
            ) as response:
                status = response.status
                body = await _read_bounded(response)
                answer_headers: Mapping[str, str] = response.headers
        except TimeoutError:
            return _failure(
                endpoint, own("no answer within {} s", number(timeout_s)), "timeout", retryable=True
            )
        except NETWORK_EXCEPTIONS as error:  # the endpoint or the network failed, not us
            delay, _ = _wait_for(endpoint, attempt, {}, pacing)
            if attempt < endpoint.retries and not _too_long_to_wait(delay, pacing):
                await pacing.sleep(delay)
                attempt += 1
                continue
            what = own("could not reach the endpoint ({})", name(type(error).__name__))
            return _failure(endpoint, what, "network", retryable=True)
        if body is None:
            what = own("the answer was larger than {} bytes", number(MAX_ANSWER_BYTES))
            return _failure(endpoint, what, "too_large")
        if status in RETRY_STATUSES and attempt < endpoint.retries:
            delay, asked = _wait_for(endpoint, attempt, answer_headers, pacing)
            if not _too_long_to_wait(delay, pacing):
                await pacing.sleep(delay)
                attempt += 1
                continue
            return _http_failure(endpoint, status, body, attempt + 1, asked, too_long=True)
        if status >= 400:
            asked = retry_after_s(answer_headers.get("Retry-After", ""), pacing.wall())
            return _http_failure(endpoint, status, body, attempt + 1, asked)
        return parse_answer(endpoint, body)


def _http_failure(
    endpoint: ChatEndpoint,
    status: int,
    body: str,
    attempts: int,
    retry_after: float | None = None,
    *,
    too_long: bool = False,
) -> Failure[WebError]:
    body = without_secret(body, endpoint.api_key)  # before the cut: no part may survive it
    snippet = " ".join(body.split())[:400]
    tries = own(" after {} attempts", number(attempts)) if attempts > 1 else own("")
    if status in (401, 403):
        what = own(
            "the endpoint refused the credentials (HTTP {}); check WEB_LLM_API_KEY",
            number(status),
        )
    elif status == 429:
        what = own("the endpoint is rate limiting (HTTP 429){}", tries)
    elif status >= 500:
        what = own("the endpoint had a server error (HTTP {}){}", number(status), tries)
    else:
        what = own("the endpoint answered HTTP {}", number(status))
    detail: dict[str, object] = {"status": status}
    if retry_after is not None:
        detail["retry_after"] = f"{retry_after:.0f}"
        if too_long:
            what = own(
                "{}; it asks to wait {} s, longer than this compression may wait",
                what,
                number(round(retry_after)),
            )
    if snippet:  # the endpoint's words: fenced detail, never the message (issue 26)
        what = own("{} (what it said is in the details)", what)
        detail[WEB_TEXT] = f"the LLM endpoint said: {snippet}"
    return _failure(endpoint, what, "http_status", retryable=status in RETRY_STATUSES, **detail)
