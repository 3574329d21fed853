"""What each `webdistill` command does, once its arguments are parsed.

Heavy modules (the composition root, aiohttp, the MCP SDK, asyncio and the progress line)
are imported inside the command that needs them, so `webdistill --help` and `webdistill
extract` stay quick.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import attrs
from returns.result import Result, Success

from webdistill.config import Config, ConfigError
from webdistill.doors.cli import config_command
from webdistill.doors.cli.search_warnings import warn_refused_keys
from webdistill.doors.cli.support import (
    EXIT_INPUT,
    EXIT_OK,
    exit_code_for,
    first_failure_exit,
    print_json,
    say_error,
    say_json_error,
)
from webdistill.doors.cli.terminal import for_terminal
from webdistill.doors.render import fetch_to_text, search_to_text, to_jsonable
from webdistill.doors.render_results import (
    CLI_ID_HINT,
    response_id_of,
    stored_to_jsonable,
    stored_to_text,
)
from webdistill.doors.wording import (
    fetches_for_people,
    for_a_file,
    for_people,
    searches_for_people,
)
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.own_text import OwnText, own
from webdistill.kernel.results import StoredResult

if TYPE_CHECKING:
    from webdistill.compose import Toolkit

_T = TypeVar("_T")


def CLI_MORE_HINT(next_start: OwnText, url: OwnText) -> OwnText:
    """The person's paging advice: the command to run."""
    return own("To read more run: webdistill fetch {} --start-index {}", url, next_start)


#: After `fetch --raw` the next window is of the raw body too.
def CLI_RAW_MORE_HINT(next_start: OwnText, url: OwnText) -> OwnText:
    """After `fetch --raw` the next window is of the raw body too."""
    return own("To read more run: webdistill fetch {} --raw --start-index {}", url, next_start)


#: File name endings -> media type, for `extract` (the extractor also sniffs the bytes).
EXTENSION_TYPES = {
    ".html": "text/html",
    ".htm": "text/html",
    ".xhtml": "application/xhtml+xml",
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".txt": "text/plain",
    ".json": "application/json",
    ".csv": "text/csv",
    ".xml": "application/xml",
    ".rss": "application/rss+xml",
    ".atom": "application/atom+xml",
    ".pdf": "application/pdf",
}


class CommandError(Exception):
    """An expected failure that ends the command with a one-line message and `exit_code`."""

    def __init__(self, message: str, exit_code: int = EXIT_INPUT, kind: str = "usage") -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.kind = kind  # `detail.kind` of the --json error: usage, configuration, file...


def run(args: argparse.Namespace) -> int:
    """Dispatch the parsed command; expected failures become a message and an exit code."""
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "search": run_search,
        "fetch": run_fetch,
        "extract": run_extract,
        "get": run_get,
        "mcp": run_mcp,
        "config": run_config,
    }
    try:
        return commands[args.command](args)
    except CommandError as error:
        say_error(str(error))
        if getattr(args, "json", False):
            say_json_error(str(error), kind=error.kind)
        return error.exit_code


def load_config(args: argparse.Namespace) -> Config:
    """The effective configuration (environment over the TOML file)."""
    try:
        return Config.from_env(os.environ, config_file=args.config, file_option="--config")
    except ConfigError as error:
        raise CommandError(f"configuration error: {error}", kind="configuration") from None


def _with_toolkit(config: Config, call: Callable[[Toolkit], Awaitable[_T]]) -> _T:
    import asyncio

    from webdistill.compose import build

    async def go() -> _T:
        async with build(config) as toolkit:
            return await call(toolkit)

    try:
        return asyncio.run(go())
    except ConfigError as error:
        raise CommandError(f"configuration error: {error}", kind="configuration") from None


def _summarise_failures(errors: Sequence[WebError | None], noun: str) -> None:
    """In human mode, one stderr line when items failed (stdout may be piped elsewhere)."""
    failed = [error for error in errors if error is not None]
    if failed:
        say_error(
            f"{len(failed)} of {len(errors)} {noun} failed (first: {failed[0].code.value}); "
            "see the output above."
        )


