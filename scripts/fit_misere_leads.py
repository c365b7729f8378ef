#!/usr/bin/env python
"""Fit the weights of Five Hundred's misère defenders' leads (``play.MISERE_OPEN_W`` and
``play.MISERE_CLOSED_W``) by rollouts.

Random deals where seat 0 plays misère and open misère (each deal both) with a hand of at
most ``--max-high`` high cards (10 or higher and the joker, before the kitty: the hands
misère is bid on), at each table size of ``--players``: at each lead of a defender
(the free joker aside, which is led by rule), every candidate of
``play.misere_defence_lead`` is played and the rest of the deal rolled out by the
heuristic players; a candidate's label is whether the contractor then takes a trick.
The weights maximise the expected catch rate of a softmax choice among each lead's
candidates (``fit_leads.fit``), on ``--positions`` leads of ``--seed``; the catch rate
of the argmax choice is then reported on the deals of ``--test-seed`` against the rules'
card (``play.defender_lead``) and today's weights, per table size.

The rollouts play on with the weights compiled into ``play.py`` (a round of policy
iteration; the heuristic players use the misère weights only against four defenders, so
the rollouts of misère at other sizes score a lead the players would not choose).  The
same seeds and compiled weights give the same weights.  ``MISERE_OPEN_W`` (three rounds,
the last moving the held-out rates by under 0.1 point) and ``MISERE_CLOSED_W`` (two rounds,
the second after the defenders' rules for misère changed):

    python scripts/fit_misere_leads.py --players 3,4,5,6 --deals 40000    # the open misère weights
    python scripts/fit_misere_leads.py --players 5 --deals 60000          # the misère weights
    python scripts/fit_misere_leads.py --quick          # small (smoke test)
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.bits import ZERO, popcount  # noqa: E402
from analyzer.games.five_hundred.deck import N_TRICKS  # noqa: E402
from analyzer.games.five_hundred.play import (MAX_MLEADS, MISERE_CLOSED_W, MISERE_OPEN_W, N_MF,  # noqa: E402
                                              defender_lead, exchange, misere_defence_lead, nominate_joker,
                                              relabel, table_seats)
from analyzer.games.five_hundred.questions import byte_tables  # noqa: E402
from analyzer.games.five_hundred.rules import MISERE, NT, rule_tables, sides_rule  # noqa: E402
from analyzer.games.five_hundred.selfplay import table_buffers  # noqa: E402
from analyzer.games.five_hundred.survey import _nt_features, high_cards_mask  # noqa: E402
from analyzer.sim.deal import _deal_into  # noqa: E402
from analyzer.sim.rng import seed_key, stream_key  # noqa: E402
from analyzer.tricks.engine import names_core  # noqa: E402
from analyzer.tricks.heuristic import rule_suits  # noqa: E402
from analyzer.tricks.tables import R_DECK, R_FLAGS, R_FREE  # noqa: E402
from scripts.fit_leads import (_side, _trick, first_of_each, fit, roll_out_leads, row_buffers,  # noqa: E402
                                table_inputs)
from scripts.fitting import add_fit_args  # noqa: E402

RULES_CARD = 0      # the feature "this is defender_lead's card"


@njit(cache=False)
def rollout_chunk(key0, n_deals, pool, counts, tables, bts, high_cards, max_high, n, sides, out_f, out_made,
                  out_pos, out_side):
    """Rows (features, contractor caught, lead index, 1 for open misère) of every
    candidate misère defender lead on deals 0..n_deals-1; returns the rows written."""
    buf, fixed, deal, _, lay, _, _, _, work = table_buffers(pool, counts, n, tables)
    feats = np.zeros((MAX_MLEADS, N_MF))
    cands = np.zeros(MAX_MLEADS, np.uint64)
    tricks = np.zeros(MAX_MLEADS, np.int64)
    h2, u, u2 = np.zeros(n, np.uint64), np.zeros(1, np.uint64), np.zeros(1, np.uint64)
    st, st2 = np.zeros(4, np.int64), np.zeros(4, np.int64)
    r = 0
    lead = 0
    for i in range(n_deals):
        _deal_into(stream_key(key0, i), pool, counts, fixed, buf, deal)
        _, _, high, _ = _nt_features(relabel(deal[1], bts[NT]), tables[NT], high_cards)
        if high > max_high:
            continue
        for op in range(2):
            open_misere = op == 1
            rules = tables[MISERE]
            bt = bts[MISERE]
            for s in range(n):
                lay[s] = relabel(deal[1 + s], bt)
            kept, discards = exchange(rules, lay[0] | relabel(deal[0], bt), True)
            lay[0] = kept
            if rules[R_FREE]:
                rules = nominate_joker(rules, kept, work)
            active, side = table_seats(rules, lay, n, sides, 0, discards, True)
            n_active = popcount(np.uint64(active))
            suits = rule_suits(rules)
            free = rules[R_FREE]
            u[0] = ZERO
            st[:] = 0
            st[3] = 0
            for t in range(N_TRICKS):
                seat = st[3]
                if st[2] > 0:
                    break                    # caught: the deal is decided
                if seat != 0 and t < N_TRICKS - 1 and r + MAX_MLEADS <= out_made.shape[0]:
                    hand = lay[seat]
                    names = names_core(free, rules[R_FLAGS], hand, st[1], (st[0] >> (4 * seat)) & 15)
                    if not (hand & free and names):
                        unseen = rules[R_DECK] & ~u[0] & ~hand
                        exposed = lay[0] if open_misere else ZERO
                        unseen &= ~exposed
                        pv = 15
                        for o in range(n):
                            if o != seat and o != 0 and (active >> o) & 1:
                                pv &= (st[0] >> (4 * o)) & 15
                        cv = st[0] & 15
                        rules_card = defender_lead(suits, free, hand, unseen, cv, pv, exposed)
                        _, kc = misere_defence_lead(suits, free, hand, unseen, cv, pv, exposed, st[1], rules_card,
                                                    MISERE_OPEN_W if open_misere else MISERE_CLOSED_W, feats, cands)
                        if kc > 1:
                            roll_out_leads(rules, lay, n, active, n_active, side, 0, discards, t, u, st, cands, kc,
                                           True, open_misere, h2, u2, st2, tricks)
                            for j in range(kc):
                                out_f[r, :] = feats[j]
                                out_made[r] = 1.0 if tricks[j] > 0 else 0.0
                                out_pos[r] = lead
                                out_side[r] = 1 if open_misere else 0
                                r += 1
                            lead += 1
                _trick(rules, lay, n, active, n_active, side, 0, discards, t, u, st, ZERO, True, open_misere)
    return r


def rollouts(players: int, deals: int, seed: int, max_high: int):
    """(features, caught, lead index, open) rows of ``deals`` random deals of ``seed``."""
    tab, options, pool, counts = table_inputs(players)
    out_f, out_made, out_pos, out_side = row_buffers(deals * 60, N_MF)
    r = rollout_chunk(seed_key(seed), np.int64(deals), pool, counts, rule_tables(options, tab), byte_tables(tab),
                      high_cards_mask(tab), np.int64(max_high), np.int64(tab.n_seats),
                      np.int64(sides_rule(tab.players, options)), out_f, out_made, out_pos, out_side)
    return out_f[:r], out_made[:r], out_pos[:r], out_side[:r]


def _pooled(parts):
    """Rows of several table sizes as one set, lead indices kept apart."""
    f, made, pos, side = [], [], [], []
    base = 0
    for d in parts:
        f.append(d[0]); made.append(d[1]); pos.append(d[2] + base); side.append(d[3])   # noqa: E702
        base += int(d[2].max()) + 1 if len(d[2]) else 0
    return np.concatenate(f), np.concatenate(made), np.concatenate(pos), np.concatenate(side)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="4,5", help="table sizes pooled in the fit (comma-separated)")
    ap.add_argument("--max-high", type=int, default=4, help="the contractor's high cards at most")
    add_fit_args(ap, deals=40_000, iters=800)
    ap.add_argument("--positions", type=int, default=10**9, help="leads fitted on (the first of --seed's)")
    args = ap.parse_args()
    if args.quick:
        args.deals, args.iters = 2_000, 100
    sizes = [int(x) for x in args.players.split(",")]
    data = {p: rollouts(p, args.deals, args.seed, args.max_high) for p in sizes}
    test = {p: rollouts(p, args.deals, args.test_seed, args.max_high) for p in sizes}
    rules_w = np.zeros(N_MF)
    rules_w[RULES_CARD] = 1.0
    for who, name, today in ((1, "MISERE_OPEN_W", MISERE_OPEN_W), (0, "MISERE_CLOSED_W", MISERE_CLOSED_W)):
        f, made, pos = _side(_pooled([data[p] for p in sizes]), who)
        keep = pos < args.positions
        f, made, pos = f[keep], made[keep], pos[keep]
        w = fit(f, made, pos, args.beta, args.iters, 0.5 * rules_w)
        print(f"{'open misère' if who else 'misère'}: {pos.max() + 1:,} leads fitted")
        for p in sizes:
            tf, tmade, tpos = _side(test[p], who)
            print(f"  {p} players, {tpos.max() + 1:,} held-out leads: the contractor caught after")
            for label, ww in (("the rules' card", rules_w), ("today's weights", np.array(today)), ("fitted", w)):
                pick = first_of_each(tf @ ww, tpos)
                print(f"    {label:16s} {tmade[pick].mean():.2%}")
            print(f"    {'the best of each':16s} {np.maximum.reduceat(tmade[np.argsort(tpos, kind='stable')], np.r_[0, np.flatnonzero(np.diff(np.sort(tpos))) + 1]).mean():.2%} (hindsight)")
        print(f"{name} = (" + ", ".join(f"{x:.4g}" for x in w) + ")")


if __name__ == "__main__":
    main()
