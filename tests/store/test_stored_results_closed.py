"""Issue 26: a result read back by response_id from a store others can write (Redis) shows
nothing that store holds outside the fence.

`web_get_result` reads the whole outcome back (page, error, search notes); the renderer puts
its notice, reader, compressor, error message, query, provider, skipped and unapplied notes,
shortfall and removal reasons outside the fence. Whoever can write to the Redis can write
those fields: they are read back in closed forms (`adapters/store/closed.py`). Real
redis-server on 127.0.0.1; the entries are first written by webdistill, then edited in place
(the same way as tests/store/test_store_words_a26.py).
"""

from __future__ import annotations

from typing import Any

from tests.http.fakes_http import FakeResolver
from tests.interfaces.fences import outside_fences
from tests.interfaces.test_hostile_corpus import raw_server
from tests.store.redis_server import redis_server
from tests.store.test_store_words_a26 import SAID, _config, _poison, _routes
from webdistill import build
from webdistill.doors.render_results import stored_to_jsonable, stored_to_text


def _poison_fetch(data: dict[str, Any]) -> None:
    for outcome in data["outcomes"]:
        outcome["url"] = outcome["url"] + "/" + SAID.replace(" ", "%20")
        page = outcome.get("page")
        if page:
            page.update(notice=SAID, reader=SAID, compressed_by=SAID, flags=[SAID, "truncated"])


def _poison_search(data: dict[str, Any]) -> None:
    for outcome in data["outcomes"]:
        outcome.update(query=SAID, provider=SAID, skipped=[f"searxng: TIMEOUT {SAID}", SAID],
                       unsupported=[SAID], shortfall=SAID, notice=SAID,
                       removed=[{"reason": SAID, "count": 2, "hosts": []}])  # fmt: skip


def _poison_error(data: dict[str, Any]) -> None:
    for outcome in data["outcomes"]:
        outcome["page"] = None
        outcome["error"] = {"code": "HTTP_ERROR", "message": SAID, "retryable": False,
                            "detail": {"web_text": SAID}}  # fmt: skip


async def _stored_text(tool: str, poison: Any) -> tuple[str, str]:
    with redis_server() as cache:
        async with raw_server(_routes) as base:
            async with build(_config(base, cache), resolver=FakeResolver({})) as kit:
                if tool == "fetch":
                    outcome = (await kit.fetch({"url": base + "/page"})).unwrap()[0]
                else:
                    outcome = (await kit.search({"query": "tide pools"})).unwrap()[0]
                response_id = outcome.response_id
                assert response_id is not None
            assert _poison(cache, "result-ring", poison) >= 1
            async with build(_config(base, cache), resolver=FakeResolver({})) as kit:
                stored = (await kit.get_result({"response_id": response_id})).unwrap()
    return stored_to_text(stored, fence=True), str(stored_to_jsonable(stored))


async def test_a_stored_page_shows_no_store_words_outside_the_fence() -> None:
    text, _ = await _stored_text("fetch", _poison_fetch)
    assert "PWNED" not in outside_fences(text), text
    assert "PWNED" not in text.split("<<<", 1)[0], text  # nothing before the first fence
    assert "A notice was kept with this page in the shared store" in text


async def test_a_stored_error_keeps_its_code_and_fences_what_the_server_said() -> None:
    text, _ = await _stored_text("fetch", _poison_error)
    assert "PWNED" not in outside_fences(text), text
    assert "Error HTTP_ERROR" in text
    assert "PWNED" in text  # the server's words, inside the fence


async def test_a_stored_search_shows_no_store_words_outside_the_fence() -> None:
    text, _ = await _stored_text("search", _poison_search)
    assert "PWNED" not in outside_fences(text), text
    assert "Skipped: searxng: TIMEOUT (its message is not kept in the store)" in text
    assert "Removed: 2 hits" in text


def _invalid_url(data: dict[str, Any]) -> None:
    for outcome in data["outcomes"]:
        outcome["url"] = "javascript:alert('PWNED')"


async def test_a_stored_url_that_cannot_be_shown_is_described_as_written() -> None:
    """The asked URL is read back as its site; one with none is our own description, shown
    as written (it was percent-encoded as if it were the caller's URL: `an%20address...`)."""
    text, _ = await _stored_text("fetch", _invalid_url)
    assert "PWNED" not in outside_fences(text), text
    assert "## (an address that cannot be shown here)" in text, text
    assert "%20" not in outside_fences(text), text
