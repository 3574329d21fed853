"""Benchmark webdistill's HTML extraction against trafilatura on the shared dev set.

Runs the benchmark's own scorer (`score.py`) on `Document.text` of
`webdistill.extract_html` and on trafilatura (default settings) in the same process and
prints per-dataset F1 for both, pages/s for both and the speed ratio. Not part of the test
suite: it needs the benchmark data, which is not in the repository.

    .venv/bin/python bench/extraction.py [--data ../shared/bench/extraction/data]
        [--limit N] [--repeat N] [--json out.json]

Without --data it looks for `../shared/bench/extraction/data` relative to the repository
root (this file's parent's parent), then walking up from there. Needs trafilatura
(`pip install -e ".[bench]"`).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
TRAFILATURA = "baselines:trafilatura_default"


def webdistill_text(html: str, url: str | None = None) -> str:
    """The extractor under test: the plain text of webdistill's Document."""
    from webdistill.adapters.extract.html.reader import extract_html

    return extract_html(html, url).text


def find_data(explicit: str | None) -> Path:
    if explicit:
        return Path(explicit).resolve()
    for base in (REPO, *REPO.parents):
        candidate = base.parent / "shared" / "bench" / "extraction" / "data"
        if candidate.is_dir():
            return candidate
        candidate = base / "shared" / "bench" / "extraction" / "data"
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


def _best(runs: list[dict[str, object]]) -> dict[str, object]:
    """The run with the highest throughput (quality is deterministic across runs)."""
    return max(runs, key=lambda r: r["overall"]["pages_per_s"] or 0.0)  # type: ignore[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="the benchmark's data folder (default: ../shared/...)")
    parser.add_argument("--limit", type=int, help="first N pages of each dataset")
    parser.add_argument("--repeat", type=int, default=1, help="alternate runs; best speed kept")
    parser.add_argument("--timeout", type=float, default=60.0, help="per-page seconds")
    parser.add_argument("--json", dest="json_out", help="write both runs (per-page rows) here")
    parser.add_argument("--only-webdistill", action="store_true", help="skip trafilatura")
    args = parser.parse_args(argv)

    data = find_data(args.data)
    score = load_scorer(data)
    datasets = [score.load_dataset(n, f, args.limit) for n, f in score.find_datasets(str(data))]
    ours_spec = f"{HERE}:webdistill_text"
    ours_runs: list[dict[str, object]] = []
    theirs_runs: list[dict[str, object]] = []
    for _ in range(max(1, args.repeat)):
        ours_runs.append(score.evaluate(ours_spec, datasets, args.timeout))
        if not args.only_webdistill:
            theirs_runs.append(score.evaluate(TRAFILATURA, datasets, args.timeout))
    ours = _best(ours_runs)
    ours["extractor"] = "webdistill (Document.text)"
    score.print_result(ours)
    results = [ours]
    if theirs_runs:
        theirs = _best(theirs_runs)
        score.print_result(theirs)
        results.append(theirs)
    score.print_summary(results)
    _print_comparison(results)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as out:
            json.dump({"data": str(data), "limit": args.limit, "runs": results}, out, indent=1)
    return 0


def _print_comparison(results: list[dict[str, object]]) -> None:
    ours = results[0]
    o_all = ours["overall"]  # type: ignore[index]
    print(f"\nwebdistill: F1 {o_all['f1']:.3f}, {o_all['pages_per_s']:.1f} pages/s, "
          f"{o_all['failures']} failures")  # fmt: skip
    if len(results) < 2:
        return
    theirs = results[1]
    t_all = theirs["overall"]  # type: ignore[index]
    print(f"trafilatura: F1 {t_all['f1']:.3f}, {t_all['pages_per_s']:.1f} pages/s")
    ratio = o_all["pages_per_s"] / t_all["pages_per_s"]
    print(f"speed ratio (webdistill / trafilatura): {ratio:.2f}x")
    print("per dataset (webdistill - trafilatura):")
    for name, stats in ours["datasets"].items():  # type: ignore[attr-defined]
        other = theirs["datasets"][name]["f1"]  # type: ignore[index]
        print(f"  {name:<12} {stats['f1']:.3f} vs {other:.3f}  ({stats['f1'] - other:+.3f})")


if __name__ == "__main__":
    raise SystemExit(main())
