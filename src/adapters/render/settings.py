"""What the configuration asks of the local browser: when to render, which browser, the caps."""

from __future__ import annotations

import attrs

RENDER_MODES = ("auto", "never", "always")


@attrs.frozen
class RenderSettings:
    """How pages are rendered. Times are seconds, sizes bytes (memory in MiB).

    `mode`: "auto" renders a page whose static reading is flagged `needs_javascript`,
    "always" every HTML page, "never" none (a call's `render: true` still asks, except with
    "never"). `timeout_s` is the render's own deadline, always inside the fetch's total time.
    `max_requests` and `max_bytes` bound what one page may fetch; `memory_mb` is the
    browser's memory (summed PSS) past which it is restarted.
    """

    mode: str = "auto"
    browser_path: str | None = None
    concurrency: int = 2
    timeout_s: float = 10.0
    max_requests: int = 200
    max_bytes: int = 20 * 1024 * 1024
    memory_mb: int = 1024
    #: Quiet time (no request in flight, no DOM change) after which a page counts as settled.
    quiet_s: float = 0.5
    #: Resource types never fetched (Playwright's `request.resource_type` names).
    skipped_types: frozenset[str] = frozenset({"image", "media", "font"})
