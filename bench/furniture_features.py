"""Features of the kept blocks of a page, for the learned furniture check (`furniture_fit`).

`kept_features` describes each block the classifier kept by what a reader of the page
could see: its size, links, stop words, sentence ends, capitals and digits, its kind, where
it sits among the kept blocks (first/last, share of the kept text before it, distance to the
longest paragraph), what is around it (a heading before it, blocks sharing its tag path) and
the tag names and class/id words of its wrappers inside the kept text's container (the
deepest element holding every kept block). `bench/furniture_fit.py` dumps these rows with a
label from the benchmark's truth and fits boosted trees on them. (Commit f1aea66 had this
module in the reader with the fitted trees wired into `classify`; it was not kept: see
docs/benchmarks.md, "Learned furniture check".)
"""

from __future__ import annotations

import math
import re
from collections import Counter

from lxml import etree

from webdistill.adapters.extract.html.block import Block

_WORD = re.compile(r"\w+")
_NAME_WORD = re.compile(r"[a-z]{3,}")
_SENTENCE_END = (".", "!", "?", "\u3002", "\uff01", "\uff1f", ":", '"', "\u201d")
#: Wrapper tags whose presence between a block and the container is a feature.
WRAPPER_TAGS = (
    "aside",
    "figure",
    "footer",
    "header",
    "section",
    "ul",
    "ol",
    "table",
    "blockquote",
    "form",
    "nav",
    "strong",
    "em",
    "a",
)
KINDS = ("p", "li", "heading", "table", "pre", "dt", "dd")
CF_CLASSES = ("good", "neargood", "short", "bad")
#: How many of the first and last kept blocks count as "at the edge".
EDGE = 2
#: A kept paragraph this long with few links is running text.
RUNNING_CHARS = 150


def _is_running(block: Block) -> bool:
    """A paragraph of running text: RUNNING_CHARS long, few links."""
    return block.kind == "p" and len(block.text) >= RUNNING_CHARS and block.links_density() < 0.5


def _ancestors_below(
    owner: etree._Element | None, container: etree._Element | None
) -> list[etree._Element]:
    """`owner` and its ancestors up to (without) `container`."""
    out: list[etree._Element] = []
    node = owner
    while node is not None and node is not container:
        out.append(node)
        node = node.getparent()
    return out


def _common_ancestor(owners: list[etree._Element]) -> etree._Element | None:
    """The deepest element holding every one of `owners`."""
    if not owners:
        return None
    chain = [owners[0], *owners[0].iterancestors()]
    depth_of = {id(node): i for i, node in enumerate(chain)}
    lowest = 0
    for owner in owners[1:]:
        node: etree._Element | None = owner
        while node is not None and id(node) not in depth_of:
            node = node.getparent()
        if node is None:
            return None
        lowest = max(lowest, depth_of[id(node)])
    return chain[lowest]


def name_words(nodes: list[etree._Element]) -> set[str]:
    """The lower-case words (3+ letters) of the class and id attributes of `nodes`."""
    out: set[str] = set()
    for node in nodes:
        for attr in ("class", "id"):
            value = node.get(attr)
            if value:
                out.update(_NAME_WORD.findall(value.lower()))
    return out


def kept_features(
    blocks: list[Block], stopwords: frozenset[str]
) -> list[tuple[Block, dict[str, float], set[str]]]:
    """(block, numeric features, class/id words of its wrappers) of each kept block."""
    kept = [b for b in blocks if b.class_type == "good"]
    if not kept:
        return []
    owners = [b.owner for b in kept if b.owner is not None]
    container = _common_ancestor(owners)
    sizes = [len(b.text) for b in kept]
    total = sum(sizes) or 1
    longest = max(range(len(kept)), key=lambda i: sizes[i])
    paths = Counter(b.dom_path for b in kept)
    count = len(kept)
    running = [i for i, b in enumerate(kept) if _is_running(b)]
    running_share = sum(sizes[i] for i in running) / total
    first_run = running[0] if running else count
    last_run = running[-1] if running else -1
    before = 0
    out: list[tuple[Block, dict[str, float], set[str]]] = []
    for index, block in enumerate(kept):
        text = block.text
        words = text.split()
        tokens = _WORD.findall(text)
        n_words = len(words) or 1
        row: dict[str, float] = {
            "log_words": math.log1p(len(words)),
            "log_chars": math.log1p(len(text)),
            "links": block.links_density(),
            "stopwords": block.stopwords_density(stopwords) if stopwords else 0.0,
            "sentence_end": 1.0 if text.rstrip().endswith(_SENTENCE_END) else 0.0,
            "punct_per_word": sum(text.count(c) for c in ".,;!?") / n_words,
            "capitals": sum(1 for w in words if w[:1].isupper()) / n_words,
            "digits": sum(1 for t in tokens if t.isdigit()) / (len(tokens) or 1),
            "position": index / max(1, count - 1),
            "first": 1.0 if index < EDGE else 0.0,
            "last": 1.0 if index >= count - EDGE else 0.0,
            "text_before": before / total,
            "text_after": (total - before - sizes[index]) / total,
            "after_longest": 1.0 if index > longest else 0.0,
            "dist_longest": math.log1p(abs(index - longest)),
            "share": sizes[index] / total,
            "heading_before": 1.0 if index and kept[index - 1].kind == "heading" else 0.0,
            "same_path": math.log1p(paths[block.dom_path] - 1),
            "in_main": 1.0 if block.in_main else 0.0,
            "images": 1.0 if block.images else 0.0,
            "log_kept": math.log1p(count),
            "log_running": math.log1p(len(running)),
            "running_share": running_share,
            "running": 1.0 if _is_running(block) else 0.0,
            "before_running": 1.0 if index < first_run else 0.0,
            "after_running": 1.0 if index > last_run else 0.0,
            "prev_words": math.log1p(kept[index - 1].words_count) if index else 0.0,
            "next_words": math.log1p(kept[index + 1].words_count) if index + 1 < count else 0.0,
            "prev_links": kept[index - 1].links_density() if index else 0.0,
            "next_links": kept[index + 1].links_density() if index + 1 < count else 0.0,
        }
        for kind in KINDS:
            row[f"kind_{kind}"] = 1.0 if block.kind == kind else 0.0
        for cf in CF_CLASSES:
            row[f"cf_{cf}"] = 1.0 if block.cf_class == cf else 0.0
        wrappers = _ancestors_below(block.owner, container)
        tags = {str(node.tag) for node in wrappers}
        for tag in WRAPPER_TAGS:
            row[f"tag_{tag}"] = 1.0 if tag in tags else 0.0
        row["depth"] = math.log1p(len(wrappers))
        out.append((block, row, name_words(wrappers)))
        before += sizes[index]
    return out
