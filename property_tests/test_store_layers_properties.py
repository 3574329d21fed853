"""The store layers' shortcuts answer exactly what the plain encoded path answers.

- `codec.encode` (one encoder built once) gives the bytes `json.dumps` gave with the same
  settings, or None where it failed; a `FetchedPage` made plain field by field encodes as
  `attrs.asdict` made it.
- The page cache on a memory store keeps a `FetchedPage` as it is: what the kernel makes of a
  miss and of a hit is what it makes of them through the encoded path (the same memory store
  behind `ResilientStore`, which hides it from the shortcut); a mapping row reads back alike.
- Stored results on a memory store are kept as objects: `web_get_result` finds the same
  outcomes (pages cut to `max_chars` alike) and the same NOT_FOUND for another scope, another
  slot or an overwritten slot as through the encoded path.
Text includes lone surrogates, non-ASCII and control characters; numbers include NaN.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Success
from tests.fakes import FakeBackend

from property_tests.strategies_kernel import json_like
from webdistill.adapters.pipeline.cache import CachingBackend, _plain_row
from webdistill.adapters.store import codec
from webdistill.adapters.store.memory import MemoryStore, flat_footprint, footprint
from webdistill.adapters.store.resilient import ResilientStore
from webdistill.adapters.store.results import StoredResults
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import (
    FetchedPage,
    FetchOutcome,
    FetchRequest,
    Page,
    RemovedHits,
    SearchHit,
    SearchOutcome,
)
from webdistill.kernel.retrieval import _tagged
from webdistill.kernel.validate import structure_row

text = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"), st.sampled_from(["\ud800", "\udfff", "\x00", "\u2028"])
    ),
    max_size=30,
)
maybe_text = st.one_of(st.none(), text)
texts = st.lists(text, max_size=3).map(tuple)

fetched_pages = st.builds(
    FetchedPage,
    url=text, content=text, title=text, content_type=text, byline=maybe_text,
    published=maybe_text, site_name=maybe_text, language=maybe_text, flags=texts,
    notice=maybe_text, excerpt=maybe_text, reader=maybe_text,
)  # fmt: skip
pages = st.builds(
    Page,
    url=text, title=text, content=text, content_type=text, start_index=st.integers(0, 10**6),
    total_chars=st.integers(0, 10**6), next_start=st.none() | st.integers(0, 10**6),
    truncated=st.booleans(), compressed_by=maybe_text,
    original_chars=st.none() | st.integers(0, 10**6), byline=maybe_text,
    published=maybe_text, site_name=maybe_text, language=maybe_text, flags=texts,
    notice=maybe_text, excerpt=maybe_text, reader=maybe_text,
)  # fmt: skip
errors = st.builds(
    WebError,
    code=st.sampled_from(list(ErrorCode)), message=text, retryable=st.booleans(),
    detail=st.dictionaries(text, text, max_size=2),
)  # fmt: skip
fetch_outcomes = st.builds(FetchOutcome, url=text, page=st.none() | pages, error=st.none() | errors)
hits = st.builds(
    SearchHit,
    title=text, url=text, snippet=text,
    score=st.none() | st.floats(allow_nan=True, allow_infinity=True), published=maybe_text,
)  # fmt: skip
search_outcomes = st.builds(
    SearchOutcome,
    query=text, hits=st.lists(hits, max_size=3).map(tuple), error=st.none() | errors,
    provider=maybe_text, skipped=texts,
    contents=st.lists(fetch_outcomes, max_size=2).map(tuple),
    asked=st.none() | st.integers(0, 50), unsupported=texts,
    removed=st.lists(
        st.builds(RemovedHits, reason=text, count=st.integers(0, 9), hosts=texts), max_size=2
    ).map(tuple),
    shortfall=maybe_text, notice=maybe_text,
)  # fmt: skip


def _json_dumps(kind: str, identity: str, data: object) -> bytes | None:
    """What `codec.encode` answered before it kept one encoder."""
    try:
        encoded = json.dumps(
            {"v": codec.FORMAT_VERSION, "kind": kind, "id": identity, "data": data},
            ensure_ascii=False,
            separators=(",", ":"),
        )
    except (TypeError, ValueError):
        return None
    return encoded.encode("utf-8", "surrogatepass")


@given(json_like, text)
def test_encode_gives_the_bytes_json_dumps_gave(data: object, identity: str) -> None:
    assert codec.encode("page", identity, data) == _json_dumps("page", identity, data)
    entry = codec.encode("page", identity, data)
    if entry is not None:
        decoded = codec.decode("page", identity, entry)
        assert json.dumps(decoded) == json.dumps(data)  # NaN-proof comparison


@given(fetched_pages, text)
def test_a_page_made_plain_encodes_as_asdict_made_it(page: FetchedPage, identity: str) -> None:
    plain = codec.encode("page", identity, _plain_row(page))
    assert plain is not None
    assert plain == codec.encode("page", identity, attrs.asdict(page))


async def _read_twice(store: Any, row: object) -> list[object]:
    """What the kernel makes of a miss and then a hit of one URL, through a `CachingBackend`."""
    inner = FakeBackend(pages={"https://example.org/": row})  # type: ignore[dict-item]
    backend = CachingBackend(inner, store, lock_ttl_s=None)
    request = FetchRequest(url="https://example.org/")
    seen = []
    for _ in range(2):
        answer = await backend.extract(request)
        assert isinstance(answer, Success)
        seen.append(structure_row(answer.unwrap(), FetchedPage, 0))
    assert len(inner.extract_calls) == 1  # the second read is a hit on both paths
    return seen


@given(st.one_of(fetched_pages, fetched_pages.map(attrs.asdict)))
async def test_the_page_cache_answers_alike_from_objects_and_from_entries(row: object) -> None:
    as_objects = await _read_twice(MemoryStore(1 << 20), row)
    as_entries = await _read_twice(ResilientStore(MemoryStore(1 << 20)), row)
    assert as_objects == as_entries


async def _results(store: Any, outcomes: Any, max_chars: int) -> list[str]:
    """Every answer of `web_get_result`'s store for the saved result, its scope's neighbours
    and a slot written over, as text."""
    results = StoredResults(store, max_results=2, max_chars=max_chars)
    tool = "web_search" if isinstance(outcomes[0], SearchOutcome) else "web_fetch"
    first = (await results.save(tool, outcomes, "session")).unwrap()
    second = (await results.save(tool, outcomes[:1], "session")).unwrap()
    moved = first.replace("r_", "r_1", 1)  # another slot, the same random part
    answers = [
        await results.load(first, "session"),
        await results.load(second, "session"),
        await results.load(first, "another"),
        await results.load(moved, "session"),
    ]
    await results.save(tool, outcomes, "session")  # the ring of two: `first` written over
    answers.append(await results.load(first, "session"))
    names = {moved: "MOVED", first: "FIRST", second: "SECOND"}
    shown = [repr(answer) for answer in answers]
    for response_id, name in names.items():
        shown = [answer.replace(response_id, name) for answer in shown]
    return shown


@given(
    st.one_of(
        st.lists(fetch_outcomes, min_size=1, max_size=3).map(tuple),
        st.lists(search_outcomes, min_size=1, max_size=2).map(tuple),
    ),
    st.integers(0, 60),
)
async def test_stored_results_answer_alike_from_objects_and_from_entries(
    outcomes: Any, max_chars: int
) -> None:
    # Both sides draw their own ids: the comparison names them FIRST and SECOND.
    as_objects = await _results(MemoryStore(1 << 20), outcomes, max_chars)
    as_entries = await _results(ResilientStore(MemoryStore(1 << 20)), outcomes, max_chars)
    assert as_objects == as_entries


def _text_size(page: object) -> int:
    """The size of the page's strings (the empty string is one shared object: not counted)."""
    values = attrs.astuple(page, recurse=False)  # type: ignore[arg-type]
    return sum(sys.getsizeof(value) for value in values if type(value) is str and value)


@given(st.one_of(fetched_pages, pages))
def test_a_pages_quick_footprint_counts_all_its_text(page: FetchedPage | Page) -> None:
    assert _text_size(page) <= flat_footprint(page) <= footprint(page) + 1024


@given(fetched_pages, st.sampled_from(["content", "title", "flags", "byline"]), json_like)
def test_a_page_with_a_field_of_another_type_is_still_counted(
    page: FetchedPage, name: str, value: object
) -> None:
    odd = attrs.evolve(page, **{name: value})
    assert flat_footprint(odd) >= _text_size(odd)  # and never raises


@given(st.one_of(fetch_outcomes, search_outcomes), text)
def test_tagging_an_outcome_is_evolving_it(outcome: object, response_id: str) -> None:
    tagged = _tagged(outcome, response_id)  # type: ignore[type-var]
    assert type(tagged) is type(outcome)
    assert repr(tagged) == repr(attrs.evolve(outcome, response_id=response_id))  # type: ignore[misc]
