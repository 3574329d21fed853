"""Benchmark webdistill's HTML reader against trafilatura and readability-lxml on the dev set.

Uses the shared benchmark's own scorer (`score.py`: data loading, bag-of-words and shingle
metrics, summaries) on `Document.text` of `webdistill.extract_html`, trafilatura (default
settings) and readability-lxml, called **alternately page by page** in the same process
(page i starts with extractor i mod 3), so a change in machine load hits all three alike.
Prints per-dataset and per-WCXB-type F1 side by side, pages/s of each, the speed ratios
(summed time and median of the per-page time ratios) and whether the issue's goals are met.

A **hold-out split** is fixed by a hash of each page's site (`meta.json` domain, else its
id): `--split tune` (about 80 %) is what one iterates on, `--split holdout` is checked at
the end, `--split all` (default) reports both parts as well as the whole.

    .venv/bin/python bench/extraction.py [--data ../shared/bench/extraction/data]
        [--datasets fundus,dragnet] [--limit N] [--sample K] [--split all|tune|holdout]
        [--extractors webdistill,trafilatura,readability] [--reference results.json]
        [--json out.json]

`--reference PATH` takes the other extractors' quality from a stored `score.py --json`
result (e.g. the shared `results/dev-baselines.json`) instead of running them: fast for
iterating on quality, no speed ratio. Not part of the test suite: it needs the benchmark
data, which is not in the repository, and `pip install -e ".[bench]"`.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
HOLDOUT_SHARE = 5  # one site in five is held out
NAMES = {
    "webdistill": f"{HERE}:webdistill_text",
    "trafilatura": "baselines:trafilatura_default",
    "readability": "baselines:readability_lxml",
}
#: Names of the same extractors in the shared `results/dev-baselines.json`.
REFERENCE_NAMES = {
    "trafilatura": "baselines:trafilatura_default",
    "readability": "baselines:readability_lxml",
}
GOAL_MARGIN = 0.02
GOAL_SLACK = 0.01
GOAL_SPEED = 1.5


def webdistill_text(html: str, url: str | None = None) -> str:
    """The extractor under test: the plain text of webdistill's Document."""
    from webdistill.adapters.extract.html.reader import extract_html

    return extract_html(html, url).text


def find_data(explicit: str | None) -> Path:
    if explicit:
        return Path(explicit).resolve()
    for base in (REPO, *REPO.parents):
        for candidate in (
            base.parent / "shared" / "bench" / "extraction" / "data",
            base / "shared" / "bench" / "extraction" / "data",
        ):
            if candidate.is_dir():
                return candidate
    sys.exit("benchmark data not found: pass --data PATH/TO/shared/bench/extraction/data")


