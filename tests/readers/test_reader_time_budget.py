"""The hosted reader shares the page read's one total time (WEB_FETCH_TIMEOUT_MS).

docs/security.md promises one total deadline per page read; ReaderFallback sits above the
deadline stage (a reader's answer must not cancel the local page), so before this it gave the
reader its own WEB_READER_TIMEOUT_MS on top (with `prefer_reader`: the reader, then a whole
local reading; found by the attacking review of issue 32). Hand-written fakes of the ports and
a fake clock: no time is measured, no socket opened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.pipeline.fallback import ReaderFallback
from webdistill.adapters.readers.base import ReaderPage
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchedPage, FetchRequest, SearchQuery

URL = "https://example.org/tides"
SHORT = FetchedPage(url=URL, content="Loading the tide table.", content_type="text/html")


@attrs.define
class Clock:
    now: float = 100.0

    def __call__(self) -> float:
        return self.now


@attrs.define
class Local:
    """The deadline-bounded local backend: takes `spends` seconds of the clock."""

    clock: Clock
    spends: float
    asked: list[FetchRequest] = attrs.field(factory=list)

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return Success([])

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        self.asked.append(request)
        self.clock.now += self.spends
        return Success(SHORT)


@attrs.define
class SlowReader:
    """A reader that spends `spends` seconds of the clock and then fails, or never answers."""

    clock: Clock
    spends: float = 0.0
    hangs: bool = False
    calls: int = 0
    name: str = "jina"
    label: str = "Jina Reader"

    async def read(self, url: str) -> Result[ReaderPage, WebError]:
        self.calls += 1
        self.clock.now += self.spends
        if self.hangs:
            await asyncio.Event().wait()
        return Failure(WebError.of(ErrorCode.PROVIDER_UNAVAILABLE, "busy"))

    async def close(self) -> None:
        return None


class OpenGate:
    async def refusal(self, url: str) -> str | None:
        return None


async def test_the_reader_is_not_asked_when_the_local_reading_used_all_the_time() -> None:
    clock = Clock()
    reader = SlowReader(clock)
    fallback = ReaderFallback(Local(clock, spends=15.0), reader, OpenGate(), timeout_s=15.0,
                              clock=clock)  # fmt: skip
    result = await fallback.extract(FetchRequest(url=URL))
    assert reader.calls == 0
    page = result.unwrap()
    assert isinstance(page, FetchedPage)
    assert page.content == SHORT.content
    assert "No time was left" in (page.notice or "")


async def test_a_reader_that_does_not_answer_is_cut_at_what_is_left() -> None:
    clock = Clock()
    reader = SlowReader(clock, hangs=True)
    # 0.01 s of the 15 are left when the reader is asked: it is cut there, the local page stands
    fallback = ReaderFallback(Local(clock, spends=14.99), reader, OpenGate(), timeout_s=15.0,
                              clock=clock)  # fmt: skip
    result = await asyncio.wait_for(fallback.extract(FetchRequest(url=URL)), 60)
    page = result.unwrap()
    assert isinstance(page, FetchedPage)
    assert reader.calls == 1
    assert "did not answer within what was left" in (page.notice or "")


async def test_prefer_reader_leaves_the_local_reading_only_what_the_reader_left() -> None:
    clock = Clock()
    local = Local(clock, spends=0.0)
    reader = SlowReader(clock, spends=10.0)
    fallback = ReaderFallback(local, reader, OpenGate(), timeout_s=15.0, clock=clock)
    await fallback.extract(FetchRequest(url=URL, prefer_reader=True))
    assert [r.timeout_ms for r in local.asked] == [5000]


async def test_a_call_s_shorter_timeout_is_the_total() -> None:
    clock = Clock()
    local = Local(clock, spends=0.0)
    reader = SlowReader(clock, spends=2.0)
    fallback = ReaderFallback(local, reader, OpenGate(), timeout_s=15.0, clock=clock)
    await fallback.extract(FetchRequest(url=URL, prefer_reader=True, timeout_ms=3000))
    assert [r.timeout_ms for r in local.asked] == [1000]


async def test_prefer_reader_with_no_time_left_is_a_timeout() -> None:
    clock = Clock()
    local = Local(clock, spends=0.0)
    reader = SlowReader(clock, spends=15.0)
    fallback = ReaderFallback(local, reader, OpenGate(), timeout_s=15.0, clock=clock)
    result = await fallback.extract(FetchRequest(url=URL, prefer_reader=True))
    assert local.asked == []
    assert result.failure().code == ErrorCode.TIMEOUT
    assert "Jina Reader failed" in result.failure().message
