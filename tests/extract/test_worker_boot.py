"""The fork server's preload leaves nothing half-done that a forked worker would inherit, and
lets a worker start wherever its parent runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import webdistill.adapters.extract.worker_boot
from webdistill.adapters.extract.html import stoplists
assert not stoplists._LOCK.locked(), "the stop-list lock is held at fork time"
assert stoplists._REVERSE, "the stop-list index is not built"
"""


def test_the_stoplist_index_is_built_and_its_lock_free_when_the_preload_ends() -> None:
    # In a child interpreter: the preload patches multiprocessing's spawn.prepare.
    command = [sys.executable, "-c", PROBE]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


IMPORT_ONLY = """
import threading
import webdistill.adapters.extract.dispatch
from webdistill.adapters.extract.html import stoplists
assert [t.name for t in threading.enumerate()] == ["MainThread"], threading.enumerate()
assert stoplists.stoplists.cache_info().currsize == 0, "the stop lists were read at import"
assert not stoplists._REVERSE, "the stop-list index was built at import"
"""


RARE = """
import sys
import webdistill.adapters.extract.worker_boot
from webdistill.adapters.extract.dispatch import _LAZY_READERS
loaded = [module for module, _ in _LAZY_READERS.values() if module in sys.modules]
assert not loaded, loaded
assert "webdistill.adapters.extract.html.reader" in sys.modules
"""


def test_the_fork_server_loads_the_html_reader_and_no_rarer_one() -> None:
    # Issue 33: the PDF, feed, YAML, office and EPUB readers cost the fork server ~80 ms in
    # front of the first page; a worker loads one when its first such body comes.
    command = [sys.executable, "-c", RARE]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_importing_the_readers_reads_no_stoplist_and_starts_no_thread() -> None:
    # Issue 33: the index is built on first need (a process that only imports the reader,
    # as `webdistill config` or an MCP server did, paid for it in a warm-up thread).
    command = [sys.executable, "-c", IMPORT_ONLY]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# A process whose working folder it may not enter: reported by an attack on issue 25
# (`webdistill fetch` run as uid 65534 through `setpriv` from root's home: every body failed
# as INTERNAL_ERROR, BrokenPipeError in the parent). multiprocessing's `spawn.prepare` enters
# the parent's working folder in each worker, and the worker died there. The child below
# enters a folder, then takes away its own right to enter it (as root, the test first drops
# the capabilities that bypass modes, so root is refused too), then reads a body in a worker.
IN_A_CLOSED_FOLDER = """
import asyncio, os, sys
os.chdir(sys.argv[1])
os.chmod(sys.argv[1], 0)
try:
    os.chdir(sys.argv[1])
    sys.exit("the folder can still be entered: the test proves nothing")
except PermissionError:
    pass
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.pool import ExtractionPool

async def main():
    pool = ExtractionPool(1)
    try:
        return await pool.run(extract_content, b"read in a worker " * 64, "text/plain", None)
    finally:
        pool.close()

answer = asyncio.run(main())
print(answer.unwrap().markdown[:17])
"""


def test_a_worker_runs_when_the_working_folder_cannot_be_entered(tmp_path: Path) -> None:
    folder = tmp_path / "closed"
    folder.mkdir()
    command = [sys.executable, "-c", IN_A_CLOSED_FOLDER, str(folder)]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("as root, dropping the capabilities that bypass modes needs setpriv")
        command = [setpriv, "--inh-caps=-all", "--bounding-set=-all", *command]
    try:
        done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120)
    finally:
        os.chmod(folder, 0o700)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "read in a worker", done.stdout + done.stderr


STARTING = """
import asyncio
from tests.extract.memory_hogs import report_start_up
from webdistill.adapters.extract.pool import ExtractionPool

async def main():
    pool = ExtractionPool(1)
    try:
        return await pool.run(report_start_up, b"", "text/plain", None)
    finally:
        pool.close()

document = asyncio.run(main()).unwrap()
print(repr(document.title))
print(document.text)
"""


def test_a_new_worker_imports_nothing_and_inherits_a_frozen_heap() -> None:
    # Issue 33: a first page waited ~55 ms for its worker. The fork server had not loaded the
    # pool module the worker runs (so each new worker imported it, asyncio and ctypes with
    # it), and the first collection in a worker walked every object it inherited, copying
    # the fork server's heap page by page. Now the fork server loads the pool and freezes its
    # heap (gc.freeze) before it forks any worker.
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, "-c", STARTING]
    done = subprocess.run(
        command, check=False, capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    loaded, frozen = done.stdout.splitlines()[-2:]
    assert loaded == "''", f"a new worker imported {loaded}"
    assert int(frozen) > 10_000, "the fork server's heap was not frozen"


async def test_a_worker_reads_the_rarer_formats_it_loads_on_first_need() -> None:
    # Issue 33: the fork server no longer preloads these readers; each worker imports one at
    # its first body of that kind. (YAML and an RSS 2.0 feed, the shape of the RSS 2.0
    # specification's own example: https://www.rssboard.org/rss-specification.)
    from webdistill.adapters.extract.dispatch import extract_content
    from webdistill.adapters.extract.pool import ExtractionPool

    feed = (
        b'<?xml version="1.0"?><rss version="2.0"><channel><title>Liftoff News</title>'
        b"<link>http://liftoff.msfc.nasa.gov/</link><description>Liftoff to Space</description>"
        b"<item><title>Star City</title><description>How do Americans get ready to work with"
        b" Russians aboard the International Space Station?</description></item>"
        b"</channel></rss>"
    )
    pool = ExtractionPool(1)
    try:
        yaml_doc = await pool.run(extract_content, b"name: lazily\nitems: [1, 2]\n",
                                  "application/yaml", None)  # fmt: skip
        assert "lazily" in yaml_doc.unwrap().markdown
        rss = await pool.run(extract_content, feed, "application/rss+xml", None)
        assert "Star City" in rss.unwrap().markdown
    finally:
        pool.close()
