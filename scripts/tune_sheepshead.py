#!/usr/bin/env python
"""Fit the Sheepshead picking and alone thresholds by simulation (how
bidding.PICK_THRESHOLDS and the alone threshold bidding.POLICY[W_ALONE] were chosen).

For each seat it deals random hands in which every earlier seat passed (by the current
policy), and measures for that seat the points it gains by picking (bury, call, or alone
when overwhelming, by the policy) rather than passing (later seats by the policy, then a
leaster), binned by the hand's strength; the threshold is the strength that maximizes
the total gain.  For picked hands with a legal call it likewise measures going alone
rather than calling, binned by the strength of the six cards kept.  Repeating this a few
times approaches thresholds that are best responses to each other.

    python scripts/tune_sheepshead.py             # 3 rounds, 400,000 deals a seat
    python scripts/tune_sheepshead.py --quick     # 1 round, 20,000 deals (smoke test)

With ``--bury`` it fits the bury, call and alone weights (bidding.POLICY) instead: it
takes the hands that the picking policy picks in random deals, plays every legal bury ×
call (and alone) on the same deals with the ``bury`` question, and searches the weights
whose choices lose the fewest points against the best option of each hand (fitted on
one half of the hands, reported on the other).

    python scripts/tune_sheepshead.py --bury      # 400 hands, 2,000 deals each

With ``--table`` it prints, for the current policy, what picking gains over passing by
trump count, queens + jacks, fail aces and seat (the data behind the thresholds); with
``--regress``, the least-squares slopes of that gain on the hand's features, by seat
(where the weights of bidding.strength came from).
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.games.sheepshead.bidding import (PICK_THRESHOLDS, POLICY, W_ALONE, alone_strength,  # noqa: E402
                                               best_bury, choose_bury_call, strength, wants_to_pick)
from analyzer.games.sheepshead.play import (LEASTER_CLASSES, MODE_ALONE, MODE_CALL, MODE_POLICY,  # noqa: E402
                                            TRACE_COLS, _earlier_pick, leaster_class, pick_and_play,
                                            play_leaster)
from analyzer.bits import popcount  # noqa: E402
from analyzer.games.sheepshead.rules import FAIL, FAIL_ACES, FAIL_TENS, JACKS, QUEENS, RULES, TOP_QUEENS, TRUMPS  # noqa: E402
from analyzer.games.sheepshead.scoring import leaster_value, score_grid  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402

OFFSET = 60          # picking strength s is kept in bucket s + OFFSET
N_BUCKETS = 160
N_FEATURES = 7 * 7 * 4
# Score grids (121 points x 3 trick classes): picker, picker alone, partner, defender,
# defender against an alone picker.
GRIDS = np.stack([score_grid("picker", False, False), score_grid("picker", True, False),
                  score_grid("partner", False, False), score_grid("defender", False, False),
                  score_grid("defender", True, False)])
LEASTER = np.array([leaster_value(k) for k in range(LEASTER_CLASSES - 1)])


@njit(cache=False, inline="always")
def _score(grids, g, packed):
    tricks = packed & 7
    return grids[g, packed >> 3, 0 if tricks == 0 else (2 if tricks == 6 else 1)]


@njit(cache=False)
def _pick_gain(rules, hands, blind, seat, th, grids, lvals):
    """The seat's score when it picks (policy bury, call or alone) minus its score when
    it passes (the later seats by the policy, else a leaster)."""
    work = hands.copy()
    info = np.empty(3, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    packed = pick_and_play(rules, work, blind, seat, MODE_POLICY, info, trace, False)
    pick_score = _score(grids, 0 if info[0] >= 0 else 1, packed)
    picker = -1
    for s in range(seat + 1, 5):
        if wants_to_pick(hands[s], s, th):
            picker = s
            break
    work[:] = hands
    if picker >= 0:
        packed = pick_and_play(rules, work, blind, picker, MODE_POLICY, info, trace, False)
        g = 4 if info[0] < 0 else (2 if info[0] == seat else 3)
        return pick_score - _score(grids, g, packed)
    lp = np.empty(5, np.int64)
    lt = np.empty(5, np.int64)
    play_leaster(rules, work, blind, False, lp, lt, trace, False)
    k = leaster_class(lp, lt, seat)
    return pick_score - (-1.0 if k == 0 else lvals[k - 1])


@njit(cache=False, inline="always")
def _features(hand):
    """Feature cell of a hand: trumps (0..6) x queens and jacks (0..6) x fail aces (0..3)."""
    return (popcount(hand & TRUMPS) * 7 + popcount(hand & (QUEENS | JACKS))) * 4 + popcount(hand & FAIL_ACES)


@njit(cache=False)
def tune_chunk(rules, key0, n, pool, counts, seat, th, alone_t, grids, lvals, gain, count, again, acount,
               fgain, fcount):
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(5, np.uint64)
    work = np.empty(5, np.uint64)
    info = np.empty(3, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, i), pool, counts, fixed, buf, deal)
        blind = deal[0]
        for s in range(5):
            hands[s] = deal[1 + s]
        if _earlier_pick(hands, seat, th):
            continue
        b = min(max(strength(hands[seat]) + OFFSET, 0), N_BUCKETS - 1)
        y = _pick_gain(rules, hands, blind, seat, th, grids, lvals)
        gain[b] += y
        count[b] += 1
        f = _features(hands[seat])
        fgain[f] += y
        fcount[f] += 1
        # alone versus calling, for the seat's picked hands with a legal call
        hand8 = hands[seat] | blind
        bury, called = choose_bury_call(hand8, POLICY)
        if called:
            alone_bury, _ = best_bury(hand8, np.uint64(0), POLICY)
            a = min(alone_strength(hand8 & ~alone_bury), N_BUCKETS - 1)
            work[:] = hands
            s_call = _score(grids, 0, pick_and_play(rules, work, blind, seat, MODE_CALL, info, trace, False))
            work[:] = hands
            s_alone = _score(grids, 1, pick_and_play(rules, work, blind, seat, MODE_ALONE, info, trace, False))
            again[a] += s_alone - s_call
            acount[a] += 1


def best_threshold(gain):
    """The t maximizing the gain summed over strengths >= t."""
    tail = np.cumsum(gain[::-1])[::-1]
    return int(np.argmax(np.append(tail, 0.0)))


def picked_hands(n_hands, seed):
    """(8 card ids, seat) of the first seat the policy has pick, in random deals."""
    import random

    from analyzer.games.sheepshead.rules import to_layout

    rng = random.Random(seed)
    out = []
    while len(out) < n_hands:
        ids = list(range(32))
        rng.shuffle(ids)
        for seat in range(5):
            hand = ids[6 * seat: 6 * seat + 6]
            if wants_to_pick(np.uint64(to_layout(hand)), seat, PICK_THRESHOLDS):
                out.append((hand + ids[30:], seat))
                break
    return out


def tune_bury(n_hands, deals, n_trials, cache=None, seed=0):
    from analyzer.games.sheepshead.deck import DECK
    from analyzer.games.sheepshead.questions import bury
    from analyzer.games.sheepshead.rules import to_layout

    import pickle

    if cache and os.path.exists(cache):
        with open(cache, "rb") as f:
            tables = pickle.load(f)
        return _search(tables, n_trials, seed)
    hands = picked_hands(n_hands, seed)
    tables = []
    for k, (ids, seat) in enumerate(hands):
        t = bury(DECK.format_cards(ids), seat=seat + 1, deals=deals, seed=seed + k).table
        ev = {}
        for row in t.itertuples():
            b = to_layout(DECK.parse_cards(row.bury))
            c = 0 if row.call == "alone" else to_layout([DECK.card_id(row.call)])
            ev[(b, c)] = row.ev
        tables.append((np.uint64(to_layout(ids)), ev, t["ev"].max()))
        if (k + 1) % 50 == 0:
            print(f"  {k + 1} of {n_hands} hands played", flush=True)
    if cache:
        with open(cache, "wb") as f:
            pickle.dump(tables, f)
    return _search(tables, n_trials, seed)


def _search(tables, n_trials, seed):
    from analyzer.games.sheepshead.bidding import W_ACE, W_HOLD_ALONE, W_POINTS, W_TRUMP, W_TRUMP_RANK, W_VOID
    from analyzer.games.sheepshead.bidding import policy_bury_call

    half = len(tables) // 2
    fit, check = tables[:half], tables[half:]

    def regret(w, part):
        total = 0.0
        for m8, ev, best in part:
            b, c = policy_bury_call(m8, w)
            total += best - ev[(int(b), int(c))]
        return total / len(part)

    base = regret(POLICY, fit), regret(POLICY, check)
    print(f"current {POLICY.tolist()}: regret {base[0]:.3f} (fit), {base[1]:.3f} (check) points a hand")
    # The regret is piecewise constant in the weights: search at random over wide ranges.
    rng = np.random.default_rng(seed)
    ranges = {W_POINTS: (0, 8), W_VOID: (0, 40), W_ACE: (-40, 10), W_TRUMP: (-300, 0),
              W_TRUMP_RANK: (-12, 0), W_HOLD_ALONE: (-10, 20), W_ALONE: (24, 40)}
    trials = [POLICY.copy()]
    for _ in range(n_trials):
        w = POLICY.copy()
        for i, (lo, hi) in ranges.items():
            w[i] = rng.integers(lo, hi + 1)
        trials.append(w)
    scored = sorted(((regret(w, fit), k) for k, w in enumerate(trials)))
    print("best on the fitting half, with their regret on the other half:")
    for r, k in scored[:8]:
        print(f"  {trials[k].tolist()}: {r:.3f} (fit), {regret(trials[k], check):.3f} (check)")
    print("(W_POINTS, W_VOID, W_ACE, W_TRUMP, W_TRUMP_RANK, W_HOLD_ALONE, W_ALONE)")


REGRESSORS = ("trumps", "queens", "jacks", "Q♣ or Q♠", "fail aces", "fail voids", "fail tens")


@njit(cache=False, inline="always")
def _regressors(hand, x):
    voids = 0
    for lane in range(3):
        if hand & FAIL[lane] == 0:
            voids += 1
    x[0] = 1.0
    x[1] = popcount(hand & TRUMPS)
    x[2] = popcount(hand & QUEENS)
    x[3] = popcount(hand & JACKS)
    x[4] = popcount(hand & TOP_QUEENS)
    x[5] = popcount(hand & FAIL_ACES)
    x[6] = voids
    x[7] = popcount(hand & FAIL_TENS)


@njit(cache=False)
def regress_chunk(rules, key0, n, pool, counts, seat, th, grids, lvals, xtx, xty):
    """Least-squares sums (X'X, X'y) of the gain of picking over passing (y) on the hand's
    features (x: 1 and REGRESSORS), over deals in which the earlier seats passed."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(5, np.uint64)
    x = np.empty(8)
    for i in range(n):
        _deal_into(stream_key(key0, i), pool, counts, fixed, buf, deal)
        for s in range(5):
            hands[s] = deal[1 + s]
        if _earlier_pick(hands, seat, th):
            continue
        y = _pick_gain(rules, hands, deal[0], seat, th, grids, lvals)
        _regressors(hands[seat], x)
        for a in range(8):
            xty[a] += x[a] * y
            for b in range(8):
                xtx[a, b] += x[a] * x[b]


