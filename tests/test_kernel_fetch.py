"""The kernel's fetch rules: URL vetting before the backend, compression, windows, batching."""

from __future__ import annotations

import pytest
from returns.result import Failure, Success

from tests.fakes import FakeBackend, RecordingCompressor, page_row
from webdistill.kernel import (
    Deps,
    ErrorCode,
    FetchedPage,
    FetchRequest,
    UrlPolicy,
    WebError,
    extract_page,
    web_fetch,
)

URL = "https://example.com/article"


def backend_with(content: str, **fields: object) -> FakeBackend:
    return FakeBackend(pages={URL: page_row(URL, content, **fields)})


async def test_without_compressor_content_is_raw() -> None:
    deps = Deps(backend=backend_with("word " * 2000))
    page = (await extract_page(deps, FetchRequest(URL))).unwrap()
    assert page.compressed_by is None
    assert page.content.startswith("word word")


async def test_3000_char_page_below_default_floor_is_not_compressed() -> None:
    compressor = RecordingCompressor()
    deps = Deps(backend=backend_with("x" * 3000), compressor=compressor)
    page = (await extract_page(deps, FetchRequest(URL))).unwrap()
    assert compressor.calls == []
    assert page.compressed_by is None
    assert page.total_chars == 3000


async def test_6000_char_page_is_compressed() -> None:
    compressor = RecordingCompressor(keep=100)
    deps = Deps(backend=backend_with("y" * 6000), compressor=compressor)
    request = FetchRequest(URL, max_chars=2000, focus="pricing")
    page = (await extract_page(deps, request)).unwrap()
    assert len(compressor.calls) == 1
    assert compressor.calls[0] == ("y" * 6000, "pricing")
    assert page.content == "y" * 100
    assert page.compressed_by == "fake:recording"
    assert page.original_chars == 6000


async def test_compressor_failure_is_compression_failed() -> None:
    error = WebError.of(ErrorCode.COMPRESSION_FAILED, "model said no")
    deps = Deps(backend=backend_with("z" * 6000), compressor=RecordingCompressor(error=error))
    result = await extract_page(deps, FetchRequest(URL, max_chars=2000))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.COMPRESSION_FAILED


async def test_compressor_failure_of_another_code_is_reported_as_compression_failed() -> None:
    error = WebError.of(ErrorCode.TIMEOUT, "model timed out.")
    deps = Deps(backend=backend_with("z" * 6000), compressor=RecordingCompressor(error=error))
    result = await extract_page(deps, FetchRequest(URL, max_chars=2000))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.COMPRESSION_FAILED
    assert result.failure().retryable


async def test_compress_false_skips_the_compressor() -> None:
    compressor = RecordingCompressor()
    deps = Deps(backend=backend_with("z" * 6000), compressor=compressor)
    await extract_page(deps, FetchRequest(URL, max_chars=2000, compress=False))
    assert compressor.calls == []


async def test_compress_true_without_compressor_says_how_to_configure_one() -> None:
    deps = Deps(backend=backend_with("short"))
    result = await extract_page(deps, FetchRequest(URL, compress=True))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.PROVIDER_NOT_CONFIGURED
    assert "WEB_COMPRESSOR" in result.failure().message


async def test_blocked_url_never_reaches_the_backend() -> None:
    backend = backend_with("secret")
    deps = Deps(backend=backend, url_policy=UrlPolicy(blocklist=("example.com",)))
    result = await extract_page(deps, FetchRequest(URL))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.BLOCKED_URL
    assert backend.extract_calls == []


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/",  # plain http is off by default
        "https://127.0.0.1/",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::1]/",
        "https://localhost/",
    ],
)
async def test_refused_urls_never_reach_the_backend(url: str) -> None:
    backend = FakeBackend()
    result = await web_fetch(Deps(backend=backend), {"url": url})
    outcome = result.unwrap()[0]
    assert outcome.error is not None
    assert outcome.error.code is ErrorCode.BLOCKED_URL
    assert backend.extract_calls == []


