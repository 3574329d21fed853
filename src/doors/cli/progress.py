"""A progress spinner for the command line, shown only when stderr is a terminal.

The spinner is hand-written (a dozen lines) rather than a dependency: it only has to say
"still working" on a terminal, and must stay silent when stderr is not one.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import sys
import time
from types import TracebackType
from typing import TextIO


class Progress:
    """A spinner with elapsed seconds on `stream`, only when `enabled` and it is a terminal."""

    FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

    def __init__(self, label: str, *, enabled: bool, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.label = label
        self.active = enabled and _is_terminal(self.stream)
        self._task: asyncio.Task[None] | None = None

    async def _spin(self) -> None:
        started = time.monotonic()
        for frame in itertools.cycle(self.FRAMES):
            elapsed = time.monotonic() - started
            self.stream.write(f"\r{frame} {self.label} {elapsed:.1f}s")
            self.stream.flush()
            await asyncio.sleep(0.1)

    async def __aenter__(self) -> Progress:
        if self.active:
            self._task = asyncio.create_task(self._spin())
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._task is None:
            return
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self.stream.write("\r\x1b[K")
        self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
