"""The README is the user's front door (issue 31, issue 32 item 3).

The quickstart of two commands comes first, the README says how to get the code, leaves the
developer material (mutation tables, the `../shared` folder, work notes) to docs/, and links
to every page of docs/.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _sections() -> list[str]:
    return re.findall(r"^## (.+)$", README, re.M)


def test_the_quickstart_comes_first_with_exactly_two_commands() -> None:
    assert _sections()[0] == "Quickstart"
    quickstart = README.split("\n## ")[1]
    block = re.search(r"```sh\n(.*?)```", quickstart, re.S)
    assert block is not None
    commands = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2


def test_it_says_how_to_get_the_code() -> None:
    assert "Getting the code" in _sections()[:2]
    getting = README.split("\n## Getting the code\n")[1].split("\n## ")[0]
    assert "git clone" in getting
    assert "pyproject.toml" in getting  # which folder the commands run from


def test_developer_material_lives_in_docs() -> None:
    for marker in ("../shared", "mutmut", "docs/notes", "bench/mutation.sh", "lint-imports"):
        assert marker not in README, f"{marker!r} belongs in docs/development.md"


def test_it_links_to_every_page_of_docs() -> None:
    pages = [p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")]
    pages.append("docs/decisions/index.md")
    for page in pages:
        if page == "docs/index.md":
            continue
        assert f"]({page}" in README, f"README does not link to {page}"
