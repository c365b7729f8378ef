#!/usr/bin/env python
"""Fit the Euchre bidding thresholds by simulation (how bidding.DEFAULT_POLICY was chosen).

For each decision class (game, round, position) it deals random hands in which every
seat before the deciding one passed, measures for the deciding seat the points its side
gains by making trump rather than passing (and, four-handed, by going alone rather than
with partner), with everyone else bidding by the current policy, and sets the threshold
that maximizes the total gain.  Repeating this a few times approaches thresholds that
are best responses to each other.

    python scripts/tune_euchre.py              # 3 rounds, 200,000 deals a class
    python scripts/tune_euchre.py --quick      # 1 round, 20,000 deals (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.games.euchre.bidding import (DEFAULT_POLICY, POLICY_NAMES, T_ALONE4, T_R1_DEALER2,  # noqa: E402
                                           T_R1_DEALER4, T_R1_OPP2, T_R1_OPP4, T_R1_PARTNER4,
                                           T_R2_2, T_R2_4, best_suit, round1_strength)
from analyzer.games.euchre.deck import DECKS, nat_bits  # noqa: E402
from analyzer.games.euchre.play import NO_SEAT, auction, play_forced, upcard_suit  # noqa: E402
from analyzer.games.euchre.rules import rule_tables  # noqa: E402
from analyzer.games.euchre.scoring import OUTCOME_POINTS  # noqa: E402
from analyzer.games.euchre.survey import best_threshold  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402

OFFSET = 40          # strength s is kept in bucket s + OFFSET
N_BUCKETS = 160
POINTS = np.array(OUTCOME_POINTS, np.int64)


@njit(cache=False)
def _points(tables, hands, lay, n, dealer, up, turn, act, flags, pol, trace):
    cat, _, _ = play_forced(tables, hands, lay, n, dealer, up, turn, act, np.uint64(0), flags,
                            pol, trace)
    return POINTS[cat]


@njit(cache=False)
def tune_chunk(key0, n_deals, pool, counts, n, turn, tables, flags, pol, gain, alone_gain, count):
    """Seat 0 decides at ``turn``; gain[b] += points(make) - points(pass) for strength bucket b."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n, np.uint64)
    lay = np.empty(n, np.uint64)
    trace = np.empty((1, 4), np.int64)
    dealer = (-1 - turn) % n
    for i in range(n_deals):
        _deal_into(stream_key(key0, i), pool, counts, fixed, buf, deal)
        up = deal[0]
        ut = upcard_suit(up)
        if ut < 0:
            continue
        for p in range(n):
            hands[p] = deal[1 + p]
        m, _, _, _ = auction(hands, n, dealer, up, 0, turn, -2, 0, flags, pol)
        if m != NO_SEAT:
            continue
        if turn < n:
            s, _ = round1_strength(hands[0], 0, n, dealer, up, ut, True, pol)
            suit = ut
        else:
            suit, s = best_suit(hands[0], ut)
        b = min(max(s + OFFSET, 0), N_BUCKETS - 1)
        make = _points(tables, hands, lay, n, dealer, up, turn, 2 * suit, flags, pol, trace)
        pas = _points(tables, hands, lay, n, dealer, up, turn, -1, flags, pol, trace)
        gain[b] += make - pas
        count[b] += 1
        if n == 4:
            alone = _points(tables, hands, lay, n, dealer, up, turn, 2 * suit + 1, flags, pol, trace)
            alone_gain[b] += alone - make


CLASSES = {  # threshold index: (players, turns)
    T_R1_OPP2: (2, (0,)), T_R1_DEALER2: (2, (1,)), T_R2_2: (2, (2, 3)),
    T_R1_OPP4: (4, (0, 2)), T_R1_PARTNER4: (4, (1,)), T_R1_DEALER4: (4, (3,)),
    T_R2_4: (4, (4, 5, 6, 7)),
}


def fit(pol, deals, seed):
    deck = DECKS[24]
    pool = np.array(nat_bits(deck), np.int64)
    tables = rule_tables(24)
    new = pol.copy()
    alone_total = np.zeros(N_BUCKETS, np.int64)
    for idx, (n, turns) in CLASSES.items():
        gain = np.zeros(N_BUCKETS, np.int64)
        count = np.zeros(N_BUCKETS, np.int64)
        counts = np.array([1] + [5] * n + [24 - 1 - 5 * n], np.int64)
        for turn in turns:
            tune_chunk(seed_key(seed + 1000 * idx + turn), deals // len(turns), pool, counts, n,
                       turn, tables, 0, pol, gain, alone_total, count)
        new[idx], total = best_threshold(gain, OFFSET)
        print(f"  {POLICY_NAMES[idx]:<20} threshold {pol[idx]:3d} -> {new[idx]:3d}   "
              f"(decisions {count.sum():,}, gain over always passing {total / max(count.sum(), 1):+.3f} pts)")
    new[T_ALONE4], total = best_threshold(alone_total, OFFSET)
    print(f"  {POLICY_NAMES[T_ALONE4]:<20} threshold {pol[T_ALONE4]:3d} -> {new[T_ALONE4]:3d}")
    return new


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rounds, deals = (1, 20_000) if args.quick else (args.rounds, args.deals)
    pol = DEFAULT_POLICY.copy()
    for r in range(rounds):
        print(f"round {r + 1}:")
        pol = fit(pol, deals, r)
    print("DEFAULT_POLICY = np.array([" + ", ".join(str(int(x)) for x in pol) + "], np.int64)")


if __name__ == "__main__":
    main()
