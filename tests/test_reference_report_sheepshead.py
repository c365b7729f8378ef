"""The Sheepshead report's picking table recomputed from the per-deal records of a small
survey: each offered deal run alone gives the class it was booked in, the picker side's
points and result class for pick and alone, and each action's score; the six cards are
classified again here by the reference rules (trumps, queens, jacks, fail aces), the
pick and alone scores recomputed by the reference's scoring table from the points and
tricks, and the table aggregated with pandas (P(win), mean points, EV per action, gains)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.games.sheepshead import survey as sv
from analyzer.games.sheepshead.deck import DECK
from analyzer.games.sheepshead.rules import from_layout
from analyzer.sim.deal import _deal_into
from analyzer.sim.rng import stream_key
from tests.records import cell, per_deal_stats
from tests.reference import sheepshead as ref
from tests.reference.stats import Z95, mean_se, wilson

DEALS, SEED = 1500, 3


def six(mask) -> list[str]:
    return [("T" + c[2:]) if c.startswith("10") else c for c in (DECK.format(i) for i in from_layout(int(mask)))]


@pytest.fixture(scope="module")
def records():
    total, per = per_deal_stats(sv.run_survey, DEALS, SEED)
    pool, counts, key0 = sv.survey_inputs(SEED)
    buf, deal = np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    rows = []
    for i in range(DEALS):
        v = sv.LAYOUT.unpack(per[i])
        if not v["deals"].any():
            continue                                   # not offered: an earlier seat picked
        seat, t, q, j, a, pol, _ = cell(v["deals"][..., :1])
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, fixed, buf, deal)
        hand = six(deal[1 + seat])
        assert seat == i % 5
        assert (t, q, j, a) == (sum(ref.is_trump(c) for c in hand), sum(c[0] == "Q" for c in hand),
                                sum(c[0] == "J" for c in hand),
                                sum(c[0] == "A" and not ref.is_trump(c) for c in hand)), (i, hand)
        res = v["results"][seat, t, q, j, a, pol]
        m = v["moments"][seat, t, q, j, a, pol]
        rec = {"deal": i, "seat": seat + 1, "trumps": t, "queens": q, "jacks": j, "fail_aces": a, "policy": pol,
               "score_pass": m[sv.M_PASS, 0] / sv.SCALE,
               "outcome": sv.PASS_OUTCOMES[cell(v["passed"][seat, t, q, j, a, pol])[0]]}
        partner = bool(v["deals"][seat, t, q, j, a, pol, 1])      # pick with a partner (else alone: no call legal)
        rec["partner"] = partner
        for k, (name, alone) in enumerate((("pick", not partner), ("alone", True))):
            klass = int(np.flatnonzero(res[k, :sv.N_RESULTS])[0])
            points = int(res[k, sv.N_RESULTS])
            tricks = 0 if klass == 0 else 6 if klass == sv.N_RESULTS - 1 else 3
            assert klass == 0 or klass == sv.N_RESULTS - 1 or sv.RESULTS[klass] == (
                "<=30" if points <= 30 else "31-60" if points <= 60 else "61-90" if points <= 90 else ">=91")
            rec[f"score_{name}"] = float(ref.score(points, tricks, alone=alone)[0])
            assert rec[f"score_{name}"] == m[k + 1, 0] / sv.SCALE, (i, name)    # the kernel's, for this deal
            rec[f"win_{name}"] = klass >= sv.WIN_FROM
            rec[f"points_{name}"] = points
            rec[f"class_{name}"] = klass
        (_, sbin), = [tuple(int(x) for x in c) for c in np.argwhere(v["strength"][..., 0])]
        rec["pick_bin"] = sbin - sv.S_OFF
        alone_bins = np.argwhere(v["alone_strength"][..., 0])
        assert len(alone_bins) == int(partner)                      # binned only with a legal call
        rec["alone_bin"] = int(alone_bins[0][1]) if partner else -1
        rows.append(rec)
    return total, pd.DataFrame(rows)


@pytest.mark.parametrize("by", [["seat", "trumps"], ["queens"], ["fail_aces", "jacks"]])
def test_pick_table(records, by):
    total, recs = records
    table = sv.pick_table(total, by, min_deals=1)
    assert len(table) == recs.groupby(by).ngroups > 1
    for _, row in table.iterrows():
        g = recs[np.logical_and.reduce([recs[b] == row[b] for b in by])]
        assert row["deals"] == len(g)
        for name in ("pick", "alone"):
            suffix = "" if name == "pick" else "_alone"
            assert row[f"p_win{suffix}"] == pytest.approx(g[f"win_{name}"].mean(), abs=1e-12)
            assert row[f"mean_points{suffix}"] == pytest.approx(g[f"points_{name}"].mean(), abs=1e-9)
        for name in ("pass", "pick", "alone"):
            assert row[f"ev_{name}"] == pytest.approx(g[f"score_{name}"].mean(), abs=1e-9), name
        assert row["gain"] == pytest.approx((g["score_pick"] - g["score_pass"]).mean(), abs=1e-9)
        assert row["gain_alone"] == pytest.approx((g["score_alone"] - g["score_pick"]).mean(), abs=1e-9)


def test_reach_table(records):
    """Per seat: the deals numbered for it (deal i is seat 1 + i mod 5's) and how many were
    offered the blind (the records)."""
    total, recs = records
    for _, row in sv.reach_table(total).iterrows():
        seat = int(row["seat"])
        assert row["deals"] == sum(1 for i in range(DEALS) if i % 5 == seat - 1)
        assert row["offered"] == (recs["seat"] == seat).sum()


def test_strength_table(records):
    """pick - pass by the picking strength, and alone - pick by the going-alone strength
    (hands with a legal call; also pooled over the seats), from each deal's scores."""
    total, recs = records
    table = sv.strength_table(total, min_deals=1)
    for _, row in table.iterrows():
        if row["comparison"] == "pick vs pass":
            g = recs[(recs["seat"] == int(row["seat"])) & (recs["pick_bin"] == row["strength"])]
            d = g["score_pick"] - g["score_pass"]
        else:
            g = recs[recs["alone_bin"] == row["strength"]]
            if row["seat"] != "all":
                g = g[g["seat"] == int(row["seat"])]
            d = g["score_alone"] - g["score_pick"]
        assert row["deals"] == len(g) and row["gain"] == pytest.approx(d.mean(), abs=1e-9), row.to_dict()
    assert len(table) > 20


def test_threshold_table(records):
    """The break-even strength of each comparison and seat: the rule "act iff strength >= T"
    (T from the lowest strength seen to one past the highest) with the largest summed gain
    (the lowest such T), from each deal's paired gain."""
    total, recs = records
    table = sv.threshold_table(total, min_deals=1)
    for _, row in table.iterrows():
        if row["comparison"] == "pick vs pass":
            g = recs[recs["seat"] == int(row["seat"])]
            strength, gain = g["pick_bin"], g["score_pick"] - g["score_pass"]
        else:
            g = recs[recs["alone_bin"] >= 0]
            if row["seat"] != "all":
                g = g[g["seat"] == int(row["seat"])]
            strength, gain = g["alone_bin"], g["score_alone"] - g["score_pick"]
        assert row["deals"] == len(g)
        if not len(g):
            continue
        candidates = range(int(strength.min()), int(strength.max()) + 2)
        sums = {t: gain[strength >= t].sum() for t in candidates}
        best = max(candidates, key=lambda t: (sums[t], -t))
        assert row["break_even"] == best, (row.to_dict(), sums)
        assert row["gain_per_deal"] == pytest.approx(sums[best] / len(g), abs=1e-9)
        assert row["p_act"] == pytest.approx((strength >= best).mean(), abs=1e-12)
        assert row["p_act_policy"] == pytest.approx((strength >= row["policy_threshold"]).mean(), abs=1e-12)


# ----------------------------------------------------------------------------- double-dummy section
DD_DEALS = 300
PLAYS = ("heuristic", "dd")
# Each result class (survey.RESULTS) as the picker side's (points, tricks) it stands for:
# every hand of the class scores the same by the reference's table (checked below).
CLASS_RANGES = ((range(0, 31), (0,)), (range(0, 31), range(1, 6)), (range(31, 61), range(1, 6)),
                (range(61, 91), range(1, 6)), (range(91, 121), range(1, 6)), (range(120, 121), (6,)))


def class_score(klass: int, alone: bool) -> tuple:
    """The reference's (picker, partner, defender) scores of a hand in result class
    ``klass``: the same for every points and tricks of the class."""
    points, tricks = CLASS_RANGES[klass]
    scores = {ref.score(p, t, alone=alone) for p in points for t in tricks}
    assert len(scores) == 1, (klass, alone, scores)
    return scores.pop()


class LaterPick:
    """The buffers to deal the survey's deals again (``_deal_into`` with the survey's key)
    and to solve a picked hand with the survey's own solver (``survey_dd._solved``)."""

    def __init__(self):
        from analyzer.games.sheepshead.dd import new_dd_table, new_stats
        from analyzer.games.sheepshead.play import TRACE_COLS
        self.pool, self.counts, self.key0 = sv.survey_inputs(SEED)
        self.buf, self.deal = np.empty(self.pool.shape[0], np.int64), np.empty(self.counts.shape[0], np.uint64)
        self.fixed = np.zeros(self.counts.shape[0], np.uint64)
        self.work, self.info = np.empty(5, np.uint64), np.empty(3, np.int64)
        self.trace = np.empty((1, TRACE_COLS), np.int64)
        self.tt, self.stats, self.gen = new_dd_table(), new_stats(), np.zeros(8, np.int64)


def later_pick_dd(solver, i, seat, outcome) -> float:
    """The passing seat's score on deal ``i`` when the later seat that picks (the
    policy's, ``survey.later_picker``) plays its hand double-dummy: the solver's points
    and tricks of the picker side, scored by the reference's table for the seat's role
    (the partner: it holds the called card; else a defender), the role checked against
    the main survey's record of the deal."""
    from analyzer.games.sheepshead import survey_dd as sd
    from analyzer.games.sheepshead.bidding import PICK_THRESHOLDS
    from analyzer.games.sheepshead.play import MODE_POLICY
    from analyzer.games.sheepshead.rules import RULES
    s = solver
    _deal_into(np.uint64(stream_key(s.key0, np.int64(i))), s.pool, s.counts, s.fixed, s.buf, s.deal)
    hands = s.deal[1:].copy()
    later = sv.later_picker(hands, seat, PICK_THRESHOLDS)
    assert later > seat, (i, seat, later)
    packed, partner = sd._solved(RULES, hands, s.deal[0], np.int64(later), MODE_POLICY, s.work, s.info, s.trace,
                                 True, s.tt, s.stats, s.gen)
    points, tricks = int(packed) >> 3, int(packed) & 7
    if partner >= 0:
        called = six(np.uint64(1) << np.uint64(s.info[2]))
        assert [h for h in range(5) if called[0] in six(hands[h])] == [partner], (i, called, partner)
    role = "defender_alone" if partner < 0 else "partner" if partner == seat else "defender"
    assert role == outcome, (i, role, outcome)
    return ref.score(points, tricks, alone=partner < 0)[1 if role == "partner" else 2]


@pytest.fixture(scope="module")
def dd_records(records):
    """The report's double-dummy run on the first deals: each deal run alone gives its
    class, each play's (heuristic, double-dummy) result class of pick and alone, the three
    scores of each play and the paired differences.  Checked deal by deal: the class is
    the one the reference read from the cards in ``records`` (same deal of the main
    survey), and so is whether the blind was offered; the heuristic half is the main
    survey's play of that deal (result classes and the three scores); the double-dummy
    pick and alone scores are the reference's scores of the solved result classes (with a
    partner when the main survey's pick had a legal call); the double-dummy pass score is
    the heuristic's after a leaster (leasters stay heuristic), else the reference's score
    of the seat's role in the later picker's hand (``later_pick_dd``).  What the solver
    finds (the result class of a whole deal, too big for the brute force) is not
    recomputed: only scored here, and for the later pick asked of the same solver again."""
    from analyzer.games.sheepshead import survey_dd as sd
    _, recs = records
    main = recs.set_index("deal")
    total, per = per_deal_stats(sd.run_survey_dd, DD_DEALS, SEED, (sd, "DD_CHUNK"))
    solver = LaterPick()
    rows = []
    for i in range(DD_DEALS):
        v = sd.DD_LAYOUT.unpack(per[i])
        assert v["reach"][i % 5, 0] == 1 and v["reach"].sum() == 1 + (i in main.index), i
        if i not in main.index:
            assert not v["deals"].any()
            continue
        mine = main.loc[i]
        seat, t, q, j, a, pol, _ = cell(v["deals"])
        assert (seat + 1, t, q, j, a, pol) == tuple(mine[["seat", "trumps", "queens", "jacks", "fail_aces", "policy"]])
        res, m, diff = (v[b][seat, t, q, j, a, pol] for b in ("results", "moments", "diff"))
        assert (m[..., 1] == m[..., 0] ** 2).all() and (diff[:, 1] == diff[:, 0] ** 2).all()
        rec = {k: mine[k] for k in ("seat", "trumps", "queens", "jacks", "fail_aces")}
        for p, play in enumerate(PLAYS):
            for k, (action, alone) in enumerate((("pick", not mine["partner"]), ("alone", True))):
                klass = cell(res[k, p])[0]
                if play == "heuristic":
                    assert klass == mine[f"class_{action}"], (i, action)
                picker = class_score(klass, alone)[0]
                rec[f"score_{action}_{play}"] = picker
                assert m[p, sv.M_PICK + k, 0] == sv.SCALE * picker, (i, play, action)
                defender = class_score(klass, False)[2]     # each defender pays 1 a loss, 2 or 3 a schneider
                rec[f"win_{action}_{play}"] = defender < 0
                rec[f"schneider_{action}_{play}"] = defender <= -2
                rec[f"schneidered_{action}_{play}"] = defender >= 2
            rec[f"score_pass_{play}"] = m[p, sv.M_PASS, 0] / sv.SCALE
        assert rec["score_pass_heuristic"] == mine["score_pass"]
        assert (rec["score_pick_heuristic"], rec["score_alone_heuristic"]) == (mine["score_pick"], mine["score_alone"])
        if mine["outcome"] == "leaster":
            assert rec["score_pass_dd"] == rec["score_pass_heuristic"], i      # a leaster stays heuristic
        else:
            assert rec["score_pass_dd"] == later_pick_dd(solver, i, seat, mine["outcome"]), i
        for play in PLAYS:
            rec[f"gain_{play}"] = rec[f"score_pick_{play}"] - rec[f"score_pass_{play}"]
            rec[f"gain_alone_{play}"] = rec[f"score_alone_{play}"] - rec[f"score_pick_{play}"]
            rec[f"gain_alone_pass_{play}"] = rec[f"score_alone_{play}"] - rec[f"score_pass_{play}"]
        for name in ("pick", "alone", "pass", "gain"):
            col = name if name == "gain" else f"score_{name}"
            rec[f"diff_{name}"] = rec[f"{col}_dd"] - rec[f"{col}_heuristic"]
        rows.append(rec)
    return total, pd.DataFrame(rows)


@pytest.mark.parametrize("by", [["seat"], ["trumps"], ["seat", "trumps"], ["trumps", "queens"],
                                ["seat", "trumps", "queens", "fail_aces"]])
def test_double_dummy_tables(dd_records, by):
    """The report's dd_by_* tables: per class, P(win) (with its Wilson range), P(schneider)
    both ways of pick and alone, each action's EV and the gains with their standard errors,
    heuristic and double-dummy, and the paired dd - heuristic differences (± 95%),
    aggregated here from the deals above with the reference's statistics."""
    from analyzer.games.sheepshead import survey_dd as sd
    total, recs = dd_records
    table = sd.dd_table(total, by, min_deals=20)
    assert len(table) == recs.groupby(by).ngroups > 1
    for _, row in table.iterrows():
        g = recs[np.logical_and.reduce([recs[b] == row[b] for b in by])]
        n = len(g)
        assert row["deals"] == n and row["note"] == ("few deals" if n < 20 else ""), row[by].tolist()
        for play in PLAYS:
            for action, suffix in (("pick", ""), ("alone", "_alone")):
                for what in ("win", "schneider", "schneidered"):
                    assert row[f"p_{what}{suffix}_{play}"] == pytest.approx(g[f"{what}_{action}_{play}"].mean(),
                                                                             abs=1e-12), (what, action, play)
                lo_hi = (row[f"p_win{suffix}_lo_{play}"], row[f"p_win{suffix}_hi_{play}"])
                assert lo_hi == pytest.approx(wilson(g[f"win_{action}_{play}"].sum(), n), abs=1e-9)
            for col, mine in (("ev_pass", "score_pass"), ("ev_pick", "score_pick"), ("ev_alone", "score_alone"),
                              ("gain", "gain"), ("gain_alone", "gain_alone"), ("gain_alone_pass", "gain_alone_pass")):
                same_mean_se(row, f"{col}_{play}", g[f"{mine}_{play}"])
        for name in ("pick", "alone", "pass", "gain"):
            col = f"dd_minus_heuristic_{name}"
            same_mean_se(row, col, g[f"diff_{name}"])
            if n > 1:
                m, se = mean_se(g[f"diff_{name}"])
                assert (row[f"{col}_lo"], row[f"{col}_hi"]) == pytest.approx((m - Z95 * se, m + Z95 * se), abs=1e-9)


def same_mean_se(row, col, xs):
    """The table's mean and standard error of ``col`` are the reference's of ``xs`` (no
    standard error of a single deal)."""
    m, se = mean_se(xs)
    assert row[col] == pytest.approx(m, abs=1e-9), col
    if len(xs) > 1:
        assert row[f"{col}_se"] == pytest.approx(se, abs=1e-9), col
    else:
        assert np.isnan(row[f"{col}_se"]), col
