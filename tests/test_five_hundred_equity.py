"""Five Hundred game equity: the state after a deal against the rule functions, the DP
against hand-computed values and a plain-Python reference, symmetry and monotonicity,
the defend_cap option, the cache, score parsing and the CLI.

Everything but the last tests runs on synthetic deal-outcome counts (the self-play
``selfplay.deal_outcomes``; the last tests build tables from it)."""

import json
import os
import subprocess
import sys
import time
import types

import numpy as np
import pytest

from analyzer.errors import InputError, Interrupted
from analyzer.games.five_hundred import equity as eq
from analyzer.games.five_hundred.bidding import ALL_CONTRACTS, parse_contract
from analyzer.games.five_hundred.rules import Options, rule_tables
from analyzer.games.five_hundred.scoring import defender_points_at, game_winner, score_deal
from tests.cli_run import cli_result
from tests.reference import five_hundred as ref

DEALER, OTHER = 0, 1
SMALL_CAP = 690          # a smaller grid where the test does not need the default cap


def counts_of(entries, thrown=0):
    """Outcome counts from (side, contract, contractor side's tricks, deals) entries."""
    counts = np.zeros((2, len(ALL_CONTRACTS), 11), np.int64)
    for side, contract, tricks, n in entries:
        counts[side, ALL_CONTRACTS.index(parse_contract(contract)), tricks] += n
    return counts, thrown


