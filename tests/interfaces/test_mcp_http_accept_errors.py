"""Out of descriptors, `webdistill mcp --http` says so once per burst and keeps serving
(issue 33, attack b33).

At `ulimit -n 64` a burst of connections made asyncio's accept loop log every failed
`accept()` with its traceback, up to uvicorn's backlog (2,048) times per loop turn, every
second while the shortage lasted: tens of thousands of tracebacks on stderr, and as many
again at exit from the retries it had scheduled (meeting the closed listener). The server
must write one clear line for the burst (doors/mcp/accept_errors.py) and still answer once
the connections close. The real server in a child process, raw connections from
127.0.0.1; the waits are bounded loops or hang guards, never timed assertions.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
import sys
from pathlib import Path

import pytest
from mcp import Client

from tests.interfaces.sites import cli_env
from webdistill.doors.mcp.accept_errors import AcceptErrors


async def test_a_burst_past_the_descriptor_limit_is_one_line_and_the_server_goes_on(
    tmp_path: Path,
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    env = cli_env({"WEB_MCP_HEADER_TIMEOUT_MS": "600000"})
    log = tmp_path / "server.err"  # a file, not a pipe nobody reads while the test runs
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "webdistill.doors.cli.main", "mcp", "--http", f"127.0.0.1:{port}",
        env=env, stdout=asyncio.subprocess.DEVNULL, stderr=log.open("wb"),
        preexec_fn=low_limit,
    )  # fmt: skip
    held: list[asyncio.StreamWriter] = []
    try:
        for _ in range(300):  # the server listens
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                assert process.returncode is None, "the server exited"
                await asyncio.sleep(0.1)
                continue
            writer.close()
            break
        bursts = 0
        while bursts < 5 and "cannot accept" not in log.read_text(errors="replace"):
            # A burst: far more connections than descriptors, opened at once so that the
            # server finds them queued together (it sheds idle connections past
            # WEB_MCP_MAX_CONNECTIONS, so connections that come one by one may never run
            # it out of descriptors); again, a few times, until it has met the shortage.
            bursts += 1
            opened = await asyncio.gather(
                *[asyncio.open_connection("127.0.0.1", port) for _ in range(200)],
                return_exceptions=True,
            )
            held += [pair[1] for pair in opened if isinstance(pair, tuple)]
            for _ in range(50):  # (bounded: the server's turn to accept, and to say so)
                if "cannot accept" in log.read_text(errors="replace"):
                    break
                await asyncio.sleep(0.1)
            for writer in held:
                writer.close()
            held = []
        url = f"http://127.0.0.1:{port}/mcp"
        async with asyncio.timeout(60), Client(url, mode="legacy") as client:  # hang guard
            listed = await client.list_tools()
    finally:
        for writer in held:
            writer.close()
        process.terminate()
        await asyncio.wait_for(process.communicate(), timeout=30)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[:3000]
    assert "out of system resource" not in text, text[:3000]
    lines = [line for line in text.splitlines() if "cannot accept" in line]
    assert 1 <= len(lines) <= bursts, text[:3000]  # (one a burst, however many failures)
    assert "out of file descriptors" in lines[0] and "ulimit -n" in lines[0], lines[0]
    assert {tool.name for tool in listed.tools} >= {"web_fetch"}


class Loop:
    """What `AcceptErrors` uses of an event loop: its clock, set by the test."""

    def __init__(self) -> None:
        self.now = 0.0
        self.others: list[dict[str, object]] = []

    def time(self) -> float:
        return self.now

    def default_exception_handler(self, context: dict[str, object]) -> None:
        self.others.append(context)


def test_bursts_reminders_and_other_errors(caplog: pytest.LogCaptureFixture) -> None:
    # The handler alone, on a loop whose clock the test sets: a burst (uvicorn's 2,048
    # failures in one turn, then one a second) is one line; a burst that goes on is said
    # again after REMIND_S with the count; a new burst after a quiet spell is said again.
    caplog.set_level(logging.WARNING, logger="webdistill")
    loop, handler = Loop(), AcceptErrors()
    failed = {"message": "socket.accept() out of system resource", "exception": OSError(24, "x")}

    def fail_at(*times: float) -> list[str]:
        caplog.clear()
        for when in times:
            loop.now = when
            handler(loop, dict(failed))  # type: ignore[arg-type]
        return [r.getMessage() for r in caplog.records]

    assert len(fail_at(*[0.0] * 2048, 1.0, 2.0, 3.0)) == 1  # one burst: one line
    reminded = fail_at(*[4.0 + n for n in range(70)])  # goes on past the reminder time
    assert len(reminded) == 1 and "still cannot accept" in reminded[0]
    assert len(fail_at(200.0)) == 1  # a quiet spell, then a new burst: said again
    closed = "Exception in callback BaseSelectorEventLoop._start_serving(<function Se...>)"
    handler(loop, {"message": closed, "exception": ValueError("Invalid file descriptor: -1")})
    handler(loop, {"message": "something else"})  # type: ignore[arg-type]
    assert loop.others == [{"message": "something else"}]  # (the closed listener's: dropped)
