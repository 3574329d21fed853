"""What the store layers (page cache, stored results) add to one `toolkit.fetch`, CPU only.

The network is replaced by an instant fake client (no socket: only the tool's own work is
timed), so the difference between toolkits is what caching pages and keeping results cost
per miss. Sides, all in this process, alternating in blocks of 100 fetches, the order
reversed after every block (A B C D / D C B A ...): cache off with no results kept (the
reference), the page cache alone, results alone, both (the default configuration keeps 100
results per caller). Every fetch is of a new URL (a miss). Prints per side the median CPU per
fetch over rounds and the median of the same-round differences to the reference.

    .venv/bin/python bench/store_layers_cost.py [--rounds 7] [--cache memory|disk]

Run it with `PYTHONPATH=<an export of an older tree, src/ renamed webdistill>` to measure
that tree the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time

import attrs
from returns.result import Success

from webdistill import Config, build

BODY = b"hello: a tiny plain-text page, about as long as the HTML one here\n"


@attrs.frozen
class _Response:
    url: str
    content_type: str
    body: bytes
    truncated: bool = False


class _InstantClient:
    """Answers every GET at once with the tiny text page (never touches a socket)."""

    async def get(
        self, url: str, *, headers: object = None, timeout_s: float | None = None
    ) -> Success[_Response]:
        return Success(_Response(url, "text/plain", BODY))


async def _innermost(backend: object) -> object:
    """The HttpWebBackend under the layers (composing the chain the toolkit composes at its
    first call the cache misses, pipeline.first_call.OnFirstCall)."""
    while True:
        if hasattr(backend, "composed"):
            backend = await backend.composed()
        elif hasattr(backend, "_inner"):
            backend = backend._inner
        else:
            return backend


async def main(rounds: int, cache: str) -> None:
    sides = [("off, 0 kept", "off", 0), (f"{cache}, 0 kept", cache, 0),
             ("off, 100 kept", "off", 100), (f"{cache}, 100 kept", cache, 100)]  # fmt: skip
    async with contextlib.AsyncExitStack() as stack:
        kits = []
        for name, chosen, kept in sides:
            config = Config(
                allow_http=True, trusted_addresses=("127.0.0.1",), cache=chosen,
                cache_dir=tempfile.mkdtemp(prefix="webdistill-bench-"), max_stored_results=kept,
            )  # fmt: skip
            toolkit = await stack.enter_async_context(build(config))
            innermost = await _innermost(toolkit.deps.backend)
            innermost._client = _InstantClient()  # type: ignore[attr-defined]
            kits.append((name, toolkit))
        counter = 0

        async def fetch(toolkit: object, count: int) -> None:
            nonlocal counter
            for _ in range(count):
                counter += 1
                url = f"http://127.0.0.1:9/{counter}"
                (await toolkit.fetch({"url": url})).unwrap()  # type: ignore[attr-defined]

        for _, toolkit in kits:  # warm-up
            await fetch(toolkit, 300)
        cpu: dict[str, list[float]] = {name: [] for name, _ in kits}
        for _ in range(rounds):
            used = dict.fromkeys(cpu, 0.0)
            order = list(kits)
            for _ in range(10):
                for name, toolkit in order:
                    began = time.process_time()
                    await fetch(toolkit, 100)
                    used[name] += time.process_time() - began
                order.reverse()
            for name, values in cpu.items():
                values.append(used[name] / 1000)
    reference = cpu[kits[0][0]]
    print(f"CPU per fetch (network faked; median over {rounds} rounds of 1000 fetches a side)")
    for name, values in cpu.items():
        added = statistics.median(a - b for a, b in zip(values, reference, strict=True))
        print(f"  {name:18s} {statistics.median(values) * 1e6:6.1f} us  "
              f"{added * 1e6:+6.1f} us over {kits[0][0]}")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--cache", default="memory", choices=("memory", "disk"))
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.cache))
