"""Fit and judge a learned furniture check on the reader's kept blocks (issue 30).

Two steps, each its own command (the benchmark data never enters the repository):

    # 1. a feature row per kept block of every dev page (project venv)
    .venv/bin/python bench/furniture_fit.py dump --out /tmp/p30m-rows.jsonl
    # 2. fit on the TUNE sites only, with site-grouped cross-validation (scratch venv)
    python3 -m venv /tmp/p30m-fit && /tmp/p30m-fit/bin/pip install scikit-learn numpy
    /tmp/p30m-fit/bin/python bench/furniture_fit.py fit --rows /tmp/p30m-rows.jsonl \\
        [--model lr|gbm] [--min-sites 25] [--write PATH/learned_trees.py]

A row is what `furniture_features.kept_features` sees of a kept block at the end of the
reader's `classify`, plus its label: 1 (furniture) when less than half of its word 3-grams
(for a block of one or two words: its word sequence) occur in the page's ground truth,
tokenised as the benchmark's `score.py` does (lower-case `\\w+`). The split is
`bench/extraction.py`'s (one site in five held out by a hash of the site); `fit` never reads a
HOLDOUT row. Class/id words are features only when seen on at least MIN_SITES distinct TUNE
sites; every page weighs the same. `fit` prints, per probability threshold, the
cross-validated drops' precision (by blocks, words and pages) and each dataset's simulated
change of mean F1 and recall, and picks the lowest threshold whose drops are TARGET_PRECISION
furniture with no dataset losing F1 or more than 0.003 recall. `--write` (gbm) writes the
trees as a Python data module (the form commit f1aea66 wired into the reader).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))

MIN_SITES = 25
TARGET_PRECISION = 0.9
FOLDS = 5
TREES = 40
TREE_DEPTH = 3


def _ngrams(tokens: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def label(text: str, truth_grams: dict[int, set[tuple[str, ...]]], token_re: Any) -> float:
    """The share of the block's word 3-grams (shorter: its whole sequence) in the truth."""
    tokens = token_re.findall(text.lower())
    if not tokens:
        return 1.0
    n = min(3, len(tokens))
    grams = _ngrams(tokens, n)
    return sum(1 for g in grams if g in truth_grams[n]) / len(grams)


def _kept_blocks(page: dict[str, Any]) -> tuple[list[Any], str] | None:
    """The reader's blocks of `page` as `classify` leaves them, and
    the stoplist used; the steps of `reader.extract_html` up to there."""
    from lxml import etree

    from webdistill.adapters.extract.html import parsing, reader
    from webdistill.adapters.extract.html.classify import classify
    from webdistill.adapters.extract.html.mathml import flatten_math
    from webdistill.adapters.extract.html.measure import budget, measure
    from webdistill.adapters.extract.html.segment import BlockMaker

    root = parsing.parse_html(page["html"]).root
    if root is None:
        return None
    budget(root)
    flatten_math(root)
    etree.strip_elements(root, *reader.JUNK_TAGS, with_tail=False)
    reader._unwrap_noscript(root)
    body = root.find("body")
    body = root if body is None else body
    measures = measure(body)
    blocks = BlockMaker(page["url"], reader.find_main(measures), measures).walk(body)
    if not blocks:
        return None
    language = reader.read_meta(root).language
    dense = reader._article_container(body, measures)
    return blocks, classify(blocks, language, dense)


