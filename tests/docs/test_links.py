"""Every relative link in README.md and docs/ reaches a file, and its #anchor a heading there.

Links in code (fenced blocks, `inline code`) are not links and are skipped; so are absolute
URLs (http, https, mailto), which this test never opens. Anchors follow GitHub's heading ids:
lower case, punctuation other than `-` and `_` dropped, spaces turned into `-`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _prose(path: Path) -> str:
    return _CODE.sub("", _FENCE.sub("", path.read_text(encoding="utf-8")))


def _anchor(heading: str) -> str:
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    return {_anchor(h.replace("`", "")) for h in _HEADING.findall(text)}


def _links() -> list[tuple[Path, str]]:
    return [(page, target) for page in PAGES for target in _LINK.findall(_prose(page))]


def test_there_are_pages_and_links_to_check() -> None:
    assert (ROOT / "docs" / "index.md").is_file()
    assert len(_links()) > 20


@pytest.mark.parametrize(
    ("page", "target"), _links(), ids=lambda v: v.name if isinstance(v, Path) else v
)
def test_relative_link_resolves(page: Path, target: str) -> None:
    if re.match(r"^[a-z][a-z0-9+.-]*:", target):
        return  # an absolute URL: not opened by a test
    file_part, _, anchor = target.partition("#")
    destination = (page.parent / file_part).resolve() if file_part else page
    where = f"{page.relative_to(ROOT)} links to {target!r}"
    assert destination.exists(), f"{where}, which does not exist"
    if anchor:
        assert destination.suffix == ".md", f"{where}: an anchor in a file that is not Markdown"
        assert anchor in _anchors(destination), f"{where}: no such heading there"