def _print_json(value: object) -> None:
    print_json(value)


def _print(text: str) -> None:
    """Text output for a person: no control characters or escape sequences from the web."""
    print(for_terminal(text))


def _request_failed(error: WebError, as_json: bool) -> int:
    error = for_people(error)
    if as_json:
        _print_json({"error": error.to_dict()})
    else:
        say_error(f"{error.code.value}: {error.message}")
    return exit_code_for(error.code)


def _fence(config: Config) -> bool:
    return bool(config.fence_untrusted)  # None: the CLI's default is off


def _outcomes(
    answer: Result[tuple[_T, ...], WebError],
) -> tuple[_T, ...] | WebError:
    return answer.unwrap() if isinstance(answer, Success) else answer.failure()


def _report(
    outcomes: Sequence[SearchOutcome] | Sequence[FetchOutcome],
    text: str,
    noun: str,
    *,
    as_json: bool,
) -> int:
    """Print every item's outcome (JSON or `text`); the exit code of the first failure."""
    response_id = response_id_of(outcomes)
    if as_json:
        answer: dict[str, object] = {"results": to_jsonable(tuple(outcomes))}
        if response_id:
            answer["response_id"] = response_id
        _print_json(answer)
    else:
        _print(f"{text}\n\n{CLI_ID_HINT.format(id=response_id)}" if response_id else text)
        _summarise_failures([outcome.error for outcome in outcomes], noun)
    return first_failure_exit(outcome.error for outcome in outcomes)


#: `webdistill search` flags (argparse names) and the `web_search` arguments they set.
_SEARCH_OPTIONS = (
    ("region", "region"),
    ("language", "language"),
    ("safe_search", "safe_search"),
    ("include_domains", "include_domains"),
    ("exclude_domains", "exclude_domains"),
    ("topic", "topic"),
    ("snippet_chars", "max_chars_per_result"),
    ("content_hits", "content_hits"),
    ("content_chars", "content_max_chars"),
)


def run_search(args: argparse.Namespace) -> int:
    config = load_config(args)
    if args.provider:
        config = attrs.evolve(config, search_provider=args.provider)
    queries: Sequence[str] = args.queries
    raw: dict[str, object] = {"queries": list(queries), "include_content": args.include_content}
    if args.max_results is not None:
        raw["max_results"] = args.max_results
    if args.time_range:
        raw["time_range"] = args.time_range
    for option, name in _SEARCH_OPTIONS:
        value = getattr(args, option, None)
        if value is not None:
            raw[name] = value
    label = f"searching {len(queries)} queries"

    async def call(toolkit: Toolkit) -> Result[tuple[SearchOutcome, ...], WebError]:
        from webdistill.doors.cli.progress import Progress

        async with Progress(label, enabled=len(queries) > 1):
            return await toolkit.search(raw)

    answer = _outcomes(_with_toolkit(config, call))
    if isinstance(answer, WebError):
        return _request_failed(answer, args.json)
    warn_refused_keys(answer)
    answer = searches_for_people(answer)
    text = (
        "" if args.json else search_to_text(answer, fence=_fence(config), more_hint=CLI_MORE_HINT)
    )
    return _report(answer, text, "queries", as_json=args.json)


def run_fetch(args: argparse.Namespace) -> int:
    config = load_config(args)
    urls: Sequence[str] = args.urls
    raw: dict[str, object] = {"urls": list(urls)}
    options = ("max_chars", "start_index", "focus", "compress", "prefer_reader", "render")
    for key in (*options, "extract_mode", "timeout_ms"):
        value = getattr(args, key)
        if value is not None:
            raw[key] = value
    label = f"reading {len(urls)} pages"

    async def call(toolkit: Toolkit) -> Result[tuple[FetchOutcome, ...], WebError]:
        from webdistill.doors.cli.progress import Progress

        async with Progress(label, enabled=len(urls) > 1):
            return await toolkit.fetch(raw)

    answer = _outcomes(_with_toolkit(config, call))
    if isinstance(answer, WebError):
        return _request_failed(answer, args.json)
    answer = fetches_for_people(answer)
    more_hint = CLI_RAW_MORE_HINT if args.extract_mode == "raw" else CLI_MORE_HINT
    text = "" if args.json else fetch_to_text(answer, fence=_fence(config), more_hint=more_hint)
    return _report(answer, text, "URLs", as_json=args.json)


