"""The composition root: `Config` -> a `Toolkit` with every adapter wired in.

This is the only module that names concrete adapter classes. `build(config)` returns a
`Toolkit`, an async context manager that owns the HTTP sessions and closes them:

    async with webdistill.build(webdistill.Config.from_env()) as toolkit:
        result = await toolkit.search({"query": "..."})

`resolver` replaces the upstream DNS resolver under the SSRF guard (tests inject a fake one).
"""

from __future__ import annotations

import contextvars
import functools
import hashlib
import json
from collections.abc import Iterable, Mapping
from contextlib import AsyncExitStack, suppress
from types import TracebackType
from typing import TYPE_CHECKING, Any

from returns.result import Failure, Result

from webdistill.adapters import requirements
from webdistill.adapters.extract.registry import Handler, HandlerRegistry
from webdistill.config import Config, ConfigError
from webdistill.kernel import own_text

if TYPE_CHECKING:
    import asyncio

    from aiohttp.abc import AbstractResolver

    from webdistill.adapters.http.client import GuardedClient
    from webdistill.adapters.http.settings import HttpSettings
    from webdistill.adapters.pipeline.backend import Extractor, Searcher
    from webdistill.adapters.pipeline.chain import Parts, RenderParts
    from webdistill.adapters.pipeline.render import HtmlReader
    from webdistill.adapters.pipeline.robots import RobotsRules
    from webdistill.adapters.providers.pacing import Pacer
    from webdistill.adapters.providers.settings import ProviderSettings
    from webdistill.adapters.readers.base import Reader
    from webdistill.adapters.readers.gate import AddressGate
    from webdistill.adapters.render.settings import RenderSettings

    # (the kernel's ports and URL policy load when a toolkit is built: `webdistill extract`
    # imports this module for `read_local` and needs neither)
    from webdistill.kernel import (
        Deps,
        Document,
        FetchOutcome,
        SearchOutcome,
        WebBackend,
        WebError,
    )
    from webdistill.kernel.ports import Compressor
    from webdistill.kernel.results import StoredResult
    from webdistill.kernel.store import Store
    from webdistill.kernel.urls import UrlPolicy

DEFAULT_USER_AGENT = "webdistill/0.1"

__all__ = ["Config", "ConfigError", "Toolkit", "build"]


def url_policy(config: Config) -> UrlPolicy:
    """The fetch policy the configuration asks for (with the shipped malware list unless
    WEB_DEFAULT_BLOCKLIST=false; read once per process).

    Equal policies come back as one object: the kernel memoises URL and address verdicts per
    (value, policy), and a key found by identity costs nothing, where two equal policies
    compare their block lists (2,700 hosts, a quarter of a millisecond) at every look-up."""
    from webdistill.kernel.urls import UrlPolicy

    policy = UrlPolicy(
        allow_http=config.allow_http,
        allow_private_network=config.allow_private_network,
        allowlist=config.domain_allowlist,
        blocklist=config.domain_blocklist,
        trusted_addresses=config.trusted_addresses,
        default_blocklist=_default_blocklist(config),
    )
    try:
        return _POLICIES.setdefault(policy, policy)
    except TypeError:  # (an unhashable value in it: not shared)
        return policy


#: Every policy made so far, by value (a process makes a handful).
_POLICIES: dict[UrlPolicy, UrlPolicy] = {}


def _default_blocklist(config: Config) -> frozenset[str]:
    if not config.default_blocklist:
        return frozenset()
    from webdistill.adapters.blocklist import BlocklistFileError, read_blocklist

    try:
        return read_blocklist()
    except BlocklistFileError as error:
        raise ConfigError(str(error)) from None


def http_settings(config: Config) -> HttpSettings:
    from webdistill.adapters.http.settings import HttpSettings

    return HttpSettings(
        policy=url_policy(config),
        max_response_bytes=config.max_response_bytes,
        timeout_s=config.fetch_timeout_ms / 1000,
        concurrency=config.concurrency,
        user_agent=config.user_agent or DEFAULT_USER_AGENT,
        proxy=config.proxy,
        proxy_remote_dns=config.proxy_remote_dns,
        per_host_connections=config.per_host,
        # One budget per fetch (WEB_FETCH_TIMEOUT_MS): no shorter per-read timer beside it.
        read_timeout_s=config.fetch_timeout_ms / 1000,
    )


