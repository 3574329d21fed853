"""`webdistill config`: the effective configuration (secrets masked) and the search providers.

Shows every setting by the variable that sets it, so a user can see what the environment and
the TOML file added up to, and which providers `auto` would try.
"""

from __future__ import annotations

import argparse
import json
import os

from webdistill.config import FIELDS, Config, shown_setting
from webdistill.doors.cli.support import EXIT_INPUT, EXIT_OK, say_error


def _print_json(value: object) -> None:
    print(json.dumps(value, ensure_ascii=False, indent=2))


def _shown(variable: str, value: object) -> object:
    """A setting as shown: every secret masked (`config.shown_setting`), as JSON values."""
    value = shown_setting(variable, value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return list(value)
    if hasattr(value, "items"):
        return {str(k): str(v) for k, v in value.items()}
    return str(value)


#: What is in force when a setting is left unset (beside the plain defaults of `Config`).
IMPLIED = {
    "WEB_USER_AGENT": "webdistill/<version>",
    "WEB_FENCE_UNTRUSTED": "on for MCP, off for the CLI",
    "WEB_AUDIT_LOG": "off",
    "WEB_PROXY": "none (direct connections)",
}


def _defaults() -> dict[str, object]:
    """Each variable's value when nothing sets it."""
    plain = Config()
    return {variable: getattr(plain, field) for variable, (field, _) in FIELDS.items()}


def _in_force(variable: str, value: object, config: Config) -> object:
    """The value shown: what is in force, also when the variable is unset."""
    if variable == "WEB_CACHE_DIR":
        from webdistill.compose import store_location

        folder = store_location(config)
        if folder is None:
            return f"(not used: WEB_CACHE={_human(_shown('WEB_CACHE', config.cache))})"
        return os.path.dirname(folder)
    if value is None and variable == "WEB_USER_AGENT":
        from webdistill.compose import DEFAULT_USER_AGENT

        return DEFAULT_USER_AGENT
    if value is None and variable in IMPLIED:
        return IMPLIED[variable]
    return value


def run_config(args: argparse.Namespace, config: Config) -> int:
    """Print the settings and the providers; `config` is already loaded and valid."""
    from webdistill.compose import cannot_serve, describe_providers, missing_extras

    defaults = _defaults()
    settings = {
        variable: _in_force(variable, _shown(variable, getattr(config, field)), config)
        for variable, (field, _) in FIELDS.items()
    }
    defaulted = {
        variable
        for variable, (field, _) in FIELDS.items()
        if getattr(config, field) == defaults[variable]
    }
    providers = describe_providers(config)
    problems = cannot_serve(config)
    warnings = [*problems, *missing_extras()]
    for warning in warnings:
        say_error(f"warning: {warning}")
    code = EXIT_INPUT if problems else EXIT_OK
    if args.json:
        rows = [{"name": n, "usable": usable, "why": why} for n, usable, why in providers]
        _print_json(
            {
                "config": settings,
                "defaults": sorted(defaulted),
                "providers": rows,
                "warnings": warnings,
            }
        )
        return code
    print("Configuration (environment over the --config / WEB_CONFIG file):")
    width = max(len(variable) for variable in settings)
    for variable, value in settings.items():
        mark = "  (default)" if variable in defaulted and value is not None else ""
        if variable == "WEB_CACHE_DIR" and config.cache == "disk":
            mark += "  (the store is its store-v1 folder)"
        print(f"  {variable:<{width}} = {_human(value)}{mark}")
    print("\nSearch providers:")
    for name, usable, why in providers:
        print(f"  {name:<10} {'usable' if usable else 'no':<6}  {why}")
    return code


def _human(value: object) -> str:
    if value is None:
        return "(not set)"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ",".join(str(item) for item in value) or "(none)"
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "(none)"
    return str(value)
