"""The `webdistill` command line: search, fetch, extract (offline), get, mcp, config.

argparse only. Human-readable output by default, `--json` for machines; exit codes say what
failed (see `EXIT_CODES_HELP`). Expected failures (bad configuration, no network, a blocked
URL...) end with a one-line message on stderr, never a traceback. Set WEBDISTILL_DEBUG=1 to
see the traceback of an unexpected error.
"""

from __future__ import annotations

import argparse
import os
import sys
import typing
from collections.abc import Iterator, Sequence

from webdistill.doors.cli.support import (
    CLI_INTERNAL_ERROR,
    CLI_INTERRUPTED,
    EXIT_CODES_HELP,
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    say_error,
    say_json_error,
    wants_json,
)


class _Providers(Sequence[str]):
    """Every WEB_SEARCH_PROVIDER value (openserp and mcp too): `config.PROVIDERS`, looked up
    when argparse first checks or shows them, so `webdistill --help` (and a command line
    argparse refuses) does not import the configuration."""

    def _names(self) -> tuple[str, ...]:
        from webdistill.config import PROVIDERS

        return PROVIDERS

    def __getitem__(self, index: int) -> str:  # type: ignore[override]
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()


PROVIDER_CHOICES = _Providers()

DESCRIPTION = (
    "Web search and safe page reading for LLM agents and people. Settings come from WEB_* "
    "environment variables (see `webdistill config`) or a TOML file (--config / WEB_CONFIG)."
)


class UsageError(Exception):
    """A command line argparse refused; `parser` is the (sub)command whose usage applies."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is raised to `main`, which answers in JSON when asked."""

    def error(self, message: str) -> typing.NoReturn:
        raise UsageError(self, message)


def _config_option() -> _Parser:
    """`--config FILE` and `--json`, accepted before or after the command.

    SUPPRESS as the default keeps a value given before the command."""
    parent = _Parser(add_help=False)
    parent.add_argument(
        "--config", metavar="FILE", default=argparse.SUPPRESS, help="TOML file with WEB_* keys"
    )
    parent.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="machine-readable output"
    )
    return parent


_SubParsers = argparse._SubParsersAction  # the type argparse gives `add_subparsers()`


def _command(commands: _SubParsers[_Parser], name: str, **options: str) -> argparse.ArgumentParser:
    return commands.add_parser(name, parents=[_config_option()], **options)  # type: ignore[arg-type]


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def _add_search(commands: _SubParsers[_Parser]) -> None:
    search = _command(
        commands,
        "search",
        help="search the web",
        description="Search the web (up to 5 queries at once).",
    )
    search.add_argument("queries", nargs="+", metavar="QUERY", help="what to search for")
    search.add_argument("--max-results", type=_positive_int, metavar="N", help="hits per query")
    search.add_argument("--time-range", choices=("day", "week", "month", "year"))
    search.add_argument(
        "--region", metavar="CC", help="country to search from, two letters (us, de, jp)"
    )
    search.add_argument(
        "--language", "--lang", metavar="LANG", help="language of the results (en, de, pt-br)"
    )
    search.add_argument(
        "--safe-search", choices=("off", "moderate", "strict"), help="filter adult content"
    )
    search.add_argument(
        "--site",
        "--include-domain",
        dest="include_domains",
        action="append",
        metavar="DOMAIN",
        help="only hits from this domain and its subdomains (repeatable)",
    )
    search.add_argument(
        "--exclude-site",
        "--exclude-domain",
        dest="exclude_domains",
        action="append",
        metavar="DOMAIN",
        help="no hits from this domain (repeatable)",
    )
    search.add_argument(
        "--news", dest="topic", action="store_const", const="news", help="news articles only"
    )
    search.add_argument(
        "--snippet-chars", type=_positive_int, metavar="N", help="most characters per snippet"
    )
    search.add_argument(
        "--include-content", action="store_true", help="also read the top hits of each query"
    )
    search.add_argument(
        "--content-hits", type=_positive_int, metavar="N", help="with --include-content: hits read"
    )
    search.add_argument(
        "--content-chars",
        type=_positive_int,
        metavar="N",
        help="with --include-content: most characters read from each hit",
    )
    provider = search.add_argument("--provider", help="override WEB_SEARCH_PROVIDER for this call")
    provider.choices = PROVIDER_CHOICES  # (after add_argument, which would list them at once)
    search.set_defaults(command="search")


def _add_fetch(commands: _SubParsers[_Parser]) -> None:
    fetch = _command(
        commands,
        "fetch",
        help="read web pages as Markdown",
        description="Read one or more web pages (public http(s) URLs) as clean Markdown.",
    )
    fetch.add_argument("urls", nargs="+", metavar="URL")
    fetch.add_argument("--max-chars", type=_positive_int, metavar="N", help="window size")
    fetch.add_argument(
        "--start-index", type=_positive_int, metavar="N", help="where the window starts"
    )
    fetch.add_argument("--focus", metavar="TEXT", help="what to keep when compressing")
    fetch.add_argument(
        "--compress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="force (or forbid) compression; default: compress long pages if configured",
    )
    fetch.add_argument(
        "--raw",
        dest="extract_mode",
        action="store_const",
        const="raw",
        help="the body itself as text (HTML source...), when the Markdown misses something",
    )
    fetch.add_argument(
        "--timeout-ms",
        type=_positive_int,
        metavar="MS",
        help="most milliseconds per page (capped by WEB_FETCH_TIMEOUT_MS)",
    )
    fetch.add_argument(
        "--prefer-reader",
        action="store_true",
        default=None,
        help="have the hosted reader (WEB_READER) read the pages first",
    )
    fetch.add_argument(
        "--render",
        action="store_true",
        default=None,
        help="render the pages in the local browser (scripts run, requests guarded)",
    )
    fetch.set_defaults(command="fetch")


