"""Euchre game equity (``games.euchre.equity``): the chain against hand-computed values,
the self-play table's exact symmetry and monotonicity, the cache, and the order/call
questions with --score (P(win) per action, the recommendation by it, the CLI)."""

import json
from math import comb

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.games.euchre import equity as eq
from analyzer.games.euchre.questions import call, order
from analyzer.games.euchre.rules import Options
from analyzer.games.euchre.scoring import N_OUTCOMES, OUTCOMES
from tests.cli_run import run_cli

O = {name: i for i, name in enumerate(OUTCOMES)}
G = 10


def dist(when_we_deal: dict, when_they_deal: dict | None = None) -> np.ndarray:
    """p[d, outcome] from {outcome name: probability} for each dealing side."""
    p = np.zeros((2, N_OUTCOMES))
    for d, spec in enumerate((when_we_deal, when_they_deal or when_we_deal)):
        for name, x in spec.items():
            p[d, O[name]] = x
    return p


# ----------------------------------------------------------------------------- the chain
def test_we_always_make_one_wins_every_game():
    v = eq.solve(dist({"we_make": 1.0}))
    assert v.shape == (2, G, G) and np.all(v == 1.0)
    assert np.all(eq.solve(dist({"they_euchred": 0.5, "redeal": 0.5})) == 1.0)
    assert np.all(eq.solve(dist({"they_make": 1.0})) == 0.0)


def test_dealer_always_makes_one_alternates_points():
    """The dealer's side makes 1 every hand: the sides score in turn, so the side dealing
    next wins exactly when it is not behind (we deal: hand 2k-1 is our k-th point)."""
    v = eq.solve(dist({"we_make": 1.0}, {"they_make": 1.0}))
    for us in range(G):
        for them in range(G):
            assert v[0, us, them] == (1.0 if us >= them else 0.0)
            assert v[1, us, them] == (1.0 if us > them else 0.0)


def test_coin_flips_with_redeals_are_gamblers_ruin():
    """A point to either side with equal chance, 30% of hands redealt (which only delays):
    P(win) = P(10-us successes before 10-them failures) of fair coin flips."""
    v = eq.solve(dist({"we_make": 0.35, "they_make": 0.35, "redeal": 0.3}))
    for us in range(G):
        for them in range(G):
            a, b = G - us, G - them
            exact = sum(comb(a - 1 + k, k) * 0.5 ** (a + k) for k in range(b))
            assert v[0, us, them] == pytest.approx(exact, abs=1e-12)
            assert v[1, us, them] == pytest.approx(exact, abs=1e-12)
    assert v[0, 9, 9] == pytest.approx(0.5) and v[0, 9, 8] == pytest.approx(0.75)


def test_redeal_passes_the_deal():
    """At 9:9 the dealer's side makes 1 (and wins), else the hand is redealt by the other
    side: P(we win | we deal) = (1-r) / (1-r^2) = 1 / (1+r)."""
    r = 0.4
    v = eq.solve(dist({"we_make": 1 - r, "redeal": r}, {"they_make": 1 - r, "redeal": r}))
    assert v[0, 9, 9] == pytest.approx(1 / (1 + r), abs=1e-15)
    assert v[1, 9, 9] == pytest.approx(r / (1 + r), abs=1e-15)


def test_outcome_points_reach_ten():
    v = eq.solve(dist({"we_make": 0.4, "they_make": 0.4, "we_euchred": 0.1, "they_euchred": 0.1}))
    after = eq.values_after(v, 8, 9, we_deal_now=True)
    assert after[O["we_march"]] == after[O["we_lone_march"]] == after[O["they_euchred"]] == 1.0
    assert after[O["they_make"]] == after[O["we_euchred"]] == 0.0
    assert after[O["we_make"]] == v[1, 9, 9] and after[O["redeal"]] == v[1, 8, 9]
    assert eq.values_after(v, 0, 0, we_deal_now=False)[O["we_make"]] == v[0, 1, 0]


def test_bad_distributions():
    with pytest.raises(ValueError, match="never ends"):
        eq.solve(dist({"redeal": 1.0}))
    with pytest.raises(ValueError):
        eq.solve(np.full((2, N_OUTCOMES), 0.5))


# ----------------------------------------------------------------------------- self-play
@pytest.fixture(scope="module", params=[2, 4])
def table(request):
    return eq.equity_table(Options.make(request.param))


def test_self_play_table_is_exactly_symmetric(table):
    """No draws and the outcome distribution pooled by the dealing side: P(us, them, we deal)
    + P(them, us, they deal) = 1 at every score (so at us = them the two sides sum to 1)."""
    p = table.p
    for us in range(G):
        for them in range(G):
            assert p[0, us, them] + p[1, them, us] == pytest.approx(1.0, abs=1e-12)
        assert p[0, us, us] + p[1, us, us] == pytest.approx(1.0, abs=1e-12)
    assert table.hist.sum() == table.deals == eq.DEFAULT_DEALS
    assert table.se.max() < 0.001             # the self-play sample's error on P(win)


def test_self_play_table_is_monotone(table):
    """More points for us never hurt, for them never help (exact for any distribution that
    ignores the score: couple the two games hand by hand); at 9:x P(win) falls with x,
    with our deal and theirs, and at 9:9 the dealer's side is the favourite."""
    p = table.p
    assert np.all(np.diff(p, axis=1) >= -1e-12) and np.all(np.diff(p, axis=2) <= 1e-12)
    for d in (0, 1):
        assert np.all(np.diff(p[d, 9, :]) <= 0)
    assert p[0, 9, 9] > 0.6 and p[1, 9, 9] < 0.4
    assert np.all((p > 0) & (p < 1))


