"""The Pinochle report's success table recomputed from the per-deal records of a small
survey: each deal run alone gives the classified seat's class, its own meld, the side's
meld after the passes, trick points and tricks, and the side's total; the hand is
classified again here from the cards dealt by the reference meld table (its meld and
trump length in the trump it declared, its aces), the total recomputed by the reference
scoring (the meld counts only if saved), and P(total >= B) and the means aggregated with
pandas."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.games.pinochle import survey as sv
from analyzer.sim.deal import _deal_into
from analyzer.sim.rng import stream_key
from tests.records import cell, per_deal_stats
from tests.reference import pinochle as ref
from tests.reference.stats import Z95, mean_se, wilson
from tests.test_reference_pinochle import name, ref_card

DEALS, SEED = 400, 2


@pytest.fixture(scope="module")
def records():
    total, per = per_deal_stats(sv.run_survey, DEALS, SEED)
    _, _, key0, pool, counts, *_ = sv.survey_inputs(SEED)
    buf, hands = np.empty(pool.shape[0], np.int64), np.empty(4, np.uint64)
    fixed = np.zeros(4, np.uint64)
    rows, auction = [], []
    for i in range(DEALS):
        v = sv.LAYOUT.unpack(per[i])
        seat, band, tl, aces = (int(x) for x in np.argwhere(v["deals"][..., 0])[0])
        m = v["moments"][seat, band, tl, aces]
        own, after, points, tricks, side_total = (int(m[r, 0]) for r in (sv.M_OWN, sv.M_AFTER, sv.M_POINTS,
                                                                          sv.M_TRICKS, sv.M_TOTAL))
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, fixed, buf, hands)
        hand = [ref_card(b) for b in range(64) if (int(hands[seat]) >> b) & 1]
        counts_ = ref.counts_from_cards([name(c) for c in hand])
        trumps = [t for t in range(4) if ref.meld(counts_, t) == own and sum(c[0] == t for c in hand) == tl]
        assert seat == i % 4 and trumps, (i, [name(c) for c in hand], own, tl)
        assert aces == sum(c[1] == ref.ACE for c in hand)
        assert band == max(k for k, edge in enumerate(sv.MELD_EDGES) if own >= edge)
        mine = (after if ref.meld_saved(points, tricks) else 0) + points
        assert mine == side_total, (i, after, points, tricks)
        before, gain, points_np = (int(m[r, 0]) for r in (sv.M_BEFORE, sv.M_GAIN, sv.M_POINTS_NP))
        assert gain == after - before and 0 <= points <= 250 and 0 <= tricks <= 12
        (dec, k), = [tuple(int(x) for x in c) for c in np.argwhere(v["auction"][..., sv.A_DEALS])]
        a_ = v["auction"][dec, k]
        bid = sv.MIN_LEVEL + 10 * k
        thrown, meld_d, points_d, sd, so = (int(a_[c]) for c in (sv.A_THROWN, sv.A_MELD_D, sv.A_POINTS_D,
                                                                   sv.A_SCORE_D, sv.A_SCORE_O))
        if k < sv.N_BID_BINS - 1:          # the top bin lumps the bids above it: its bid is not known
            score = -bid if thrown else ((meld_d if ref.meld_saved(points_d, 1) else 0) + points_d)
            if not thrown and score < bid:
                score = -bid
            assert sd == score and bool(a_[sv.A_MADE]) == (not thrown and score >= 0), (i, bid, a_)
        auction.append({"seat": dec + 1, "bid": bid, "made": int(a_[sv.A_MADE]), "thrown": thrown,
                        "meld_d": meld_d, "points_d": points_d, "sd": sd, "so": so})
        ours = dec % 2 == seat % 2
        self_play = {"declares": dec == seat, "partner": ours and dec != seat, "opponent": not ours,
                     "sp_made": bool(a_[sv.A_MADE]), "sp_bid": bid, "sp_ev": (sd - so) if ours else (so - sd)}
        rows.append({"seat": seat + 1, "meld": sv.MELD_LABELS[band], "trumps": tl, "aces": aces, "own": own,
                     "before": before, "after": after, "gain": gain, "points": points, "tricks": tricks,
                     "points_np": points_np, "total": mine, **self_play})
    return total, pd.DataFrame(rows), pd.DataFrame(auction)


@pytest.mark.parametrize("by", [["meld"], ["seat", "trumps"], ["aces"]])
def test_success_table(records, by):
    total, recs, _ = records
    table = sv.success_table(total, by, min_deals=1)
    assert len(table) == recs.groupby(by).ngroups > 1
    for _, row in table.iterrows():
        g = recs[np.logical_and.reduce([recs[b] == row[b] for b in by])]
        assert row["deals"] == len(g)
        for level in sv.SUCCESS_LEVELS:
            assert row[f"p{level}"] == pytest.approx((g["total"] >= level).mean(), abs=1e-12), level
        for col, mine in (("mean_own_meld", "own"), ("mean_meld_after", "after"), ("mean_points", "points"),
                          ("mean_total", "total")):
            assert row[col] == pytest.approx(g[mine].mean(), abs=1e-9), col


@pytest.mark.parametrize("by", [["meld"], ["seat", "aces"]])
def test_ladder_pass_and_tricks_tables(records, by):
    """P(total >= B) at every bid of the ladder; the means of the pass and tricks tables."""
    total, recs, _ = records
    ladder = sv.ladder_table(total, by, min_deals=1)
    for _, row in ladder.iterrows():
        g = recs[np.logical_and.reduce([recs[b] == row[b] for b in by])]
        assert row["deals"] == len(g)
        assert row["p_make"] == pytest.approx((g["total"] >= row["bid"]).mean(), abs=1e-12), (row["bid"],)
    for table, cols in ((sv.pass_table(total, by, min_deals=1),
                         {"mean_own_meld": "own", "mean_meld_before": "before", "mean_meld_after": "after",
                          "mean_meld_gain": "gain", "mean_points": "points", "mean_points_no_pass": "points_np"}),
                        (sv.tricks_table(total, by, min_deals=1), {"mean_points": "points", "mean_tricks": "tricks"})):
        assert len(table) == recs.groupby(by).ngroups
        for _, row in table.iterrows():
            g = recs[np.logical_and.reduce([recs[b] == row[b] for b in by])]
            for col, mine in cols.items():
                assert row[col] == pytest.approx(g[mine].mean(), abs=1e-9), col


@pytest.mark.parametrize("by", [["seat"], ["bid"]])
def test_auction_table(records, by):
    """Self-play hands by the declaring seat or the winning bid: each hand's declaring side
    scored by the reference (thrown in: minus the bid; else its saved meld and trick points
    if they reach the bid), and the table's shares and means aggregated here."""
    total, _, hands = records
    table = sv.auction_table(total, by)
    if "bid" in by:
        table = table[table["bid"] < sv.MIN_LEVEL + 10 * (sv.N_BID_BINS - 1)]
        hands = hands[hands["bid"] < sv.MIN_LEVEL + 10 * (sv.N_BID_BINS - 1)]
    assert len(table) == hands.groupby(by).ngroups > 1
    for _, row in table.iterrows():
        g = hands[hands[by[0]] == row[by[0]]]
        assert row["deals"] == len(g)
        assert row["p_make"] == pytest.approx(g["made"].mean(), abs=1e-12)
        assert row["p_thrown_in"] == pytest.approx(g["thrown"].mean(), abs=1e-12)
        assert row["mean_meld_declarer_side"] == pytest.approx(g["meld_d"].mean(), abs=1e-9)
        assert row["mean_score_declarer_side"] == pytest.approx(g["sd"].mean(), abs=1e-9)
        assert row["mean_score_defenders"] == pytest.approx(g["so"].mean(), abs=1e-9)


