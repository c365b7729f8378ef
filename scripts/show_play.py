#!/usr/bin/env python
"""Print heuristic Five Hundred play-outs trick by trick, to eyeball the players' decisions.

    python scripts/show_play.py "JK JH JD AH KH TH AS KS 7C 5D" --strain H --deals 2 --seed 0
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.games.five_hundred.deck import DECK, N_SEATS, N_TRICKS, SEAT_NAMES  # noqa: E402
from analyzer.games.five_hundred.play import TRACE_COLS, exchange, play_deal  # noqa: E402
from analyzer.games.five_hundred.questions import BYTE_TABLES  # noqa: E402
from analyzer.games.five_hundred.rules import ID_OF, MISERE, rule_tables  # noqa: E402
from analyzer.sim.deal import deal_batch  # noqa: E402

STRAINS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": 4, "MIS": 5, "OPENMIS": 5}


def cards(mask, strain):
    ids = [int(ID_OF[strain, b]) for b in range(64) if (int(mask) >> b) & 1]
    return DECK.format_cards(sorted(ids, key=lambda i: (-(DECK.codes[i] >> 4), -(DECK.codes[i] & 15))))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("hand")
    ap.add_argument("--strain", default="H", choices=list(STRAINS))
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    strain = STRAINS[args.strain]
    tables = rule_tables()
    hand = DECK.parse_cards(args.hand, "hand", 10)
    pool = np.array([c for c in range(DECK.size) if c not in hand])
    deals = deal_batch(args.seed, 0, args.deals, pool, [3, 0, 10, 10, 10],
                       [0, DECK.mask(hand), 0, 0, 0])

    def to_layout(m):
        return np.uint64(sum(int(BYTE_TABLES[strain, b, (int(m) >> (8 * b)) & 255]) for b in range(6)))

    for d in deals:
        hands = np.array([to_layout(d[1 + s]) for s in range(N_SEATS)], np.uint64)
        kitty = to_layout(d[0])
        kept, disc = exchange(tables[strain], np.uint64(hands[0] | kitty), strain == MISERE)
        print(f"== {args.strain}: kitty {cards(kitty, strain)}; S discards {cards(disc, strain)}")
        for s in range(N_SEATS):
            print(f"   {SEAT_NAMES[s]}: {cards(kept if s == 0 else hands[s], strain)}")
        trace = np.empty((N_TRICKS * N_SEATS, TRACE_COLS), np.int64)
        tricks = play_deal(tables[strain], hands, kitty, 0, strain == MISERE, args.strain == "OPENMIS",
                           trace, True, np.empty_like(tables[strain]))
        for t in range(N_TRICKS):
            rows = trace[trace[:, 0] == t]
            plays = "  ".join(f"{SEAT_NAMES[r[1]]}:{DECK.format(int(ID_OF[strain, r[2]]))}" for r in rows)
            print(f"   trick {t + 1:2d} (led {'SCDH'[rows[0, 3]]}): {plays}")
        print(f"   contractor side took {tricks}")


if __name__ == "__main__":
    main()
