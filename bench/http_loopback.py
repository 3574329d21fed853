"""Shared bench helpers: a loopback-only connect guard and a server in a child process."""

from __future__ import annotations

import multiprocessing
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web


def forbid_non_loopback() -> None:
    """Refuse (before the syscall) any connect that is not to 127.0.0.1 / ::1."""

    def hook(event: str, args: tuple[Any, ...]) -> None:
        address = args[1] if event == "socket.connect" else None
        if isinstance(address, tuple) and str(address[0]) not in ("127.0.0.1", "::1"):
            raise ConnectionRefusedError(f"bench guard: refused {address}")

    sys.addaudithook(hook)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run(make_app: Callable[[], web.Application], port: int) -> None:
    web.run_app(make_app(), host="127.0.0.1", port=port, print=None, access_log=None)


def start_server(make_app: Callable[[], web.Application]) -> tuple[str, multiprocessing.Process]:
    """Run `make_app()` on 127.0.0.1 in a child process; the base URL and the process."""
    port = _free_port()
    process = multiprocessing.get_context("fork").Process(
        target=_run, args=(make_app, port), daemon=True
    )
    process.start()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return f"http://127.0.0.1:{port}", process
        time.sleep(0.05)
    raise RuntimeError("bench server did not start")