def _add_extract(commands: _SubParsers[_Parser]) -> None:
    extract = _command(
        commands,
        "extract",
        help="convert a local file (HTML, PDF, ...) to Markdown, offline",
        description="Read a local file (or - for stdin) and print its main content.",
    )
    extract.add_argument("file", metavar="FILE|-")
    extract.add_argument("--url", help="the URL the file came from (resolves relative links)")
    extract.add_argument("--text", action="store_true", help="plain text instead of Markdown")
    extract.set_defaults(command="extract")


def _add_get(commands: _SubParsers[_Parser]) -> None:
    get = _command(
        commands,
        "get",
        help="show an earlier search or fetch result again, by its response id",
        description="Show a stored result (the `Response id` a search or fetch printed), whole "
        "or one query / page / hit of it. Needs a lasting store (WEB_CACHE=disk, the default, "
        "or a Redis URL).",
    )
    get.add_argument("response_id", metavar="ID")
    which_query = get.add_mutually_exclusive_group()
    which_query.add_argument("--query", metavar="TEXT", help="only this query's outcome")
    which_query.add_argument(
        "--query-index", type=_positive_int, metavar="N", help="only the query at N (from 0)"
    )
    which_url = get.add_mutually_exclusive_group()
    which_url.add_argument("--url", help="only this page (fetch) or hit (search)")
    which_url.add_argument(
        "--url-index", type=_positive_int, metavar="N", help="only the page or hit at N (from 0)"
    )
    get.set_defaults(command="get")


def _add_mcp_and_config(commands: _SubParsers[_Parser]) -> None:
    mcp = _command(
        commands,
        "mcp",
        help="run the MCP server (stdio, or streamable HTTP with --http)",
        description="Serve the web_search, web_fetch and web_get_result tools over MCP "
        "(stdio by default). web_get_result gives back an earlier result by the response_id "
        "it names (off with WEB_MAX_STORED_RESULTS=0).",
    )
    mcp.add_argument(
        "--http",
        metavar="HOST:PORT",
        help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio "
        "(HOST defaults to 127.0.0.1: give just :PORT or PORT)",
    )
    mcp.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow --http on a non-loopback address (needs WEB_MCP_TOKEN: clients then send "
        "'Authorization: Bearer <token>')",
    )
    mcp.set_defaults(command="mcp")
    config = _command(
        commands,
        "config",
        help="show the effective configuration and usable search providers",
        description="Show the effective configuration (secrets masked) and search providers.",
    )
    config.set_defaults(command="config")


def _version() -> str:
    """webdistill's installed version, as `pip show webdistill` gives it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("webdistill")
    except PackageNotFoundError:
        return "(not installed: run from a source folder)"


class _Version(argparse.Action):
    """`--version`: the version is looked up only when asked (importlib.metadata costs
    ~0.1 s of every other call's start-up otherwise)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print(f"webdistill {_version()}")  # on stdout, as argparse's own version action
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of `webdistill`."""
    parser = _Parser(
        prog="webdistill",
        description=DESCRIPTION,
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--config", metavar="FILE", help="TOML file with WEB_* keys")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    _add_search(commands)
    _add_fetch(commands)
    _add_extract(commands)
    _add_get(commands)
    _add_mcp_and_config(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see `webdistill --help`).

    With `--json`, every failure (usage, configuration, files, bugs) is also a JSON object
    `{"error": {"code", "message", "retryable", "detail"}}` on stdout."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    as_json = wants_json(arguments)
    try:
        args = build_parser().parse_args(arguments)
    except UsageError as error:
        if not as_json:
            error.parser.print_usage(sys.stderr)
            error.parser.exit(EXIT_INPUT, f"{error.parser.prog}: error: {error}\n")
        hint = f"{error}. See `{error.parser.prog} --help`."
        say_error(hint)
        say_json_error(hint, kind="usage")
        return EXIT_INPUT
    from webdistill.doors.cli import commands
    from webdistill.doors.cli.terminal import log_to_terminal

    log_to_terminal()
    try:
        return commands.run(args)
    except KeyboardInterrupt:
        say_error("interrupted.")
        if as_json:
            say_json_error("interrupted.", CLI_INTERRUPTED)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except Exception as exc:  # the outermost edge: no traceback for the user
        if os.environ.get("WEBDISTILL_DEBUG"):
            raise
        message = (
            f"unexpected error ({type(exc).__name__}: {str(exc)[:200]}). This is a bug: "
            "please report it; run with WEBDISTILL_DEBUG=1 to see the details."
        )
        say_error(message)
        if as_json:
            say_json_error(message, CLI_INTERNAL_ERROR)
        return EXIT_INTERNAL


def _silence_stdout() -> None:
    """After a closed pipe (`webdistill ... | head`), stop Python complaining at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
