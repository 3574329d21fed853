"""Which jusText stoplist fits a page: from `<html lang>` and from stop-word counts.

Each stoplist is loaded once into a reverse index (word -> languages), in a background
thread started when the reader is imported (`warm_up`), so guessing costs
one dictionary lookup per sampled word. The declared language wins when its stoplist
matches nearly as well as the best one (declarations are often template defaults).
"""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter

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


def _index() -> tuple[dict[str, tuple[str, ...]], dict[str, frozenset[str]]]:
    """The stoplists and their reverse index, built once (about 1 s) under a lock."""
    with _LOCK:
        return _build_index()


def warm_up() -> threading.Thread:
    """Build the index in a daemon thread now, so that no caller (an event loop running a
    small page inline) pays for it at its first page; later callers wait on the lock."""
    thread = threading.Thread(target=_index, name="webdistill-stoplists", daemon=True)
    thread.start()
    return thread


@functools.cache
def _build_index() -> tuple[dict[str, tuple[str, ...]], dict[str, frozenset[str]]]:
    stoplists: dict[str, frozenset[str]] = {}
    reverse: dict[str, list[str]] = {}
    for name in sorted(justext.get_stoplists()):
        words = frozenset(w.lower() for w in justext.get_stoplist(name))
        stoplists[name] = words
        for word in words:
            reverse.setdefault(word, []).append(name)
    return {w: tuple(n) for w, n in reverse.items()}, stoplists


def stoplist(name: str) -> frozenset[str]:
    """The lower-cased stoplist called `name` (empty when unknown)."""
    return _index()[1].get(name, frozenset())


def declared_stoplist(lang: str | None) -> str | None:
    """`de-AT` -> "German"; None when the tag names no language we have a stoplist for."""
    if not lang:
        return None
    code = lang.strip().lower().replace("_", "-").split("-", 1)[0]
    name = _ISO_TO_STOPLIST.get(code)
    return name if name in _index()[1] else None


def guess_stoplist(text: str, lang: str | None = None) -> str:
    """The stoplist that best fits `text`, preferring the declared `lang`."""
    reverse, stoplists = _index()
    words = _WORD.findall(text[: SAMPLE_WORDS * 12].lower())[:SAMPLE_WORDS]
    counts: Counter[str] = Counter()
    for word, times in Counter(words).items():
        for name in reverse.get(word, ()):
            counts[name] += times
    declared = declared_stoplist(lang)
    if not counts:
        return declared or "English"
    best, best_count = counts.most_common(1)[0]
    if declared and counts.get(declared, 0) >= DECLARED_SHARE * best_count:
        return declared
    if counts.get("English", 0) >= ENGLISH_SHARE * best_count:
        return "English"  # several stoplists (Marathi, Uzbek...) contain English words
    return best if best in stoplists else "English"
