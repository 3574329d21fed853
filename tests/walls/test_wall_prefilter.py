"""The wall check's first look (`wall_pages.may_hold_marker`) on the real wall pages we keep.

Every challenge-only marker's words hold one of the first look's words, and every kept wall
page (tests/walls/fixtures, tests/walls/real: recorded Cloudflare, Sucuri, Imperva, PerimeterX,
Anubis pages, SOURCES.md names each) that the full check calls a wall by a marker gets the
same answer when the reader's text is long, which is when the first look may skip the split.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from webdistill.adapters.http import wall_pages

HERE = Path(__file__).parent
PAGES = sorted(
    path
    for folder in (HERE / "fixtures", HERE / "real")
    for path in folder.iterdir()
    if path.suffix in {".html", ".htm"}
)


def test_every_marker_word_holds_a_first_look_word() -> None:
    for vendor, needles, _pattern in wall_pages._CHALLENGE_ONLY:
        for needle in needles:
            if needle == "dd":  # DataDome's loader: its own pattern (`_DD_LOADER_BYTES`)
                continue
            assert any(word.decode() in needle for word in wall_pages.MARKER_WORDS), (
                vendor,
                needle,
            )


def test_the_first_look_finds_each_marker_word_alone() -> None:
    """(The words are searched in groups behind shorter words they share: none is lost.)"""
    for word in wall_pages.MARKER_WORDS:
        assert wall_pages._holds_marker_word(b"<p>" + word + b"</p>"), word
    assert not wall_pages._holds_marker_word(b"<p>captcha, challenge, schlecht</p>")


def test_datadomes_loader_is_seen_with_every_blank_python_calls_space() -> None:
    blanks = [chr(c) for c in range(0x110000) if chr(c).isspace()]  # what `\s` matches in text
    assert len(blanks) > 20
    for blank in blanks:
        page = f"<script>var{blank}dd = {{'rt':'c','cid':'x'}}</script>"
        if wall_pages.challenge_vendor(wall_pages._split(page)[0]) == "datadome":
            assert wall_pages.may_hold_marker(page), hex(ord(blank))


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_a_kept_page_gets_the_same_answer_with_long_text(path: Path) -> None:
    page = path.read_bytes().decode("utf-8", "replace")
    own, _shown = wall_pages._split(page[: wall_pages.SAMPLE_CHARS])
    expected = wall_pages.challenge_vendor(own)
    assert wall_pages.wall_of_page(page, text_chars=5000) == expected
    if expected is not None:
        assert wall_pages.may_hold_marker(page)


def test_the_kept_walls_are_found_by_their_markers() -> None:
    """(So the test above compares something: most kept walls carry a marker.)"""
    found = [
        path.name
        for path in PAGES
        if wall_pages.challenge_vendor(wall_pages._split(path.read_text("utf-8", "replace"))[0])
    ]
    assert len(found) >= 5, found
