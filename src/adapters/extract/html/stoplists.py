"""Which jusText stoplist fits a page: from `<html lang>` and from stop-word counts.

Nothing is loaded at import. The stoplists are read on first need (`stoplists`: jusText's
files, decoded whole, about a third of `justext.get_stoplist`'s cost, same sets). Guessing
counts the sampled words found in each stoplist; two ways give the same answer:

- with the reverse index (word -> languages, `build_index`), one dictionary look-up per
  sampled word: the extraction fork server builds it once before forking its workers, so
  every worker reads pages this way;
- without it (a one-shot `webdistill extract`, a tiny page read inline by the parent
  process), the stoplists of a page's words not seen before are found at once (one C-level
  set intersection per stoplist) and kept: a few milliseconds for a first page instead of
  building the index (a quarter of a second of CPU), then one look-up per word as with the
  index.

The declared language wins when its stoplist matches nearly as well as the best one
(declarations are often template defaults).
"""

from __future__ import annotations

import functools
import pkgutil
import re
import threading
from collections import Counter
from collections.abc import Collection
from operator import itemgetter

import justext

SAMPLE_WORDS = 1500
#: The declared language, or English, wins when it matches this share of the best count.
DECLARED_SHARE = 0.8
ENGLISH_SHARE = 0.8
_WORD = re.compile(r"\w+")
#: ISO 639-1 codes of the languages jusText has stoplists for.
_ISO_TO_STOPLIST = {
    "af": "Afrikaans", "sq": "Albanian", "ar": "Arabic", "an": "Aragonese", "hy": "Armenian",
    "az": "Azerbaijani", "eu": "Basque", "be": "Belarusian", "bn": "Bengali", "bs": "Bosnian",
    "br": "Breton", "bg": "Bulgarian", "ca": "Catalan", "hr": "Croatian", "cs": "Czech",
    "da": "Danish", "nl": "Dutch", "en": "English", "eo": "Esperanto", "et": "Estonian",
    "fo": "Faroese", "fi": "Finnish", "fr": "French", "gl": "Galician", "ka": "Georgian",
    "de": "German", "el": "Greek", "gu": "Gujarati", "ht": "Haitian", "he": "Hebrew",
    "hi": "Hindi", "hu": "Hungarian", "is": "Icelandic", "io": "Ido", "id": "Indonesian",
    "ia": "Interlingua", "ga": "Irish", "it": "Italian", "jv": "Javanese", "kn": "Kannada",
    "kk": "Kazakh", "ko": "Korean", "ku": "Kurdish", "la": "Latin", "lv": "Latvian",
    "lt": "Lithuanian", "lb": "Luxembourgish", "mk": "Macedonian", "ms": "Malay",
    "ml": "Malayalam", "mr": "Marathi", "mn": "Mongolian", "ne": "Nepali", "nb": "Norwegian_Bokmal",
    "no": "Norwegian_Bokmal", "nn": "Norwegian_Nynorsk", "oc": "Occitan", "fa": "Persian",
    "pl": "Polish", "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sr": "Serbian",
    "sk": "Slovak", "sl": "Slovenian", "es": "Spanish", "sw": "Swahili", "sv": "Swedish",
    "tl": "Tagalog", "ta": "Tamil", "te": "Telugu", "th": "Thai", "tr": "Turkish",
    "uk": "Ukrainian", "ur": "Urdu", "uz": "Uzbek", "vi": "Vietnamese", "cy": "Welsh",
    "fy": "West_Frisian", "yo": "Yoruba", "zh": "Chinese", "ja": "Japanese",
}  # fmt: skip


#: Stoplist name -> its first ISO code in `_ISO_TO_STOPLIST` ("Norwegian_Bokmal" -> "nb").
_STOPLIST_TO_ISO = {name: code for code, name in reversed(_ISO_TO_STOPLIST.items())}


def language_code(stoplist_name: str) -> str | None:
    """The ISO 639-1 code of a stoplist's language ("German" -> "de"), if known."""
    return _STOPLIST_TO_ISO.get(stoplist_name)


_LOCK = threading.Lock()
_STOPLIST_FOLDER = "stoplists"


def _read_stoplist(name: str) -> frozenset[str]:
    """`justext.get_stoplist(name)`, decoded in one piece instead of line by line."""
    data = pkgutil.get_data("justext", f"{_STOPLIST_FOLDER}/{name}.txt") or b""
    text = data.decode("utf8").lower()
    if not text.isascii() and any(mark in text for mark in _STR_ONLY_BREAKS):
        return frozenset(
            justext.get_stoplist(name)
        )  # (str.splitlines would split more than bytes')
    return frozenset(text.splitlines())


#: Line breaks `str.splitlines` honours and `bytes.splitlines` (jusText's) does not.
_STR_ONLY_BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


@functools.cache
def stoplists() -> dict[str, frozenset[str]]:
    """Every jusText stoplist by name (sorted), lower-cased, read once per process."""
    with _LOCK:
        return {name: _read_stoplist(name) for name in sorted(justext.get_stoplists())}