def _read_input(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).read_bytes()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise CommandError(
            f"cannot read {name}: {reason}. Give a readable file or - for stdin.", kind="file"
        ) from None


def run_extract(args: argparse.Namespace) -> int:
    config = load_config(args)  # WEB_IMAGE_LINKS applies to local files too
    body = _read_input(args.file)
    from webdistill.compose import read_local

    content_type = EXTENSION_TYPES.get(Path(args.file).suffix.lower()) if args.file != "-" else None
    answer = read_local(body, content_type, args.url, image_links=config.image_links)
    if not isinstance(answer, Success):
        return _request_failed(for_a_file(answer.failure()), args.json)
    document = answer.unwrap()
    if args.json:
        _print_json(to_jsonable(document))
    elif args.text:
        _print(document.text)
    else:
        _print(document.markdown)
    return EXIT_OK


def run_get(args: argparse.Namespace) -> int:
    config = load_config(args)
    raw: dict[str, object] = {"response_id": args.response_id}
    for key in ("query", "query_index", "url", "url_index"):
        value = getattr(args, key)
        if value is not None:
            raw[key] = value

    async def call(toolkit: Toolkit) -> Result[StoredResult, WebError]:
        return await toolkit.get_result(raw)

    answer = _with_toolkit(config, call)
    if not isinstance(answer, Success):
        return _request_failed(answer.failure(), args.json)
    stored = answer.unwrap()
    outcomes = stored.searches if stored.tool == "web_search" else stored.pages
    if args.json:
        _print_json(stored_to_jsonable(stored))
    else:
        _print(stored_to_text(stored, fence=_fence(config), more_hint=CLI_MORE_HINT))
    return first_failure_exit(outcome.error for outcome in outcomes)


def _refuse_unservable(config: Config) -> None:
    """A configuration the server cannot serve (e.g. a Redis store without the redis
    package) stops `mcp` at once: started, it would fail every tool call."""
    if config.cache in ("disk", "memory", "off"):
        return  # nothing to check: the composition root is not even imported
    from webdistill.compose import cannot_serve

    problems = cannot_serve(config)
    if problems:
        raise CommandError(f"cannot serve MCP: {' '.join(problems)}", kind="configuration")


def run_mcp(args: argparse.Namespace) -> int:
    config = load_config(args)
    _refuse_unservable(config)
    try:
        if args.http is None:
            from webdistill.doors.mcp.handshake import serve_stdio_fast

            return serve_stdio_fast(config)  # answers initialize while the SDK loads
        host, port = parse_host_port(args.http)
        from webdistill.doors.mcp import server as mcp
        from webdistill.doors.mcp.http_guard import BindRefused

        try:
            return mcp.serve_http(config, host, port, allow_remote=args.allow_remote)
        except BindRefused as refused:
            raise CommandError(f"cannot serve MCP: {refused}.") from None
    except ImportError as error:
        raise CommandError(
            f"the MCP server needs the `mcp` package, part of webdistill's own install, but "
            f"{error.name} is missing: reinstall webdistill (from a checkout: pip install .)."
        ) from None
    except ConfigError as error:
        raise CommandError(f"configuration error: {error}", kind="configuration") from None
    except OSError as error:  # e.g. the port is taken
        raise CommandError(f"cannot serve MCP: {error.strerror or error}") from None


def parse_host_port(text: str) -> tuple[str, int]:
    """ "HOST:PORT", ":PORT" or "PORT" -> (host, port); the host defaults to 127.0.0.1."""
    host, _, port_text = text.rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    try:
        port = int(port_text)
    except ValueError:
        port = -1
    if not 0 < port < 65536:
        raise CommandError(f"--http {text!r} is not valid: give HOST:PORT, e.g. 127.0.0.1:8765.")
    return host, port


def run_config(args: argparse.Namespace) -> int:
    return config_command.run_config(args, load_config(args))
