"""Which providers a search may use, in order: the pure part of provider selection.

`WEB_SEARCH_PROVIDER` names one provider (only that one is used), `none` (search
disabled), or `auto`: by default keyed providers that have keys, then OpenSERP and SearXNG
if their URL is set, then an MCP search bridge if its command is set, then DuckDuckGo.
`WEB_PROVIDER_PRIORITY` replaces that order: exactly the providers it lists, in its order,
those not configured left out. `auto` moves on after a rate limit, an outage, a timeout, a
network failure, an unreadable answer, and a refused key (the reason is recorded); a
provider named alone stops at any error.
"""

from __future__ import annotations

from returns.result import Failure, Result, Success

from webdistill.adapters.providers.settings import (
    KEYED_PROVIDERS,
    PROVIDER_NAMES,
    ProviderSettings,
)
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import echo, joined, own, setting
from webdistill.kernel.own_text import name as own_name

#: Error codes after which `auto` tries the next provider.
FALL_THROUGH = frozenset(
    {
        ErrorCode.PROVIDER_RATE_LIMITED,
        ErrorCode.PROVIDER_UNAVAILABLE,
        ErrorCode.TIMEOUT,
        ErrorCode.NETWORK_ERROR,
        ErrorCode.INVALID_BACKEND_DATA,
    }
)

#: Codes after which `auto` moves on although the provider is misconfigured (a refused key).
FALL_THROUGH_IN_AUTO = FALL_THROUGH | {ErrorCode.PROVIDER_AUTH_FAILED}

_KEY_VARS = dict(KEYED_PROVIDERS)

#: `auto`'s built-in order.
DEFAULT_ORDER: tuple[str, ...] = (
    "brave",
    "tavily",
    "exa",
    "serper",
    "openserp",
    "searxng",
    "mcp",
    "duckduckgo",
)

#: Every provider `webdistill config` describes.
ALL_PROVIDERS = DEFAULT_ORDER

HOW_TO_CONFIGURE = own(
    "Set WEB_SEARCH_PROVIDER=auto (DuckDuckGo needs no key), or name a provider and its "
    "setting: brave + BRAVE_API_KEY, tavily + TAVILY_API_KEY, exa + EXA_API_KEY, "
    "serper + SERPER_API_KEY, searxng + SEARXNG_URL (an instance with the JSON format "
    "enabled), openserp + OPENSERP_URL, or mcp + WEB_MCP_SEARCH_COMMAND (an MCP search server)."
)


def selected(settings: ProviderSettings) -> str:
    """The configured provider name, normalised."""
    return settings.provider.strip().lower()


def auto_chain(settings: ProviderSettings) -> tuple[str, ...]:
    """The providers `auto` tries, in order."""
    order = settings.priority or DEFAULT_ORDER
    return tuple(name for name in order if missing_setting(settings, name) is None)


def missing_setting(settings: ProviderSettings, name: str) -> str | None:
    """The variable a provider still needs (None when it is usable)."""
    if name in _KEY_VARS and not settings.api_key(name):
        return _KEY_VARS[name]
    if name == "searxng" and not settings.searxng_url:
        return "SEARXNG_URL"
    if name == "openserp" and not settings.openserp_url:
        return "OPENSERP_URL"
    if name == "mcp" and not settings.mcp_command:
        return "WEB_MCP_SEARCH_COMMAND"
    return None


def provider_chain(settings: ProviderSettings) -> Result[tuple[str, ...], WebError]:
    """The providers to try for a search, or PROVIDER_NOT_CONFIGURED saying how to fix it."""
    name = selected(settings)
    if name == "auto":
        chain = auto_chain(settings)
        if not chain:
            return Failure(
                WebError.of(
                    ErrorCode.PROVIDER_NOT_CONFIGURED,
                    own(
                        "None of the providers in WEB_PROVIDER_PRIORITY is configured. Add "
                        "duckduckgo (no key needed) to it, or configure one of them. {}",
                        HOW_TO_CONFIGURE,
                    ),
                    provider="auto",
                )
            )
        return Success(chain)
    if name == "none":
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_NOT_CONFIGURED,
                own("Web search is disabled (WEB_SEARCH_PROVIDER=none). {}", HOW_TO_CONFIGURE),
                provider="none",
            )
        )
    if name not in PROVIDER_NAMES:
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_NOT_CONFIGURED,
                own(
                    "WEB_SEARCH_PROVIDER='{}' is not a known provider; use one of {}. {}",
                    echo(name),
                    joined([own_name(known) for known in PROVIDER_NAMES], ", "),
                    HOW_TO_CONFIGURE,
                ),
                provider=name,
            )
        )
    variable = missing_setting(settings, name)
    if variable is not None:
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_NOT_CONFIGURED,
                own(
                    "WEB_SEARCH_PROVIDER={} needs {}, which is not set. Set "
                    "{}, or set WEB_SEARCH_PROVIDER=auto to fall back to the "
                    "providers that are configured (DuckDuckGo needs no key).",
                    own_name(name),
                    setting(variable),
                    setting(variable),
                ),
                provider=name,
                variable=variable,
            )
        )
    return Success((name,))


def describe_providers(settings: ProviderSettings) -> list[tuple[str, bool, str]]:
    """`(name, usable, why)` for every provider, for `webdistill config`."""
    name = selected(settings)
    chain = provider_chain(settings).value_or(())
    described: list[tuple[str, bool, str]] = []
    for provider in ALL_PROVIDERS:
        variable = missing_setting(settings, provider)
        if provider in chain:
            position = chain.index(provider) + 1
            why = "selected" if name != "auto" else f"auto, tried #{position} of {len(chain)}"
            needs = "no key needed" if provider == "duckduckgo" else "configured"
            described.append((provider, True, f"{why}; {needs}"))
        elif variable is not None:
            described.append((provider, False, f"not configured: set {variable}"))
        elif name == "auto":
            described.append((provider, False, "configured but not in WEB_PROVIDER_PRIORITY"))
        else:
            described.append(
                (provider, False, f"configured but not selected (WEB_SEARCH_PROVIDER={name})")
            )
    return described
