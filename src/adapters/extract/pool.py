"""Extraction on work that can be stopped: a small pool of worker processes.

Content handlers (the HTML reader, PDF, CSV, JSON, feeds...) are plain synchronous functions
run on hostile bytes; some inputs cost seconds or minutes of CPU (a 25 KB PDF whose page holds
8 MiB of text operators). A thread cannot be stopped, and the event loop must never run them,
so every body is read in a worker process:

- at most `size` workers, started lazily from a fork server that has already imported the
  handlers (a new worker costs milliseconds), each reading one body at a time;
- a job runs under the caller's deadline: when the awaiting task is cancelled (its
  `asyncio.timeout` fired), the worker is killed and replaced by a fresh one on demand, so
  the CPU work really stops;
- a worker is recycled after `max_jobs` bodies, so nothing a handler leaks accumulates;
- only plain data crosses the pipe: the body in, a `Document` or an error's fields out;
- the parent's end of each pipe (a socket pair on POSIX) is driven by the event loop itself
  (`sock_sendall`/`sock_recv_into`, in multiprocessing's own framing: a 4-byte length, then
  the pickle), so a job costs no thread hop, and the memory watch is one re-armed timer;
  where the pipe is not a socket (Windows) a thread does the blocking send/recv instead.

`ExtractionPool.run(function, body, content_type, url)` answers what `function` (a
module-level function, picklable by name) answers, or INTERNAL_ERROR when the worker died
on its own (a crash, the kernel's OOM killer), or TOO_LARGE when the body needed more memory
than a worker may use (`memory_mb` of resident memory, watched while it reads; see
memory_limit.py).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import pickle
import socket
import struct
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from returns.result import Failure, Result, Success

from webdistill.adapters.extract.memory_limit import MIB, limit_address_space, resident_bytes
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import OwnText, number, own, relayed

logger = logging.getLogger("webdistill.extract")

Extractor = Callable[[bytes, str | None, str | None], Result[Document, WebError]]

#: How often a busy worker's resident memory is checked against its limit.
WATCH_S = 0.02
#: Frames up to this size are written in one piece and read in one call.
SMALL_FRAME = 64 * 1024
#: How long a close waits for workers still starting (a fork server still loading the
#: handlers takes ~1 s) so that it can end them: none is left running after the close.
CLOSE_WAIT_S = 10.0

#: Modules the fork server imports once, so every worker starts with the handlers loaded.
PRELOAD = ["webdistill.adapters.extract.worker_boot"]


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


def start_fork_server() -> None:
    """Start the fork server now rather than at the first worker: it loads the handlers in
    its own process (on another core) while the caller goes on; a pool started later uses
    it. Nothing happens where there is no fork server (the spawn start method)."""
    if _context().get_start_method() != "forkserver":
        return
    from multiprocessing import forkserver

    with contextlib.suppress(OSError):  # it is tried again, and reported, at the first worker
        forkserver.ensure_running()


def _encode(result: object) -> tuple[str, Any]:
    if isinstance(result, Success):
        return ("ok", result.unwrap())
    if isinstance(result, Failure):
        error = result.failure()
        if isinstance(error, WebError):
            return ("error", (error.code.value, error.message, error.retryable, dict(error.detail)))
    return ("bad", type(result).__name__)


def _worker_main(conn: Connection, memory_mb: int | None = None) -> None:
    """A worker: read (function, args) jobs until the pipe closes; answer plain data.

    With `memory_mb`, its address space is capped well above that (memory_limit.py); an
    allocation that fails is answered ("memory", memory_mb) and the worker then exits (after
    a failed allocation it is retired rather than trusted with another body)."""
    if memory_mb is not None:
        limit_address_space(memory_mb)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        function, args = job
        try:
            answer = _encode(function(*args))
        except MemoryError:
            answer = ("memory", memory_mb)
        except Exception as exc:
            logger.exception("extraction handler raised")
            answer = ("raised", f"{type(exc).__name__}: {exc}"[:300])
        try:
            conn.send(answer)
        except (OSError, ValueError, MemoryError):
            return
        if answer[0] == "memory":
            return


class _Worker:
    def __init__(
        self, ctx: multiprocessing.context.BaseContext, memory_mb: int | None = None
    ) -> None:
        parent, child = ctx.Pipe(duplex=True)
        process: BaseProcess = ctx.Process(  # type: ignore[attr-defined]
            target=_worker_main,
            args=(child, memory_mb),
            daemon=True,
            name="webdistill-extract",
        )
        process.start()
        child.close()
        self.process = process
        self.conn = parent
        self.jobs = 0
        self.memory_mb = memory_mb
        self.sock: socket.socket | None = None
        if hasattr(socket, "AF_UNIX") and os.name == "posix":
            sock = socket.socket(fileno=os.dup(parent.fileno()))
            sock.setblocking(False)
            self.sock = sock

    async def exchange(self, job: tuple[object, tuple[object, ...]]) -> tuple[str, Any]:
        """Send one job and read its answer on the event loop (no thread), killing the worker
        if its resident memory goes past `memory_mb` meanwhile (checked every WATCH_S by one
        re-armed timer). Pickling a body (within WEB_MAX_RESPONSE_BYTES) is a copy; the rest
        is waiting."""
        sock = self.sock
        assert sock is not None
        loop = asyncio.get_running_loop()
        data = pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)
        watch: asyncio.TimerHandle | None = None
        over = False
        if self.memory_mb is not None:
            limit, pid = self.memory_mb * MIB, self.process.pid or 0

            def check() -> None:
                nonlocal watch, over
                used = resident_bytes(pid)
                if used is not None and used > limit:
                    over = True
                    # Kill the process only: its end of the socket closes, so the read below
                    # ends with EOF (closing ours under a pending read would leave it hanging).
                    with contextlib.suppress(Exception):
                        self.process.kill()
                else:
                    watch = loop.call_later(WATCH_S, check)

            watch = loop.call_later(WATCH_S, check)
        try:
            if len(data) <= SMALL_FRAME:  # one write, as multiprocessing does for small ones
                await loop.sock_sendall(sock, _header(len(data)) + data)
            else:  # no copy of a large body: the header, then the pickle
                await loop.sock_sendall(sock, _header(len(data)))
                await loop.sock_sendall(sock, data)
            answer: tuple[str, Any] = pickle.loads(await _read_frame(loop, sock))
            return answer
        except (EOFError, OSError, ValueError):
            if over:
                return ("memory", self.memory_mb)
            return ("died", self.process.exitcode)
        finally:
            if watch is not None:
                watch.cancel()

    def roundtrip(self, job: tuple[object, tuple[object, ...]]) -> tuple[str, Any]:
        """Send one job and wait for its answer (runs in an I/O thread, never the loop),
        killing the worker if its resident memory goes past `memory_mb` meanwhile."""
        try:
            self.conn.send(job)
            if self.memory_mb is not None:
                limit = self.memory_mb * MIB
                while not self.conn.poll(WATCH_S):
                    used = resident_bytes(self.process.pid or 0)
                    if used is not None and used > limit:
                        self.kill()
                        return ("memory", self.memory_mb)
            answer: tuple[str, Any] = self.conn.recv()
            return answer
        except (EOFError, OSError):
            return ("died", self.process.exitcode)

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()
        if self.sock is not None:
            with contextlib.suppress(Exception):
                self.sock.close()

    def reap(self) -> None:
        with contextlib.suppress(Exception):
            self.process.join(timeout=5)


def _header(size: int) -> bytes:
    """multiprocessing.Connection's frame header for a `size`-byte message."""
    if size > 0x7FFFFFFF:
        return struct.pack("!i", -1) + struct.pack("!Q", size)
    return struct.pack("!i", size)


