"""Results by id: every web_search / web_fetch result carries a `response_id`, and
`web_get_result` gives it back whole or in part, per scope, within the stored limits.

Kernel tools over the hand-written `FakeBackend` and a real `StoredResults` on a memory
store; the MCP door through the SDK's in-process client; the composed toolkit at the end.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from tests.fakes import FakeBackend, page_row
from tests.interfaces.fake_toolkit import KernelToolkit
from webdistill import Config, ErrorCode, build
from webdistill.adapters.store.memory import MemoryStore
from webdistill.adapters.store.results import StoredResults
from webdistill.doors.mcp.server import make_server
from webdistill.kernel import Deps, web_fetch, web_search
from webdistill.kernel.retrieval import web_get_result

A, B = "https://a.tideguide.org/one", "https://b.tideguide.org/two"
HITS = {
    "tides": [
        {"title": "Tide tables", "url": "https://tides.tideguide.org/tables"},
        {"title": "Tide pools", "url": A},
    ],
    "crabs": [{"title": "Crabs", "url": B}],
}


def _deps(max_results: int = 10, max_chars: int = 100_000) -> tuple[Deps, FakeBackend]:
    backend = FakeBackend(
        searches=HITS,
        pages={A: page_row(A, "Alpha page. " * 50, title="Alpha"), B: page_row(B, "Beta.")},
    )
    results = StoredResults(MemoryStore(8 << 20), max_results=max_results, max_chars=max_chars)
    return Deps(backend=backend, results=results), backend


async def test_fetch_results_carry_one_response_id_and_come_back_whole() -> None:
    deps, backend = _deps()
    outcomes = (await web_fetch(deps, {"urls": [A, B]})).unwrap()
    ids = {outcome.response_id for outcome in outcomes}
    assert len(ids) == 1 and None not in ids
    response_id = outcomes[0].response_id
    assert response_id is not None and len(response_id) >= 24  # 144 random bits
    stored = (await web_get_result(deps, {"response_id": response_id})).unwrap()
    assert stored.tool == "web_fetch" and stored.pages == outcomes
    assert len(backend.extract_calls) == 2  # read back from the store, not fetched again


async def test_fetch_results_select_by_url_and_url_index() -> None:
    deps, _ = _deps()
    response_id = (await web_fetch(deps, {"urls": [A, B]})).unwrap()[0].response_id
    by_url = (await web_get_result(deps, {"response_id": response_id, "url": B})).unwrap()
    by_index = (await web_get_result(deps, {"response_id": response_id, "url_index": 0})).unwrap()
    assert [o.url for o in by_url.pages] == [B]
    assert [o.url for o in by_index.pages] == [A]
    wrong = (await web_get_result(deps, {"response_id": response_id, "query": "x"})).failure()
    assert wrong.code is ErrorCode.INVALID_INPUT and "url or url_index" in wrong.message
    out_of_range = await web_get_result(deps, {"response_id": response_id, "url_index": 5})
    assert "out of range" in out_of_range.failure().message


async def test_search_results_select_by_query_index_and_hit() -> None:
    deps, _ = _deps()
    raw = {"queries": ["tides", "crabs"], "include_content": True}
    outcomes = (await web_search(deps, raw)).unwrap()
    response_id = outcomes[0].response_id
    assert {o.response_id for o in outcomes} == {response_id}

    async def get(**selectors: Any) -> Any:
        return await web_get_result(deps, {"response_id": response_id, **selectors})

    whole = (await get()).unwrap()
    assert [s.query for s in whole.searches] == ["tides", "crabs"]
    assert [s.query for s in (await get(query="CRABS")).unwrap().searches] == ["crabs"]
    assert [s.query for s in (await get(query_index=0)).unwrap().searches] == ["tides"]
    one_hit = (await get(query="tides", url_index=1)).unwrap().searches[0]
    assert [hit.url for hit in one_hit.hits] == [A]
    assert [content.url for content in one_hit.contents] == [A]  # its fetched text comes along
    by_url = (await get(url=B)).unwrap().searches
    assert [(s.query, [h.url for h in s.hits]) for s in by_url] == [("crabs", [B])]
    ambiguous = (await get(url_index=0)).failure()
    assert ambiguous.code is ErrorCode.INVALID_INPUT and "query" in ambiguous.message


@pytest.mark.parametrize(
    "raw",
    [{}, {"response_id": ""}, {"response_id": 7}, {"response_id": "x", "query_index": -1},
     {"response_id": "x", "url": A, "url_index": 0}, {"response_id": "x", "extra": 1}],
)  # fmt: skip
async def test_bad_arguments_are_invalid_input(raw: dict[str, object]) -> None:
    deps, _ = _deps()
    error = (await web_get_result(deps, raw)).failure()
    assert error.code is ErrorCode.INVALID_INPUT and "web_get_result" in error.message


async def test_unknown_and_other_scope_ids_are_not_found_alike() -> None:
    deps, _ = _deps()
    response_id = (await web_fetch(deps, {"url": A}, scope="session-1")).unwrap()[0].response_id
    assert response_id is not None
    assert (await web_get_result(deps, {"response_id": response_id}, scope="session-1")).unwrap()
    for raw, scope in [
        ({"response_id": response_id}, "session-2"),
        ({"response_id": response_id}, ""),
        ({"response_id": "r_madeUpByAModel"}, "session-1"),
        ({"response_id": "r_0_" + "x" * 24}, "session-1"),  # right shape, slot 0, not ours
        ({"response_id": response_id.replace("r_", "r_7", 1)}, "session-1"),  # another slot
    ]:
        error = (await web_get_result(deps, raw, scope=scope)).failure()
        assert error.code is ErrorCode.NOT_FOUND
        assert "unknown, expired or was made in another session" in error.message


async def test_only_the_last_max_stored_results_are_kept_per_scope() -> None:
    deps, _ = _deps(max_results=3)
    ids = [(await web_fetch(deps, {"url": A})).unwrap()[0].response_id for _ in range(5)]
    other = (await web_fetch(deps, {"url": A}, scope="other")).unwrap()[0].response_id
    found = [
        (await web_get_result(deps, {"response_id": i})).value_or(None) is not None for i in ids
    ]
    assert found == [False, False, True, True, True]
    assert (await web_get_result(deps, {"response_id": other}, scope="other")).value_or(None)


async def test_stored_copies_are_cut_at_max_stored_chars() -> None:
    deps, _ = _deps(max_chars=300)
    outcomes = (await web_fetch(deps, {"urls": [A, B]})).unwrap()
    assert outcomes[0].page is not None and len(outcomes[0].page.content) > 500
    stored = (await web_get_result(deps, {"response_id": outcomes[0].response_id})).unwrap()
    kept = [o.page for o in stored.pages if o.page is not None]
    assert sum(len(page.content) for page in kept) == 300
    assert kept[0].content == outcomes[0].page.content[:300] and kept[0].truncated
    assert "WEB_MAX_STORED_CHARS" in (kept[0].notice or "")
    assert kept[1].content == ""  # nothing left of the budget for the second page


# -- the MCP door -----------------------------------------------------------------------------


async def test_mcp_results_name_their_id_and_web_get_result_reads_them_back() -> None:
    backend = FakeBackend(pages={A: page_row(A, "Alpha page. " * 50, title="Alpha")})
    async with Client(make_server(KernelToolkit(backend))) as client:
        fetched = await client.call_tool("web_fetch", {"url": A})
        text = fetched.content[0].text  # type: ignore[union-attr]
        response_id = text.split("Response id: ", 1)[1].split(" ", 1)[0]
        assert response_id.startswith("r_") and fetched.structured_content is None
        got = await client.call_tool("web_get_result", {"response_id": response_id, "url": A})
        missing = await client.call_tool("web_get_result", {"response_id": "r_nope"})
    assert got.is_error is False
    assert got.structured_content is None  # fenced: the text is the only form
    assert f"Stored web_fetch result {response_id}:" in got.content[0].text  # type: ignore[union-attr]
    assert "Alpha page." in got.content[0].text  # type: ignore[union-attr]
    assert missing.is_error is True and "NOT_FOUND" in missing.content[0].text  # type: ignore[union-attr]
    assert len(backend.extract_calls) == 1


# -- the composed toolkit ---------------------------------------------------------------------


async def test_toolkit_get_result_and_the_schemas() -> None:
    async with build(Config(cache="memory")) as toolkit:
        assert [s["name"] for s in toolkit.schemas()] == [
            "web_search",
            "web_fetch",
            "web_get_result",
        ]
        schema = toolkit.schemas()[2]["parameters"]
        assert schema["required"] == ["response_id"] and schema["additionalProperties"] is False
        refused = (await toolkit.fetch({"url": "http://10.0.0.1/"})).unwrap()
        # Nothing worth getting back (issue 31): a call where every item failed has no id.
        assert refused[0].error is not None and refused[0].response_id is None
    async with build(Config(max_stored_results=0)) as toolkit:
        assert "web_get_result" not in [s["name"] for s in toolkit.schemas()]
        assert (await toolkit.fetch({"url": "http://10.0.0.1/"})).unwrap()[0].response_id is None
        error = (await toolkit.get_result({"response_id": "r_x"})).failure()
        assert error.code is ErrorCode.NOT_FOUND and "WEB_MAX_STORED_RESULTS" in error.message
