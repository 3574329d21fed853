"""Print the confusion table of tests/walls/real_cases.py.

Run: python -m tests.walls.run_wall_table
"""

from tests.walls.real_cases import ORDINARY, WALLS
from tests.walls.real_harness import run

verdicts = run(WALLS + ORDINARY)
tp = fn = fp = tn = 0
for v in verdicts:
    c = v.case
    if c.wall:
        tp += v.flagged
        fn += not v.flagged
    else:
        fp += v.flagged
        tn += not v.flagged
    mark = "OK  " if v.flagged == c.wall else "MISS"
    print(
        f"{mark} wall={c.wall!s:5} flagged={v.flagged!s:5} vendor={v.wall!s:11} {c.status} "
        f"{c.name} | {v.how[:150]}"
    )
print(f"\nwalls: {tp} reported, {fn} missed; ordinary: {fp} flagged, {tn} clean")
