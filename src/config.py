"""Configuration: every setting of webdistill, read from environment variables or a TOML file.

`Config.from_env()` reads the `WEB_*` variables (and the provider keys), after the TOML file
named by `WEB_CONFIG` (or `config_file=`) whose keys are the same variable names; the
environment wins over the file. A bad value raises `ConfigError` naming the variable and the
accepted values, so a misconfiguration stops start-up instead of surprising a user later.
"""

from __future__ import annotations

import difflib
import ipaddress
import logging
import os
import tomllib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any
from urllib.parse import urlsplit

import attrs

from webdistill.adapters.providers.settings import PROVIDER_NAMES
from webdistill.kernel.quoting import redacted_url
from webdistill.kernel.redaction import masked_command, masked_key, masked_url

PROVIDERS = PROVIDER_NAMES  # one list: the providers' own settings module holds it
COMPRESSORS = ("none", "llm", "extractive")
READERS = ("none", "jina", "firecrawl")
RENDER_MODES = ("auto", "never", "always")
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


class ConfigError(ValueError):
    """A configuration value is missing or malformed; the message names the variable."""


def _frozen_map(value: Mapping[str, str] | None) -> Mapping[str, str]:
    return MappingProxyType(dict(value or {}))


def _cache_setting(value: str | bool) -> str:
    """`Config(cache=True/False)` (the old flag) still means the default store / none."""
    if isinstance(value, bool):
        return "disk" if value else "off"
    return value


@attrs.frozen
class Config:
    """Every setting, with its default. Field `x` is read from variable `WEB_X` (see FIELDS)."""

    search_provider: str = "auto"
    brave_api_key: str | None = attrs.field(default=None, repr=False)
    tavily_api_key: str | None = attrs.field(default=None, repr=False)
    exa_api_key: str | None = attrs.field(default=None, repr=False)
    serper_api_key: str | None = attrs.field(default=None, repr=False)
    searxng_url: str | None = attrs.field(default=None, repr=redacted_url)
    domain_blocklist: tuple[str, ...] = ()
    domain_allowlist: tuple[str, ...] = ()
    #: WEB_DEFAULT_BLOCKLIST: refuse the hosts of the shipped malware list (URLhaus snapshot).
    default_blocklist: bool = True
    allow_http: bool = False
    allow_private_network: bool = False
    trusted_addresses: tuple[str, ...] = ()
    max_response_bytes: int = 5 * 1024 * 1024
    max_content_chars: int = 20000
    user_agent: str | None = None
    fetch_timeout_ms: int = 15000
    search_timeout_ms: int = 30000
    concurrency: int = 8
    compressor: str = "none"
    compress_min_length: int = 5000
    llm_base_url: str | None = attrs.field(default=None, repr=redacted_url)
    llm_api_key: str | None = attrs.field(default=None, repr=False)
    llm_model: str | None = None
    respect_robots: bool = False
    fence_untrusted: bool | None = None
    proxy: str | None = attrs.field(default=None, repr=redacted_url)
    proxy_remote_dns: bool = False
    cache: str = attrs.field(default="disk", converter=_cache_setting, repr=redacted_url)
    provider_endpoints: Mapping[str, str] = attrs.field(
        factory=dict, converter=_frozen_map, repr=redacted_url
    )
    reader: str = "none"
    reader_url: str | None = attrs.field(default=None, repr=redacted_url)
    reader_api_key: str | None = attrs.field(default=None, repr=False)
    reader_timeout_ms: int = 30000
    llm_timeout_ms: int = 60000
    llm_total_timeout_ms: int = 180000
    llm_chunk_chars: int = 12000
    llm_max_output_tokens: int = 1024
    snippet_chars: int = 500
    content_hits: int = 3
    content_chars: int = 4000
    search_max_requests: int = 3
    provider_priority: tuple[str, ...] = ()
    ddg_min_interval_ms: int = 1500
    ddg_backoff_ms: int = 60000
    openserp_url: str | None = attrs.field(default=None, repr=redacted_url)
    openserp_engine: str = "google"
    mcp_search_command: str | None = attrs.field(default=None, repr=False)
    mcp_search_tool: str | None = None
    mcp_allowed_hosts: tuple[str, ...] = ()
    mcp_allowed_origins: tuple[str, ...] = ()
    mcp_token: str | None = attrs.field(default=None, repr=False)
    mcp_header_timeout_ms: int = 10_000
    mcp_body_timeout_ms: int = 30_000
    mcp_max_connections: int = 256
    mcp_max_sessions: int = 1000
    mcp_max_sessions_per_client: int = 100
    mcp_session_idle_minutes: int = 10
    #: WEB_AUDIT_LOG: "stderr" or a file path; None = no audit log.
    audit_log: str | None = None
    cache_dir: str | None = None
    cache_max_bytes: int | None = None
    max_stored_results: int = 100
    max_stored_chars: int = 200_000
    per_host: int = 4
    extract_memory_mb: int = 512
    #: WEB_IMAGE_LINKS: images in page Markdown as `![alt](url)` (True) or their alt text alone.
    image_links: bool = True
    #: The local browser (adapters/render): when to render, which browser, its bounds.
    render: str = "auto"
    browser_path: str | None = None
    render_concurrency: int = 2
    render_timeout_ms: int = 10_000
    render_max_requests: int = 200
    render_max_bytes: int = 20 * 1024 * 1024
    browser_memory_mb: int = 1024

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str] | None = None,
        *,
        config_file: str | None = None,
        file_option: str = "config_file",
    ) -> Config:
        """Read the configuration; raises `ConfigError` naming the bad variable.

        `file_option` is what the caller calls `config_file` in its errors (the CLI:
        `--config`); a file named by `WEB_CONFIG` is called that."""
        environ = os.environ if env is None else env
        path = config_file or environ.get("WEB_CONFIG")
        label = file_option if config_file else "WEB_CONFIG"
        for warning in unknown_variables(environ):
            if warning not in _WARNED:
                _WARNED.add(warning)
                _log.warning("%s", warning)
        values: dict[str, str] = dict(_read_toml(path, label)) if path else {}
        values.update({k: v for k, v in environ.items() if k in FIELDS})
        return from_mapping(values)


