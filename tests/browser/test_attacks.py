"""Runs the browser attack tests (netns_attacks.py, netns_regressions.py) inside a network
namespace with no route: `unshare -n`, loopback up, with the test addresses added to it.
Without `unshare` (not root, no user namespaces) the test skips, except in CI, where it must run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.site import browser_or_skip

ROOT = Path(__file__).resolve().parents[2]
SETUP = (
    "ip link set lo up && ip addr add 93.184.216.34/32 dev lo && "
    "ip addr add 169.254.169.254/32 dev lo && ip addr add 10.9.9.9/32 dev lo && "
    'exec "$0" -m pytest -q -p no:cacheprovider -x "$1"'
)


def _unshare_or_skip() -> None:
    problem = None
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        problem = "unshare or ip is not installed (util-linux, iproute2)"
    else:
        probe = subprocess.run(["unshare", "-n", "true"], capture_output=True, check=False)
        if probe.returncode != 0:
            problem = f"unshare -n is not allowed here ({probe.stderr.decode()[:200].strip()})"
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser attack tests: {problem}")
    pytest.skip(problem)


@pytest.mark.parametrize(
    "module", ["tests/browser/netns_attacks.py", "tests/browser/netns_regressions.py"]
)
def test_the_attack_tests_pass_in_a_network_namespace_with_no_route(module: str) -> None:
    browser_or_skip()
    _unshare_or_skip()
    # The namespace has no route, so it is the guard here (the attack pages' canaries sit on
    # test addresses added to its loopback): the pytest inside starts without the always-on
    # child guard of tests/netguard_site, which would refuse those addresses, and disarms the
    # in-process one (netns_attacks.py). Its own Python children get the guard back from
    # tests/conftest.py.
    guard_site = str(Path(__file__).resolve().parents[1] / "netguard_site")
    path = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != guard_site]
    env = {**os.environ, "WEBDISTILL_NETNS": "1", "PYTHONPATH": os.pathsep.join(path)}
    run = subprocess.run(
        ["unshare", "-n", "sh", "-c", SETUP, sys.executable, module],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,  # a hung browser must not hang the suite (not a timing assertion)
    )
    report = (run.stdout + run.stderr)[-6000:]
    assert run.returncode == 0, report
    assert " passed" in run.stdout and "skipped" not in run.stdout, report
