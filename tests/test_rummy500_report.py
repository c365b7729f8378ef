"""The Rummy 500 survey and report on a small deal count: counts add up, table invariants,
no rule violations, determinism on 1 and 2 threads, report files, interrupt and resume."""

import dataclasses
import os

import numpy as np
import pandas as pd
import pytest

from analyzer.errors import InputError, Interrupted
from analyzer.games.rummy500 import play as P
from analyzer.games.rummy500 import survey as sv
from analyzer.report import build
from tests.reports import check_report_folder, interrupting, survey_fixture

DEALS = 3000


flat = survey_fixture(sv, DEALS)


def test_counts_add_up_and_no_rule_is_broken(flat):
    v = sv.LAYOUT.unpack(flat)
    br = v["branch"]
    assert br[:, sv.B_DEALS].sum() == DEALS and (br[:, sv.B_DEALS] == DEALS // len(sv.PLAYER_COUNTS)).all()
    assert (br[:, sv.B_ENDED] + br[:, sv.B_BRANCHED] == br[:, sv.B_DEALS]).all()
    assert br[:, sv.B_ERR].sum() == 0 and v["gglob"][:, P.GG_ERR].sum() == 0
    # one hand length per deal: the hand as the policy played it
    assert (v["turns"].sum(axis=1) == br[:, sv.B_DEALS]).all()
    take = v["take"][..., sv.T_N]
    for by in (["players"], ["players", "cards"], ["kind", "phase"], ["hand"], list(sv.FEATURES)):
        assert sv.take_table(flat, by)["deals"].sum() == take.sum()
    games = v["gglob"][:, P.GG_GAMES]
    assert games.sum() == len(range(0, DEALS, sv.GAME_EVERY))
    for ti, tp in enumerate(sv.TOURNAMENT_PLAYERS):
        t = sv.tournament_table(flat, tp)
        assert t["wins"].sum() == games[ti] - v["gglob"][ti, P.GG_UNFINISHED]
        assert t["seat_games"].sum() == games[ti] * tp


def test_table_invariants(flat):
    t = sv.take_table(flat, ["players", "cards", "kind"])
    two = t[t["deals"] >= 2]                 # one deal has no standard error
    assert (two["gain_lo"] <= two["gain"]).all() and (two["gain"] <= two["gain_hi"]).all()
    assert t["p_better"].between(0, 1).all() and t["p_policy_takes"].between(0, 1).all()
    assert set(t["verdict"]) <= {"take", "draw", "either"}
    # a single card taken with no duty is "kept" or melded at once; a deeper take always melds
    assert (t[t["cards"] != "1"]["kind"] != "kept").all()
    lt = sv.length_table(flat)
    for _, sub in lt.groupby("players"):
        assert (np.diff(sub["p_ended"]) >= 0).all() and sub["p_ended"].iloc[-1] == 1.0
    s = sv.length_summary(flat)
    assert list(s["players"]) == list(sv.PLAYER_COUNTS)
    cols = [f"p_by_round_{r}" for r in sv.LENGTH_ROUNDS]
    assert (np.diff(s[cols].to_numpy(), axis=1) >= 0).all()
    with pytest.raises(InputError, match="unknown breakdown"):
        sv.take_table(flat, ["colour"])


def test_same_seed_same_stats_on_one_and_two_threads():
    a = sv.run_survey(1200, seed=9, threads=1).stats
    b = sv.run_survey(1200, seed=9, threads=2).stats
    assert np.array_equal(a, b)


def test_report_files_and_resume(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CHECKPOINT_EVERY", 0.0)
    real = build.game_report("rummy500")
    run_then_interrupt = interrupting(sv.run_survey, after=2)
    out = tmp_path / "r"
    monkeypatch.setitem(build.GAMES, "rummy500", lambda: dataclasses.replace(real, run=run_then_interrupt))
    with pytest.raises(Interrupted, match="--resume"):
        build.write_report("rummy500", 4 * sv.CHUNK, str(out), seed=5)
    assert (out / build.CHECKPOINT).exists()
    monkeypatch.setitem(build.GAMES, "rummy500", lambda: real)
    build.write_report("rummy500", 4 * sv.CHUNK, str(out), seed=5, resume=True)
    direct = tmp_path / "direct"
    summary = build.write_report("rummy500", 4 * sv.CHUNK, str(direct), seed=5, threads=2)
    for name in ("take_by_cards.csv", "hand_length.csv", "tournament_4.csv"):
        pd.testing.assert_frame_equal(pd.read_csv(out / name), pd.read_csv(direct / name))
    check_report_folder(direct, summary)
    assert {"take_by_cards.png", "hand_length.png", "tournaments.png"} <= set(os.listdir(direct))
    df, _ = build.breakdown_table("rummy500", ["players", "kind"], 600, seed=1)
    assert set(df.columns) >= {"players", "kind", "gain", "gain_se", "verdict"}
