#!/usr/bin/env python
"""Fit the weights of Pinochle's partner's pass (``bidding.GIVE_W``) by rollouts.

Self-play deals (the auction and the trump by the bidding policy): the declarer's partner
tries every distinct set of four of his twelve cards; each is passed and the rest of the
hand played by the policies (the declarer's pass back, the meld, the throw-in, twelve
tricks by the heuristic players) on the true cards, and labelled with the declaring side's
score minus the defenders'.  A pass's score is the sum of its cards' (``GIVE_W`` on
``bidding.pass_features``), so the policy's four cards (the four best cards) are the best
set by that score; the weights maximise the mean EV, over the positions, of a softmax
choice among the sets (``--beta`` its sharpness, EVs in units of 100 points).  Checked on
the deals of ``--test-seed``: the mean EV of the sets chosen by today's weights and by the
fitted ones, and how often they are the best set.  The same seeds give the same weights:

    python scripts/fit_passes.py --deals 20000 --seed 11 --test-seed 12
    python scripts/fit_passes.py --quick          # small (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys
from itertools import combinations

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.bits import ZERO  # noqa: E402
from analyzer.games.pinochle.bidding import (DEFAULT_POLICY, GIVE_W, N_PASS_F, pass_features,  # noqa: E402
                                             run_auction)
from analyzer.games.pinochle.meld import meld_cards  # noqa: E402
from analyzer.games.pinochle.play import (O_MELD_D, O_MELD_O, O_POINTS_D, O_THROWN, O_TRICKS_D,  # noqa: E402
                                          _values_of, bid_buffers, card_tables, finish_hand)
from analyzer.games.pinochle.rules import rule_tables  # noqa: E402
from analyzer.games.pinochle.scoring import hand_scores  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402
from scripts.fitting import add_fit_args, ascend  # noqa: E402

POOL = np.array([16 * s + k for s in range(4) for k in range(12)], np.int64)
COUNTS = np.full(4, 12, np.int64)
SETS = np.array(list(combinations(range(12), 4)), np.int64)     # 495 sets of card indices
# The hand-written rule the weights replaced (trumps, then aces, a Q♠ or J♦, tens; his own
# meld kept unless trumps), the fit's starting point: the rollouts do not depend on GIVE_W,
# so the same seeds give the same weights whatever ``bidding.py`` holds.
RULE_W = np.array([1000.0, 10.0, 400.0, 150.0, 350.0, -300.0] + [0.0] * (N_PASS_F - 6))


@njit(cache=False)
def rollout_chunk(R, V, key0, n, pool, counts, policies, sets, minimum, cf, ev, valid):
    """Deal i: ``cf[i, k]`` the features of the partner's k-th card (low bit first),
    ``ev[i, j]`` the declaring side's score minus the defenders' when he passes set j,
    ``valid[i, j]`` whether set j is distinct (of two identical cards, the lower bit first)."""
    buf, fixed, hands, values, trumps, v4, auction, out, trace = bid_buffers(pool)
    fixed[:] = 0
    work = np.empty(4, np.uint64)
    bits = np.empty(12, np.uint64)
    for i in range(n):
        _deal_into(stream_key(key0, i), pool, counts, fixed, buf, hands)
        _values_of(hands, policies, False, values, trumps, v4)
        run_auction(values, 0, 0, -1, 0, minimum, policies, auction)
        d = auction[0]
        bid = auction[1]
        t = trumps[d]
        p = d ^ 2
        hand = hands[p]
        keep = meld_cards(hand, t, False)
        rest = hand
        for k in range(12):
            c = rest & (~rest + np.uint64(1))
            rest ^= c
            bits[k] = c
            pass_features(hand, c, t, keep, cf[i, k])
        for j in range(sets.shape[0]):
            m = ZERO
            for q in range(4):
                m |= bits[sets[j, q]]
            # canonical: never the upper copy of a pair without the lower one
            upper = m & np.uint64(0xAAAAAAAAAAAAAAAA)
            if (upper >> np.uint64(1)) & hand & ~m:
                valid[i, j] = False
                continue
            valid[i, j] = True
            work[:] = hands
            finish_hand(R[t], V[t], work, d, t, bid, False, False, 0, policies, m, ZERO, out, trace)
            sd, so = hand_scores(bid, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D],
                                 out[O_THROWN] == 1, 0)
            ev[i, j] = sd - so


def rollouts(deals: int, seed: int):
    """(card features (deals, 12, N_PASS_F), EV (deals, 495), distinct (deals, 495))."""
    cf = np.zeros((deals, 12, N_PASS_F))
    ev = np.zeros((deals, SETS.shape[0]))
    valid = np.zeros((deals, SETS.shape[0]), np.bool_)
    policies = np.tile(DEFAULT_POLICY, (4, 1))
    rollout_chunk(rule_tables(), card_tables(), seed_key(seed), np.int64(deals), POOL, COUNTS, policies, SETS, np.int64(250), cf, ev,
                  valid)
    return cf, ev, valid


def set_scores(cf, w):
    """(deals, 495): each set's score, the sum of its cards'."""
    card = cf @ w                                   # (deals, 12)
    return card[:, SETS].sum(axis=2)


def chosen(cf, valid, w):
    """The set each deal's weights choose (the best score among the distinct sets)."""
    s = np.where(valid, set_scores(cf, w), -np.inf)
    return s.argmax(axis=1)