def provider_settings(config: Config) -> ProviderSettings:
    from webdistill.adapters.providers.settings import ProviderSettings

    return ProviderSettings(
        provider=config.search_provider,
        brave_api_key=config.brave_api_key,
        tavily_api_key=config.tavily_api_key,
        exa_api_key=config.exa_api_key,
        serper_api_key=config.serper_api_key,
        searxng_url=config.searxng_url,
        timeout_s=config.search_timeout_ms / 1000,
        base_urls=dict(config.provider_endpoints),
        max_requests=config.search_max_requests,
        priority=config.provider_priority,
        ddg_min_interval_s=config.ddg_min_interval_ms / 1000,
        ddg_backoff_s=config.ddg_backoff_ms / 1000,
        openserp_url=config.openserp_url,
        openserp_engine=config.openserp_engine,
        mcp_command=config.mcp_search_command,
        mcp_tool=config.mcp_search_tool,
        proxy=config.proxy,
    )


def duckduckgo_pacer(config: Config, store: Store) -> Pacer | None:
    """DuckDuckGo's pacer: shared through the store when it is shared (disk, Redis), so
    every process of the user, or every replica, keeps one pace; None: the in-process one."""
    if not store.shared:
        return None
    from webdistill.adapters.providers.pacing import IntervalPacer
    from webdistill.adapters.store.pacer import StorePacer

    settings = provider_settings(config)
    local = IntervalPacer(settings.ddg_min_interval_s, settings.ddg_backoff_s)
    return StorePacer(
        store,
        "duckduckgo",
        settings.ddg_min_interval_s,
        settings.ddg_backoff_s,
        max_wait_s=settings.timeout_s,
        fallback=local,
    )


#: The longest a close waits for the calls under way to return once it has ended their reads,
#: searches and compressions (what is left is short; code that ignores its cancellation is
#: not waited for longer).
CALLS_CLOSE_WAIT_S = 10.0

#: The toolkits (by id) whose calls the current task runs inside: a close made from inside
#: one of them does not wait for that call (it would wait for itself).
_IN_CALLS_OF: contextvars.ContextVar[tuple[int, ...]] = contextvars.ContextVar(
    "webdistill_in_calls_of", default=()
)


