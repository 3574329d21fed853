"""Refresh the shipped default malware blocklist from its feed, or show what is shipped.

    python -m webdistill.tools.blocklist refresh [--url URL | --input FILE] [--output PATH]
                                                 [--min-entries N] [--source TEXT]
    python -m webdistill.tools.blocklist show

`refresh` downloads the urlhaus-filter domains feed (abuse.ch URLhaus, hosts that served
malware with popular domains taken out; CC0), or reads a copy saved with `--input`, and
rewrites the snapshot webdistill loads (`adapters/data/urlhaus-hosts.txt`, or `--output`).
Both the feed's formats are read: one host a line (`urlhaus-filter-domains.txt`) and the
hosts file (`0.0.0.0 host`, `urlhaus-filter-hosts.txt` or URLhaus's own hostfile); `#` and
`!` lines are comments and the feed's `Updated:` date is kept. Each entry is made canonical
the way URLs are (lowercase, IDNA, IPv4 in dotted decimal); non-public addresses and local
names are dropped (the address policy refuses them anyway), and so are public suffixes
(`github.io`, `co.uk`: listing one would block every site under it; the Public Suffix List as
the `publicsuffixlist` package ships it). The feed's IP addresses (nine in
ten of its entries: infected devices on dynamic addresses, soon handed to someone else) are
left out unless `--keep-addresses` is given: names alone keep the snapshot small and its
start-up cost under a millisecond (bench/blocklist_load.py). A feed that is not a host list
(an HTML page, say), that has no host, or fewer than `--min-entries` (default 1000; the real
one has ~25,000) is refused and the old snapshot is left as it was; otherwise the new one
replaces it atomically (written beside it, then renamed). Proxies come from the usual
HTTPS_PROXY / NO_PROXY variables. A `--url` is never written or shown with its user-info or
query values (a mirror's token): the header's Source line and every message mask them.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import functools
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import aiohttp
import attrs
from publicsuffixlist import PublicSuffixList
from returns.pipeline import is_successful

from webdistill.adapters.blocklist import (
    DATA_FILE,
    LICENCE_FILE,
    BlocklistFileError,
    read_blocklist,
)
from webdistill.kernel import addresses, hosts
from webdistill.kernel.redaction import masked_url

DEFAULT_FEED_URL = "https://malware-filter.gitlab.io/malware-filter/urlhaus-filter-domains.txt"
MIN_ENTRIES = 1000
MAX_FEED_BYTES = 64 * 1024 * 1024
TIMEOUT_S = 120.0
#: Lines that are not host names, as a share of all entry lines, above which the download is
#: not taken for a host list (a real feed has none).
MAX_MALFORMED_SHARE = 0.01
LICENCE = (
    "URLhaus data CC0-1.0 (abuse.ch); urlhaus-filter lists CC0-1.0 and MIT "
    f"(Ming Di Leom); see {LICENCE_FILE.name}"
)
_SINK_ADDRESSES = frozenset({"0.0.0.0", "127.0.0.1", "::", "::1"})


class FeedError(Exception):
    """The feed could not be read or is not a plausible host list; the message says why."""


@attrs.frozen
class Feed:
    """A parsed feed: its canonical hosts, its `Updated:` date, and what was left out."""

    entries: frozenset[str]
    updated: str | None = None
    #: Entries left out because the policy refuses them anyway (non-public addresses, local names).
    dropped: int = 0
    #: Public IP addresses left out (kept only with `keep_addresses`).
    addresses: int = 0
    #: Entry lines that are not host names, with the first few of them.
    malformed: int = 0
    examples: tuple[str, ...] = ()
    lines: int = 0
    #: Entries left out because they are public suffixes (`github.io`), the first few of them.
    suffixes: tuple[str, ...] = ()


def _candidates(line: str) -> list[str]:
    """The host tokens of one non-comment line: `host`, or `address host...` (hosts file)."""
    tokens = line.split("#", 1)[0].split()
    if len(tokens) > 1 and tokens[0] in _SINK_ADDRESSES:
        return tokens[1:]
    return tokens if len(tokens) == 1 else [line]


def _canonical(token: str) -> hosts.Host | None:
    text = f"[{token}]" if ":" in token and not token.startswith("[") else token
    parsed = hosts.parse_host(text)
    return parsed.unwrap() if is_successful(parsed) else None


@functools.cache
def _public_suffixes() -> PublicSuffixList:
    """The Public Suffix List (publicsuffix.org, ICANN and private sections) as the
    `publicsuffixlist` package ships it; loaded on first use (~0.3 s), by `refresh` only."""
    return PublicSuffixList()


def is_public_suffix(name: str) -> bool:
    """Is the canonical name `name` a public suffix (`co.uk`, `github.io`, a single label)?"""
    return "." not in name or bool(_public_suffixes().is_public(name))


def parse_feed(text: str, *, keep_addresses: bool = False) -> Feed:
    """Parse a feed in either format (see the module docstring); never raises."""
    entries: set[str] = set()
    suffixes: list[str] = []
    updated: str | None = None
    dropped = malformed = lines = left_out = 0
    examples: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line[0] in "#!":
            key, _, value = line[1:].strip().partition(":")
            if key.strip().lower() == "updated" and updated is None:
                updated = value.strip() or None
            continue
        lines += 1
        for token in _candidates(line):
            host = _canonical(token)
            if host is None:
                malformed += 1
                if len(examples) < 3:
                    examples.append(token[:80])
            elif host.address is not None:
                if addresses.address_category(host.address) is not addresses.AddressCategory.PUBLIC:
                    dropped += 1
                elif keep_addresses:  # a mapped ::ffff:a.b.c.d is kept as a.b.c.d
                    entries.add(addresses.lookup_forms(host.address)[-1])
                else:
                    left_out += 1
            elif hosts.name_problem(host.name) is not None:
                dropped += 1
            elif is_public_suffix(host.name):
                suffixes.append(host.name)
            else:
                entries.add(host.name)
    return Feed(
        frozenset(entries), updated, dropped, left_out, malformed, tuple(examples), lines,
        tuple(sorted(set(suffixes))),
    )  # fmt: skip


def validate(feed: Feed, min_entries: int = MIN_ENTRIES) -> None:
    """Raise `FeedError` unless `feed` looks like the real host list."""
    if feed.lines and feed.malformed > feed.lines * MAX_MALFORMED_SHARE:
        shown = ", ".join(repr(e) for e in feed.examples)
        raise FeedError(
            f"The download is not a host list: {feed.malformed} of {feed.lines} lines are not "
            f"host names (first: {shown}). Check the URL (a login or error page?); the current "
            "snapshot is kept."
        )
    if not feed.entries:
        raise FeedError("The feed has no host entries; the current snapshot is kept.")
    if len(feed.entries) < min_entries:
        raise FeedError(
            f"The feed has only {len(feed.entries)} hosts; a real feed has at least "
            f"{min_entries} (--min-entries), so it looks truncated. The current snapshot is kept."
        )


def _shown_source(source: str) -> str:
    """A source as written and shown: a URL without its user-info and query values."""
    return masked_url(source) if "://" in source else source


def render(feed: Feed, source: str, written: datetime.datetime) -> str:
    """The snapshot file: a `# Key: value` header, a blank line, one host a line."""
    header = [
        "# webdistill default blocklist: hosts seen serving malware.",
        "# A listed name blocks itself and its subdomains; a listed address only itself.",
        f"# Source: {_shown_source(source)}",
        f"# Feed updated: {feed.updated or 'unknown (no Updated: line in the feed)'}",
        f"# Written: {written.strftime('%Y-%m-%dT%H:%M:%SZ')} by webdistill.tools.blocklist",
        f"# Licence: {LICENCE}",
        f"# Entries: {len(feed.entries):,}",
    ]
    if feed.addresses:
        header.append(
            f"# Left out: the feed's {feed.addresses:,} public IP addresses "
            "(refresh --keep-addresses keeps them)"
        )
    if feed.suffixes:
        header.append(f"# Left out: {len(feed.suffixes)} public suffixes (Public Suffix List)")
    return "\n".join(header) + "\n\n" + "\n".join(sorted(feed.entries)) + "\n"


def write_atomically(output: Path, text: str) -> None:
    """Write `text` beside `output` (a link is followed to its file), then rename it over."""
    target = Path(os.path.realpath(output))
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


async def download(url: str, *, trust_env: bool = True, timeout_s: float = TIMEOUT_S) -> str:
    """The feed's text (at most MAX_FEED_BYTES), or `FeedError` saying what failed (the URL
    shown masked: a mirror's user-info or query token is never printed)."""
    timeout = aiohttp.ClientTimeout(total=timeout_s)
    shown = masked_url(url)
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout, trust_env=trust_env) as session,
            session.get(url, headers={"User-Agent": "webdistill-blocklist-refresh"}) as reply,
        ):
            if reply.status != 200:
                raise FeedError(
                    f"{shown} answered HTTP {reply.status}; the current snapshot is kept."
                )
            body = bytearray()
            async for chunk in reply.content.iter_chunked(1 << 16):
                body += chunk
                if len(body) > MAX_FEED_BYTES:
                    raise FeedError(f"{shown} sent more than {MAX_FEED_BYTES} bytes; not a feed.")
    except (aiohttp.ClientError, TimeoutError, ValueError) as error:
        if isinstance(error, TimeoutError):
            what = f"timed out after {timeout_s:g} s"
        else:  # aiohttp's own text may repeat the URL: masked like it
            what = masked_url(str(error)) if str(error) else type(error).__name__
            what = what.replace(url, shown)
        raise FeedError(
            f"Cannot download {shown}: {what}. Check the network or proxy (HTTPS_PROXY), "
            "or download the file yourself and pass it with --input."
        ) from None
    return _decode(bytes(body), shown)


