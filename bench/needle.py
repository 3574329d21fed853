#!/usr/bin/env python3
"""Needle retention of compression as an agent gets it: through the composed `web_fetch`.

Every page of the extraction benchmark (``<dataset>/pages/<id>.html``, with
``<dataset>/truth.json`` giving its ground-truth text) is served from a local aiohttp server on
127.0.0.1 and read with ``webdistill.build(config)`` -> ``toolkit.fetch``, exactly the path an
agent's ``web_fetch`` call takes (guarded client, HTML reader, kernel, compressor):

1. ``{"url", "compress": false}`` gives the extracted Markdown (the document) and its length.
2. The *needle* is the ground-truth sentence nearest the middle of the page (at least 8 words).
   Pages whose needle is not in the extracted Markdown are counted apart (an extraction miss,
   not a compression one).
3. The *question* is built from four words of the needle, not the sentence itself: its
   non-stopword words of 3+ letters, four picked evenly from first to last, as
   ``"What does the page say about w1 w2 w3 w4?"``.
4. ``{"url", "focus": question, "compress": true, "max_chars": RATIO * length}`` is the
   compressed read; the needle is *kept* when it is in the content shown (both normalised:
   Markdown links to their text, then the sequence of lower-case word tokens).

Columns: ``kept`` (focused compression through web_fetch), ``no focus`` (the same call without
focus), ``lead trunc`` (the needle within the first RATIO of the document: what a plain
window shows), ``over`` (answers longer than the window, or paged), ``not compr`` (answers
not reported as compressed although the document is longer than the window). "needle fits"
leaves out pages where the needle plus its gap markers is longer than the window.

    .venv/bin/python bench/needle.py [--data ../shared/bench/extraction/data] [--ratio 0.2]
        [--compressor extractive] [--limit N] [--datasets wcxb,fundus] [--json out.json]

Only local files are read and only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

import webdistill

# A sentence ends at . ! ? … and any closing quotes/brackets right after, before whitespace.
_SENTENCE = re.compile(r"\S.*?[.!?…][\"'”’)\]]*(?=\s|$)", re.DOTALL)
_WORD = re.compile(r"[^\W\d_]{3,}")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TOKEN = re.compile(r"[^\W_]+")
MIN_NEEDLE_WORDS = 8
QUESTION_WORDS = 4
#: Room a kept sentence needs for the gap markers before and after it ("[…]\n\n" twice).
MARKERS_CHARS = 10
_STOPWORDS_TEXT = """
a an and are as at be but by for from has have he her his i if in into is it its of on or our
she so than that the their them then there these they this to was we were what when where which
who will with you your not been also had can more one would about after all out over only other
some such up very
"""
_STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
_DEFAULT_DATA = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "bench" / "extraction" / "data",
    Path("/work/shared/bench/extraction/data"),
)


def normalise(text: str) -> str:
    """Text for needle matching: link targets dropped, then the lower-case word tokens only
    (so quotes, list markers, emphasis and escapes do not matter), space-separated and padded.
    """
    return " " + " ".join(_TOKEN.findall(_LINK.sub(r"\1", text).lower())) + " "


def middle_sentence(truth: str) -> str | None:
    """The sentence of `truth` nearest its middle with at least MIN_NEEDLE_WORDS words."""
    middle = len(truth) // 2
    candidates = []
    for match in _SENTENCE.finditer(truth):
        sentence = match.group(0).strip()
        if len(sentence.split()) >= MIN_NEEDLE_WORDS and "\n\n" not in sentence:
            candidates.append((abs((match.start() + match.end()) // 2 - middle), sentence))
    return min(candidates)[1] if candidates else None


def question_for(needle: str) -> str:
    """A question made of four of the needle's words (not the sentence itself)."""
    words = [w for w in _WORD.findall(needle) if w.lower() not in _STOPWORDS]
    words = list(dict.fromkeys(words)) or needle.split()[:QUESTION_WORDS]
    if len(words) > QUESTION_WORDS:
        step = (len(words) - 1) / (QUESTION_WORDS - 1)
        words = [words[round(i * step)] for i in range(QUESTION_WORDS)]
    return f"What does the page say about {' '.join(words)}?"