@pytest.mark.parametrize("by", [["meld"], ["seat"]])
def test_declares_table(records, by):
    """Self-play by the classified seat's class: who declared, and when it did, P(make) and
    the mean bid; its side's score minus the other's, from each hand's scores."""
    total, recs, _ = records
    table = sv.declares_table(total, by, min_deals=1)
    assert len(table) == recs.groupby(by).ngroups > 1
    for _, row in table.iterrows():
        g = recs[recs[by[0]] == row[by[0]]]
        mine = g[g["declares"]]
        assert row["p_declares"] == pytest.approx(g["declares"].mean(), abs=1e-12)
        assert row["p_partner_declares"] == pytest.approx(g["partner"].mean(), abs=1e-12)
        assert row["p_opponent_declares"] == pytest.approx(g["opponent"].mean(), abs=1e-12)
        assert row["ev"] == pytest.approx(g["sp_ev"].mean(), abs=1e-9)
        if len(mine) and mine["sp_bid"].max() < sv.MIN_LEVEL + 10 * (sv.N_BID_BINS - 1):
            assert row["p_make"] == pytest.approx(mine["sp_made"].mean(), abs=1e-12)
            assert row["mean_bid"] == pytest.approx(mine["sp_bid"].mean(), abs=1e-9)


# ----------------------------------------------------------------------------- double-dummy section
DD_DEALS = 14
PLAYS = ("heuristic", "dd")