def dump(args: argparse.Namespace) -> int:
    import extraction
    from furniture_features import kept_features

    from webdistill.adapters.extract.html.stoplists import stoplist

    data = extraction.find_data(args.data)
    score = extraction.load_scorer(data)
    count = 0
    with Path(args.out).open("w") as out, Path(args.out + ".truth").open("w") as truths:
        for name, folder in score.find_datasets(str(data)):
            meta_path = Path(folder) / "meta.json"
            meta = json.loads(meta_path.read_text()) if meta_path.is_file() else {}
            for page in score.load_dataset(name, folder, args.limit):
                site = extraction.site_key(page, meta)
                read = _kept_blocks(page)
                if read is None:
                    continue
                blocks, stoplist_name = read
                truth = score.TOKEN_RE.findall(page["truth"].lower())
                grams = {n: _ngrams(truth, n) for n in (1, 2, 3)}
                for block, row, words in kept_features(blocks, stoplist(stoplist_name)):
                    share = label(block.text, grams, score.TOKEN_RE)
                    record = {
                        "dataset": name, "id": page["id"], "site": site,
                        "holdout": extraction.is_holdout(site), "in_truth": share,
                        "y": 1 if share < 0.5 else 0, "words": block.words_count,
                        "text": block.text, "x": row, "names": sorted(words),
                    }  # fmt: skip
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
                line = {"dataset": name, "id": page["id"], "truth": truth}
                truths.write(json.dumps(line, ensure_ascii=False) + "\n")
                count += 1
    print(f"{count} pages dumped to {args.out}")
    return 0


def _matrix(rows: list[dict[str, Any]], numeric: list[str], vocab: list[str]) -> Any:
    import numpy as np

    matrix = np.zeros((len(rows), len(numeric) + len(vocab)))
    where = {w: len(numeric) + i for i, w in enumerate(vocab)}
    for r, row in enumerate(rows):
        for c, key in enumerate(numeric):
            matrix[r, c] = row["x"][key]
        for word in row["names"]:
            if word in where:
                matrix[r, where[word]] = 1.0
    return matrix


def _drop_precision(y: Any, w: Any, p: Any, threshold: float) -> tuple[int, float, float, float]:
    """(drops, precision by blocks, by words, furniture words caught) at `threshold`."""
    chosen = p >= threshold
    drops = int(chosen.sum())
    if not drops:
        return 0, 1.0, 1.0, 0.0
    by_blocks = float(y[chosen].mean())
    by_words = float((w[chosen] * y[chosen]).sum() / w[chosen].sum())
    caught = float((w[chosen] * y[chosen]).sum() / max(1, (w * y).sum()))
    return drops, by_blocks, by_words, caught


def _page_scores(pages: dict[tuple[str, str], Any], drop: Any) -> dict[str, list[float]]:
    """Per dataset: mean P, R, F1 of the pages' kept text with the blocks in `drop` left out
    (the benchmark's bag of lower-case words)."""
    from collections import Counter

    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for (dataset, _), page in pages.items():
        pred: Counter[str] = Counter()
        for index, tokens in page["blocks"]:
            if not drop[index]:
                pred.update(tokens)
        truth = page["truth"]
        n_p, n_t = sum(pred.values()), sum(truth.values())
        overlap = sum((pred & truth).values())
        p = overlap / n_p if n_p else 0.0
        r = overlap / n_t if n_t else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        row = sums[dataset]
        row[0] += p
        row[1] += r
        row[2] += f1
        row[3] += 1
    return {d: [v[0] / v[3], v[1] / v[3], v[2] / v[3]] for d, v in sums.items()}


def _model(kind: str, c: float) -> Any:
    if kind == "gbm":
        from sklearn.ensemble import HistGradientBoostingClassifier

        return HistGradientBoostingClassifier(
            max_depth=TREE_DEPTH, max_iter=TREES, min_samples_leaf=50, random_state=0
        )
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return make_pipeline(StandardScaler(), LogisticRegression(C=c, max_iter=3000))


def _load_tune(rows_path: str) -> tuple[list[dict[str, Any]], dict[tuple[str, str], Any]]:
    """The TUNE rows (HOLDOUT rows are dropped unread) and, per TUNE page, its truth's
    word counts and its blocks' (row index, word counts)."""
    import re
    from collections import Counter

    token_re = re.compile(r"\w+")
    with Path(rows_path).open() as lines:
        tune = [row for row in map(json.loads, lines) if not row["holdout"]]
    wanted = {(r["dataset"], r["id"]) for r in tune}
    pages: dict[tuple[str, str], Any] = {}
    with Path(rows_path + ".truth").open() as lines:
        for page in map(json.loads, lines):
            key = (page["dataset"], page["id"])
            if key in wanted:
                pages[key] = {"truth": Counter(page["truth"]), "blocks": []}
    for index, row in enumerate(tune):
        tokens = Counter(token_re.findall(row["text"].lower()))
        pages[(row["dataset"], row["id"])]["blocks"].append((index, tokens))
    return tune, pages


