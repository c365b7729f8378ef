"""The agreement benchmark (``sim.trust``, each game's ``trust.py``, ``analyzer trust``)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from analyzer.answer import Answer
from analyzer.sim.trust import Bench, Decision, compare, summary
from tests.cli_run import run_cli


def _answer(evs, ses):
    table = pd.DataFrame({"action": list(evs), "ev": list(evs.values()), "ev_se": ses})
    return Answer("g", "q", table, "", "")


def test_compare_values_the_fast_choice_by_the_strong_model():
    bench = Bench("g", "pimc", 1, 1, [], None, lambda t: t["action"])
    d = Decision("bid", {}, "x")
    fast = _answer({"pass": 1.0, "bid": 0.5}, [0.1, 0.1])
    strong = _answer({"pass": 0.2, "bid": 0.9}, [0.1, 0.2])
    row = compare(bench, d, fast, strong)
    assert row["fast"] == "pass" and row["strong"] == "bid" and not row["agree"]
    assert row["regret"] == pytest.approx(0.7)
    assert row["regret_se"] == pytest.approx((0.1 ** 2 + 0.2 ** 2) ** 0.5)
    assert row["clear"]                               # 0.7 > 2 * 0.224
    same = compare(bench, d, strong, strong)
    assert same["agree"] and same["regret"] == 0 and not same["clear"]
    # a disallowed option is never the recommendation
    bench.allowed = lambda t: t["action"] != "bid"
    assert compare(bench, d, fast, strong)["strong"] == "pass"


def test_summary():
    rows = pd.DataFrame({"agree": [True, True, False, True], "regret": [0.0, 0.0, 0.4, 0.0],
                         "clear": [False, False, True, False]})
    s = summary(rows)
    assert s["decisions"] == 4 and s["agree"] == 0.75 and s["mean_regret"] == pytest.approx(0.1)
    assert s["agree_lo"] < 0.75 < s["agree_hi"] and s["regret_lo"] < 0.1 < s["regret_hi"] and s["clear"] == 0.25


@pytest.mark.parametrize("game", ["euchre", "sheepshead", "five_hundred"])
def test_decisions_are_reproducible_from_the_seed(game):
    import importlib
    decisions = importlib.import_module(f"analyzer.games.{game}.trust").decisions
    a = decisions(12, 7)
    assert [d.kwargs for d in a] == [d.kwargs for d in decisions(12, 7)]
    assert [d.kwargs for d in a[:5]] == [d.kwargs for d in decisions(5, 7)]     # --decisions may grow
    assert [d.kwargs for d in a] != [d.kwargs for d in decisions(12, 8)]


def test_decisions_arise_under_the_policy():
    """Every Five Hundred decision's auction is the policy's calls, and every Euchre and
    Sheepshead decision is a turn the auction reached."""
    from analyzer.games.five_hundred.questions import bid
    from analyzer.games.five_hundred.trust import decisions
    for d in decisions(6, 3):
        bid(**d.kwargs, deals=64, seed=1)           # the question accepts the position (a legal auction)
    from analyzer.games.euchre.trust import decisions as e
    from collections import Counter
    # every seat's order and call in turn (issue 40: the calls came from seats 1 and 2 only)
    assert Counter((d.kind, d.kwargs["seat"]) for d in e(64, 1)) == {(k, s): 8 for k in ("order", "call")
                                                                     for s in (1, 2, 3, 4)}
    assert {d.kwargs["seat"] for d in e(8, 1, players=2)} == {1, 2}


def test_cli_trust(capsys, tmp_path):
    out = tmp_path / "t.csv"
    args = ["trust", "euchre", "--decisions", "2", "--fast-deals", "400", "--strong-deals", "40", "--worlds", "4",
            "--out", str(out)]
    code, stdout, err = run_cli(args + ["--json"], capsys)
    assert code == 0, err
    got = json.loads(stdout)
    rows = pd.read_csv(out)
    assert got["decisions"] == 2 and len(rows) == 2
    assert got["agree"] == rows["agree"].mean()                  # computed, not stored
    code, _, err = run_cli(args, capsys)                       # a used --out is refused
    assert code == 2 and "--resume" in err
    code, stdout, err = run_cli(args[:3] + ["3"] + args[4:] + ["--resume", "--json"], capsys)
    assert code == 0, err
    assert json.loads(stdout)["decisions"] == 3 and len(pd.read_csv(out)) == 3
    code, _, err = run_cli(["trust", "euchre", "--strong", "dd"], capsys)
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize("game", ["rummy500", "pinochle"])
def test_cli_trust_of_a_rule(game, capsys, tmp_path):
    """Rummy 500's draws and Pinochle's calls: the players' rule against the question
    asked from that seat; the same seed, the same answer; no fast simulation to size."""
    out = tmp_path / "r.csv"
    args = ["trust", game, "--decisions", "3", "--strong-deals", "300", "--threads", "1", "--out", str(out)]
    code, stdout, err = run_cli(args + ["--json"], capsys)
    assert code == 0, err
    got = json.loads(stdout)
    assert got["decisions"] == 3 and got["fast_deals"] == 0 and got["strong"] == "simulation"
    code, stdout, err = run_cli(args[:-2] + ["--json"], capsys)
    assert code == 0 and json.loads(stdout)["agree"] == got["agree"]
    code, _, err = run_cli(["trust", game, "--fast-deals", "10"], capsys)
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize("args, words", [(["five-hundred", "--players", "2"], "five-hundred benchmark is for 4 "),
                                         (["sheepshead", "--players", "4"], "is for 5 players, not 4"),
                                         (["pinochle", "--players", "2"], "is for 3 or 4 players, not 2")])
def test_a_table_size_the_benchmark_lacks_is_refused(args, words, capsys):
    """The table sizes are the registry's (``Game.trust_players``): none is ignored."""
    code, _, err = run_cli(["trust"] + args + ["--decisions", "1"], capsys)
    assert code == 2 and words in err and err.count("\n") == 1


