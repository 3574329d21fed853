"""Elements inside page furniture are not judged again: naming them adds little work.

A news page's navigation, footers and asides hold most of its elements, each with class
names (often one per item: `menu-item-42`). Everything inside HARD furniture is furniture
whatever it is named, so the reader does not run the furniture verdict on those names.
The same page is read with its menu's items bare and with each item and link named, while
`sys.setprofile` counts the Python and C calls made (no timed assertion): the names may add
a few calls per element (measuring reads them), not the dozens a verdict per element costs
(58 per element before this was in place).
"""

from __future__ import annotations

from tests.extract.call_count import calls

PROSE = "the board voted to close the quay for repairs and the harbour master agreed. "
ITEMS = 400


def _page(named: bool) -> str:
    items = "".join(
        f'<li class="menu-item menu-item-{i} nav-entry" id="item-{i}">'
        f'<a class="nav-link link-{i}" href="/s/{i}">Section {i}</a></li>'
        if named
        else f'<li><a href="/s/{i}">Section {i}</a></li>'
        for i in range(ITEMS)
    )
    article = "".join(f"<p>{i} {PROSE * 4}</p>" for i in range(12))
    return f"<html><body><nav><ul>{items}</ul></nav><article>{article}</article></body></html>"


def test_names_inside_navigation_add_little_work() -> None:
    bare, bare_text = calls(_page(named=False))
    named, named_text = calls(_page(named=True))
    assert named_text == bare_text  # the menu is furniture either way
    assert "11 the board voted" in named_text
    assert "Section 7" not in named_text
    assert named - bare < 10 * ITEMS, (bare, named)
