"""One page rendered: a fresh context, the guard's routing, the wait, the DOM back.

`BrowserRenderer.render(url, timeout_s)` answers the serialized DOM of `url` after its
scripts ran (`RenderedDom`), or a `WebError`. At most `concurrency` pages render at once.
Each page gets its own context (no cookies, storage or cache from another fetch), with
service workers blocked, downloads refused and JavaScript on; popups are closed as they
open and dialogs dismissed. While pages render, the browser's memory is polled every
MEMORY_POLL_S (process.py): past WEB_BROWSER_MEMORY_MB the renders under way end with an
error and the browser is restarted; it is checked once more after each page. A browser
that crashed is started again on the next call. A page that navigates itself to another
document ends its render (guard_route.py): the caller keeps the static reading.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.http.hop_check import HopCheck
from webdistill.adapters.render.guard_route import PageFetcher, PageGuard
from webdistill.adapters.render.process import BrowserProcess, BrowserStartError
from webdistill.adapters.render.settings import RenderSettings
from webdistill.adapters.render.settle import MUTATION_COUNTER, settle
from webdistill.kernel.errors import RETRYABLE_CODES, ErrorCode, WebError
from webdistill.kernel.own_text import WEB_TEXT, OwnText, name, number, own, site
from webdistill.kernel.quoting import shown_url

if TYPE_CHECKING:
    from playwright.async_api import Browser, BrowserContext, Dialog, Page

#: Time kept at the end of a render to read the DOM and close the context.
SNAPSHOT_S = 1.0
#: How often the browser's resident memory is read while a page renders (seconds).
MEMORY_POLL_S = 0.2
#: The largest DOM taken back (characters); the HTML reader bounds its own work too.
MAX_DOM_CHARS = 10_000_000


@attrs.frozen
class RenderedDom:
    """The DOM of a rendered page, and how the render went."""

    url: str
    html: str
    settled: bool
    requests: int
    bytes: int
    refused: tuple[tuple[str, int], ...] = ()
    seconds: float = 0.0


def _error(code: ErrorCode, url: str, what: OwnText, said: str = "") -> WebError:
    """`said`: what the browser or its driver wrote (it can quote the page): fenced detail."""
    detail = {"url": shown_url(url, 400)}
    if said:
        detail[WEB_TEXT] = f"the browser said: {said[:400]}"
    message = own("Rendering {} in the browser {}.", site(url), what)
    return WebError(code, message, code in RETRYABLE_CODES, detail)


class BrowserRenderer:
    """Renders pages in the shared browser, every request through `client`."""

    def __init__(
        self,
        process: BrowserProcess,
        client: PageFetcher,
        settings: RenderSettings,
        *,
        robots: HopCheck | None = None,
    ) -> None:
        self._process = process
        self._client = client
        self._settings = settings
        self._robots = robots
        self._slots: asyncio.Semaphore | None = None

    @property
    def process(self) -> BrowserProcess:
        return self._process

    async def render(self, url: str, timeout_s: float) -> Result[RenderedDom, WebError]:
        """The DOM of `url` within `timeout_s` (and the configured render deadline)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(max(1, self._settings.concurrency))
        outer = time.monotonic() + timeout_s  # what the fetch's total time leaves
        async with self._slots:
            try:
                return await self._watched(url, outer)
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.shield(self._process.check_memory())

    async def _watched(self, url: str, outer: float) -> Result[RenderedDom, WebError]:
        """`_render`, ended (and the browser restarted) if the browser grows past its memory
        limit meanwhile."""
        work = asyncio.create_task(self._render(url, outer))
        over = 0

        async def watch() -> None:
            nonlocal over
            while not work.done():
                await asyncio.sleep(MEMORY_POLL_S)
                used = self._process.resident()
                if used > self._process.memory_bytes:
                    over = used
                    work.cancel()
                    return

        watcher = asyncio.create_task(watch())
        try:
            return await work
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if not over or (current is not None and current.cancelling()):
                raise
            with contextlib.suppress(Exception):
                await asyncio.shield(self._process.recycle())
            limit = self._process.memory_bytes >> 20
            grew = own("was stopped: the browser grew to {} MiB, past its {} MiB limit "
                       "(WEB_BROWSER_MEMORY_MB); it was restarted",
                       number(over >> 20), number(limit))  # fmt: skip
            return Failure(_error(ErrorCode.TOO_LARGE, url, grew))
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher

    async def _render(self, url: str, outer: float) -> Result[RenderedDom, WebError]:
        from playwright.async_api import Error as PlaywrightError

        try:
            # A start outlasting this fetch goes on (shielded) for the next one.
            async with asyncio.timeout(max(0.0, outer - time.monotonic())):
                browser = await asyncio.shield(self._process.browser())
        except TimeoutError:
            return Failure(_error(ErrorCode.TIMEOUT, url, own("was not possible: the browser was "
                                  "still starting when the fetch's time ran out")))  # fmt: skip
        except BrowserStartError as error:
            failed = own("failed: the browser could not start (what it said is in the details)")
            return Failure(_error(ErrorCode.INTERNAL_ERROR, url, failed, str(error)))
        settings = self._settings
        guard = PageGuard(
            self._client,
            deadline=outer,
            max_requests=settings.max_requests,
            max_bytes=settings.max_bytes,
            skipped_types=settings.skipped_types,
            robots=self._robots,
        )
        context = None
        try:
            try:
                context = await _new_context(browser)
            except PlaywrightError:  # it died since (a crash not yet noticed): once more
                await self._process.restart(browser)
                browser = await self._process.browser()
                context = await _new_context(browser)
            # The page's own deadline starts once the browser runs (a cold start is the
            # browser's cost, not the page's), never past what the fetch's total time leaves.
            started = time.monotonic()
            deadline = min(started + settings.timeout_s, outer)
            limit = deadline - started
            guard.deadline = deadline
            await context.add_init_script(MUTATION_COUNTER)
            await guard.install(context)
            page = await context.new_page()
            context.on("page", _close_popup(page))
            page.on("dialog", _dismiss)
            left = deadline - time.monotonic() - SNAPSHOT_S
            try:
                await page.goto(url, wait_until="commit", timeout=max(100.0, left * 1000))
            except PlaywrightError as error:
                if guard.navigated is not None:
                    return Failure(_navigated(url, guard.navigated))
                if guard.document_error is not None:
                    return Failure(guard.document_error)
                if time.monotonic() >= deadline - SNAPSHOT_S:
                    return Failure(_late(url, limit))
                return Failure(_error(ErrorCode.NETWORK_ERROR, url, *_first_line(error)))
            settled = await settle(page, guard, quiet_s=settings.quiet_s,
                                   until=deadline - SNAPSHOT_S)  # fmt: skip
            await guard.close()  # nothing more is fetched while the DOM is read
            if guard.navigated is not None:
                return Failure(_navigated(url, guard.navigated))
            try:
                async with asyncio.timeout(max(0.2, deadline - time.monotonic())):
                    html = await page.content()
            except TimeoutError:
                return Failure(_late(url, limit))
            final_url = page.url if page.url.startswith(("http://", "https://")) else url
            return Success(
                RenderedDom(
                    url=final_url,
                    html=html[:MAX_DOM_CHARS],
                    settled=settled,
                    requests=guard.requests,
                    bytes=guard.bytes,
                    refused=tuple(sorted(guard.refused.items())),
                    seconds=time.monotonic() - started,
                )
            )
        except PlaywrightError as error:
            return Failure(_error(ErrorCode.NETWORK_ERROR, url, *_first_line(error)))
        finally:
            await guard.close()
            if context is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(_close_context(context))

    async def close(self) -> None:
        await self._process.close()


