"""jusText's context-free classification for Chinese/Japanese text (no spaces between words).

jusText counts stop *words* separated by whitespace, which finds none in Chinese or
Japanese, so every paragraph looks like boilerplate. Here a "stop word" is one of the
commonest function characters (Chinese particles and pronouns, Japanese hiragana
particles) and density is measured per CJK character; lengths are in characters, scaled
down because one CJK character carries about a word. The rules are jusText's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

_LETTER = re.compile(r"[^\W\d_]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
STOP_CHARACTERS = frozenset(
    "的了是在和有我他她们这那也就都而及与着或一个不为上中对到说要会可以被把从但如所其之于将"
    "还很更最又并等它你吗呢吧啊么没因此由向给让能得地去来后时多"
    "のにはをたがでてとしれさあるいもなかこそうすまだよね"
)
LENGTH_LOW = 25
LENGTH_HIGH = 70
#: Stop-character density bounds for Japanese, whose hiragana particles are dense ...
STOP_LOW = 0.20
STOP_HIGH = 0.25
#: ... and for Chinese (little or no hiragana), where news prose runs 0.14 to 0.20: a BBC
#: Chinese report (newspaper3k's and goose3's saved page) read empty at Japanese bounds,
#: its region of paragraphs judged boilerplate.
CHINESE_STOP_LOW = 0.15
CHINESE_STOP_HIGH = 0.20
#: Hiragana: Japanese prose is full of its particles; Chinese text never uses it (katakana
#: it may: the middle dot U+30FB in transliterated names, a Japanese brand in a link).
_HIRAGANA = re.compile(r"[\u3041-\u309f]")
#: A page is Japanese when this share of its CJK characters is hiragana.
JAPANESE_HIRAGANA_SHARE = 0.05
MAX_LINK_DENSITY = 0.2


class _Paragraph(Protocol):
    cf_class: str
    heading: bool
    dom_path: str

    @property
    def text(self) -> str: ...
    @property
    def is_heading(self) -> bool: ...
    @property
    def chars_count_in_links(self) -> int: ...
    def links_density(self) -> float: ...


def is_cjk(sample: str) -> bool:
    """Whether most of the letters of `sample` are Chinese/Japanese characters."""
    if sample.isascii() or _CJK.search(sample) is None:
        return False  # (no CJK character at all: no need to count the letters)
    letters = len(_LETTER.findall(sample))
    return letters > 0 and len(_CJK.findall(sample)) > 0.3 * letters


def classify_cjk(paragraphs: Sequence[_Paragraph]) -> None:
    """Set `cf_class` and `heading` like `justext.core.classify_paragraphs` (with the
    Chinese bounds unless JAPANESE_HIRAGANA_SHARE of the page's CJK characters are
    hiragana)."""
    found = [_CJK.findall(paragraph.text) for paragraph in paragraphs]
    hiragana = sum(len(_HIRAGANA.findall(p.text)) for p in paragraphs if not p.text.isascii())
    japanese = hiragana > JAPANESE_HIRAGANA_SHARE * sum(map(len, found))
    stop_low, stop_high = (
        (STOP_LOW, STOP_HIGH) if japanese else (CHINESE_STOP_LOW, CHINESE_STOP_HIGH)
    )
    for paragraph, characters in zip(paragraphs, found, strict=True):
        text = paragraph.text
        density = (
            sum(ch in STOP_CHARACTERS for ch in characters) / len(characters) if characters else 0
        )
        length = len(text)
        paragraph.heading = paragraph.is_heading
        furniture = "\xa9" in text or "select" in paragraph.dom_path
        if furniture or paragraph.links_density() > MAX_LINK_DENSITY:
            paragraph.cf_class = "bad"
        elif length < LENGTH_LOW:
            paragraph.cf_class = "bad" if paragraph.chars_count_in_links > 0 else "short"
        elif density >= stop_high:
            paragraph.cf_class = "good" if length > LENGTH_HIGH else "neargood"
        elif density >= stop_low:
            paragraph.cf_class = "neargood"
        else:
            paragraph.cf_class = "bad"
