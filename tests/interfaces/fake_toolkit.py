"""A toolkit with the real kernel tools over `tests.fakes.FakeBackend` (no network, no compose)."""

from __future__ import annotations

from typing import Any

from returns.result import Result

from tests.fakes import FakeBackend
from webdistill.adapters.store.memory import MemoryStore
from webdistill.adapters.store.results import StoredResults
from webdistill.config import Config
from webdistill.kernel import Deps, FetchOutcome, SearchOutcome, WebError
from webdistill.kernel.results import StoredResult
from webdistill.kernel.retrieval import web_get_result
from webdistill.kernel.schemas import tool_schemas
from webdistill.kernel.tools import web_fetch, web_search


class KernelToolkit:
    """Same surface as `webdistill.compose.Toolkit`: config, search, fetch, get_result,
    schemas (results kept in a memory store)."""

    def __init__(
        self, backend: FakeBackend, config: Config | None = None, *, max_results: int = 20
    ) -> None:
        self.config = config or Config()
        self.backend = backend
        store = MemoryStore(16 * 1024 * 1024)
        results = StoredResults(store, max_results=max_results, max_chars=100_000)
        self.deps = Deps(backend=backend, results=results)

    async def search(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[SearchOutcome, ...], WebError]:
        return await web_search(self.deps, raw, scope=scope)

    async def fetch(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[FetchOutcome, ...], WebError]:
        return await web_fetch(self.deps, raw, scope=scope)

    async def get_result(self, raw: object, *, scope: str = "") -> Result[StoredResult, WebError]:
        return await web_get_result(self.deps, raw, scope=scope)

    def schemas(self) -> list[dict[str, Any]]:
        return tool_schemas()