def _text(variable: str, raw: str) -> str | None:
    return raw.strip() or None


def _choice(choices: tuple[str, ...]) -> Callable[[str, str], str]:
    def parse(variable: str, raw: str) -> str:
        value = raw.strip().lower()
        if value not in choices:
            raise ConfigError(f"{variable}={raw!r} is not valid: use one of {', '.join(choices)}.")
        return value

    return parse


def _flag(variable: str, raw: str) -> bool:
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ConfigError(f"{variable}={raw!r} is not valid: use true or false.")


def _count(low: int, high: int) -> Callable[[str, str], int]:
    def parse(variable: str, raw: str) -> int:
        try:
            value = int(raw.strip().replace("_", ""))
        except ValueError:
            raise ConfigError(
                f"{variable}={raw!r} is not valid: use a whole number from {low} to {high}."
            ) from None
        if not low <= value <= high:
            raise ConfigError(f"{variable}={raw!r} is out of range: use {low} to {high}.")
        return value

    return parse


def _domains(variable: str, raw: str) -> tuple[str, ...]:
    domains = tuple(d.strip().lower().strip(".") for d in raw.split(",") if d.strip())
    bad = [d for d in domains if "/" in d or " " in d or ":" in d]
    if bad:
        raise ConfigError(
            f"{variable} has {bad[0]!r}, which is not a domain: give bare domains "
            "separated by commas, e.g. example.com,docs.example.org."
        )
    return domains


