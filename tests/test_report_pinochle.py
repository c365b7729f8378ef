"""The Pinochle survey and report on a small deal count: counts add up, monotone
probabilities, the tables' identities, the survey against the kernels deal by deal,
determinism on 1 and 2 threads and over chunk sizes, the double-dummy survey on a tiny
sample, the report folder, and the table command's breakdowns and errors."""

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from analyzer.errors import InputError
from analyzer.games.pinochle import survey as sv
from analyzer.games.pinochle import survey_dd as sd
from analyzer.games.pinochle.bidding import valuation
from analyzer.games.pinochle.deck import LANE
from analyzer.games.pinochle.meld import meld_points
from analyzer.games.pinochle.play import O_MELD_D, O_POINTS_D, O_SIZE, TRACE_COLS, finish_hand, pass_and_meld
from analyzer.report.build import breakdown_table, write_report
from analyzer.sim.deal import deal_batch
from tests.chunking import all_chunks, record_chunks
from tests.reports import check_report_folder, survey_fixture

DEALS = 4000
DD_SEED, DD_DEALS = 25, 2     # two deals the current solver settles in about a second


flat = survey_fixture(sv, DEALS)


def test_counts_add_up(flat):
    v = sv.LAYOUT.unpack(flat)
    deals = v["deals"][..., sv.D_DEALS]
    assert list(deals.reshape(4, -1).sum(axis=1)) == [DEALS // 4] * 4        # one seat a deal, by index
    assert (v["totals"].sum(axis=-1) == deals).all()
    assert (v["deals"][..., sv.D_SAVED] <= deals).all()
    s = v["selfplay"]
    assert (s[..., sv.S_DECLARES] + s[..., sv.S_PARTNER] + s[..., sv.S_OPPONENT] == deals).all()
    assert (s[..., sv.S_MADE] + s[..., sv.S_THROWN] <= s[..., sv.S_DECLARES]).all()
    assert v["auction"][..., sv.A_DEALS].sum() == DEALS
    for table in (sv.success_table, sv.pass_table, sv.tricks_table, sv.declares_table):
        for by in (["meld"], ["trumps", "aces"], ["seat", "meld", "trumps", "aces"], []):
            assert table(flat, by)["deals"].sum() == DEALS
    ladder = sv.ladder_table(flat, ["seat"])
    assert len(ladder) == 4 * len(sv.LEVELS) and (ladder.groupby("bid")["deals"].sum() == DEALS).all()
    for by in (["seat"], ["bid"], ["seat", "bid"], []):
        a = sv.auction_table(flat, by)
        assert a["deals"].sum() == DEALS and a["share"].sum() == pytest.approx(1)


def test_probabilities_are_consistent(flat):
    ladder = sv.ladder_table(flat, ["meld", "trumps"])
    for _, g in ladder.groupby(["meld", "trumps"]):
        assert g["p_make"].is_monotonic_decreasing          # P(total >= B) never rises with B
    assert (ladder["p_make_lo"] <= ladder["p_make"] + 1e-12).all()
    assert (ladder["p_make"] <= ladder["p_make_hi"] + 1e-12).all()
    wide = sv.success_table(flat, ["aces"])
    p = wide[[f"p{b}" for b in sv.SUCCESS_LEVELS]].to_numpy()
    assert (np.diff(p, axis=1) <= 0).all()
    long = ladder[ladder["bid"] == 300].set_index(["meld", "trumps"])["p_make"]
    both = sv.success_table(flat, ["meld", "trumps"]).set_index(["meld", "trumps"])["p300"]
    assert np.allclose(long.sort_index(), both.sort_index())
    assert ((wide["deals"] < 200) == (wide["note"] == "few deals")).all()


def test_hand_checked_expectations(flat):
    t = sv.success_table(flat, ["meld", "trumps"])
    assert (t["mean_total"] >= t["mean_points"]).all()       # meld is never negative
    saved = t["p_meld_saved"] == 1                           # then total = meld after the passes + points
    assert np.allclose(t.loc[saved, "mean_total"], t.loc[saved, "mean_meld_after"] + t.loc[saved, "mean_points"])
    # the own meld lies in its band; the side's meld before the passes includes it
    hi = {lab: lo + (np.inf if k == sv.N_BANDS - 1 else sv.MELD_EDGES[k + 1] - lo) for k, (lab, lo) in
          enumerate(zip(sv.MELD_LABELS, sv.MELD_EDGES))}
    assert (t["mean_own_meld"] >= t["meld_min"]).all() and (t["mean_own_meld"] < t["meld"].map(hi)).all()
    by_trumps = sv.success_table(flat, ["trumps"]).set_index("trumps")
    assert by_trumps.loc[3:6, "p250"].is_monotonic_increasing    # longer trumps make 250 more often
    assert by_trumps.loc[3:6, "mean_points"].is_monotonic_increasing
    by_aces = sv.tricks_table(flat, ["aces"]).set_index("aces")
    assert by_aces.loc[0:4, "mean_points"].is_monotonic_increasing
    assert sv.tricks_table(flat, [])["mean_points"].between(150, 220).all()
    pt = sv.pass_table(flat, ["trumps"])
    assert np.allclose(pt["mean_meld_gain"], pt["mean_meld_after"] - pt["mean_meld_before"])
    assert (pt["partner_meld_before"] >= 0).all() and (pt["mean_meld_gain"] > 0).all()
    assert np.allclose(pt["mean_points_gain"], pt["mean_points"] - pt["mean_points_no_pass"])
    assert (pt["mean_points_gain"] > 0).all() and (pt["mean_total_gain"] > pt["mean_meld_gain"]).all()
    d = sv.declares_table(flat, ["seat"])
    assert np.allclose(d["p_declares"] + d["p_partner_declares"] + d["p_opponent_declares"], 1)
    a = sv.auction_table(flat, ["bid"])
    assert (a["bid"] >= 250).all() and (a["p_make"] + a["p_thrown_in"] <= 1 + 1e-12).all()


def test_survey_against_the_kernels():
    """Deal by deal: the survey's class cell and total bin are those of the kernels called
    directly (deal, the policy's trump, finish_hand with bid 0)."""
    rules4, vals4, key0, pool, counts, policies, reuse, minimum, any_throw, save = sv.survey_inputs(5)
    hands_all = deal_batch(5, 0, 24, pool, counts)
    v4, out, trace = np.empty(4), np.empty(O_SIZE, np.int64), np.empty((1, TRACE_COLS), np.int64)
    for i, hands in enumerate(hands_all):
        flat = sv.LAYOUT.zeros()
        v = sv.LAYOUT.unpack(flat)
        sv.survey_chunk(rules4, vals4, key0, np.int64(i), np.int64(1), pool, counts, policies, reuse, minimum,
                        any_throw, save, v["deals"], v["totals"], v["moments"], v["selfplay"], v["auction"])
        seat = i % 4
        hand = hands[seat]
        t = valuation(hand, policies[seat], reuse, v4)
        own = meld_points(hand, np.int64(t), reuse)
        work = hands.copy()
        finish_hand(rules4[t], vals4[t], work, np.int64(seat), np.int64(t), 0, reuse, any_throw, save, policies,
                    np.uint64(0), np.uint64(0), out, trace)
        total = out[O_POINTS_D] + (out[O_MELD_D] if out[O_POINTS_D] > 0 else 0)
        cell = (seat, sv.meld_band(own), bin(int(hand) & int(LANE[t])).count("1"),
                sum((int(hand) >> (16 * s + 10 + c)) & 1 for s in range(4) for c in range(2)))
        assert v["totals"][cell][min(total // 10, sv.N_TOTAL_BINS - 1)] == 1, i
        assert v["moments"][cell][sv.M_OWN, 0] == own and v["moments"][cell][sv.M_TOTAL, 0] == total
        assert v["totals"].sum() == 1 and v["auction"].sum(axis=(0, 1))[sv.A_DEALS] == 1


def test_self_play_is_hand_chunks():
    """The self-play block adds up to play.hand_chunk's statistics on the same deals."""
    from analyzer.games.pinochle import play

    args = sv.survey_inputs(4)
    rules4, vals4, key0, pool, counts, policies, reuse, minimum, any_throw, save = args
    stats = np.zeros(play.H_SIZE, np.int64)
    play.hand_chunk(rules4, vals4, key0, np.int64(0), np.int64(600), pool, counts, policies, reuse, minimum,
                    any_throw, save, stats)
    a = sv.LAYOUT.view(sv.run_survey(600, seed=4, threads=1).stats, "auction")
    tot = a.sum(axis=(0, 1))
    bids = (a[..., sv.A_DEALS] * (sv.MIN_LEVEL + 10 * np.arange(sv.N_BID_BINS))).sum()
    assert a[:, -1, sv.A_DEALS].sum() == 0        # no bid in the open-ended bin: the bid sum is exact
    assert [tot[sv.A_DEALS], tot[sv.A_THROWN], tot[sv.A_MADE], bids, tot[sv.A_SCORE_D], tot[sv.A_SCORE_O],
            tot[sv.A_POINTS_D], tot[sv.A_MELD_D], tot[sv.A_STUCK]] == list(stats)


def test_same_seed_same_stats(monkeypatch):
    a = sv.run_survey(3000, seed=11, threads=1).stats
    b = sv.run_survey(3000, seed=11, threads=2).stats
    chunks = record_chunks(monkeypatch, sv, 700)
    c = sv.run_survey(3000, seed=11, threads=2).stats
    assert sorted(chunks) == all_chunks(3000, 700)
    assert np.array_equal(a, b) and np.array_equal(a, c)
    assert not np.array_equal(a, sv.run_survey(3000, seed=12, threads=2).stats)


def test_passes_as_finish_hand_makes_them():
    """The passes the double-dummy survey solves after (``play.pass_and_meld``) conserve
    the cards, leave the opponents' hands alone and give the meld finish_hand reports."""
    rules4, vals4, key0, pool, counts, policies, reuse, minimum, any_throw, save = sv.survey_inputs(2)
    v4, out, trace = np.empty(4), np.empty(O_SIZE, np.int64), np.empty((1, TRACE_COLS), np.int64)
    scratch = np.empty(O_SIZE, np.int64)
    for i, hands in enumerate(deal_batch(2, 0, 40, pool, counts)):
        d = i % 4
        t = valuation(hands[d], policies[d], reuse, v4)
        passed = hands.copy()
        pass_and_meld(passed, np.int64(d), np.int64(t), reuse, np.uint64(0), np.uint64(0), scratch)
        assert [bin(int(h)).count("1") for h in passed] == [12] * 4
        assert np.bitwise_or.reduce(passed) == np.bitwise_or.reduce(hands)
        work = hands.copy()
        finish_hand(rules4[t], vals4[t], work, np.int64(d), np.int64(t), 0, reuse, any_throw, save, policies,
                    np.uint64(0), np.uint64(0), out, trace)
        side = meld_points(passed[d], np.int64(t), reuse) + meld_points(passed[d ^ 2], np.int64(t), reuse)
        assert side == out[O_MELD_D] == scratch[O_MELD_D]
        assert all(passed[s] == hands[s] for s in (d ^ 1, d ^ 3))


@pytest.fixture(scope="module")
def dd_flat():
    return sd.run_survey_dd(DD_DEALS, seed=DD_SEED, threads=1).stats


def test_dd_survey(dd_flat):
    heur = sv.LAYOUT.unpack(sv.run_survey(DD_DEALS, seed=DD_SEED, threads=1).stats)
    v = sd.DD_LAYOUT.unpack(dd_flat)
    assert np.array_equal(v["deals"][..., 0], heur["deals"][..., 0])          # the same deals and classes
    assert np.array_equal(v["points"][..., 0, :], heur["moments"][..., sv.M_POINTS, :])  # the same heuristic play
    t = sd.dd_table(dd_flat, ["trumps"])
    assert t["deals"].sum() == DD_DEALS
    assert np.allclose(t["dd_minus_heuristic"], t["points_dd"] - t["points_heuristic"])
    assert t["points_dd"].between(0, 250).all()
    p = t[[f"p{b}_dd" for b in sv.SUCCESS_LEVELS]].to_numpy()
    assert (np.diff(p, axis=1) <= 0).all()


def test_report_files(tmp_path):
    out = tmp_path / "rep"
    summary = write_report("pinochle", 2000, str(out), seed=DD_SEED, threads=2, dd_deals=DD_DEALS,
                           pimc_deals=DD_DEALS)
    text = check_report_folder(out, summary)
    pngs = {f for f in summary["files"] if f.endswith(".png")}
    assert {"success_by_meld.png", "success_by_trumps.png", "success_by_meld_trumps.png", "pass_gain.png",
            "pass_total_gain.png", "tricks_by_trumps_aces.png", "auction.png", "dd_minus_heuristic.png",
            "models_by_trumps.png"} <= pngs
    assert "2,000" in text and f"seed:** {DD_SEED}" in text and "few deals" in text
    assert "## Double-dummy play" in text and "throw in" in text
    # the play-models section: the same deals as the double-dummy section, played three ways
    assert summary["pimc_deals"] == DD_DEALS and "## Three play models on the same deals" in text
    models = pd.read_csv(out / "models_all.csv").iloc[0]
    dd = pd.read_csv(out / "dd_all.csv").iloc[0]
    assert models["deals"] == dd["deals"] == DD_DEALS
    assert models["points_heuristic"] == dd["points_heuristic"] and models["points_dd"] == dd["points_dd"]
    assert 0 <= models["points_pimc"] <= 250
    assert np.isclose(models["pimc_minus_heuristic"], models["points_pimc"] - models["points_heuristic"])


def test_breakdown_tables():
    df, result = breakdown_table("pinochle", None, 2000, seed=2)
    assert list(df.columns[:4]) == ["meld", "meld_min", "trumps", "deals"] and result.n_done == 2000
    assert list(df["meld"].drop_duplicates()) == [b for b in sv.MELD_LABELS if b in set(df["meld"])]
    for table, by in (("pass", ["seat", "aces"]), ("tricks", ["trumps", "aces"]), ("declares", ["seat"]),
                      ("ladder", ["meld"]), ("auction", ["seat", "bid"])):
        df, _ = breakdown_table("pinochle", by, 2000, table=table)
        assert list(df.columns[:len(by)]) == by or by == ["meld"]
    df, _ = breakdown_table("pinochle", None, 1000, table="auction")     # its own default: by bid
    assert df.columns[0] == "bid"
    with pytest.raises(InputError, match="unknown breakdown queens"):
        breakdown_table("pinochle", ["queens"], 100)
    with pytest.raises(InputError, match="unknown breakdown meld for the auction table"):
        breakdown_table("pinochle", ["meld"], 100, table="auction")
    with pytest.raises(InputError, match="unknown breakdown bid for this table"):
        breakdown_table("pinochle", ["bid"], 100, table="success")
    with pytest.raises(InputError, match="unknown table"):
        breakdown_table("pinochle", None, 100, table="pick")


def test_table_cli():
    run = lambda *a: subprocess.run([sys.executable, "-m", "analyzer.cli.main", "table", "pinochle", *a],  # noqa: E731
                                    capture_output=True, text=True)
    res = run("--by", "meld,trumps,aces", "--deals", "2000", "--csv")
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0].startswith("meld,meld_min,trumps,aces,deals,p250,p250_lo")
    res = run("--table", "auction", "--by", "seat", "--deals", "2000")
    assert res.returncode == 0 and "P(make)" in res.stdout and "%" in res.stdout
    bad = run("--by", "seat,colour", "--deals", "100")
    assert bad.returncode == 2 and "unknown breakdown colour" in bad.stderr
