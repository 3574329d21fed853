"""No setting that can hold a secret is shown in clear: repr, `webdistill config`, errors.

One recognisable secret is put in every secret-bearing setting (keys, tokens, the user-info
and query of every configured URL, the Redis URL's password in both places redis-py reads it,
the MCP search command's key as an option and as an environment assignment), then looked for
in `repr(Config)`, `webdistill config` (text and `--json`) and the configuration errors.

Real shapes, from their owners' documentation:
- `env FIRECRAWL_API_KEY=fc-... npx -y firecrawl-mcp` (firecrawl/firecrawl-mcp-server,
  docs/installation/npx.md);
- `brave-search-mcp-server --brave-api-key KEY --transport stdio` (Brave's official server's
  `--brave-api-key <string>` option, and the Homebrew formula's test line);
- `bravesearch-mcp --api-key KEY stdio` (tacogips/bravesearch-mcp README);
- `SEARCHAPI_API_KEY=your_api_key searchapi-mcp` (searchapi-mcp's `--help` text);
- Redis URLs `redis://[[username]:[password]]@host:port/db` and `?password=` (redis-py's
  `from_url` documentation: "password" is one of the query arguments it reads).
"""

from __future__ import annotations

import json

import pytest

from webdistill import Config, ConfigError
from webdistill.config import from_mapping
from webdistill.doors.cli.main import main

SECRET = "Zq7xSECRETmarker0x5f3759df"
URL = f"https://admin:{SECRET}@search.example/path?token={SECRET}&lang=en"

#: Every secret-bearing variable, with the secret placed where such a setting carries it.
SECRET_ENV = {
    "BRAVE_API_KEY": SECRET,
    "TAVILY_API_KEY": SECRET,
    "EXA_API_KEY": SECRET,
    "SERPER_API_KEY": SECRET,
    "WEB_LLM_API_KEY": SECRET,
    "WEB_READER_API_KEY": SECRET,
    "WEB_MCP_TOKEN": SECRET,
    "SEARXNG_URL": URL,
    "WEB_LLM_BASE_URL": URL,
    "WEB_READER_URL": URL,
    "OPENSERP_URL": URL,
    "WEB_PROXY": f"http://bob:{SECRET}@proxy.example:3128",
    "WEB_PROVIDER_ENDPOINTS": f"brave=https://ann:{SECRET}@brave.example/?key={SECRET}",
    "WEB_CACHE": f"redis://user:{SECRET}@127.0.0.1:6379/0?password={SECRET}",
    "WEB_MCP_SEARCH_COMMAND": (
        f"env BRAVE_API_KEY={SECRET} npx -y @brave/brave-search-mcp-server "
        f"--brave-api-key {SECRET} --transport stdio"
    ),
}


