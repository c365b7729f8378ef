"""The Euchre survey and report on a small deal count: counts, table invariants, paired
gains, thresholds, determinism, valid PNGs, breakdown errors."""

import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from analyzer.errors import InputError
from analyzer.games.euchre import survey as sv
from analyzer.report.build import breakdown_table, write_report
from tests.reports import check_report_folder, survey_fixture

DEALS = 24_000


flat = survey_fixture(sv, DEALS)


def test_counts_sum_to_deals(flat):
    v = sv.LAYOUT.unpack(flat)
    for n in sv.PLAYERS:
        reach = v[f"reach{n}"]
        assert list(reach[:, 0]) == [DEALS // n] * n          # one position per deal, by index
        assert (reach[:, 0] >= reach[:, 1]).all() and (reach[:, 1] >= reach[:, 2]).all()
        assert (reach[0, 1] == reach[0, 0])                    # the first to speak always decides
        for d, col in (("order", 1), ("call", 2)):
            hist, strength = v[f"{d}{n}"], v[f"{d}{n}_strength"]
            # every action is played on every reached deal
            per_action = hist.sum(axis=(1, 2, 3, 4, 6))        # (seat, action)
            assert (per_action == reach[:, col][:, None]).all()
            assert (strength.sum(axis=(1, 3)) == reach[:, col][:, None]).all()
            for by in (["seat"], ["seat", "trumps"], ["trumps", "bowers"], ["seat", "aces"], []):
                assert sv.decision_table(flat, n, d, by)["deals"].sum() == reach[:, col].sum()
    r = sv.reach_table(flat)
    assert r.groupby("players")["deals"].sum().tolist() == [DEALS, DEALS]


def test_table_invariants(flat):
    for n in sv.PLAYERS:
        for d in sv.DECISIONS:
            names = sv.actions(n, d)
            t = sv.decision_table(flat, n, d, ["seat", "trumps", "bowers"])
            assert (t["p_make_lo"] <= t["p_make"] + 1e-12).all()
            assert (t["p_make"] <= t["p_make_hi"] + 1e-12).all()
            assert (t["p_march"] <= t["p_make"] + 1e-12).all()
            assert (t["p_make"] + t["p_euchred"] <= 1 + 1e-12).all()
            # the paired gain is exactly the difference of the two EVs on the same deals
            assert np.allclose(t["gain"], t[f"ev_{names[1]}"] - t["ev_pass"])
            if n == 4:
                assert np.allclose(t["gain_alone"], t["ev_alone"] - t[f"ev_{names[1]}"])
            ok = t["gain_se"].notna()
            assert (t.loc[ok, "gain_lo"] <= t.loc[ok, "gain"]).all()
            evs = t[[f"ev_{a}" for a in names]].to_numpy()
            best = [names[i] for i in np.nanargmax(evs, axis=1)]
            assert list(t["best"]) == best
            assert ((t["deals"] < 200) == (t["note"] == "few deals")).all()
            assert t.loc[t["trumps"] == 0, "bowers"].eq("none").all()


def test_more_trumps_make_more_often(flat):
    """P(make | order) and the gain of ordering rise with trumps where the cells are full."""
    for n in sv.PLAYERS:
        t = sv.decision_table(flat, n, "order", ["seat", "trumps"])
        for seat in range(1, n + 1):
            s = t[(t["seat"] == seat) & (t["trumps"] <= 3)].set_index("trumps")
            assert s["p_make"].is_monotonic_increasing, (n, seat)
    dealer = sv.decision_table(flat, 2, "order", ["seat", "trumps"]).query("seat == 2 and trumps <= 3")
    assert dealer["gain"].is_monotonic_increasing
    # the right bower beats no bower at the same length, for the two-handed dealer
    tb = sv.decision_table(flat, 2, "order", ["seat", "trumps", "bowers"]).set_index(
        ["seat", "trumps", "bowers"])
    assert tb.loc[(2, 2, "right"), "p_make"] > tb.loc[(2, 2, "none"), "p_make"]


def test_thresholds(flat):
    th = sv.threshold_table(flat)
    assert len(th) == 2 + 2 + 2 * 4 + 2 * 4   # 2p order/call per seat; 4p with alone
    full = th[th["deals"] >= 1000]
    assert (full["break_even_lo"] <= full["break_even"]).all()
    assert (full["break_even"] <= full["break_even_hi"]).all()
    assert (full["gain_per_deal"] >= 0).all()           # never acting is one of the rules
    # the two-handed dealer's break-even is sharp and close to the fitted policy's
    row = th[(th["players"] == 2) & (th["decision"] == "order") & (th["seat"] == 2)].iloc[0]
    assert abs(row["break_even"] - row["policy_threshold"]) <= 5
    st = sv.strength_table(flat)
    for (n, d, seat, comp), g in st.groupby(["players", "decision", "seat", "comparison"]):
        total = th[(th["players"] == n) & (th["decision"] == d) & (th["seat"] == seat)
                   & (th["comparison"] == comp)]["deals"].iloc[0]
        assert g["deals"].sum() == total


def test_best_threshold():
    gain = np.array([0, -5, -1, 2, 3, -1, 4, 0])
    assert sv.best_threshold(gain, 2) == (3 - 2, 8.0)
    assert sv.best_threshold(np.array([-1, -2]), 0) == (2, 0.0)   # never


def test_same_seed_same_stats():
    a = sv.run_survey(3000, seed=11, threads=1).stats
    b = sv.run_survey(3000, seed=11, threads=2).stats
    assert np.array_equal(a, b)
    assert not np.array_equal(a, sv.run_survey(3000, seed=12, threads=2).stats)


def test_difference_hook(flat, dd_flat):
    """Two different surveys (heuristic and double-dummy play): per class, the gain of
    one minus the other's, the standard errors in quadrature, the 95% interval."""
    by = ["seat", "trumps"]
    d = sv.difference_table(dd_flat, flat, 2, "order", by, min_deals=1).set_index(by)
    a = sv.decision_table(dd_flat, 2, "order", by, 1).set_index(by)
    b = sv.decision_table(flat, 2, "order", by, 1).set_index(by)
    both = d.index
    assert len(both) > 3 and set(both) == set(a.index) & set(b.index)
    want = a.loc[both, "gain"] - b.loc[both, "gain"]
    assert np.allclose(d["diff"], want, equal_nan=True) and not np.allclose(want.dropna(), 0)
    se = np.sqrt(a.loc[both, "gain_se"] ** 2 + b.loc[both, "gain_se"] ** 2)
    assert np.allclose(d["diff_se"], se, equal_nan=True) and se.notna().sum() > 3
    assert np.allclose(d["diff_hi"] - d["diff"], 1.959964 * se, rtol=1e-5, equal_nan=True)
    assert np.allclose(d["diff"] - d["diff_lo"], 1.959964 * se, rtol=1e-5, equal_nan=True)
    with pytest.raises(InputError, match="no 'perfect' play"):
        sv.run_survey(10, play="perfect")


DD_DEALS = 3000


@pytest.fixture(scope="module")
def dd_flat():
    return sv.run_survey_dd(DD_DEALS, seed=3, threads=2).stats


def test_dd_survey_same_deals(dd_flat):
    """The dd run's heuristic half is the heuristic survey's first deals; the dd half saw
    the same auctions (same reach, same actions on the same deals), only the tricks differ;
    one thread or two, the same numbers."""
    dd, heur = sv.split_dd(dd_flat)
    assert np.array_equal(heur, sv.run_survey(DD_DEALS, seed=3, threads=1).stats)
    assert np.array_equal(dd, sv.run_survey(DD_DEALS, seed=3, threads=1, play="dd").stats)
    vd, vh = sv.LAYOUT.unpack(dd), sv.LAYOUT.unpack(heur)
    for n in sv.PLAYERS:
        assert np.array_equal(vd[f"reach{n}"], vh[f"reach{n}"])
        for d in sv.DECISIONS:
            assert np.array_equal(vd[f"{d}{n}"].sum(axis=-1), vh[f"{d}{n}"].sum(axis=-1))
    assert not np.array_equal(vd["order2"], vh["order2"])


def test_dd_difference_table(dd_flat):
    from analyzer.report.euchre import dd_difference

    t = dd_difference(dd_flat)
    assert set(t["players"]) == {2, 4} and set(t["decision"]) == {"order", "call"}
    assert np.allclose(t["heuristic_minus_dd"], t["gain_heuristic"] - t["gain_dd"])
    ok = t["heuristic_minus_dd_se"].notna()
    assert (t.loc[ok, "heuristic_minus_dd_lo"] <= t.loc[ok, "heuristic_minus_dd_hi"]).all()
    dd, _ = sv.split_dd(dd_flat)
    for (n, d), g in t.groupby(["players", "decision"]):
        assert g["deals"].sum() == sv.decision_table(dd, n, d, ["seat"])["deals"].sum()
    # double-dummy too: the two-handed dealer's gain of accepting rises with trumps
    dealer = t[(t["players"] == 2) & (t["decision"] == "order") & (t["seat"] == 2)].set_index("trumps")
    assert dealer.loc[0:3, "gain_dd"].is_monotonic_increasing and dealer.loc[2, "gain_dd"] > 1


def test_report_files(tmp_path):
    out = tmp_path / "rep"
    summary = write_report("euchre", 4000, str(out), seed=1, threads=2, pimc_deals=40)
    text = check_report_folder(out, summary)
    files = set(os.listdir(out))
    assert len([f for f in summary["files"] if f.endswith(".png")]) >= 10
    assert "4,000" in text and "seed:** 1" in text and "few deals" in text
    # the double-dummy section: the first dd deals of the same survey (all 4,000 here)
    assert summary["dd_deals"] == 4000 and "## Double-dummy play" in text
    assert "Not in this report yet" not in text
    assert "dd_gain_heuristic_minus_dd.png" in files and "dd_gain_heuristic_minus_dd.csv" in files
    # the three play models: the first 40 deal indices, both games, every made trump played three ways
    assert summary["pimc_deals"] == 40 and "## Three play models on the same deals" in text
    assert "Play models section" in text and "(models_by_class.png)" in text
    models = pd.read_csv(out / "models_by_class.csv")
    assert (out / "models_by_bowers.csv").exists()
    assert set(models["players"]) == {2, 4}
    assert models.groupby("players")["deals"].sum().max() <= 40
    for name in ("heuristic", "pimc", "dd"):
        assert ((models[f"p_make_{name}_lo"] <= models[f"p_make_{name}"] + 1e-12)
                & (models[f"p_make_{name}"] <= models[f"p_make_{name}_hi"] + 1e-12)).all()
    assert np.allclose(models["p_make_pimc_minus_heuristic"], models["p_make_pimc"] - models["p_make_heuristic"], atol=1e-4)
    assert np.allclose(models["tricks_dd_minus_pimc"], models["tricks_dd"] - models["tricks_pimc"], atol=1e-4)


def test_pimc_survey():
    """The three-model run: deal counts add up (every made trump booked once, by the
    maker's hand), the classes partition the deals, and one thread and one chunk or two
    threads and five chunks give the same numbers."""
    from analyzer.games.euchre import survey_pimc as sp

    a = sp.run_survey_pimc(30, seed=4, worlds=8, threads=1).stats
    b = sp.run_survey_pimc(30, seed=4, worlds=8, threads=2, chunk_size=7).stats   # 5 chunks on 2 threads
    assert np.array_equal(a, b)
    cells, seen = sp.unpack(a)
    assert list(seen[:, 0]) == [30, 30] and (seen[:, 1] <= 30).all()
    assert list(cells[..., sp.P_N].sum(axis=(1, 2, 3))) == list(seen[:, 1])
    assert cells[0, 1, ..., sp.P_N].sum() == 0                  # nobody goes alone two-handed
    for m in range(3):                                          # 0..5 tricks, made <= deals
        assert (cells[..., sp.P_MADE + m] <= cells[..., sp.P_N]).all()
        assert (cells[..., sp.P_TRICKS + m] <= 5 * cells[..., sp.P_N]).all()
    for by in (["players"], ["players", "contract", "trumps"], ["players", "contract", "bowers"]):
        t = sp.models_table(a, by)
        assert t.groupby("players")["deals"].sum().tolist() == list(seen[:, 1])
    t = sp.models_table(a, ["players", "contract", "trumps"])
    ok = t["deals"] >= 2
    assert (t.loc[ok, "p_make_pimc_minus_heuristic_se"] >= 0).all()
    # the heuristic player's results are the heuristic survey's deals played by policy
    heur = sp.run_survey_pimc(30, seed=4, worlds=1, threads=1).stats
    hc, hs = sp.unpack(heur)
    assert np.array_equal(hs, seen)
    assert np.array_equal(hc[..., sp.P_TRICKS], cells[..., sp.P_TRICKS])
    assert np.array_equal(hc[..., sp.P_TRICKS + 2], cells[..., sp.P_TRICKS + 2])


def test_breakdown_tables():
    with pytest.raises(InputError, match="unknown breakdown suit_kind"):
        breakdown_table("euchre", ["suit_kind"], 100, table="order2")
    with pytest.raises(InputError, match="unknown breakdown upcard"):
        breakdown_table("euchre", ["upcard"], 100, table="call4")
    with pytest.raises(InputError, match="unknown table"):
        breakdown_table("euchre", None, 100, table="bid")
    df, result = breakdown_table("euchre", None, 2000, seed=2)
    assert list(df.columns[:3]) == ["seat", "trumps", "bowers"] and result.n_done == 2000
    df, _ = breakdown_table("euchre", ["seat", "upcard"], 2000, table="order4")
    assert set(df["upcard"]) <= set(sv.UP_GROUPS) and set(df["seat"]) == {1, 2, 3, 4}


def test_table_cli():
    res = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "table", "euchre", "--table",
                          "call2", "--by", "suit_kind", "--deals", "2000", "--csv"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0].startswith("suit_kind,deals,p_make")
    bad = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "table", "euchre", "--by",
                          "colour", "--deals", "100"], capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown breakdown colour" in bad.stderr
