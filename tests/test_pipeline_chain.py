"""The fetch pipeline is built from one ordered list (`adapters/pipeline/chain.STAGES`), in the
order the package docstring shows, and the composition root builds exactly that chain."""

from __future__ import annotations

import re
from collections.abc import Mapping

from returns.result import Result

from tests.fakes import FakeBackend
from webdistill import Config, build
from webdistill.adapters import pipeline
from webdistill.adapters.pipeline.chain import (
    OPEN_STAGES,
    STAGES,
    WEB_STAGES,
    Parts,
    RenderParts,
    build_chain,
)
from webdistill.adapters.pipeline.first_call import OnFirstCall
from webdistill.adapters.pipeline.robots import RobotsResponse, RobotsRules
from webdistill.adapters.store.memory import MemoryStore
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document
from webdistill.kernel.ports import WebBackend

#: The docstring's table rows: "    cache.py     CachingBackend   ...".
_ROW = re.compile(r"^    (\w+)\.py\s+(\w+)\s", re.MULTILINE)


def _documented() -> list[tuple[str, str]]:
    return _ROW.findall(pipeline.__doc__ or "")


def _classes(chain: object) -> list[str]:
    """The chain's stages, outermost first, down to the backend that wraps nothing."""
    names = []
    while chain is not None:
        names.append(type(chain).__name__)
        chain = getattr(chain, "_inner", None)
    return names


class _Gate:
    async def refusal(self, url: str) -> str | None:
        return None


class _NoRobots:
    """Never asked here: nothing is fetched."""

    async def get(
        self, url: str, *, headers: Mapping[str, str] | None = None
    ) -> Result[RobotsResponse, WebError]:  # pragma: no cover - not called
        raise AssertionError(url)


def test_the_list_is_in_the_documented_order() -> None:
    documented = _documented()
    assert [module for module, _ in documented] == [name for name, _ in STAGES] + ["backend"]


async def _no_reading(
    body: bytes, content_type: str | None, url: str | None
) -> Result[Document, WebError]:  # pragma: no cover - not called
    raise AssertionError(url)


def test_build_chain_wraps_in_the_documented_order() -> None:
    parts = Parts(
        robots=RobotsRules(_NoRobots(), "test"),
        timeout_s=5,
        concurrency=2,
        reader=None,
        reader_gate=_Gate(),
        store=MemoryStore(1 << 20),
        render=RenderParts(
            renderer=None, read_html=_no_reading, mode="auto", missing="none", timeout_s=1
        ),
    )
    chain = build_chain(FakeBackend(), parts)
    assert _classes(chain) == [cls for _, cls in _documented()[:-1]] + ["FakeBackend"]


def test_stages_left_out_by_their_settings() -> None:
    parts = Parts(
        robots=None,
        timeout_s=5,
        concurrency=2,
        reader=None,
        reader_gate=_Gate(),
        store=None,
    )
    chain: WebBackend = build_chain(FakeBackend(), parts)
    assert _classes(chain) == ["ReaderFallback", "DeadlineBackend", "FakeBackend"]


async def test_the_composed_toolkit_has_the_documented_chain() -> None:
    config = Config(cache="memory", respect_robots=True, max_stored_results=0)
    async with build(config) as toolkit:
        opened = toolkit.deps.backend
        # The cache is built when the toolkit opens; the web stages at the first call it misses.
        assert _classes(opened) == ["CachingBackend", "OnFirstCall"]
        first_call = getattr(opened, "_inner", None)
        assert isinstance(first_call, OnFirstCall)
        composed = await first_call.composed()
        assert _classes(composed) == [cls for _, cls in _documented()[1:]]


def test_the_open_and_web_stages_are_the_list_split_once() -> None:
    assert OPEN_STAGES + WEB_STAGES == STAGES
    assert [name for name, _ in OPEN_STAGES] == ["cache"]
