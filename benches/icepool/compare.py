"""The Icepool side of docs/PERFORMANCE.md's comparison (issue 14): the
8,918-case grid of `benches/odds.rs` (4,459 opposed checks, the active
side's chance to win, and 4,459 attribute checks) and the 20d6 and 10d10
tables of its `table_odds_*` benches, computed exactly with Icepool.

    python3 -m venv venv && venv/bin/pip install icepool
    time venv/bin/python benches/icepool/compare.py           # one process
    venv/bin/python benches/icepool/compare.py --show         # a few values

impia's side: `impia odds batch < grid.jsonl` (the grid as `batch_input`
writes it) and `impia table odds many/d20d6 --tables DIR`.
"""

import sys
import time

t0 = time.perf_counter()
import icepool  # noqa: E402
from icepool import d3, d10  # noqa: E402

t_import = time.perf_counter() - t0


def edge(net):
    """R04: the highest of |net| d3, added (advantages) or subtracted."""
    if net == 0:
        return icepool.Die([0])
    k = d3.highest(abs(net), 1)
    return k if net > 0 else -k


def side(value, mod, net):
    return d10 + (value + mod) + edge(net)


def grid():
    out = []
    for v in range(13):
        for m in range(-3, 4):
            for ea in range(-3, 4):
                a = side(v, m, ea)
                for ep in range(-3, 4):
                    p = side(5, 0, ep)
                    # R02: a tie goes to the active side (not a Combat check).
                    won = (a >= p).probability(True)
                    check = (d10 <= v + m + edge(ea)).probability(True)
                    out.append((won, check))
    return out


def tables():
    d20d6 = 20 @ icepool.d6
    d10d10 = 10 @ d10
    return (
        [d20d6.probability("<=", 69), d20d6.probability(70), d20d6.probability(">=", 71)],
        [d10d10.probability("<=", 54), d10d10.probability(">=", 55)],
    )


t = time.perf_counter()
g = grid()
t_grid = time.perf_counter() - t
t = time.perf_counter()
tb = tables()
t_tables = time.perf_counter() - t
print(
    f"icepool {icepool.__version__}: import {t_import * 1000:.0f} ms; "
    f"grid of {2 * len(g)} cases {t_grid * 1000:.0f} ms; "
    f"20d6 + 10d10 tables {t_tables * 1000:.1f} ms"
)
if "--show" in sys.argv:
    # active 7 +1 with 2 advantages vs passive 5 with 1 complication:
    # impia gives active_wins 877/900, p_success 89/90.
    print("v=7 m=+1 adv 2 vs comp 1:", g[7 * 343 + 4 * 49 + 5 * 7 + 2])
    print("20d6:", tb[0])
    print("10d10:", tb[1])
