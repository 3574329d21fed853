"""Rewrite the reader's consent-manager selectors from DuckDuckGo's autoconsent, or show them.

    python -m webdistill.tools.consent_managers refresh --rules DIR [--source TEXT]
                                                        [--output PATH] [--min-entries N]
    python -m webdistill.tools.consent_managers show

`refresh` reads a checkout (or an unpacked archive) of github.com/duckduckgo/autoconsent
(MPL-2.0) and writes `adapters/data/consent-managers.txt`, the elements the HTML reader
never reads (`adapters/extract/html/consent.py`). What it takes: the `prehideSelectors`
(the elements autoconsent hides as a consent manager's prompt before answering it) of every
rule in `rules/autoconsent/*.json` that is not tied to one site (no `runContext.urlPattern`,
and not autoconsent's own test pages), and of the managers written as code in
`lib/cmps/*.ts` (OneTrust, Cookiebot, TrustArc, ...). Only simple selectors are kept (an
optional tag, an optional `#id`, classes); one with a combinator, an attribute or a
pseudo-class is left out, as is any naming `html`, `body`, `main` or `article`. A rules
folder that yields fewer than `--min-entries` selectors (default 100; autoconsent gives
~200) is refused and the old file is left as it was; otherwise the new one replaces it
atomically (written beside it, then renamed, mode 0644) and the selectors added and gone are
printed: review them before committing (a rule that hides a layout name such as `#content`
would otherwise reach every reader; the reader's own guards are in `consent.py`). A rule
file that is not a regular UTF-8 file of at most 1 MiB is refused. `--source` is written in
the header (say which commit: `https://github.com/duckduckgo/autoconsent@<commit>`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from webdistill.adapters.extract.html.consent import DATA_FILE, entries, parse_file, parse_selector

MIN_ENTRIES = 100
MAX_RULE_BYTES = 1024 * 1024
DEFAULT_SOURCE = "https://github.com/duckduckgo/autoconsent"
#: `prehideSelectors = [...]` or `get prehideSelectors() { return [...]; }` in a TS class.
_TS_PREHIDE = re.compile(
    r"prehideSelectors\b(?:\(\)\s*:\s*string\[\]\s*)?\s*(?:=|\{\s*return)\s*\[(?P<list>.*?)\]\s*;",
    re.S,
)
_TS_STRING = re.compile(r"""'([^']*)'|"([^"]*)"|`([^`]*)`""")
#: `const bannerContainer = '#truste-consent-track';`, named in a template (`${bannerContainer}`).
_TS_CONSTANT = re.compile(r"""\bconst\s+(\w+)\s*=\s*(?:'([^'`$]*)'|"([^"`$]*)")\s*;""")
_TS_PLACEHOLDER = re.compile(r"\$\{(\w+)\}")
#: autoconsent's rules for its own test pages.
_TEST_RULE = re.compile(r"^Test page", re.IGNORECASE)


class RulesError(ValueError):
    """The rules folder is not autoconsent's, or yields too few selectors."""


def _read(path: Path) -> str:
    """A rule file's text: a regular file of at most MAX_RULE_BYTES in UTF-8 (autoconsent's
    largest is ~20 KB; a link to a device or a huge file is refused before it is read)."""
    try:
        if not path.is_file():
            raise RulesError(f"{path} is not a regular file")
        if path.stat().st_size > MAX_RULE_BYTES:
            raise RulesError(f"{path} is larger than {MAX_RULE_BYTES} bytes: not a rule")
        with path.open("rb") as handle:
            data = handle.read(MAX_RULE_BYTES + 1)
        if len(data) > MAX_RULE_BYTES:
            raise RulesError(f"{path} is larger than {MAX_RULE_BYTES} bytes: not a rule")
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"{path} cannot be read as a UTF-8 rule file: {error}") from error


def _json_rules(folder: Path) -> Iterator[tuple[str, str]]:
    for path in sorted((folder / "rules" / "autoconsent").glob("*.json")):
        text = _read(path)
        try:
            rule = json.loads(text)
        except ValueError as error:
            raise RulesError(f"{path} is not a JSON rule: {error}") from error
        if not isinstance(rule, dict):
            raise RulesError(f"{path} is not a JSON rule (not an object)")
        context = rule.get("runContext") or {}
        name = str(rule.get("name") or path.stem)
        if (isinstance(context, dict) and context.get("urlPattern")) or _TEST_RULE.match(name):
            continue
        for entry in rule.get("prehideSelectors") or []:
            if isinstance(entry, str):
                yield entry, name


def _resolve(entry: str, constants: dict[str, str]) -> str:
    """`entry` with each `${name}` of a constant of the file replaced by its value."""
    return _TS_PLACEHOLDER.sub(lambda found: constants.get(found[1], found[0]), entry)


