"""Time and peak memory of `extract_html` on hostile HTML (each case in a fresh process).

Cases (about the 5 MiB body cap): 250 nested <article>s around 4.8 MB of text, 5 MB of
one-word paragraphs, 110 000 list links, a page nested deeper than libxml2's limit, 5 MB
of text in one paragraph, 20 000 tiny tables, 12 000 prose paragraphs 240 levels deep
(every selection rule walks each block's ancestry), 30 000 teaser cards after an article,
an article and 18 000 short blocks under 200 nested <div>s (each block's ancestry was climbed
by every selection rule: 2.7 s on this machine, 0.8 s after), a React streamed page of
2,000 Suspense boundaries and segments (`streamed`), 2,000 boundaries without closing
comments before 160,000 skeleton elements (each fallback clearing walks to the end).
Each case runs in its own interpreter so that `ru_maxrss` is that case's peak (the
interpreter with lxml and jusText loaded is part of it, shown as the `baseline` row).
Timings belong here, not in tests.

    .venv/bin/python bench/hostile_html.py [--case NAME] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

CASES = {
    "baseline": "'<p>hello</p>'",
    "nested_articles": "'<article><p>x</p>' * 250 + '<p>' + 'word ' * 960_000 + '</p>'"
    " + '</article>' * 250",
    "one_word_paragraphs": "'<html><body>' + '<p>word</p>' * 475_000 + '</body></html>'",
    "list_links": "'<ul>' + ''.join(f'<li><a href=\"/p{i}\">item {i}</a></li>'"
    " for i in range(110_000)) + '</ul>'",
    "too_deep": "'<div>' * 300 + '<p>' + 'deep text ' * 100 + '</p>' + '</div>' * 300"
    " + '<p>after the deep part</p>'",
    "one_paragraph": "'<p>' + 'lorem ipsum dolor ' * 290_000 + '</p>'",
    "tiny_tables": "'<table><tr><td>a</td><td>b</td></tr></table>' * 20_000",
    "deep_prose": "'<div>' * 240 + ''.join(f'<p>{i} ' + 'the board voted to close the quay "
    "for repairs and ' * 8 + '</p>' for i in range(12_000)) + '</div>' * 240",
    "teaser_cards": "'<main><article>' + '<p>' + 'the board voted to close the quay ' * 40"
    " + '</p>' + '</article>' + ''.join(f'<div class=\"card\"><h3><a href=\"/n{i}\">"
    "story number {i} of the day</a></h3><p>a short blurb about the story and why it "
    "matters</p></div>' for i in range(30_000)) + '</main>'",
    "nested_short_blocks": "'<html><body>' + '<div>' * 200 + '<article>' + ''.join(f'<p>{i} '"
    " + 'the board voted to close the quay for repairs and ' * 6 + '</p>' for i in range(40))"
    " + '</article>' + ''.join(f'<div><p>The quay is {i} and the board said so, the harbour "
    "master added in a short note to the residents.</p></div>' for i in range(18_000))"
    " + '</div>' * 200 + '</body></html>'",
    "streamed_segments": "'<main>' + ''.join(f'<!--$?--><template id=\"B:{i:x}\"></template>"
    "<p>Loading {i}</p><!--/$-->' for i in range(2000)) + '</main>' + ''.join(f'<div hidden "
    "id=\"S:{i:x}\"><p>{i} ' + 'the board voted to close the quay for repairs and ' * 48 + "
    'f\'</p></div><script>$RC("B:{i:x}","S:{i:x}")</script>\' for i in range(2000))',
    "streamed_unclosed": "'<main>' + ''.join(f'<template id=\"B:{i:x}\"></template>' + "
    "'<span>skeleton text</span>' * 80 for i in range(2000)) + '</main>' + ''.join(f'<div "
    'hidden id="S:{i:x}"><p>part {i}</p></div><script>$RC("B:{i:x}","S:{i:x}")'
    "</script>' for i in range(2000))",
    # end tags libxml2 ignored inside each other (endtags.py): each marker moves the same
    # paragraphs again, up to MAX_MOVES
    "ignored_end_tags": "'<html><body>' + '<nav><div>\\n' * 120 + '</nav>\\n' * 120"
    " + '<p>the board voted to close the quay</p>\\n' * 120_000 + '</body></html>'",
    # one ignored end tag, 550,000 siblings before it and 90,000 after (the attack b30b:
    # index inserts walked the parent's children for each moved node: 63 s)
    "ignored_end_tag_wide": "'<html><body>' + '<i></i>' * 550_000 + '<nav><div>menu\\n</nav>\\n'"
    " + '<p>x</p>' * 90_000 + '</body></html>'",
    "ignored_end_tags_flat": "'<html><body>' + ''.join(f'<section><div>{i}\\n</section>\\n"
    "<p>the board voted to close the quay</p>\\n' for i in range(60_000)) + '</body></html>'",
}

CHILD = """
import json, resource, sys, time
from webdistill.adapters.extract.html.reader import extract_html
html = {expr}
extract_html('<p>warm up</p>')
start = time.perf_counter()
doc = extract_html(html)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"bytes": len(html.encode()), "seconds": seconds, "peak_mb": peak,
                   "text_chars": len(doc.text), "flags": list(doc.flags)}}))
"""


def run_case(name: str) -> dict[str, object]:
    code = CHILD.format(expr=CASES[name])
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=False
    )
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr else "failed"}
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--case", choices=sorted(CASES), action="append")
    parser.add_argument("--repeat", type=int, default=1, help="runs per case; best time kept")
    args = parser.parse_args(argv)
    names = args.case or list(CASES)
    print(f"{'case':<22}{'MB in':>7}{'seconds':>9}{'peak MB':>9}{'text chars':>12}  flags")
    for name in names:
        runs = [run_case(name) for _ in range(max(1, args.repeat))]
        good = [r for r in runs if "error" not in r]
        if not good:
            print(f"{name:<22} error: {runs[0]['error']}")
            continue
        best = min(good, key=lambda r: float(r["seconds"]))  # type: ignore[arg-type]
        print(
            f"{name:<22}{float(best['bytes']) / 1e6:>7.2f}{float(best['seconds']):>9.2f}"  # type: ignore[arg-type]
            f"{max(float(r['peak_mb']) for r in good):>9.0f}{best['text_chars']:>12}"  # type: ignore[arg-type]
            f"  {','.join(best['flags']) or '-'}"  # type: ignore[arg-type]
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
