#!/usr/bin/env python
"""Fit the weights of Five Hundred's fitted leads by rollouts: the no-trump leads
(``play.NT_LEAD_W``, the contractor's side, and ``play.NT_DEFENCE_W``, the defenders) and,
with ``--kind suit``, the two-handed suit contracts' leads (``play.SUIT2_LEAD_W`` and
``play.SUIT2_DEFENCE_W``).

Heuristic self-play deals (the auction by the bidding policy) of the contracts of that
kind: at each lead, every candidate (``play.nt_lead``'s or ``play.suit_lead``'s: the top
and the low card of each suit) is played and the rest of the deal rolled out by the
heuristic players on the true cards; a candidate's label is whether the leader's side then
reaches its goal (the contract made, for the defenders beaten).
The weights maximise the expected make rate of a softmax choice among each lead's
candidates (gradient ascent, ``--beta`` its sharpness), on ``--positions`` leads of
``--seed``; the make rate of the argmax choice is then reported on the deals of
``--test-seed`` against the rules' card (``play.rules_lead``).

The rollouts play on with the weights compiled into ``play.py``, so a run fits the next
weights given today's (a round of policy iteration).  ``NT_LEAD_W`` was fitted with the
rules' card alone compiled in (every weight 0 but the rules' card's 1, both sides),
``NT_DEFENCE_W`` next with ``NT_LEAD_W`` in place, the bidding policy refitted after each;
a last run on today's weights and policy moved the held-out rates by 0.10 and 0.06 points,
so they were kept.  The two-handed suit leads: both sides from the rules' card alone, the
two-handed policy refitted (``tune_five_hundred.py --players 2``), both sides again on
those, the policy refitted; a third run moved the held-out rates by 0.07 (contractor) and
0.09 points (defender), so the second round's weights were kept.  The same seeds and
compiled weights give the same weights:

    python scripts/fit_leads.py --deals 200000 --seed 11 --test-seed 12
    python scripts/fit_leads.py --players 2 --kind suit --deals 200000 --seed 11 --test-seed 12
    python scripts/fit_leads.py --quick          # small (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.bits import ZERO, popcount  # noqa: E402
from analyzer.games.five_hundred.auction import (LAD_KIND, LAD_LEVEL, NO_SEAT, default_policy,  # noqa: E402
                                                 feature_masks, finish_auction, ladder_tables, start_table,
                                                 valuation)
from analyzer.games.five_hundred.deck import HAND_SIZE, KITTY_SIZE, N_TRICKS  # noqa: E402
from analyzer.games.five_hundred.play import (MAX_LEADS, N_LF, N_SF, NT_DEFENCE_W, NT_LEAD_W,  # noqa: E402
                                              SUIT2_DEFENCE_W, SUIT2_LEAD_W, exchange, heuristic_move, next_seats,
                                              nominate_joker, nt_lead, rules_lead, suit_lead, table_seats)
from analyzer.games.five_hundred.questions import byte_tables, table_of  # noqa: E402
from analyzer.games.five_hundred.rules import NT, Options, rule_tables, sides_rule  # noqa: E402
from analyzer.games.five_hundred.selfplay import contract_sides_table, table_buffers  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402
from analyzer.tricks.engine import beats_core, suit_core  # noqa: E402
from analyzer.tricks.heuristic import rule_suits  # noqa: E402
from analyzer.tricks.tables import R_DECK, R_DUP_SHIFT, R_FREE, R_TRUMP, R_TRUMP_SUIT  # noqa: E402
from scripts.fitting import add_fit_args, ascend  # noqa: E402

RULES_CARD = {"nt": 8, "suit": 7}     # the feature "this is the rules' card" (``play.rules_lead``)
N_FEATURES = {"nt": N_LF, "suit": N_SF}
WEIGHTS = {"nt": (("NT_LEAD_W", NT_LEAD_W), ("NT_DEFENCE_W", NT_DEFENCE_W)),
           "suit": (("SUIT2_LEAD_W", SUIT2_LEAD_W), ("SUIT2_DEFENCE_W", SUIT2_DEFENCE_W))}


@njit(cache=False)
def _trick(rules, hands, n, active, n_active, side, contractor, discards, t, u, st, forced, misere=False,
           open_misere=False):
    """One trick by the heuristic players (``forced``: the lead, if not 0) of a contract
    (``misere``, ``open_misere`` as in ``play.play_out_table``).  ``u[0]``: the cards
    played; ``st``: (voids, suits led, the contractor side's tricks, leader)."""
    suits = rule_suits(rules)
    trump = rules[R_TRUMP]
    shift = rules[R_DUP_SHIFT]
    nxt = next_seats(active, n)
    leader = st[3]
    seat = leader
    best = ZERO
    winner = leader
    led = 0
    suit = ZERO
    for pos in range(n_active):
        hand = hands[seat]
        card, hled = heuristic_move(rules, hands, n, side, seat, pos, t, contractor, discards, misere, open_misere,
                                    active, n_active, u[0], st[0], st[1], leader, led, best, winner)
        if pos == 0 and forced != ZERO:
            card = forced
            hled = suit_core(suits, card)
        if pos == 0:
            led = hled
            st[1] |= 1 << led
            suit = suits[led]
            best = card
            winner = seat
        else:
            if not (hand & suit):
                st[0] |= 1 << (4 * seat + led)
            if beats_core(trump, suit, shift, card, best):
                best = card
                winner = seat
        hands[seat] = hand & ~card
        u[0] |= card
        seat = (nxt >> (4 * seat)) & 15
    if (side >> winner) & 1:
        st[2] += 1
    st[3] = winner


@njit(cache=False)
def roll_out_leads(rules, lay, n, active, n_active, side, contractor, discards, t, u, st, cands, kc, misere,
                   open_misere, h2, u2, st2, out):
    """Each of the ``kc`` candidate leads ``cands`` at trick ``t`` of the position (``lay``,
    ``u``, ``st``, left as they are) played and the deal rolled out by the heuristic
    players: ``out[j]``, the contractor side's tricks after candidate j (a misère stops at
    his first).  ``h2``, ``u2``, ``st2``: scratch of ``lay``'s, ``u``'s and ``st``'s shapes."""
    for j in range(kc):
        h2[:] = lay
        u2[0] = u[0]
        st2[:] = st
        for t2 in range(t, N_TRICKS):
            _trick(rules, h2, n, active, n_active, side, contractor, discards, t2, u2, st2,
                   cands[j] if t2 == t else ZERO, misere, open_misere)
            if misere and st2[2] > 0:
                break
        out[j] = st2[2]


@njit(cache=False)
def rollout_chunk(key0, n_deals, pool, counts, lad, acfg, pols, fm, tables, bts, n, sides, suit_kind, out_f,
                  out_made, out_pos, out_side):
    """Rows (features, goal reached, lead index, 1 for the contractor's side) of every
    candidate lead on deals 0..n_deals-1, of no-trump contracts, or with ``suit_kind`` of
    suit contracts; returns the rows written."""
    buf, fixed, deal, hands, lay, vals, stt, _, work = table_buffers(pool, counts, n, tables)
    feats = np.zeros((MAX_LEADS, out_f.shape[1]))
    cands = np.zeros(MAX_LEADS, np.uint64)
    h2 = np.zeros(n, np.uint64)
    u = np.zeros(1, np.uint64)
    u2 = np.zeros(1, np.uint64)
    st = np.zeros(4, np.int64)
    st2 = np.zeros(4, np.int64)
    tricks = np.zeros(MAX_LEADS, np.int64)
    r = 0
    lead = 0
    for i in range(n_deals):
        _deal_into(stream_key(key0, i), pool, counts, fixed, buf, deal)
        for s in range(n):
            hands[s] = deal[1 + s]
            valuation(hands[s], fm, pols[s], vals[s])
        start_table(stt, i % n, n, sides)
        d, c = finish_auction(vals, stt, lad, acfg, pols)
        if d == NO_SEAT or (lad[LAD_KIND, c] >= NT if suit_kind else lad[LAD_KIND, c] != NT):
            continue
        level = lad[LAD_LEVEL, c]
        _, strain, k, active, side = contract_sides_table(hands, deal[0], n, sides, d, c, lad, bts, lay, tables)
        rules = tables[strain]
        kept, discards = exchange(rules, lay[d] | k, False)
        lay[d] = kept
        if rules[R_FREE]:
            rules = nominate_joker(rules, kept, work)
        active, side = table_seats(rules, lay, n, sides, d, discards, False)
        n_active = popcount(np.uint64(active))
        suits = rule_suits(rules)
        trump = rules[R_TRUMP]
        free = rules[R_FREE]
        ts = np.int64(rules[R_TRUMP_SUIT])
        u[0] = ZERO
        st[:] = 0
        st[3] = d
        for t in range(N_TRICKS):
            seat = st[3]
            declaring = (side >> seat) & 1
            if t < N_TRICKS - 1 and r + MAX_LEADS <= out_made.shape[0]:
                hand = lay[seat]
                unseen = rules[R_DECK] & ~u[0] & ~hand
                if seat == d:
                    unseen &= ~discards
                pv = 0
                ov = 0
                pt = False
                ot = False
                for o in range(n):
                    if o != seat and (active >> o) & 1:
                        v = (st[0] >> (4 * o)) & 15
                        may_trump = ts < 4 and not ((v >> ts) & 1)
                        if ((side >> o) & 1) == declaring:
                            pv |= v
                            pt = pt or may_trump
                        else:
                            ov |= v
                            ot = ot or may_trump
                rules_card = rules_lead(suits, trump, free, ts, hand, unseen, declaring != 0, pv, ov, pt, ot)
                kc = 0
                if (rules_card & free) == ZERO:
                    if suit_kind:
                        _, kc = suit_lead(suits, trump, ts, hand, unseen, st[1], ov, ot, rules_card, t,
                                          SUIT2_LEAD_W if declaring else SUIT2_DEFENCE_W, feats, cands)
                    else:
                        _, kc = nt_lead(suits, free, hand, unseen, st[1], pv, ov, rules_card,
                                        NT_LEAD_W if declaring else NT_DEFENCE_W, feats, cands)
                    if kc > 1:
                        roll_out_leads(rules, lay, n, active, n_active, side, d, discards, t, u, st, cands, kc,
                                       False, False, h2, u2, st2, tricks)
                        for j in range(kc):
                            out_f[r, :] = feats[j]
                            out_made[r] = 1.0 if (tricks[j] >= level) == (declaring != 0) else 0.0
                            out_pos[r] = lead
                            out_side[r] = declaring
                            r += 1
                        lead += 1
            _trick(rules, lay, n, active, n_active, side, d, discards, t, u, st, ZERO)
    return r


def table_inputs(players: int):
    """(table, default options, the deck's pool, the deal's slot sizes) of a table size."""
    tab = table_of(players)
    pool = np.arange(tab.deck.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * (tab.n_seats + tab.dead_hands), np.int64)
    return tab, Options.parse(None), pool, counts


def row_buffers(cap: int, n_features: int):
    """Room for ``cap`` rollout rows: (features, label, lead index, side)."""
    return np.zeros((cap, n_features)), np.zeros(cap), np.zeros(cap, np.int64), np.zeros(cap, np.int64)


def rollouts(players: int, deals: int, seed: int, kind: str = "nt"):
    """(features, goal reached, lead index, contractor's side) rows of ``deals`` self-play
    deals of ``seed``, the leads of ``kind`` ("nt" or "suit") contracts."""
    tab, options, pool, counts = table_inputs(players)
    lad, acfg = ladder_tables(options)
    pols = np.tile(default_policy(tab.players), (tab.n_seats, 1))
    out_f, out_made, out_pos, out_side = row_buffers(deals * 16, N_FEATURES[kind])
    r = rollout_chunk(seed_key(seed), np.int64(deals), pool, counts, lad, acfg, pols, feature_masks(tab),
                      rule_tables(options, tab), byte_tables(tab), np.int64(tab.n_seats),
                      np.int64(sides_rule(tab.players, options)), kind == "suit", out_f, out_made, out_pos,
                      out_side)
    return out_f[:r], out_made[:r], out_pos[:r], out_side[:r]


def first_of_each(score, pos):
    """The row of each lead with the highest score (ties: the first)."""
    order = np.lexsort((np.arange(len(score)), -score, pos))
    first = np.ones(len(order), bool)
    first[1:] = pos[order][1:] != pos[order][:-1]
    return order[first]


def fit(f, made, pos, beta: float, iters: int, w0: np.ndarray) -> np.ndarray:
    """Weights maximising the mean over leads of sum_j softmax(beta f w)_j made_j."""
    g_n = pos.max() + 1
    sd = f.std(0) + 1e-9
    xs = f / sd

    def grad(w):
        z = beta * (xs @ w)
        zmax = np.full(g_n, -np.inf)
        np.maximum.at(zmax, pos, z)
        e = np.exp(z - zmax[pos])
        p = e / np.bincount(pos, e, g_n)[pos]
        ey = np.bincount(pos, p * made, g_n)
        return beta * (xs.T @ (p * (made - ey[pos]))) / g_n

    return ascend(grad, w0 * sd, iters) / sd


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=4)
    add_fit_args(ap, deals=200_000, iters=800)
    ap.add_argument("--positions", type=int, default=300_000, help="leads fitted on (the first of --seed's)")
    ap.add_argument("--kind", choices=("nt", "suit"), default="nt",
                    help="the no-trump leads, or the suit contracts' (the weights used at two players)")
    args = ap.parse_args()
    if args.quick:
        args.deals, args.iters = 2_000, 100
    data = rollouts(args.players, args.deals, args.seed, args.kind)
    test = rollouts(args.players, args.deals, args.test_seed, args.kind)
    rules_w = np.zeros(N_FEATURES[args.kind])
    rules_w[RULES_CARD[args.kind]] = 1.0
    for who, (name, today) in zip((1, 0), WEIGHTS[args.kind]):
        f, made, pos = _side(data, who)
        keep = pos < args.positions
        f, made, pos = f[keep], made[keep], pos[keep]
        tf, tmade, tpos = _side(test, who)
        w = fit(f, made, pos, args.beta, args.iters, 0.5 * rules_w)
        print(f"{'the contractor' if who else 'the defenders'}: {pos.max() + 1:,} leads fitted, "
              f"{tpos.max() + 1:,} checked")
        for label, ww in (("the rules' card", rules_w), ("today's weights", np.array(today)), ("fitted", w)):
            pick = first_of_each(tf @ ww, tpos)
            print(f"  {label:16s} the goal reached after {tmade[pick].mean():.2%} of the held-out leads")
        print(f"{name} = (" + ", ".join(f"{x:.4g}" for x in w) + ")")


def _side(data, who):
    """The rows of one side's leads, their lead indices renumbered 0.."""
    f, made, pos, side = data
    sel = side == who
    _, inv = np.unique(pos[sel], return_inverse=True)
    return f[sel], made[sel], inv


if __name__ == "__main__":
    main()