@pytest.fixture
def secret_env(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in list(os.environ):
        if name.startswith("WEB_") or name.endswith("_API_KEY") or name in SECRET_ENV:
            monkeypatch.delenv(name)
    for name, value in SECRET_ENV.items():
        monkeypatch.setenv(name, value)


def test_the_list_here_is_every_secret_setting() -> None:
    from webdistill.config import SECRET_SETTINGS

    assert set(SECRET_ENV) == set(SECRET_SETTINGS)


def test_no_secret_in_repr_or_config_text_or_json(
    secret_env: None, capsys: pytest.CaptureFixture[str]
) -> None:
    config = Config.from_env()
    assert config.mcp_token == SECRET and SECRET in (config.cache or "")  # it was read
    assert SECRET not in repr(config)
    assert main(["config"]) == 0
    text = capsys.readouterr().out
    assert SECRET not in text, text
    assert "search.example" in text and "proxy.example" in text  # still recognisable
    assert main(["config", "--json"]) == 0
    shown = capsys.readouterr().out
    assert SECRET not in shown, shown
    settings = json.loads(shown)["config"]
    for variable in SECRET_ENV:
        assert settings[variable] is not None, variable  # masked, not dropped


@pytest.mark.parametrize(
    "url",
    [
        f"redis://:{SECRET}@127.0.0.1:6379/0",
        f"redis://default:{SECRET}@127.0.0.1:6379/0",
        f"redis://127.0.0.1:6379/0?password={SECRET}",
        f"rediss://127.0.0.1:6380/1?username=app&password={SECRET}",
        f"unix:///run/redis.sock?db=0&password={SECRET}",
    ],
)
def test_repr_hides_a_redis_password(url: str) -> None:
    text = repr(Config(cache=url))
    assert SECRET not in text, text
    assert "cache=" in text


def test_config_json_masks_the_token_the_command_and_a_redis_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEB_MCP_TOKEN", SECRET)
    monkeypatch.setenv("WEB_CACHE", f"redis://127.0.0.1:6379/0?password={SECRET}")
    monkeypatch.setenv("WEB_MCP_SEARCH_COMMAND", f"bravesearch-mcp --api-key {SECRET} stdio")
    assert main(["config", "--json"]) == 0
    settings = json.loads(capsys.readouterr().out)["config"]
    assert SECRET not in json.dumps(settings)
    assert settings["WEB_CACHE"] == "redis://127.0.0.1:6379/0?password=***"
    assert settings["WEB_MCP_SEARCH_COMMAND"] == "bravesearch-mcp --api-key *** stdio"


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        (  # an environment assignment through env(1)
            f"env FIRECRAWL_API_KEY=fc-{SECRET} npx -y firecrawl-mcp",
            "env FIRECRAWL_API_KEY=*** npx -y firecrawl-mcp",
        ),
        (  # a leading assignment, as a shell would read it
            f"SEARCHAPI_API_KEY={SECRET} searchapi-mcp",
            "SEARCHAPI_API_KEY=*** searchapi-mcp",
        ),
        (  # an option and its value as two words, and as one
            f"brave-search-mcp-server --brave-api-key {SECRET} --transport stdio",
            "brave-search-mcp-server --brave-api-key *** --transport stdio",
        ),
        (
            f"brave-search-mcp-server --brave-api-key={SECRET} --transport=stdio",
            "brave-search-mcp-server --brave-api-key=*** --transport=stdio",
        ),
        (  # a header argument
            f"mcp-remote https://mcp.example/mcp --header 'Authorization: Bearer {SECRET}'",
            "mcp-remote https://mcp.example/mcp --header 'Authorization: ***'",
        ),
        (  # a URL carrying the key in its query
            f"mcp-remote 'https://mcp.example/mcp?api_key={SECRET}'",
            "mcp-remote https://mcp.example/mcp?api_key=***",
        ),
        (  # a token-shaped word behind a one-letter option
            f"brave-search-mcp-server -k {SECRET}",
            "brave-search-mcp-server -k ***",
        ),
        (  # nothing secret: shown as it is
            "uvx duckduckgo-mcp-server --transport stdio",
            "uvx duckduckgo-mcp-server --transport stdio",
        ),
    ],
)
def test_the_command_rule(command: str, shown: str) -> None:
    from webdistill.kernel.redaction import masked_command

    assert masked_command(command) == shown


@pytest.mark.parametrize(
    ("variable", "raw"),
    [
        ("WEB_PROXY", f"ftp://bob:{SECRET}@proxy.example"),
        ("SEARXNG_URL", f"searx.example/?token={SECRET}"),
        ("WEB_LLM_BASE_URL", f"api.example/v1?key={SECRET}"),
        ("WEB_CACHE", f"redis:/:{SECRET}@127.0.0.1:6379/0"),
        ("WEB_PROVIDER_ENDPOINTS", f"bravo=https://ann:{SECRET}@brave.example"),
        ("WEB_MCP_SEARCH_COMMAND", f"server --api-key {SECRET} 'unclosed"),
        ("WEB_MCP_TOKEN", f"{SECRET} x"),
    ],
)
def test_configuration_errors_do_not_repeat_the_secret(variable: str, raw: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping({variable: raw})
    message = str(caught.value)
    assert variable in message  # still says which setting is wrong
    assert SECRET not in message, message


def test_an_unusable_redis_url_is_refused_without_its_password() -> None:
    from webdistill.adapters.store.choice import StoreChoiceError, open_store

    with pytest.raises(StoreChoiceError) as caught:
        open_store(f"redis://:{SECRET}@127.0.0.1:notaport/0", None, None)
    assert "WEB_CACHE" in str(caught.value) and SECRET not in str(caught.value)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (f"redis://:{SECRET}@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"),
        (
            f"redis://app:{SECRET}@h:6379/0?password={SECRET}",
            "redis://app:***@h:6379/0?password=***",
        ),
        (f"http://{SECRET}@proxy.example:3128", "http://***@proxy.example:3128"),  # a bare token
        ("https://searx.example/search", "https://searx.example/search"),
        # a key in the path: Firecrawl's hosted MCP URL `https://mcp.firecrawl.dev/{KEY}/v2/mcp`
        # (inkeep agents-sdk's Firecrawl tool), the Telegram Bot API's `/bot<token>/METHOD`
        # with the token shape of its documentation (core.telegram.org/bots/api)
        (f"https://mcp.firecrawl.dev/fc-{SECRET}/v2/mcp", "https://mcp.firecrawl.dev/***/v2/mcp"),
        (
            "https://api.telegram.org/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/getMe",
            "https://api.telegram.org/***/getMe",
        ),
        (f"redis:/:{SECRET}@127.0.0.1", "redis:/:***@127.0.0.1"),  # malformed: still masked
    ],
)
def test_the_url_rule(url: str, shown: str) -> None:
    from webdistill.kernel.redaction import masked_url

    assert masked_url(url) == shown
