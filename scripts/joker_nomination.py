#!/usr/bin/env python
"""Measure the no-trumps joker policy: nominate it to the longest suit, or keep it free.

Plays the same random deals both ways (contractor = seat S after the kitty exchange,
only deals where the contractor keeps the joker) and prints the mean tricks of the
contracting side with their standard errors.  This is the measurement behind
``play.nominate_joker``.

    python scripts/joker_nomination.py --deals 200000 --seed 7
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.games.five_hundred.play import exchange, nominate_joker, play_out, relabel  # noqa: E402
from analyzer.games.five_hundred.questions import BYTE_TABLES  # noqa: E402
from analyzer.games.five_hundred.rules import NT, rule_tables  # noqa: E402
from analyzer.sim.deal import deal_batch  # noqa: E402
from analyzer.tricks.tables import R_FREE  # noqa: E402


@njit(cache=True)
def _compare(rules, deals, byte_table):
    """Per deal where the contractor keeps the joker: tricks (free, nominated)."""
    out = np.full((deals.shape[0], 2), -1, np.int64)
    hands = np.empty(4, np.uint64)
    trace = np.empty((40, 4), np.int64)
    work = np.empty_like(rules)
    for i in range(deals.shape[0]):
        for mode in range(2):
            for s in range(4):
                hands[s] = relabel(deals[i, 1 + s], byte_table)
            kept, discards = exchange(rules, hands[0] | relabel(deals[i, 0], byte_table), False)
            if not (kept & rules[R_FREE]):
                break
            hands[0] = kept
            r = nominate_joker(rules, kept, work) if mode == 1 else rules
            out[i, mode] = play_out(r, hands, 0, discards, False, False, trace, False)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    deals = deal_batch(args.seed, 0, args.deals, np.arange(43), np.array([3, 10, 10, 10, 10]))
    res = _compare(rule_tables()[NT], deals, BYTE_TABLES[NT])
    res = res[res[:, 0] >= 0]
    diff = res[:, 1] - res[:, 0]
    print(f"{len(res):,} no-trump deals where the contractor keeps the joker (of {args.deals:,})")
    for name, col in (("joker kept free", 0), ("nominated to the longest suit", 1)):
        print(f"  {name:30s} mean tricks {res[:, col].mean():.3f} ± {res[:, col].std(ddof=1) / np.sqrt(len(res)):.3f}")
    print(f"  gain from nominating (paired)  {diff.mean():+.3f} ± {diff.std(ddof=1) / np.sqrt(len(res)):.3f} tricks")


if __name__ == "__main__":
    main()
