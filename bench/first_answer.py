"""Time to the first answer, as a user feels it: this checkout against another, alternating.

Each round runs every probe once for each side (A = `--before`, a second checkout's
virtualenv, e.g. /work/main/.venv; B = this one), the probe order rotated every round and
the sides swapped, so a busy machine slows them alike. Probes (whole processes, ms):

- `webdistill --help`, `webdistill config`;
- `webdistill extract page.html` (a small saved article); with `--trafilatura BIN`, the
  trafilatura CLI on the same page (`trafilatura -i page.html`), the issue's yardstick;
- `webdistill fetch URL` of a page already stored (the store primed once per side), and
  `webdistill get ID` of that result;
- `webdistill mcp`: from spawning to the answer of `tools/list`, and to the answer of a
  first `web_fetch` of a new loopback page.

Pages are served by `python -m http.server` on 127.0.0.1; nothing leaves the machine.

Bytecode, the same for every side: an editable install has no `.pyc` of its own source, and
with PYTHONDONTWRITEBYTECODE=1 (set on the machine this was written on) every run of it
would compile webdistill again, while an installed trafilatura has its `.pyc`. So every
process (both sides and trafilatura) runs with one PYTHONPYCACHEPREFIX in a temporary folder
and PYTHONDONTWRITEBYTECODE unset; each side's package is compiled there first
(`python -m compileall`), and a first unrecorded round writes the rest (the standard library,
site-packages) — what a user of an installed package has.

    .venv/bin/python bench/first_answer.py --before /work/main/.venv [--rounds 7]
        [--trafilatura /path/to/venv/bin/trafilatura]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

PAGE = (
    "<html lang='en'><head><title>Tide pools</title></head><body><nav>Home | About</nav>"
    "<article><h1>Tide pools</h1>"
    + "<p>Tide pools form where the sea leaves water behind among the rocks, and hermit "
    "crabs, anemones and small fish wait there for the tide to return.</p>"
    * 40
    + "</article><footer>Contact</footer></body></html>"
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _bytecode_env(prefix: str | None) -> dict[str, str]:
    """The environment without our settings, with `.pyc` files kept under `prefix` (None:
    as this process has it)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}
    if prefix is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = prefix
    return env


def compile_package(python: Path, env: dict[str, str]) -> None:
    """Compile the `webdistill` package `python` imports, into `env`'s bytecode prefix."""
    where = subprocess.run(
        [str(python), "-c", "import os, webdistill; print(os.path.dirname(webdistill.__file__))"],
        capture_output=True, text=True, check=True, env=env,
    ).stdout.strip()  # fmt: skip
    subprocess.run([str(python), "-m", "compileall", "-q", where], check=True, env=env)


def _env(cache_dir: str, prefix: str | None = None) -> dict[str, str]:
    env = _bytecode_env(prefix)
    env.update(
        WEB_ALLOW_HTTP="true",
        WEB_TRUSTED_ADDRESSES="127.0.0.1",
        WEB_RESPECT_ROBOTS="false",
        WEB_CACHE_DIR=cache_dir,
    )
    return env


def _wall(argv: list[str], env: dict[str, str], stdin: str | None = None) -> float:
    start = time.perf_counter()
    with open(stdin or os.devnull, "rb") as given:
        subprocess.run(argv, stdin=given, capture_output=True, check=True, env=env)
    return (time.perf_counter() - start) * 1000


def _send(process: subprocess.Popen[bytes], message: dict[str, object]) -> None:
    assert process.stdin is not None
    process.stdin.write(json.dumps(message).encode() + b"\n")
    process.stdin.flush()


def _answer(process: subprocess.Popen[bytes], wanted: int) -> dict[str, object]:
    assert process.stdout is not None
    while True:
        line = process.stdout.readline()
        if not line:
            process.kill()
            _, err = process.communicate()
            raise RuntimeError(f"the MCP server closed its output: {err.decode()[-2000:]}")
        message = json.loads(line)
        if message.get("id") == wanted:
            return dict(message)


