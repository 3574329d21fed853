"""Warnings the CLI prints on stderr about how a search was served.

A provider whose key was refused is skipped by `auto` (the search still succeeds with the
next provider); a person running the command should hear about it once per run, not find
it in the output's small print.
"""

from __future__ import annotations

from collections.abc import Sequence

from webdistill.doors.cli.support import say_error
from webdistill.kernel.model import SearchOutcome

_REFUSED = "PROVIDER_AUTH_FAILED"


def warn_refused_keys(outcomes: Sequence[SearchOutcome]) -> None:
    """One stderr line per provider whose key was refused while serving these outcomes."""
    warned: set[str] = set()
    for outcome in outcomes:
        for note in outcome.skipped:
            name, _, rest = note.partition(":")
            if _REFUSED in rest and name not in warned:
                warned.add(name)
                served = f"; searched with {outcome.provider}" if outcome.provider else ""
                say_error(f"warning: {name} refused its key ({rest.strip()}){served}.")
