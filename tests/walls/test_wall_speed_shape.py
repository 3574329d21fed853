"""The challenge-only markers are searched case-sensitively in the lowered markup (several
times faster than IGNORECASE over half a megabyte of scripts on every page): a marker
written with a capital letter would never match, so none may have one, and a page that
writes a marker in capitals is still a wall."""

from __future__ import annotations

import re
import sys

from webdistill.adapters.http import wall_pages


def _branches(pattern: str) -> list[list[str]]:
    """Each top-level alternative of `pattern` as its runs of literal characters."""
    parsed = list(re._parser.parse(pattern))  # type: ignore[attr-defined]
    if len(parsed) == 1 and parsed[0][0] is re._constants.BRANCH:  # type: ignore[attr-defined]
        alternatives = [list(items) for items in parsed[0][1][1]]
    else:
        alternatives = [parsed]
    runs: list[list[str]] = []
    for items in alternatives:
        found, run = [], ""
        for op, value in items:
            if op is re._constants.LITERAL:  # type: ignore[attr-defined]
                run += chr(value)
            else:
                found.append(run)
                run = ""
        runs.append([*found, run])
    return runs


def test_every_alternative_holds_one_of_its_needles() -> None:
    for vendor, needles, pattern in wall_pages._CHALLENGE_ONLY:
        for runs in _branches(pattern.pattern):
            assert any(n in run for n in needles for run in runs), (vendor, runs)


def test_every_challenge_marker_is_written_in_lower_case() -> None:
    for vendor, needles, pattern in wall_pages._CHALLENGE_ONLY:
        assert all(n == n.lower() for n in needles), vendor
        assert not pattern.flags & re.IGNORECASE, vendor
        literal = re.sub(r"\\[A-Za-z]", "", pattern.pattern)  # escapes such as \s, \b
        assert literal == literal.lower(), vendor


def test_every_challenge_marker_is_ascii() -> None:
    # (`_lowered` leaves characters outside ASCII as they are: only ASCII markers see the
    # markup as `str.lower` makes it)
    for vendor, needles, pattern in wall_pages._CHALLENGE_ONLY:
        assert all(n.isascii() for n in needles), vendor
        assert pattern.pattern.isascii(), vendor


def test_only_two_characters_outside_ascii_lower_to_ascii() -> None:
    # What `_lowered` relies on, checked over all of Unicode as this Python knows it: every
    # other character lowers to one character outside ASCII of the same kind for the regex
    # engine (`\w` is alphanumeric or "_", `\s` is a blank, `\d` a decimal digit).
    odd = []
    for code in range(128, sys.maxunicode + 1):
        char = chr(code)
        low = char.lower()
        if low == char:
            continue  # (most characters: no case)
        if (
            len(low) != 1
            or low.isascii()
            or low.isalnum() != char.isalnum()
            or low.isspace() != char.isspace()
            or low.isdecimal() != char.isdecimal()
        ):
            odd.append(char)
    assert tuple(odd) == wall_pages._LOWERS_TO_ASCII


def test_markers_in_any_case_are_found() -> None:
    # Imperva's block page writes `_Incapsula_Resource` (tests/walls real shapes); AWS WAF's
    # challenge `window.gokuProps`; PerimeterX `_pxCaptcha`.
    for marker, vendor in (
        ('<iframe id="main-iframe" src="/_Incapsula_Resource?SWUDNSAI=31">', "imperva"),
        ("<script>window.gokuProps = {};</script>", "aws-waf"),
        ("<script>window._pxCaptcha = 1</script>", "perimeterx"),
        ("<script>window._PXCAPTCHA = 1</script>", "perimeterx"),
    ):
        assert wall_pages.wall_of_page(f"<html><head>{marker}</head><body></body></html>") == vendor
