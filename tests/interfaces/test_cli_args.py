"""The command line in-process: arguments, help, exit codes, config errors, masking, spinner.

Nothing here touches the network: every case fails or finishes before a request is made.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from webdistill.doors.cli.commands import CommandError, parse_host_port
from webdistill.doors.cli.main import build_parser, main
from webdistill.doors.cli.progress import Progress
from webdistill.doors.cli.support import exit_code_for, first_failure_exit
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.redaction import masked_key, masked_url

BAD_VALUES = [
    ("WEB_SEARCH_PROVIDER", "bing"),
    ("WEB_ALLOW_HTTP", "maybe"),
    ("WEB_ALLOW_PRIVATE_NETWORK", "2"),
    ("WEB_MAX_RESPONSE_BYTES", "lots"),
    ("WEB_MAX_CONTENT_CHARS", "5"),
    ("WEB_FETCH_TIMEOUT_MS", "-1"),
    ("WEB_SEARCH_TIMEOUT_MS", "1.5"),
    ("WEB_CONCURRENCY", "0"),
    ("WEB_COMPRESSOR", "zip"),
    ("WEB_COMPRESS_MIN_LENGTH", "x"),
    ("SEARXNG_URL", "ftp://searx.example"),
    ("WEB_LLM_BASE_URL", "localhost:8080"),
    ("WEB_DOMAIN_BLOCKLIST", "https://a.example/"),
    ("WEB_DOMAIN_ALLOWLIST", "a.example:443"),
    ("WEB_RESPECT_ROBOTS", "sometimes"),
    ("WEB_FENCE_UNTRUSTED", "perhaps"),
    ("WEB_PROXY", "socks://proxy"),
    ("WEB_CACHE", "nope"),
    ("WEB_PROVIDER_ENDPOINTS", "bing=http://127.0.0.1:1"),
]


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    import os

    for key in list(os.environ):
        if key.startswith("WEB_") or key.endswith("_API_KEY") or key == "SEARXNG_URL":
            monkeypatch.delenv(key)
    return monkeypatch


def test_help_documents_every_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    text = capsys.readouterr().out
    for line in (
        "0  success",
        "2  bad input",
        "3  blocked URL",
        "4  network",
        "5  search provider",
    ):
        assert line in text
    assert "6  compression failed" in text
    for code in ErrorCode:
        assert code.value in text


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["fetch"], ["search", "q", "--time-range", "decade"], ["frobnicate"]):
        with pytest.raises(SystemExit) as exited:
            main(argv)
        assert exited.value.code == 2, argv
    assert "usage: webdistill" in capsys.readouterr().err


def test_options_before_or_after_the_command() -> None:
    parser = build_parser()
    before = parser.parse_args(["--json", "--config", "a.toml", "fetch", "https://a.example/"])
    after = parser.parse_args(["fetch", "https://a.example/", "--json", "--config", "a.toml"])
    plain = parser.parse_args(["fetch", "https://a.example/", "--no-compress"])
    assert (before.json, before.config) == (after.json, after.config) == (True, "a.toml")
    assert (plain.json, plain.config, plain.compress) == (False, None, False)


@pytest.mark.parametrize(("variable", "value"), BAD_VALUES)
def test_each_bad_setting_exits_2_naming_the_variable(
    variable: str, value: str, clean_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_env.setenv(variable, value)
    assert main(["fetch", "https://a.example/"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("webdistill: configuration error:")
    assert variable in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_llm_compressor_without_endpoint_is_a_config_error(
    clean_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_env.setenv("WEB_COMPRESSOR", "llm")
    assert main(["search", "q"]) == 2
    assert "WEB_LLM_BASE_URL" in capsys.readouterr().err


def test_config_file_errors_exit_2(
    tmp_path: Path, clean_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("WEB_ALLOW_HTTP = \n")
    unknown = tmp_path / "unknown.toml"
    unknown.write_text('WEB_COLOUR = "blue"\n')
    bad_value = tmp_path / "bad.toml"
    bad_value.write_text("WEB_CONCURRENCY = 1000\n")
    for path, expected in (
        (tmp_path / "missing.toml", "cannot read"),
        (broken, "not valid TOML"),
        (unknown, "WEB_COLOUR"),
        (bad_value, "WEB_CONCURRENCY"),
    ):
        assert main(["--config", str(path), "config"]) == 2
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err


def test_every_error_code_has_a_documented_exit_code() -> None:
    expected = {
        ErrorCode.INVALID_INPUT: 2,
        ErrorCode.INVALID_URL: 2,
        ErrorCode.PROVIDER_NOT_CONFIGURED: 2,
        ErrorCode.BLOCKED_URL: 3,
        ErrorCode.TIMEOUT: 4,
        ErrorCode.NETWORK_ERROR: 4,
        ErrorCode.HTTP_ERROR: 4,
        ErrorCode.TOO_LARGE: 4,
        ErrorCode.UNSUPPORTED_CONTENT: 4,
        ErrorCode.PROVIDER_AUTH_FAILED: 5,
        ErrorCode.PROVIDER_RATE_LIMITED: 5,
        ErrorCode.PROVIDER_UNAVAILABLE: 5,
        ErrorCode.INVALID_BACKEND_DATA: 5,
        ErrorCode.COMPRESSION_FAILED: 6,
        ErrorCode.INTERNAL_ERROR: 1,
        ErrorCode.NOT_FOUND: 2,
    }
    assert {code: exit_code_for(code) for code in ErrorCode} == expected


def test_first_failure_decides_the_exit_code() -> None:
    blocked = WebError.of(ErrorCode.BLOCKED_URL, "no")
    slow = WebError.of(ErrorCode.TIMEOUT, "slow")
    assert first_failure_exit([None, None]) == 0
    assert first_failure_exit([None, slow, blocked]) == 4
    assert first_failure_exit([blocked, slow]) == 3


def test_secrets_are_masked() -> None:
    assert masked_key("sk-abcdefghijklmnop9f") == "sk-…9f"
    assert masked_key("short") == "…"
    assert masked_url("http://bob:hunter2@proxy.example:3128") == (
        "http://bob:***@proxy.example:3128"
    )
    assert masked_url("http://proxy.example:3128") == "http://proxy.example:3128"
    assert masked_url("http://tokenonly@proxy.example") == "http://***@proxy.example"
    assert masked_url("http://a:b@[broken") == "http://a:***@[broken"


def test_http_address_parsing() -> None:
    assert parse_host_port("127.0.0.1:8765") == ("127.0.0.1", 8765)
    assert parse_host_port(":9000") == ("127.0.0.1", 9000)
    assert parse_host_port("9000") == ("127.0.0.1", 9000)
    assert parse_host_port("[::1]:9000") == ("::1", 9000)
    for bad in ("host:", "host:port", "127.0.0.1:70000"):
        with pytest.raises(CommandError):
            parse_host_port(bad)


class _Terminal(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


async def test_progress_spins_only_on_a_terminal_for_several_items() -> None:
    shown = {}
    for name, tty, enabled in (("tty", True, True), ("pipe", False, True), ("one", True, False)):
        stream = _Terminal(tty)
        async with Progress("reading 3 pages", enabled=enabled, stream=stream):
            await asyncio.sleep(0.25)
        shown[name] = stream.getvalue()
    assert "reading 3 pages" in shown["tty"] and shown["tty"].endswith("\r\x1b[K")
    assert shown["pipe"] == "" and shown["one"] == ""


def test_extract_reads_files_and_reports_missing_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["extract", str(tmp_path / "nope.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("webdistill: cannot read") and "nope.html" in err


def test_python_dash_m_webdistill_runs_the_same_command_line() -> None:
    import subprocess
    import sys

    ran = subprocess.run(
        [sys.executable, "-m", "webdistill", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("usage: webdistill")


def test_extract_follows_web_image_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "story.html"
    page.write_text(
        "<html><body><article><h1>Harbour</h1><p>The new harbour wall was finished in the "
        "spring after two years of work by the town.</p><img src='/wall.jpg' alt='The harbour "
        "wall at dusk'><p>Boats moored inside it for the first time in March, and the "
        "fishermen say the winter storms no longer reach the quay.</p></article></body></html>"
    )
    monkeypatch.delenv("WEB_IMAGE_LINKS", raising=False)
    assert main(["extract", str(page), "--url", "https://town.example/news/"]) == 0
    assert "![The harbour wall at dusk](https://town.example/wall.jpg)" in capsys.readouterr().out
    monkeypatch.setenv("WEB_IMAGE_LINKS", "false")
    assert main(["extract", str(page), "--url", "https://town.example/news/"]) == 0
    shown = capsys.readouterr().out
    assert "The harbour wall at dusk" in shown and "wall.jpg" not in shown