def _decode(body: bytes, where: str) -> str:
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        raise FeedError(f"{where} is not UTF-8 text; not a feed.") from None


def save(feed: Feed, output: Path, source: str, min_entries: int = MIN_ENTRIES) -> Feed:
    """Check `feed` and write it as the snapshot at `output` (FeedError if implausible)."""
    validate(feed, min_entries)
    write_atomically(output, render(feed, source, datetime.datetime.now(datetime.UTC)))
    return feed


async def refresh(
    url: str = DEFAULT_FEED_URL,
    output: Path = DATA_FILE,
    *,
    min_entries: int = MIN_ENTRIES,
    trust_env: bool = True,
    source: str | None = None,
    keep_addresses: bool = False,
) -> Feed:
    """Download the feed at `url`, check it and replace the snapshot at `output`."""
    text = await download(url, trust_env=trust_env)
    feed = parse_feed(text, keep_addresses=keep_addresses)
    return save(feed, output, source or url, min_entries)


def convert(
    path: Path,
    output: Path = DATA_FILE,
    *,
    min_entries: int = MIN_ENTRIES,
    source: str | None = None,
    keep_addresses: bool = False,
) -> Feed:
    """The same as `refresh` from a feed saved at `path`."""
    try:
        text = _decode(path.read_bytes(), str(path))
    except OSError as error:
        raise FeedError(f"Cannot read {path}: {error.strerror or error}.") from None
    feed = parse_feed(text, keep_addresses=keep_addresses)
    return save(feed, output, source or str(path), min_entries)


