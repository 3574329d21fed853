"""Guard from the attack b30r (issue 30): screen-reader classes behind a prefix: `tw-sr-only
md:tw-not-sr-only` is shown from md up, a prefixed `not-sr-only` is not screen-reader-only.

The attack's finding: the design-system prefix on screen-reader classes
(`(?:[a-z0-9]+-){0,2}` before `sr-only`, quiet.py) also matches Tailwind's `prefix` option
and `not-sr-only` behind a prefix.

Tailwind's `prefix: 'tw-'` config writes `tw-sr-only`, and its responsive variant
`md:tw-not-sr-only` shows the element again from that width (tailwindcss.com/docs/display,
"screen readers": `sr-only md:not-sr-only`). Real markup from public repositories:
`<span class="tw-sr-only sm:tw-not-sr-only sm:tw-inline">{action.compactLabel}</span>`,
`class="tw-ml-5 lg:tw-ml-2 lg:tw-sr-only xl:tw-not-sr-only"`, GitLab's
`gl-sr-only ... focus:gl-not-sr-only`, and a plain `header-not-sr-only` on a header bar. The
`(?!not-)` guard only covers a bare `not-sr-only`: `tw-not-sr-only`, `md-not-sr-only`,
`header-not-sr-only` are themselves read as screen-reader-only (the prefix eats `md-not-`).
Text a desktop browser shows is dropped as HARD furniture. Passed on e0c329b, failed on
50bb0de, passes again after the fix.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.quiet import screen_reader_class
from webdistill.adapters.extract.html.reader import extract_html

LOREM = (
    "The session recorder keeps every take on your own device until you choose to share it, "
    "and you can trim, rename and tag takes later from the library without losing anything. "
)


def _page(cls: str) -> str:
    return f"""<html><head><title>Recorder</title></head><body><main class="tw-mx-auto">
<h1 class="tw-text-2xl">Take one</h1>
<div class="{cls}"><p class="tw-opacity-90 tw-mb-3">Record your demos, riffs, or quick ideas
here, then open them again from any song.</p></div>
<p>{LOREM * 2}</p><p>{LOREM * 2}</p></main></body></html>"""


def test_tailwind_prefixed_sr_only_shown_from_md_is_read() -> None:
    text = extract_html(_page("tw-sr-only md:tw-not-sr-only")).text
    assert "Record your demos" in text, text


def test_not_sr_only_behind_a_prefix_is_not_screen_reader_only() -> None:
    # `tw-not-sr-only` / `md-not-sr-only` / `header-not-sr-only` SHOW an element.
    for cls in ("tw-not-sr-only", "md-not-sr-only", "header-not-sr-only tw-flex"):
        assert not screen_reader_class(cls), cls
