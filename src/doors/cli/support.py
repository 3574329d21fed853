"""Helpers of the command line: exit codes, one-line errors, JSON output."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TextIO

from webdistill.doors.cli.terminal import for_terminal, json_text
from webdistill.kernel.errors import ErrorCode, WebError

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INPUT = 2
EXIT_BLOCKED = 3
EXIT_NETWORK = 4
EXIT_PROVIDER = 5
EXIT_COMPRESSION = 6
EXIT_INTERRUPTED = 130

_EXIT_BY_CODE: dict[ErrorCode, int] = {
    ErrorCode.INVALID_INPUT: EXIT_INPUT,
    ErrorCode.INVALID_URL: EXIT_INPUT,
    ErrorCode.PROVIDER_NOT_CONFIGURED: EXIT_INPUT,
    ErrorCode.NOT_FOUND: EXIT_INPUT,
    ErrorCode.BLOCKED_URL: EXIT_BLOCKED,
    ErrorCode.TIMEOUT: EXIT_NETWORK,
    ErrorCode.NETWORK_ERROR: EXIT_NETWORK,
    ErrorCode.HTTP_ERROR: EXIT_NETWORK,
    ErrorCode.TOO_LARGE: EXIT_NETWORK,
    ErrorCode.UNSUPPORTED_CONTENT: EXIT_NETWORK,
    ErrorCode.PROVIDER_AUTH_FAILED: EXIT_PROVIDER,
    ErrorCode.PROVIDER_RATE_LIMITED: EXIT_PROVIDER,
    ErrorCode.PROVIDER_UNAVAILABLE: EXIT_PROVIDER,
    ErrorCode.INVALID_BACKEND_DATA: EXIT_PROVIDER,
    ErrorCode.COMPRESSION_FAILED: EXIT_COMPRESSION,
}

EXIT_CODES_HELP = """\
exit codes:
  0  success (every query / URL succeeded)
  1  unexpected internal error (INTERNAL_ERROR; please report it)
  2  bad input, usage or configuration (INVALID_INPUT, INVALID_URL,
     PROVIDER_NOT_CONFIGURED, a bad WEB_* variable or --config file; NOT_FOUND: an
     unknown or expired response id)
  3  blocked URL (BLOCKED_URL: private/loopback/metadata address, scheme, domain lists,
     robots.txt)
  4  network or page failure (TIMEOUT, NETWORK_ERROR, HTTP_ERROR, TOO_LARGE,
     UNSUPPORTED_CONTENT)
  5  search provider failure (PROVIDER_AUTH_FAILED, PROVIDER_RATE_LIMITED,
     PROVIDER_UNAVAILABLE, INVALID_BACKEND_DATA)
  6  compression failed (COMPRESSION_FAILED)
With several queries or URLs, every item is shown and the exit code is the first
failed item's."""


def exit_code_for(code: ErrorCode) -> int:
    """The process exit code that reports an error `code`."""
    return _EXIT_BY_CODE.get(code, EXIT_INTERNAL)


def first_failure_exit(errors: Iterable[WebError | None]) -> int:
    """Exit code of the first error among `errors` (0 when there is none)."""
    for error in errors:
        if error is not None:
            return exit_code_for(error.code)
    return EXIT_OK


def say_error(message: str, stream: TextIO | None = None) -> None:
    """One line on stderr, prefixed with the program name."""
    print(f"webdistill: {for_terminal(' '.join(message.split()))}", file=stream or sys.stderr)


#: `--json` error codes of the command line itself (beside the `ErrorCode` values): a bug, an
#: interrupt. Usage, configuration and file errors are INVALID_INPUT with `detail.kind`.
CLI_INTERNAL_ERROR = "INTERNAL_ERROR"
CLI_INTERRUPTED = "INTERRUPTED"


def wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for `--json` (argparse also accepts a prefix of it)."""
    for token in argv:
        if token == "--":
            return False
        if len(token) >= 4 and "--json".startswith(token):
            return True
    return False


def print_json(value: object) -> None:
    """Machine output on stdout (control characters escaped, `terminal.json_text`)."""
    print(json_text(value))


def say_json_error(message: str, code: str = ErrorCode.INVALID_INPUT.value, **detail: str) -> None:
    """A failure of the command line itself as `{"error": {...}}` on stdout (the `--json`
    shape of every error: code, message, retryable, detail)."""
    error = {
        "code": code,
        "message": " ".join(message.split()),
        "retryable": False,
        "detail": detail,
    }
    print_json({"error": error})
