#!/usr/bin/env python
"""Fit Five Hundred's bidding policy by simulation (how auction.DEFAULT_POLICY was chosen).

1. ``--fit``: the valuation's weights.  Seat S contracts every suit, no-trumps, misère
   and open misère on random deals (the kitty exchange, then ten tricks by the heuristic
   players); its side's tricks (suits, pooled over the four, and no-trumps) and whether
   it took no trick (misère, open misère) are regressed by least squares on the hand's
   features (``auction.suit_features``, ``nt_features``, ``misere_features``).  Also the
   mean prediction of a random hand (for raising a partner's bid).
2. ``--margins``: the auction's thresholds.  With the other seats on the current policy,
   one seat (rotating with the deal) bids with each candidate value of one threshold on
   the same deals; the value with the best expected score (its side's minus the other's)
   is its best response (a move needs a gain of two standard errors, and goes half way).
   Thresholds are tuned in turn, round after round, until a round moves none.

Both at any table size (``--players``: its deck, its sides -- three players alone, five
with the called partner, six in teams of three -- and its scoring units); the same seed
gives the same policy.  How each table's policy in ``auction.TABLE_POLICIES`` was made:

    python scripts/tune_five_hundred.py --players 4 --fit --deals 300000 --margins --margin-deals 200000 --seed 1
    python scripts/tune_five_hundred.py --quick          # both, small (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.games.five_hundred.auction import (LAD_STRAIN, MIS_FEATURES, N_MIS_F, N_NT_F,  # noqa: E402
                                                 N_SUIT_F, NO_SEAT, NT_FEATURES, P_MARGIN, P_MEAN_NT, P_MEAN_SUIT,
                                                 P_MIS, P_MIS_T, P_NT, P_OPEN, P_OPEN_T, P_PARTNER, P_SUIT,
                                                 SUIT_FEATURES, default_policy, feature_masks, finish_auction,
                                                 ladder_tables, misere_features, nt_features, start_table,
                                                 suit_features, valuation)
from analyzer.games.five_hundred.deck import table  # noqa: E402
from analyzer.games.five_hundred.play import TRACE_COLS, play_deal_table, relabel  # noqa: E402
from analyzer.games.five_hundred.questions import byte_tables  # noqa: E402
from analyzer.games.five_hundred.rules import (MISERE, SIDES_OPPOSITE, SIDES_PAIRS, SIDES_THREES,  # noqa: E402
                                               Options, rule_tables, sides_rule)
from analyzer.games.five_hundred.selfplay import (PER_TRICK, play_contract_table, score_contract,  # noqa: E402
                                                  table_buffers)
from analyzer.games.five_hundred.tablegame import unit_tricks, units  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402

NF = max(N_SUIT_F, N_NT_F, N_MIS_F)


@njit(cache=False)
def fit_chunk(tables, bts, key0, start, n, xtx, xty, yy, pool, counts, fm, n_seats, sides):
    """Per model m (0 suits, 1 NT, 2 misère, 3 open misère): xtx[m] += f f', xty[m] += f y,
    yy[m] += (y^2, 1)."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    f = np.zeros(NF, np.float64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        for kind in range(7):
            strain = kind if kind < MISERE else MISERE
            for s in range(n_seats):
                hands[s] = relabel(deal[1 + s], bts[strain])
            kitty = relabel(deal[0], bts[strain])
            tricks = play_deal_table(tables[strain], hands, kitty, n_seats, sides, 0, kind >= MISERE, kind == 6, trace,
                                     False, work)
            f[:] = 0.0
            if kind < 4:
                suit_features(deal[1], fm, kind, f)
                m, y = 0, float(tricks)
            elif kind == 4:
                nt_features(deal[1], fm, f)
                m, y = 1, float(tricks)
            else:
                misere_features(deal[1], fm, f)
                m, y = kind - 3, 1.0 if tricks == 0 else 0.0
            for a in range(NF):
                xty[m, a] += f[a] * y
                for b in range(NF):
                    xtx[m, a, b] += f[a] * f[b]
            yy[m, 0] += y * y
            yy[m, 1] += 1.0