def _addresses(variable: str, raw: str) -> tuple[str, ...]:
    items = tuple(item.strip() for item in raw.split(",") if item.strip())
    for item in items:
        try:
            ipaddress.ip_address(item)
        except ValueError:
            local = item.lower().rstrip(".")
            names = (
                " (for localhost: list 127.0.0.1 and fetch http://127.0.0.1:PORT/..., or set "
                "WEB_ALLOW_PRIVATE_NETWORK=true to reach local names)"
                if local == "localhost" or local.endswith(".localhost")
                else ""
            )
            raise ConfigError(
                f"{variable} has {item!r}, which is not an IP address: give exact addresses "
                f"separated by commas, e.g. 127.0.0.1,10.0.0.5{names}."
            ) from None
    return items


def _http_url(variable: str, raw: str) -> str | None:
    value = raw.strip()
    if not value:
        return None
    if not value.startswith(("http://", "https://")):
        raise ConfigError(f"{variable}={masked_url(raw)!r} is not valid: give an http(s) URL.")
    return value.rstrip("/")


PROXY_SCHEMES = ("http://", "https://", "socks5://", "socks5h://", "socks4://")


def _proxy_url(variable: str, raw: str) -> str | None:
    value = raw.strip()
    if not value:
        return None
    if not value.lower().startswith(PROXY_SCHEMES):
        raise ConfigError(
            f"{variable}={masked_url(raw)!r} is not valid: give the proxy's http(s) URL or a "
            "socks5:// or socks4:// URL, e.g. socks5://127.0.0.1:1080."
        )
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        parts, port = None, None
    socks = value.lower().startswith("socks")
    if parts is None or not parts.hostname or (socks and port is None):
        raise ConfigError(
            f"{variable}={masked_url(raw)!r} is not valid: give the proxy's host and port, "
            "e.g. http://proxy.internal:3128 or socks5://127.0.0.1:1080 (an IPv6 address in "
            "brackets: socks5://[::1]:1080)."
        )
    return value.rstrip("/")


def _audit_destination(variable: str, raw: str) -> str | None:
    value = raw.strip()
    if not value or value.lower() in ("0", "false", "off", "no", "none"):
        return None
    return "stderr" if value.lower() == "stderr" else value


def _endpoints(variable: str, raw: str) -> dict[str, str]:
    result: dict[str, str] = {}
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        name, sep, url = item.partition("=")
        name = name.strip().lower()
        if not sep or name not in (*PROVIDERS[1:-1], "duckduckgo_lite"):
            shown = f"{name}={masked_url(url)}" if sep else masked_url(item)
            raise ConfigError(
                f"{variable} has {shown!r}: use provider=URL pairs separated by commas, with "
                f"providers among {', '.join(PROVIDERS[1:-1])}."
            )
        result[name] = _http_url(variable, url) or ""
    return result


def _priority(variable: str, raw: str) -> tuple[str, ...]:
    names = [part.strip().lower() for part in raw.split(",") if part.strip()]
    usable = PROVIDERS[1:-1]
    for name in names:
        if name not in usable:
            raise ConfigError(
                f"{variable} has {name!r}, which is not a provider: list providers among "
                f"{', '.join(usable)}, most preferred first, separated by commas."
            )
    if len(set(names)) != len(names):
        raise ConfigError(f"{variable}={raw!r} names a provider twice; name each once.")
    return tuple(names)


def _command(variable: str, raw: str) -> str | None:
    import shlex

    value = raw.strip()
    if not value:
        return None
    try:
        shlex.split(value)
    except ValueError as exc:
        raise ConfigError(
            f"{variable} is not a valid command line ({exc}): check its quotes (the value is "
            "not repeated here: it may hold a key)."
        ) from None
    return value


def _host_names(variable: str, raw: str) -> tuple[str, ...]:
    items = tuple(part.strip().lower() for part in raw.split(",") if part.strip())
    for item in items:
        if "/" in item or "@" in item or any(c.isspace() for c in item):
            raise ConfigError(
                f"{variable} has {item!r}, which is not a host: give Host header values "
                "(name or name:port) separated by commas, e.g. mcp.example.org,127.0.0.1:8765."
            )
    return items


