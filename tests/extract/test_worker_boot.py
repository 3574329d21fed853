"""The fork server's preload leaves nothing half-done that a forked worker would inherit."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import webdistill.adapters.extract.worker_boot
from webdistill.adapters.extract.html import stoplists
assert not stoplists._LOCK.locked(), "the stop-list lock is held at fork time"
assert stoplists._build_index.cache_info().currsize == 1, "the stop-list index is not built"
"""


def test_the_stoplist_index_is_built_and_its_lock_free_when_the_preload_ends() -> None:
    # In a child interpreter: the preload patches multiprocessing's spawn.prepare.
    command = [sys.executable, "-c", PROBE]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
