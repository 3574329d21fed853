"""Search-provider settings: which provider, its keys and endpoints, and the search timeout.

The composition root builds `ProviderSettings` from environment variables / TOML; this
module only holds the values and the facts about each provider that selection needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from webdistill.kernel.quoting import redacted_url

#: Every accepted value of WEB_SEARCH_PROVIDER.
PROVIDER_NAMES: tuple[str, ...] = (
    "auto",
    "duckduckgo",
    "brave",
    "tavily",
    "searxng",
    "exa",
    "serper",
    "openserp",
    "mcp",
    "none",
)

#: Keyed providers in the order `auto` tries them, with the variable holding each key.
KEYED_PROVIDERS: tuple[tuple[str, str], ...] = (
    ("brave", "BRAVE_API_KEY"),
    ("tavily", "TAVILY_API_KEY"),
    ("exa", "EXA_API_KEY"),
    ("serper", "SERPER_API_KEY"),
)

#: Results asked for when the query leaves `max_results` unset.
DEFAULT_RESULTS = 5

DEFAULT_TIMEOUT_S = 30.0

#: Requests one query may make to one provider while paging (WEB_SEARCH_MAX_REQUESTS).
DEFAULT_MAX_REQUESTS = 3

#: A current desktop browser; DuckDuckGo serves its challenge page to library UAs.
BROWSER_USER_AGENT = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
)

#: What the keyed APIs and SearXNG see (SearXNG's bot filter rejects "Python/... aiohttp").
API_USER_AGENT = "webdistill/0.1"


def _frozen_urls(value: Mapping[str, str] | None) -> Mapping[str, str]:
    return MappingProxyType(dict(value or {}))


def _blank_to_none(value: str | None) -> str | None:
    if value is None:
        return None
    stripped = value.strip()
    return stripped or None


@attrs.frozen
class ProviderSettings:
    """What the search providers need; empty strings count as unset.

    `base_urls` overrides a provider's endpoint base (tests point them at 127.0.0.1):
    keys are provider names, plus "duckduckgo_lite" for DuckDuckGo's lite endpoint.
    """

    provider: str = "auto"
    brave_api_key: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)
    tavily_api_key: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)
    exa_api_key: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)
    serper_api_key: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)
    searxng_url: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)
    timeout_s: float = DEFAULT_TIMEOUT_S
    user_agent: str | None = None
    base_urls: Mapping[str, str] = attrs.field(
        factory=dict, converter=_frozen_urls, repr=redacted_url
    )
    max_requests: int = DEFAULT_MAX_REQUESTS
    #: `auto`'s order (WEB_PROVIDER_PRIORITY); empty = the built-in order.
    priority: tuple[str, ...] = ()
    ddg_min_interval_s: float = 1.5
    ddg_backoff_s: float = 60.0
    openserp_url: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)
    openserp_engine: str = "google"
    mcp_command: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)
    mcp_tool: str | None = attrs.field(default=None, converter=_blank_to_none)
    #: WEB_PROXY: provider calls go through it too (http://, https://, socks5://...).
    proxy: str | None = attrs.field(default=None, converter=_blank_to_none, repr=False)

    def api_key(self, provider: str) -> str | None:
        """The key configured for a keyed provider (None for the others)."""
        return {
            "brave": self.brave_api_key,
            "tavily": self.tavily_api_key,
            "exa": self.exa_api_key,
            "serper": self.serper_api_key,
        }.get(provider)

    def base_url(self, provider: str, default: str) -> str:
        """The endpoint base for `provider`, without a trailing slash."""
        return self.base_urls.get(provider, default).rstrip("/")

    def browser_user_agent(self) -> str:
        """The User-Agent for scraped endpoints (DuckDuckGo)."""
        return self.user_agent or BROWSER_USER_AGENT

    def api_user_agent(self) -> str:
        """The User-Agent for JSON APIs and SearXNG."""
        return self.user_agent or API_USER_AGENT

    def api_headers(self, credential: tuple[str, str]) -> dict[str, str]:
        """Headers of a keyed JSON API call: the `(name, value)` credential, JSON, our UA."""
        name, value = credential
        return {name: value, "Accept": "application/json", "User-Agent": self.api_user_agent()}