async def _read_exactly(
    loop: asyncio.AbstractEventLoop, sock: socket.socket, size: int, start: bytes = b""
) -> bytearray:
    """`size` bytes: `start` (already read), then the rest from `sock`."""
    buffer = bytearray(size)
    buffer[: len(start)] = start
    view = memoryview(buffer)
    got = len(start)
    while got < size:
        n = await loop.sock_recv_into(sock, view[got:])
        if n == 0:
            raise EOFError
        got += n
    return buffer


async def _at_least(
    loop: asyncio.AbstractEventLoop, sock: socket.socket, have: bytes, size: int
) -> bytes:
    """`have` plus what `sock` sends next, until at least `size` bytes are there."""
    while len(have) < size:
        more = await loop.sock_recv(sock, SMALL_FRAME)
        if not more:
            raise EOFError
        have += more
    return have


async def _read_frame(loop: asyncio.AbstractEventLoop, sock: socket.socket) -> bytes | bytearray:
    """One message in multiprocessing's framing; a small one arrives in a single read."""
    data = await _at_least(loop, sock, b"", 4)
    (size,) = struct.unpack("!i", data[:4])
    start = 4
    if size == -1:  # a message over 2 GiB: an 8-byte length follows
        data = await _at_least(loop, sock, data, 12)
        (size,) = struct.unpack("!Q", data[4:12])
        start = 12
    rest = data[start:]
    if size < 0 or len(rest) > size:
        raise EOFError  # not one answer to one job: not a worker to trust
    if len(rest) == size:
        return rest
    return await _read_exactly(loop, sock, size, rest)