class Toolkit:
    """The two tools over the configured adapters. Use it as an async context manager."""

    def __init__(
        self,
        config: Config,
        *,
        resolver: AbstractResolver | None = None,
        handlers: Iterable[Handler] = (),
        providers: Mapping[str, object] | None = None,
    ) -> None:
        self.config = config
        self._resolver = resolver
        handlers = tuple(handlers)
        self._handlers = HandlerRegistry(handlers) if handlers else None
        self._page_scope = _page_scope(handlers) + _reading_scope(config)
        self._providers = dict(providers or {})
        self._stack = AsyncExitStack()
        from webdistill.kernel.urls import UrlPolicy

        self._deps: Deps | None = None
        self._store: Store | None = None
        self._policy = UrlPolicy()
        self._closed = False  # left by `async with`: calls answer `closed_toolkit_error`
        self._closing: asyncio.Event | None = None  # set once the first close has finished
        #: Calls under way, and (while a close waits for them) the future the last sets.
        self._calls = 0
        self._calls_over: asyncio.Future[None] | None = None
        self._calls_floor = 0  # calls the closer itself runs in (it cannot wait for those)

    async def __aenter__(self) -> Toolkit:
        self._closed = False
        self._closing = None
        try:
            return await self._enter()
        except BaseException:  # a configuration error half-way: close what was opened
            await self._stack.aclose()
            raise

    async def _enter(self) -> Toolkit:
        # The adapters load when a toolkit opens, not when this module is imported
        # (`webdistill extract` and `config` import it and need none of them), and the page
        # and search chain (HTTP client, providers, extraction pool) is composed at the first
        # call that misses the cache (`_OnFirstCall`): `webdistill get` and a page already
        # stored never load aiohttp. Everything that can refuse the configuration (audit log,
        # store, block list) is still checked here.
        from webdistill.adapters.http import audit
        from webdistill.adapters.pipeline.chain import OPEN_STAGES, Parts, build_chain
        from webdistill.adapters.pipeline.first_call import OnFirstCall
        from webdistill.adapters.store.results import StoredResults
        from webdistill.kernel.ports import Deps

        config = self.config
        if config.audit_log:
            try:
                audit.enable(config.audit_log)
            except audit.AuditOpenError as error:
                raise ConfigError(str(error)) from None
            self._stack.callback(audit.disable, config.audit_log)
        store = self._open_store()
        self._store = store
        # (closed after what is pushed below, before the store: the calls under way return,
        # their cache's store lock dropped, before the store and the audit log close)
        self._stack.push_async_callback(self._calls_returned)
        self._policy = url_policy(config)  # (refuses an unreadable block list now)
        # disk and Redis are shared by other processes (CLI runs, replicas): a store lock
        # makes identical concurrent misses download once; memory is this process's own.
        replicas = config.cache not in ("off", "memory")
        parts = Parts(
            robots=None,  # (the web stages' parts get the rules: `_compose_backend`)
            timeout_s=config.fetch_timeout_ms / 1000,
            concurrency=config.concurrency,
            per_host=config.per_host,
            reader=None,
            reader_gate=None,
            store=store if config.cache != "off" else None,
            lock_ttl_s=(
                max(config.fetch_timeout_ms, config.search_timeout_ms) / 1000 + 5
                if replicas
                else None
            ),
            search_scope=_search_scope(provider_settings(config), self._providers),
            page_scope=self._page_scope,
            names=_own_names(self._providers),
            others_write=config.cache not in ("off", "memory", "disk"),  # a Redis URL
            ended=self._is_closed,
        )
        # The stages of adapters/pipeline, in order: the cache now, the rest at first use.
        web = OnFirstCall(functools.partial(self._compose_backend, parts))
        self._stack.push_async_callback(web.close)  # what it opened, and no call opens more
        backend = build_chain(web, parts, OPEN_STAGES)
        results = None
        if config.max_stored_results > 0:
            results = StoredResults(
                store,
                max_results=config.max_stored_results,
                max_chars=config.max_stored_chars,
                others_write=parts.names if parts.others_write else None,
            )
        self._deps = Deps(
            backend=backend,
            compressor=self._compressor(),
            compress_min_length=config.compress_min_length,
            url_policy=self._policy,
            max_content_chars=config.max_content_chars,
            concurrency=config.concurrency,
            snippet_chars=config.snippet_chars,
            content_hits=config.content_hits,
            content_chars=config.content_chars,
            results=results,
        )
        return self

    async def _compose_backend(self, parts: Parts, stack: AsyncExitStack) -> WebBackend:
        """The page and search chain under the cache: client, providers, extraction (the
        pool's fork server starts at the first body it reads), robots, deadline, reader;
        what it opens is closed by `stack` (the `OnFirstCall`'s, closed with the toolkit)."""
        import attrs

        from webdistill.adapters.extract.dispatch import extract_content
        from webdistill.adapters.extract.inline import read_inline
        from webdistill.adapters.extract.pool import ExtractionPool, default_pool_size
        from webdistill.adapters.http.client import GuardedClient
        from webdistill.adapters.pipeline.backend import HttpWebBackend
        from webdistill.adapters.pipeline.chain import WEB_STAGES, build_chain
        from webdistill.adapters.providers.custom import ChainedSearcher
        from webdistill.adapters.providers.deferred import DeferredProviders

        config = self.config
        assert self._store is not None  # (opened by `_enter`)
        client = await stack.enter_async_context(
            GuardedClient(http_settings(config), resolver=self._resolver)
        )
        turns = None
        if parts.per_host is not None:
            from webdistill.adapters.pipeline.turns import HostTurns

            turns = HostTurns(parts.per_host)
        pacer = duckduckgo_pacer(config, self._store)
        configured = await stack.enter_async_context(
            DeferredProviders(provider_settings(config), pacer=pacer)
        )
        searcher: Searcher = configured
        if self._providers:  # the caller's providers first, then the configured chain
            searcher = ChainedSearcher(self._providers, configured)
        backend: WebBackend
        if self._handlers is not None:
            # The caller's handlers are consulted first. They are the caller's own functions
            # (closures, not importable by name), so they run in this process: small bodies
            # inline, large ones in a thread, as without the worker pool.
            extractor: Extractor = functools.partial(
                extract_content, handlers=self._handlers, image_links=config.image_links
            )
            backend = HttpWebBackend(client, extractor, searcher)
            reading: HtmlReader = functools.partial(_in_thread, extractor)
        else:
            pool = ExtractionPool(
                default_pool_size(config.concurrency), memory_mb=config.extract_memory_mb
            )
            stack.push_async_callback(pool.aclose)
            backend = HttpWebBackend(
                client,
                _builtin_reading(config),
                searcher,
                pool=pool,
                inline=functools.partial(read_inline, image_links=config.image_links),
            )
            reading = functools.partial(pool.run, _builtin_reading(config))
        reader, reader_gate = self._reader(stack)
        robots = None
        if config.respect_robots:
            from webdistill.adapters.pipeline.robots import RobotsRules

            robots = RobotsRules(client, config.user_agent or DEFAULT_USER_AGENT)
        parts = attrs.evolve(
            parts,
            robots=robots,
            reader=reader,
            reader_gate=reader_gate,
            render=self._browser(client, reading, stack, robots),
            turns=turns,
            # (registered last, so closed first: the page reads under way end, and have
            # left, before the pool, the browser and the client close under them)
            closing=stack.push_async_callback,
        )
        return build_chain(backend, parts, WEB_STAGES)

    def _browser(
        self,
        client: GuardedClient,
        reading: HtmlReader,
        stack: AsyncExitStack,
        robots: RobotsRules | None,
    ) -> RenderParts | None:
        """The local browser stage's parts (WEB_RENDER; None when `never`): a page that needs
        JavaScript (or asks) is rendered, every request it makes through `client`, the
        documents of its frames also by `robots` (when robots.txt is obeyed)."""
        from webdistill.adapters.pipeline.chain import RenderParts
        from webdistill.adapters.render.locate import driver_installed, find_browser
        from webdistill.adapters.render.process import BrowserProcess
        from webdistill.adapters.render.renderer import BrowserRenderer

        config = self.config
        if config.render == "never":
            return None
        settings = render_settings(config)
        executable = find_browser(config.browser_path)
        renderer = None
        missing = own_text.words("")
        if executable is None:
            missing = own_text.words("no Chromium found")
        elif not driver_installed():
            hint = requirements.install_hint(("playwright",), "browser")
            missing = own_text.own("the browser driver is not installed: {}", hint)
        else:
            process = BrowserProcess(executable, memory_mb=settings.memory_mb)
            stack.push_async_callback(process.close)
            renderer = BrowserRenderer(
                process, client, settings, robots=None if robots is None else robots.refusal
            )
        return RenderParts(
            renderer=renderer,
            read_html=reading,
            mode=config.render,
            missing=missing,
            timeout_s=settings.timeout_s,
        )

    def _open_store(self) -> Store:
        from webdistill.adapters.store.choice import StoreChoiceError, open_store

        config = self.config
        try:
            store = open_store(config.cache, config.cache_dir, config.cache_max_bytes)
        except StoreChoiceError as error:
            raise ConfigError(str(error)) from None
        self._stack.push_async_callback(store.close)
        return store

    def _reader(self, stack: AsyncExitStack) -> tuple[Reader | None, AddressGate]:
        """The opt-in hosted reader (WEB_READER) and the gate of the addresses it may read."""
        from aiohttp import ThreadedResolver

        from webdistill.adapters.readers.gate import AddressGate
        from webdistill.adapters.readers.registry import make_reader, reader_settings

        config = self.config
        settings = reader_settings(
            config.reader,
            config.reader_url,
            config.reader_api_key,
            config.reader_timeout_ms / 1000,
            config.max_response_bytes,
            proxy=config.proxy,
        )
        reader = make_reader(settings)
        if reader is not None:
            stack.push_async_callback(reader.close)
        upstream = self._resolver or ThreadedResolver()
        return reader, AddressGate(upstream)

    def _compressor(self) -> Compressor | None:
        config = self.config
        if config.compressor == "extractive":
            from webdistill.adapters.compress.extractive import ExtractiveCompressor

            return ExtractiveCompressor(target_chars=config.max_content_chars)
        if config.compressor == "llm" and config.llm_base_url and config.llm_model:
            from webdistill.adapters.compress.cache import CachingCompressor
            from webdistill.adapters.compress.llm import LlmCompressor, LlmSettings
            from webdistill.kernel.redaction import masked_url

            settings = LlmSettings(
                base_url=config.llm_base_url,
                model=config.llm_model,
                api_key=config.llm_api_key,
                timeout_s=config.llm_timeout_ms / 1000,
                total_timeout_s=config.llm_total_timeout_ms / 1000,
                chunk_chars=config.llm_chunk_chars,
                max_output_tokens=config.llm_max_output_tokens,
            )
            llm = LlmCompressor(settings)
            self._stack.push_async_callback(llm.close)
            if config.cache == "off" or self._store is None:
                return CachingCompressor(llm)
            replicas = config.cache != "memory"  # disk or Redis: lock across processes
            return CachingCompressor(
                llm,
                store=self._store,
                scope=f"{masked_url(config.llm_base_url or '')} {config.llm_model} "
                f"{config.llm_chunk_chars} "
                f"{config.llm_max_output_tokens}",
                lock_ttl_s=config.llm_total_timeout_ms / 1000 + 5 if replicas else None,
                ended=self._is_closed,
            )
        return None

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._deps = None
        self._closed = True
        if self._closing is not None:  # closed by another task already, or being closed:
            await self._closing.wait()  # return when that close has finished, not before
            return
        import asyncio  # (loaded already: this runs in an event loop)

        self._closing = asyncio.Event()
        try:
            await self._stack.aclose()
        finally:
            self._closing.set()

    async def _calls_returned(self) -> None:
        """Wait until every call under way has returned. The close runs this once the page
        reads, searches and compressions under way have been ended (each with the closed
        error), so what is left of a call is bounded and short: the layers above the
        deadline stage (the fallback, the cache and its store, the kernel) handing that
        error up. When the close returns, the calls that were in flight have returned.

        A close made from inside one of this toolkit's own calls (a custom provider or
        handler closing it) does not wait for the calls it runs in; and the wait is bounded
        by `CALLS_CLOSE_WAIT_S` (code of the caller's own that ignores its cancellation
        cannot hold the close for ever: the store and the rest close after it)."""
        import asyncio

        self._calls_floor = _IN_CALLS_OF.get().count(id(self))
        if self._calls <= self._calls_floor:
            return
        if self._calls_over is None or self._calls_over.done():
            self._calls_over = asyncio.get_running_loop().create_future()
        with suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._calls_over), CALLS_CLOSE_WAIT_S)

    def _is_closed(self) -> bool:
        """Whether this toolkit is closing or closed (the caches stop waiting for another
        process's download or compression: `store.flight.shared_flight`)."""
        return self._closed

    def _call_begins(self) -> contextvars.Token[tuple[int, ...]]:
        self._calls += 1
        return _IN_CALLS_OF.set((*_IN_CALLS_OF.get(), id(self)))

    def _call_over(self, token: contextvars.Token[tuple[int, ...]]) -> None:
        _IN_CALLS_OF.reset(token)
        self._calls -= 1
        over = self._calls_over
        if self._calls <= self._calls_floor and over is not None and not over.done():
            over.set_result(None)

    @property
    def deps(self) -> Deps:
        if self._deps is None:
            raise RuntimeError("use the Toolkit inside `async with build(config) as toolkit:`")
        return self._deps

    async def search(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[SearchOutcome, ...], WebError]:
        """The `web_search` tool (arguments as the schema describes).

        `scope` names the caller on a shared server (the MCP session): only it can get the
        result back by its `response_id`."""
        if self._closed:
            return Failure(closed_toolkit_error())
        from webdistill.adapters.http import audit
        from webdistill.kernel.tools import web_search

        token = audit.current_tool.set("web_search")
        call = self._call_begins()
        try:
            return await web_search(self.deps, raw, scope=scope)
        finally:
            self._call_over(call)
            audit.current_tool.reset(token)

    async def fetch(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[FetchOutcome, ...], WebError]:
        """The `web_fetch` tool (arguments as the schema describes; `scope` as in `search`)."""
        if self._closed:
            return Failure(closed_toolkit_error())
        from webdistill.adapters.http import audit
        from webdistill.kernel.tools import web_fetch

        token = audit.current_tool.set("web_fetch")
        call = self._call_begins()
        try:
            return await web_fetch(self.deps, raw, scope=scope)
        finally:
            self._call_over(call)
            audit.current_tool.reset(token)

    async def get_result(self, raw: object, *, scope: str = "") -> Result[StoredResult, WebError]:
        """The `web_get_result` tool: an earlier result by `response_id`, whole or in part."""
        if self._closed:
            return Failure(closed_toolkit_error())
        from webdistill.kernel.retrieval import web_get_result

        call = self._call_begins()
        try:
            return await web_get_result(self.deps, raw, scope=scope)
        finally:
            self._call_over(call)

    def schemas(self, *, strict: bool = False) -> list[dict[str, Any]]:
        """Function-calling schemas: `[{"name", "description", "parameters"}, ...]`;
        `strict=True` gives OpenAI's strict-mode form (with `"strict": true`).
        `web_get_result` is left out when results are not stored."""
        from webdistill.kernel.schemas import tool_schemas

        return tool_schemas(strict=strict, results=self.config.max_stored_results > 0)


