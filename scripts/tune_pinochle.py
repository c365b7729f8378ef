#!/usr/bin/env python
"""Fit Pinochle's bidding policy by simulation (how bidding.DEFAULT_POLICY was chosen).

1. ``--fit``: the valuation's weights.  Seat 0 declares every trump on random deals (its
   partner passes by the policy, the declarer passes back, all four meld, twelve tricks by
   the heuristic players); the side's meld after the passes and its trick points are each
   regressed by least squares on the hand's features for that trump (``bidding.features``).
2. ``--margins``: the auction's margins.  With every other seat on the current policy, one
   seat (rotating with the deal) bids with each candidate margin on the same deals; the
   margin with the best expected score (its side's minus the other's) is its best
   response.  A few rounds approach margins that are best responses to each other.
3. ``--variants``: other auction rules, each a best-response test the same way (one seat's
   rule changed, the others on the policy, the same deals, paired): jumps, a margin by the
   bid reached, by the partner's pass, while an opponent holds the bid (``VARIANTS``).
   None paid (``reports/trust/README.md``, Pinochle).
4. ``--heard``: does what a seat hears before its first call predict its side's total
   beyond its own features?  The seats before it call by the policy, then it declares its
   best trump; its side's meld plus trick points (capped as ``bidding.predict``) regressed on
   its features, with five features of the calls heard, and with the features' pairwise
   products, fitted on half the deals, the residual sd on the other half.

    python scripts/tune_pinochle.py --fit --deals 400000
    python scripts/tune_pinochle.py --margins --deals 200000 --rounds 3
    python scripts/tune_pinochle.py --variants --deals 100000 --seed 3
    python scripts/tune_pinochle.py --heard --deals 200000 --seed 21
    python scripts/tune_pinochle.py --quick          # both, small (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.bits import popcount  # noqa: E402
from analyzer.games.pinochle.bidding import (DEFAULT_POLICY, FEATURE_NAMES, MAX_POINTS, N_FEATURES,  # noqa: E402
                                             P_MARGIN, P_PARTNER, PASS, features, policy_call, run_auction,
                                             valuation)
from analyzer.games.pinochle.meld import meld_points  # noqa: E402
from analyzer.games.pinochle.play import (O_MELD_D, O_MELD_O, O_POINTS_D, O_SIZE, O_THROWN,  # noqa: E402
                                          O_TRICKS_D, TRACE_COLS, card_tables, finish_hand)
from analyzer.games.pinochle.rules import rule_tables  # noqa: E402
from analyzer.games.pinochle.scoring import hand_scores  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402

POOL = np.array([16 * s + k for s in range(4) for k in range(12)], np.int64)
COUNTS = np.full(4, 12, np.int64)


@njit(cache=False)
def _scratch():
    """A play-out's scratch: (shuffle buffer, fixed cards, hands, their copy, result, trace)."""
    return (np.empty(48, np.int64), np.zeros(4, np.uint64), np.empty(4, np.uint64), np.empty(4, np.uint64),
            np.empty(O_SIZE, np.int64), np.empty((1, TRACE_COLS), np.int64))


@njit(cache=False)
def fit_chunk(R, V, key0, start, n, policies, xtx, xty, yy):
    """xtx += f f', xty[:, 0] += f * meld, xty[:, 1] += f * points; yy += (meld^2, points^2, 1)."""
    buf, fixed, hands, work, out, trace = _scratch()
    f = np.empty(N_FEATURES, np.float64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), POOL, COUNTS, fixed, buf, hands)
        for t in range(4):
            work[:] = hands
            features(hands[0], t, meld_points(hands[0], t, False), f)
            finish_hand(R[t], V[t], work, 0, t, 0, False, False, 0, policies, np.uint64(0), np.uint64(0), out, trace)
            ym = out[O_MELD_D]
            yp = out[O_POINTS_D]
            for a in range(N_FEATURES):
                xty[a, 0] += f[a] * ym
                xty[a, 1] += f[a] * yp
                for b in range(N_FEATURES):
                    xtx[a, b] += f[a] * f[b]
            yy[0] += ym * ym
            yy[1] += yp * yp
            yy[2] += 1


