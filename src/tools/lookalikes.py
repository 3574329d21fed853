"""Regenerate `kernel/lookalike_data.py`: the characters that read as the fence markers' letters.

    python -m webdistill.tools.lookalikes CONFUSABLES_TXT [--output PATH]

The input is Unicode's own list of look-alike characters, `confusables.txt` of UTS #39
(Unicode Security Mechanisms; the shipped snapshot was made from version 17.0.0, dated
2025-07-22). For every code point the tool takes the UTS #39 skeleton of its NFKC form
(NFD, each character replaced by its prototype from the list, NFD again), case-folds it and
drops default-ignorable and format (Cf) characters; a code point whose result is one of the
marker letters (`w e b c o n t g i d`, either case: capital I's prototype is `l`) or `<` joins
that letter's class. The ignorable set is the general category Cf (from Python's
`unicodedata`) plus Default_Ignorable_Code_Point of Unicode's DerivedCoreProperties.txt.
Output is a Python module of regular-expression class bodies; `kernel.quoting` builds the
marker-word pattern from it. Takes about a minute (every code point is looked at).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

LETTERS = "webcontgid<"
#: Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 17.0.0).
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
OUTPUT = Path(__file__).resolve().parent.parent / "kernel" / "lookalike_data.py"


def read_confusables(text: str) -> dict[str, str]:
    """`source -> prototype` from confusables.txt lines (`XXXX ; YYYY ZZZZ ; MA # ...`)."""
    table: dict[str, str] = {}
    for raw in text.splitlines():
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        fields = [part.strip() for part in body.split(";")]
        if len(fields) < 2:
            raise ValueError(f"not a confusables.txt line: {raw!r}")
        source = chr(int(fields[0], 16))
        table[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    if len(table) < 5000:
        raise ValueError(f"only {len(table)} mappings: this is not Unicode's confusables.txt")
    return table


def _ignorable() -> frozenset[int]:
    found = {c for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"}
    for low, high in DEFAULT_IGNORABLE:
        found.update(range(low, high + 1))
    return frozenset(found)


def _skeleton(text: str, table: dict[str, str]) -> str:
    text = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in text))


def _ranges(codes: Iterable[int]) -> str:
    """A regex class body (without brackets) for `codes`, as escaped ranges."""

    def esc(code: int) -> str:
        return f"\\U{code:08x}" if code > 0xFFFF else f"\\u{code:04x}"

    out: list[str] = []
    run: list[int] = []
    for code in sorted(codes):
        if run and code == run[-1] + 1:
            run.append(code)
            continue
        if run:
            out.append(esc(run[0]) + ("" if len(run) == 1 else "-" + esc(run[-1])))
        run = [code]
    if run:
        out.append(esc(run[0]) + ("" if len(run) == 1 else "-" + esc(run[-1])))
    return "".join(out)


def build(text: str, digest: str) -> str:
    """The data module's source for confusables.txt `text` (whose file has sha256 `digest`)."""
    table = read_confusables(text)
    ignorable = _ignorable()
    targets = {
        letter: {
            _skeleton(letter.lower(), table).casefold(),
            _skeleton(letter.upper(), table).casefold(),
        }
        for letter in LETTERS
    }
    classes: dict[str, list[int]] = {letter: [] for letter in LETTERS}
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF or code in ignorable:
            continue
        folded = _skeleton(unicodedata.normalize("NFKC", chr(code)), table).casefold()
        folded = "".join(c for c in folded if ord(c) not in ignorable)
        for letter in LETTERS:
            if folded in targets[letter]:
                classes[letter].append(code)
    first = text.splitlines()[:10]
    version = next((line[2:].strip() for line in first if line.startswith("# Version")), "?")
    date = next((line[2:].strip() for line in first if line.startswith("# Date")), "?")
    lines = [
        '"""Look-alikes of the fence markers\' letters: generated, do not edit by hand.',
        "",
        "Made by `python -m webdistill.tools.lookalikes` from Unicode's confusables.txt",
        f"(UTS #39, {version}; {date}; sha256 {digest}),",
        f"with Python {sys.version_info.major}.{sys.version_info.minor}'s unicodedata "
        f"(Unicode {unicodedata.unidata_version}) for NFKC and the Cf category.",
        '"""',
        "",
        "# ruff: noqa: E501",
        "",
        "#: Characters skipped when matching a marker: format (Cf) and default-ignorable.",
        f'IGNORABLE = "{_ranges(ignorable)}"',
        "",
        "#: Per marker letter (lower case) or `<`: every character whose skeleton reads as it.",
        "LOOKALIKES: dict[str, str] = {",
    ]
    lines += [f'    "{letter}": "{_ranges(classes[letter])}",' for letter in LETTERS]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m webdistill.tools.lookalikes")
    parser.add_argument("confusables", type=Path, help="Unicode's confusables.txt (UTS #39)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    try:
        raw = args.confusables.read_bytes()
        source = build(raw.decode("utf-8-sig"), hashlib.sha256(raw).hexdigest())
    except (OSError, ValueError) as exc:
        print(f"lookalikes: {exc}; pass the path of Unicode's confusables.txt.", file=sys.stderr)
        return 2
    args.output.write_text(source, encoding="utf-8")
    print(f"lookalikes: wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
