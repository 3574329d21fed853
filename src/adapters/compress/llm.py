"""The LLM compressor: a `Compressor` over any OpenAI-compatible chat-completions endpoint.

A page up to `chunk_chars` long is compressed in one call. A larger one is cut at section /
paragraph boundaries (`chunking.split_chunks`), the chunks are compressed concurrently (at
most `concurrency` calls in flight) and the summaries merged in a final pass (in rounds when
they are themselves too long for one merge call). Above `max_input_chars` it refuses at once.

Each call names the length to aim at: the request's window (`compress_to`'s `max_chars`,
shared between the parts of a long page), never more than the output-token limit can hold.
An answer cut off at that limit (`finish_reason: "length"`) is not used: the call is asked
again once for a third of the length, and fails if it is cut off again. One deadline
(`total_timeout_s`) covers every chunk, retry, wait and merge.

Any failure of any call fails the whole compression (closed): the kernel then reports
COMPRESSION_FAILED and says how to read the page uncompressed. Its `label` is
`llm:<model>`, which the kernel reports as `compressed_by`. `close` (the toolkit closing)
ends the compressions under way with the closed-toolkit error, so none retries on a
session opened after the close.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, Sequence
from functools import partial

import aiohttp
import attrs
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.compress.chunking import split_chunks
from webdistill.adapters.compress.openai_chat import (
    ChatEndpoint,
    Clock,
    Pacing,
    Sleep,
    chat,
    model_name,
)
from webdistill.adapters.compress.prompts import compress_messages, merge_messages
from webdistill.adapters.http.errors import closed_error
from webdistill.adapters.http.watch import Watch
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import number, own
from webdistill.kernel.quoting import redacted_url

MAX_MERGE_ROUNDS = 3
#: Characters per output token assumed when turning WEB_LLM_MAX_OUTPUT_TOKENS into a length
#: to ask for (English prose runs ~4; code and other scripts fewer, so this errs short).
CHARS_PER_TOKEN = 3.0
#: The shortest answer ever asked for, however small the window.
MIN_TARGET_CHARS = 200


@attrs.frozen
class LlmSettings:
    """Where the model is and how to use it (WEB_LLM_BASE_URL, WEB_LLM_MODEL, WEB_LLM_API_KEY)."""

    #: e.g. "https://api.openai.com/v1" or "http://127.0.0.1:8000/v1"
    base_url: str = attrs.field(repr=redacted_url)
    model: str
    api_key: str | None = attrs.field(default=None, repr=False)
    timeout_s: float = 60.0
    max_input_chars: int = 400_000
    chunk_chars: int = 12_000
    concurrency: int = 4
    max_output_tokens: int = 1024
    temperature: float = 0.1
    retries: int = 2
    backoff_s: float = 0.5
    total_timeout_s: float = 180.0  # the whole compression: every chunk, retry and merge

    def endpoint(self) -> ChatEndpoint:
        return ChatEndpoint(
            base_url=self.base_url,
            model=self.model,
            api_key=self.api_key,
            timeout_s=self.timeout_s,
            max_output_tokens=self.max_output_tokens,
            temperature=self.temperature,
            retries=self.retries,
            backoff_s=self.backoff_s,
        )


async def _all_or_first_failure(
    calls: Sequence[Awaitable[Result[str, WebError]]],
) -> Result[list[str], WebError]:
    """Run `calls` concurrently; the texts in order, or the first failure (others cancelled)."""
    tasks = [asyncio.ensure_future(call) for call in calls]
    try:
        for finished in asyncio.as_completed(tasks):
            result = await finished
            if not is_successful(result):
                return Failure(result.failure())
        return Success([task.result().unwrap() for task in tasks])
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _groups(summaries: list[str], limit: int) -> list[list[str]]:
    """Consecutive summaries packed into groups of at most `limit` chars (at least one each)."""
    groups: list[list[str]] = [[]]
    size = 0
    for summary in summaries:
        if groups[-1] and size + len(summary) > limit:
            groups.append([])
            size = 0
        groups[-1].append(summary)
        size += len(summary)
    return groups


class LlmCompressor:
    """Compresses text with a chat model; `await compressor.compress_to(text, focus, max_chars)`.

    `sleep` and `wall` (the clock an HTTP-date `Retry-After` is read against) are injectable
    for tests.
    """

    def __init__(
        self,
        settings: LlmSettings,
        *,
        session: aiohttp.ClientSession | None = None,
        sleep: Sleep = asyncio.sleep,
        wall: Clock = time.time,
    ) -> None:
        self.settings = settings
        self.label = f"llm:{settings.model}"
        self._endpoint = settings.endpoint()
        self._session = session
        self._owns_session = session is None
        self._slots = asyncio.Semaphore(max(1, settings.concurrency))
        self._sleep = sleep
        self._wall = wall
        #: The compressions under way (their tasks, on the close's watch), and whether
        #: `close` ended them.
        self._watch: Watch | None = None
        self._closed = False

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession()
        return self._session

    async def close(self) -> None:
        """End the compressions under way (each answers the closed error, `closed_error`)
        and refuse later ones; close the HTTP session if this compressor created it."""
        self._closed = True
        if self._watch is not None:
            self._watch.cancel_all()
        if self._owns_session and self._session is not None:
            await self._session.close()
            self._session = None

    @property
    def _capacity(self) -> int:
        """Characters an answer can hold within the output-token limit (conservatively)."""
        return max(MIN_TARGET_CHARS, int(self.settings.max_output_tokens * CHARS_PER_TOKEN))

    def _target(self, wanted: int | None) -> int:
        if wanted is None:
            return self._capacity
        return max(MIN_TARGET_CHARS, min(wanted, self._capacity))

    async def _ask(
        self, build: Callable[[int], list[dict[str, str]]], target: int, pacing: Pacing
    ) -> Result[str, WebError]:
        """One answer; an answer cut off at the output limit is asked again, shorter, once."""
        async with self._slots:
            answer = await chat(self._client(), self._endpoint, build(target), pacing)
        if is_successful(answer) or answer.failure().detail.get("reason") != "length":
            return answer
        shorter = max(MIN_TARGET_CHARS, target // 3)
        async with self._slots:
            again = await chat(self._client(), self._endpoint, build(shorter), pacing)
        if is_successful(again) or again.failure().detail.get("reason") != "length":
            return again
        error = again.failure()
        return Failure(
            attrs.evolve(
                error,
                message=own(
                    "LLM compression with model {} failed: the answer was "
                    "cut off at the output limit ({} tokens) "
                    "twice, the second time when asked for at most {} characters. "
                    "Raise WEB_LLM_MAX_OUTPUT_TOKENS or lower WEB_LLM_CHUNK_CHARS.",
                    model_name(self.settings.model),
                    number(self.settings.max_output_tokens),
                    number(shorter),
                ),
            )
        )

    async def __call__(self, text: str, instruction: str) -> Result[str, WebError]:
        return await self.compress_to(text, instruction, None)

    async def compress_to(
        self, text: str, instruction: str, max_chars: int | None
    ) -> Result[str, WebError]:
        """Compress `text` for `instruction`, aiming at `max_chars` characters (None: no aim);
        the closed error once `close` has run or when it ends this compression."""
        if self._closed:
            return Failure(closed_error())
        loop = asyncio.get_running_loop()
        if self._watch is None or not self._watch.on(loop):
            self._watch = Watch(loop)
        watch = self._watch
        ticket = watch.enter(math.inf)  # on the watch for `close` alone (no deadline)
        try:
            return await self._timed(text, instruction, max_chars)
        except asyncio.CancelledError:
            if ticket.took_back():
                return Failure(closed_error())
            raise
        finally:
            watch.leave(ticket)

    async def _timed(
        self, text: str, instruction: str, max_chars: int | None
    ) -> Result[str, WebError]:
        """`compress_to` within the one total deadline (WEB_LLM_TOTAL_TIMEOUT_MS)."""
        model = self.settings.model
        total = self.settings.total_timeout_s
        pacing = Pacing(
            deadline=asyncio.get_running_loop().time() + total, sleep=self._sleep, wall=self._wall
        )
        try:
            async with asyncio.timeout(total):
                result = await self._compress(text, instruction, max_chars, pacing)
        except TimeoutError:
            return Failure(
                WebError.of(
                    ErrorCode.COMPRESSION_FAILED,
                    own(
                        "LLM compression with model {} took longer than {} s in all "
                        "(WEB_LLM_TOTAL_TIMEOUT_MS).",
                        model_name(model),
                        number(total),
                    ),
                    retryable=True,
                    reason="deadline",
                )
            )
        if is_successful(result) and len(result.unwrap()) >= len(text):
            return Failure(
                WebError.of(
                    ErrorCode.COMPRESSION_FAILED,
                    own(
                        "Model {} answered with text no shorter than the page "
                        "({} >= {} characters).",
                        model_name(model),
                        number(len(result.unwrap())),
                        number(len(text)),
                    ),
                    reason="not_shorter",
                )
            )
        return result

    async def _compress(
        self, text: str, instruction: str, max_chars: int | None, pacing: Pacing
    ) -> Result[str, WebError]:
        settings = self.settings
        if len(text) > settings.max_input_chars:
            return Failure(
                WebError.of(
                    ErrorCode.COMPRESSION_FAILED,
                    own(
                        "The page is {} characters long, over the LLM compressor's "
                        "limit of {}. (Uncompressed it is paged: use "
                        "start_index to read further.)",
                        number(len(text)),
                        number(settings.max_input_chars),
                    ),
                    reason="too_large",
                    chars=len(text),
                    limit=settings.max_input_chars,
                )
            )
        chunks = split_chunks(text, settings.chunk_chars)
        if not chunks:
            return Success(text)
        final = self._target(max_chars)
        if len(chunks) == 1:
            return await self._ask(
                partial(compress_messages, chunks[0], instruction, 1, 1), final, pacing
            )
        share = None if max_chars is None else 2 * max_chars // len(chunks)
        part_target = self._target(share)
        summaries = await _all_or_first_failure(
            [
                self._ask(
                    partial(compress_messages, chunk, instruction, number, len(chunks)),
                    part_target,
                    pacing,
                )
                for number, chunk in enumerate(chunks, start=1)
            ]
        )
        if not is_successful(summaries):
            return Failure(summaries.failure())
        return await self._merge(summaries.unwrap(), instruction, final, pacing)

    async def _merge(
        self, summaries: list[str], instruction: str, final: int, pacing: Pacing
    ) -> Result[str, WebError]:
        """Merge in rounds while the summaries are too long for one call, then a final pass."""
        for _ in range(MAX_MERGE_ROUNDS):
            groups = _groups(summaries, self.settings.chunk_chars)
            if len(groups) == 1 or len(groups) == len(summaries):
                break
            merged = await _all_or_first_failure(
                [
                    self._ask(partial(merge_messages, group, instruction), self._capacity, pacing)
                    if len(group) > 1
                    else _ready(group[0])
                    for group in groups
                ]
            )
            if not is_successful(merged):
                return Failure(merged.failure())
            summaries = merged.unwrap()
        return await self._ask(partial(merge_messages, summaries, instruction), final, pacing)


async def _ready(text: str) -> Result[str, WebError]:
    return Success(text)