def fit(deals, seed, policy):
    R, V = rule_tables(), card_tables()
    policies = np.tile(policy, (4, 1))
    xtx = np.zeros((N_FEATURES, N_FEATURES))
    xty = np.zeros((N_FEATURES, 2))
    yy = np.zeros(3)
    fit_chunk(R, V, seed_key(seed), 0, deals, policies, xtx, xty, yy)
    w = np.linalg.solve(xtx, xty)
    n = yy[2]
    print(f"least squares on {int(n):,} (hand, trump) play-outs")
    for j, what in enumerate(("side meld after the passes", "trick points")):
        resid = (yy[j] - 2 * w[:, j] @ xty[:, j] + w[:, j] @ xtx @ w[:, j]) / n
        print(f"{what}: residual sd {np.sqrt(resid):.1f}")
        for name, x in zip(FEATURE_NAMES, w[:, j]):
            print(f"  {name:<12} {x:8.2f}")
    return np.concatenate([w[:, 0], w[:, 1]])


def margins(deals, seed, policy, rounds):
    R, V = rule_tables(), card_tables()
    policy = policy.copy()
    grids = {P_MARGIN: (X_MARGIN, np.arange(-60.0, 101.0, 10.0)), P_PARTNER: (X_PARTNER, np.arange(-20.0, 121.0, 10.0))}
    for r in range(rounds):
        for index, (xi, grid) in grids.items():
            sums = np.zeros((len(grid), 4))
            variant_chunk(R, V, seed_key(seed + 17 * r + index), deals, policy, policy_rules(policy), xi, grid, sums,
                          True)
            mean = sums[:, 1] / sums[:, 0]
            se = np.sqrt((sums[:, 2] / sums[:, 0] - mean ** 2) / sums[:, 0])
            k = int(np.argmax(mean))
            name = "margin" if index == P_MARGIN else "partner margin"
            print(f"round {r + 1} {name}: " + ", ".join(f"{g:.0f}:{m:+.1f}" for g, m in zip(grid, mean))
                  + f" -> {grid[k]:.0f} (EV {mean[k]:+.2f} ± {se[k]:.2f})")
            policy[index] = grid[k]
    return policy


# --variants: a rule vector X of the auction (X_MARGIN and X_PARTNER as the policy's).
X_MARGIN, X_PARTNER, X_JUMP, X_PPASS, X_SLOPE, X_JUMP_WHEN, X_OPP = range(7)
N_X = 7
NO_JUMP = 1000.0
JUMP_ANY, JUMP_CONTESTED, JUMP_OVER_OPENING = 0, 1, 2
# (name, the entry changed, its candidates, X_JUMP_WHEN for a jump's variants)
VARIANTS = (
    ("a jump to the value less X, within the margin", X_JUMP, (80.0, 60.0, 40.0, 20.0, 0.0), JUMP_ANY),
    ("the same once someone has bid", X_JUMP, (80.0, 60.0, 40.0, 20.0, 0.0), JUMP_CONTESTED),
    ("over an opponent's opening, a jump to the value less X, past the margin", X_JUMP,
     (60.0, 30.0, 0.0, -30.0, -60.0), JUMP_OVER_OPENING),
    ("X more margin after the partner passed", X_PPASS, (-40.0, -20.0, 20.0, 40.0), JUMP_ANY),
    ("X more margin a 100 points of bid over the minimum", X_SLOPE, (-40.0, -20.0, 20.0, 40.0), JUMP_ANY),
    ("X more margin while an opponent holds the bid", X_OPP, (-40.0, -30.0, -20.0, -10.0, 10.0, 20.0), JUMP_ANY),
)


@njit(cache=False)
def variant_call(value, current, partner_holds, partner_passed, minimum, x):
    """``bidding.policy_call`` under rule vector ``x`` (its X_* entries; the policy: the
    margins, no jump, the rest 0)."""
    nxt = minimum if current == 0 else current + 10
    need = (x[X_MARGIN] + (x[X_PARTNER] if partner_holds else 0.0) + (x[X_PPASS] if partner_passed else 0.0)
            + x[X_SLOPE] * (nxt - minimum) / 100.0 + (x[X_OPP] if current > 0 and not partner_holds else 0.0))
    jump = np.floor((value - x[X_JUMP]) / 10.0) * 10.0
    if x[X_JUMP] < NO_JUMP and x[X_JUMP_WHEN] == JUMP_OVER_OPENING and current == minimum and not partner_holds:
        if jump > nxt:
            return int(jump)
    if nxt > value - need:
        return PASS
    if x[X_JUMP] < NO_JUMP and x[X_JUMP_WHEN] != JUMP_OVER_OPENING and not partner_holds and (
            x[X_JUMP_WHEN] == JUMP_ANY or current > 0):
        jump = min(jump, np.floor((value - need) / 10.0) * 10.0)
        if jump > nxt:
            return int(jump)
    return nxt


