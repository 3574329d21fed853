"""What the default malware blocklist (WEB_DEFAULT_BLOCKLIST) costs: start-up and look-ups.

Three measures, medians of alternated runs (with, without, with, ...) so a busy machine
slows both alike:

- in a fresh process (modules already imported), the time to read the shipped snapshot into
  its frozenset (`read_blocklist()`, cold: file read, split, set build) -- the start-up it
  adds (goal <= 20 ms);
- the whole process that builds the URL policy the way the doors do
  (`url_policy(Config.from_env())`), WEB_DEFAULT_BLOCKLIST=true against =false;
- one URL check without the memo (`urls._check_url`), listed host / unlisted host, with the
  list against an empty one, in microseconds: the look-up is one set probe per label.

No network.

    .venv/bin/python bench/blocklist_load.py [--rounds 21] [--snapshot PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import timeit

from webdistill.compose import url_policy
from webdistill.config import Config
from webdistill.kernel import urls

PYTHON = sys.executable
COLD_LOAD = (
    "import sys, time; from pathlib import Path; "
    "from webdistill.adapters.blocklist import read_blocklist; "
    "path = Path(sys.argv[1]) if len(sys.argv) > 1 else None; "
    "t = time.perf_counter(); n = len(read_blocklist(path)); "
    "print((time.perf_counter() - t) * 1000, n)"
)
POLICY = (
    "from webdistill.compose import url_policy; from webdistill.config import Config; "
    "url_policy(Config.from_env())"
)


def _env(default_blocklist: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}
    env["WEB_DEFAULT_BLOCKLIST"] = default_blocklist
    return env


def cold_load_ms(snapshot: str | None = None) -> tuple[float, int]:
    argv = [PYTHON, "-c", COLD_LOAD, *([snapshot] if snapshot else [])]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True, env=_env("true"))
    ms, count = ran.stdout.split()
    return float(ms), int(count)


def policy_process_ms(default_blocklist: str) -> float:
    start = time.perf_counter()
    subprocess.run([PYTHON, "-c", POLICY], check=True, env=_env(default_blocklist))
    return (time.perf_counter() - start) * 1000


def check_us(url: str, policy: urls.UrlPolicy, number: int = 20000) -> float:
    return timeit.timeit(lambda: urls._check_url(url, policy), number=number) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--snapshot", help="time reading this snapshot instead (e.g. one with --keep-addresses)"
    )
    args = parser.parse_args()
    rounds = args.rounds
    loads: list[float] = []
    count = 0
    with_list: list[float] = []
    without_list: list[float] = []
    for round_number in range(rounds):
        first, second = ("true", "false") if round_number % 2 == 0 else ("false", "true")
        for setting in (first, second):
            (with_list if setting == "true" else without_list).append(policy_process_ms(setting))
        ms, count = cold_load_ms(args.snapshot)
        loads.append(ms)
    on = url_policy(Config())
    off = url_policy(Config(default_blocklist=False))
    listed, unlisted = "https://www.0daydreams.net/a", "https://docs.python.org/3/library/"
    looks: dict[str, tuple[list[float], list[float]]] = {
        name: ([], []) for name in ("listed host", "unlisted host")
    }
    for _ in range(5):
        for name, url in (("listed host", listed), ("unlisted host", unlisted)):
            looks[name][0].append(check_us(url, on))
            looks[name][1].append(check_us(url, off))
    median = statistics.median
    print(f"{args.snapshot or 'default blocklist'}: {count:,} hosts; medians of {rounds} rounds")
    print(
        f"  read_blocklist() cold, in a fresh process   {median(loads):7.2f} ms"
        f"   (min {min(loads):.2f}, max {max(loads):.2f}; goal <= 20)"
    )
    on_ms, off_ms = median(with_list), median(without_list)
    print(
        f"  process building url_policy: list on       {on_ms:7.1f} ms, off {off_ms:.1f} ms,"
        f" difference {on_ms - off_ms:+.1f} ms"
    )
    for name, (on_us, off_us) in looks.items():
        print(
            f"  check_url (no memo), {name:<14}         {median(on_us):7.2f} µs with the list,"
            f" {median(off_us):.2f} µs without"
        )


if __name__ == "__main__":
    main()
