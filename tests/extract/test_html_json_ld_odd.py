"""JSON-LD that is not an object is passed over (issue 30, found while building the
declared-article rule of session 14, which was withdrawn after the attack b30j).

`metadata._json_ld` called `.get` on whatever the script parsed to: a page whose
`<script type="application/ld+json">` holds a bare string, number or null raised
AttributeError out of `extract_html`, and the page was lost.
"""

from __future__ import annotations

import pytest

from webdistill.adapters.extract.html.reader import extract_html


@pytest.mark.parametrize("data", ['"hello"', "42", "null", "true", "[1, 2]", '["a", {"x": 1}]'])
def test_json_ld_that_is_not_an_object_is_passed_over(data: str) -> None:
    page = (
        f'<html><head><script type="application/ld+json">{data}</script></head>'
        "<body><article><p>The words of a page with odd structured data in it.</p>"
        "</article></body></html>"
    )
    assert "odd structured data" in extract_html(page).text