def closed_toolkit_error() -> WebError:
    """NETWORK_ERROR for a call made after its toolkit closed (the same words as a page
    read the close ended: `http.errors.closed_error`)."""
    from webdistill.adapters.http.errors import closed_error

    return closed_error()


def build(
    config: Config | None = None,
    *,
    resolver: AbstractResolver | None = None,
    handlers: Iterable[Handler] = (),
    providers: Mapping[str, object] | None = None,
) -> Toolkit:
    """A `Toolkit` for `config` (default: `Config.from_env()`); enter it with `async with`.

    `handlers`: content handlers (`webdistill.Handler`) consulted before the built-in ones.
    `providers`: name -> search provider (an object with an async `search(query)` answering
    `Result[rows, WebError]`), tried in order before the configured providers.
    """
    return Toolkit(
        config if config is not None else Config.from_env(),
        resolver=resolver,
        handlers=handlers,
        providers=providers,
    )


def read_local(
    body: bytes, content_type: str | None, url: str | None, *, image_links: bool = True
) -> Result[Document, WebError]:
    """Read a local body (a saved page, a file) to a `Document`, offline: the `extract` door
    (`image_links`: WEB_IMAGE_LINKS, images as `![alt](url)` or their alt text alone)."""
    from webdistill.adapters.extract.dispatch import extract_content

    return extract_content(body, content_type, url, image_links=image_links)


