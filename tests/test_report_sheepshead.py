"""The Sheepshead survey and report on a small deal count: counts, table invariants,
paired gains, monotone probabilities, thresholds, determinism, the double-dummy survey and
the three-play-models survey on tiny samples, valid PNGs, breakdown errors."""

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from analyzer.errors import InputError
from analyzer.games.sheepshead import survey as sv
from analyzer.games.sheepshead import survey_dd as sd
from analyzer.games.sheepshead import survey_pimc as sp
from analyzer.report.build import breakdown_table, write_report
from analyzer.stats import break_even
from tests.reports import check_report_folder, survey_fixture

DEALS = 30_000
DD_DEALS = 40
PIMC_DEALS = 10


flat = survey_fixture(sv, DEALS)


def test_counts_sum_to_deals(flat):
    v = sv.LAYOUT.unpack(flat)
    reach = v["reach"]
    assert list(reach[:, 0]) == [DEALS // 5] * 5            # one classified seat per deal, by index
    assert (reach[:, 1] <= reach[:, 0]).all() and reach[0, 1] == reach[0, 0]   # seat 1 is always offered
    assert list(np.diff(reach[:, 1])) == sorted(np.diff(reach[:, 1]))          # later seats: fewer offers
    offered = reach[:, 1]
    per_seat = lambda a: a.reshape(5, -1).sum(axis=1)       # noqa: E731
    assert (per_seat(v["deals"][..., 0]) == offered).all()
    # pick and alone are each played on every offered deal; a pass ends in exactly one way
    for a in range(2):
        assert (per_seat(v["results"][..., a, :sv.N_RESULTS]) == offered).all()
    assert (per_seat(v["passed"]) == offered).all()
    assert (v["strength"][..., 0].sum(axis=1) == offered).all()
    assert (v["alone_strength"][..., 0].sum(axis=1) == per_seat(v["deals"][..., 1])).all()
    for by in (["seat"], ["seat", "trumps"], ["trumps", "queens_jacks"], ["fail_aces", "policy"], []):
        assert sv.pick_table(flat, by)["deals"].sum() == offered.sum()
    r = sv.reach_table(flat)
    assert r["deals"].sum() == DEALS and (r["offered"] == offered).all()


def test_table_invariants(flat):
    t = sv.pick_table(flat, ["seat", "trumps", "queens", "jacks"])
    assert (t["queens"] + t["jacks"] <= t["trumps"]).all()
    for s in ("", "_alone"):
        assert (t[f"p_win{s}_lo"] <= t[f"p_win{s}"] + 1e-12).all()
        assert (t[f"p_win{s}"] <= t[f"p_win{s}_hi"] + 1e-12).all()
        assert (t[f"p_schneider{s}"] <= t[f"p_win{s}"] + 1e-12).all()
        assert (t[f"p_win{s}"] + t[f"p_schneidered{s}"] <= 1 + 1e-12).all()
        assert t[f"mean_points{s}"].between(0, 120).all()
    # the paired gains are exactly the differences of the EVs on the same deals
    assert np.allclose(t["gain"], t["ev_pick"] - t["ev_pass"])
    assert np.allclose(t["gain_alone"], t["ev_alone"] - t["ev_pick"])
    assert np.allclose(t["gain_alone_pass"], t["ev_alone"] - t["ev_pass"])
    ok = t["gain_se"].notna()
    assert (t.loc[ok, "gain_lo"] <= t.loc[ok, "gain"]).all() and (t.loc[ok, "gain"] <= t.loc[ok, "gain_hi"]).all()
    evs = t[["ev_pass", "ev_pick", "ev_alone"]].to_numpy()
    assert list(t["best"]) == [sv.ACTIONS[i] for i in np.argmax(evs, axis=1)]
    assert np.allclose(t[[f"p_pass_{o}" for o in sv.PASS_OUTCOMES]].sum(axis=1), 1)
    assert ((t["deals"] < 200) == (t["note"] == "few deals")).all()
    assert t["p_policy_picks"].between(0, 1).all() and t["p_call_legal"].between(0, 1).all()
    # the dealer (seat 5) never passes into another picker: a pass there is a leaster
    assert (t.loc[t["seat"] == 5, "p_pass_leaster"] == 1).all()


def test_stronger_hands_win_more_often(flat):
    """P(win) when picking and the gain of picking rise with trumps, and with queens at
    the same trump count, where the cells are full."""
    t = sv.pick_table(flat, ["seat", "trumps"])
    for seat in (1, 2, 3):
        s = t[(t["seat"] == seat) & t["trumps"].between(1, 5)].set_index("trumps")
        assert s["p_win"].is_monotonic_increasing, seat
        assert s["gain"].is_monotonic_increasing, seat
        assert s["p_win_alone"].is_monotonic_increasing, seat
    q = sv.pick_table(flat, ["trumps", "queens"]).set_index(["trumps", "queens"])
    for trumps in (3, 4):
        assert q.loc[trumps].loc[0:2, "p_win"].is_monotonic_increasing
    pol = sv.pick_table(flat, ["policy"]).set_index("policy")
    assert pol.loc["picks", "gain"] > 0 > pol.loc["passes", "gain"]     # the policy is sensible


def test_thresholds(flat):
    th = sv.threshold_table(flat)
    assert len(th) == 5 + 5 + 1
    full = th[th["deals"] >= 3000]
    assert (full["break_even_lo"] <= full["break_even"]).all()
    assert (full["break_even"] <= full["break_even_hi"]).all()
    assert (th["gain_per_deal"] >= 0).all()           # never acting is one of the rules
    seat1 = th[(th["comparison"] == "pick vs pass") & (th["seat"] == "1")].iloc[0]
    assert abs(seat1["break_even"] - seat1["policy_threshold"]) <= 4   # the policy was fitted so
    st = sv.strength_table(flat)
    for (comp, seat), g in st.groupby(["comparison", "seat"]):
        assert g["deals"].sum() == th[(th["comparison"] == comp) & (th["seat"] == seat)]["deals"].iloc[0]


def test_break_even():
    deals = np.array([0, 10, 10, 10, 10, 0])
    gain = np.array([0, -5.0, -1, 2, 3, 0])
    be = break_even(deals, gain, gain ** 2 + 1, offset=1, policy=1)
    assert be["threshold"] == 3 - 1 and be["rule"] == "{what} with strength >= 2"
    assert be["gain_per_deal"] == pytest.approx(5 / 40) and be["p_act"] == 0.5
    assert be["gain_vs_policy"] == pytest.approx(1 / 40)     # the policy (>= 1) also acts on bin 2: gain -1
    lax = break_even(deals, gain, gain ** 2 + 1, offset=1, policy=0)   # acts on bins 1 and 2 too
    assert lax["gain_vs_policy"] == pytest.approx(6 / 40) and lax["p_act_policy"] == 1.0
    strict = break_even(deals, gain, gain ** 2 + 1, offset=1, policy=3)  # acts on bin 4 only
    assert strict["gain_vs_policy"] == pytest.approx(2 / 40)
    never = break_even(np.array([5, 5]), np.array([-1.0, -2]), np.array([1.0, 4]), 0, 0)
    assert never["rule"] == "never {what}" and never["threshold"] == 2 and never["p_act"] == 0
    assert break_even(np.zeros(3), np.zeros(3), np.zeros(3), 0, 0)["rule"] == "no deals"


def test_same_seed_same_stats():
    a = sv.run_survey(3000, seed=11, threads=1).stats
    b = sv.run_survey(3000, seed=11, threads=2).stats
    assert np.array_equal(a, b)
    assert not np.array_equal(a, sv.run_survey(3000, seed=12, threads=2).stats)


@pytest.fixture(scope="module")
def dd_flat():
    return sd.run_survey_dd(DD_DEALS, seed=3, threads=2).stats


def test_dd_survey(dd_flat):
    heur = sv.run_survey(DD_DEALS, seed=3, threads=1).stats
    v, h = sd.DD_LAYOUT.unpack(dd_flat), sv.LAYOUT.unpack(heur)
    # the same deals, seats and heuristic play-outs as the heuristic survey
    assert np.array_equal(v["reach"], h["reach"])
    assert np.array_equal(v["moments"][..., 0, :, :], h["moments"])
    assert np.array_equal(v["results"][..., 0, :], h["results"][..., :sv.N_RESULTS])
    offered = int(h["reach"][:, 1].sum())
    assert v["deals"].sum() == offered and (v["results"].sum(axis=(0, 1, 2, 3, 4, 5, 8)) == offered).all()
    t = sd.dd_table(dd_flat, ["seat"])
    assert t["deals"].sum() == offered
    for name, col in (("pick", "ev_pick"), ("alone", "ev_alone"), ("pass", "ev_pass"), ("gain", "gain")):
        assert np.allclose(t[f"dd_minus_heuristic_{name}"], t[f"{col}_dd"] - t[f"{col}_heuristic"])
    assert (t["p_win_dd"].between(0, 1)).all() and (t["p_win_lo_dd"] <= t["p_win_dd"]).all()
    # a pass into a leaster is heuristic both ways: the dealer's pass never changes
    dealer = t[t["seat"] == 5]
    assert (dealer["dd_minus_heuristic_pass"].fillna(0) == 0).all()


def test_report_files(tmp_path):
    out = tmp_path / "rep"
    summary = write_report("sheepshead", 4000, str(out), seed=1, threads=2, dd_deals=DD_DEALS,
                           pimc_deals=PIMC_DEALS)
    assert summary["pimc_deals"] == PIMC_DEALS
    text = check_report_folder(out, summary)
    pngs = [f for f in summary["files"] if f.endswith(".png")]
    assert len(pngs) >= 8 and "dd_minus_heuristic.png" in pngs
    assert "4,000" in text and "seed:** 1" in text and "few deals" in text
    assert "## Double-dummy play" in text and "partner known to the solver" in text
    assert "## Three play models on the same deals" in text and "Play models section" in text
    offered = int(sv.LAYOUT.view(sv.run_survey(PIMC_DEALS, seed=1, threads=1).stats, "reach")[:, 1].sum())
    for name in ("models_by_trumps", "models_by_policy", "models_by_seat", "models_by_trumps_queens"):
        assert pd.read_csv(out / f"{name}.csv")["deals"].sum() == offered > 0
    assert "models_by_trumps.png" in pngs


def test_pimc_survey():
    """The three-model survey: the heuristic survey's deals, seats and pick play-outs; counts
    that add up; ordered intervals; the same numbers on one thread and two."""
    a = sp.run_survey_pimc(PIMC_DEALS, seed=3, threads=1).stats
    assert np.array_equal(a, sp.run_survey_pimc(PIMC_DEALS, seed=3, threads=2).stats)
    out, reach = sp.unpack(a)
    h = sv.LAYOUT.unpack(sv.run_survey(PIMC_DEALS, seed=3, threads=1).stats)
    assert np.array_equal(reach, h["reach"])
    offered = int(reach[:, 1].sum())
    assert offered > 0 and out[..., sp.P_N].sum() == offered
    # the heuristic model is the survey's pick play-out: same wins and card points per class
    res = h["results"][..., 0, :].sum(axis=(3, 4))         # over jacks and fail aces
    assert np.array_equal(out[..., sp.P_WIN], res[..., sv.WIN_FROM:sv.N_RESULTS].sum(axis=-1))
    assert np.array_equal(out[..., sp.P_PTS], res[..., sv.N_RESULTS])
    for by in (["trumps"], ["seat"], ["policy"], ["trumps", "queens"], ["seat", "trumps", "queens", "policy"], []):
        t = sp.models_table(a, by)
        assert t["deals"].sum() == offered
    t = sp.models_table(a, ["trumps"])
    for m in sp.MODELS:
        assert (t[f"p_win_{m}_lo"] <= t[f"p_win_{m}"] + 1e-12).all()
        assert (t[f"p_win_{m}"] <= t[f"p_win_{m}_hi"] + 1e-12).all()
        assert (t[f"p_schneider_{m}"] <= t[f"p_win_{m}"] + 1e-12).all()
        assert t[f"mean_points_{m}"].between(0, 120).all()
    for what in ("p_win", "p_schneider", "mean_points"):
        assert np.allclose(t[f"{what}_pimc_minus_heuristic"], t[f"{what}_pimc"] - t[f"{what}_heuristic"])
        assert np.allclose(t[f"{what}_dd_minus_pimc"], t[f"{what}_dd"] - t[f"{what}_pimc"])


def test_breakdown_tables():
    with pytest.raises(InputError, match="unknown breakdown bowers"):
        breakdown_table("sheepshead", ["bowers"], 100)
    with pytest.raises(InputError, match="unknown table"):
        breakdown_table("sheepshead", None, 100, table="order2")
    df, result = breakdown_table("sheepshead", None, 2000, seed=2)
    assert list(df.columns[:3]) == ["seat", "trumps", "queens"] and result.n_done == 2000
    df, _ = breakdown_table("sheepshead", ["queens_jacks", "policy"], 2000)
    assert set(df["policy"]) <= {"picks", "passes"} and df["queens_jacks"].max() <= 6
    th, _ = breakdown_table("sheepshead", None, 2000, table="thresholds")
    assert set(th["comparison"]) == set(sv.COMPARISONS)


def test_table_cli():
    res = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "table", "sheepshead", "--by",
                          "seat,fail_aces", "--deals", "2000", "--csv"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0].startswith("seat,fail_aces,deals,p_policy_picks")
    res = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "table", "sheepshead", "--by", "seat",
                          "--deals", "2000"], capture_output=True, text=True)
    assert res.returncode == 0 and "%" in res.stdout          # P(win) with its range
    bad = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "table", "sheepshead", "--by",
                          "seat,colour", "--deals", "100"], capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown breakdown colour" in bad.stderr
