"""`--json` means JSON on stdout whatever fails: usage, settings, the config file, files.

Each case runs the real command in a subprocess and parses stdout as one JSON object.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.interfaces.sites import run_cli


def _error_of(out: str) -> dict[str, object]:
    parsed = json.loads(out)
    assert set(parsed) == {"error"}
    error = parsed["error"]
    assert set(error) == {"code", "message", "retryable", "detail"}
    return error  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--json", "fetch"], "required: URL"),
        (["fetch", "https://a.example/", "--frobnicate", "--json"], "--frobnicate"),
        (["--json", "search", "q", "--time-range", "decade"], "decade"),
        (["--json"], "required: COMMAND"),
    ],
)
async def test_usage_errors_are_json(argv: list[str], words: str) -> None:
    ran = await run_cli(*argv)
    assert ran.code == 2
    error = _error_of(ran.out)
    assert error["code"] == "INVALID_INPUT" and error["detail"] == {"kind": "usage"}
    assert words in str(error["message"]) and "--help" in str(error["message"])
    assert "usage:" not in ran.out


async def test_a_bad_setting_is_json_naming_the_variable() -> None:
    ran = await run_cli("--json", "search", "q", env={"WEB_CONCURRENCY": "0"})
    assert ran.code == 2
    error = _error_of(ran.out)
    assert error["detail"] == {"kind": "configuration"}
    assert "WEB_CONCURRENCY" in str(error["message"]) and "1 to 64" in str(error["message"])


async def test_a_broken_config_file_is_json(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("WEB_ALLOW_HTTP = \n")
    ran = await run_cli("config", "--config", str(broken), "--json")
    assert ran.code == 2
    error = _error_of(ran.out)
    assert "not valid TOML" in str(error["message"]) and str(broken) in str(error["message"])


async def test_a_missing_file_is_json(tmp_path: Path) -> None:
    ran = await run_cli("extract", str(tmp_path / "nope.html"), "--json")
    assert ran.code == 2
    error = _error_of(ran.out)
    assert error["detail"] == {"kind": "file"}
    assert "nope.html" in str(error["message"]) and "No such file" in str(error["message"])


async def test_without_json_errors_stay_one_line_on_stderr() -> None:
    ran = await run_cli("search", "q", env={"WEB_CONCURRENCY": "0"})
    assert ran.code == 2 and ran.out == ""
    assert ran.err.startswith("webdistill: configuration error: WEB_CONCURRENCY")
