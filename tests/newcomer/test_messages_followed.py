"""Each message a newcomer meets says what to do, and doing exactly that works (issue 31).

Every test runs the real command (a subprocess under the loopback-only guard) or the real
toolkit, reads the advice in the message, follows it verbatim and checks the result.
"""

from __future__ import annotations

import json
import re
import socket
import sys
import tomllib
from collections.abc import AsyncIterator
from importlib.metadata import version
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.abc import AbstractResolver, ResolveResult

import webdistill
from tests.interfaces.sites import cli_env, run_cli
from tests.servers import serve
from tests.store.pages import LONG_HTML
from webdistill.compose import DEFAULT_USER_AGENT

ROOT = Path(__file__).resolve().parents[2]
WITHOUT_REDIS = Path(__file__).parent / "without_redis"
LOCAL = {"WEB_ALLOW_HTTP": "true", "WEB_TRUSTED_ADDRESSES": "127.0.0.1"}


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async def page(request: web.Request) -> web.Response:
        return web.Response(text=LONG_HTML, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{tail:.*}", page)
    async with serve(app) as base:
        yield base


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {**LOCAL, "WEB_CACHE_DIR": str(tmp_path / "cache"), **extra}


def _response_id(out: str) -> str:
    return out.rsplit("Response id: ", 1)[1].split(maxsplit=1)[0]


async def test_get_names_the_cli_options_and_following_them_works(
    site: str, tmp_path: Path
) -> None:
    env = _env(tmp_path)
    fetched = await run_cli("fetch", f"{site}/long", "--max-chars", "500", env=env)
    response_id = _response_id(fetched.out)
    wrong = await run_cli("get", response_id, "--url-index", "3", env=env)
    assert wrong.code == 2
    assert "--url-index 3 is out of range" in wrong.err and "url_index" not in wrong.err
    follow = re.search(r"\(0-(\d+)\)", wrong.err)
    assert follow, wrong.err
    again = await run_cli("get", response_id, "--url-index", follow.group(1), env=env)
    assert again.code == 0 and "The long tide guide" in again.out


async def test_an_unknown_id_says_run_search_or_fetch_again_which_works(
    site: str, tmp_path: Path
) -> None:
    env = _env(tmp_path)
    gone = await run_cli("get", "r_1_unknownunknownunknown00", env=env)
    assert gone.code == 2
    assert "Run `webdistill search` or `webdistill fetch` again." in gone.err
    assert "web_search" not in gone.err and "web_fetch" not in gone.err
    again = await run_cli("fetch", f"{site}/long", env=env)
    assert again.code == 0 and "Response id: " in again.out


async def test_a_missing_config_file_is_named_as_typed_and_a_readable_one_works(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "missing.toml"
    ran = await run_cli("--config", str(missing), "config")
    assert ran.code == 2
    assert f"--config {missing}: cannot read it" in ran.err and "WEB_CONFIG" not in ran.err
    assert "give the path of a readable TOML file" in ran.err
    missing.write_text("WEB_ALLOW_HTTP = true\n")
    ok = await run_cli("--config", str(missing), "config")
    assert ok.code == 0 and re.search(r"WEB_ALLOW_HTTP +\= true", ok.out)


async def test_the_raw_paging_hint_keeps_raw_and_following_it_reads_raw_on(
    site: str, tmp_path: Path
) -> None:
    env = _env(tmp_path)
    first = await run_cli("fetch", f"{site}/long", "--raw", "--max-chars", "2000", env=env)
    assert first.code == 0, first.err
    hint = re.search(r"To read more run: (webdistill fetch .+?)\.?$", first.out, re.MULTILINE)
    assert hint and "--raw" in hint.group(1), first.out
    words = hint.group(1).split()[1:]  # as typed, without the program name
    following = await run_cli(*words, env=env)
    assert following.code == 0, following.err
    assert "<p>Paragraph" in following.out  # still the HTML source, not extracted Markdown


async def test_localhost_advice_works_when_followed_verbatim(site: str, tmp_path: Path) -> None:
    port = site.rsplit(":", 1)[1]
    url = f"http://localhost:{port}/long"
    refused = await run_cli("fetch", url, env={"WEB_ALLOW_HTTP": "true", **_env(tmp_path)})
    assert refused.code == 3
    message = " ".join(refused.out.split())
    assert "set WEB_ALLOW_PRIVATE_NETWORK=true" in message
    suggested = re.search(r"\((http://\S+) with WEB_TRUSTED_ADDRESSES=(\S+?)\)", message)
    assert suggested, message
    by_address = await run_cli(
        "fetch",
        suggested.group(1),
        env=_env(tmp_path, WEB_TRUSTED_ADDRESSES=suggested.group(2)),
    )
    assert by_address.code == 0 and "The long tide guide" in by_address.out
    private = await run_cli(
        "fetch", url, env=_env(tmp_path, WEB_ALLOW_PRIVATE_NETWORK="true", WEB_TRUSTED_ADDRESSES="")
    )
    assert private.code == 0 and "The long tide guide" in private.out

    named = await run_cli("config", env={"WEB_TRUSTED_ADDRESSES": "localhost"})
    assert named.code == 2 and "list 127.0.0.1" in named.err


def _without_redis(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = cli_env({"WEB_CACHE": "redis://127.0.0.1:1/0", **extra})
    env["PYTHONPATH"] = f"{WITHOUT_REDIS}:{env['PYTHONPATH']}"
    return env


def _extras() -> dict[str, list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    return {name: [re.split(r"[<>=!~ ;\[]", r)[0] for r in extras[name]] for name in extras}


def test_install_hints_name_exactly_the_packages_of_each_extra() -> None:
    from webdistill.adapters.requirements import OFFICE_PACKAGES, REDIS_PACKAGES

    extras = _extras()
    assert list(REDIS_PACKAGES) == extras["redis"]
    assert list(OFFICE_PACKAGES) == extras["office"]


async def test_without_the_redis_package_every_door_says_what_installs_it(
    tmp_path: Path, site: str
) -> None:
    env = _without_redis(tmp_path, **LOCAL)
    fetched = await run_cli("fetch", f"{site}/long", env=env)
    assert fetched.code == 2
    for ran in (fetched,):
        assert "pip install redis" in ran.err and "pip install -e '.[redis]'" in ran.err
        assert "webdistill[redis]" not in ran.err and "Unclosed" not in ran.err

    shown = await run_cli("config", env=env)
    assert shown.code == 2 and "warning: WEB_CACHE names a Redis URL" in shown.err
    assert "pip install redis" in shown.err

    served = await run_cli("mcp", env=env, stdin=b"")
    assert served.code == 2 and served.out == ""  # refused before answering anything
    assert "cannot serve MCP" in served.err and "pip install redis" in served.err

    # "or choose WEB_CACHE=disk": followed, it serves
    disk = await run_cli("fetch", f"{site}/long", env={**env, "WEB_CACHE": "disk"})
    assert disk.code == 0 and "Unclosed" not in disk.err


async def test_a_mistyped_variable_is_warned_with_the_nearest_name_which_works(
    site: str, tmp_path: Path
) -> None:
    env = {"WEB_CACHE_DIR": str(tmp_path / "cache"), "WEB_TRUSTED_ADDRESSES": "127.0.0.1"}
    typo = await run_cli("fetch", f"{site}/long", env={**env, "WEB_ALOW_HTTP": "true"})
    assert typo.code == 3  # plain http is still refused: the variable is ignored
    assert "WEB_ALOW_HTTP is not a webdistill setting" in typo.err
    nearest = re.search(r"did you mean (WEB_\w+)\?", typo.err)
    assert nearest and nearest.group(1) == "WEB_ALLOW_HTTP"
    fixed = await run_cli("fetch", f"{site}/long", env={**env, nearest.group(1): "true"})
    assert fixed.code == 0 and "not a webdistill setting" not in fixed.err


async def test_config_shows_where_the_disk_store_really_is(site: str, tmp_path: Path) -> None:
    env = {**LOCAL, "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    shown = await run_cli("config", "--json", env=env)
    folder = Path(json.loads(shown.out)["config"]["WEB_CACHE_DIR"])
    assert folder == tmp_path / "xdg" / "webdistill"
    assert (await run_cli("fetch", f"{site}/long", env=env)).code == 0
    assert (folder / "store-v1").is_dir()  # the store is where config said


async def test_version_and_the_mcp_help_and_instructions_name_web_get_result() -> None:
    shown = await run_cli("--version")
    assert shown.code == 0 and shown.out.strip() == f"webdistill {version('webdistill')}"
    helped = await run_cli("mcp", "--help")
    assert "web_get_result" in helped.out
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"}}}  # fmt: skip
    served = await run_cli("mcp", stdin=(json.dumps(initialize) + "\n").encode())
    answer = json.loads(served.out.splitlines()[0])
    assert "web_get_result" in answer["result"]["instructions"]


async def test_only_results_worth_getting_back_print_a_response_id(
    site: str, tmp_path: Path
) -> None:
    env = _env(tmp_path)
    failed = await run_cli("fetch", "notaurl", env=env)
    assert failed.code == 2 and "Response id" not in failed.out
    ok = await run_cli("fetch", f"{site}/long", "notaurl", env=env)
    assert "Response id: " in ok.out  # one page read: worth getting back
    again = await run_cli("get", _response_id(ok.out), "--url-index", "0", env=env)
    assert again.code == 0


def test_the_user_agent_links_to_no_page() -> None:
    # The project has no public page (pyproject names no URL), so the agent names itself only.
    assert "[project.urls]" not in (ROOT / "pyproject.toml").read_text()
    assert DEFAULT_USER_AGENT == "webdistill/0.1" and "http" not in DEFAULT_USER_AGENT


class FailingResolver(AbstractResolver):
    """A name server that fails as getaddrinfo does: `errno` EAI_AGAIN offline, EAI_NONAME
    for a name that does not exist (glibc's codes, socket.EAI_*)."""

    def __init__(self, errno: int) -> None:
        self.errno = errno

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        raise socket.gaierror(self.errno, "fake name server failure")

    async def close(self) -> None:
        return None


@pytest.mark.parametrize(
    ("errno", "says", "never"),
    [
        (socket.EAI_AGAIN, "no name server answered", "check the spelling"),
        (socket.EAI_NONAME, "does not exist", "no name server"),
    ],
)
async def test_offline_dns_is_not_a_spelling_mistake(errno: int, says: str, never: str) -> None:
    config = webdistill.Config(cache="off")
    async with webdistill.build(config, resolver=FailingResolver(errno)) as toolkit:
        answer = await toolkit.fetch({"url": "https://docs.python.org/3/"})
    (outcome,) = answer.unwrap()
    assert outcome.error is not None and outcome.error.code.value == "NETWORK_ERROR"
    assert says in outcome.error.message and never not in outcome.error.message


def test_config_warns_of_a_missing_office_library_naming_what_installs_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from webdistill.doors.cli.main import main

    monkeypatch.setitem(sys.modules, "openpyxl", None)  # as if it were not installed
    assert main(["config"]) == 0  # everything else is served
    err = capsys.readouterr().err
    assert "warning: XLSX pages are refused: openpyxl" in err
    assert "pip install mammoth openpyxl python-pptx" in err and "webdistill[office]" not in err