#: What a toolkit's first page imports in this process (`build`, `_enter`,
#: `_compose_backend`): `preload` imports them ahead, in a server's idle time.
FIRST_CALL_MODULES = (
    "webdistill.adapters.http.audit",
    "webdistill.adapters.blocklist",
    "webdistill.adapters.store.choice",
    "webdistill.adapters.store.pacer",
    "webdistill.adapters.store.results",
    "webdistill.adapters.pipeline.chain",
    "webdistill.adapters.pipeline.first_call",
    "webdistill.adapters.pipeline.backend",
    "webdistill.adapters.http.client",
    "webdistill.adapters.providers.deferred",  # (the providers themselves: at a first search)
    "webdistill.adapters.providers.custom",
    "webdistill.adapters.readers.gate",
    "webdistill.adapters.readers.registry",
    "webdistill.adapters.extract.inline",
    "webdistill.adapters.extract.pool",
    "webdistill.adapters.render.process",
    "webdistill.adapters.render.renderer",
    "webdistill.kernel.tools",
    "webdistill.kernel.retrieval",
)


def preload() -> None:
    """Import what a toolkit's first page needs, now (`webdistill mcp` does it in a thread
    while the client is still thinking, so its first tool call pays only the call). One
    that fails to import is left to fail where it is used, with that place's message."""
    import importlib

    for name in FIRST_CALL_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            continue


