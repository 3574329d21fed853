"""Stoplist choice: declared language, stop-word counts, English preference."""

from __future__ import annotations

from webdistill.adapters.extract.html.cjk import is_cjk
from webdistill.adapters.extract.html.stoplists import declared_stoplist, guess_stoplist

ENGLISH = "The results of the study show that most of the people who were asked did not know it."
GERMAN = "Die Ergebnisse der Studie zeigen, dass die meisten der Befragten es nicht wussten."


def test_declared_language_tags() -> None:
    assert declared_stoplist("de-AT") == "German"
    assert declared_stoplist("pt_BR") == "Portuguese"
    assert declared_stoplist("xx") is None
    assert declared_stoplist(None) is None


def test_english_without_declaration_is_english() -> None:
    assert guess_stoplist(ENGLISH * 5) == "English"


def test_german_found_by_counts_even_when_declared_english() -> None:
    assert guess_stoplist(GERMAN * 5, "en") == "German"


def test_declared_language_wins_a_close_call() -> None:
    assert guess_stoplist(GERMAN * 5, "de") == "German"


def test_no_words_falls_back_to_declared_or_english() -> None:
    assert guess_stoplist("", "fr") == "French"
    assert guess_stoplist("12345 !!!") == "English"


def test_cjk_detection() -> None:
    assert is_cjk("翱翔于距地球数千公里的太空中，进入广袤漆黑的未知领域")
    assert is_cjk("肉をくわえたイヌが、橋を渡っていました。")
    assert not is_cjk(ENGLISH)
    assert not is_cjk("")


def test_language_code_of_a_stoplist() -> None:
    from webdistill.adapters.extract.html.stoplists import language_code

    assert language_code("German") == "de"
    assert language_code("CJK") is None
