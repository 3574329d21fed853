"""Start-up time of the three doors, as a user feels it: medians of alternated runs.

Each round runs every probe once, in a rotating order (A B C D, then B C D A, ...), so a
busy machine slows them alike; the medians are printed with the goals:

- `import webdistill`: webdistill's own import time by `python -X importtime` (goal <= 80 ms),
  and the whole process (`python -c "import webdistill"`);
- `webdistill --help`: the whole process;
- `webdistill mcp`: from spawning the server to its answer to `initialize` (goal <= 1 s),
  then to its answer to `tools/list`;
- `webdistill extract page.html`: a small saved page, the whole process.

No network: the MCP server is only asked to initialize and list its tools.

    .venv/bin/python bench/startup.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BIN = Path(sys.executable).parent
PYTHON = sys.executable
WEBDISTILL = str(BIN / "webdistill")
PAGE = (
    "<html><head><title>Tide pools</title></head><body><nav>Home | About</nav><article>"
    + "<p>Tide pools form where the sea leaves water behind among the rocks.</p>" * 40
    + "</article></body></html>"
)


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}


def own_import_ms() -> float:
    """webdistill's cumulative import time (µs column of -X importtime), in ms."""
    ran = subprocess.run(
        [PYTHON, "-X", "importtime", "-c", "import webdistill"],
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
    )
    for line in ran.stderr.splitlines():
        parts = [part.strip() for part in line.split("|")]
        if len(parts) == 3 and parts[2] == "webdistill":
            return int(parts[1]) / 1000
    raise RuntimeError("no webdistill line in -X importtime output")


def _wall(argv: list[str]) -> Callable[[], float]:
    def probe() -> float:
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True, env=_env())
        return (time.perf_counter() - start) * 1000

    return probe


def _rpc(process: subprocess.Popen[bytes], message: dict[str, object]) -> dict[str, object]:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(message).encode() + b"\n")
    process.stdin.flush()
    return dict(json.loads(process.stdout.readline()))


def mcp_ms() -> tuple[float, float]:
    """ms from spawn to the `initialize` answer, and to the `tools/list` answer."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [WEBDISTILL, "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=_env(),
    )
    try:
        info = {"name": "bench", "version": "0"}
        params = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": info}
        request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
        answer = _rpc(process, request)
        initialized = (time.perf_counter() - start) * 1000
        assert "result" in answer, answer
        assert process.stdin is not None
        process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        listed = _rpc(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert "result" in listed, listed
        return initialized, (time.perf_counter() - start) * 1000
    finally:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "page.html"
        page.write_text(PAGE)
        results: dict[str, list[float]] = {
            "import webdistill: own (-X importtime)": [],
            "import webdistill: process": [],
            "webdistill --help": [],
            "webdistill mcp: initialize answered": [],
            "webdistill mcp: tools/list answered": [],
            "webdistill extract page.html": [],
        }
        import_process = _wall([PYTHON, "-c", "import webdistill"])
        help_process = _wall([WEBDISTILL, "--help"])
        extract_process = _wall([WEBDISTILL, "extract", str(page)])

        def mcp_probe() -> None:
            initialized, listed = mcp_ms()
            results["webdistill mcp: initialize answered"].append(initialized)
            results["webdistill mcp: tools/list answered"].append(listed)

        probes: list[Callable[[], None]] = [
            lambda: results["import webdistill: own (-X importtime)"].append(own_import_ms()),
            lambda: results["import webdistill: process"].append(import_process()),
            lambda: results["webdistill --help"].append(help_process()),
            mcp_probe,
            lambda: results["webdistill extract page.html"].append(extract_process()),
        ]
        for round_number in range(rounds):
            shift = round_number % len(probes)
            for probe in probes[shift:] + probes[:shift]:
                probe()
    goals = {
        "import webdistill: own (-X importtime)": 80.0,
        "webdistill mcp: initialize answered": 1000.0,
    }
    print(f"start-up, median of {rounds} alternated rounds (ms):")
    for name, values in results.items():
        goal = f"  (goal <= {goals[name]:.0f})" if name in goals else ""
        spread = f"min {min(values):.0f}, max {max(values):.0f}"
        print(f"  {name:<40} {statistics.median(values):8.1f}   {spread}{goal}")


if __name__ == "__main__":
    main()
