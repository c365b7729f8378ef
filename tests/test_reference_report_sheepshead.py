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
        rec = {"seat": seat + 1, "trumps": t, "queens": q, "jacks": j, "fail_aces": a,
               "score_pass": m[sv.M_PASS, 0] / sv.SCALE}
        partner = bool(v["deals"][seat, t, q, j, a, pol, 1])      # pick with a partner (else alone: no call legal)
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
