"""Configuration from the environment and TOML: defaults, parsing, and an error per bad value."""

from __future__ import annotations

from pathlib import Path

import pytest

from webdistill.config import FIELDS, Config, ConfigError


def test_defaults_match_the_design() -> None:
    config = Config.from_env({})
    assert config.search_provider == "auto"
    assert config.allow_http is False and config.allow_private_network is False
    assert config.max_response_bytes == 5 * 1024 * 1024
    assert config.max_content_chars == 20000
    assert (config.fetch_timeout_ms, config.search_timeout_ms) == (15000, 30000)
    assert config.concurrency == 8
    assert (config.compressor, config.compress_min_length) == ("none", 5000)


def test_values_are_parsed() -> None:
    config = Config.from_env(
        {
            "WEB_SEARCH_PROVIDER": "Brave",
            "BRAVE_API_KEY": "k",
            "WEB_DOMAIN_BLOCKLIST": "Example.com, .evil.org ,",
            "WEB_ALLOW_HTTP": "yes",
            "WEB_MAX_CONTENT_CHARS": "5000",
            "WEB_PROVIDER_ENDPOINTS": "duckduckgo=http://127.0.0.1:9/,brave=http://127.0.0.1:8",
            "UNRELATED": "ignored",
        }
    )
    assert config.search_provider == "brave"
    assert config.domain_blocklist == ("example.com", "evil.org")
    assert config.allow_http is True
    assert config.max_content_chars == 5000
    assert dict(config.provider_endpoints) == {
        "duckduckgo": "http://127.0.0.1:9",
        "brave": "http://127.0.0.1:8",
    }


BAD_VALUES = [
    ("WEB_SEARCH_PROVIDER", "google", "auto"),
    ("WEB_ALLOW_HTTP", "maybe", "true or false"),
    ("WEB_DEFAULT_BLOCKLIST", "urlhaus", "true or false"),
    ("WEB_ALLOW_PRIVATE_NETWORK", "2", "true or false"),
    ("WEB_MAX_RESPONSE_BYTES", "5MB", "whole number"),
    ("WEB_MAX_CONTENT_CHARS", "10", "200"),
    ("WEB_FETCH_TIMEOUT_MS", "-1", "100"),
    ("WEB_SEARCH_TIMEOUT_MS", "fast", "whole number"),
    ("WEB_CONCURRENCY", "0", "1"),
    ("WEB_COMPRESSOR", "gzip", "extractive"),
    ("WEB_COMPRESS_MIN_LENGTH", "lots", "whole number"),
    ("WEB_DOMAIN_BLOCKLIST", "https://example.com/", "bare domains"),
    ("WEB_DOMAIN_ALLOWLIST", "example.com/path", "bare domains"),
    ("SEARXNG_URL", "searx.local", "http(s) URL"),
    ("WEB_LLM_BASE_URL", "localhost:8000", "http(s) URL"),
    ("WEB_RESPECT_ROBOTS", "sometimes", "true or false"),
    ("WEB_PROXY_REMOTE_DNS", "maybe", "true or false"),
    ("WEB_FENCE_UNTRUSTED", "x", "true or false"),
    ("WEB_CACHE", "x", "disk, memory, off"),
    ("WEB_PER_HOST", "0", "out of range"),
    ("WEB_IMAGE_LINKS", "alt", "true or false"),
    ("WEB_EXTRACT_MEMORY_MB", "100", "128"),
    ("WEB_CACHE_MAX_BYTES", "12", "out of range"),
    ("WEB_MAX_STORED_RESULTS", "-1", "out of range"),
    ("WEB_MAX_STORED_CHARS", "many", "whole number"),
    ("WEB_CACHE_DIR", "relative/dir", "absolute directory"),
    ("WEB_PROXY", "socks://x", "http(s) URL"),
    ("WEB_PROVIDER_ENDPOINTS", "google=http://x", "provider=URL"),
    ("WEB_TRUSTED_ADDRESSES", "localhost", "not an IP address"),
    ("WEB_READER", "browser", "none, jina, firecrawl"),
    ("WEB_READER_URL", "r.jina.ai", "http(s) URL"),
    ("WEB_READER_TIMEOUT_MS", "soon", "whole number"),
    ("WEB_LLM_TIMEOUT_MS", "10s", "whole number"),
    ("WEB_LLM_TOTAL_TIMEOUT_MS", "0", "1000"),
    ("WEB_LLM_CHUNK_CHARS", "50", "1000"),
    ("WEB_LLM_MAX_OUTPUT_TOKENS", "many", "whole number"),
    ("WEB_SEARCH_SNIPPET_CHARS", "5", "20"),
    ("WEB_SEARCH_CONTENT_HITS", "11", "1 to 10"),
    ("WEB_SEARCH_CONTENT_CHARS", "many", "whole number"),
    ("WEB_SEARCH_MAX_REQUESTS", "0", "1 to 10"),
    ("WEB_PROVIDER_PRIORITY", "brave,google", "not a provider"),
    ("WEB_DDG_MIN_INTERVAL_MS", "-5", "0 to 60000"),
    ("WEB_DDG_BACKOFF_MS", "soon", "whole number"),
    ("OPENSERP_URL", "openserp:7000", "http(s) URL"),
    ("OPENSERP_ENGINE", "altavista", "google"),
    ("WEB_MCP_SEARCH_COMMAND", "npx 'unterminated", "command line"),
    ("WEB_MCP_ALLOWED_HOSTS", "http://a.example/", "not a host"),
    ("WEB_MCP_ALLOWED_ORIGINS", "a.example", "not an origin"),
    ("WEB_MCP_TOKEN", "short", "at least 16"),
    ("WEB_MCP_HEADER_TIMEOUT_MS", "50", "100 to 600000"),
    ("WEB_MCP_BODY_TIMEOUT_MS", "soon", "whole number"),
    ("WEB_MCP_MAX_CONNECTIONS", "1", "2 to 65536"),
    ("WEB_MCP_MAX_SESSIONS", "0", "1 to 100000"),
    ("WEB_MCP_MAX_SESSIONS_PER_CLIENT", "many", "whole number"),
    ("WEB_MCP_SESSION_IDLE_MINUTES", "30m", "whole number"),
    ("WEB_RENDER", "sometimes", "auto, never, always"),
    ("WEB_BROWSER_PATH", "chromium", "absolute path"),
    ("WEB_BROWSER_PATH", "/nonexistent/chromium", "no executable file there"),
    ("WEB_RENDER_CONCURRENCY", "0", "1 to 16"),
    ("WEB_RENDER_TIMEOUT_MS", "soon", "whole number"),
    ("WEB_RENDER_MAX_REQUESTS", "0", "1 to 10000"),
    ("WEB_RENDER_MAX_BYTES", "1000", "65536"),
    ("WEB_BROWSER_MEMORY_MB", "64", "128"),
]


