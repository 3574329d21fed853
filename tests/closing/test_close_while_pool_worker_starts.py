"""A toolkit closed while its extraction pool is starting its first workers (the fork server
of a fresh process is still loading the content readers, ~1 s) leaves no worker behind.

Attack b33c (finding 3): the start went on in the pool's I/O threads after the close had
returned, and the workers it forked were ended only by a callback on the event loop; a
program whose loop stopped after the close (`asyncio.run(main())` returning) kept them
running until the interpreter exited. Now the close waits for those starts (bounded) and a
start the close overtook ends its worker itself.

The scenario needs a fresh interpreter (in this test process the fork server may already be
warm, and the window would not open), so it runs as a script; pages come from 127.0.0.1.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import asyncio, json, os, sys, threading
sys.path.insert(0, sys.argv[1])
import attrs
from tests.closing.common import holding_app, resolver
from tests.servers import serve
from webdistill import Config, build


def grandchildren():
    # The pool's workers are the fork server's children: our children's living children.
    found = []
    me = os.getpid()
    for child in open(f"/proc/{me}/task/{me}/children").read().split():
        try:
            kids = open(f"/proc/{child}/task/{child}/children").read().split()
        except OSError:
            continue
        for kid in kids:
            try:
                state = open(f"/proc/{kid}/stat").read().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                found.append(kid)
    return found


async def main():
    release, came = asyncio.Event(), {}
    async with serve(holding_app(release, came)) as base:
        port = base.rsplit(":", 1)[1]
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="memory"),
            fetch_timeout_ms=60000,
            concurrency=8,
        )
        toolkit = build(settings, resolver=resolver(12))
        await toolkit.__aenter__()
        urls = [f"http://h1.example.com:{port}/big/{n}" for n in range(3)]
        fetch = asyncio.create_task(toolkit.fetch({"urls": urls}))
        for _ in range(60000):  # until the pool is starting workers
            if any(t.name.startswith("extract-io") for t in threading.enumerate()):
                break
            await asyncio.sleep(0.001)
        else:
            raise SystemExit("the pool never started a worker")
        await toolkit.__aexit__(None, None, None)
        release.set()
        return fetch.done()


done = asyncio.run(main())
for thread in threading.enumerate():  # whatever the pool's threads were still doing
    if thread.name.startswith("extract-io"):
        thread.join(30)
print(json.dumps({"fetch_done_at_close": done, "workers": grandchildren()}))
"""


def test_no_worker_is_left_running_after_a_close_during_their_start() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(ROOT)],
        capture_output=True,
        check=False,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    seen = json.loads(ran.stdout.strip().splitlines()[-1])
    assert seen["fetch_done_at_close"]
    assert seen["workers"] == [], "extraction workers still running after the close"
