"""Memory and time of fetching 1 GiB bodies through the guarded client with the default cap.

A loopback server in a child process streams 1 GiB (plain text, a gzip bomb, a brotli bomb,
and plain binary); the client fetches each with the default 5 MiB cap. Prints, per case, the
outcome, wall time and the client's peak RSS over its idle RSS (goal: < 30 MB).

    .venv/bin/python bench/http_memory.py
"""

from __future__ import annotations

import asyncio
import resource
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiohttp import web
from bench.http_loopback import forbid_non_loopback, start_server
from tests.http.bombs import BLOCK, GIB, batched, brotli_bomb, gzip_bomb

from webdistill.adapters.http.client import GuardedClient
from webdistill.adapters.http.settings import HttpSettings
from webdistill.kernel.urls import UrlPolicy


def plain_gib() -> Iterator[bytes]:
    chunk = (b"All work and no play makes Jack a dull boy.\n" * 24000)[: BLOCK // 16]
    for _ in range(GIB // len(chunk)):
        yield chunk


CASES: dict[str, tuple[Callable[[], Iterator[bytes]], dict[str, str]]] = {
    "text 1 GiB identity": (plain_gib, {"Content-Type": "text/plain"}),
    "text 1 GiB gzip bomb": (
        lambda: batched(gzip_bomb()),
        {"Content-Type": "text/html", "Content-Encoding": "gzip"},
    ),
    "text 1 GiB brotli bomb": (
        lambda: batched(brotli_bomb()),
        {"Content-Type": "text/html", "Content-Encoding": "br"},
    ),
    "binary 1 GiB identity": (plain_gib, {"Content-Type": "application/octet-stream"}),
}


def make_app() -> web.Application:
    async def stream(request: web.Request) -> web.StreamResponse:
        make, headers = CASES[request.query["case"]]
        response = web.StreamResponse(headers=headers)
        await response.prepare(request)
        try:
            for piece in make():
                await response.write(piece)
        except (ConnectionError, RuntimeError):
            pass
        return response

    async def small(request: web.Request) -> web.Response:
        return web.Response(text="warm-up")

    app = web.Application()
    app.router.add_get("/", stream)
    app.router.add_get("/small", small)
    return app


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


async def main() -> None:
    base, server = start_server(make_app)
    settings = HttpSettings(policy=UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1",)))
    try:
        async with GuardedClient(settings) as client:
            await client.get(base + "/small")  # warm up: session, connection, imports
            idle = rss_mb()
            print(f"idle peak RSS {idle:.1f} MB; cap {settings.max_response_bytes} bytes")
            for name in CASES:
                await asyncio.sleep(0.5)  # let the server drop the previous stream
                started = time.perf_counter()
                result = await client.get(base + "/?case=" + name.replace(" ", "+"))
                elapsed = time.perf_counter() - started
                if hasattr(result, "unwrap") and result.__class__.__name__ == "Success":
                    page = result.unwrap()
                    outcome = f"{len(page.body)} bytes, truncated={page.truncated}"
                else:
                    outcome = result.failure().code.value
                print(
                    f"{name:24s} {outcome:36s} wall {elapsed * 1000:7.1f} ms  "
                    f"peak RSS over idle (so far) {rss_mb() - idle:5.1f} MB"
                )
    finally:
        server.terminate()


if __name__ == "__main__":
    forbid_non_loopback()
    asyncio.run(main())