async def _new_context(browser: Browser) -> BrowserContext:
    """A fresh context: no cookies, storage or cache from another page; service workers
    blocked, downloads refused."""
    return await browser.new_context(
        service_workers="block",
        accept_downloads=False,
        java_script_enabled=True,
        bypass_csp=False,
        ignore_https_errors=False,
    )


async def _close_context(context: Any) -> None:
    async with asyncio.timeout(5):
        await context.close()


def _navigated(url: str, target: str) -> WebError:
    what = own("was stopped: its scripts navigated it to another document ({}), "
               "which was not fetched; only the URL asked for is read (fetch that one "
               "directly if it is wanted)", site(target))  # fmt: skip
    return _error(ErrorCode.UNSUPPORTED_CONTENT, url, what, f"navigation target: {target}")


def _late(url: str, limit: float) -> WebError:
    what = own(
        "did not finish within {} s (the page or its scripts were too slow)",
        number(round(limit, 1)),
    )
    return _error(ErrorCode.TIMEOUT, url, what)


def _first_line(error: BaseException) -> tuple[OwnText, str]:
    """The failure described (its class) and the driver's first line (it can quote the page
    or its URL: fenced detail)."""
    text = str(error).strip().splitlines()
    failed = own("failed ({}; what the browser said is in the details)", name(type(error).__name__))
    return failed, text[0][:200] if text else ""


def _close_popup(opener: Page) -> Any:
    """A handler closing every page of the context but `opener` (Playwright runs
    coroutine handlers as tasks of its own)."""

    async def on_page(page: Page) -> None:
        if page is not opener:
            with contextlib.suppress(Exception):
                await page.close()

    return on_page


async def _dismiss(dialog: Dialog) -> None:
    with contextlib.suppress(Exception):
        await dialog.dismiss()
