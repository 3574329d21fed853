"""The caller's task is cancelled while the toolkit's close waits for the page reads to leave."""

from __future__ import annotations

import asyncio

import attrs
import pytest

from tests.closing.common import PHASES, holding_app, names, open_sessions, resolver
from tests.servers import serve
from webdistill import Config, build


@pytest.mark.parametrize("ticks", [1, 3, 10])  # (0: the close never starts)
async def test_cancel_while_closing(tmp_path, ticks, recwarn):
    release = asyncio.Event()
    came: dict[str, int] = {}
    hosts = names(len(PHASES))
    async with serve(holding_app(release, came)) as base:
        port = base.rsplit(":", 1)[1]
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=str(tmp_path / "store"),
            fetch_timeout_ms=60_000,
            concurrency=64,
        )
        toolkit = build(settings, resolver=resolver(len(PHASES)))
        await toolkit.__aenter__()
        tasks = [
            asyncio.create_task(toolkit.fetch({"url": f"http://{hosts[i]}:{port}/{k}/{n}"}))
            for i, k in enumerate(PHASES)
            for n in range(5)
        ]
        await asyncio.sleep(1.5)
        closer = asyncio.create_task(toolkit.__aexit__(None, None, None))
        for _ in range(ticks):
            await asyncio.sleep(0)
        closer.cancel()
        await asyncio.gather(closer, return_exceptions=True)
        _done, pending = await asyncio.wait(tasks, timeout=20)
        release.set()
        for t in pending:
            t.cancel()
        assert not pending
        bad = []
        for t in tasks:
            if t.exception():
                bad.append(repr(t.exception()))
                continue
            for o in t.result().unwrap():
                if o.error is not None and "toolkit was closed" not in str(o.error.message):
                    bad.append(f"{o.error.code} {o.error.message}")
        assert not bad, bad
        await asyncio.sleep(0.5)
        assert open_sessions() == 0
    msgs = [str(w.message) for w in recwarn]
    assert not [m for m in msgs if "Unclosed" in m or "never retrieved" in m], msgs