def mcp_times(binary: str, env: dict[str, str], url: str) -> tuple[float, float]:
    """ms from spawn to the `tools/list` answer and to the first `web_fetch` answer."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [binary, "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
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
        call = {"name": "web_fetch", "arguments": {"url": url}}
        _send(process, {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": call})
        answer = _answer(process, 3)
        result = answer.get("result")
        assert isinstance(result, dict) and not result.get("isError"), answer
        return listed, (time.perf_counter() - start) * 1000
    finally:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True, help="the other checkout's virtualenv")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--trafilatura", help="a trafilatura CLI, for its time on the page")
    args = parser.parse_args()
    sides = {"before": Path(args.before) / "bin", "after": Path(sys.executable).parent}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "page.html").write_text(PAGE)
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=root,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(1)
            run(args, sides, root, f"http://127.0.0.1:{port}")
        finally:
            server.terminate()


def run(args: argparse.Namespace, sides: dict[str, Path], root: Path, base: str) -> None:
    page = str(root / "page.html")
    stored_url = f"{base}/page.html?stored"
    prefix = str(root / "pycache")
    envs = {side: _env(str(root / f"cache-{side}"), prefix) for side in sides}
    for side, folder in sides.items():
        compile_package(folder / "python", envs[side])
    ids = {}
    for side, folder in sides.items():  # prime each side's store
        primed = subprocess.run(
            [str(folder / "webdistill"), "--json", "fetch", stored_url],
            capture_output=True, check=True, env=envs[side],
        )  # fmt: skip
        ids[side] = json.loads(primed.stdout)["response_id"]
    fresh = itertools.count()
    results: dict[str, dict[str, list[float]]] = {}

    def record(name: str, side: str, value: float) -> None:
        results.setdefault(name, {}).setdefault(side, []).append(value)

    def probes(side: str) -> list[Callable[[], None]]:
        binary, env = str(sides[side] / "webdistill"), envs[side]

        def mcp() -> None:
            listed, fetched = mcp_times(binary, env, f"{base}/page.html?new={next(fresh)}")
            record("mcp: start -> tools/list", side, listed)
            record("mcp: start -> first web_fetch", side, fetched)

        cli = {
            "--help": [binary, "--help"],
            "config": [binary, "config"],
            "extract page.html": [binary, "extract", page],
            "fetch (stored page)": [binary, "fetch", stored_url],
            "get ID": [binary, "get", ids[side]],
        }
        found: list[Callable[[], None]] = [
            lambda n=name, a=argv: record(n, side, _wall(a, env)) for name, argv in cli.items()
        ]
        return [*found, mcp]

    trafilatura_env = _bytecode_env(prefix)
    for number in range(-1, args.rounds):  # round -1 writes the bytecode, unrecorded
        order = ["before", "after"] if number % 2 == 0 else ["after", "before"]
        if args.trafilatura:
            took = _wall([args.trafilatura], trafilatura_env, stdin=page)
            record("trafilatura < page.html", "-", took)
        for side in order:
            steps = probes(side)
            shift = number % len(steps)
            for step in steps[shift:] + steps[:shift]:
                step()
        if number < 0:
            results.clear()
    print(f"median of {args.rounds} alternated rounds, ms (loadavg {os.getloadavg()[0]:.1f})")
    print("  (every side and trafilatura with compiled bytecode: see the module docstring)")
    print(f"  {'probe':<32} {'before':>8} {'after':>8} {'after/before':>13}")
    for name, by_side in results.items():
        if "-" in by_side:
            print(f"  {name:<32} {statistics.median(by_side['-']):8.0f}")
            continue
        before, after = (statistics.median(by_side[s]) for s in ("before", "after"))
        print(f"  {name:<32} {before:8.0f} {after:8.0f} {after / before:12.2f}x")


if __name__ == "__main__":
    main()
