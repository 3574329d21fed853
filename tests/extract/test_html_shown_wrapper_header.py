"""Guard from the attack b30r (issue 30): the site header outside a page's `<main>` is furniture.

The attack's finding: a page whose wrapper is hidden until its scripts run loses its `<main>`.

Shape: the preloader pattern of AdminLTE-based and ThemeForest pages in public repositories
(`<div class="preloader-wrapper text-center"><div class="spinner"></div></div>` then
`<div class="wrapper" style="display:none" id="body">` holding header, content and footer,
shown by `$('#body').show()` on load), and Laravel/Vue layouts
(`<div id="app" style="display: none"><div class="l-admin">...<main class="l-admin__main">`,
`<div id="app" style="display: none" v-show="true">`). A browser shows the wrapper once the
scripts run. find_main now refuses every `<main>` under it (reader.find_main: is_unshown on
the ancestors), so the rules that need a main stop: the site `<header>` outside the main is
no longer HARD furniture and its tagline is read as the page's first paragraph (the same page
without `display:none` does not read it). Left: a wrapper hidden by an inline style until
scripts run still disqualifies the `<main>` under
it (hidden text must not be exempt from furniture checks), so the header's tagline is read
there; this guard keeps the shown page right.
"""

# ruff: noqa: E501 (pages written as in their sources)

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

P = (
    "<p>Water temperatures in the river basin rose by almost a degree over the last decade, "
    "according to the agency, and the rise was fastest in the shallow upper reaches.</p>"
    "<p>Scientists say the change threatens cold-water species, and they are asking anglers "
    "to report sightings of stressed fish during the hottest weeks of the summer.</p>"
    "<p>The survey will publish its first results next spring, with maps of every reach.</p>"
)
TAGLINE = "independent reporting on science and the environment since 1998"


def _page(wrapper_style: str) -> str:
    return f"""<html><head><title>Rivers are warming</title></head><body>
<div class="preloader-wrapper text-center"><div class="spinner"></div></div>
<div class="wrapper" {wrapper_style} id="body">
<header class="site-header"><div class="brand">Acme Journal: {TAGLINE}, funded by readers like you</div></header>
<main id="main"><article><h1>Rivers are warming</h1>{P}</article></main>
</div>
<div class="login-box" style="display:none"><h2>Sign in to your account</h2><p>Enter your email
address and password to continue reading, or register for a free account.</p></div>
<script>jQuery(function($){{ $('.preloader-wrapper').fadeOut(); $('#body').show(); }});</script>
</body></html>"""


def test_shown_wrapper_header_is_furniture() -> None:  # (holds now and before)
    assert TAGLINE not in extract_html(_page("")).text
