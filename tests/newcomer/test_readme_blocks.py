"""Every runnable code block of README.md runs, network-free, against a local server.

Convention (in README.md): the line before each ```sh / ```python / ```json block is
`<!-- readme-test: run -->` (run as written), `<!-- readme-test: run (local) -->` (run with its
web URLs pointed at a local server and the settings below that let webdistill read it), or
`<!-- readme-test: skip (why) -->`. Every fenced block, whatever its language (or none), needs a
marker: a block with none fails the test, so a new block is never left out silently, and a
block marked `run` in a language this test cannot run fails too. `bash`/`shell`/`console` run
as `sh`, `py`/`python3` as `python`.

- `sh` blocks: each line runs in bash (with the environment's `webdistill` on PATH), in a
  folder holding `saved-page.html`; the placeholder id `r_Xk3V...` becomes the id the line
  before printed. Every line must exit 0.
- `python` blocks: run as a script with this Python; exit 0, no traceback, and no tool error
  printed (`Error CODE:` as `render` writes it): a block whose calls all fail does not pass.
- `json` blocks (the MCP client configuration): its command is started with its args and
  env, the way an MCP client does, and must answer `initialize` and list the three tools.

The local server answers DuckDuckGo's HTML form with hits on itself and every page path with
a long article. Every subprocess runs under the loopback-only guard (tests/interfaces).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
from aiohttp import web

from tests.interfaces.sites import cli_env
from tests.servers import serve
from tests.store.pages import LONG_HTML

README = Path(__file__).resolve().parents[2] / "README.md"
MARKER = re.compile(r"<!-- readme-test: (run \(local\)|run|skip \((?P<why>.+)\)) -->")
FENCE = re.compile(r"^```([\w+-]*)[^\n]*\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: Languages as the README may name them -> the runner that runs them.
RUNNABLE = {
    "sh": "sh", "bash": "sh", "shell": "sh", "console": "sh",
    "python": "python", "py": "python", "python3": "python",
    "json": "json",
}  # fmt: skip
#: What a tool error looks like in printed output (doors/render: "Error CODE: message").
TOOL_ERROR = re.compile(r"^Error [A-Z_]+\b", re.MULTILINE)
#: The web hosts README examples use; `run (local)` blocks have them served locally.
WEB_URL = re.compile(r"https://(?:docs\.python\.org|example\.com|docs\.aiohttp\.org)")
PLACEHOLDER_ID = "r_Xk3V..."

DDG_PAGE = """<!DOCTYPE html><html><body><div id="links" class="results">
<div class="result results_links results_links_deep web-result">
<div class="links_main links_deep result__body">
<h2 class="result__title"><a class="result__a" href="{base}/guide">The long tide guide</a></h2>
<a class="result__snippet" href="{base}/guide">Tides, twice a day.</a>
</div></div></div></body></html>"""


@attrs.frozen
class Block:
    line: int
    language: str
    code: str
    marker: str | None

    @property
    def runs(self) -> bool:
        return self.marker is not None and self.marker.startswith("run")

    @property
    def local(self) -> bool:
        return self.marker == "run (local)"


def readme_blocks() -> list[Block]:
    text = README.read_text(encoding="utf-8")
    blocks = []
    for match in FENCE.finditer(text):
        language = RUNNABLE.get(match.group(1), match.group(1) or "(none)")
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marked = MARKER.fullmatch(before.strip())
        line = text.count("\n", 0, match.start()) + 1
        blocks.append(Block(line, language, match.group(2), marked.group(1) if marked else None))
    return blocks


BLOCKS = readme_blocks()


def test_every_code_block_says_whether_it_runs() -> None:
    unmarked = [f"README.md:{b.line} ({b.language})" for b in BLOCKS if b.marker is None]
    assert not unmarked, f"add <!-- readme-test: run / skip (why) --> before: {unmarked}"
    assert sum(b.runs for b in BLOCKS) >= 5
    cannot = [
        f"README.md:{b.line} ({b.language})" for b in BLOCKS if b.runs and b.language not in RUNNERS
    ]
    assert not cannot, f"marked run, in a language this test cannot run: {cannot}"


def test_every_fence_language_is_seen() -> None:
    """An unmarked ```bash or ```py block (attack on issue 31) is found, not skipped."""
    text = "x\n```bash\nwebdistill --no-such-flag\n```\n\n```py\nimport no_such_module\n```\n"
    found = [RUNNABLE.get(m.group(1), m.group(1)) for m in FENCE.finditer(text)]
    assert found == ["sh", "python"]


@pytest.fixture
async def local_web() -> AsyncIterator[str]:
    async def ddg(request: web.Request) -> web.Response:
        return web.Response(
            text=DDG_PAGE.format(base=f"http://{request.host}"), content_type="text/html"
        )

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=LONG_HTML, content_type="text/html")

    app = web.Application()
    app.router.add_post("/html/", ddg)
    app.router.add_get("/{tail:.*}", page)
    async with serve(app) as base:
        yield base


def _env(base: str, tmp_path: Path) -> dict[str, str]:
    """What lets webdistill read the local server (plain http on 127.0.0.1), and nothing else."""
    bin_dir = os.path.dirname(sys.executable)
    return cli_env(
        {
            "WEB_ALLOW_HTTP": "true",
            "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
            "WEB_PROVIDER_ENDPOINTS": f"duckduckgo={base}",
            "WEB_DDG_MIN_INTERVAL_MS": "0",
            "WEB_CACHE_DIR": str(tmp_path / "cache"),
            "PATH": os.pathsep.join([bin_dir, os.environ.get("PATH", "")]),
        }
    )


async def _run(
    *command: str, env: dict[str, str], cwd: Path, stdin: bytes = b""
) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        *command, cwd=cwd, env=env, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(process.communicate(stdin), timeout=120)
    assert process.returncode is not None
    return process.returncode, out.decode()


def _located(code: str, block: Block, base: str) -> str:
    return WEB_URL.sub(base, code) if block.local else code


async def _run_sh(block: Block, base: str, env: dict[str, str], cwd: Path) -> None:
    (cwd / "saved-page.html").write_text(LONG_HTML, encoding="utf-8")
    last_id = None
    for written in _located(block.code, block, base).splitlines():
        if not written.strip() or written.lstrip().startswith("#"):
            continue
        line = written
        if PLACEHOLDER_ID in written:
            assert last_id, f"README.md:{block.line}: no earlier line printed a Response id"
            line = written.replace(PLACEHOLDER_ID, last_id)
        code, out = await _run("bash", "-c", line, env=env, cwd=cwd)
        assert code == 0, f"README.md:{block.line}: `{line}` exited {code}:\n{out[-2000:]}"
        assert "Traceback" not in out and "test guard" not in out, out
        found = re.findall(r"Response id: (r_\S+)", out)
        last_id = found[-1] if found else last_id


async def _run_python(block: Block, base: str, env: dict[str, str], cwd: Path) -> None:
    script = cwd / f"readme_{block.line}.py"
    script.write_text(_located(block.code, block, base), encoding="utf-8")
    code, out = await _run(sys.executable, str(script), env=env, cwd=cwd)
    assert code == 0, f"README.md:{block.line} exited {code}:\n{out[-3000:]}"
    assert "Traceback" not in out and "test guard" not in out, out
    assert not TOOL_ERROR.search(out), (
        f"README.md:{block.line} printed a tool error:\n{out[-3000:]}"
    )


async def _run_json(block: Block, base: str, env: dict[str, str], cwd: Path) -> None:
    """Start the configured MCP server as a client would, and list its tools."""
    (server,) = json.loads(block.code)["mcpServers"].values()
    command = shutil.which(server["command"], path=env["PATH"])
    assert command, f"README.md:{block.line}: {server['command']} is not on PATH"
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "readme-test", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]  # fmt: skip
    stdin = "".join(json.dumps(r) + "\n" for r in requests).encode()
    _, out = await _run(
        command, *server["args"], env={**env, **server["env"]}, cwd=cwd, stdin=stdin
    )
    answers = {m["id"]: m for m in map(json.loads, out.splitlines()) if "id" in m}
    assert answers[1]["result"]["serverInfo"]["name"] == "webdistill", out
    names = {tool["name"] for tool in answers[2]["result"]["tools"]}
    assert names == {"web_search", "web_fetch", "web_get_result"}


RUNNERS = {"sh": _run_sh, "python": _run_python, "json": _run_json}


@pytest.mark.parametrize(
    "block", [b for b in BLOCKS if b.runs], ids=lambda b: f"README.md:{b.line}-{b.language}"
)
async def test_readme_block_runs(block: Block, local_web: str, tmp_path: Path) -> None:
    await RUNNERS[block.language](block, local_web, _env(local_web, tmp_path), tmp_path)