def test_a_refused_decision_is_kept_as_skipped_and_left_out_of_the_summary(tmp_path):
    from analyzer.errors import InputError
    from analyzer.sim.trust import run_trust

    def ask(d, play, deals, seed, worlds, threads):
        if d.label == "rare":
            raise InputError("the calls heard are rare under the bidding policy")
        evs = {"pass": 1.0, "bid": 0.5} if play == "heuristic" else {"pass": 0.2, "bid": 0.9}
        return _answer(evs, [0.1, 0.1])

    decisions = [Decision("bid", {}, "a"), Decision("bid", {}, "rare"), Decision("bid", {}, "b")]
    bench = Bench("g", "pimc", 1, 1, decisions, ask, lambda t: t["action"])
    out = str(tmp_path / "t.csv")
    a = run_trust(bench, 0, None, out=out)
    assert a.meta["decisions"] == 2 and a.meta["agree"] == 0.0
    assert list(a.table["skipped"]) == ["", "the calls heard are rare under the bidding policy", ""]
    assert any("refused" in n for n in a.notes)
    back = pd.read_csv(out)
    assert len(back) == 3 and back["skipped"].fillna("").tolist()[1].startswith("the calls heard")
    assert summary(back)["decisions"] == 2            # the file's rows summarise the same
    bench.decisions = [Decision("bid", {}, "rare")]
    with pytest.raises(InputError, match="none of the 1 decisions"):
        run_trust(bench, 0, None)


def test_resume_compares_the_table_size_and_the_code_as_report_check_does(tmp_path):
    """A stopped benchmark is continued only with its table size and by code whose files
    that decide it are unchanged (``stamp.compare``: a file the stamp no longer covers does
    not count); a file without the table size recorded is taken to be of the one asked."""
    from analyzer.errors import InputError
    from analyzer.sim.trust import run_trust

    def ask(d, play, deals, seed, worlds, threads):
        return _answer({"pass": 1.0, "bid": 0.5} if play == "heuristic" else {"pass": 0.2, "bid": 0.9}, [0.1, 0.1])

    first = [Decision("bid", {}, "a")]
    bench = Bench("rummy500", "pimc", 1, 1, first, ask, lambda t: t["action"])
    out, meta = str(tmp_path / "t.csv"), tmp_path / "t.csv.json"
    run_trust(bench, 0, None, out=out, players=4)
    side = json.loads(meta.read_text())
    assert side["players"] == 4 and side["code"]["game"] == "rummy500"
    bench.decisions = first + [Decision("bid", {}, "b")]
    with pytest.raises(InputError, match="other parameters"):
        run_trust(bench, 0, None, out=out, resume=True, players=3)
    side["code"]["files"]["report/rummy500.py"] = "0" * 16      # outside a trust file's scope
    side["code"]["stamp"] = "0" * 12
    del side["players"]
    meta.write_text(json.dumps(side))
    assert run_trust(bench, 0, None, out=out, resume=True, players=4).meta["decisions"] == 2
    side = json.loads(meta.read_text())
    name = next(iter(side["code"]["files"]))
    side["code"]["files"][name] = "0" * 16                      # a file that decides it
    side["code"]["stamp"] = "0" * 12
    meta.write_text(json.dumps(side))
    bench.decisions = bench.decisions + [Decision("bid", {}, "c")]
    with pytest.raises(InputError, match="begun by other code"):
        run_trust(bench, 0, None, out=out, resume=True, players=4)
