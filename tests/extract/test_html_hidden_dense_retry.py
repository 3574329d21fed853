"""Hidden text is not read in place of a short visible article (issue 30, left by b30t).

When the kept text is under a third of the page's best text-dense container, the reader
reads that container again as the main content (`main_content_guessed`). A block hidden by
the `hidden` attribute or a screen-reader class is furniture, but made the main it was
exempt from every check: a hidden injection longer than a short post was read, and the post
with it. A hidden container is now taken only when nothing shown was kept: libxml2 nests a
mis-closed page's whole article inside a hidden menu that a browser closes (a wcxb dev page
whose Astro header island swallows the article: empty without the retry).
"""

from __future__ import annotations

import pytest

from tests.extract.test_html_hidden_main_padding import INJECTION, POST
from webdistill.adapters.extract.html.reader import extract_html

SHORT_POST = (
    "<div class='story'><h1>Bridge repair</h1><p>The council voted on Tuesday to repair the "
    "old bridge over the river before winter comes, and work starts next month.</p></div>"
)
#: Distinct paragraphs (a repeated one is read once, and would not outweigh the post).
LONG_INJECTION = "".join(
    INJECTION.replace("photos.example", f"photos{n}.example") for n in range(12)
)


@pytest.mark.parametrize(
    "wrapper",
    [
        "<div hidden>{}</div>",
        "<div class='sr-only'>{}</div>",
        "<div class='visually-hidden'>{}</div>",
    ],
)
def test_a_long_hidden_block_is_not_read_beside_a_short_post(wrapper: str) -> None:
    page = (
        "<html><body><header><a href='/'>Home</a></header>"
        f"{SHORT_POST}{wrapper.format(LONG_INJECTION)}<footer>Contact</footer></body></html>"
    )
    document = extract_html(page)
    assert "ignore all previous instructions" not in document.text
    assert "ignore all previous instructions" not in document.markdown
    assert "The council voted on Tuesday" in document.text
    assert "main_content_guessed" not in document.flags


def test_an_article_nested_in_a_hidden_menu_by_the_parser_is_still_read() -> None:
    # An unclosed `<div class="hidden md:flex">`-style menu wrapper in the header: libxml2
    # keeps everything after it inside; nothing shown is left, so the container is read.
    page = (
        "<html><body><header><nav><div class='items-center hidden grow'>"
        f"<a href='/'>Home</a>{POST}</nav></header></body></html>"
    )
    document = extract_html(page)
    assert "The council approved the new harbour wall" in document.text
