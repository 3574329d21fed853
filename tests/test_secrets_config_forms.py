"""Attack (issue 25 item 4): settings whose secret `webdistill config` / repr still shows.

Real shapes:
- Smithery's documented install line for Brave Search (README/Cursor guides, several public
  repos): `npx -y @smithery/cli@latest run @smithery-ai/brave-search
  --config "{\"braveApiKey\":\"BSA...\"}"` (a Brave key is `BSA` + 28 letters/digits): the
  key sits inside a JSON word, so neither the option-name rule nor the token-word rule sees it;
- a shell wrapper (`sh -c '... --brave-api-key K'`), the one-word header form of mcp-remote
  (`--header=Authorization: Bearer K`), short options (`-p`, `-k`), `--pw`;
- a Redis password with a `#` or `?` not percent-encoded: the part before it is shown by
  `webdistill config`, and twice in the configuration error of every command (masked URL,
  then redis-py's own "Port could not be cast to integer value as '<that part>'");
- a `;api_key=` path parameter in a provider endpoint (issue 25 item 5 lists it as a
  secret-bearing shape).
"""

from __future__ import annotations

import json
import os

import pytest

from webdistill import Config
from webdistill.doors.cli.main import main

KEY = "BSAq7xZk3Pw9Lm2Rt8Yv4Nc6Hd1Jf5G"  # Brave's shape: BSA + 28
SHORT = "Zq7x9Kp2"


def _shown(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], **env: str) -> str:
    for name in list(os.environ):
        if name.startswith("WEB_") or name.endswith("_API_KEY"):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["config"]) == 0
    text = capsys.readouterr().out
    assert main(["config", "--json"]) == 0
    text += capsys.readouterr().out
    return text + repr(Config.from_env())


@pytest.mark.parametrize(
    ("command", "secret"),
    [
        (
            'npx -y @smithery/cli@latest run @smithery-ai/brave-search '
            f'--config "{{\\"braveApiKey\\":\\"{KEY}\\"}}"',
            KEY,
        ),
        (f"sh -c 'npx -y @brave/brave-search-mcp-server --brave-api-key {KEY}'", KEY),
        (f"npx -y mcp-remote https://mcp.example/sse '--header=Authorization: Bearer {SHORT}'", SHORT),
        (f"some-mcp -k {SHORT}", SHORT),
        (f"some-mcp --pw {SHORT}", SHORT),
    ],
    ids=["smithery-json-config", "sh-c-wrapper", "header-equals", "short-k", "pw"],
)
def test_mcp_search_command_forms(
    command: str, secret: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = _shown(monkeypatch, capsys, WEB_MCP_SEARCH_COMMAND=command)
    assert secret not in shown, shown


@pytest.mark.parametrize(
    ("cache", "secret"),
    [("redis://:Zq7x#9Kp2@127.0.0.1:6379/0", "Zq7x"), ("redis://:Zq7x?9Kp2@127.0.0.1:6379/0", "Zq7x")],
    ids=["hash", "question"],
)
def test_redis_password_with_unencoded_hash(
    cache: str, secret: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Shown as `redis://:Zq7x#***`; and the store's configuration error (any command)
    repeats redis-py's own `Port could not be cast to integer value as 'Zq7x'`."""
    shown = _shown(monkeypatch, capsys, WEB_CACHE=cache)
    main(["fetch", "https://example.com/"])  # fails at configuration, before any request
    captured = capsys.readouterr()
    shown += captured.out + captured.err
    assert secret not in shown, shown


def test_endpoint_path_parameter_key(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = _shown(
        monkeypatch, capsys,
        WEB_PROVIDER_ENDPOINTS=f"serper=https://proxy.example/serper;api_key={SHORT}",
    )  # fmt: skip
    assert SHORT not in shown, shown