@njit(cache=False)
def variant_auction(values, minimum, xs, out):
    """``bidding.run_auction`` from the first seat with seat s bidding by ``variant_call``
    under ``xs[s]``."""
    seat, current, holder, passed = 0, 0, -1, 0
    while True:
        n_passed = popcount(np.uint64(passed))
        if n_passed >= 3 and (current > 0 or n_passed == 4):
            break
        if (passed >> seat) & 1 == 0:
            c = variant_call(values[seat], current, holder >= 0 and holder == (seat ^ 2),
                             (passed >> (seat ^ 2)) & 1 == 1, minimum, xs[seat])
            if c == PASS:
                passed |= 1 << seat
            else:
                current, holder = c, seat
        seat = (seat + 1) & 3
    out[2] = 0
    if current == 0:
        holder, current, out[2] = 3, minimum, 1
    out[0], out[1] = holder, current


@njit(cache=False)
def variant_chunk(R, V, key0, n, policy, xbase, index, cands, sums, plain):
    """sums[k] += (1, ev, ev^2, (ev - ev under cands[0])^2) of the rotating test seat's
    side with cands[k] at xbase[index], every other seat bidding by xbase.  ``plain``: the
    rule vectors hold only the margins, and the auction is the policy's own
    (``bidding.run_auction``), else ``variant_auction``."""
    buf, fixed, hands, work, out, trace = _scratch()
    values = np.empty(4, np.float64)
    trumps = np.empty(4, np.int64)
    v4 = np.empty(4, np.float64)
    auction = np.empty(3, np.int64)
    policies = np.empty((4, policy.shape[0]), np.float64)
    xs = np.empty((4, N_X), np.float64)
    for s in range(4):
        policies[s, :] = policy
    for i in range(n):
        _deal_into(stream_key(key0, i), POOL, COUNTS, fixed, buf, hands)
        test = i & 3
        for s in range(4):
            trumps[s] = valuation(hands[s], policy, False, v4)
            values[s] = v4[trumps[s]]
        base = 0.0
        for k in range(cands.shape[0]):
            for s in range(4):
                xs[s, :] = xbase
            xs[test, index] = cands[k]
            if plain:
                for s in range(4):
                    policies[s, P_MARGIN] = xs[s, X_MARGIN]
                    policies[s, P_PARTNER] = xs[s, X_PARTNER]
                run_auction(values, 0, 0, -1, 0, 250, policies, auction)
            else:
                variant_auction(values, 250, xs, auction)
            d = auction[0]
            t = trumps[d]
            work[:] = hands
            finish_hand(R[t], V[t], work, d, t, auction[1], False, False, 0, policies, np.uint64(0), np.uint64(0),
                        out, trace)
            sd, so = hand_scores(auction[1], out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D],
                                 out[O_THROWN] == 1, 0)
            ev = (sd - so) if (d & 1) == (test & 1) else (so - sd)
            if k == 0:
                base = ev
            sums[k, 0] += 1
            sums[k, 1] += ev
            sums[k, 2] += ev * ev
            sums[k, 3] += (ev - base) ** 2


def policy_rules(policy):
    """The rule vector of the policy's own auction: its margins, no jump."""
    x = np.zeros(N_X)
    x[X_MARGIN], x[X_PARTNER], x[X_JUMP] = policy[P_MARGIN], policy[P_PARTNER], NO_JUMP
    return x


def variants(deals, seed, policy):
    """Each of VARIANTS against the policy: points a deal for the test seat's side, the
    difference from the policy's rule with its paired standard error."""
    R, V = rule_tables(), card_tables()
    for name, index, grid, when in VARIANTS:
        x = policy_rules(policy)
        x[X_JUMP_WHEN] = when
        cands = np.array((x[index],) + tuple(grid))
        sums = np.zeros((len(cands), 4))
        variant_chunk(R, V, seed_key(seed), deals, policy, x, index, cands, sums, False)
        mean = sums[:, 1] / sums[:, 0]
        diff = mean - mean[0]
        se = np.sqrt(np.maximum(sums[:, 3] / sums[:, 0] - diff ** 2, 0) / sums[:, 0])
        print(f"{name}: " + ", ".join(f"X={g:.0f} {d:+.2f} ± {e:.2f}" for g, d, e in zip(grid, diff[1:], se[1:])))