def _origins(variable: str, raw: str) -> tuple[str, ...]:
    items = tuple(part.strip().lower().rstrip("/") for part in raw.split(",") if part.strip())
    for item in items:
        scheme, sep, rest = item.partition("://")
        if scheme not in ("http", "https") or not sep or not rest or "/" in rest:
            raise ConfigError(
                f"{variable} has {item!r}, which is not an origin: give scheme://host[:port] "
                "values separated by commas, e.g. https://app.example.org."
            )
    return items


def _token(variable: str, raw: str) -> str | None:
    value = raw.strip()
    if not value:
        return None
    if len(value) < 16 or any(c.isspace() for c in value):
        raise ConfigError(
            f"{variable} is too short or has spaces: use a random secret of at least 16 "
            "characters (e.g. the output of `python -c 'import secrets; "
            "print(secrets.token_urlsafe(32))'`)."
        )
    return value


CACHE_CHOICES = ("disk", "memory", "off")
_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def _cache(variable: str, raw: str) -> str:
    """`disk`, `memory`, `off`, or a Redis URL (true/false still mean disk/off)."""
    value = raw.strip()
    lowered = value.lower()
    if lowered.startswith(_REDIS_SCHEMES):
        return value
    if lowered in CACHE_CHOICES:
        return lowered
    if lowered in _TRUE:
        return "disk"
    if lowered in _FALSE or lowered == "none":
        return "off"
    raise ConfigError(
        f"{variable}={masked_url(raw)!r} is not valid: use disk, memory, off, or a Redis URL "
        "such as redis://127.0.0.1:6379/0."
    )


def _directory(variable: str, raw: str) -> str | None:
    value = os.path.expanduser(raw.strip())
    if value and not os.path.isabs(value):
        raise ConfigError(f"{variable}={raw!r} is not valid: give an absolute directory path.")
    return value or None


def _executable(variable: str, raw: str) -> str | None:
    value = os.path.expanduser(raw.strip())
    if not value:
        return None
    if not os.path.isabs(value):
        raise ConfigError(
            f"{variable}={raw!r} is not valid: give the absolute path of a Chromium executable, "
            "e.g. /usr/bin/chromium-headless-shell."
        )
    if not (os.path.isfile(value) and os.access(value, os.X_OK)):
        raise ConfigError(
            f"{variable}={raw!r}: no executable file there. Install a browser (Debian: "
            "apt-get install chromium-headless-shell) or correct the path."
        )
    return value


