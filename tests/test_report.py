"""The report pipeline on a small deal count: table invariants, valid PNGs, determinism."""

import os

import numpy as np
import pandas as pd
import pytest

from analyzer.errors import InputError
from analyzer.games.five_hundred import survey
from analyzer.report.build import breakdown_table, write_report
from tests.reports import check_report_folder, survey_fixture

DEALS = 20_000


flat = survey_fixture(survey, DEALS)


def test_counts_sum_to_deals(flat):
    v = survey.LAYOUT.unpack(flat)
    assert v["suit"].sum() == DEALS and v["suit_no_kitty"].sum() == DEALS
    assert v["nt"].sum() == DEALS
    assert v["misere"][0].sum() == DEALS and v["misere"][1].sum() == DEALS
    # one suit per deal, by index: each suit gets a quarter of the deals
    assert list(v["suit"].sum(axis=(1, 2, 3, 4))) == [DEALS // 4] * 4
    for by in (["trumps"], ["trumps", "top_count"], ["trumps", "top_trumps", "side_aces"], ["suit"]):
        assert survey.suit_table(flat, by)["deals"].sum() == DEALS


def test_probabilities_monotone_in_level(flat):
    for table in (survey.suit_table(flat, ["trumps", "top_count"]), survey.nt_table(flat)):
        p = table[[f"p{lv}" for lv in range(6, 11)]].to_numpy()
        assert (np.diff(p, axis=1) <= 1e-12).all()
        for lv in range(6, 11):
            assert (table[f"p{lv}_lo"] <= table[f"p{lv}"] + 1e-12).all()
            assert (table[f"p{lv}"] <= table[f"p{lv}_hi"] + 1e-12).all()


def test_stronger_hands_make_more_often(flat):
    t = survey.suit_table(flat, ["trumps"]).set_index("trumps")
    # P(make 6) rises with trump length over the well-populated range
    assert t.loc[2, "p6"] < t.loc[3, "p6"] < t.loc[4, "p6"] < t.loc[5, "p6"]


def test_kitty_and_ladder(flat):
    k = survey.kitty_table(flat, ["trumps"])
    assert (k["kitty_gain"][k["deals"] > 1000] > 0).all()   # the exchange helps on average
    ladder = survey.bid_ladder(flat, ["trumps"])
    assert set(ladder["best"]) <= {"pass", "6", "7", "8", "9", "10"}
    assert (ladder.loc[ladder["best"] == "pass", "best_ev"] == 0).all()


def test_same_seed_same_stats():
    a = survey.run_survey(3000, seed=11, threads=1).stats
    b = survey.run_survey(3000, seed=11, threads=2).stats
    assert np.array_equal(a, b)


def test_report_files(tmp_path, small_equity_grid):
    out = tmp_path / "rep"
    summary = write_report("five-hundred", 4000, str(out), seed=1, threads=2, dd_deals=0, pimc_deals=0)
    text = check_report_folder(out, summary)
    files = set(os.listdir(out))
    assert len([f for f in summary["files"] if f.endswith(".png")]) >= 6
    assert "4,000" in text and "seed:** 1" in text
    # the auction section: the policy's calls, self-play contracts and the equity table
    assert {"auction_calls.csv", "auction_contracts.csv", "auction_kinds.csv", "equity.csv", "equity.md",
            "equity.png"} <= files
    calls = pd.read_csv(out / "auction_calls.csv")
    assert calls["deals"].sum() == 4 * 4000          # every seat's first call of every auction
    assert "(equity.png)" in text and "Auction section" in text
    # the stamp of the code that made it, and the check that says it is today's
    from analyzer.stamp import STAMP_FILE, check
    assert STAMP_FILE in files and summary["stamp"] in text
    assert check(str(out)) == [(str(out), True, f"made by today's code (stamp {summary['stamp']})")]


def test_breakdown_validation():
    with pytest.raises(InputError, match="unknown breakdown"):
        breakdown_table("five-hundred", ["nonsense"], 100)
    with pytest.raises(InputError, match="no report for game"):
        breakdown_table("poker", ["trumps"], 100)


def test_interrupt_then_resume_gives_the_same_report(tmp_path, monkeypatch, charts_not_saved, small_equity_grid):
    import dataclasses

    from analyzer.errors import Interrupted
    from analyzer.report import build
    from analyzer.sim import runner
    from tests.reports import interrupting

    monkeypatch.setattr(runner, "CHUNK_SIZE", 1024)
    monkeypatch.setattr(build, "CHECKPOINT_EVERY", 0.0)
    real = build.game_report("five-hundred")
    run_then_interrupt = interrupting(survey.run_survey, after=3)

    def run_chunked(deals, seed, threads, progress, on_chunk, skip, initial):
        return survey.run_survey(deals, seed, 1, False, on_chunk=on_chunk, skip=skip, initial=initial)

    out = tmp_path / "r"
    monkeypatch.setitem(build.GAMES, "five-hundred", lambda: dataclasses.replace(real, run=run_then_interrupt))
    with pytest.raises(Interrupted, match="--resume"):
        build.write_report("five-hundred", 6000, str(out), seed=5, dd_deals=0, pimc_deals=0)
    assert (out / build.CHECKPOINT).exists()
    monkeypatch.setitem(build.GAMES, "five-hundred", lambda: dataclasses.replace(real, run=run_chunked))
    build.write_report("five-hundred", 6000, str(out), seed=5, resume=True, dd_deals=0, pimc_deals=0)
    resumed = pd.read_csv(out / "suit_by_trumps_top.csv")
    build.write_report("five-hundred", 6000, str(tmp_path / "direct"), seed=5, dd_deals=0, pimc_deals=0)
    direct = pd.read_csv(tmp_path / "direct" / "suit_by_trumps_top.csv")
    pd.testing.assert_frame_equal(resumed, direct)


def test_report_with_double_dummy_section(tmp_path, small_equity_grid):
    from analyzer.games.five_hundred import survey_dd

    out = tmp_path / "dd"
    summary = write_report("five-hundred", 2000, str(out), seed=2, threads=2, dd_deals=48, pimc_deals=6)
    assert summary["dd_deals"] == 48 and summary["pimc_deals"] == 6
    assert "## Three play models on the same deals" in (out / "README.md").read_text()
    models = pd.read_csv(out / "models_by_class.csv")
    assert models.groupby("contract")["deals"].sum().tolist() == [6, 6, 6, 6]   # suit, NT, misère, open misère
    assert ((models["p_make_pimc_lo"] <= models["p_make_pimc"]) & (models["p_make_pimc"] <= models["p_make_pimc_hi"])).all()
    for name in ("dd_suit_by_trumps_top", "dd_minus_heuristic", "dd_nt_by_joker_aces", "dd_misere", "models_by_class"):
        assert (out / f"{name}.csv").exists()
    for f in summary["files"]:
        if f.endswith(".png"):
            assert (out / f).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    flat = survey_dd.run_survey_dd(48, seed=2, threads=1).stats
    v = survey_dd.DD_LAYOUT.unpack(flat)
    assert v["suit"].sum() == v["nt"].sum() == v["misere"].sum() == 48
    assert v["suit_diff"][..., 0].sum() == 48
    diff = survey_dd.difference_table(flat, ["trumps"])
    assert diff["deals"].sum() == 48
    # the same deals as the heuristic survey: its first 48 deals have the same class counts
    heur = survey.run_survey(48, seed=2, threads=1).stats
    assert np.array_equal(survey.LAYOUT.view(heur, "suit").sum(axis=-1), v["suit"].sum(axis=-1))
    mis = survey_dd.dd_misere_table(flat)
    assert ((mis["p_make_dd_lo"] <= mis["p_make_dd"]) & (mis["p_make_dd"] <= mis["p_make_dd_hi"])).all()


# ----------------------------------------------------------------------------- a stop in any section
def _stop_in_run(monkeypatch, which: int):
    """Ctrl-C right after the first chunk of the ``which``-th run of the runner (1: the
    survey, 2: the double-dummy survey, then the later sections' runs) is stored; returns
    the runs seen."""
    from analyzer.sim import runner
    real = runner.run_chunks
    runs, stopped = [], []

    def run(chunk_fn, n_deals, **kw):
        runs.append(kw.get("desc", ""))
        if len(runs) == which:
            inner = kw.get("on_chunk")

            def stop(index, stats):
                if inner is not None:
                    inner(index, stats)
                if not stopped:
                    stopped.append(index)
                    raise KeyboardInterrupt
            kw["on_chunk"] = stop
        return real(chunk_fn, n_deals, **kw)

    monkeypatch.setattr(runner, "run_chunks", run)
    return runs


SMALL = dict(deals=3000, seed=3, dd_deals=12, pimc_deals=4)


def _small_report(monkeypatch, tmp_path):
    """A Five Hundred report with every section, small: short chunks, two worlds; the
    charts are drawn but not saved (this is about the tables)."""
    from analyzer.games.five_hundred import pimc, survey_dd, survey_pimc
    from analyzer.report import five_hundred as report_500
    from analyzer.sim import runner
    from tests.reports import shrink_equity_grid, skip_saving_charts
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))    # the equity table is built, not read
    monkeypatch.setattr(runner, "CHUNK_SIZE", 1024)
    monkeypatch.setattr(survey_dd, "DD_CHUNK", 4)
    monkeypatch.setattr(survey_pimc, "PIMC_CHUNK", 1)
    monkeypatch.setattr(pimc, "DEFAULT_WORLDS", 2)
    monkeypatch.setattr(report_500, "AUCTION_DEALS", 2000)
    skip_saving_charts(monkeypatch)
    shrink_equity_grid(monkeypatch)