def _cross_validate(x: Any, y: Any, sample: Any, groups: Any, args: argparse.Namespace) -> Any:
    """Out-of-fold furniture probabilities, folds grouped by site."""
    import numpy as np
    from sklearn.model_selection import GroupKFold

    cv_p = np.zeros(len(y))
    for train, test in GroupKFold(n_splits=FOLDS).split(x, y, groups):
        model = _model(args.model, args.c)
        last = model.steps[-1][0] + "__" if hasattr(model, "steps") else ""
        model.fit(x[train], y[train], **{last + "sample_weight": sample[train]})
        cv_p[test] = model.predict_proba(x[test])[:, 1]
    return cv_p


def _choose(
    pages: dict[tuple[str, str], Any], y: Any, w: Any, sample: Any, cv_p: Any
) -> float | None:
    """Print each threshold's drops and per-dataset F1/recall change; the lowest threshold
    whose drops are TARGET_PRECISION furniture (by words and pages) with no dataset's F1
    falling nor recall falling by more than 0.003."""
    import numpy as np

    base = _page_scores(pages, np.zeros(len(y), dtype=bool))
    print("base  " + "  ".join(f"{d[:6]} F1 {v[2]:.4f} R {v[1]:.4f}" for d, v in base.items()))
    print("threshold drops P(blocks) P(words) P(pages) | per dataset dF1/dR (x1000)")
    chosen = None
    for threshold in np.arange(0.5, 0.995, 0.025):
        drop = cv_p >= threshold
        drops, pb, pw, _ = _drop_precision(y, w, cv_p, threshold)
        pp = float((sample[drop] * y[drop]).sum() / sample[drop].sum()) if drops else 1.0
        now = _page_scores(pages, drop)
        deltas = {d: (now[d][2] - base[d][2], now[d][1] - base[d][1]) for d in base}
        line = f"{threshold:9.3f} {drops:5d} {pb:9.3f} {pw:8.3f} {pp:8.3f} |"
        line += "".join(f" {d[:5]} {1000 * f:+.1f}/{1000 * r:+.1f}" for d, (f, r) in deltas.items())
        print(line)
        ok = all(f >= 0 and r >= -0.003 for f, r in deltas.values())
        if chosen is None and drops and ok and min(pp, pw) >= TARGET_PRECISION:
            chosen = float(threshold)
    print(f"chosen threshold: {chosen}")
    return chosen


def fit(args: argparse.Namespace) -> int:
    from collections import Counter

    import numpy as np

    tune, pages = _load_tune(args.rows)
    numeric = sorted(tune[0]["x"])
    sites: dict[str, set[str]] = defaultdict(set)
    for row in tune:
        for word in row["names"]:
            sites[word].add(row["site"])
    vocab = sorted(w for w, s in sites.items() if len(s) >= args.min_sites)
    x = _matrix(tune, numeric, vocab)
    y = np.array([r["y"] for r in tune])
    w = np.array([max(1, r["words"]) for r in tune], dtype=float)
    per_page = Counter((r["dataset"], r["id"]) for r in tune)
    # Each page weighs the same (a listing of 300 cards does not outvote 30 articles).
    sample = np.array([1.0 / per_page[(r["dataset"], r["id"])] for r in tune])
    groups = np.array([r["site"] for r in tune])
    print(f"TUNE rows {len(tune)}, furniture {y.mean():.3f}, sites {len(set(groups))}, "
          f"words in vocabulary {len(vocab)}")  # fmt: skip
    cv_p = _cross_validate(x, y, sample, groups, args)
    if args.save_cv:
        np.save(args.save_cv, cv_p)
    chosen = _choose(pages, y, w, sample, cv_p)
    shown = 0
    for i in np.argsort(-cv_p):
        if cv_p[i] < (chosen or 0.9) or shown >= args.examples:
            break
        row = tune[i]
        if not args.dataset or row["dataset"] == args.dataset:
            shown += 1
            print(
                f"  {cv_p[i]:.3f} y={row['y']} {row['dataset']}/{row['id']}: {row['text'][:90]!r}"
            )
    if args.model == "gbm" and args.write and chosen is not None:
        model = _model("gbm", args.c)
        model.fit(x, y, sample_weight=sample)
        _write_trees(Path(args.write), [*numeric, *(f"name:{v}" for v in vocab)], model, chosen)
        print(f"trees written to {args.write} (fitted on {len(tune)} rows)")
    return 0