N_HEARD = 5    # the partner's bid (above the minimum, in 100s), his pass, yet to speak; the top opposing bid, their count


@njit(cache=False)
def heard_chunk(R, V, key0, n, policies, X, y):
    """Row i: the features of deal i's test seat (i % 4, the dealer seat 3) for its best
    trump, then N_HEARD features of the calls before its first call, then its valuation;
    y[i]: its side's meld plus trick points (capped) when it declares that trump."""
    buf, fixed, hands, work, out, trace = _scratch()
    f = np.empty(N_FEATURES, np.float64)
    v4 = np.empty(4, np.float64)
    values = np.empty(4, np.float64)
    trumps = np.empty(4, np.int64)
    h = np.empty(N_HEARD, np.float64)
    for i in range(n):
        _deal_into(stream_key(key0, i), POOL, COUNTS, fixed, buf, hands)
        for s in range(4):
            trumps[s] = valuation(hands[s], policies[s], False, v4)
            values[s] = v4[trumps[s]]
        s = i & 3
        current, holder = 0, -1
        h[:] = 0.0
        h[2] = 1.0 if s < 2 else 0.0
        for k in range(s):
            c = policy_call(values[k], current, holder >= 0 and holder == (k ^ 2), 250, policies[k])
            if c == PASS:
                if k == (s ^ 2):
                    h[1] = 1.0
            else:
                current, holder = c, k
                if k == (s ^ 2):
                    h[0] = (c - 240) / 100.0
                else:
                    h[3] = max(h[3], (c - 240) / 100.0)
                    h[4] += 1.0
        t = trumps[s]
        features(hands[s], t, meld_points(hands[s], t, False), f)
        X[i, :N_FEATURES] = f
        X[i, N_FEATURES:N_FEATURES + N_HEARD] = h
        X[i, N_FEATURES + N_HEARD] = values[s]
        work[:] = hands
        finish_hand(R[t], V[t], work, s, t, 0, False, False, 0, policies, np.uint64(0), np.uint64(0), out, trace)
        y[i] = out[O_MELD_D] + min(out[O_POINTS_D], MAX_POINTS)


def heard(deals, seed, policy):
    R, V = rule_tables(), card_tables()
    X = np.zeros((deals, N_FEATURES + N_HEARD + 1))
    y = np.zeros(deals)
    heard_chunk(R, V, seed_key(seed), deals, np.tile(policy, (4, 1)), X, y)
    half = deals // 2
    own = X[:, :N_FEATURES]
    with_heard = X[:, :N_FEATURES + N_HEARD]
    base = own[:, 1:]
    products = np.column_stack([own] + [base[:, a] * base[:, b] for a in range(base.shape[1])
                                        for b in range(a, base.shape[1])])

    def held_out_sd(A):
        w = np.linalg.lstsq(A[:half], y[:half], rcond=None)[0]
        return float((y[half:] - A[half:] @ w).std()), w

    today = y[half:] - X[half:, -1]
    print(f"{deals:,} deals (seed {seed}), half fitted, residual sd on the other half:")
    print(f"  today's valuation: {today.std():.1f} (mean error {today.mean():+.1f})")
    print(f"  its {N_FEATURES} features refitted: {held_out_sd(own)[0]:.1f}")
    sd, w = held_out_sd(with_heard)
    names = ("partner's bid", "partner passed", "partner yet to speak", "top opposing bid", "opposing bids")
    print(f"  and the {N_HEARD} features of the calls heard: {sd:.1f} ("
          + ", ".join(f"{nm} {x:+.1f}" for nm, x in zip(names, w[N_FEATURES:])) + ")")
    print(f"  the {N_FEATURES} features and their pairwise products ({products.shape[1]} terms): "
          f"{held_out_sd(products)[0]:.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--margins", action="store_true")
    ap.add_argument("--variants", action="store_true")
    ap.add_argument("--heard", action="store_true")
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.fit = a.margins = True
        a.deals, a.rounds = 2_000, 1
    policy = DEFAULT_POLICY.copy()
    if a.fit:
        policy[:2 * N_FEATURES] = fit(a.deals, a.seed, policy)
    if a.margins:
        policy = margins(a.deals, a.seed, policy, a.rounds)
    if a.variants:
        variants(a.deals, a.seed, policy)
        return
    if a.heard:
        heard(a.deals, a.seed, policy)
        return
    print("policy:", ", ".join(f"{x:.2f}" for x in policy))


if __name__ == "__main__":
    main()