def _data_folder(given: str | None) -> Path:
    for candidate in [Path(given)] if given else list(_DEFAULT_DATA):
        if candidate.is_dir():
            return candidate
    sys.exit("no benchmark data found: pass --data PATH/TO/extraction/data")


def _pages(data: Path, datasets: set[str] | None, limit: int | None) -> list[tuple[str, str, str]]:
    """(dataset, page id, needle) for every page with a needle, in a stable order."""
    found: list[tuple[str, str, str]] = []
    for truth_file in sorted(data.glob("*/truth.json")):
        dataset = truth_file.parent.name
        if datasets and dataset not in datasets:
            continue
        truths: dict[str, str] = json.loads(truth_file.read_text(encoding="utf-8"))
        for page_id, truth in sorted(truths.items()):
            needle = middle_sentence(truth)
            if needle is not None:
                found.append((dataset, page_id, needle))
    return found[:limit] if limit else found


def _site(data: Path) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        dataset, page_id = request.match_info["dataset"], request.match_info["page"]
        path = data / dataset / "pages" / f"{page_id}.html"
        if not path.is_file() or ".." in dataset or ".." in page_id:
            raise web.HTTPNotFound()
        return web.Response(body=path.read_bytes(), headers={"Content-Type": "text/html"})

    app = web.Application()
    app.router.add_get("/{dataset}/{page}", page)
    return app


async def _read(toolkit: webdistill.Toolkit, args: dict[str, Any]) -> Any:
    outcome = (await toolkit.fetch(args)).unwrap()[0]
    return outcome.page if outcome.page is not None else outcome.error


async def _measure(
    toolkit: webdistill.Toolkit, base: str, item: tuple[str, str, str], ratio: float
) -> dict[str, object]:
    dataset, page_id, needle = item
    url = f"{base}/{dataset}/{page_id}"
    row: dict[str, object] = {"dataset": dataset, "id": page_id, "needle_chars": len(needle)}
    raw = await _read(toolkit, {"url": url, "compress": False, "max_chars": 1_000_000})
    if not hasattr(raw, "content"):
        row["error"] = f"{raw.code.value}: {raw.message}"
        return row
    document = raw.content
    wanted = normalise(needle)
    window = max(200, int(ratio * len(document)))
    question = question_for(needle)
    row |= {"chars": len(document), "window": window, "question": question}
    row["in_document"] = wanted in normalise(document)
    started = time.perf_counter()
    focused = await _read(
        toolkit, {"url": url, "focus": question, "compress": True, "max_chars": window}
    )
    row["ms"] = (time.perf_counter() - started) * 1000
    unfocused = await _read(toolkit, {"url": url, "compress": True, "max_chars": window})
    for name, page in (("", focused), ("_no_focus", unfocused)):
        if not hasattr(page, "content"):
            row[f"error{name}"] = f"{page.code.value}: {page.message}"
            row[f"kept{name}"] = False
            continue
        row[f"kept{name}"] = wanted in normalise(page.content)
        if not name:
            row["over_budget"] = len(page.content) > window or page.truncated
            row["compressed_by"] = page.compressed_by
            row["not_compressed"] = page.compressed_by is None and len(document) > window
            row["original_chars"] = page.original_chars
    row["kept_truncation"] = wanted in normalise(document[:window])
    return row


