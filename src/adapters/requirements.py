"""Optional packages a configuration needs, and how to install them where they really are.

webdistill is installed from its checkout (no package index has it), so an install hint
never says `pip install 'webdistill[redis]'`: it names the packages themselves, then the
extra as it installs from the checkout. Only the standard library here, so the doors can
ask before building anything (`webdistill mcp` refuses a configuration it cannot serve,
`webdistill config` warns).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence

from webdistill.kernel.own_text import OwnText, joined, name, own

#: pyproject's extras: what `pip install` takes, and the module each package imports as.
REDIS_PACKAGES = ("redis",)
OFFICE_PACKAGES = ("mammoth", "openpyxl", "python-pptx")
_OFFICE_FORMATS = {"mammoth": "DOCX", "openpyxl": "XLSX", "python-pptx": "PPTX"}
_MODULES = {"redis": "redis", "mammoth": "mammoth", "openpyxl": "openpyxl", "python-pptx": "pptx"}


def install_hint(packages: Sequence[str], extra: str) -> OwnText:
    """The commands that install `packages` (names from our extras) into the environment
    webdistill runs in."""
    return own(
        "pip install {} (with the pip of the environment webdistill runs "
        "in; from a webdistill checkout: pip install -e '.[{}]')",
        joined([name(package) for package in packages]),
        name(extra),
    )


def __getattr__(attr: str) -> OwnText:
    """`REDIS_HINT` and `OFFICE_HINT`, written on first use (a module constant would build
    own text, and compile its marker check, in every command that imports this)."""
    if attr == "REDIS_HINT":
        return install_hint(REDIS_PACKAGES, "redis")
    if attr == "OFFICE_HINT":
        return install_hint(OFFICE_PACKAGES, "office")
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def missing(packages: Sequence[str], *, load: bool = True) -> list[str]:
    """Those of `packages` that cannot be imported here (`load=False`: that are not even
    found, without importing them: the office libraries take a while to load)."""
    absent = []
    for package in packages:
        module = _MODULES[package]
        try:
            found = importlib.import_module(module) if load else importlib.util.find_spec(module)
        except (ImportError, ValueError):  # ValueError: sys.modules holds None for it
            found = None
        if found is None:
            absent.append(package)
    return absent


def is_redis_url(cache: str) -> bool:
    """Does `WEB_CACHE=cache` name a Redis store (rather than disk, memory or off)?"""
    return cache not in ("disk", "memory", "off")


def unserved(cache: str) -> list[str]:
    """Why this configuration cannot be served at all (each a sentence), or nothing."""
    if is_redis_url(cache) and missing(REDIS_PACKAGES):
        return [
            "WEB_CACHE names a Redis URL but the redis client (the `redis` package) is not "
            f"installed: {install_hint(REDIS_PACKAGES, 'redis')}, or choose WEB_CACHE=disk."
        ]
    return []


def degraded() -> list[str]:
    """What this installation cannot read although it serves (each a sentence)."""
    absent = missing(OFFICE_PACKAGES, load=False)
    if not absent:
        return []
    formats = " and ".join(_OFFICE_FORMATS[package] for package in absent)
    return [
        f"{formats} pages are refused: {', '.join(absent)} (the 'office' extra) not "
        f"installed: {install_hint(OFFICE_PACKAGES, 'office')}."
    ]
