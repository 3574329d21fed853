"""Issue 26: what a hosted reader service wrote reaches the model only inside the fence.

When the site answered with a bot wall and the reader failed too, the error keeps our
sentence outside the fence and the reader service's own error text in its fenced details
(before, that text was dropped). When the local page stands, its notice says in our words
that the reader failed, and never quotes the service. The fake reader (tests/readers/
fake_reader.py) answers in Jina's documented error shape, `{"code", "name", "message",
"readableMessage"}`, on 127.0.0.1.
"""

from __future__ import annotations

from tests.interfaces.fences import outside_fences
from tests.readers.fake_reader import ReaderService
from tests.readers.test_reader_fallback import Site, config, fetch, reader, site
from webdistill import ErrorCode
from webdistill.doors.render import error_text, fetch_to_text

__all__ = ["reader", "site"]  # the fixtures, shared with test_reader_fallback


async def test_the_reader_services_words_are_fenced_in_the_error(
    site: Site, reader: ReaderService
) -> None:
    reader.status = 503  # its body says "Too many requests"
    outcome = await fetch(config(reader), {"url": f"http://shell-demo.net:{site.port}/cf"})
    error = outcome.error
    assert error is not None and error.code is ErrorCode.HTTP_ERROR
    assert "Jina Reader failed" in error.message
    text = error_text(error, fence=True)
    assert "Too many requests" in text, text  # kept, for the agent
    assert "Too many requests" not in outside_fences(text), text  # but only inside the fence


async def test_a_local_page_after_a_failed_reader_quotes_no_service_text(
    site: Site, reader: ReaderService
) -> None:
    reader.status = 429
    outcome = await fetch(config(reader), {"url": f"http://shell-demo.net:{site.port}/shell"})
    assert outcome.page is not None and outcome.page.notice
    text = fetch_to_text([outcome], fence=True)
    assert "Jina Reader" in outside_fences(text)
    assert "Too many requests" not in outside_fences(text), text
