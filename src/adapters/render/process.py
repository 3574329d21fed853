"""One browser for the whole toolkit: started on first use, restarted when it died or grew.

`BrowserProcess.browser()` answers the running browser, starting it (Playwright, driving the
executable `locate.py` found, with `flags.py`'s switches) when there is none or when the last
one disconnected (a crash: restarted on the next call). `resident()` sums the proportional
set sizes of the browser's process tree (Linux: /proc); the renderer polls it while pages
render and stops the browser (`recycle()`) past `memory_bytes`; after each page,
`check_memory()` does the same once more. The proxy port the switches name is a socket we
bind and never listen on, held for the browser's lifetime, so it stays closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from typing import TYPE_CHECKING

from webdistill.adapters.render.flags import launch_args

if TYPE_CHECKING:
    from playwright.async_api import Browser, Playwright

logger = logging.getLogger("webdistill.render")

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class BrowserStartError(Exception):
    """The browser could not be started (the message says why, for a notice)."""


def _closed_port() -> socket.socket:
    """A loopback port that is bound but never listened on: connections to it are refused."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    return holder


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                stat = handle.read()
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        if len(fields) > 1 and fields[1].isdigit():
            tree.setdefault(int(fields[1]), []).append(int(entry))
    return tree


def marked_processes(marker: str) -> list[int]:
    """The browser processes started with `marker` on their command line, and all their
    descendants (renderers, GPU and utility processes)."""
    roots: list[int] = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                if marker.encode() in handle.read():
                    roots.append(int(entry))
        except OSError:
            continue
    tree = _children()
    found: list[int] = []
    stack = list(roots)
    while stack:
        pid = stack.pop()
        if pid in found:
            continue
        found.append(pid)
        stack.extend(tree.get(pid, ()))
    return found


def _pss(pid: int) -> int | None:
    """`pid`'s proportional set size in bytes (Linux >= 4.14 `smaps_rollup`), else None."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as handle:
            for line in handle:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1]) * 1024  # the kernel writes kB
    except (OSError, ValueError, IndexError):
        return None
    return None


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def resident_bytes(pids: list[int]) -> int:
    """The memory `pids` hold (those that still exist), each counted by its proportional
    set size: a page shared by several of the browser's processes (the binary, the zygote's
    forked pages) counts once in all, as it does on the machine. A process whose
    `smaps_rollup` cannot be read counts by its resident size instead (an over-count)."""
    total = 0
    for pid in pids:
        pss = _pss(pid)
        total += _rss(pid) if pss is None else pss
    return total


class BrowserProcess:
    """Owns Playwright and the browser; `close()` ends both."""

    def __init__(self, executable: str, *, memory_mb: int) -> None:
        self.executable = executable
        self._memory_mb = memory_mb
        self._lock = asyncio.Lock()
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._port: socket.socket | None = None
        #: A switch Chromium ignores, naming this browser's processes in /proc (new for each
        #: start: the processes of a browser being stopped are not counted against the next).
        self.marker = f"--webdistill-browser={uuid.uuid4().hex}"
        self.starts = 0
        self.last_start_s = 0.0

    async def browser(self) -> Browser:
        """The running browser, started (again) if needed; raises `BrowserStartError`."""
        current = self._browser
        if current is not None and current.is_connected():
            return current
        async with self._lock:
            current = self._browser
            if current is not None and current.is_connected():
                return current
            await self._stop()
            return await self._start()

    async def _start(self) -> Browser:
        try:
            from playwright.async_api import Error as PlaywrightError
            from playwright.async_api import async_playwright
        except ImportError:
            raise BrowserStartError(
                "the browser driver is not installed (pip install playwright)"
            ) from None
        started = time.monotonic()
        self._port = _closed_port()
        self.marker = f"--webdistill-browser={uuid.uuid4().hex}"
        heap_mb = max(64, self._memory_mb // 2)
        args = [*launch_args(self._port.getsockname()[1], heap_mb), self.marker]
        try:
            self._playwright = await async_playwright().start()
            self._browser = await self._playwright.chromium.launch(
                executable_path=self.executable,
                headless=True,
                args=args,
                handle_sigint=False,
                handle_sigterm=False,
                handle_sighup=False,
                timeout=30_000,
            )
        except (PlaywrightError, OSError) as error:
            await self._stop()
            first = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
            raise BrowserStartError(
                f"the browser at {self.executable} did not start ({type(error).__name__}: {first})"
            ) from None
        self.starts += 1
        self.last_start_s = time.monotonic() - started
        logger.info("browser started in %.2f s (%s)", self.last_start_s, self.executable)
        return self._browser

    @property
    def memory_bytes(self) -> int:
        """The limit on the memory of the browser's process tree (proportional set sizes)."""
        return self._memory_mb * 1024 * 1024

    def resident(self) -> int:
        """The memory of the browser's process tree now (summed PSS; 0 without /proc)."""
        return resident_bytes(self.pids())

    async def recycle(self) -> None:
        """Stop the browser (it grew past its limit); the next `browser()` starts one."""
        logger.warning("browser grew past %d MiB while rendering: restarting it",
                       self._memory_mb)  # fmt: skip
        async with self._lock:
            await self._stop()

    def pids(self) -> list[int]:
        """The browser's processes now (empty when none runs or /proc is not there)."""
        if self._browser is None or not os.path.isdir("/proc"):
            return []
        return marked_processes(self.marker)

    async def check_memory(self) -> bool:
        """Restart the browser when its process tree holds more than the limit; True if so."""
        if self._browser is None:
            return False
        used = resident_bytes(self.pids())
        if used <= self._memory_mb * 1024 * 1024:
            return False
        logger.warning("browser uses %d MiB (limit %d): restarting it", used >> 20,
                       self._memory_mb)  # fmt: skip
        async with self._lock:
            await self._stop()
        return True

    async def restart(self, seen: Browser) -> None:
        """`seen` failed (it crashed): stop it, so the next `browser()` starts a new one."""
        async with self._lock:
            if self._browser is seen:
                await self._stop()

    async def _stop(self) -> None:
        browser, self._browser = self._browser, None
        playwright, self._playwright = self._playwright, None
        port, self._port = self._port, None
        if browser is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(10):
                    await browser.close()
        if playwright is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(10):
                    await playwright.stop()
        if port is not None:
            port.close()

    async def close(self) -> None:
        async with self._lock:
            await self._stop()