def _alive_and_idle(worker: _Worker) -> bool:
    """An idle worker never writes: a readable end means it has exited (EOF). One
    non-blocking peek instead of a selector built per check."""
    if worker.sock is None:
        return worker.process.is_alive()
    try:
        worker.sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False  # EOF (exited), or data an idle worker should never have sent


class _PoolClosed(Exception):
    """A worker was not started (or was ended at once): the pool closed meanwhile."""


def _kill_started(future: asyncio.Future[_Worker]) -> None:
    if not future.cancelled() and future.exception() is None:
        worker = future.result()
        worker.kill()
        worker.reap()


def _internal(message: OwnText, **detail: object) -> WebError:
    return WebError.of(ErrorCode.INTERNAL_ERROR, message, retryable=False, **detail)


def _closed_failure() -> Failure[WebError]:
    return Failure(_internal(own("The extraction pool is closed.")))


def _decode(answer: tuple[str, Any]) -> Result[Document, WebError]:
    kind, value = answer
    if kind == "ok" and isinstance(value, Document):
        return Success(value)
    if kind == "error":
        code, message, retryable, detail = value
        # Our own worker process built `message` with `own` (it crossed the pipe as a str).
        relayed_message = relayed(message)
        return Failure(WebError.of(ErrorCode(code), relayed_message, retryable=retryable, **detail))
    if kind == "memory":
        return Failure(
            WebError.of(
                ErrorCode.TOO_LARGE,
                own(
                    "Reading this body needs more than the {} MiB of memory a page-reading "
                    "worker may use (WEB_EXTRACT_MEMORY_MB); it was not read. Use another "
                    "source, or raise WEB_EXTRACT_MEMORY_MB.",
                    number(value),
                ),
                retryable=False,
                memory_mb=value,
                reason="memory",
            )
        )
    if kind == "died":
        return Failure(
            _internal(
                own(
                    "The page reader stopped unexpectedly (its worker process died, e.g. out of "
                    "memory) while reading this body; it cannot be read. Use another source."
                ),
                exitcode=value,
            )
        )
    return Failure(
        _internal(
            own(
                "The page reader failed on this body (an internal error in webdistill, logged "
                "with its traceback). Use another source, and report it if it persists."
            ),
            web_text=f"the reader's failure: {str(value)[:400]}",
        )
    )