def start_extraction_server() -> None:
    """Start the extraction pool's fork server at once, in the background: a server that
    will soon read a page (`webdistill mcp` at its first tool call) lets it load the content
    readers on another core while it loads the rest."""
    from webdistill.adapters.extract.pool import start_fork_server

    start_fork_server()


def cannot_serve(config: Config) -> list[str]:
    """Why `config` cannot be served here at all (a missing package it needs), or nothing:
    `webdistill mcp` refuses to start on it, rather than failing every tool call."""
    return requirements.unserved(config.cache)


def store_location(config: Config) -> str | None:
    """The folder the disk store really uses under `config` (None: not a disk store)."""
    from webdistill.adapters.store.choice import disk_folder

    return disk_folder(config.cache_dir) if config.cache == "disk" else None


def missing_extras() -> list[str]:
    """What this installation serves without (an optional extra not installed)."""
    return requirements.degraded()


def describe_providers(config: Config) -> list[tuple[str, bool, str]]:
    """Each search provider with whether `config` makes it usable and why (the `config` door)."""
    from webdistill.adapters.providers.selection import describe_providers as _describe_providers

    return _describe_providers(provider_settings(config))


def _own_names(callers: Mapping[str, object] | None) -> frozenset[str]:
    """Provider and reader names a shared store's entry may carry back (issue 26): the
    built-in lists, DuckDuckGo's lite endpoint, the browser, and the caller's providers."""
    from webdistill.adapters.pipeline.render import READER_NAME
    from webdistill.adapters.providers.settings import PROVIDER_NAMES
    from webdistill.config import READERS

    return frozenset((*PROVIDER_NAMES, "duckduckgo_lite", *READERS, READER_NAME, *(callers or ())))