@pytest.fixture(scope="module")
def straight_small_report(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    tmp = tmp_path_factory.mktemp("straight")
    try:
        _small_report(mp, tmp)
        from analyzer.report import build
        build.write_report("five-hundred", out=str(tmp / "r"), threads=2, **SMALL)
    finally:
        mp.undo()
    return tmp / "r"


SECTIONS = {2: "double-dummy", 3: "play models", 4: "auction", 5: "auction contracts", 6: "equity"}


def test_a_stop_in_any_section_is_resumed_to_the_same_tables(straight_small_report, tmp_path, monkeypatch,
                                                            capsys):
    """Ctrl-C in each section after the survey in turn (the run stopped in the
    double-dummy survey, resumed and stopped in the play models, and so on): each stop
    exits 130 with the --resume line and leaves no README (nothing finished), and the last
    --resume writes every table byte for byte as a straight run."""
    from analyzer.report import build
    from tests.cli_run import run_cli
    out = tmp_path / "r"
    args = ["report", "five-hundred", "--deals", str(SMALL["deals"]), "--seed", str(SMALL["seed"]), "--dd-deals",
            str(SMALL["dd_deals"]), "--pimc-deals", str(SMALL["pimc_deals"]), "--threads", "2", "--out", str(out)]
    for which, section in SECTIONS.items():
        _small_report(monkeypatch, tmp_path)
        runs = _stop_in_run(monkeypatch, which)
        code, _, err = run_cli(args + (["--resume"] if which > 2 else []), capsys)
        assert len(runs) == which, (section, runs)
        assert code == 130 and "rerun with --resume" in err and err.count("\n") == 1, (section, err)
        assert not (out / "README.md").exists() and build._read_run(str(out))["finished"] is False
        if which > 2:     # the later sections keep their finished chunks for the resume
            assert list((out / build.SECTIONS).glob(f"run-{which - 2}/chunk-*.npy")), section
        monkeypatch.undo()
    _small_report(monkeypatch, tmp_path)
    code, _, err = run_cli(args + ["--resume"], capsys)
    assert code == 0, err
    tables = sorted(p.name for p in straight_small_report.glob("*.csv"))
    assert len(tables) > 10 and sorted(p.name for p in out.glob("*.csv")) == tables
    for name in tables:
        assert (out / name).read_bytes() == (straight_small_report / name).read_bytes(), name
    assert not (out / build.SECTIONS).exists() and not (out / build.CHECKPOINT).exists()


def test_contract_kinds_agree_with_the_self_play_outcomes():
    """The kinds table (``selfplay.contract_kinds``, its own kernel) against the four-handed
    self-play outcomes of the same deals (``selfplay.deal_outcomes``: contract and tricks
    per deal), grouped and scored here: contracts of each kind, made by the rules' count
    (a misère none, a suit or no-trump contract its level)."""
    from analyzer.games.five_hundred.bidding import ALL_CONTRACTS
    from analyzer.games.five_hundred.selfplay import contract_kinds, deal_outcomes
    kinds, played = contract_kinds(4, 6000, seed=3, threads=2)
    counts, thrown, n = deal_outcomes(6000, seed=3, threads=2)
    assert played == n == 6000
    want = {k: [0, 0] for k in ("suit", "no-trumps", "misère", "open misère")}
    for j, c in enumerate(ALL_CONTRACTS):
        kind = ("open misère" if c.open else "misère") if c.is_misere else ("no-trumps" if c.strain == 4 else "suit")
        tricks = counts[:, j].sum(axis=0)
        want[kind][0] += int(tricks.sum())
        want[kind][1] += int(tricks[0] if c.is_misere else tricks[c.level:].sum())
    got = kinds.set_index("contract")
    for kind, (deals, made) in want.items():
        assert got.loc[kind, "deals"] == deals
        if deals:
            assert got.loc[kind, "p_make"] == pytest.approx(made / deals)
    assert got.loc["all pass", "deals"] == thrown