class ExtractionPool:
    """Up to `size` worker processes reading bodies; killed when a caller's deadline fires."""

    def __init__(self, size: int, *, max_jobs: int = 200, memory_mb: int | None = None) -> None:
        self._size = max(1, size)
        self._memory_mb = memory_mb
        self._max_jobs = max(1, max_jobs)
        self._ctx = _context()
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self._io = ThreadPoolExecutor(max_workers=self._size + 1, thread_name_prefix="extract-io")
        self._slots: asyncio.Semaphore | None = None
        self._closed = False
        self._busy: set[_Worker] = set()
        self._starting: set[concurrent.futures.Future[_Worker]] = set()

    @property
    def size(self) -> int:
        return self._size

    def busy_pids(self) -> list[int]:
        """Process ids of the workers reading a body right now."""
        return [w.process.pid for w in list(self._busy) if w.process.pid is not None]

    def _take(self) -> _Worker | None:
        with self._lock:
            while self._idle:
                worker = self._idle.pop()
                if _alive_and_idle(worker):
                    return worker
                self._io.submit(worker.reap)
        return None

    def _start(self) -> _Worker:
        """A new worker (in an I/O thread). One whose start a close overtook is ended here, at
        once, and not handed out: no worker outlives the pool."""
        if self._closed:
            raise _PoolClosed
        worker = _Worker(self._ctx, self._memory_mb)
        if self._closed:
            worker.kill()
            worker.reap()
            raise _PoolClosed
        return worker

    def _started(self, start: concurrent.futures.Future[_Worker]) -> None:
        with self._lock:  # (called in the thread that started it)
            self._starting.discard(start)

    def _give_back(self, worker: _Worker) -> None:
        # It has just answered, so it is alive; one that dies idle is caught by `_take`.
        if self._closed or worker.jobs >= self._max_jobs:
            worker.kill()
            self._io.submit(worker.reap)
            return
        with self._lock:
            self._idle.append(worker)

    async def run(
        self, function: Extractor, body: bytes, content_type: str | None, url: str | None
    ) -> Result[Document, WebError]:
        """`function(body, content_type, url)` in a worker; cancelling the caller kills it."""
        if self._closed:
            return _closed_failure()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self._size)
        loop = asyncio.get_running_loop()
        async with self._slots:
            worker = self._take()
            if worker is None:
                try:
                    started = self._io.submit(self._start)
                except RuntimeError:  # the I/O threads were shut down: closed meanwhile
                    return _closed_failure()
                with self._lock:
                    self._starting.add(started)
                started.add_done_callback(self._started)
                starting = asyncio.wrap_future(started, loop=loop)
                try:
                    worker = await asyncio.shield(starting)
                except asyncio.CancelledError:  # the worker still starts: do not leak it
                    starting.add_done_callback(_kill_started)
                    raise
                except _PoolClosed:
                    return _closed_failure()
                if self._closed:  # closed while it started: it does no job
                    worker.kill()  # (its fork server, or the pool's threads, reap it)
                    return _closed_failure()
            worker.jobs += 1
            done = False
            self._busy.add(worker)
            job = (function, (body, content_type, url))
            try:
                if worker.sock is not None:
                    answer = await worker.exchange(job)
                else:
                    answer = await loop.run_in_executor(self._io, worker.roundtrip, job)
                done = answer[0] not in ("died", "memory")
            finally:
                self._busy.discard(worker)
                if done:
                    self._give_back(worker)
                else:  # cancelled (deadline) or died: the CPU work stops with the process
                    worker.kill()
                    self._io.submit(worker.reap)
        return _decode(answer)

    def close(self) -> None:
        """Kill every idle worker (they hold no state) and stop the I/O threads. A worker
        still starting is ended by its own thread once started (`aclose` waits for that)."""
        self._closed = True
        with self._lock:
            workers, self._idle = self._idle, []
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.reap()
        self._io.shutdown(wait=False, cancel_futures=True)

    async def aclose(self) -> None:
        """`close`, then wait (up to CLOSE_WAIT_S) for workers still starting to be started
        and ended, so that none is created after the close returns."""
        self.close()
        with self._lock:
            starting = [asyncio.wrap_future(f) for f in self._starting]
        if starting:
            done, _ = await asyncio.wait(starting, timeout=CLOSE_WAIT_S)
            for future in done:  # (a start the close overtook ended with _PoolClosed)
                if not future.cancelled():
                    future.exception()


def default_pool_size(concurrency: int) -> int:
    """Workers for `concurrency` fetches: CPU-bound work gains nothing past the core count."""
    return max(1, min(concurrency, os.cpu_count() or 1, 4))