@pytest.mark.parametrize("url", ["not a url", "ftp://example.com/file", "javascript:alert(1)"])
async def test_unparseable_or_foreign_urls_are_invalid_url(url: str) -> None:
    backend = FakeBackend()
    outcome = (await web_fetch(Deps(backend=backend), {"url": url})).unwrap()[0]
    assert outcome.error is not None
    assert outcome.error.code in (ErrorCode.INVALID_URL, ErrorCode.BLOCKED_URL)
    assert backend.extract_calls == []


async def test_long_page_is_truncated_with_paging_offset() -> None:
    text = "\n\n".join(f"Paragraph {i} has some words in it." for i in range(200))
    deps = Deps(backend=backend_with(text))
    page = (await extract_page(deps, FetchRequest(URL, max_chars=500))).unwrap()
    assert page.truncated
    assert len(page.content) <= 500
    assert page.total_chars == len(text)
    assert page.next_start is not None
    following = await extract_page(
        deps, FetchRequest(URL, max_chars=500, start_index=page.next_start)
    )
    assert following.unwrap().content.startswith("Paragraph")


async def test_start_index_past_the_end_is_invalid_input_with_the_length() -> None:
    deps = Deps(backend=backend_with("short page"))
    result = await extract_page(deps, FetchRequest(URL, start_index=50))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_INPUT
    assert result.failure().detail["total_chars"] == "10"


async def test_max_chars_is_clamped_to_at_least_200() -> None:
    deps = Deps(backend=backend_with("a " * 1000))
    page = (await extract_page(deps, FetchRequest(URL, max_chars=5))).unwrap()
    assert 0 < len(page.content) <= 200


async def test_page_carries_metadata_and_flags() -> None:
    deps = Deps(
        backend=backend_with(
            "", title="T", flags=("needs_javascript",), notice="This page needs JavaScript."
        )
    )
    page = (await extract_page(deps, FetchRequest(URL))).unwrap()
    assert page.title == "T"
    assert page.flags == ("needs_javascript",)
    assert page.notice == "This page needs JavaScript."


async def test_backend_answer_as_model_instance_is_accepted() -> None:
    backend = FakeBackend(pages={URL: FetchedPage(url=URL, content="hello")})
    page = (await extract_page(Deps(backend=backend), FetchRequest(URL))).unwrap()
    assert page.content == "hello"


async def test_backend_row_of_wrong_shape_is_invalid_backend_data() -> None:
    backend = FakeBackend(pages={URL: {"url": URL, "content": 42}})
    result = await extract_page(Deps(backend=backend), FetchRequest(URL))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_BACKEND_DATA
    assert "content" in result.failure().message


async def test_fetch_batch_keeps_order_and_per_url_errors() -> None:
    other = "https://example.org/"
    backend = FakeBackend(
        pages={URL: page_row(URL, "one"), other: WebError.of(ErrorCode.TIMEOUT, "slow")}
    )
    outcomes = (await web_fetch(Deps(backend=backend), {"urls": [URL, other]})).unwrap()
    assert [o.url for o in outcomes] == [URL, other]
    assert outcomes[0].page is not None
    assert outcomes[1].error is not None and outcomes[1].error.code is ErrorCode.TIMEOUT


@pytest.mark.parametrize(
    "raw",
    [
        {},
        {"url": 5},
        {"url": URL, "max_chars": "big"},
        {"url": URL, "compress": "yes"},
        {"urls": [URL + str(i) for i in range(11)]},
        "https://example.com/",
    ],
)
async def test_invalid_fetch_requests_are_invalid_input(raw: object) -> None:
    backend = FakeBackend()
    result = await web_fetch(Deps(backend=backend), raw)
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_INPUT
    assert backend.extract_calls == []


async def test_fetch_success_wraps_pages() -> None:
    result = await web_fetch(Deps(backend=backend_with("body")), {"url": URL})
    assert isinstance(result, Success)
