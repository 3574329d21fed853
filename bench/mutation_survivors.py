"""Print every mutant that was not killed, as a diff, in one process (`mutmut show` per
mutant costs a start-up each). Run inside a bench/mutation.sh work folder:
`cd build/mutation/text && ../../../.venv/bin/python ../../../bench/mutation_survivors.py`.
With a results file (`results.txt`, as bench/mutation.sh writes it) the verdicts come from
that file, which after `--survivors` also holds the verdicts of the earlier full run."""

from __future__ import annotations

import sys

from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files


def _verdicts(results: str) -> dict[str, str]:
    rows = {}
    with open(results, encoding="utf-8") as lines:
        for row in lines:
            if ":" in row and "__mutmut_" in row:
                name, status = row.rsplit(":", 1)
                rows[name.strip()] = status.strip()
    return rows


def main() -> None:
    verdicts = _verdicts(sys.argv[1]) if len(sys.argv) > 1 else {}
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        for name, exit_code in data.exit_code_by_key.items():
            status = verdicts.get(name, status_by_exit_code[exit_code])
            if status in ("killed", "timeout", "caught by type check"):
                continue
            print(f"# {name}: {status}")
            print(get_diff_for_mutant(name, path=path))
            print()


if __name__ == "__main__":
    main()
