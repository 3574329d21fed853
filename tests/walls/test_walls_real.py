"""Attack on issue 29 (bot walls): real wall pages and real ordinary pages served from 127.0.0.1
with their status and headers, read through toolkit.fetch. Sources: tests/walls/real_cases.py.

Expected (README "Bot walls", HTTP_ERROR row): every wall reported (HTTP_ERROR reason=challenge
on a refusal, the `challenge` flag on a 2xx page); no ordinary page flagged.
"""

from __future__ import annotations

import pytest

from tests.walls.real_cases import ORDINARY, WALLS
from tests.walls.real_harness import read_all

WALL_BY_NAME = {c.name: c for c in WALLS}
ORD_BY_NAME = {c.name: c for c in ORDINARY}


@pytest.mark.parametrize("name", sorted(WALL_BY_NAME))
async def test_a_real_wall_is_reported(name: str) -> None:
    (verdict,) = await read_all([WALL_BY_NAME[name]])
    assert verdict.flagged, verdict.how


@pytest.mark.parametrize("name", sorted(ORD_BY_NAME))
async def test_a_real_ordinary_page_is_not_flagged(name: str) -> None:
    (verdict,) = await read_all([ORD_BY_NAME[name]])
    assert not verdict.flagged, verdict.how


# Minimal reductions of the two ordinary pages flagged above (pages ABOUT a wall).
ABOUT_WALLS = {
    # A question as Stack Overflow shows one: the words of Cloudflare's page, quoted in prose.
    "question quoting cloudflare's words": (
        "<html><head><title>Why does curl get 403?</title></head><body><h1>Why does curl get "
        "403?</h1><p>curl returns a page titled Just a moment... that says Enable JavaScript "
        "and cookies to continue. What can I do?</p></body></html>"
    ),
    # Scraper notes quoting DataDome's challenge variable in <code>.
    "notes quoting datadome's variable": (
        "<html><head><title>Scraping notes</title></head><body><p>The body has <code>var "
        "dd={'rt':'c','host':'geo.captcha-delivery.com'}</code>, which means challenge.</p>"
        "</body></html>"
    ),
}


@pytest.mark.parametrize("name", sorted(ABOUT_WALLS))
def test_a_page_about_a_wall_is_no_wall(name: str) -> None:
    from webdistill.adapters.extract.html.reader import extract_html
    from webdistill.adapters.http.walls import wall_from_body

    page = ABOUT_WALLS[name]
    assert wall_from_body(page.encode()) is None
    assert "challenge" not in extract_html(page).flags