#: variable name -> (Config field, parser)
FIELDS: dict[str, tuple[str, Callable[[str, str], Any]]] = {
    "WEB_SEARCH_PROVIDER": ("search_provider", _choice(PROVIDERS)),
    "BRAVE_API_KEY": ("brave_api_key", _text),
    "TAVILY_API_KEY": ("tavily_api_key", _text),
    "EXA_API_KEY": ("exa_api_key", _text),
    "SERPER_API_KEY": ("serper_api_key", _text),
    "SEARXNG_URL": ("searxng_url", _http_url),
    "WEB_DOMAIN_BLOCKLIST": ("domain_blocklist", _domains),
    "WEB_DEFAULT_BLOCKLIST": ("default_blocklist", _flag),
    "WEB_DOMAIN_ALLOWLIST": ("domain_allowlist", _domains),
    "WEB_ALLOW_HTTP": ("allow_http", _flag),
    "WEB_ALLOW_PRIVATE_NETWORK": ("allow_private_network", _flag),
    "WEB_TRUSTED_ADDRESSES": ("trusted_addresses", _addresses),
    "WEB_MAX_RESPONSE_BYTES": ("max_response_bytes", _count(1024, 1024**3)),
    "WEB_MAX_CONTENT_CHARS": ("max_content_chars", _count(200, 1_000_000)),
    "WEB_USER_AGENT": ("user_agent", _text),
    "WEB_FETCH_TIMEOUT_MS": ("fetch_timeout_ms", _count(100, 600_000)),
    "WEB_SEARCH_TIMEOUT_MS": ("search_timeout_ms", _count(100, 600_000)),
    "WEB_CONCURRENCY": ("concurrency", _count(1, 64)),
    "WEB_COMPRESSOR": ("compressor", _choice(COMPRESSORS)),
    "WEB_COMPRESS_MIN_LENGTH": ("compress_min_length", _count(0, 10_000_000)),
    "WEB_LLM_BASE_URL": ("llm_base_url", _http_url),
    "WEB_LLM_API_KEY": ("llm_api_key", _text),
    "WEB_LLM_MODEL": ("llm_model", _text),
    "WEB_RESPECT_ROBOTS": ("respect_robots", _flag),
    "WEB_FENCE_UNTRUSTED": ("fence_untrusted", _flag),
    "WEB_PROXY": ("proxy", _proxy_url),
    "WEB_PROXY_REMOTE_DNS": ("proxy_remote_dns", _flag),
    "WEB_CACHE": ("cache", _cache),
    "WEB_PROVIDER_ENDPOINTS": ("provider_endpoints", _endpoints),
    "WEB_READER": ("reader", _choice(READERS)),
    "WEB_READER_URL": ("reader_url", _http_url),
    "WEB_READER_API_KEY": ("reader_api_key", _text),
    "WEB_READER_TIMEOUT_MS": ("reader_timeout_ms", _count(100, 600_000)),
    "WEB_LLM_TIMEOUT_MS": ("llm_timeout_ms", _count(1000, 600_000)),
    "WEB_LLM_TOTAL_TIMEOUT_MS": ("llm_total_timeout_ms", _count(1000, 3_600_000)),
    "WEB_LLM_CHUNK_CHARS": ("llm_chunk_chars", _count(1000, 1_000_000)),
    "WEB_LLM_MAX_OUTPUT_TOKENS": ("llm_max_output_tokens", _count(64, 1_000_000)),
    "WEB_SEARCH_SNIPPET_CHARS": ("snippet_chars", _count(20, 5000)),
    "WEB_SEARCH_CONTENT_HITS": ("content_hits", _count(1, 10)),
    "WEB_SEARCH_CONTENT_CHARS": ("content_chars", _count(200, 100_000)),
    "WEB_SEARCH_MAX_REQUESTS": ("search_max_requests", _count(1, 10)),
    "WEB_PROVIDER_PRIORITY": ("provider_priority", _priority),
    "WEB_DDG_MIN_INTERVAL_MS": ("ddg_min_interval_ms", _count(0, 60_000)),
    "WEB_DDG_BACKOFF_MS": ("ddg_backoff_ms", _count(0, 3_600_000)),
    "OPENSERP_URL": ("openserp_url", _http_url),
    "OPENSERP_ENGINE": (
        "openserp_engine",
        _choice(("google", "yandex", "baidu", "bing", "duckduckgo", "ecosia", "mega")),
    ),
    "WEB_MCP_SEARCH_COMMAND": ("mcp_search_command", _command),
    "WEB_MCP_SEARCH_TOOL": ("mcp_search_tool", _text),
    "WEB_MCP_ALLOWED_HOSTS": ("mcp_allowed_hosts", _host_names),
    "WEB_MCP_ALLOWED_ORIGINS": ("mcp_allowed_origins", _origins),
    "WEB_MCP_TOKEN": ("mcp_token", _token),
    "WEB_MCP_HEADER_TIMEOUT_MS": ("mcp_header_timeout_ms", _count(100, 600_000)),
    "WEB_MCP_BODY_TIMEOUT_MS": ("mcp_body_timeout_ms", _count(100, 600_000)),
    "WEB_MCP_MAX_CONNECTIONS": ("mcp_max_connections", _count(2, 65_536)),
    "WEB_MCP_MAX_SESSIONS": ("mcp_max_sessions", _count(1, 100_000)),
    "WEB_MCP_MAX_SESSIONS_PER_CLIENT": ("mcp_max_sessions_per_client", _count(1, 100_000)),
    "WEB_MCP_SESSION_IDLE_MINUTES": ("mcp_session_idle_minutes", _count(1, 1440)),
    "WEB_AUDIT_LOG": ("audit_log", _audit_destination),
    "WEB_CACHE_DIR": ("cache_dir", _directory),
    "WEB_CACHE_MAX_BYTES": ("cache_max_bytes", _count(1024 * 1024, 1024**4)),
    "WEB_MAX_STORED_RESULTS": ("max_stored_results", _count(0, 100_000)),
    "WEB_MAX_STORED_CHARS": ("max_stored_chars", _count(1000, 100_000_000)),
    "WEB_PER_HOST": ("per_host", _count(1, 64)),
    "WEB_EXTRACT_MEMORY_MB": ("extract_memory_mb", _count(128, 65_536)),
    "WEB_IMAGE_LINKS": ("image_links", _flag),
    "WEB_RENDER": ("render", _choice(RENDER_MODES)),
    "WEB_BROWSER_PATH": ("browser_path", _executable),
    "WEB_RENDER_CONCURRENCY": ("render_concurrency", _count(1, 16)),
    "WEB_RENDER_TIMEOUT_MS": ("render_timeout_ms", _count(1000, 600_000)),
    "WEB_RENDER_MAX_REQUESTS": ("render_max_requests", _count(1, 10_000)),
    "WEB_RENDER_MAX_BYTES": ("render_max_bytes", _count(64 * 1024, 1024**3)),
    "WEB_BROWSER_MEMORY_MB": ("browser_memory_mb", _count(128, 65_536)),
}


