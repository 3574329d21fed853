"""The guarded client's own Python per fetch, without the network: its layer alone.

`bench/fetch_overhead.py` measures the client against raw aiohttp over loopback, where a
fetch is ~200-300 us of aiohttp, syscalls and the server, and this shared machine's noise
is +-20 %. This bench takes the network away: the client's aiohttp session is replaced by
an in-memory stand-in that answers every GET at once with a 66-byte text/plain response
(status, headers, `readexactly`), so what is timed is the client's own work per fetch (URL
policy check, slot, total timeout, hop loop, wall and size checks, bounded body read,
result). The reference side does what aiohttp itself does with a URL string (builds the
yarl URL) on the same stand-in. Sides alternate, medians over rounds, CPU of this process.

    .venv/bin/python bench/client_python_cost.py [--fetches 2000] [--rounds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from multidict import CIMultiDict, CIMultiDictProxy
from yarl import URL

from webdistill import Config
from webdistill.adapters.http.client import GuardedClient
from webdistill.compose import http_settings

BODY = b"hello: a tiny plain-text page, about as long as the HTML one here\n"
HEADERS = CIMultiDictProxy(
    CIMultiDict(
        {
            "Content-Type": "text/plain; charset=utf-8",
            "Content-Length": str(len(BODY)),
            "Date": "Mon, 23 Nov 2026 20:00:00 GMT",
            "Server": "Python/3.11 aiohttp/3.14.5",
        }
    )
)


class _Content:
    def __init__(self) -> None:
        self._eof = False

    async def readexactly(self, n: int) -> bytes:
        self._eof = True
        return BODY[:n]

    def at_eof(self) -> bool:
        return self._eof


class _Response:
    status = 200
    headers = HEADERS

    def __init__(self) -> None:
        self.content = _Content()

    async def __aenter__(self) -> _Response:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def read(self) -> bytes:
        return BODY

    def close(self) -> None:
        return None


class _Session:
    """Answers every GET at once (what a warm loopback connection would, minus the I/O)."""

    closed = False

    def get(self, url: object, **options: Any) -> _Response:
        return _Response()

    async def close(self) -> None:
        return None


async def main(fetches: int, rounds: int) -> None:
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",))
    client = GuardedClient(http_settings(config))
    async with client:
        real = client._session  # the stand-in replaces the session for the timing only
        client._session = _Session()  # type: ignore[assignment]
        stand_in = _Session()

        async def reference(start: int) -> None:
            for n in range(start, start + fetches):
                async with stand_in.get(URL(f"http://127.0.0.1:4000/{n}")) as response:
                    assert await response.read() == BODY

        async def guarded(start: int) -> None:
            for n in range(start, start + fetches):
                assert (await client.get(f"http://127.0.0.1:4000/{n}")).unwrap().body == BODY

        sides = [("aiohttp's own URL step", reference), ("GuardedClient", guarded)]
        cpu: dict[str, list[float]] = {name: [] for name, _ in sides}
        start = 0
        for _, run in sides:
            await run(start)
            start += fetches
        for _ in range(rounds):
            for name, run in sides:
                before = time.process_time()
                await run(start)
                cpu[name].append((time.process_time() - before) / fetches)
                start += fetches
            sides.reverse()
        client._session = real
    base = statistics.median(cpu["aiohttp's own URL step"])
    for name, values in cpu.items():
        print(f"{name:24s}: CPU {statistics.median(values) * 1e6:5.1f} us/fetch "
              f"[{min(values) * 1e6:.1f}-{max(values) * 1e6:.1f}]")  # fmt: skip
    added = statistics.median(cpu["GuardedClient"]) - base
    print(f"the client's own Python per fetch: {added * 1e6:.1f} us")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fetches", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    asyncio.run(main(args.fetches, args.rounds))
