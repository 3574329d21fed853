"""`python -m webdistill.tools.consent_managers refresh`: the reader's consent-manager selectors
taken from autoconsent's rules, not guessed. The input is real: five of autoconsent's JSON rules
unchanged (tests/data/autoconsent/NOTICE.txt) and two TypeScript classes in the two shapes its
lib/cmps declare prehideSelectors; the shipped file is checked as the reader loads it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from webdistill.adapters.extract.html import consent
from webdistill.tools.consent_managers import RulesError, collect, main, refresh

RULES = Path(__file__).parent / "data" / "autoconsent"
OLD = "# an older file\n\n#old-banner\told\n"


@pytest.fixture
def output(tmp_path: Path) -> Path:
    path = tmp_path / "consent-managers.txt"
    path.write_text(OLD)
    return path


def test_collect_takes_the_prehide_selectors_of_rules_not_tied_to_one_site() -> None:
    found = collect(RULES)
    assert set(found) == {
        # didomi.json (the backdrop and notices; not the detectCmp-only #didomi-host)
        "#didomi-popup", ".didomi-popup-container", ".didomi-popup-notice",
        ".didomi-consent-popup-preferences", "#didomi-notice", ".didomi-popup-backdrop",
        ".didomi-screen-medium",
        "#moove_gdpr_cookie_info_bar",  # moove.json
        "#cookie-law-info-bar", "#cookie-law-bg", ".cli-popupbar-overlay",  # cookie-law-info
        "#field-consent-sdk", ".field-dark-filter",  # field.ts (attribute selector left out)
        ".field-box", "#field-overlay",  # (a constant's value; an unknown name left out)
        ".meadow",  # meadow.ts (':has' left out)
        # complianz-notice.json and real-cookie-banner.json: attribute tests of presence and
        # equality, quoted or not
        '.cc-type-info[aria-describedby="cookieconsent:desc"]',
        'div[consent-skip-blocker="1"][id][data-bg]',
    }  # fmt: skip
    # aa-cookie-banner.json has a urlPattern (one airline's site); testcmp-cosmetic.json is
    # autoconsent's own test page: neither is taken.
    assert "adc-cookie-banner" not in found
    assert "#privacy-test-page-cmp-test-prehide" not in found
    assert found["#didomi-popup"] == "didomi"
    assert found[".meadow"] == "meadow"


def test_refresh_writes_a_file_the_reader_loads(output: Path) -> None:
    count, changes = refresh(RULES, output, "autoconsent@test", min_entries=5)
    text = output.read_text()
    assert "Added (18): #cookie-law-bg" in changes and "Gone (1): #old-banner" in changes
    assert output.stat().st_mode & 0o777 == 0o644  # (other users' readers can read it)
    assert count == 18
    assert "# Source: autoconsent@test " in text and "Mozilla Public License 2.0" in text
    table = consent.parse_file(text)
    assert "onetrust-consent-sdk" not in table.by_id
    assert "field-consent-sdk" in table.by_id and "meadow" in table.by_class
    assert not list(output.parent.glob("*.tmp"))


def test_too_few_selectors_leave_the_old_file_as_it_was(output: Path) -> None:
    with pytest.raises(RulesError, match="fewer than 100"):
        refresh(RULES, output, "autoconsent@test", min_entries=100)
    assert output.read_text() == OLD


def test_a_folder_that_is_not_autoconsent_is_refused_with_what_to_give(
    output: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["refresh", "--rules", str(tmp_path), "--output", str(output)])
    assert code == 1
    assert "checkout of github.com/duckduckgo/autoconsent" in capsys.readouterr().err
    assert output.read_text() == OLD


def test_a_broken_rule_is_refused_by_name(output: Path, tmp_path: Path) -> None:
    (tmp_path / "rules" / "autoconsent").mkdir(parents=True)
    (tmp_path / "rules" / "autoconsent" / "broken.json").write_text("{not json")
    with pytest.raises(RulesError, match=r"broken\.json is not a JSON rule"):
        refresh(tmp_path, output, "x", min_entries=1)
    assert output.read_text() == OLD


def test_the_shipped_file_names_the_big_managers_and_its_source() -> None:
    text = consent.DATA_FILE.read_text()
    assert "github.com/duckduckgo/autoconsent@" in text
    table = consent.selectors()
    assert len(table.by_id) + len(table.by_class) + len(table.by_tag) >= 150
    for element_id in ("onetrust-consent-sdk", "CybotCookiebotDialog", "qc-cmp2-container"):
        assert element_id in table.by_id
    assert "didomi-popup-container" in table.by_class


def test_a_rule_file_that_is_not_utf8_or_not_a_regular_file_is_refused_by_name(
    output: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "rules" / "autoconsent"
    folder.mkdir(parents=True)
    (folder / "latin.json").write_bytes(b'{"name": "caf\xe9", "prehideSelectors": ["#x"]}')
    with pytest.raises(RulesError, match=r"latin\.json cannot be read as a UTF-8 rule file"):
        refresh(tmp_path, output, "x", min_entries=1)
    (folder / "latin.json").unlink()
    (folder / "zero.json").symlink_to("/dev/zero")
    with pytest.raises(RulesError, match=r"zero\.json is not a regular file"):
        refresh(tmp_path, output, "x", min_entries=1)
    assert output.read_text() == OLD


def test_show_prints_the_header_of_the_shipped_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show"]) == 0
    shown = capsys.readouterr().out
    assert "# Source: https://github.com/duckduckgo/autoconsent@" in shown
    assert "#onetrust-consent-sdk" not in shown  # (a selector, not the header)
