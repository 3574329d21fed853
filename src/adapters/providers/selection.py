"""Which providers a search may use, in order: the pure part of provider selection.

`WEB_SEARCH_PROVIDER` names one provider (only that one is used), `none` (search
disabled), or `auto`: keyed providers that have keys, then SearXNG if `SEARXNG_URL` is
set, then DuckDuckGo. `auto` moves on after a rate limit, an outage, a timeout, a network
failure or an unreadable answer, never after an auth or configuration error.
"""

from __future__ import annotations

from returns.result import Failure, Result, Success

from webdistill.adapters.providers.settings import (
    KEYED_PROVIDERS,
    PROVIDER_NAMES,
    ProviderSettings,
)
from webdistill.kernel.errors import ErrorCode, WebError

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

_KEY_VARS = dict(KEYED_PROVIDERS)

HOW_TO_CONFIGURE = (
    "Set WEB_SEARCH_PROVIDER=auto (DuckDuckGo needs no key), or name a provider and its "
    "setting: brave + BRAVE_API_KEY, tavily + TAVILY_API_KEY, exa + EXA_API_KEY, "
    "serper + SERPER_API_KEY, or searxng + SEARXNG_URL (an instance with the JSON format "
    "enabled)."
)


def selected(settings: ProviderSettings) -> str:
    """The configured provider name, normalised."""
    return settings.provider.strip().lower()


def auto_chain(settings: ProviderSettings) -> tuple[str, ...]:
    """The providers `auto` tries, in order."""
    chain = [name for name, _ in KEYED_PROVIDERS if settings.api_key(name)]
    if settings.searxng_url:
        chain.append("searxng")
    chain.append("duckduckgo")
    return tuple(chain)


def missing_setting(settings: ProviderSettings, name: str) -> str | None:
    """The variable a provider still needs (None when it is usable)."""
    if name in _KEY_VARS and not settings.api_key(name):
        return _KEY_VARS[name]
    if name == "searxng" and not settings.searxng_url:
        return "SEARXNG_URL"
    return None


def provider_chain(settings: ProviderSettings) -> Result[tuple[str, ...], WebError]:
    """The providers to try for a search, or PROVIDER_NOT_CONFIGURED saying how to fix it."""
    name = selected(settings)
    if name == "auto":
        return Success(auto_chain(settings))
    if name == "none":
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_NOT_CONFIGURED,
                "Web search is disabled (WEB_SEARCH_PROVIDER=none). " + HOW_TO_CONFIGURE,
                provider="none",
            )
        )
    if name not in PROVIDER_NAMES:
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_NOT_CONFIGURED,
                f"WEB_SEARCH_PROVIDER={name!r} is not a known provider; use one of "
                f"{', '.join(PROVIDER_NAMES)}. " + HOW_TO_CONFIGURE,
                provider=name,
            )
        )
    variable = missing_setting(settings, name)
    if variable is not None:
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_NOT_CONFIGURED,
                f"WEB_SEARCH_PROVIDER={name} needs {variable}, which is not set. Set "
                f"{variable}, or set WEB_SEARCH_PROVIDER=auto to fall back to the "
                "providers that are configured (DuckDuckGo needs no key).",
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
    for provider in ("brave", "tavily", "exa", "serper", "searxng", "duckduckgo"):
        variable = missing_setting(settings, provider)
        if provider in chain:
            position = chain.index(provider) + 1
            why = "selected" if name != "auto" else f"auto, tried #{position} of {len(chain)}"
            needs = "no key needed" if provider == "duckduckgo" else "configured"
            described.append((provider, True, f"{why}; {needs}"))
        elif variable is not None:
            described.append((provider, False, f"not configured: set {variable}"))
        else:
            described.append(
                (provider, False, f"configured but not selected (WEB_SEARCH_PROVIDER={name})")
            )
    return described