def fit(deals: int, seed: int, players: int = 4):
    tab = table(players)
    tables = rule_tables(Options(), tab)
    xtx = np.zeros((4, NF, NF))
    xty = np.zeros((4, NF))
    yy = np.zeros((4, 2))
    pool = np.arange(tab.deck.size, dtype=np.int64)
    counts = np.array([3] + [10] * (tab.n_seats + tab.dead_hands), np.int64)
    fit_chunk(tables, byte_tables(tab), seed_key(seed), np.int64(0), np.int64(deals), xtx, xty, yy, pool, counts,
              feature_masks(tab), np.int64(tab.n_seats), np.int64(sides_rule(players)))
    pol = default_policy(players).copy()
    for m, (names, at) in enumerate(((SUIT_FEATURES, P_SUIT), (NT_FEATURES, P_NT), (MIS_FEATURES, P_MIS),
                                     (MIS_FEATURES, P_OPEN))):
        k = len(names)
        w = np.linalg.solve(xtx[m, :k, :k] + 1e-9 * np.eye(k), xty[m, :k])
        rss = yy[m, 0] - 2 * w @ xty[m, :k] + w @ xtx[m, :k, :k] @ w
        print(["suits", "no-trumps", "misère", "open misère"][m], f"n={yy[m, 1]:.0f}",
              f"residual sd {np.sqrt(rss / yy[m, 1]):.3f}, mean y {xty[m, 0] / yy[m, 1]:.3f}")
        print("   ", ", ".join(f"{nm} {x:+.3f}" for nm, x in zip(names, w)))
        pol[at:at + k] = np.round(w, 3)
    pol[P_MEAN_SUIT] = round(xty[0, 0] / yy[0, 1], 2)    # the mean prediction = the mean y (a constant in the fit)
    pol[P_MEAN_NT] = round(xty[1, 0] / yy[1, 1], 2)
    return pol


