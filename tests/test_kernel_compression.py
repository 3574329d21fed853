"""The kernel's compression step: the budget is the request's window, and the page is truthful.

A compressor offering `compress_to` gets the request's `max_chars`; a page that fits that
window is shown whole and not reported as compressed; a failure says how to get the page
uncompressed, worded for how compression was turned on.
"""

from __future__ import annotations

import logging

import pytest
from returns.result import Failure, Result, Success

from tests.fakes import FakeBackend, RecordingCompressor, page_row
from webdistill.kernel import Deps, ErrorCode, FetchRequest, WebError, extract_page

URL = "https://example.com/article"
LONG = "alpha beta gamma. " * 400  # 7200 chars


class BudgetRecorder:
    """A compressor offering `compress_to`: keeps the first `max_chars // 2` characters."""

    label = "fake:budgeted"

    def __init__(self, answer: str | None = None) -> None:
        self.answer = answer
        self.budgets: list[int] = []
        self.plain_calls = 0

    async def __call__(self, text: str, instruction: str) -> Result[str, WebError]:
        self.plain_calls += 1
        return Success(text[:10])

    async def compress_to(
        self, text: str, instruction: str, max_chars: int
    ) -> Result[str, WebError]:
        self.budgets.append(max_chars)
        return Success(self.answer if self.answer is not None else text[: max_chars // 2])


def _deps(compressor: object, content: str = LONG) -> Deps:
    backend = FakeBackend(pages={URL: page_row(URL, content)})
    return Deps(backend=backend, compressor=compressor)  # type: ignore[arg-type]


async def test_the_budget_is_the_request_window_not_the_configured_maximum() -> None:
    compressor = BudgetRecorder()
    page = (await extract_page(_deps(compressor), FetchRequest(URL, max_chars=1440))).unwrap()
    assert compressor.budgets == [1440]
    assert compressor.plain_calls == 0
    assert page.compressed_by == "fake:budgeted"
    assert page.original_chars == len(LONG)
    assert page.total_chars == len(page.content) == 720
    assert not page.truncated


async def test_a_page_that_fits_the_window_is_not_compressed_even_when_asked() -> None:
    for compress in (None, True):
        compressor = BudgetRecorder()
        request = FetchRequest(URL, compress=compress)  # default window: 20000 chars
        page = (await extract_page(_deps(compressor), request)).unwrap()
        assert compressor.budgets == []
        assert page.compressed_by is None
        assert page.original_chars is None
        assert page.content == LONG
        assert page.total_chars == len(LONG)


async def test_an_answer_identical_to_the_page_is_not_reported_as_compressed() -> None:
    compressor = BudgetRecorder(answer=LONG)
    page = (await extract_page(_deps(compressor), FetchRequest(URL, max_chars=1000))).unwrap()
    assert compressor.budgets == [1000]
    assert page.compressed_by is None
    assert page.original_chars is None
    assert page.total_chars == len(LONG)
    assert page.truncated


async def test_a_plain_compressor_is_still_called_with_text_and_focus() -> None:
    compressor = RecordingCompressor(keep=300)
    request = FetchRequest(URL, max_chars=1000, focus="gamma")
    page = (await extract_page(_deps(compressor), request)).unwrap()
    assert compressor.calls == [(LONG, "gamma")]
    assert page.compressed_by == "fake:recording"
    assert page.total_chars == 300


async def test_failure_with_compression_on_by_configuration_says_how_to_skip_it() -> None:
    error = WebError.of(ErrorCode.COMPRESSION_FAILED, "The model timed out.", retryable=True)
    deps = _deps(RecordingCompressor(error=error))
    result = await extract_page(deps, FetchRequest(URL, max_chars=1000))
    assert isinstance(result, Failure)
    failure = result.failure()
    assert failure.code is ErrorCode.COMPRESSION_FAILED
    assert failure.message.startswith("The model timed out.")
    assert "on by configuration" in failure.message
    assert "compress=false" in failure.message
    assert failure.detail["compression"] == "configured"
    assert failure.retryable


async def test_failure_of_asked_compression_says_how_to_skip_it() -> None:
    error = WebError.of(ErrorCode.TIMEOUT, "The model timed out.")
    deps = _deps(RecordingCompressor(error=error))
    result = await extract_page(deps, FetchRequest(URL, max_chars=1000, compress=True))
    assert isinstance(result, Failure)
    failure = result.failure()
    assert failure.code is ErrorCode.COMPRESSION_FAILED
    assert "compress=false" in failure.message
    assert "configuration" not in failure.message
    assert failure.detail["compression"] == "requested"


async def test_an_empty_answer_is_a_failure_saying_how_to_skip_compression() -> None:
    deps = _deps(BudgetRecorder(answer="  "))
    result = await extract_page(deps, FetchRequest(URL, max_chars=1000))
    assert isinstance(result, Failure)
    assert "no text" in result.failure().message
    assert "compress=false" in result.failure().message


async def test_start_index_past_the_compressed_page_points_to_compress_false() -> None:
    deps = _deps(BudgetRecorder())
    result = await extract_page(deps, FetchRequest(URL, max_chars=1000, start_index=3000))
    assert isinstance(result, Failure)
    failure = result.failure()
    assert failure.code is ErrorCode.INVALID_INPUT
    assert "compressed page" in failure.message and "compress=false" in failure.message
    assert str(len(LONG)) in failure.message


class BuggyCompressor:
    """A compressor with a bug: it raises (the adapters no longer turn raises into answers)."""

    label = "fake:buggy"

    async def compress_to(
        self, text: str, instruction: str, max_chars: int
    ) -> Result[str, WebError]:
        return Success({"not": "a string"}["missing"])


async def test_a_compressor_bug_is_an_internal_error_logged_not_a_retry_later(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.ERROR, logger="webdistill"):
        answer = await extract_page(
            _deps(BuggyCompressor()), FetchRequest(URL, compress=True, max_chars=1440)
        )
    error = answer.failure()
    assert error.code is ErrorCode.COMPRESSION_FAILED  # with the way round it: compress=false
    assert not error.retryable
    assert "internal error (KeyError)" in error.message and "compress=false" in error.message
    assert error.detail["port"] == "COMPRESSION_FAILED"
    (record,) = [r for r in caplog.records if r.exc_info]
    assert record.exc_info is not None and record.exc_info[0] is KeyError
