"""Duplicate matches of play models (``sim.match``, each game's ``match.py``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analyzer.sim.match import REC_SIZE, S_D, S_D2, S_GC, S_GD, S_PLAYED, sums
from analyzer.sim.models import match_seats
from tests.cli_run import run_cli


def test_match_seats_swap_the_models():
    # the contracting side 0b0101 at four seats: A single-dummy, B heuristic
    assert match_seats(5, 4, True, False, 0) == 5
    assert match_seats(5, 4, True, False, 1) == 10
    assert match_seats(5, 4, False, True, 0) == 10
    assert match_seats(5, 4, False, True, 1) == 5
    assert match_seats(5, 4, True, True, 0) == match_seats(5, 4, True, True, 1) == 15
    assert match_seats(3, 5, False, False, 1) == 0


def test_sums_of_records():
    rec = np.array([[1, 10, 4, 6, 1, 0, 1, 0], [0, 0, 0, 0, 0, 0, 0, 0], [1, -3, 5, 1, 0, 1, 0, 1]], np.int64)
    assert rec.shape[1] == REC_SIZE
    s = sums(rec, 2)
    assert s[S_PLAYED] == 2
    d = np.array([(10 - 4) / 2, (-3 - 5) / 2])
    assert s[S_D] == d.sum() and s[S_D2] == (d * d).sum()
    # the gains as contractor (A - baseline) and as defender (baseline - B) add up to d
    assert s[S_GC] == (10 - 6 - 3 - 1) / 2 and s[S_GD] == (6 - 4 + 1 - 5) / 2
    assert s[S_GC] + s[S_GD] == s[S_D]
    # by kind: every deal, then kinds 0 and 1
    by = sums(rec, 2, 2).reshape(3, -1)
    assert (by[0] == s).all() and by[1][S_PLAYED] == 1 and by[2][S_PLAYED] == 1
    assert by[1][S_D] + by[2][S_D] == s[S_D]


@pytest.mark.parametrize("game, kw", [("five_hundred", {"players": 4}), ("five_hundred", {"players": 3}),
                                      ("five_hundred", {"players": 5}), ("euchre", {"players": 2}),
                                      ("euchre", {"players": 4}), ("sheepshead", {})])
def test_a_model_against_itself_is_exactly_zero(game, kw):
    import importlib
    ask = importlib.import_module(f"analyzer.games.{game}.match").match
    a = ask("heuristic", "heuristic", deals=600, seed=3, threads=2, **kw)
    assert a.meta["played"] > 0
    assert a.meta["a_minus_b"] == 0 and a.meta["se"] == 0
    assert a.table["net"].iloc[0] == a.table["net"].iloc[1]
    a = ask("pimc", "pimc", deals=6, seed=3, worlds=4, threads=2, **kw)
    if kw.get("players") == 5:
        # the five-handed policy bids misère on about half the deals, against four
        # defenders: beyond the solver, so left out rather than played heuristically
        assert a.meta["left_out"] > 0 and a.meta["left_out"] + a.meta["played"] == 6
        assert a.meta["a_minus_b"] == 0
    else:
        assert a.meta["left_out"] == 0
        assert a.meta["a_minus_b"] == 0 and a.meta["p_make_a_minus_b"] == 0


def test_the_weaker_model_loses_from_both_seats():
    """On the same deals, single-dummy makers do better than heuristic makers against the
    heuristic (A's row against the baseline, the heuristic everywhere), and heuristic
    makers do worse against single-dummy defenders than against heuristic ones (B's
    row): the seats really swap."""
    from analyzer.games.euchre.match import match
    base = match("heuristic", "heuristic", deals=400, seed=5, players=4)
    m = match("pimc", "heuristic", deals=400, seed=5, players=4, worlds=16)
    net = m.table.set_index("side")["net"]
    assert net["baseline"] == base.table["net"].iloc[0]
    assert m.meta["played"] == base.meta["played"]
    assert net["A"] > net["baseline"] > net["B"]
    assert m.meta["a_gain_contracting"] > 0 and m.meta["a_gain_defending"] > 0 and m.meta["lo"] > 0
    assert m.meta["a_gain_contracting"] + m.meta["a_gain_defending"] == pytest.approx(m.meta["a_minus_b"])
    # the mirror match is the same match seen from the other side
    r = match("heuristic", "pimc", deals=400, seed=5, players=4, worlds=16)
    assert r.meta["a_minus_b"] == pytest.approx(-m.meta["a_minus_b"])
    assert r.table["net"].iloc[0] == m.table["net"].iloc[1]


def test_same_answer_on_one_and_two_threads():
    from analyzer.games.sheepshead.match import match
    one = match("pimc", "heuristic", deals=24, seed=2, worlds=4, threads=1)
    two = match("pimc", "heuristic", deals=24, seed=2, worlds=4, threads=2)
    assert one.meta["a_minus_b"] == two.meta["a_minus_b"]
    assert one.table.equals(two.table)


def test_cli_match(capsys):
    code, out, err = run_cli(["match", "euchre", "--a", "heuristic", "--b", "heuristic", "--deals", "300",
                              "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["a_minus_b"] == 0 and got["played"] > 0 and len(got["options"]) == 3
    code, out, err = run_cli(["match", "500", "--players", "7", "--a", "heuristic"], capsys)
    assert code == 2 and err.count("\n") == 1 and "--players" in err
    code, out, err = run_cli(["match", "pinochle", "--players", "5"], capsys)
    assert code == 2 and err.count("\n") == 1 and "Pinochle" in err
    code, out, err = run_cli(["match", "sheepshead", "--a", "heuristic", "--b", "heuristic", "--deals", "200"],
                             capsys)
    assert code == 0 and "A - B: +0.00 points a deal" in out