async def run(args: argparse.Namespace) -> dict[str, object]:
    data = _data_folder(args.data)
    datasets = set(args.datasets.split(",")) if args.datasets else None
    items = _pages(data, datasets, args.limit)
    runner = web.AppRunner(_site(data), handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    config = webdistill.Config(
        allow_http=True,
        trusted_addresses=("127.0.0.1",),
        compressor=args.compressor,
        fetch_timeout_ms=60_000,
        max_content_chars=1_000_000,
        llm_base_url=args.llm_base_url,
        llm_model=args.llm_model,
    )
    rows: list[dict[str, object]] = []
    try:
        async with webdistill.build(config) as toolkit:
            for number, item in enumerate(items, start=1):
                rows.append(await _measure(toolkit, f"http://127.0.0.1:{port}", item, args.ratio))
                if number % 100 == 0:
                    print(f"... {number}/{len(items)}", file=sys.stderr)
    finally:
        await runner.cleanup()
    return {"data": str(data), "ratio": args.ratio, "compressor": args.compressor, "pages": rows}


def _rate(rows: list[dict[str, object]], key: str) -> str:
    if not rows:
        return "   n/a"
    return f"{100 * sum(bool(row.get(key)) for row in rows) / len(rows):5.1f}%"


def report(result: dict[str, object]) -> None:
    pages = result["pages"]
    assert isinstance(pages, list)
    read = [row for row in pages if "error" not in row]
    scored = [row for row in read if row["in_document"]]
    print(
        f"data: {result['data']}  ratio: {result['ratio']}  compressor: {result['compressor']}"
        "  (through toolkit.fetch)"
    )
    print(
        f"pages with a needle: {len(pages)}; read: {len(read)}; "
        f"needle in the extracted Markdown: {len(scored)}"
    )
    print(
        f"{'subset':<20}{'pages':>6}{'kept':>8}{'no focus':>10}{'lead trunc':>12}"
        f"{'over':>6}{'not compr':>10}{'ms med':>8}{'ms max':>8}"
    )
    feasible = [r for r in scored if int(r["needle_chars"]) + MARKERS_CHARS <= int(r["window"])]
    subsets = [
        ("all", scored),
        ("needle fits", feasible),
        ("chars >= 5000", [r for r in scored if int(r["chars"]) >= 5000]),
    ]
    subsets += [
        (str(name), [r for r in scored if r["dataset"] == name])
        for name in sorted({r["dataset"] for r in scored})
    ]
    for name, rows in subsets:
        times = [float(row["ms"]) for row in rows] or [0.0]
        over = sum(bool(row.get("over_budget")) for row in rows)
        plain = sum(bool(row.get("not_compressed")) for row in rows)
        print(
            f"{name:<20}{len(rows):>6}{_rate(rows, 'kept'):>8}{_rate(rows, 'kept_no_focus'):>10}"
            f"{_rate(rows, 'kept_truncation'):>12}{over:>6}{plain:>10}"
            f"{statistics.median(times):>8.1f}{max(times):>8.1f}"
        )
    failed = [r for r in pages if "error" in r or "error_no_focus" in r]
    print(f"fetch/compression errors: {len(failed)}")
    for row in failed[:5]:
        print(f"  {row['dataset']}/{row['id']}: {row.get('error') or row.get('error_no_focus')}")
    lost = [f"{r['dataset']}/{r['id']}" for r in scored if not r["kept"]]
    print(f"needles lost ({len(lost)}): {', '.join(lost[:40])}{' …' if len(lost) > 40 else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="the extraction benchmark's data folder")
    parser.add_argument("--ratio", type=float, default=0.2, help="window as a share of length")
    parser.add_argument("--compressor", default="extractive", choices=["extractive", "llm"])
    parser.add_argument("--llm-base-url", help="for --compressor llm (a local server)")
    parser.add_argument("--llm-model", help="for --compressor llm")
    parser.add_argument("--limit", type=int, help="first N pages only")
    parser.add_argument("--datasets", help="comma-separated dataset names")
    parser.add_argument("--json", help="write per-page rows to this file")
    args = parser.parse_args()
    host = urlsplit(args.llm_base_url or "http://127.0.0.1/").hostname
    if host not in ("127.0.0.1", "::1", "localhost"):
        sys.exit("--llm-base-url: benchmarks talk to 127.0.0.1 / ::1 only")
    result = asyncio.run(run(args))
    report(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
