"""Print every mutant that was not killed, as a diff, in one process (`mutmut show` per
mutant costs a start-up each). Run inside a bench/mutation.sh work folder:
`cd build/mutation/text && ../../../.venv/bin/python ../../../bench/mutation_survivors.py`."""

from __future__ import annotations

from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files


def main() -> None:
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        for name, exit_code in data.exit_code_by_key.items():
            status = status_by_exit_code[exit_code]
            if status in ("killed", "timeout", "caught by type check"):
                continue
            print(f"# {name}: {status}")
            print(get_diff_for_mutant(name, path=path))
            print()


if __name__ == "__main__":
    main()