def plausible_counts(scale=100_000, dealer_edge=0.0):
    """A hand-made distribution like self-play's: 10% thrown in, each side contracting
    about 45% (the dealer's side ``dealer_edge`` more), mostly 6s and 7s, the tricks
    spread around the level (outcomes under 0.1% of the deals left out), misères mostly
    made."""
    counts = np.zeros((2, len(ALL_CONTRACTS), 11), np.int64)
    level_share = {6: 0.40, 7: 0.35, 8: 0.17, 9: 0.06, 10: 0.02}
    tricks = np.arange(11)
    for side in range(2):
        share = 0.45 + (dealer_edge if side == DEALER else -dealer_edge)
        for c, con in enumerate(ALL_CONTRACTS):
            if con.is_misere:
                w, made = (0.005, 0.8) if con.open else (0.03, 0.7)
                counts[side, c, 0] = round(scale * share * w * made)
                counts[side, c, 1:3] = round(scale * share * w * (1 - made) / 2)
                continue
            p = np.exp(-0.5 * ((tricks - (con.level + 0.3)) / 1.3) ** 2)
            counts[side, c] = np.round(scale * share * level_share[con.level] * 0.965 / 5 * p / p.sum())
    counts[counts < scale // 1000] = 0      # no rare tails: half the outcomes, half each solve's time
    return counts, round(scale * 0.10)


@pytest.fixture(scope="module")
def plausible():
    """(counts, thrown, P at SMALL_CAP) for a distribution where the dealer's side has an edge."""
    counts, thrown = plausible_counts(dealer_edge=0.03)
    return counts, thrown, eq.solve(counts, thrown, cap=SMALL_CAP)


def at(p, us, them, we_deal=True):
    return eq.win_probability(us, them, we_deal, p)


def idx(score):
    return (score - eq.GRID_LO) // eq.STEP


# ----------------------------------------------------------------------------- one deal
def expected_after(us, them, we_contracted, contract, tricks, cap_rule):
    """The state after a deal by scoring.py's rule functions: (status, us, them)."""
    pts, dfd = score_deal(contract, tricks)
    made = tricks == 0 if contract.is_misere else tricks >= contract.level
    c = 0 if we_contracted else 1
    totals = [us, them]
    totals[1 - c] += defender_points_at(totals[1 - c], dfd, cap_rule)
    totals[c] += pts
    won = game_winner(tuple(totals), c, made)
    return (-1 if won is None else int(won == 0)), totals[0], totals[1]


def test_after_deal_agrees_with_the_scoring_rules():
    totals = [-490, -460, -250, 0, 240, 470, 480, 490, 500, 760]
    for cap_rule in ("none", "490", "480"):
        code = eq.DEFEND_CAPS[cap_rule]
        for contract in ALL_CONTRACTS:
            for tricks in range(11):
                pts, dfd = score_deal(contract, tricks)
                made = int(tricks == 0 if contract.is_misere else tricks >= contract.level)
                for us in totals:
                    for them in totals:
                        for we in (0, 1):
                            got = eq.after_deal(np.int64(us), np.int64(them), np.int64(we), np.int64(pts),
                                                np.int64(dfd), np.int64(made), code)
                            want = expected_after(us, them, we, contract, tricks, cap_rule)
                            assert tuple(int(x) for x in got) == want, (cap_rule, contract, tricks, us, them, we)


def test_out_the_back_door_any_failed_contract_of_ours_loses_at_minus_490():
    for contract in ALL_CONTRACTS:
        for tricks in range(11):
            pts, dfd = score_deal(contract, tricks)
            if pts < 0:   # failed: at least 40 (6♠) lost, any loss of 10 or more is out
                status, us, _ = eq.after_deal(np.int64(-490), np.int64(200), np.int64(1), np.int64(pts),
                                              np.int64(dfd), np.int64(0), eq.NO_DEFEND_CAP)
                assert status == 0 and us <= -500, (contract, tricks)


def test_both_cross_500_the_contractor_wins():
    # they defend from 480 to 500+ while we make from 470: we win; the other way round too
    pts, dfd = score_deal(parse_contract("7S"), 7)        # +140, defenders 30
    assert eq.after_deal(np.int64(470), np.int64(480), np.int64(1), np.int64(pts), np.int64(dfd),
                         np.int64(1), eq.NO_DEFEND_CAP)[0] == 1
    assert eq.after_deal(np.int64(480), np.int64(470), np.int64(0), np.int64(pts), np.int64(dfd),
                         np.int64(1), eq.NO_DEFEND_CAP)[0] == 0
    # defence alone past 500 does not win
    assert eq.after_deal(np.int64(480), np.int64(0), np.int64(0), np.int64(-140), np.int64(40),
                         np.int64(0), eq.NO_DEFEND_CAP) == (-1, 520, -140)


def test_lookups_clamp_and_agree_with_the_table(plausible):
    counts, thrown, p = plausible
    cap = np.int64(SMALL_CAP)
    lo, step = np.int64(eq.GRID_LO), np.int64(eq.STEP)
    assert eq.p_win_after(p, lo, step, cap, np.int64(380), np.int64(440), np.int64(1)) == at(p, 380, 440, True)
    assert eq.p_win_after(p, lo, step, cap, np.int64(380), np.int64(440), np.int64(0)) == at(p, 380, 440, False)
    assert eq.p_win_after(p, lo, step, cap, np.int64(5000), np.int64(0), np.int64(1)) == p[0, -1, idx(0)]
    assert eq.p_win_after(p, lo, step, cap, np.int64(-520), np.int64(0), np.int64(1)) == 0.0
    assert eq.p_win_after(p, lo, step, cap, np.int64(0), np.int64(-520), np.int64(1)) == 1.0
    # p_win_of_deal: a made 7H from 400 wins; a made 6S from 0 goes on to the table's value
    args = (p, lo, step, cap)
    assert eq.p_win_of_deal(*args, np.int64(400), np.int64(0), np.int64(1), np.int64(200), np.int64(30),
                            np.int64(1), eq.NO_DEFEND_CAP, np.int64(0)) == 1.0
    assert eq.p_win_of_deal(*args, np.int64(0), np.int64(0), np.int64(1), np.int64(40), np.int64(40),
                            np.int64(1), eq.NO_DEFEND_CAP, np.int64(0)) == at(p, 40, 40, False)
    # the table is a fixed point: each state's value is the average over one deal
    out = eq.outcome_table(counts, thrown)
    for us, them, we_deal in [(0, 0, 1), (380, 440, 0), (490, -200, 1), (-490, 480, 0)]:
        v = out.p_thrown * at(p, us, them, not we_deal)
        for k in range(len(out.prob)):
            we_con = out.dealer[k] if we_deal else 1 - out.dealer[k]
            v += out.prob[k] * eq.p_win_of_deal(*args, np.int64(us), np.int64(them), np.int64(we_con),
                                                out.points[k], out.defend[k], out.made[k], eq.NO_DEFEND_CAP,
                                                np.int64(1 - we_deal))
        assert abs(v - at(p, us, them, bool(we_deal))) < 1e-9


# ----------------------------------------------------------------------------- exact values
def test_at_490_any_made_contract_wins_hand_computed():
    # dealer's side makes (a), the other side makes (b), or thrown in (q); from 490:490 or
    # 490:460 every made contract wins at once, and a throw-in passes the deal:
    # P(we deal) = a + q·P(they deal), P(they deal) = b + q·P(we deal)
    counts, thrown = counts_of([(DEALER, "7H", 7, 3), (DEALER, "6S", 10, 1), (OTHER, "6S", 6, 2),
                                (OTHER, "MIS", 0, 1)], thrown=5)
    a, b, q = 4 / 12, 3 / 12, 5 / 12
    p_we = (a + q * b) / (1 - q * q)
    p_they = b + q * p_we
    p = eq.solve(counts, thrown, cap=SMALL_CAP)
    for them in (460, 490, 600):
        assert abs(at(p, 490, them, True) - p_we) < 1e-12
        assert abs(at(p, 490, them, False) - p_they) < 1e-12
        assert abs(at(p, them, 490, True) - (1 - p_they)) < 1e-12


def test_out_the_back_door_rows_exact():
    # the dealer's side contracts 6♠ and takes 5 tricks (−40, defenders +50) or the other
    # side makes 7♥ (+200, defenders +30), evens; we deal at −490: we fail and are out, or
    # they make: from 300 up they win, below it we go to −460 and they deal
    counts, thrown = counts_of([(DEALER, "6S", 5, 1), (OTHER, "7H", 7, 1)])
    p = eq.solve(counts, thrown, cap=SMALL_CAP)
    for them in eq.grid(SMALL_CAP):
        them = int(them)
        expected = 0.0 if them >= 300 else 0.5 * p[1, idx(-460), idx(them + 200)]
        assert p[0, idx(-490), idx(them)] == pytest.approx(expected, abs=1e-12), them
    assert p[0, idx(-490), idx(0)] > 0      # the relation is not vacuous


def test_kernel_agrees_with_the_plain_python_reference():
    """Outcomes whose points are all multiples of 50, so the reachable states are few and the
    reference solves the chain exactly (a dense linear solve) from the rule functions."""
    outs = [(12, DEALER, "6H", 10), (5, DEALER, "9H", 10), (10, DEALER, "6H", 5), (6, DEALER, "MIS", 0),
            (3, DEALER, "MIS", 2), (8, DEALER, "8H", 0), (10, OTHER, "7H", 5), (10, OTHER, "6S", 10),
            (5, OTHER, "OPENMIS", 0), (2, OTHER, "OPENMIS", 1), (7, OTHER, "9H", 5), (4, OTHER, "10H", 10)]
    counts, thrown = counts_of([(s, c, t, n) for n, s, c, t in outs], thrown=18)
    total = counts.sum() + thrown
    ref_outs = [(n / total, s == DEALER, c, t) for n, s, c, t in outs]
    cases = [(950, (0, 0, True)), (950, (-450, 450, False)), (950, (500, 450, True)),
             (990, (490, 440, False)), (990, (-460, 490, True))]   # starts on the cap's lattice mod 50
    for cap_rule in ("none", "490"):
        tables = {cap: eq.solve(counts, thrown, Options(defend_cap=cap_rule), cap) for cap in (950, 990)}
        for cap, start in cases:
            expected = ref.game_equity(ref_outs, thrown / total, start, cap,
                                       None if cap_rule == "none" else int(cap_rule))
            assert len(expected) > 500
            worst = max(abs(v - at(tables[cap], *s)) for s, v in expected.items())
            assert worst < 1e-9, (cap_rule, cap, start, worst)


# ----------------------------------------------------------------------------- shape of the table
def test_swapping_sides_and_dealer_gives_the_complement(plausible):
    _, _, p = plausible
    # no draws, and the distribution is in terms of the dealer's side: P(a, b, we deal) = 1 − P(b, a, they deal)
    assert np.abs(p[0] + p[1].T - 1).max() < 1e-9
    assert 0 <= p.min() and p.max() <= 1


def test_dealer_symmetric_outcomes_make_even_scores_even():
    counts, thrown = plausible_counts()
    assert (counts[DEALER] == counts[OTHER]).all()
    p = eq.solve(counts, thrown, cap=SMALL_CAP)
    assert np.abs(p[0] - p[1]).max() < 1e-9            # who deals does not matter
    assert np.abs(np.diagonal(p[0]) - 0.5).max() < 1e-9


def test_monotone_in_both_scores(plausible):
    _, _, p = plausible
    assert (np.diff(p, axis=1) >= -1e-9).all()          # more for us never hurts
    assert (np.diff(p, axis=2) <= 1e-9).all()           # more for them never helps
    # and it matters: leading by 200 at 300:100 is worth something
    assert at(p, 300, 100) > 0.6 and at(p, 100, 300) < 0.45


def test_cap_approximation_does_not_matter():
    counts, thrown = plausible_counts(dealer_edge=0.03)
    worst = eq.cap_check(counts, thrown, caps=(990, eq.DEFAULT_CAP), up_to=500)   # 990 already enough
    assert worst < 1e-8


def test_same_inputs_identical_table(plausible):
    counts, thrown, p = plausible
    again = eq.solve(counts.copy(), thrown, cap=SMALL_CAP)
    assert np.array_equal(p, again)


# ----------------------------------------------------------------------------- defend_cap
def test_defend_cap_is_a_rule_option_that_leaves_the_play_alone():
    assert Options.parse(["defend_cap=490"]).defend_cap == "490"
    assert Options().defend_cap == "none"
    with pytest.raises(InputError, match="defend_cap"):
        Options.parse(["defend_cap=500"])
    for cap in ("490", "480"):
        assert np.array_equal(rule_tables(Options(defend_cap=cap)), rule_tables(Options()))


@pytest.fixture(scope="module")
def capped(plausible):
    """The plausible counts solved under each defend_cap rule (once for both tests)."""
    counts, thrown, _ = plausible
    return {cap: eq.solve(counts, thrown, Options(defend_cap=cap), SMALL_CAP) for cap in ("490", "480")}


@pytest.mark.parametrize("cap_rule", ["490", "480"])
def test_defend_cap_costs_the_side_at_the_cap(plausible, capped, cap_rule):
    counts, thrown, base = plausible
    p = capped[cap_rule]
    d = p - base
    c = int(cap_rule)
    # at the cap (theirs below it) we lose our defensive points: P(win) drops, theirs rises
    assert (d[:, idx(c), :idx(c)] < -5e-4).all()
    assert (d[:, :idx(c), idx(c)] > 5e-4).all()
    # far from it much less changes (the leader is the likelier to get stuck at the cap, so
    # at even scores the effects nearly cancel)
    at_cap = min(np.abs(d[:, idx(c), :idx(c)]).min(), np.abs(d[:, :idx(c), idx(c)]).min())
    assert np.abs(d[:, :idx(0) + 1, :idx(0) + 1]).max() < 0.5 * at_cap
    for score in (-300, 0, 300):
        assert abs(d[0, idx(score), idx(score)]) < 2e-5
    # 480 also catches a side at 480; 490 does so less (only once it has passed 490)
    other = capped["480" if cap_rule == "490" else "490"]
    d480 = (p if cap_rule == "480" else other) - base
    d490 = (p if cap_rule == "490" else other) - base
    assert d480[0, idx(480), idx(300)] < 2 * d490[0, idx(480), idx(300)] < 0


def test_defend_cap_changes_nothing_when_defenders_take_no_tricks():
    counts, thrown = counts_of([(DEALER, "6S", 10, 4), (DEALER, "7H", 10, 1), (OTHER, "MIS", 0, 3),
                                (OTHER, "MIS", 1, 2), (DEALER, "OPENMIS", 3, 1)], thrown=2)
    base = eq.solve(counts, thrown, cap=SMALL_CAP)
    for cap_rule in ("490", "480"):
        assert np.array_equal(eq.solve(counts, thrown, Options(defend_cap=cap_rule), SMALL_CAP), base)


# ----------------------------------------------------------------------------- input
@pytest.mark.parametrize("text, needle", [
    ("380-440", "US:THEM"), ("abc", "US:THEM"), ("", "US:THEM"), ("380:", "US:THEM"),
    ("385:440", "not a multiple of 10"), ("380:445", "not a multiple of 10"),
    ("-500:0", "the game is over"), ("0:-510", "the game is over"), ("1.5:0", "US:THEM"),
])
def test_parse_score_errors(text, needle):
    with pytest.raises(InputError, match=needle) as err:
        eq.parse_score(text)
    assert "\n" not in str(err.value)


def test_parse_score_and_win_probability_input(plausible):
    assert eq.parse_score("380:440") == (380, 440)
    assert eq.parse_score(" -120 : +600 ") == (-120, 600)
    _, _, p = plausible
    assert at(p, 700, 0) > at(p, 490, 0)                 # ≥ 500 on defence is a state like any
    assert at(p, 5000, 0) == at(p, SMALL_CAP, 0)         # above the cap: the cap
    for bad in [(385, 0), (0, -500), (1.0, 0), (True, 0), ("10", 0)]:
        with pytest.raises(InputError):
            eq.win_probability(*bad, True, p)
    with pytest.raises(InputError, match="--dealer"):
        eq.parse_dealer("north")


def test_outcome_table_checks_and_merges():
    counts, thrown = counts_of([(DEALER, "MIS", 1, 3), (DEALER, "MIS", 7, 2), (OTHER, "6S", 10, 1),
                                (OTHER, "7S", 10, 4)], thrown=10)
    out = eq.outcome_table(counts, thrown)
    # misère failed with 1 or 7 tricks is one outcome, so is the slam (250, 0) of 6♠ and 7♠
    assert sorted(zip(out.dealer, out.points, out.defend, out.made, out.prob)) == [
        (0, 250, 0, 1, 0.25), (1, -250, 0, 0, 0.25)]
    assert out.p_thrown == 0.5 and out.deals == 20
    with pytest.raises(ValueError, match="never ends"):
        eq.outcome_table(np.zeros((2, len(ALL_CONTRACTS), 11), np.int64), 10)
    with pytest.raises(ValueError, match="ever made"):          # the game need not end
        eq.outcome_table(counts_of([(DEALER, "6S", 5, 3), (OTHER, "MIS", 2, 1)])[0], 1)
    with pytest.raises(ValueError, match="shape"):
        eq.outcome_table(np.zeros((2, 11), np.int64), 0)


# ----------------------------------------------------------------------------- the cached table
def stub_auction(monkeypatch, calls):
    """A stand-in ``selfplay`` module for the cache tests only: deal_outcomes returns a
    hand-made distribution (the seed shifts it) and records each call."""
    def deal_outcomes(deals, seed, options, threads=None, progress=False):
        calls.append((deals, seed))
        counts, thrown = counts_of([(DEALER, "7H", 7, 30 + seed), (DEALER, "6S", 4, 20), (OTHER, "6D", 6, 25),
                                    (OTHER, "8S", 7, 15), (DEALER, "MIS", 0, 5)])
        return counts, deals - int(counts.sum()), deals
    module = types.ModuleType("analyzer.games.five_hundred.selfplay")
    module.deal_outcomes = deal_outcomes
    monkeypatch.setitem(sys.modules, "analyzer.games.five_hundred.selfplay", module)


def test_cache_round_trip(monkeypatch, tmp_path):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    calls = []
    stub_auction(monkeypatch, calls)
    first = eq.equity_table(Options(), deals=1000, seed=3)
    assert calls == [(1000, 3)] and not first.cached and first.path.startswith(str(tmp_path))
    assert os.path.isfile(first.path) and not [f for f in os.listdir(os.path.dirname(first.path))
                                               if f.endswith(".tmp")]
    start = time.perf_counter()
    second = eq.equity_table(Options(), deals=1000, seed=3)
    assert time.perf_counter() - start < 0.5
    assert calls == [(1000, 3)] and second.cached and second.path == first.path
    assert np.array_equal(first.p, second.p) and np.array_equal(first.counts, second.counts)
    assert second.thrown == first.thrown and second.deals == 1000
    # another seed, other rules or other code: another table
    assert eq.equity_table(Options(), deals=1000, seed=4).path != first.path
    assert eq.equity_table(Options(defend_cap="490"), deals=1000, seed=3).path != first.path
    monkeypatch.setattr(eq, "code_version", lambda: "another-version")
    assert eq.cache_path(Options(), 1000, 3)[0] != first.path
    assert len(calls) == 3


def test_cache_damaged_file_is_rebuilt_and_a_stopped_run_is_not_cached(monkeypatch, tmp_path):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    calls = []
    stub_auction(monkeypatch, calls)
    path, _ = eq.cache_path(Options(), 1000, 0)
    os.makedirs(os.path.dirname(path))
    with open(path, "wb") as fh:
        fh.write(b"not a table")
    table = eq.equity_table(Options(), deals=1000, seed=0)
    assert calls and not table.cached and table.path == path
    assert eq.equity_table(Options(), deals=1000, seed=0).cached

    def short(deals, seed, options, threads=None, progress=False):   # Ctrl-C after 400 deals
        raise Interrupted("stopped after 400 of 2,000 deals; rerun with --resume to continue")
    sys.modules["analyzer.games.five_hundred.selfplay"].deal_outcomes = short
    with pytest.raises(Interrupted):
        eq.equity_table(Options(), deals=2000, seed=0)
    assert not os.path.exists(eq.cache_path(Options(), 2000, 0)[0])


def test_cache_dir_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "a"))
    assert eq.cache_dir() == str(tmp_path / "a")
    monkeypatch.delenv("ANALYZER_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "x"))
    assert eq.cache_dir() == str(tmp_path / "x" / "analyzer")


# ----------------------------------------------------------------------------- the question and CLI
@pytest.mark.parametrize("args, needle", [
    (["--score", "380-440"], "US:THEM"), (["--score", "abc"], "US:THEM"),
    (["--score", "385:440"], "multiple of 10"), (["--score=-500:0"], "the game is over"),
    (["--score", "380:440", "--dealer", "north"], "--dealer"),
    (["--score", "380:440", "--rule", "defend_cap=500"], "defend_cap"),
    (["--score", "380:440", "--deals", "0"], "--deals"),
    ([], "--score"),
])
def test_cli_bad_input_one_line_exit_2(args, needle, capsys):
    r = cli_result(["500", "equity", *args], capsys)
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], r.stderr