def _write_trees(path: Path, names: list[str], model: Any, threshold: float) -> None:
    """The boosted trees as data: per tree, nodes (feature, threshold, left, right, value);
    a leaf has feature "" (x <= threshold goes left; a missing value never occurs)."""
    import math

    trees = []
    for (predictor,) in model._predictors:
        nodes = []
        for node in predictor.nodes:
            if node["is_leaf"]:
                nodes.append(("", 0.0, 0, 0, round(float(node["value"]), 6)))
            else:
                nodes.append((names[int(node["feature_idx"])], float(node["num_threshold"]),
                              int(node["left"]), int(node["right"]), 0.0))  # fmt: skip
        trees.append(nodes)
    base = float(model._baseline_prediction.ravel()[0])
    logit = math.log(threshold / (1 - threshold))
    lines = [
        '"""The learned furniture check\'s model (`learned`): boosted shallow trees.',
        "",
        "Fitted by `bench/furniture_fit.py` (scikit-learn HistGradientBoostingClassifier,",
        f"{TREES} trees of depth {TREE_DEPTH}, pages weighted alike) on the kept blocks of the",
        "dev benchmark's TUNE sites (HOLDOUT sites never read); class/id words count only when",
        f"seen on at least {MIN_SITES} distinct sites. THRESHOLD (a log-odds) is the lowest",
        f"probability whose drops were furniture at least {TARGET_PRECISION} of the time (by",
        f"blocks, words and pages) in {FOLDS}-fold site-grouped cross-validation with no dataset",
        "losing F1. Refit (the benchmark data is not in the repository):",
        "",
        "    .venv/bin/python bench/furniture_fit.py dump --out /tmp/p30m-rows.jsonl",
        "    /tmp/p30m-fit/bin/python bench/furniture_fit.py fit --rows /tmp/p30m-rows.jsonl \\",
        f"        --model gbm --write {path}",
        "",
        "A node is (feature, threshold, left, right, leaf value): a feature of",
        "`furniture_features.kept_features` or `name:<word>` (1.0 when a wrapper's class/id",
        'has the word); the value goes left when <= threshold; a leaf has feature "".',
        '"""',
        "",
        f"BASE = {base!r}",
        f"THRESHOLD = {logit!r}",
        "TREES: tuple[tuple[tuple[str, float, int, int, float], ...], ...] = (",
    ]
    for nodes in trees:
        lines.append("    (")
        lines.extend(f"        {node!r}," for node in nodes)
        lines.append("    ),")
    lines += [")", ""]
    path.write_text("\n".join(lines))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--data")
    d.add_argument("--limit", type=int)
    d.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--rows", required=True)
    f.add_argument("--min-sites", type=int, default=MIN_SITES)
    f.add_argument("--c", type=float, default=0.3)
    f.add_argument("--examples", type=int, default=40)
    f.add_argument("--write")
    f.add_argument("--save-cv", help="save the cross-validated probabilities (.npy)")
    f.add_argument("--model", choices=("lr", "gbm"), default="lr")
    f.add_argument("--dataset", help="show example drops of this dataset only")
    args = parser.parse_args(argv)
    return dump(args) if args.step == "dump" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