@pytest.fixture(scope="module")
def dd_records(records):
    """The report's double-dummy run on the first deals: each deal run alone gives its
    class, the declaring side's trick points played by the heuristic players and solved
    double-dummy, their difference, and whether the side's total reached each success
    level both ways.  Checked deal by deal: the class is the one the reference read from
    the cards in ``records`` (the same deal of the main survey); the heuristic points are
    the main survey's of that deal; each total is recomputed here, the side's meld after
    the passes (the main survey's) counting if saved by the reference's default rule (the
    side took trick points), and every level reached or not checked.  The solver's points
    are not recomputed (a whole deal is too big for the brute force): only checked to be a
    whole number of tens (counters and the last trick) within the deal's 250."""
    from analyzer.games.pinochle import survey_dd as sd
    _, recs, _ = records
    total, per = per_deal_stats(sd.run_survey_dd, DD_DEALS, SEED, (sd, "DD_CHUNK"))
    rows = []
    for i in range(DD_DEALS):
        v = sd.DD_LAYOUT.unpack(per[i])
        seat, band, tl, aces, _ = cell(v["deals"])
        mine = recs.iloc[i]
        assert (seat + 1, sv.MELD_LABELS[band], tl, aces) == (mine["seat"], mine["meld"], mine["trumps"], mine["aces"])
        p = v["points"][seat, band, tl, aces]
        assert (p[:, 1] == p[:, 0] ** 2).all()
        heur, dd, diff = (int(x) for x in p[:, 0])
        assert heur == mine["points"] and diff == dd - heur, i
        assert 0 <= dd <= 250 and dd % 10 == 0, (i, dd)
        rec = {"seat": mine["seat"], "meld": mine["meld"], "meld_min": int(sv.MELD_EDGES[band]), "trumps": tl,
               "aces": aces, "points_heuristic": heur, "points_dd": dd, "diff": dd - heur}
        for k, play in enumerate(PLAYS):
            # the default rule (counter) saves the meld on trick points, whatever the tricks
            rec[f"total_{play}"] = rec[f"points_{play}"] + (mine["after"] if ref.meld_saved(rec[f"points_{play}"], None)
                                                            else 0)
            reached = [rec[f"total_{play}"] >= level for level in sv.SUCCESS_LEVELS]
            assert v["made"][seat, band, tl, aces, k].tolist() == reached, (i, play)
        assert rec["total_heuristic"] == mine["total"], i
        rows.append(rec)
    return total, pd.DataFrame(rows)


@pytest.mark.parametrize("by", [[], ["trumps"], ["aces"], ["meld"], ["seat"], ["trumps", "aces"]])
def test_double_dummy_tables(dd_records, by):
    """The report's dd_all and dd_by_* tables: per class, the mean trick points played
    heuristically and double-dummy and the paired difference (standard errors, ± 95%),
    and P(side total >= B) both ways with their Wilson ranges, aggregated here from the
    deals above with the reference's statistics."""
    from analyzer.games.pinochle import survey_dd as sd
    total, recs = dd_records
    table = sd.dd_table(total, by, min_deals=5)
    assert len(table) == (recs.groupby(by).ngroups if by else 1) and (len(table) > 1 or not by)
    for _, row in table.iterrows():
        g = recs[np.logical_and.reduce([recs[b] == row[b] for b in sv.class_keys(by)])] if by else recs
        n = len(g)
        assert row["deals"] == n and row["note"] == ("few deals" if n < 5 else ""), row[by].tolist()
        for col, mine in (("points_heuristic", "points_heuristic"), ("points_dd", "points_dd"),
                          ("dd_minus_heuristic", "diff")):
            m, se = mean_se(g[mine])
            assert row[col] == pytest.approx(m, abs=1e-9), col
            if n > 1:
                assert row[f"{col}_se"] == pytest.approx(se, abs=1e-9), col
            else:
                assert np.isnan(row[f"{col}_se"]), col
        if n > 1:
            m, se = mean_se(g["diff"])
            assert (row["dd_minus_heuristic_lo"], row["dd_minus_heuristic_hi"]) == \
                pytest.approx((m - Z95 * se, m + Z95 * se), abs=1e-9)
        for play in PLAYS:
            for level in sv.SUCCESS_LEVELS:
                k = int((g[f"total_{play}"] >= level).sum())
                col = f"p{level}_{play}"
                assert row[col] == pytest.approx(k / n, abs=1e-12), col
                assert (row[f"{col}_lo"], row[f"{col}_hi"]) == pytest.approx(wilson(k, n), abs=1e-9), col