@pytest.mark.parametrize(("variable", "value", "advice"), BAD_VALUES)
def test_a_bad_value_names_the_variable_and_what_is_accepted(
    variable: str, value: str, advice: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        Config.from_env({variable: value})
    assert variable in str(caught.value)
    assert advice in str(caught.value)


def test_every_variable_with_a_checked_format_has_a_bad_value_test() -> None:
    free_text = {"BRAVE_API_KEY", "TAVILY_API_KEY", "EXA_API_KEY", "SERPER_API_KEY"}
    free_text |= {"WEB_USER_AGENT", "WEB_LLM_API_KEY", "WEB_LLM_MODEL"}
    free_text |= {"WEB_READER_API_KEY"}
    free_text |= {"WEB_MCP_SEARCH_TOOL"}
    free_text |= {"WEB_AUDIT_LOG"}  # any path; checked when opened (tests/test_operations.py)
    tested = {variable for variable, _, _ in BAD_VALUES}
    assert set(FIELDS) - free_text == tested


def test_a_render_deadline_must_fit_inside_the_fetch_time() -> None:
    with pytest.raises(ConfigError) as caught:
        Config.from_env({"WEB_RENDER_TIMEOUT_MS": "20000", "WEB_FETCH_TIMEOUT_MS": "15000"})
    assert "WEB_RENDER_TIMEOUT_MS" in str(caught.value)
    assert "WEB_FETCH_TIMEOUT_MS" in str(caught.value)
    # the default render deadline follows a shorter fetch time instead of refusing it
    assert Config.from_env({"WEB_FETCH_TIMEOUT_MS": "5000"}).render_timeout_ms == 10_000


def test_llm_compressor_needs_endpoint_and_model() -> None:
    with pytest.raises(ConfigError, match="WEB_LLM_BASE_URL"):
        Config.from_env({"WEB_COMPRESSOR": "llm"})
    config = Config.from_env(
        {
            "WEB_COMPRESSOR": "llm",
            "WEB_LLM_BASE_URL": "http://127.0.0.1:8000/v1",
            "WEB_LLM_MODEL": "m",
        }
    )
    assert config.llm_base_url == "http://127.0.0.1:8000/v1"


def test_keyed_provider_without_key_is_not_a_startup_error() -> None:
    assert Config.from_env({"WEB_SEARCH_PROVIDER": "tavily"}).tavily_api_key is None


def test_toml_file_sets_keys_and_environment_wins(tmp_path: Path) -> None:
    path = tmp_path / "web.toml"
    path.write_text(
        'WEB_SEARCH_PROVIDER = "searxng"\nSEARXNG_URL = "http://127.0.0.1:8888"\n'
        'WEB_ALLOW_HTTP = true\nWEB_DOMAIN_BLOCKLIST = ["a.example", "b.example"]\n'
        "WEB_CONCURRENCY = 4\n"
    )
    config = Config.from_env({"WEB_CONFIG": str(path), "WEB_CONCURRENCY": "2"})
    assert config.search_provider == "searxng"
    assert config.allow_http is True
    assert config.domain_blocklist == ("a.example", "b.example")
    assert config.concurrency == 2


def test_toml_unknown_key_is_refused_with_the_known_keys(tmp_path: Path) -> None:
    path = tmp_path / "web.toml"
    path.write_text('WEB_SEARCH_PROVIDR = "brave"\n')
    with pytest.raises(ConfigError, match="WEB_SEARCH_PROVIDR"):
        Config.from_env({}, config_file=str(path))


def test_missing_or_broken_toml_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        Config.from_env({"WEB_CONFIG": str(tmp_path / "absent.toml")})
    broken = tmp_path / "broken.toml"
    broken.write_text("WEB_ALLOW_HTTP = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        Config.from_env({}, config_file=str(broken))


def test_keys_do_not_appear_in_repr() -> None:
    config = Config.from_env({"BRAVE_API_KEY": "sk-secret-123"})
    assert "sk-secret-123" not in repr(config)


@pytest.mark.parametrize("proxy", ["socks5://127.0.0.1", "http://[::1", "http://:3128"])
def test_a_proxy_the_client_cannot_use_is_refused_at_start_up(proxy: str) -> None:
    # Attack on issue 33: these passed the check and failed every later call as a bug.
    with pytest.raises(ConfigError, match="host and port"):
        Config.from_env({"WEB_PROXY": proxy})


def test_a_proxy_with_host_and_port_is_taken() -> None:
    assert Config.from_env({"WEB_PROXY": "socks5://[::1]:1080"}).proxy == "socks5://[::1]:1080"
