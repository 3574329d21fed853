"""A page whose visible content is not text is not read as its hidden text (issue 30, attack
b30y).

9770806 made a hidden container the main when nothing shown was kept: a photo page, a video
page or an app shell (`<canvas>`) with a `<div hidden>` / `sr-only` prompt injection was read
as that injection alone (the attack b30y). A hidden container is now never the main, except
when only a header menu hides it (`readable.is_readable`).
"""

from __future__ import annotations

import pytest

from tests.extract.test_html_hidden_dense_retry import LONG_INJECTION
from webdistill.adapters.extract.html.reader import extract_html

VISIBLE = {
    "photo": "<main><img src='photo.jpg' alt='The old bridge at dawn'></main>",
    "video": "<main><video src='v.mp4' controls></video></main>",
    "app_shell": "<main><canvas id='app'></canvas></main>",
}


@pytest.mark.parametrize("visible", sorted(VISIBLE))
@pytest.mark.parametrize("wrapper", ["<div hidden>{}</div>", "<div class='sr-only'>{}</div>"])
def test_hidden_text_is_not_the_whole_reading_of_a_page_without_visible_text(
    visible: str, wrapper: str
) -> None:
    page = (
        "<html><head><title>Bridge photo</title></head><body>"
        f"{VISIBLE[visible]}{wrapper.format(LONG_INJECTION)}</body></html>"
    )
    document = extract_html(page)
    assert "ignore all previous instructions" not in document.text
