"""Each command loads only what it uses (issue 33): checked by structure, never by time.

A subprocess runs the command line, then reports which modules it imported and whether the
extraction fork server started. `extract` reads a file without the HTTP client, the search
providers or the readers of other formats; `config`, `get` and a page already stored load no
aiohttp and start no fork server; no process builds the stop-list reverse index but the fork
server, and the stop lists are not even read before a page needs them.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.interfaces.sites import cli_env, local_env, site_app
from tests.servers import serve

PROBE = """
import json, sys
from webdistill.doors.cli.main import main
try:
    code = main(sys.argv[1:])
except SystemExit as exit:  # (--help)
    code = exit.code
modules = sorted(sys.modules)  # before this probe imports anything
import threading
from multiprocessing import forkserver
stoplists = sys.modules.get("webdistill.adapters.extract.html.stoplists")
quoting = sys.modules.get("webdistill.kernel.quoting")
marker = getattr(quoting, "marker_word", None)
report = {
    "marker_compiled": bool(quoting) and (marker is None or marker.cache_info().currsize > 0),
    "code": code,
    "modules": modules,
    "fork_server": forkserver._forkserver._forkserver_pid is not None,
    "stoplists_read": stoplists.stoplists.cache_info().currsize if stoplists else 0,
    "index_built": bool(stoplists and stoplists._REVERSE),
    "threads": sorted(t.name for t in threading.enumerate()),
}
print("PROBE" + json.dumps(report), file=sys.stderr)
"""

#: What a command that only reads a local file, the store or the settings must not import.
NETWORK = ("aiohttp", "webdistill.adapters.http.client", "webdistill.adapters.providers.registry")
#: The readers of other formats (and their libraries), which an HTML file never needs.
OTHER_READERS = (
    "yaml",
    "pypdf",
    "webdistill.adapters.extract.pdf",
    "webdistill.adapters.extract.feeds",
    "webdistill.adapters.extract.yaml_doc",
    "webdistill.adapters.extract.office",
    "webdistill.adapters.extract.epub",
)
PAGE = (
    "<html lang='en'><head><title>Tide pools</title></head><body><nav>Home</nav><article>"
    + "<p>Tide pools form where the sea leaves water behind among the rocks.</p>" * 30
    + "</article></body></html>"
)


async def _probe(*args: str, env: dict[str, str]) -> dict[str, object]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        PROBE,
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=cli_env(env),
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=120)
    lines = [line for line in err.decode().splitlines() if line.startswith("PROBE")]
    assert lines, err.decode()
    report: dict[str, object] = json.loads(lines[-1][len("PROBE") :])
    report["out"] = out.decode()
    return report


def _loaded(report: dict[str, object], names: tuple[str, ...]) -> list[str]:
    modules = report["modules"]
    assert isinstance(modules, list)
    return [name for name in names if name in modules]


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


async def test_extract_reads_an_html_file_without_the_network_or_other_readers(
    tmp_path: Path,
) -> None:
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    report = await _probe("extract", str(page), env={"WEB_CACHE_DIR": str(tmp_path / "c")})
    assert report["code"] == 0 and "Tide pools form" in str(report["out"])
    assert _loaded(report, NETWORK + OTHER_READERS) == []
    # nor the event loop, the URL policy and the kernel's ports: a file has no URL to check
    assert _loaded(report, ("asyncio", "webdistill.kernel.urls", "webdistill.kernel.ports")) == []
    assert report["marker_compiled"] is False
    assert report["fork_server"] is False
    assert report["index_built"] is False  # the stop lists are read, the index is not built


async def test_config_loads_no_reader_and_no_network(tmp_path: Path) -> None:
    report = await _probe("config", env={"WEB_CACHE_DIR": str(tmp_path)})
    assert report["code"] == 0
    readers = ("lxml", "justext", "webdistill.adapters.extract.dispatch")
    assert _loaded(report, (*NETWORK, *readers)) == []
    assert report["stoplists_read"] == 0


async def test_a_stored_page_and_get_load_no_network_and_start_no_fork_server(
    site: str, tmp_path: Path
) -> None:
    env = local_env(site, WEB_CACHE_DIR=str(tmp_path), WEB_RESPECT_ROBOTS="false")
    first = await _probe("--json", "fetch", f"{site}/article", env=env)
    assert first["code"] == 0, first
    response_id = json.loads(str(first["out"]))["response_id"]

    again = await _probe("fetch", f"{site}/article", env=env)
    assert again["code"] == 0 and "Tide pools form where the sea" in str(again["out"])
    assert _loaded(again, (*NETWORK, "lxml", "justext")) == []
    assert again["fork_server"] is False

    got = await _probe("get", response_id, env=env)
    assert got["code"] == 0 and "Tide pools form where the sea" in str(got["out"])
    assert _loaded(got, (*NETWORK, "lxml", "justext")) == []
    assert got["fork_server"] is False


async def test_help_loads_neither_the_composition_root_nor_the_kernel_tools() -> None:
    report = await _probe("--help", env={})
    names = (*NETWORK, "webdistill.compose", "webdistill.kernel.tools", "lxml", "webdistill.config")
    assert _loaded(report, names) == []
    assert report["marker_compiled"] is False  # the fence-marker pattern: at first use


async def test_a_first_fetch_reads_the_page_in_the_pool_without_the_reader_or_browser_here(
    site: str, tmp_path: Path
) -> None:
    """A new page (too big for the inline reader) is read in the fork server's workers: this
    process loads neither the HTML reader (and justext) nor the browser driver (the browser
    stage only checks that Playwright is installed; it is imported when a browser starts).
    (Nor lxml: the search providers, DuckDuckGo's parser with it, load at a first search.)"""
    env = local_env(site, WEB_CACHE_DIR=str(tmp_path), WEB_RESPECT_ROBOTS="false")
    report = await _probe("fetch", f"{site}/article", env=env)
    assert report["code"] == 0 and "Tide pools form where the sea" in str(report["out"])
    assert report["fork_server"] is True
    here = ("justext", "webdistill.adapters.extract.html.reader", "playwright.async_api", "lxml")
    assert _loaded(report, here) == []


def test_help_does_not_look_up_the_version() -> None:
    """`--version` is looked up only when asked: importlib.metadata is not imported by
    `--help` (attack on issue 33: ~0.1 s of every call)."""
    import subprocess
    import sys

    probe = (
        "import sys, runpy; sys.argv = ['webdistill', '--help']\n"
        "try:\n    runpy.run_module('webdistill', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('LOADED' if 'importlib.metadata' in sys.modules else 'NOT LOADED')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    ).stdout
    assert out.rstrip().endswith("NOT LOADED")
