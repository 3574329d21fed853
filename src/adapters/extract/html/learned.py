"""The learned furniture check: kept blocks that boosted trees are sure are furniture go.

After `classify` has chosen the kept blocks, each is described by
`block_features.kept_features` and scored by the trees in `learned_trees` (fitted on the
dev benchmark's TUNE sites by `bench/furniture_fit.py`); a block whose log-odds of being
furniture reach the fitted THRESHOLD is dropped.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.block import Block
from webdistill.adapters.extract.html.block_features import kept_features
from webdistill.adapters.extract.html.learned_trees import BASE, THRESHOLD, TREES


def furniture_log_odds(row: dict[str, float], names: set[str]) -> float:
    """The trees' log-odds that a block with these features is furniture."""
    total = BASE
    for tree in TREES:
        index = 0
        while True:
            feature, threshold, left, right, value = tree[index]
            if not feature:
                total += value
                break
            if feature.startswith("name:"):
                x = 1.0 if feature[5:] in names else 0.0
            else:
                x = row[feature]
            index = left if x <= threshold else right
    return total


def drop_learned_furniture(blocks: list[Block], stopwords: frozenset[str]) -> None:
    """Kept blocks the trees are sure are furniture become bad."""
    for block, row, names in kept_features(blocks, stopwords):
        if furniture_log_odds(row, names) >= THRESHOLD:
            block.class_type = "bad"
