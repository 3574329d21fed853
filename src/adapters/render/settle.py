"""When a rendered page is ready to read: the network idle and the DOM quiet, or time is up.

A page counts as settled when no request of its own has been in flight or started for
`quiet_s` and its DOM has not changed for as long (a MutationObserver counts changes; the
script is added to every document of the context before the page's own). The wait ends at
`until` (time.monotonic() seconds) whatever the page does, or as soon as the page reached
its request or byte cap: such a page is read as it is then, and says so (`settled` False).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from playwright.async_api import Page

#: Counts DOM changes in `window.__webdistillMutations` (our name; a page may overwrite it,
#: which only shortens or lengthens its own wait, never beyond the cap).
MUTATION_COUNTER = """
(() => {
  window.__webdistillMutations = 0;
  const start = () => {
    const root = document.documentElement;
    if (!root) { return; }
    new MutationObserver((records) => { window.__webdistillMutations += records.length; })
      .observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
  };
  if (document.documentElement) { start(); }
  else { document.addEventListener('readystatechange', start, {once: true}); }
})();
"""

POLL_S = 0.1


class Activity(Protocol):
    @property
    def in_flight(self) -> int: ...
    @property
    def last_activity(self) -> float: ...
    @property
    def capped(self) -> bool: ...
    @property
    def navigated(self) -> str | None: ...


async def _mutations(page: Page, left: float) -> int | None:
    try:
        async with asyncio.timeout(max(0.05, min(left, 1.0))):
            value = await page.evaluate("window.__webdistillMutations || 0")
    except Exception:  # noqa: BLE001 - a busy, closed or navigating page: no count now
        return None
    return value if isinstance(value, int) else None


async def settle(page: Page, activity: Activity, *, quiet_s: float, until: float) -> bool:
    """Wait until the page is quiet (True) or `until` comes (False)."""
    last_count: int | None = None
    changed_at = time.monotonic()
    while True:
        now = time.monotonic()
        if now >= until or activity.capped or activity.navigated:
            return False
        count = await _mutations(page, until - now)
        now = time.monotonic()
        if count is None or count != last_count:
            last_count, changed_at = count, now
        idle = activity.in_flight == 0 and now - activity.last_activity >= quiet_s
        if idle and count is not None and now - changed_at >= quiet_s:
            return True
        await asyncio.sleep(min(POLL_S, max(0.0, until - now)))
