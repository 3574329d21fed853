"""Settings whose secret `webdistill config` / repr showed, found by an attack on the released
code (issue 25 item 4): each now masked, and the same rule names what `command_secrets`
scrubs from what the MCP search server says.

Real shapes:
- Smithery's documented install line for Brave Search (README/Cursor guides, several public
  repos): `npx -y @smithery/cli@latest run @smithery-ai/brave-search
  --config "{\"braveApiKey\":\"BSA...\"}"` (a Brave key is `BSA` + 28 letters/digits): the
  key sits inside a JSON word, so neither the option-name rule nor the token-word rule sees it;
- a shell wrapper (`sh -c '... --brave-api-key K'`; Brave's official server's option,
  brave/brave-search-mcp-server README), the one-word header form of mcp-remote
  (`--header=Authorization: Bearer K`), short options (`-k` as Commander.js CLIs abbreviate
  `--api-key`, e.g. nettune-mcp's `-k, --api-key <key>`; `-p` as mysql and sshpass take a
  password), `--pw`; Smithery's CLI `--headers <json>` (smithery-ai/cli src/index.ts);
- a Redis password with a `#` or `?` not percent-encoded: the part before it is shown by
  `webdistill config`, and twice in the configuration error of every command (masked URL,
  then redis-py's own "Port could not be cast to integer value as '<that part>'");
- a `;api_key=` path parameter in a provider endpoint (issue 25 item 5 lists it as a
  secret-bearing shape).
"""

from __future__ import annotations

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
            "npx -y @smithery/cli@latest run @smithery-ai/brave-search "
            f'--config "{{\\"braveApiKey\\":\\"{KEY}\\"}}"',
            KEY,
        ),
        (f"sh -c 'npx -y @brave/brave-search-mcp-server --brave-api-key {KEY}'", KEY),
        (
            f"npx -y mcp-remote https://mcp.example/sse '--header=Authorization: Bearer {SHORT}'",
            SHORT,
        ),
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
    [
        ("redis://:Zq7x#9Kp2@127.0.0.1:6379/0", "Zq7x"),
        ("redis://:Zq7x?9Kp2@127.0.0.1:6379/0", "Zq7x"),
    ],
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


@pytest.mark.parametrize(
    ("command", "shown", "secrets"),
    [
        (
            "npx -y @smithery/cli@latest run @smithery-ai/brave-search "
            f'--config "{{\\"braveApiKey\\":\\"{KEY}\\"}}"',
            "npx -y @smithery/cli@latest run @smithery-ai/brave-search "
            """--config '{"braveApiKey":"***"}'""",
            {KEY},
        ),
        (  # a header object, as Smithery's `--headers <json>` takes it
            f"""smithery mcp add x --headers '{{"Authorization": "Bearer {SHORT}"}}'""",
            """smithery mcp add x --headers '{"Authorization":"***"}'""",
            {f"Bearer {SHORT}", SHORT},
        ),
        (  # not JSON: a JS-like object
            f"server --config \"{{braveApiKey: '{SHORT}', country: 'de'}}\"",
            "server --config '{braveApiKey: ***, country: '\"'\"'de'\"'\"'}'",
            {SHORT},
        ),
        (
            f"sh -c 'npx -y @brave/brave-search-mcp-server --brave-api-key {SHORT}'",
            "sh -c 'npx -y @brave/brave-search-mcp-server --brave-api-key ***'",
            {SHORT},
        ),
        (  # two levels of quoting
            f"""bash -lc "sh -c 'server --token {SHORT}'" """,
            "bash -lc 'sh -c '\"'\"'server --token ***'\"'\"''",
            {SHORT},
        ),
        (
            f"npx -y mcp-remote https://mcp.example/sse '--header=Authorization: Bearer {SHORT}'",
            "npx -y mcp-remote https://mcp.example/sse '--header=Authorization: ***'",
            {f"Bearer {SHORT}", SHORT},
        ),
        (f"some-mcp -k {SHORT}", "some-mcp -k ***", {SHORT}),
        (f"some-mcp -p {SHORT}", "some-mcp -p ***", {SHORT}),
        (f"some-mcp -p{SHORT}", "some-mcp -p***", {SHORT}),
        (f"some-mcp --pw {SHORT}", "some-mcp --pw ***", {SHORT}),
        (f"some-mcp --pass={SHORT}", "some-mcp --pass=***", {SHORT}),
        (
            "uvx duckduckgo-mcp-server --transport stdio",
            "uvx duckduckgo-mcp-server --transport stdio",
            set(),
        ),
    ],
)
def test_the_command_rule_and_its_secrets(command: str, shown: str, secrets: set[str]) -> None:
    """What `masked_command` hides is what `command_secrets` names: one rule, two uses."""
    from webdistill.kernel.redaction import command_secrets, masked_command

    assert masked_command(command) == shown
    assert set(command_secrets(command)) == secrets


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("redis://:Zq7x#9Kp2@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"),
        ("redis://app:Zq7x?9Kp2@127.0.0.1:6379/0", "redis://app:***@127.0.0.1:6379/0"),
        ("redis://:Zq/7x@9Kp2@h:6379/0", "redis://:***@h:6379/0"),
        (
            f"https://proxy.example/serper;api_key={SHORT}",
            "https://proxy.example/serper;api_key=***",
        ),
        ("https://proxy.example/a;v=2/b", "https://proxy.example/a;v=2/b"),  # not a credential
    ],
)
def test_the_url_rule_new_shapes(url: str, shown: str) -> None:
    from webdistill.kernel.redaction import masked_url

    assert masked_url(url) == shown


def test_a_redis_configuration_error_closes_what_it_opened(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The store is chosen after the HTTP client is opened: a Redis URL refused there left an
    aiohttp session unclosed ("Unclosed client session" on stderr)."""
    import gc
    import warnings

    for name in list(os.environ):
        if name.startswith("WEB_") or name.endswith("_API_KEY"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("WEB_CACHE", "redis://:Zq7x#9Kp2@127.0.0.1:6379/0")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main(["fetch", "https://example.com/"]) != 0
        gc.collect()
    err = capsys.readouterr().err
    assert "Percent-encode" in err, err  # says what to do
    assert "Unclosed" not in err, err
    assert not [w for w in caught if "Unclosed" in str(w.message)], [str(w.message) for w in caught]
