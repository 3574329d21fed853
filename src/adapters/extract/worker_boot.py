"""Imported once by the fork server that starts extraction workers (extract/pool.py).

It loads the HTML reader (a rarer reader, PDF or feeds or office, loads in the worker that
first needs it: issue 33), the pool module a worker runs, and builds the stop-list index,
then freezes its heap, so each worker is forked with them ready (a new worker imports
nothing and costs milliseconds, not an interpreter start), and it makes forked
workers skip multiprocessing's "re-run the parent's __main__" step: a worker needs nothing
from the parent's main module (its target is `pool._worker_main`, found by name), and re-
running a script that calls `webdistill.build()` at top level, without an `if __name__ ==
"__main__"` guard, would start fetching again in every worker. Nor does a worker need the
parent's working folder: multiprocessing enters it in each worker and the worker dies when
it cannot (a service user started from a folder it may not enter, as `sudo -u` from root's
home does: every body then failed as INTERNAL_ERROR), so a worker enters it when it can and
otherwise stays in the fork server's. This module is only ever imported in the fork server
process (it is its preload); nothing imports it in the parent.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Mapping
from multiprocessing import popen_forkserver, spawn
from typing import Any

import webdistill.adapters.extract.dispatch
import webdistill.adapters.extract.pool  # (what a worker runs: loaded here, not in each one)
from webdistill.adapters.extract.html import stoplists

_POPEN = popen_forkserver  # (each new worker imported it: loaded here like the pool)
_SKIPPED_KEYS = frozenset({"init_main_from_path", "init_main_from_name", "dir"})
_prepare = spawn.prepare


def _prepare_without_main(data: Mapping[str, Any]) -> None:
    folder = data.get("dir")
    if isinstance(folder, str):  # (first, as multiprocessing does)
        with contextlib.suppress(OSError):
            os.chdir(folder)
    _prepare({key: value for key, value in data.items() if key not in _SKIPPED_KEYS})


spawn.prepare = _prepare_without_main

webdistill.adapters.extract.dispatch.load_html_reader()

# The stop-list index: built here, in the fork server, before any worker is forked and with
# no other thread running, so every worker inherits it whole and guesses a page's language
# with one look-up per word (stoplists.py). The parent process never builds it.
stoplists.build_index()

# Warm the readers' lazy caches (stop lists, parsers) once, here, so every forked worker
# inherits them instead of paying for them on its first body.
webdistill.adapters.extract.dispatch.extract_content(
    b"<html><head><title>t</title></head><body><article><p>Warm up the reader, once.</p>"
    b"</article></body></html>",
    "text/html",
    "https://warm.example/",
)

# Last: everything loaded so far is moved out of the collector's sight (gc.freeze), so a
# worker's collections never walk the objects it inherited: walking them wrote to every page
# of the fork server's heap, which the kernel then copied into the worker, page by page
# (~20 ms of a new worker's first body). A new worker thus imports nothing and copies only
# what it changes.
gc.freeze()