def _search_scope(settings: ProviderSettings, callers: Mapping[str, object] | None) -> str:
    """What answers a search, as a short digest (no key in it): a cache shared by toolkits
    or processes with other providers must not hand one's hits to another."""
    parts = {
        "provider": settings.provider,
        "priority": list(settings.priority),
        "endpoints": dict(sorted(settings.base_urls.items())),
        "keys": [
            bool(settings.brave_api_key),
            bool(settings.tavily_api_key),
            bool(settings.exa_api_key),
            bool(settings.serper_api_key),
        ],
        "urls": [settings.searxng_url, settings.openserp_url, settings.mcp_command],
        "callers": sorted(callers or ()),
    }
    text = json.dumps(parts, sort_keys=True, default=str)
    return "s" + hashlib.sha256(text.encode()).hexdigest()[:16]


def _page_scope(handlers: tuple[Handler, ...]) -> str:
    """Pages read with the caller's own handlers are kept apart from the built-in reading."""
    if not handlers:
        return ""
    names = sorted(f"{type(h).__module__}.{type(h).__qualname__}:{h!r}"[:200] for h in handlers)
    return "h" + hashlib.sha256(json.dumps(names).encode()).hexdigest()[:16]


async def _in_thread(
    extractor: Extractor, body: bytes, content_type: str | None, url: str | None
) -> Result[Document, WebError]:
    """The caller's handlers read a rendered DOM in a thread, as large bodies are."""
    import asyncio

    return await asyncio.to_thread(extractor, body, content_type, url)


def render_settings(config: Config) -> RenderSettings:
    """The local browser's settings (WEB_RENDER_*, WEB_BROWSER_*)."""
    from webdistill.adapters.render.settings import RenderSettings

    return RenderSettings(
        mode=config.render,
        browser_path=config.browser_path,
        concurrency=config.render_concurrency,
        timeout_s=config.render_timeout_ms / 1000,
        max_requests=config.render_max_requests,
        max_bytes=config.render_max_bytes,
        memory_mb=config.browser_memory_mb,
    )


def _builtin_reading(config: Config) -> Extractor:
    """The built-in handlers with the configured reading options (picklable for the pool)."""
    from webdistill.adapters.extract.dispatch import extract_content

    if config.image_links:
        return extract_content
    return functools.partial(extract_content, image_links=False)


def _reading_scope(config: Config) -> str:
    """Pages read with other reading options are cached apart (none for the defaults)."""
    return "" if config.image_links else "noimg"
