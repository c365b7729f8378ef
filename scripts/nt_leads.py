#!/usr/bin/env python
"""The heuristic players' strength in Five Hundred no-trumps (and a suit, unchanged by
the no-trump lead rule, as a control): mean tricks and P(7) of seat S's side contracting
on random deals after the kitty exchange, every seat the heuristic players.

    python scripts/nt_leads.py [--deals 40000] [--seed 9]
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    from analyzer.games.five_hundred.play import play_deal, relabel
    from analyzer.games.five_hundred.questions import BYTE_TABLES
    from analyzer.games.five_hundred.rules import NT, rule_tables
    from analyzer.sim.deal import deal_batch

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    tables = rule_tables()
    deals = deal_batch(args.seed, 0, args.deals, np.arange(43), np.array([3, 10, 10, 10, 10]))
    trace = np.zeros((40, 4), np.int64)
    work = np.zeros(tables.shape[1], np.uint64)
    for strain, name in ((NT, "no-trumps"), (3, "hearts (control)")):
        bt = BYTE_TABLES[strain]
        t = np.empty(args.deals)
        for i in range(args.deals):
            hands = np.array([relabel(deals[i, 1 + s], bt) for s in range(4)], np.uint64)
            t[i] = play_deal(tables[strain], hands, np.uint64(relabel(deals[i, 0], bt)), np.int64(0),
                             np.bool_(False), np.bool_(False), trace, np.bool_(False), work)
        print(f"{name}: mean tricks {t.mean():.3f} ± {t.std(ddof=1) / np.sqrt(len(t)):.3f}, "
              f"P(7 or more) {(t >= 7).mean():.4f}  ({args.deals:,} deals, seed {args.seed})")


if __name__ == "__main__":
    main()
