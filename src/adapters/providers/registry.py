"""`SearchProviders`: runs a query through the selected provider(s) and records who served it.

It owns an aiohttp session when none is injected (created lazily inside the running loop,
closed by `close`). The answer is a `RowBatch` naming the provider that served the query,
why earlier ones were skipped, what the provider could not apply of the query and why it
gave fewer rows than asked; when every provider of `auto` fails, the failure is
PROVIDER_UNAVAILABLE listing each provider's error (or, with a single provider, its own).

Under `auto`, a provider whose key is refused (PROVIDER_AUTH_FAILED) is skipped with the
reason recorded (the CLI warns on stderr), and is not asked again while this object lives (a
placeholder key in a config must not cost a request per search). DuckDuckGo requests are
paced by one `Pacer` shared by all searches of this object (injectable).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Mapping
from types import TracebackType

import aiohttp
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.http.proxy import proxied_session
from webdistill.adapters.providers.brave import search_brave
from webdistill.adapters.providers.duckduckgo import search_duckduckgo
from webdistill.adapters.providers.exa import search_exa
from webdistill.adapters.providers.mcp_bridge import McpBridge
from webdistill.adapters.providers.openserp import search_openserp
from webdistill.adapters.providers.pacing import IntervalPacer, Pacer
from webdistill.adapters.providers.rows import Answer
from webdistill.adapters.providers.searxng import search_searxng
from webdistill.adapters.providers.selection import (
    FALL_THROUGH,
    FALL_THROUGH_IN_AUTO,
    describe_providers,
    provider_chain,
    selected,
)
from webdistill.adapters.providers.serper import search_serper
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.tavily import search_tavily
from webdistill.kernel import own_text
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import RowBatch, SearchQuery
from webdistill.kernel.own_text import OwnText, code, echo, joined, own

__all__ = ["SearchProviders", "describe_providers"]

log = logging.getLogger(__name__)

Searcher = Callable[
    [aiohttp.ClientSession, ProviderSettings, SearchQuery],
    Awaitable[Result[Answer, WebError]],
]

SEARCHERS: Mapping[str, Searcher] = {
    "brave": search_brave,
    "tavily": search_tavily,
    "exa": search_exa,
    "serper": search_serper,
    "searxng": search_searxng,
    "openserp": search_openserp,
    "duckduckgo": search_duckduckgo,
}


class SearchProviders:
    """The search side of the web backend: `await providers.search(query)`."""

    def __init__(
        self,
        settings: ProviderSettings,
        *,
        session: aiohttp.ClientSession | None = None,
        pacer: Pacer | None = None,
    ) -> None:
        self._settings = settings
        self._session = session
        self._owns_session = session is None
        self._pacer = pacer or IntervalPacer(settings.ddg_min_interval_s, settings.ddg_backoff_s)
        self._bridge = McpBridge(settings)
        self._searchers: dict[str, Searcher] = {
            **SEARCHERS,
            "duckduckgo": functools.partial(search_duckduckgo, pacer=self._pacer),
            "mcp": lambda _session, _settings, query: self._bridge.search(query),
        }
        #: Providers whose key was refused under `auto`, with the reason.
        self._refused: dict[str, OwnText] = {}

    async def search(self, query: SearchQuery) -> Result[RowBatch, WebError]:
        """Rows for `query` from the first provider of the chain that answers."""
        chain = provider_chain(self._settings)
        if not is_successful(chain):
            return Failure(chain.failure())
        names = chain.unwrap()
        auto = selected(self._settings) == "auto"
        skipped: list[OwnText] = []
        failures: list[tuple[str, WebError]] = []
        for name in names:
            if auto and name in self._refused:
                skipped.append(self._refused[name])
                continue
            result = await self._search_one(name, query)
            if is_successful(result):
                answer = result.unwrap()
                batch = RowBatch(
                    rows=answer.rows,
                    provider=name,
                    skipped=(*skipped, *answer.notes),
                    unsupported=answer.unsupported,
                    shortfall=answer.shortfall,
                )
                return Success(batch)
            error = result.failure()
            failures.append((name, error))
            if not auto or error.code not in FALL_THROUGH_IN_AUTO:
                return Failure(_with_skipped(error, skipped))
            shown = own_text.name(name, "a search provider")
            reason = own("{}: {} — {}", shown, code(error.code), error.message)
            if error.code not in FALL_THROUGH:  # a refused key: do not ask again
                self._refused[name] = own("{} (not asked again until restart)", reason)
                log.info("search provider %s refused its key; skipping it", name)
            skipped.append(reason)
            log.info("search provider %s failed with %s; trying the next", name, error.code)
        if len(failures) == 1:
            return Failure(failures[0][1])
        return Failure(_all_failed(failures))

    async def _search_one(self, name: str, query: SearchQuery) -> Result[Answer, WebError]:
        searcher = self._searchers.get(name)
        if searcher is None:
            return Failure(
                WebError.of(
                    ErrorCode.PROVIDER_NOT_CONFIGURED,
                    own("The search provider '{}' is not available in this build.", echo(name)),
                    provider=name,
                )
            )
        return await searcher(self._session_now(), self._settings, query)

    def _session_now(self) -> aiohttp.ClientSession:
        if self._session is None or (self._owns_session and self._session.closed):
            self._session = proxied_session(self._settings.proxy, limit=16)
            self._owns_session = True
        return self._session

    async def close(self) -> None:
        """Close the session if this object created it, and stop an MCP search server."""
        await self._bridge.close()
        if self._owns_session and self._session is not None and not self._session.closed:
            await self._session.close()

    async def __aenter__(self) -> SearchProviders:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()


def _with_skipped(error: WebError, skipped: list[OwnText]) -> WebError:
    if not skipped:
        return error
    detail = {**error.detail, "skipped": " | ".join(skipped)}
    return WebError(
        code=error.code, message=error.message, retryable=error.retryable, detail=detail
    )


def _all_failed(failures: list[tuple[str, WebError]]) -> WebError:
    listing = joined(
        [
            own("{}: {} — {}", echo(name), code(error.code), error.message)
            for name, error in failures
        ],
        "; ",
    )
    detail = {name: f"{error.code}: {error.message}" for name, error in failures}
    detail["providers"] = ", ".join(name for name, _ in failures)
    waits = [
        int(e.detail.get("retry_after", ""))
        for _, e in failures
        if e.detail.get("retry_after", "").isdigit()
    ]
    if waits:
        detail["retry_after"] = str(min(waits))
    return WebError(
        code=ErrorCode.PROVIDER_UNAVAILABLE,
        message=own(
            "Every search provider failed. {}. Try again later, or configure "
            "another provider (BRAVE_API_KEY, TAVILY_API_KEY, EXA_API_KEY, SERPER_API_KEY or "
            "SEARXNG_URL).",
            listing,
        ),
        retryable=True,
        detail=detail,
    )