def _code_rules(folder: Path) -> Iterator[tuple[str, str]]:
    for path in sorted((folder / "lib" / "cmps").glob("*.ts")):
        text = _read(path)
        constants = {
            found[1]: found[2] if found[2] is not None else found[3]
            for found in _TS_CONSTANT.finditer(text)
        }
        for found in _TS_PREHIDE.finditer(text):
            for quoted in _TS_STRING.finditer(found["list"]):
                entry = next(part for part in quoted.groups() if part is not None)
                # (a placeholder of no constant in the file stays, and is no simple selector)
                yield _resolve(entry, constants), path.stem


def collect(folder: Path) -> dict[str, str]:
    """Each simple selector of the rules under `folder`, with the rules it comes from."""
    if not (folder / "rules" / "autoconsent").is_dir():
        raise RulesError(
            f"{folder} has no rules/autoconsent folder: give --rules the top of a checkout of "
            "github.com/duckduckgo/autoconsent"
        )
    found: dict[str, set[str]] = {}
    for entry, name in [*_json_rules(folder), *_code_rules(folder)]:
        for part in entry.split(","):
            selector = part.strip()
            if selector and parse_selector(selector) is not None:
                found.setdefault(selector, set()).add(name)
    return {selector: ", ".join(sorted(names)) for selector, names in sorted(found.items())}


def render(selectors: dict[str, str], source: str, now: datetime.datetime) -> str:
    lines = [
        "# webdistill: the elements consent managers show as their prompt (the HTML reader",
        "#   leaves them out: adapters/extract/html/consent.py says where).",
        "# One simple selector a line, a tab, then the autoconsent rules that name it.",
        f"# Source: {source} (prehideSelectors of rules/autoconsent/*.json without a",
        "#   urlPattern, and of lib/cmps/*.ts; simple selectors only)",
        "# Licence: Mozilla Public License 2.0, as autoconsent (https://mozilla.org/MPL/2.0/)",
        f"# Written: {now.strftime('%Y-%m-%dT%H:%M:%SZ')} by webdistill.tools.consent_managers",
        f"# Count: {len(selectors)}",
        "",
    ]
    lines += [f"{selector}\t{names}" for selector, names in selectors.items()]
    return "\n".join(lines) + "\n"


def refresh(folder: Path, output: Path, source: str, min_entries: int) -> tuple[int, str]:
    """Write the selectors of `folder` to `output`; their count and what changed (selectors
    added and gone against the old file: a maintainer reads them before committing)."""
    selectors = collect(folder)
    if len(selectors) < min_entries:
        raise RulesError(
            f"{folder} yields {len(selectors)} selectors, fewer than {min_entries}: not "
            "autoconsent's rules, or their format changed. The old file is left as it was."
        )
    text = render(selectors, source, datetime.datetime.now(datetime.UTC))
    table = parse_file(text)  # (what the reader will read)
    indexes = (table.by_id, table.by_class, table.by_tag, table.by_attribute)
    read = sum(len(found) for index in indexes for found in index.values())
    if read != len(selectors):
        raise RulesError(f"the reader would read {read} of {len(selectors)} selectors: not written")
    try:
        old = {selector for selector, _ in entries(output.read_text(encoding="utf-8"))}
    except (OSError, UnicodeDecodeError):
        old = set()
    handle, temporary = tempfile.mkstemp(dir=output.parent, prefix=output.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)  # (mkstemp's 0600 would hide it from other users' readers)
        os.replace(temporary, output)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    added, gone = sorted(set(selectors) - old), sorted(old - set(selectors) - {""})
    changes = "\n".join(
        f"{what} ({len(names)}): {' '.join(names) or '-'}"
        for what, names in (("Added", added), ("Gone", gone))
    )
    return len(selectors), changes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m webdistill.tools.consent_managers")
    commands = parser.add_subparsers(dest="command", required=True)
    do = commands.add_parser("refresh", help="rewrite the selectors from autoconsent's rules")
    do.add_argument("--rules", type=Path, required=True, help="a checkout of autoconsent")
    do.add_argument("--source", default=DEFAULT_SOURCE, help="what the header names as source")
    do.add_argument("--output", type=Path, default=DATA_FILE)
    do.add_argument("--min-entries", type=int, default=MIN_ENTRIES)
    commands.add_parser("show", help="print the shipped file's header and count")
    args = parser.parse_args(argv)
    if args.command == "show":
        try:
            text = DATA_FILE.read_text(encoding="utf-8")
        except OSError as error:
            print(f"Cannot read {DATA_FILE}: {error}. Reinstall webdistill.", file=sys.stderr)
            return 1
        print(text.partition("\n\n")[0])  # (the header: id selectors start with '#' too)
        return 0
    try:
        count, changes = refresh(args.rules, args.output, args.source, args.min_entries)
    except (RulesError, OSError) as error:
        print(f"Error: {error}", file=sys.stderr)
        return 1
    print(f"Wrote {count} selectors to {args.output}\n{changes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