#: The reverse index, once built: word -> the names of the stoplists holding it (sorted).
_REVERSE: dict[str, tuple[str, ...]] = {}


def build_index() -> None:
    """Build the reverse index (word -> stoplist names, sorted) for the faster guessing;
    the fork server calls it once, before any worker is forked (extract/worker_boot.py)."""
    if _REVERSE:
        return
    reverse: dict[str, tuple[str, ...]] = {}
    seen: set[str] = set()  # (the keys as a set: set & set runs over the smaller one, in C)
    for name, words in stoplists().items():  # (sorted by name: each tuple stays sorted)
        shared = words & seen
        reverse.update(dict.fromkeys(words - shared, (name,)))  # most words: in C
        for word in shared:
            reverse[word] += (name,)
        seen |= words
    _REVERSE.update(reverse)


def stoplist(name: str) -> frozenset[str]:
    """The lower-cased stoplist called `name` (empty when unknown)."""
    return stoplists().get(name, frozenset())


def declared_stoplist(lang: str | None) -> str | None:
    """`de-AT` -> "German"; None when the tag names no language we have a stoplist for."""
    if not lang:
        return None
    code = lang.strip().lower().replace("_", "-").split("-", 1)[0]
    name = _ISO_TO_STOPLIST.get(code)
    return name if name in stoplists() else None


def _counts_by_index(seen: Counter[str], reverse: dict[str, tuple[str, ...]]) -> dict[str, int]:
    counts: dict[str, int] = {}  # (a dict: no Counter.__missing__ call per new language)
    for word, times in seen.items():
        for name in reverse.get(word, ()):
            counts[name] = counts.get(name, 0) + times
    return counts


#: Without the index: each word's stoplists, found on first sight and kept (at most
#: `_MEMO_MAX` words, then started afresh: a long-running parent reads only tiny pages).
_MEMO: dict[str, tuple[str, ...]] = {}
_MEMO_MAX = 50_000


#: Words learned by this process so far, and how many make the union below worth building:
#: more than a read of an ordinary page learns (it samples at most `SAMPLE_WORDS` words, an
#: embedded article read along with it as many again), so a one-shot `webdistill extract`
#: seldom builds it (an app shell whose data holds several HTML articles, each read apart,
#: can: attack b30v; same answers either way), while a process reading pages builds it after
#: a few (~25 ms, then each page's new words cost a third as much: 131 news pages learn in
#: ~110 ms instead of ~170 ms).
_LEARNED = [0]
UNION_AFTER_WORDS = 5_000


@functools.cache
def _any_stoplist() -> frozenset[str]:
    """The words of all stoplists (a page's new words are mostly in none of them)."""
    return frozenset().union(*stoplists().values())


def _learn(words: list[str]) -> None:
    """Find the stoplists of `words` (not yet in `_MEMO`) and keep them: one C-level set
    intersection per stoplist for the page's new words that are in any stoplist (about one
    in six), not one look-up per word and list."""
    if len(_MEMO) + len(words) > _MEMO_MAX:
        _MEMO.clear()
    found: dict[str, tuple[str, ...]] = dict.fromkeys(words, ())
    _LEARNED[0] += len(words)
    # The union of all stoplists costs ~25 ms to build: worth it in a process that reads
    # many pages (a worker), not for one page (`webdistill extract`): same answer either way.
    listed: Collection[str] = words
    if _LEARNED[0] > UNION_AFTER_WORDS:
        listed = _any_stoplist().intersection(words)
    if listed:
        for name, stopwords in stoplists().items():  # (sorted by name, as in the index)
            for word in stopwords.intersection(listed):
                found[word] += (name,)
    _MEMO.update(found)


def _counts_by_words(seen: Counter[str]) -> dict[str, int]:
    """`_counts_by_index` without the index (same counts, same order: a word's stoplists
    come in name order, as in the index)."""
    new = [word for word in seen if word not in _MEMO]
    if new:
        _learn(new)
    counts: dict[str, int] = {}
    for word, times in seen.items():
        for name in _MEMO.get(word, ()):
            counts[name] = counts.get(name, 0) + times
    return counts


def guess_stoplist(text: str, lang: str | None = None) -> str:
    """The stoplist that best fits `text`, preferring the declared `lang`."""
    words = _WORD.findall(text[: SAMPLE_WORDS * 12].lower())[:SAMPLE_WORDS]
    seen = Counter(words)
    counts = _counts_by_index(seen, _REVERSE) if _REVERSE else _counts_by_words(seen)
    declared = declared_stoplist(lang)
    if not counts:
        return declared or "English"
    best, best_count = max(counts.items(), key=itemgetter(1))  # the first of the most
    if declared and counts.get(declared, 0) >= DECLARED_SHARE * best_count:
        return declared
    if counts.get("English", 0) >= ENGLISH_SHARE * best_count:
        return "English"  # several stoplists (Marathi, Uzbek...) contain English words
    return best if best in stoplists() else "English"