#: Every setting that can hold a secret, by kind (see `kernel/redaction.py`): "key" (a key or
#: token held whole), "url" (a URL whose user-info or query can carry one), "command" (a
#: command line whose options or environment assignments can carry one).
SECRET_SETTINGS: Mapping[str, str] = MappingProxyType(
    {
        "BRAVE_API_KEY": "key", "TAVILY_API_KEY": "key", "EXA_API_KEY": "key",
        "SERPER_API_KEY": "key", "WEB_LLM_API_KEY": "key", "WEB_READER_API_KEY": "key",
        "WEB_MCP_TOKEN": "key", "SEARXNG_URL": "url", "WEB_LLM_BASE_URL": "url",
        "WEB_READER_URL": "url", "OPENSERP_URL": "url", "WEB_PROXY": "url",
        "WEB_PROVIDER_ENDPOINTS": "url", "WEB_CACHE": "url", "WEB_MCP_SEARCH_COMMAND": "command",
    }
)  # fmt: skip


def shown_setting(variable: str, value: object) -> object:
    """`value` of setting `variable` as it may be shown anywhere, its secrets masked."""
    kind = SECRET_SETTINGS.get(variable)
    if value is None or kind is None:
        return value
    if kind == "key":
        return masked_key(str(value))
    if kind == "command":
        return masked_command(str(value))
    if isinstance(value, Mapping):
        return {str(k): masked_url(str(v)) for k, v in value.items()}
    return masked_url(str(value))


#: `WEB_*` variables read that are not settings of FIELDS.
OTHER_VARIABLES = frozenset({"WEB_CONFIG"})
_log = logging.getLogger("webdistill.config")
_WARNED: set[str] = set()  # each warning once per process


def unknown_variables(environ: Mapping[str, str]) -> list[str]:
    """A warning for each `WEB_*` variable in `environ` that no setting reads (a typo is
    otherwise silently ignored), naming the nearest known variable when one is close."""
    warnings = []
    for name in sorted(environ):
        if not name.startswith("WEB_") or name in FIELDS or name in OTHER_VARIABLES:
            continue
        near = difflib.get_close_matches(name, [*FIELDS, *OTHER_VARIABLES], n=1, cutoff=0.75)
        hint = f"did you mean {near[0]}?" if near else "see `webdistill config` for the known ones."
        warnings.append(f"warning: {name} is not a webdistill setting and is ignored; {hint}")
    return warnings


