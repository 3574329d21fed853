"""Which Chromium to drive: WEB_BROWSER_PATH, else the usual places, else none (a notice).

The usual places are Debian's and Ubuntu's packages (`chromium-headless-shell`, `chromium`),
Google Chrome's, and the browsers Playwright installs (`playwright install chromium`) under
`PLAYWRIGHT_BROWSERS_PATH` or `~/.cache/ms-playwright`.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shutil

from webdistill.kernel.own_text import words

#: Commands looked up on PATH, best first (the headless shell is smaller and starts faster).
COMMANDS = (
    "chromium-headless-shell",
    "chromium",
    "chromium-browser",
    "google-chrome-stable",
    "google-chrome",
)
#: Playwright's own installs, relative to its browsers folder.
PLAYWRIGHT_GLOBS = (
    "chromium_headless_shell-*/chrome-*/chrome-headless-shell",
    "chromium-*/chrome-linux*/chrome",
)

INSTALL_HINT = words(
    "Install a browser to render such pages: on Debian or Ubuntu `apt-get install "
    "chromium-headless-shell` (or `chromium`), elsewhere `pip install playwright` "
    "then `playwright install chromium`; or set WEB_BROWSER_PATH to a Chromium executable."
)


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_browser(configured: str | None) -> str | None:
    """The browser executable to use: `configured` when given (None if it is not an
    executable file: the configuration check says so), else the first usual one found."""
    if configured:
        return configured if _executable(configured) else None
    for command in COMMANDS:
        found = shutil.which(command)
        if found:
            return found
    roots = [os.environ.get("PLAYWRIGHT_BROWSERS_PATH", ""),
             os.path.expanduser("~/.cache/ms-playwright")]  # fmt: skip
    for root in filter(None, roots):
        for pattern in PLAYWRIGHT_GLOBS:
            for candidate in sorted(glob.glob(os.path.join(root, pattern)), reverse=True):
                if _executable(candidate):
                    return candidate
    return None


def driver_installed() -> bool:
    """Whether the Python driver (the `browser` extra: Playwright) is installed: found, not
    imported (importing it costs ~0.2 s, at every first fetch, for a browser that most pages
    never start). One found that then fails to import is said at the browser's start
    (`process.BrowserStartError`)."""
    try:
        return importlib.util.find_spec("playwright.async_api") is not None
    except (ImportError, ValueError):  # (a broken `playwright` package itself)
        return False