def _positive(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{raw!r} is not a whole number of at least 1")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m webdistill.tools.blocklist",
        description="Refresh or show webdistill's default malware blocklist (URLhaus).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    refresh_command = commands.add_parser("refresh", help="rewrite the snapshot from the feed")
    given = refresh_command.add_mutually_exclusive_group()
    given.add_argument(
        "--url", default=DEFAULT_FEED_URL, help=f"feed URL (default {DEFAULT_FEED_URL})"
    )
    given.add_argument("--input", type=Path, help="a feed file already downloaded")
    refresh_command.add_argument(
        "--output", type=Path, default=DATA_FILE, help=f"snapshot to write (default {DATA_FILE})"
    )
    refresh_command.add_argument(
        "--min-entries", type=_positive, default=MIN_ENTRIES, help="refuse a smaller feed"
    )
    refresh_command.add_argument("--source", help="what to name as the source in the header")
    refresh_command.add_argument(
        "--keep-addresses",
        action="store_true",
        help="keep the feed's public IP addresses (~10x the entries and the start-up cost)",
    )
    commands.add_parser("show", help="describe the shipped snapshot")
    return parser


def _show() -> int:
    try:
        count = len(read_blocklist())
    except BlocklistFileError as error:
        print(error, file=sys.stderr)
        return 1
    head = DATA_FILE.read_text(encoding="utf-8").partition("\n\n")[0]
    print(f"{os.path.realpath(DATA_FILE)}: {count:,} hosts")
    for line in head.splitlines():  # a snapshot written before sources were masked
        shown = line.removeprefix("# ")
        key, colon, value = shown.partition(": ")
        print(f"{key}: {_shown_source(value)}" if colon and key == "Source" else shown)
    return 0


async def amain(argv: Sequence[str] | None = None) -> int:
    """Run the command line `argv`; the exit code (0 done, 1 refused or failed, 2 usage)."""
    args = _parser().parse_args(argv)
    if args.command == "show":
        return _show()
    options = {
        "min_entries": args.min_entries,
        "source": args.source,
        "keep_addresses": args.keep_addresses,
    }
    try:
        if args.input is not None:
            feed = convert(args.input, args.output, **options)
        else:
            feed = await refresh(args.url, args.output, **options)
    except FeedError as error:
        print(f"blocklist refresh: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"blocklist refresh: cannot write {args.output}: {error}", file=sys.stderr)
        return 1
    print(_summary(feed, args.output))
    return 0


def _summary(feed: Feed, output: Path) -> str:
    notes = [f"feed updated {feed.updated or 'unknown'}"]
    if feed.addresses:
        notes.append(f"{feed.addresses:,} IP addresses left out")
    if feed.dropped:
        notes.append(f"{feed.dropped} non-public addresses or local names dropped")
    if feed.suffixes:
        notes.append(
            f"{len(feed.suffixes)} public suffixes left out ({', '.join(feed.suffixes[:5])})"
        )
    written = os.path.realpath(output)
    return f"Wrote {len(feed.entries):,} hosts ({'; '.join(notes)}) to {written}."


def main(argv: Sequence[str] | None = None) -> int:
    return asyncio.run(amain(argv))


if __name__ == "__main__":
    sys.exit(main())