def _read_toml(path: str, label: str = "WEB_CONFIG") -> Mapping[str, str]:
    """The TOML file's settings; `label` names how it was given (`WEB_CONFIG`, `--config`)."""
    named = f"{label}={path}" if label.isupper() else f"{label} {path}"
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as exc:
        raise ConfigError(
            f"{named}: cannot read it ({exc.strerror or exc}): give the path of a readable "
            "TOML file."
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{named}: not valid TOML: {exc}.") from None
    values: dict[str, str] = {}
    for key, value in data.items():
        if key not in FIELDS:
            known = ", ".join(sorted(FIELDS))
            raise ConfigError(f"{path}: unknown key {key!r}. Known keys: {known}.")
        if isinstance(value, bool):
            values[key] = "true" if value else "false"
        elif isinstance(value, list):
            values[key] = ",".join(str(item) for item in value)
        elif isinstance(value, dict):
            values[key] = ",".join(f"{k}={v}" for k, v in value.items())
        else:
            values[key] = str(value)
    return values


def from_mapping(values: Mapping[str, str]) -> Config:
    """Build a `Config` from variable -> raw string; cross-checks the combination."""
    fields: dict[str, Any] = {}
    for variable, raw in values.items():
        field, parse = FIELDS[variable]
        fields[field] = parse(variable, raw)
    config = Config(**fields)
    _check_combination(config, frozenset(values))
    return config


def _check_combination(config: Config, given: frozenset[str]) -> None:
    """Settings that only make sense together; `given` names the variables that were set.
    (A keyed provider without its key is not an error here: search answers
    PROVIDER_NOT_CONFIGURED naming the key, and fetch still works.)
    """
    if config.compressor == "llm" and not (config.llm_base_url and config.llm_model):
        raise ConfigError(
            "WEB_COMPRESSOR=llm needs WEB_LLM_BASE_URL and WEB_LLM_MODEL (and WEB_LLM_API_KEY "
            "for hosted APIs), or choose WEB_COMPRESSOR=extractive or none."
        )
    if config.reader == "firecrawl" and not (config.reader_api_key or config.reader_url):
        raise ConfigError(
            "WEB_READER=firecrawl needs WEB_READER_API_KEY (or WEB_READER_URL for a "
            "self-hosted Firecrawl), or choose WEB_READER=jina (key optional) or none."
        )
    # A render runs inside the fetch's total time: a render time the user set must fit in it
    # (the default is simply cut by a shorter fetch deadline).
    if "WEB_RENDER_TIMEOUT_MS" in given and config.render_timeout_ms >= config.fetch_timeout_ms:
        raise ConfigError(
            f"WEB_RENDER_TIMEOUT_MS={config.render_timeout_ms} is not less than "
            f"WEB_FETCH_TIMEOUT_MS={config.fetch_timeout_ms}: a render runs inside the fetch's "
            "total time (after the static read); lower the first or raise the second."
        )
    # The default per-client cap follows a lower total (the MCP door takes the smaller);
    # a cap the user set above the total (whatever its value) is a mistake worth saying.
    per_client_set = "WEB_MCP_MAX_SESSIONS_PER_CLIENT" in given
    if per_client_set and config.mcp_max_sessions_per_client > config.mcp_max_sessions:
        raise ConfigError(
            f"WEB_MCP_MAX_SESSIONS_PER_CLIENT={config.mcp_max_sessions_per_client} is more than "
            f"WEB_MCP_MAX_SESSIONS={config.mcp_max_sessions}: one client can never hold more "
            "sessions than the server keeps in all; lower the first or raise the second."
        )
