"""Time to a first tool answer over MCP stdio: webdistill against mcp-server-fetch, alternating.

What an MCP client feels when it starts a server: from spawning it to the answer of
`tools/list`, and to the answer of a first fetch of a new page. Each round starts both
servers once, the order swapped every round (A B, B A, ...), so a busy machine slows them
alike; medians over the rounds. The page is served by `python -m http.server` on 127.0.0.1.

    python -m venv /tmp/msf && /tmp/msf/bin/pip install mcp-server-fetch
    .venv/bin/python bench/mcp_peer_first_answer.py --peer /tmp/msf/bin/mcp-server-fetch \
        [--rounds 7]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from first_answer import PAGE, _answer, _env, _free_port, _send


def first_answers(
    argv: list[str], env: dict[str, str], tool: str, arguments: dict[str, object]
) -> tuple[float, float]:
    """ms from spawn to the `tools/list` answer and to the first `tool` call's answer."""
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    try:
        info = {"name": "bench", "version": "0"}
        params = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": info}
        _send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
        _answer(process, 1)
        _send(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert "result" in _answer(process, 2)
        listed = (time.perf_counter() - start) * 1000
        call = {"name": tool, "arguments": arguments}
        _send(process, {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": call})
        answer = _answer(process, 3)
        result = answer.get("result")
        assert isinstance(result, dict) and not result.get("isError"), answer
        return listed, (time.perf_counter() - start) * 1000
    finally:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--peer", required=True, help="the mcp-server-fetch executable")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    ours = str(Path(sys.executable).with_name("webdistill"))
    with tempfile.TemporaryDirectory() as root:
        Path(root, "page.html").write_text(PAGE, encoding="utf-8")
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=root,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.5)
        base = f"http://127.0.0.1:{port}"
        fresh = itertools.count()
        env = _env(os.path.join(root, "cache"))
        times: dict[str, list[tuple[float, float]]] = {"webdistill": [], "mcp-server-fetch": []}
        sides = {
            "webdistill": lambda: first_answers(
                [ours, "mcp"], env, "web_fetch", {"url": f"{base}/page.html?n={next(fresh)}"}
            ),
            "mcp-server-fetch": lambda: first_answers(
                [args.peer, "--ignore-robots-txt", "--allow-private-ips"],
                env,
                "fetch",
                {"url": f"{base}/page.html?n={next(fresh)}"},
            ),
        }
        try:
            for round_ in range(args.rounds):
                order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
                for name in order:
                    times[name].append(sides[name]())
        finally:
            server.kill()
    median = statistics.median
    print(f"median ms of {args.rounds} rounds, alternating")
    print(f"{'server':18} {'start -> tools/list':>20} {'start -> first fetch':>21}")
    for name, rows in times.items():
        listed, fetched = median(r[0] for r in rows), median(r[1] for r in rows)
        print(f"{name:18} {listed:20.0f} {fetched:21.0f}")
    ours_rows, peer_rows = times["webdistill"], times["mcp-server-fetch"]
    ratio_list = median(r[0] for r in ours_rows) / median(r[0] for r in peer_rows)
    ratio_fetch = median(r[1] for r in ours_rows) / median(r[1] for r in peer_rows)
    print(f"{'ratio':18} {ratio_list:20.2f} {ratio_fetch:21.2f}")


if __name__ == "__main__":
    main()
