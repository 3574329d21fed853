"""The mapped fence-marker matcher (issue 33) finds exactly what the full pattern found.

`kernel.quoting.marker_word()` maps each look-alike, ignorable and mark to a representative
with `str.translate` and matches a small pattern on the mapped text; the oracle is the
pre-issue-33 pattern (`reference_marker.old_marker_word`). Texts are drawn from the marker
letters' look-alikes (`kernel.lookalike_data`, `kernel.marker_extra`), gap characters,
separators and ASCII, with whole marker words spelled out among them so matches are common.
Every user of the matcher is compared: spans, `neutralise`, `safe_text`, `shown_url` and the
renderer's fence neutraliser.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from property_tests.reference_marker import old_marker_word
from webdistill.doors import render
from webdistill.kernel import quoting
from webdistill.kernel.lookalike_data import IGNORABLE, LOOKALIKES
from webdistill.kernel.marker_extra import LETTERS, MARKS

_LOOKS = {x: quoting._expanded(LOOKALIKES[x] + LETTERS.get(x, "")) for x in "webcontgid"}
_GAPS = quoting._expanded(IGNORABLE + MARKS)
_SEPARATORS = list(" _-.:\t\n\r\u00a0\u2800\u3000\u3164/|<>[]()*+=~#")
_ALL_LOOKS = sorted({c for chars in _LOOKS.values() for c in chars})

one_char = st.one_of(
    st.sampled_from(_ALL_LOOKS),
    st.sampled_from(_GAPS),
    st.sampled_from(_SEPARATORS),
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),
    st.characters(exclude_categories=("Cs",)),
)
gap_run = st.lists(st.one_of(st.sampled_from(_GAPS), st.sampled_from(_SEPARATORS)), max_size=3)


@st.composite
def spelled(draw: st.DrawFn) -> str:
    """A marker word, WEB CONTENT BEGIN|END, in look-alikes with gaps (sometimes too long)."""
    words = ["web", "content", draw(st.sampled_from(["begin", "end", "beg", "en"]))]
    out = []
    for w, word in enumerate(words):
        if w:
            out.append("".join(draw(gap_run)))
        for i, letter in enumerate(word):
            if i:
                out.append("".join(draw(gap_run)))
            out.append(draw(st.sampled_from(_LOOKS[letter])))
    return "".join(out)


texts = st.lists(st.one_of(spelled(), one_char, st.text(max_size=4)), max_size=12).map("".join)


def _old_neutralise(text: str) -> str:
    text = quoting._SPACES.sub(" ", quoting._INVISIBLE.sub(" ", quoting._FORMAT.sub("", text)))
    text = quoting._ANGLE_RUN.sub(lambda m: "\u2039" * len(m.group()), text)
    return old_marker_word().sub("[marker-like text removed]", text).strip()


def _old_safe_text(value: str, limit: int) -> str:
    text = _old_neutralise(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _old_render_neutralise(text: str) -> str:
    text = render._TAGS.sub("", text)
    text = quoting.ANGLE_RUN.sub(
        lambda m: "\u2039" * sum(map(m.group().count, quoting.OPENING_ANGLES)), text
    )
    return old_marker_word().sub("[fence-like text removed]", text)


@given(texts)
def test_same_spans_as_the_full_pattern(text: str) -> None:
    old = [m.span() for m in old_marker_word().finditer(text)]
    assert quoting.marker_word().spans(text) == old


@given(texts)
def test_same_replacements_as_the_full_pattern(text: str) -> None:
    assert quoting.marker_word().sub("[x]", text) == old_marker_word().sub("[x]", text)


@given(texts, st.integers(min_value=1, max_value=120))
def test_neutralise_and_safe_text_unchanged(text: str, limit: int) -> None:
    assert quoting.neutralise(text) == _old_neutralise(text)
    assert quoting.safe_text(text, limit) == _old_safe_text(text, limit)


@given(texts)
def test_render_neutraliser_unchanged(text: str) -> None:
    assert render._neutralise(text) == _old_render_neutralise(text)


@given(texts)
def test_shown_url_unchanged(text: str) -> None:
    url = "https://example.com/" + text
    encoded = quoting._URL_UNSAFE.sub(
        lambda m: "".join(f"%{b:02X}" for b in m.group().encode("utf-8", "surrogatepass")),
        url[:640],
    )
    encoded = old_marker_word().sub("(marker-removed)", encoded)
    old = encoded if len(encoded) <= 160 else encoded[:160] + "..."
    assert quoting.shown_url(url) == old