def fit(cf, ev, valid, beta: float, iters: int, w0: np.ndarray) -> np.ndarray:
    """Weights maximising the mean over deals of sum_j softmax(beta * score)_j * EV_j / 100
    (the features scaled by their spread)."""
    sd = cf.reshape(-1, cf.shape[2]).std(0) + 1e-9
    xs = cf / sd
    adv = np.where(valid, (ev - np.where(valid, ev, 0).sum(1, keepdims=True) / valid.sum(1, keepdims=True)) / 100.0, 0)
    inc = _incidence()

    def grad(w):
        z = np.where(valid, beta * set_scores(xs, w), -np.inf)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        gz = p * (adv - (p * adv).sum(axis=1, keepdims=True))   # d E / d score, per set
        return beta * np.einsum("nk,nkf->f", gz @ inc, xs) / cf.shape[0]   # ... through each set's cards

    return ascend(grad, w0 * sd, iters) / sd


def _incidence():
    """(495, 12): 1 where set j holds card k."""
    inc = np.zeros((SETS.shape[0], 12))
    for q in range(4):
        inc[np.arange(SETS.shape[0]), SETS[:, q]] = 1.0
    return inc


def report(name, cf, ev, valid, w):
    j = chosen(cf, valid, w)
    got = ev[np.arange(len(j)), j]
    best = np.where(valid, ev, -np.inf).max(axis=1)
    print(f"  {name:16s} mean EV {got.mean():+8.2f}, {(got == best).mean():.1%} of the deals the best set, "
          f"{(best - got).mean():6.2f} points below it")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_fit_args(ap, deals=20_000, iters=600)
    args = ap.parse_args()
    if args.quick:
        args.deals, args.iters = 300, 50
    cf, ev, valid = rollouts(args.deals, args.seed)
    tcf, tev, tvalid = rollouts(args.deals, args.test_seed)
    w = fit(cf, ev, valid, args.beta, args.iters, RULE_W / np.abs(RULE_W).max())
    print(f"{args.deals:,} deals fitted, {args.deals:,} checked (the partner's 495 passes each)")
    report("the old rule", tcf, tev, tvalid, RULE_W)
    report("today's weights", tcf, tev, tvalid, np.array(GIVE_W))
    report("fitted", tcf, tev, tvalid, w)
    print("GIVE_W = (" + ", ".join(f"{x:.4g}" for x in w) + ")")


if __name__ == "__main__":
    main()
