"""The local browser's costs on the Vue fixtures (tests/browser/fixtures), in one run:

- browser start: `--starts` cold launches of the configured Chromium with webdistill's
  switches (median, max); goal <= 1.5 s;
- render time per page through the guard (`BrowserRenderer.render`: fresh context, every
  request through the guarded client, wait until settled, DOM back): median and p95 over
  `--renders` renders of each app-shell fixture;
- peak memory: the largest resident memory of the browser's process tree seen (sampled
  every 50 ms while rendering);
- guard overhead: time from `goto` to the article in the DOM, through the guard vs the
  same kind of browser fetching directly (no interception, no switches: the floor),
  alternating guarded/direct every iteration so load drift cancels; goal <= 1.3x;
- text recovered: characters of the page's Markdown read statically (WEB_RENDER=never)
  vs rendered (WEB_RENDER=always), through the composed toolkit.

The site is a loopback aiohttp server in this process (the fixtures only).

    .venv/bin/python bench/render.py [--starts 5] [--renders 20] [--browser PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from playwright.async_api import async_playwright
from tests.browser.site import fixture_app
from tests.http.fakes_http import settings as loopback_settings
from tests.servers import serve

from webdistill import Config, build
from webdistill.adapters.http.client import GuardedClient
from webdistill.adapters.render.guard_route import PageGuard
from webdistill.adapters.render.locate import find_browser
from webdistill.adapters.render.process import BrowserProcess, resident_bytes
from webdistill.adapters.render.renderer import BrowserRenderer
from webdistill.adapters.render.settings import RenderSettings

SHELLS = ("/article", "/lazy")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def starts(executable: str, count: int) -> list[float]:
    times = []
    for _ in range(count):
        process = BrowserProcess(executable, memory_mb=4096)
        began = time.monotonic()
        await process.browser()
        times.append(time.monotonic() - began)
        await process.close()
    return times


async def sample_memory(process: BrowserProcess, peak: list[int], stop: asyncio.Event) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], resident_bytes(process.pids()))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.05)


async def to_article(context: object, url: str) -> float:
    page = await context.new_page()  # type: ignore[attr-defined]
    began = time.monotonic()
    await page.goto(url, wait_until="commit")
    await page.wait_for_selector("article p", timeout=15_000)
    spent = time.monotonic() - began
    await page.close()
    return spent


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--renders", type=int, default=20)
    parser.add_argument("--browser", default=None)
    args = parser.parse_args()
    executable = find_browser(args.browser)
    if executable is None:
        sys.exit("no Chromium found: apt-get install chromium-headless-shell")
    print(f"browser: {executable}")
    launch = await starts(executable, args.starts)
    print(f"start: median {statistics.median(launch):.2f} s, max {max(launch):.2f} s "
          f"({args.starts} cold launches; goal <= 1.5 s)")  # fmt: skip

    async with serve(fixture_app({})) as base, GuardedClient(loopback_settings()) as client:
        process = BrowserProcess(executable, memory_mb=4096)
        renderer = BrowserRenderer(process, client, RenderSettings(timeout_s=15))
        await process.browser()
        peak = [0]
        stop = asyncio.Event()
        sampler = asyncio.create_task(sample_memory(process, peak, stop))
        for path in SHELLS:
            times = []
            for _ in range(args.renders):
                done = await renderer.render(base + path, 20)
                times.append(done.unwrap().seconds)
            median = statistics.median(times)
            print(f"render {path}: median {median:.2f} s, p95 {p95(times):.2f} s "
                  f"({args.renders} renders, settle wait included)")  # fmt: skip
        stop.set()
        await sampler
        print(f"peak memory of the browser's processes: {peak[0] / 2**20:.0f} MiB")

        # Guard overhead: goto -> article in the DOM, guarded vs direct, alternating.
        browser = await process.browser()
        async with async_playwright() as playwright:
            direct_browser = await playwright.chromium.launch(executable_path=executable)
            guarded_t, direct_t = [], []
            for _ in range(args.renders):
                guard = PageGuard(client, deadline=time.monotonic() + 30, max_requests=200,
                                  max_bytes=20 << 20, skipped_types=frozenset())  # fmt: skip
                context = await browser.new_context(service_workers="block")
                await guard.install(context)
                guarded_t.append(await to_article(context, base + "/article"))
                await guard.close()
                await context.close()
                direct = await direct_browser.new_context()
                direct_t.append(await to_article(direct, base + "/article"))
                await direct.close()
            await direct_browser.close()
        g, d = statistics.median(guarded_t), statistics.median(direct_t)
        print(f"goto -> article: guarded {g * 1000:.0f} ms, direct {d * 1000:.0f} ms, "
              f"ratio {g / d:.2f}x (medians of {args.renders}; goal <= 1.3x)")  # fmt: skip
        await renderer.close()

        for mode in ("never", "always"):
            config = Config(
                allow_http=True,
                trusted_addresses=("127.0.0.1",),
                cache="off",
                render=mode,
                browser_path=executable,
                fetch_timeout_ms=30_000,
            )
            async with build(config) as toolkit:
                for path in SHELLS:
                    outcome = (await toolkit.fetch({"url": base + path})).unwrap()[0]
                    page = outcome.page
                    chars = len(page.content) if page is not None else 0
                    print(f"text {path} WEB_RENDER={mode}: {chars} chars"
                          f" (reader {page.reader if page else None})")  # fmt: skip


if __name__ == "__main__":
    asyncio.run(main())
