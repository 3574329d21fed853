#!/usr/bin/env python3
"""Needle retention of the extractive compressor on the extraction benchmark's dev pages.

For every page of every dataset under DATA (``<dataset>/truth.json``: {id: ground-truth text}),
the document is the page's ground-truth text (paragraphs separated by blank lines), or with
``--extract`` the Markdown that ``webdistill.adapters.extract.html.reader.extract_html`` makes of
``<dataset>/pages/<id>.html`` (when that module exists). The *needle* is the ground-truth
sentence nearest the middle of the page (at least 8 words); it is the focus (query), the
document is compressed to RATIO (20 %) of its length, and the needle *survives* when it appears
in the output (whitespace-normalised). On some short pages the needle plus its gap markers is
longer than the budget; the "needle fits budget" row leaves those out. Pages whose needle is
not in the document to begin with (possible with ``--extract``) are counted apart.

Two baselines put the figure in context: plain truncation to the same budget (the
kernel's fallback) and the extractive compressor with no focus (lead-biased).

    .venv/bin/python bench/needle.py [--data ../shared/bench/extraction/data]
        [--ratio 0.2] [--min-chars 0] [--extract] [--json out.json]

Only local files are read; nothing touches the network.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from webdistill.adapters.compress.extractive import compress_extractive

# A sentence ends at . ! ? … and any closing quotes/brackets right after, before whitespace.
_SENTENCE = re.compile(r"\S.*?[.!?…][\"'”’)\]]*(?=\s|$)", re.DOTALL)
MIN_NEEDLE_WORDS = 8
#: Room a kept sentence needs for the gap markers before and after it ("[…]\n\n" twice).
MARKERS_CHARS = 10
_DEFAULT_DATA = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "bench" / "extraction" / "data",
    Path("/work/shared/bench/extraction/data"),
)


def _normalise(text: str) -> str:
    return " ".join(text.split())


def middle_sentence(truth: str) -> str | None:
    """The sentence of `truth` nearest its middle with at least MIN_NEEDLE_WORDS words."""
    middle = len(truth) // 2
    candidates = []
    for match in _SENTENCE.finditer(truth):
        sentence = match.group(0).strip()
        if len(sentence.split()) >= MIN_NEEDLE_WORDS and "\n\n" not in sentence:
            candidates.append((abs((match.start() + match.end()) // 2 - middle), sentence))
    return min(candidates)[1] if candidates else None


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _extractor() -> Callable[[str, str | None], str]:
    try:
        from webdistill.adapters.extract.html.reader import extract_html  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("--extract: webdistill.adapters.extract.html.reader.extract_html is missing")

    def markdown(html: str, url: str | None) -> str:
        return str(extract_html(html, url).markdown)

    return markdown


def _data_folder(given: str | None) -> Path:
    for candidate in [Path(given)] if given else list(_DEFAULT_DATA):
        if candidate.is_dir():
            return candidate
    sys.exit("no benchmark data found: pass --data PATH/TO/extraction/data")


def run(args: argparse.Namespace) -> dict[str, object]:
    data = _data_folder(args.data)
    extract = _extractor() if args.extract else None
    rows: list[dict[str, object]] = []
    for truth_file in sorted(data.glob("*/truth.json")):
        dataset = truth_file.parent
        truths: dict[str, str] = json.loads(truth_file.read_text(encoding="utf-8"))
        urls_file = dataset / "urls.json"
        urls = json.loads(urls_file.read_text(encoding="utf-8")) if urls_file.exists() else {}
        for page_id, truth in sorted(truths.items()):
            needle = middle_sentence(truth)
            if needle is None:
                continue
            document = truth
            if extract is not None:
                html = _decode((dataset / "pages" / f"{page_id}.html").read_bytes())
                document = extract(html, urls.get(page_id))
            if len(document) < args.min_chars:
                continue
            budget = int(args.ratio * len(document))
            started = time.perf_counter()
            focused = compress_extractive(document, needle, budget)
            seconds = time.perf_counter() - started
            unfocused = compress_extractive(document, "", budget)
            wanted = _normalise(needle)
            rows.append(
                {
                    "dataset": dataset.name,
                    "id": page_id,
                    "chars": len(document),
                    "budget": budget,
                    "needle_chars": len(needle),
                    "in_document": wanted in _normalise(document),
                    "kept": wanted in _normalise(focused),
                    "kept_no_focus": wanted in _normalise(unfocused),
                    "kept_truncation": wanted in _normalise(document[:budget]),
                    "within_budget": len(focused) <= budget,
                    "ms": seconds * 1000,
                }
            )
    return {"data": str(data), "ratio": args.ratio, "extract": args.extract, "pages": rows}


def _rate(rows: list[dict[str, object]], key: str) -> str:
    if not rows:
        return "  n/a"
    return f"{100 * sum(bool(row[key]) for row in rows) / len(rows):5.1f}%"


def report(result: dict[str, object]) -> None:
    pages = result["pages"]
    assert isinstance(pages, list)
    scored = [row for row in pages if row["in_document"]]
    print(f"data: {result['data']}  ratio: {result['ratio']}  extract: {result['extract']}")
    print(f"pages with a needle: {len(pages)}; needle present in the document: {len(scored)}")
    header = f"{'subset':<22}{'pages':>6}{'focused':>9}{'no focus':>10}{'truncate':>10}"
    print(header + f"{'ms mean':>9}{'ms max':>8}")
    feasible = [r for r in scored if int(r["needle_chars"]) + MARKERS_CHARS <= int(r["budget"])]
    subsets = [
        ("all", scored),
        ("needle fits budget", feasible),
        ("chars >= 5000", [r for r in scored if int(r["chars"]) >= 5000]),
    ]
    subsets += [
        (str(name), [r for r in scored if r["dataset"] == name])
        for name in sorted({r["dataset"] for r in scored})
    ]
    for name, rows in subsets:
        times = [float(row["ms"]) for row in rows] or [0.0]
        print(
            f"{name:<22}{len(rows):>6}{_rate(rows, 'kept'):>9}{_rate(rows, 'kept_no_focus'):>10}"
            f"{_rate(rows, 'kept_truncation'):>10}{statistics.mean(times):>9.1f}{max(times):>8.1f}"
        )
    over = [row for row in pages if not row["within_budget"]]
    print(f"outputs over budget: {len(over)}")
    lost = [f"{r['dataset']}/{r['id']}" for r in scored if not r["kept"]]
    print(f"needles lost ({len(lost)}): {', '.join(lost)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="the extraction benchmark's data folder")
    parser.add_argument("--ratio", type=float, default=0.2, help="budget as a share of length")
    parser.add_argument("--min-chars", type=int, default=0, help="skip shorter documents")
    parser.add_argument("--extract", action="store_true", help="use extract_html's Markdown")
    parser.add_argument("--json", help="write per-page rows to this file")
    args = parser.parse_args()
    result = run(args)
    report(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