def test_cli_equity_and_table_out(monkeypatch, tmp_path, capsys):
    """In-process, with the stand-in deal outcomes: text, JSON and the --table-out files."""
    from analyzer.cli.main import main

    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    stub_auction(monkeypatch, [])
    out_dir = tmp_path / "tables"
    with pytest.raises(SystemExit) as done:
        main(["500", "equity", "--score", "380:440", "--deals", "1000", "--table-out", str(out_dir)])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "we deal next" in text and "they deal next" in text and "[" in text
    assert sorted(os.listdir(out_dir)) == ["equity.csv", "equity.md", "equity.png"]
    import pandas as pd
    frame = pd.read_csv(out_dir / "equity.csv")
    n = len(eq.grid())
    assert list(frame.columns) == ["we_deal", "us", "them", "p_win"] and len(frame) == 2 * n * n
    row = frame[(frame.we_deal == 0) & (frame.us == 380) & (frame.them == 440)]
    md = (out_dir / "equity.md").read_text()
    assert "analyzer five-hundred equity --score 380:440 --deals 1000 --seed 0 --table-out" in md
    assert f"2 × {n} × {n}" in md

    with pytest.raises(SystemExit):
        main(["500", "equity", "--score", "380:440", "--deals", "1000", "--dealer", "them", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["question"] == "equity" and data["cached"] and data["dealer"] == "them"
    assert [o["dealer"] for o in data["options"]] == ["them"]
    assert abs(data["options"][0]["p_win"] - float(row.p_win.iloc[0])) < 1e-8
    near = data["neighbourhood"]["them"]
    assert near["us"] == [280, 330, 380, 430, 480] and near["them"] == [340, 390, 440, 490, 540]
    assert near["p_win"][2][2] == data["options"][0]["p_win"]
    assert 0 < data["p_thrown"] < 1 and 0 < data["p_dealer_contracts"] < 1


def test_equity_from_self_play(monkeypatch, tmp_path):
    from analyzer.games.five_hundred.selfplay import deal_outcomes
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    one = eq.equity_table(Options(), deals=4000, seed=1, threads=1)
    assert not one.cached
    # the counts the table is solved from are the same on any number of threads
    counts, thrown, n = deal_outcomes(4000, 1, Options(), threads=2)
    assert np.array_equal(one.counts, counts) and one.thrown == thrown and n == 4000
    assert one.counts.shape == (2, len(ALL_CONTRACTS), 11) and one.deals == 4000
    assert int(one.counts.sum()) + one.thrown == 4000
    assert eq.equity_table(Options(), deals=4000, seed=1, threads=2).cached            # now read, on any threads
    assert abs((at(one, 0, 0, True) + at(one, 0, 0, False)) / 2 - 0.5) < 1e-9   # by symmetry, whatever the counts
    answer = eq.equity("380:440", deals=4000, seed=1)
    assert answer.meta["cached"] and len(answer.table) == 2


def test_cli_equity_from_self_play(tmp_path):
    env = dict(os.environ, ANALYZER_CACHE=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "500", "equity", "--score", "380:440",
                        "--deals", "2000", "--json"], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["deals"] == 2000 and [o["dealer"] for o in data["options"]] == ["us", "them"]