def load_scorer(data: Path) -> ModuleType:
    path = data.parent / "score.py"
    if not path.is_file():
        sys.exit(f"score.py not found next to {data}")
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location("score", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_key(page: dict[str, Any], meta: dict[str, dict[str, str]]) -> str:
    return (meta.get(page["id"]) or {}).get("domain") or f"{page['dataset']}/{page['id']}"


def is_holdout(site: str) -> bool:
    """One site in HOLDOUT_SHARE, fixed by a hash of the site (stable across runs)."""
    return hashlib.sha256(site.encode()).digest()[0] % HOLDOUT_SHARE == 0


def load_pages(score: ModuleType, data: Path, args: argparse.Namespace) -> list[dict[str, Any]]:
    wanted = set(args.datasets.split(",")) if args.datasets else None
    pages: list[dict[str, Any]] = []
    for name, folder in score.find_datasets(str(data)):
        if wanted and name not in wanted:
            continue
        meta_path = Path(folder) / "meta.json"
        meta = json.loads(meta_path.read_text()) if meta_path.is_file() else {}
        for page in score.load_dataset(name, folder, args.limit):
            page["holdout"] = is_holdout(site_key(page, meta))
            if args.split == "all" or page["holdout"] == (args.split == "holdout"):
                pages.append(page)
    if args.sample and args.sample < len(pages):
        pages = sorted(random.Random(14).sample(pages, args.sample), key=lambda p: p["id"])
        pages.sort(key=lambda p: p["dataset"])
    return pages


def run_alternating(
    score: ModuleType, names: list[str], pages: list[dict[str, Any]], timeout: float
) -> dict[str, list[dict[str, Any]]]:
    """Per-page rows of each extractor, calling them in rotating order page by page."""
    funcs: dict[str, Callable[..., str]] = {n: score.load_extractor(NAMES[n]) for n in names}
    for func in funcs.values():  # untimed warm-up, as score.evaluate does
        score.run_one(func, score.WARMUP_HTML, None, timeout)
        if pages:
            score.run_one(func, pages[0]["html"], pages[0]["url"], timeout)
    rows: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    for index, page in enumerate(pages):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            out, seconds, error = score.run_one(funcs[name], page["html"], page["url"], timeout)
            precision, recall, f1 = score.bow_scores(out, page["truth"])
            sh_p, sh_r = score.shingle_scores(out, page["truth"])
            rows[name].append(
                {
                    "dataset": page["dataset"], "id": page["id"], "type": page["type"],
                    "bytes": page["bytes"], "seconds": seconds, "error": error,
                    "empty": not score.TOKEN_RE.search(out), "P": precision, "R": recall,
                    "F1": f1, "shP": sh_p, "shR": sh_r, "holdout": page["holdout"],
                }
            )  # fmt: skip
            if error:
                print(f"  fail {name} {page['dataset']}/{page['id']}: {error}", file=sys.stderr)
    return rows


def reference_rows(path: str, pages: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The other extractors' per-page rows from a stored result, for the same pages."""
    stored = json.loads(Path(path).read_text())
    wanted = {(p["dataset"], p["id"]): p["holdout"] for p in pages}
    out: dict[str, list[dict[str, Any]]] = {}
    for short, long_name in REFERENCE_NAMES.items():
        run = next((r for r in stored["runs"] if r["extractor"] == long_name), None)
        if run is None:
            continue
        by_key = {(r["dataset"], r["id"]): r for r in run["pages"]}
        out[short] = [
            {**by_key[key], "holdout": held} for key, held in wanted.items() if key in by_key
        ]
    return out


def groups(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Rows by dataset, WCXB page type, hold-out part and overall."""
    out: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(row["dataset"], []).append(row)
    for row in rows:
        if row["type"]:
            out.setdefault(f"  {row['dataset']}/{row['type']}", []).append(row)
    for row in rows:
        out.setdefault("TUNE part" if not row["holdout"] else "HOLDOUT part", []).append(row)
    out["ALL"] = rows
    return out


def print_table(score: ModuleType, rows: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Per-group F1 of each extractor; returns the goal misses."""
    names = list(rows)
    summaries = {n: {g: score.summarize(r) for g, r in groups(rows[n]).items()} for n in names}
    head = f"{'group':<26}{'pages':>6}" + "".join(f"{n[:11]:>12}" for n in names)
    print("\n== mean per-page F1 (bag of words); P/R of webdistill")
    print(head + f"{'best other':>12}{'delta':>8}{'P':>7}{'R':>7}")
    misses: list[str] = []
    ours = summaries.get("webdistill")
    for group, summary in summaries[names[0]].items():
        line = f"{group:<26}{summary['pages']:>6}"
        line += "".join(f"{summaries[n][group]['f1']:>12.3f}" for n in names)
        others = [summaries[n][group]["f1"] for n in names if n != "webdistill"]
        if ours is not None and others:
            best = max(others)
            delta = ours[group]["f1"] - best
            line += f"{best:>12.3f}{delta:>+8.3f}"
            line += f"{ours[group]['precision'] or 0:>7.3f}{ours[group]['recall'] or 0:>7.3f}"
            need = GOAL_MARGIN if group == "ALL" else -GOAL_SLACK
            if delta < need and "part" not in group:
                misses.append(f"{group.strip()}: {delta:+.3f} (goal {need:+.2f})")
        print(line)
    for name in names:
        overall = summaries[name]["ALL"]
        print(f"{name}: {overall['failures']} failures, {overall['empty']} empty")
        if name == "webdistill" and overall["failures"]:
            misses.append(f"{overall['failures']} failures")
    return misses


def print_speed(rows: dict[str, list[dict[str, Any]]]) -> list[str]:
    if "webdistill" not in rows or len(rows) < 2:
        return []
    print("\n== speed (alternating page by page)")
    ours = rows["webdistill"]
    misses: list[str] = []
    for name, theirs in rows.items():
        total = sum(r["seconds"] for r in theirs)
        print(f"{name:<12} {len(theirs) / total:8.1f} pages/s  {total:8.1f} s")
    for name, theirs in rows.items():
        if name == "webdistill":
            continue
        summed = sum(r["seconds"] for r in theirs) / sum(r["seconds"] for r in ours)
        ratios = [t["seconds"] / o["seconds"] for o, t in zip(ours, theirs, strict=True)]
        median = statistics.median(ratios)
        print(f"speed ratio webdistill/{name}: {summed:.2f}x (summed), {median:.2f}x (median)")
        if name == "trafilatura" and summed < GOAL_SPEED:
            misses.append(f"speed vs trafilatura {summed:.2f}x (goal {GOAL_SPEED}x)")
    return misses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--data", help="the benchmark's data folder (default: ../shared/...)")
    parser.add_argument("--datasets", help="comma-separated dataset names (default: all)")
    parser.add_argument("--limit", type=int, help="first N pages of each dataset")
    parser.add_argument("--sample", type=int, help="a fixed random sample of K pages")
    parser.add_argument("--split", choices=("all", "tune", "holdout"), default="all")
    parser.add_argument("--extractors", default="webdistill,trafilatura,readability")
    parser.add_argument("--reference", help="stored score.py --json result for the others")
    parser.add_argument("--timeout", type=float, default=60.0, help="per-page seconds")
    parser.add_argument("--json", dest="json_out", help="write per-page rows here")
    args = parser.parse_args(argv)

    data = find_data(args.data)
    score = load_scorer(data)
    pages = load_pages(score, data, args)
    names = [n.strip() for n in args.extractors.split(",") if n.strip()]
    unknown = [n for n in names if n not in NAMES]
    if unknown:
        sys.exit(f"unknown extractor(s) {unknown}: choose from {sorted(NAMES)}")
    if args.reference:
        names = ["webdistill"]
    print(f"{len(pages)} pages ({sum(p['holdout'] for p in pages)} held out), {names}")
    rows = run_alternating(score, names, pages, args.timeout)
    if args.reference:
        rows.update(reference_rows(args.reference, pages))
    misses = print_table(score, rows)
    if not args.reference:
        misses += print_speed(rows)
    print("\ngoals: " + ("all met" if not misses else "NOT met: " + "; ".join(misses)))
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as out:
            json.dump({"data": str(data), "split": args.split, "rows": rows}, out, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