@njit(cache=False)
def match_chunk(key0, start, n, lad, acfg, base, cands, knob, tables, bts, fm, pool, counts, n_seats, sides, n_units,
                cur, out, out2):
    """out[c] += the rotating seat's unit's points minus the mean of the other units' when
    it bids with the base policy but ``knob`` = ``cands[c]`` (the others keep the base):
    a deal's points as the game scores them (``selfplay.score_contract``): the contract's
    side wins or loses its value, every other unit 10 a trick it took (none in misère).
    out2[c] += the square of its difference from candidate ``cur``'s on the same deal."""
    buf, fixed, deal, hands, lay, vals, st, trace, work = table_buffers(pool, counts, n_seats, tables)
    pols = np.empty((n_seats, base.shape[0]), np.float64)
    ut = np.zeros(n_units, np.int64)
    pts = np.zeros(n_units, np.float64)
    gen = np.zeros(8, np.int64)
    x = np.zeros(cands.shape[0], np.float64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        x[:] = 0.0
        me = (start + i) % n_seats
        dealer = ((start + i) // n_seats) % n_seats
        for s in range(n_seats):
            hands[s] = deal[1 + s]
            pols[s, :] = base
            valuation(hands[s], fm, base, vals[s])
        for c in range(cands.shape[0]):
            pols[me, knob] = cands[c]
            start_table(st, dealer, n_seats, sides)
            d, k = finish_auction(vals, st, lad, acfg, pols)
            if d == NO_SEAT:
                continue
            tricks, side = play_contract_table(hands, deal[0], n_seats, sides, d, k, lad, tables, bts, lay, trace,
                                               work, False, None, None, gen, True)
            unit_tricks(trace, n_seats, n_units, 0, ut)
            pc, _, _ = score_contract(k, tricks, lad)
            misere = lad[LAD_STRAIN, k] == MISERE
            for u in range(n_units):
                pts[u] = 0.0 if misere else PER_TRICK * ut[u]
            for s in range(n_seats):
                if (side >> s) & 1:
                    pts[s % n_units] = pc
            mine = pts[me % n_units]
            others = 0.0
            for u in range(n_units):
                if u != me % n_units:
                    others += pts[u]
            x[c] = mine - others / (n_units - 1)
        for c in range(cands.shape[0]):
            out[c] += x[c]
            out2[c] += (x[c] - x[cur]) ** 2


KNOB_NAMES = {P_MARGIN: "margin", P_PARTNER: "partner", P_MIS_T: "misère", P_OPEN_T: "open misère"}
GRIDS = {P_MARGIN: np.arange(-0.5, 1.51, 0.25), P_PARTNER: np.arange(0.0, 2.01, 0.25),
         P_MIS_T: np.arange(0.2, 0.91, 0.05), P_OPEN_T: np.arange(0.2, 1.01, 0.05)}


SIGNIFICANT = 2.0   # a threshold moves only for a gain of this many standard errors (paired, same deals)
# and then half way to its best response (see ``margins``)


def margins(pol, deals: int, seed: int, rounds: int, players: int = 4, options: Options = Options()):
    """Best responses, one threshold at a time, until a round moves none (at most
    ``rounds``).  Each knob is tried on the same deals every round (its own stream of the
    seed), so the result is a function of the seed; it moves from its current value only
    when the best candidate gains more than SIGNIFICANT standard errors of the paired
    difference (else near-ties between the knobs' interactions would cycle for ever), and
    then half way towards it (a threshold whose best response against the table is another
    value, and back, settles between them)."""
    tab = table(players)
    lad, acfg = ladder_tables(options)
    tables = rule_tables(options, tab)
    pool = np.arange(tab.deck.size, dtype=np.int64)
    counts = np.array([3] + [10] * (tab.n_seats + tab.dead_hands), np.int64)
    fixed_sides = sides_rule(players, options) in (SIDES_OPPOSITE, SIDES_THREES, SIDES_PAIRS)
    knobs = [k for k in GRIDS if k != P_PARTNER or fixed_sides]    # a partner's bid is known only with fixed sides
    seen = [tuple(pol[k] for k in knobs)]
    for r in range(rounds):
        moved = False
        for knob in knobs:
            grid = np.round(GRIDS[knob], 2)
            if not np.any(np.isclose(grid, pol[knob])):
                grid = np.sort(np.append(grid, pol[knob]))
            cur = int(np.argmin(np.abs(grid - pol[knob])))
            out = np.zeros(len(grid))
            out2 = np.zeros(len(grid))
            match_chunk(seed_key(seed * 1000 + knob), np.int64(0), np.int64(deals), lad, acfg, pol,
                        grid.astype(np.float64), np.int64(knob), tables, byte_tables(tab), feature_masks(tab), pool,
                        counts, np.int64(tab.n_seats), np.int64(sides_rule(players, options)),
                        np.int64(units(players, options)), np.int64(cur), out, out2)
            gain = (out - out[cur]) / deals
            se = np.sqrt(np.maximum(out2 / deals - gain ** 2, 0.0) / deals)
            top = int(np.argmax(out))
            best = float(pol[knob])
            if gain[top] > SIGNIFICANT * se[top]:
                # half way to the best response (ties toward where it is; a neighbour all the
                # way): two thresholds that are each other's best responses meet in the middle
                lo_i, hi_i = sorted((cur, top))
                between = grid[lo_i:hi_i + 1]
                mid = (pol[knob] + grid[top]) / 2
                best = float(grid[top]) if hi_i - lo_i == 1 else float(
                    min(between, key=lambda g: (abs(g - mid), abs(g - pol[knob]))))
            print(f"round {r + 1} {KNOB_NAMES[knob]} (now {pol[knob]:.2f}): "
                  + ", ".join(f"{g:.2f}:{o / deals:+.2f}" for g, o in zip(grid, out))
                  + f" -> {best:.2f} (best gains {gain[top]:+.2f} ± {se[top]:.2f})", flush=True)
            if best != pol[knob]:
                moved = True
            pol[knob] = best
        if not moved:
            print(f"settled after {r + 1} round(s)")
            break
        now = tuple(pol[k] for k in knobs)
        if now in seen:
            print(f"round {r + 1} came back to the thresholds of round {seen.index(now)}: a cycle between "
                  "neighbouring values, stopped here")
            break
        seen.append(now)
    return pol


def table_entry(pol) -> str:
    """The policy as an ``auction.TABLE_POLICIES`` entry: (suit, no-trump, misère and open
    misère weights, the two means, the four thresholds)."""
    parts = [pol[P_SUIT:P_NT], pol[P_NT:P_MIS], pol[P_MIS:P_OPEN], pol[P_OPEN:P_MEAN_SUIT],
             pol[P_MEAN_SUIT:P_MARGIN], pol[P_MARGIN:]]
    return "(" + ",\n ".join("(" + ", ".join(f"{float(x):g}" for x in p) + ")" for p in parts) + ")"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--margins", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=6, help="at most this many rounds of --margins")
    ap.add_argument("--margin-deals", type=int, default=None, help="deals of each --margins best response "
                    "(default --deals)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    if a.quick:
        a.fit = a.margins = True
        a.deals, a.rounds = 2000, 1
    pol = default_policy(a.players).copy()
    if a.fit:
        pol = fit(a.deals, a.seed, a.players)
    if a.margins:
        pol = margins(pol, a.margin_deals or a.deals, a.seed, a.rounds, a.players)
    print("policy:", "(" + ", ".join(f"{x:g}" for x in pol) + ")")
    print("table entry:", table_entry(pol))


if __name__ == "__main__":
    main()
