"""The default malware blocklist shipped as data, read into the set `UrlPolicy` matches.

The data is a snapshot of abuse.ch URLhaus as published by the urlhaus-filter project
(`urlhaus-filter-domains.txt`: hosts that served malware, popular domains taken out), kept in
`data/urlhaus-hosts.txt`: a header of `# Key: value` lines (source, feed date, licence,
count), a blank line, then one canonical host a line (names; public IP addresses too if
refreshed with --keep-addresses).
`data/urlhaus-LICENSE.txt` carries the licences. `python -m webdistill.tools.blocklist
refresh` rewrites the file from the feed.

Reading is the only I/O, done once per process (the shipped set is cached), so the kernel
gets a ready frozenset and stays pure; bench/blocklist_load.py measures what it adds to
start-up.
"""

from __future__ import annotations

import functools
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"
DATA_FILE = DATA_DIR / "urlhaus-hosts.txt"
LICENCE_FILE = DATA_DIR / "urlhaus-LICENSE.txt"


class BlocklistFileError(ValueError):
    """The snapshot file is missing or not in its format; the message says what to do."""


def parse_snapshot(text: str, where: Path | str = DATA_FILE) -> frozenset[str]:
    """The hosts of a snapshot file's text (header, blank line, one host a line)."""
    head, blank, body = text.partition("\n\n")
    hosts = frozenset(body.split())
    if not blank or not head.startswith("#") or not hosts:
        raise BlocklistFileError(
            f"The default blocklist file {where} is not a blocklist snapshot (a '#' header, "
            "a blank line, then one host a line). Reinstall webdistill, or rewrite it with "
            "`python -m webdistill.tools.blocklist refresh`, or set WEB_DEFAULT_BLOCKLIST=false."
        )
    return hosts


def read_blocklist(path: Path | None = None) -> frozenset[str]:
    """The hosts of the snapshot at `path` (default: the shipped one, read once)."""
    if path is None:
        return _shipped()
    return _read(path)


@functools.cache
def _shipped() -> frozenset[str]:
    return _read(DATA_FILE)


def _read(path: Path) -> frozenset[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BlocklistFileError(
            f"Cannot read the default blocklist file {path} ({error}). Reinstall webdistill, "
            "or set WEB_DEFAULT_BLOCKLIST=false to run without it."
        ) from None
    return parse_snapshot(text, path)
