"""Proof that a change to the HTML reader changes no output: dump, then compare two dumps.

`dump` runs `extract_html` on every `.html` page under the shared benchmark's data folder
(1,152 pages) with the page's URL-less defaults, with images as links and as alt text, and
with the page's own URL when its dataset's `urls.json` has one (links resolved), and
writes every field of each `Document` to a JSON file. Run it on the code before the change
(an export of main's `src` on PYTHONPATH) and after it, then `compare` says how many pages
differ and shows the first differences. Not a test: it needs the benchmark data, which is
not in the repository.

    PYTHONPATH=/tmp/main-export .venv/bin/python bench/extraction_equivalence.py dump before.json
    .venv/bin/python bench/extraction_equivalence.py dump after.json
    .venv/bin/python bench/extraction_equivalence.py compare before.json after.json

(the export: `git archive main src | tar -x -C /tmp/main-export && mv /tmp/main-export/src
/tmp/main-export/webdistill`)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import attrs

HERE = Path(__file__).resolve()
#: The shared data beside the checkout (/work/main) or beside a worktree's parent (/work/wt/x).
DATA = next(
    (
        base / "shared" / "bench" / "extraction" / "data"
        for base in HERE.parents
        if (base / "shared" / "bench" / "extraction" / "data").is_dir()
    ),
    HERE.parent.parent.parent / "shared" / "bench" / "extraction" / "data",
)


def dump(data: Path, out: Path) -> int:
    from webdistill.adapters.extract.html.reader import extract_html

    pages = sorted(data.rglob("*.html"))
    urls: dict[str, str] = {}
    for listing in data.glob("*/urls.json"):
        for stem, url in json.loads(listing.read_text()).items():
            urls[f"{listing.parent.name}/{stem}"] = url
    results: dict[str, object] = {}
    for page in pages:
        html = page.read_bytes()
        name = str(page.relative_to(data))
        result = {
            "links": attrs.asdict(extract_html(html)),
            "alt_text": attrs.asdict(extract_html(html, image_links=False)),
        }
        url = urls.get(f"{page.relative_to(data).parts[0]}/{page.stem}")
        if url:
            result["with_url"] = attrs.asdict(extract_html(html, url))
        results[name] = result
    out.write_text(json.dumps(results, ensure_ascii=False, sort_keys=True))
    import webdistill

    print(f"{len(pages)} pages read by {webdistill.__file__} -> {out}")
    return 0


def compare(before: Path, after: Path, show: int) -> int:
    old = json.loads(before.read_text())
    new = json.loads(after.read_text())
    if old.keys() != new.keys():
        print(f"different page sets: {len(old)} vs {len(new)}")
        return 1
    differ = [name for name in sorted(old) if old[name] != new[name]]
    print(f"{len(old)} pages compared, {len(differ)} differ")
    for name in differ[:show]:
        for mode in old[name]:
            for field, value in old[name][mode].items():
                if new[name][mode].get(field) != value:
                    print(f"  {name} [{mode}] {field}: {str(value)[:80]!r} -> "
                          f"{str(new[name][mode].get(field))[:80]!r}")  # fmt: skip
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    dumping = commands.add_parser("dump")
    dumping.add_argument("out", type=Path)
    dumping.add_argument("--data", type=Path, default=DATA)
    comparing = commands.add_parser("compare")
    comparing.add_argument("before", type=Path)
    comparing.add_argument("after", type=Path)
    comparing.add_argument("--show", type=int, default=10)
    args = parser.parse_args()
    if args.command == "dump":
        return dump(args.data, args.out)
    return compare(args.before, args.after, args.show)


if __name__ == "__main__":
    sys.exit(main())
