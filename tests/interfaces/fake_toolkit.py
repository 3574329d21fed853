"""A toolkit with the real kernel tools over `tests.fakes.FakeBackend` (no network, no compose)."""

from __future__ import annotations

from typing import Any

from returns.result import Result

from tests.fakes import FakeBackend
from webdistill.config import Config
from webdistill.kernel import Deps, FetchOutcome, SearchOutcome, WebError
from webdistill.kernel.schemas import tool_schemas
from webdistill.kernel.tools import web_fetch, web_search


class KernelToolkit:
    """Same surface as `webdistill.compose.Toolkit`: config, search, fetch, schemas."""

    def __init__(self, backend: FakeBackend, config: Config | None = None) -> None:
        self.config = config or Config()
        self.backend = backend
        self.deps = Deps(backend=backend)

    async def search(self, raw: object) -> Result[tuple[SearchOutcome, ...], WebError]:
        return await web_search(self.deps, raw)

    async def fetch(self, raw: object) -> Result[tuple[FetchOutcome, ...], WebError]:
        return await web_fetch(self.deps, raw)

    def schemas(self) -> list[dict[str, Any]]:
        return tool_schemas()
