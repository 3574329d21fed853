"""The LLM compressor: a `Compressor` over any OpenAI-compatible chat-completions endpoint.

A page up to `chunk_chars` long is compressed in one call. A larger one is cut at section /
paragraph boundaries (`chunking.split_chunks`), the chunks are compressed concurrently (at
most `concurrency` calls in flight) and the summaries merged in a final pass (in rounds when
they are themselves too long for one merge call). Above `max_input_chars` it refuses at once.
Any failure of any call fails the whole compression (closed): the kernel then reports
COMPRESSION_FAILED and the agent can ask again with compress=false. Its `label` is
`llm:<model>`, which the kernel reports as `compressed_by`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence

import aiohttp
import attrs
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.compress.chunking import split_chunks
from webdistill.adapters.compress.openai_chat import RAW_PAGE_HINT, ChatEndpoint, chat
from webdistill.adapters.compress.prompts import compress_messages, merge_messages
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.quoting import redacted_url

MAX_MERGE_ROUNDS = 3


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
    """Compresses text with a chat model; `await compressor(text, instruction)`."""

    def __init__(
        self, settings: LlmSettings, *, session: aiohttp.ClientSession | None = None
    ) -> None:
        self.settings = settings
        self.label = f"llm:{settings.model}"
        self._endpoint = settings.endpoint()
        self._session = session
        self._owns_session = session is None
        self._slots = asyncio.Semaphore(max(1, settings.concurrency))

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession()
        return self._session

    async def close(self) -> None:
        """Close the HTTP session if this compressor created it."""
        if self._owns_session and self._session is not None:
            await self._session.close()
            self._session = None

    async def _call(self, messages: list[dict[str, str]]) -> Result[str, WebError]:
        async with self._slots:
            return await chat(self._client(), self._endpoint, messages)

    async def __call__(self, text: str, instruction: str) -> Result[str, WebError]:
        model = self.settings.model
        try:
            async with asyncio.timeout(self.settings.total_timeout_s):
                result = await self._compress(text, instruction)
        except TimeoutError:
            return Failure(
                WebError.of(
                    ErrorCode.COMPRESSION_FAILED,
                    f"LLM compression with model {model} took longer than "
                    f"{self.settings.total_timeout_s:g} s in all. {RAW_PAGE_HINT}",
                    retryable=True,
                    reason="deadline",
                )
            )
        except Exception as error:  # noqa: BLE001 - the adapter edge: no bug escapes as a raise
            return Failure(
                WebError.of(
                    ErrorCode.COMPRESSION_FAILED,
                    f"LLM compression with model {self.settings.model} failed unexpectedly "
                    f"({type(error).__name__}). {RAW_PAGE_HINT}",
                    reason="internal",
                )
            )
        if is_successful(result) and len(result.unwrap()) >= len(text):
            return Failure(
                WebError.of(
                    ErrorCode.COMPRESSION_FAILED,
                    f"Model {model} answered with text no shorter than the page "
                    f"({len(result.unwrap())} >= {len(text)} characters). {RAW_PAGE_HINT}",
                    reason="not_shorter",
                )
            )
        return result

    async def _compress(self, text: str, instruction: str) -> Result[str, WebError]:
        settings = self.settings
        if len(text) > settings.max_input_chars:
            return Failure(
                WebError.of(
                    ErrorCode.COMPRESSION_FAILED,
                    f"The page is {len(text)} characters long, over the LLM compressor's "
                    f"limit of {settings.max_input_chars}. {RAW_PAGE_HINT} "
                    "(It is paged: use start_index to read further.)",
                    reason="too_large",
                    chars=len(text),
                    limit=settings.max_input_chars,
                )
            )
        chunks = split_chunks(text, settings.chunk_chars)
        if not chunks:
            return Success(text)
        if len(chunks) == 1:
            return await self._call(compress_messages(chunks[0], instruction, 1, 1))
        summaries = await _all_or_first_failure(
            [
                self._call(compress_messages(chunk, instruction, number, len(chunks)))
                for number, chunk in enumerate(chunks, start=1)
            ]
        )
        if not is_successful(summaries):
            return Failure(summaries.failure())
        return await self._merge(summaries.unwrap(), instruction)

    async def _merge(self, summaries: list[str], instruction: str) -> Result[str, WebError]:
        """Merge in rounds while the summaries are too long for one call, then a final pass."""
        for _ in range(MAX_MERGE_ROUNDS):
            groups = _groups(summaries, self.settings.chunk_chars)
            if len(groups) == 1 or len(groups) == len(summaries):
                break
            merged = await _all_or_first_failure(
                [
                    self._call(merge_messages(group, instruction))
                    if len(group) > 1
                    else _ready(group[0])
                    for group in groups
                ]
            )
            if not is_successful(merged):
                return Failure(merged.failure())
            summaries = merged.unwrap()
        return await self._call(merge_messages(summaries, instruction))


async def _ready(text: str) -> Result[str, WebError]:
    return Success(text)
