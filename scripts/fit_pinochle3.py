#!/usr/bin/env python
"""Fit the three-handed Pinochle bidding policy (``bidding.DEFAULT_POLICY3``).

Random three-handed deals; every seat is made the bidder in turn: it takes the widow,
and for each trump melds, buries (``play.bury3``) and plays the fifteen tricks by the
heuristic against the other two (``play.bidder_total3``).  The policy predicts, from
the fifteen cards alone (the widow unseen), the bidder's meld after the widow and his
points (burial and tricks) in each trump, linear in ``bidding.features`` of the hand in
that trump: least squares over every seat and trump.  A seat's value is its best trump's
prediction.  The margin: in the stakes game a made bid is paid one unit by each other
player and a failed one costs two, so a bid pays while P(make) > 2/3; the margin is the
2/3 quantile of (value - the total he reaches with the trump he names after the widow),
so that bidding up to value - margin makes about two times in three.  The concession
(``bidding.play_limit3``): his trick points predicted from the fifteen cards he keeps
after the burial (least squares), and the 2/3 quantile of that prediction's error as
slack: above it P(make) < 1/3, where conceding (a single bete) beats playing.  The same seed gives
the same numbers:

    python scripts/fit_pinochle3.py --deals 200000 --seed 1
    python scripts/fit_pinochle3.py --quick        # small (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.games.pinochle.bidding import N_FEATURES, features  # noqa: E402
from analyzer.games.pinochle.deck import BIT_OF  # noqa: E402
from analyzer.games.pinochle.meld import meld_all  # noqa: E402
from analyzer.games.pinochle.bidding import DEFAULT_CONCEDE3  # noqa: E402
from analyzer.games.pinochle.meld import meld_cards  # noqa: E402
from analyzer.games.pinochle.play import TRACE_COLS, bidder_total3, bury3, card_tables, named_trump3  # noqa: E402
from analyzer.tricks.tables import R_TRUMP  # noqa: E402
from analyzer.games.pinochle.rules import rule_tables  # noqa: E402
from analyzer.games.pinochle.rules import Options3  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402


@njit(cache=True)
def _samples(rules4, vals4, key0, n, pool, reuse, concede, x, y_meld, y_points, named, xk, y_tricks):
    """Deal ``n`` deals; fill, for deal i, seat s, trump t (row 12 i + 4 s + t), the
    features ``x``, the bidder's meld after the widow ``y_meld`` and his burial and trick
    points ``y_points``, the features of the fifteen cards he keeps after the burial
    ``xk`` and his trick points ``y_tricks``; ``named[3 i + s]`` the trump he names after
    the widow."""
    counts = np.array([3, 15, 15, 15], np.int64)
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(4, np.uint64)
    deal = np.empty(4, np.uint64)
    hands = np.empty(3, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    melds = np.empty(4, np.int64)
    f = np.empty(N_FEATURES, np.float64)
    for i in range(n):
        _deal_into(stream_key(key0, i), pool, counts, fixed, buf, deal)
        for s in range(3):
            mine = deal[1 + s]
            full = mine | deal[0]
            meld_all(mine, reuse, melds)
            named[3 * i + s] = named_trump3(rules4, full, reuse)
            for t in range(4):
                r = 12 * i + 4 * s + t
                features(mine, t, melds[t], f)
                x[r, :] = f
                total, m, bp, _ = bidder_total3(rules4[t], vals4[t], t, full, deal[1 + (s + 1) % 3],
                                                deal[1 + (s + 2) % 3], reuse, hands, trace, concede)
                y_meld[r] = m
                y_points[r] = total - m
                kept = full & ~bury3(vals4[t], full, rules4[t][R_TRUMP], meld_cards(full, np.int64(t), reuse))
                features(kept, t, m, f)
                xk[r, :] = f
                y_tricks[r] = total - m - bp


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="2,000 deals")
    args = ap.parse_args(argv)
    n = 2_000 if args.quick else args.deals
    options = Options3()
    play = options.play_options()
    rules4, vals4 = rule_tables(play), card_tables(play)
    pool = BIT_OF.astype(np.int64)
    x = np.empty((12 * n, N_FEATURES))
    y_meld = np.empty(12 * n)
    y_points = np.empty(12 * n)
    named = np.empty(3 * n, np.int64)
    xk = np.empty((12 * n, N_FEATURES))
    y_tricks = np.empty(12 * n)
    _samples(rules4, vals4, seed_key(args.seed), n, pool, options.reuse, DEFAULT_CONCEDE3, x, y_meld, y_points,
             named, xk, y_tricks)
    w_meld, *_ = np.linalg.lstsq(x, y_meld, rcond=None)
    w_points, *_ = np.linalg.lstsq(x, y_points, rcond=None)
    pred = x @ w_meld + np.minimum(x @ w_points, 250.0)
    total = y_meld + y_points
    by = pred.reshape(n, 3, 4)
    value = by.max(axis=2)
    reached = total.reshape(n, 3, 4)[np.arange(n)[:, None], np.arange(3)[None, :], named.reshape(n, 3)]
    gap = (value - reached).ravel()
    margin = float(np.quantile(gap, 2 / 3))
    print(f"{n:,} deals, {12 * n:,} bidder play-outs (every seat, every trump), seed {args.seed}")
    print(f"residual sd: meld {np.std(y_meld - x @ w_meld):.1f}, points {np.std(y_points - x @ w_points):.1f}, "
          f"total {np.std(total - pred):.1f}")
    print("MELD3_WEIGHTS = (" + ", ".join(f"{w:.2f}" for w in w_meld) + ")")
    print("POINTS3_WEIGHTS = (" + ", ".join(f"{w:.2f}" for w in w_points) + ")")
    print(f"MARGIN3 = {margin:.1f}   # P(the named trump's total >= value - margin) = "
          f"{np.mean(reached.ravel() >= value.ravel() - margin):.3f}")
    w_tricks, *_ = np.linalg.lstsq(xk, y_tricks, rcond=None)
    resid = y_tricks - np.minimum(xk @ w_tricks, 250.0)
    slack = float(np.quantile(resid, 2 / 3))
    print(f"the bidder's trick points from the cards he keeps: residual sd {np.std(resid):.1f}")
    print("TRICKS3_WEIGHTS = (" + ", ".join(f"{w:.2f}" for w in w_tricks) + ")")
    print(f"CONCEDE3_SLACK = {slack:.1f}   # P(trick points > prediction + slack) = {np.mean(resid > slack):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
