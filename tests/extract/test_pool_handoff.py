"""The extraction pool's hand-off: bodies go to a worker and answers come back over the
event loop's own socket I/O (no thread), framed as multiprocessing frames them.

A body of ~2 MB crosses intact (many socket writes and reads), answers of every kind
come back (a Document, a handler's WebError), and a worker that died while idle is replaced
without failing the next job.
"""

from __future__ import annotations

import os
import signal

from returns.result import Failure

from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.pool import ExtractionPool
from webdistill.kernel.errors import ErrorCode


async def test_a_body_of_two_mb_crosses_intact_and_answers_come_back() -> None:
    words = b" ".join(b"word%d" % i for i in range(170_000))  # ~1.9 MB of plain text
    pool = ExtractionPool(1)
    try:
        answer = await pool.run(extract_content, words, "text/plain", "https://example.org/w")
        document = answer.unwrap()
        assert document.markdown.startswith("word0 word1 ")
        assert document.markdown.endswith("word169999")
        refused = await pool.run(extract_content, b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,
                                 "image/png", None)  # fmt: skip
        assert isinstance(refused, Failure)
        assert refused.failure().code is ErrorCode.UNSUPPORTED_CONTENT
    finally:
        pool.close()


async def test_a_worker_that_died_idle_is_replaced() -> None:
    pool = ExtractionPool(1)
    try:
        first = await pool.run(extract_content, b"first", "text/plain", None)
        assert first.unwrap().markdown == "first"
        (idle,) = pool._idle  # the one worker, now idle
        pid = idle.process.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        idle.process.join(timeout=10)
        second = await pool.run(extract_content, b"second", "text/plain", None)
        assert second.unwrap().markdown == "second"
    finally:
        pool.close()