def regress(deals):
    pool = np.array([b for b in range(64) if (int(RULES[8]) >> b) & 1], np.int64)
    counts = np.array([2, 6, 6, 6, 6, 6], np.int64)
    print("Slopes of the points gained by picking over passing (least squares, per seat):")
    for seat in range(5):
        xtx, xty = np.zeros((8, 8)), np.zeros(8)
        regress_chunk(RULES, seed_key(500 + seat), deals, pool, counts, seat, PICK_THRESHOLDS, GRIDS, LEASTER,
                      xtx, xty)
        w = np.linalg.solve(xtx, xty)
        print(f"  seat {seat + 1}: intercept {w[0]:+.2f}, " + ", ".join(f"{n} {v:+.2f}" for n, v in zip(REGRESSORS, w[1:])))


def pick_table(deals):
    """For each seat: the mean points gained by picking rather than passing, by trumps
    (rows) and queens + jacks among them (columns), without and with a fail ace; the
    current policy decides for everyone else; '.' marks cells with under 300 deals."""
    pool = np.array([b for b in range(64) if (int(RULES[8]) >> b) & 1], np.int64)
    counts = np.array([2, 6, 6, 6, 6, 6], np.int64)
    print("Mean points gained by picking (policy bury and call) over passing, by trumps (rows) and")
    print("queens + jacks (columns); '+' means picking is better.  Earlier seats passed.")
    for seat in range(5):
        gain, count = np.zeros(N_BUCKETS), np.zeros(N_BUCKETS, np.int64)
        again, acount = np.zeros(N_BUCKETS), np.zeros(N_BUCKETS, np.int64)
        fgain, fcount = np.zeros(N_FEATURES), np.zeros(N_FEATURES, np.int64)
        tune_chunk(RULES, seed_key(77 + seat), deals, pool, counts, seat, PICK_THRESHOLDS, int(POLICY[W_ALONE]),
                   GRIDS, LEASTER, gain, count, again, acount, fgain, fcount)
        g, c = fgain.reshape(7, 7, 4), fcount.reshape(7, 7, 4)
        print(f"\nseat {seat + 1} (policy picks at strength >= {PICK_THRESHOLDS[seat]})")
        for label, aces in (("no fail ace", slice(0, 1)), ("a fail ace or more", slice(1, 4))):
            print(f"  {label:<20}" + "".join(f"{q:>7}" for q in range(5)) + "   Q+J")
            for t in range(1, 7):
                cells = []
                for q in range(min(t, 4) + 1):
                    n = c[t, q, aces].sum()
                    cells.append(f"{g[t, q, aces].sum() / n:+7.2f}" if n >= 300 else f"{'.':>7}")
                print(f"  {t} trumps{'':<12}" + "".join(cells))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=None, help="deals a seat per round (--bury: a hand)")
    parser.add_argument("--bury", action="store_true", help="fit the bury, call and alone weights")
    parser.add_argument("--hands", type=int, default=400, help="--bury: picked hands to fit on")
    parser.add_argument("--trials", type=int, default=3000, help="--bury: weight vectors tried")
    parser.add_argument("--cache", default=None, help="--bury: keep the played hands in this file")
    parser.add_argument("--regress", action="store_true",
                        help="print the slopes of the gain of picking on the hand's features, by seat")
    parser.add_argument("--table", action="store_true",
                        help="print the gain of picking by trumps, queens + jacks, fail aces and seat")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.table:
        pick_table(20_000 if args.quick else (args.deals or 1_000_000))
        return
    if args.regress:
        regress(20_000 if args.quick else (args.deals or 400_000))
        return
    if args.bury:
        if args.quick:
            tune_bury(20, 200, 50)
        else:
            tune_bury(args.hands, args.deals or 2000, args.trials, args.cache)
        return
    args.deals = args.deals or 400_000
    rounds, deals = (1, 20_000) if args.quick else (args.rounds, args.deals)
    pool = np.array([b for b in range(64) if (int(RULES[8]) >> b) & 1], np.int64)
    counts = np.array([2, 6, 6, 6, 6, 6], np.int64)
    th = PICK_THRESHOLDS.copy()
    alone_t = int(POLICY[W_ALONE])
    print(f"start: pick thresholds {th.tolist()}, alone {alone_t}")
    for r in range(rounds):
        agains = np.zeros(N_BUCKETS)
        for seat in range(5):
            gain, count = np.zeros(N_BUCKETS), np.zeros(N_BUCKETS, np.int64)
            again, acount = np.zeros(N_BUCKETS), np.zeros(N_BUCKETS, np.int64)
            fgain, fcount = np.zeros(N_FEATURES), np.zeros(N_FEATURES, np.int64)
            tune_chunk(RULES, seed_key(1000 * r + seat), deals, pool, counts, seat, th, alone_t, GRIDS, LEASTER,
                       gain, count, again, acount, fgain, fcount)
            th[seat] = best_threshold(gain) - OFFSET
            agains += again
            rows = [f"{b - OFFSET}:{gain[b] / count[b]:+.2f}({count[b]})" for b in range(N_BUCKETS)
                    if count[b] >= 200 and abs(b - OFFSET - th[seat]) <= 4]
            print(f"round {r + 1} seat {seat + 1}: threshold {th[seat]}; mean gain of picking by strength "
                  + " ".join(rows))
        alone_t = best_threshold(agains)
        print(f"round {r + 1}: pick thresholds {th.tolist()}, alone {alone_t}")


if __name__ == "__main__":
    main()