def test_table_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    o = Options.make(2, 24, True)          # stick the dealer: no redeals
    first = eq.equity_table(o, deals=20_000, seed=3)
    assert not first.cached and first.path.startswith(str(tmp_path))
    assert first.hist[:, O["redeal"]].sum() == 0
    eq._table.cache_clear()
    again = eq.equity_table(o, deals=20_000, seed=3)
    assert again.cached and np.array_equal(again.p, first.p) and np.array_equal(again.se, first.se)
    other = eq.equity_table(o, deals=20_000, seed=4)
    assert other.path != first.path and not np.array_equal(other.hist, first.hist)


@pytest.mark.parametrize("text, pair", [("8:9", (8, 9)), (" 0 : 9 ", (0, 9)), (None, None)])
def test_parse_score(text, pair):
    assert eq.parse_score(text) == pair


@pytest.mark.parametrize("text", ["10:3", "3:10", "8-9", "-1:3", "a:b", "8:9:1", ""])
def test_parse_score_rejects(text):
    with pytest.raises(InputError, match="--score"):
        eq.parse_score(text)


# ----------------------------------------------------------------------------- questions
def outcome_shares(row) -> np.ndarray:
    """Every outcome's share, in ``OUTCOMES`` order, from a scored row's p_* columns."""
    return np.array([row.p_make - row.p_march, row.p_march - row.p_lone_march, row.p_lone_march,
                     row.p_euchred, row.p_they_make - row.p_they_march - row.p_they_lone_march,
                     row.p_they_march, row.p_they_lone_march, row.p_they_euchred, row.p_redeal])


def check_p_win(answer, us, them, we_deal_now):
    t = answer.table
    table = eq.equity_table(Options.make(answer.meta["players"]))
    after = eq.values_after(table, us, them, we_deal_now)
    for row in t.itertuples():
        shares = outcome_shares(row)
        assert shares.min() >= -1e-12 and shares.sum() == pytest.approx(1.0)
        assert row.p_win == pytest.approx(float(shares @ after), abs=1e-12)
        assert row.p_win_lo <= row.p_win <= row.p_win_hi and row.p_win_se >= 0
    top = t.loc[t["p_win"].idxmax()]
    assert answer.best == top["action"]
    assert answer.recommendation.startswith(top["label"])
    from analyzer.fmt import percent
    assert f"P(win the game) {percent(top['p_win'])}" in answer.recommendation
    assert answer.meta["score"] == f"{us}:{them}" and answer.meta["we_deal"] == we_deal_now
    assert answer.meta["equity"]["p_win_now"] == table.win(us, them, we_deal_now)


def test_order_with_score_recommends_by_p_win():
    """Four-handed, the dealer's partner with the top five trumps (the dealer picks up the
    queen) at 8:9: ordering up wins outright on a march, about half the time; alone, the
    dealer sits out with the queen and the lone hand rarely marches.  Without a score the
    same deals give the same table, less the P(win) columns."""
    kw = dict(players=4, seat=2, deals=3000)
    a = order("JS JC AS KS 9H", "QS", score="8:9", **kw)
    check_p_win(a, 8, 9, True)
    assert a.best == "order" and "expected +" in a.recommendation and "points of P(win)" in a.recommendation
    plain = order("JS JC AS KS 9H", "QS", **kw)
    assert plain.meta["score"] is None and "p_win" not in plain.table
    assert plain.table.equals(a.table[plain.table.columns])        # the EV and the rest unchanged


def test_call_and_dealer_with_score():
    c = call("JH QH AD 9S KC", "9D", players=4, seat=1, deals=2000, score="5:7")
    check_p_win(c, 5, 7, False)
    d = order("JH AH KH AS 9C", "9H", dealer="me", deals=2000, score="9:6")
    check_p_win(d, 9, 6, True)
    discards = d.meta["discards"]["accept"]
    assert [x["p_win"] for x in discards] == sorted((x["p_win"] for x in discards), reverse=True)
    accept = d.table.set_index("action").loc["accept"]
    assert accept["discard"] == discards[0]["discard"] and accept["p_win"] == discards[0]["p_win"]


def test_cli_score(capsys):
    args = ["euchre", "order", "JS JC AS KS 9H", "--upcard", "QS", "--players", "4", "--seat", "2",
            "--deals", "500", "--score", "8:9"]
    code, out, err = run_cli(args, capsys)
    assert code == 0, err
    assert "score 8:9 (you:them)" in out and "P(win)" in out and "Recommendation: order up: P(win the game)" in out
    assert "equity table of 1,000,000 self-play hands" in err
    code, out, err = run_cli(args + ["--json"], capsys)
    got = json.loads(out)
    assert got["score"] == "8:9" and {"p_win", "p_win_se", "p_win_lo", "p_win_hi"} <= set(got["options"][0])
    code, out, err = run_cli(args[:-2] + ["--json"], capsys)
    assert json.loads(out)["score"] is None


@pytest.mark.parametrize("score, needle", [("10:3", "0 to 9"), ("8-9", "US:THEM"), ("9:-1", "US:THEM")])
def test_cli_bad_score_one_line_exit_2(capsys, score, needle):
    for question, card in (("order", "--upcard"), ("call", "--turned-down")):
        code, out, err = run_cli(["euchre", question, "JH QH AD 9S KC", card, "9H", "--score", score], capsys)
        assert code == 2 and out == ""
        lines = err.strip().splitlines()
        assert len(lines) == 1 and needle in lines[0], err
