"""The game of Five Hundred at 2, 3, 5 and 6 players (``tablegame``): P(win) from the
score.  The game's end against the four-handed kernel (two units) and a plain-Python
reading of the rule; the Monte Carlo continuation against the exact chain of a two-unit
table and against an exact plain-Python solution of a small three-unit game; the
outcomes merged from self-play; the bid question with ``--score`` at every size (the
same answer on 1 and 2 threads); bad input."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from analyzer.games.five_hundred import tablegame as T
from analyzer.games.five_hundred.deck import table
from analyzer.games.five_hundred.equity import GRID_LO, NO_DEFEND_CAP, STEP, after_deal, p_win_after
from analyzer.games.five_hundred.rules import Options
from tests.cli_run import run_cli

HAND = "AS KS QS JS 10S AH KH 9C 8D 7D"         # a hand at every table size
SELF_PLAY = 20_000


@pytest.fixture
def small_tables(monkeypatch, tmp_path):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    monkeypatch.setattr(T, "DEFAULT_DEALS", SELF_PLAY)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_compositions(n):
    rank_of, vectors = T.compositions(n)
    assert len(vectors) == math.comb(10 + n - 1, n - 1)
    assert (vectors.sum(axis=1) == 10).all() and len({tuple(v) for v in vectors}) == len(vectors)
    for r, v in enumerate(vectors):
        assert rank_of[sum(int(t) * 11 ** j for j, t in enumerate(v))] == r
    assert (rank_of >= 0).sum() == len(vectors)


def test_two_unit_end_is_the_four_handed_rule():
    """add_deal + end_of_deal with two units give equity.after_deal's totals and verdict
    on random deals (both defend caps)."""
    rng = random.Random(5)
    for _ in range(4000):
        us, them = (rng.randrange(-49, 100) * 10 for _ in range(2))
        ours = rng.random() < 0.5
        made = rng.random() < 0.5
        points = rng.choice([40, 120, 250, 500, 520]) * (1 if made else -1)
        defend = rng.randrange(0, 11) * 10
        cap = rng.choice([NO_DEFEND_CAP, np.int64(490)])
        status, new_us, new_them = after_deal(np.int64(us), np.int64(them), ours, np.int64(points),
                                              np.int64(defend), made, cap)
        tot = np.array([us, them], np.int64)
        delta = np.array([points, defend] if ours else [defend, points], np.int64)
        side = T.add_deal(tot, 2, 0, delta, 1 if ours else 2, cap)
        assert list(tot) == [new_us, new_them]
        assert T.end_of_deal(tot, 2, side, made, 0) == float(status)


def reference_end(tot, side_units, made, me):
    """The game's end as the module docstring says it, in plain Python."""
    if made:
        won = [u for u in side_units if tot[u] >= 500]
        if won:
            return 1.0 if me in won else 0.0
    out = [u for u, t in enumerate(tot) if t <= -500]
    if not out:
        return -1.0
    if me in out:
        return 0.0
    rest = [t for u, t in enumerate(tot) if u not in out]
    return 1.0 / rest.count(max(rest)) if tot[me] == max(rest) else 0.0


def test_end_of_deal_matches_the_rule_with_more_units():
    rng = random.Random(7)
    for _ in range(4000):
        n = rng.choice([3, 5])
        tot = np.array([rng.choice([-520, -500, -250, 0, 250, 490, 500, 520]) for _ in range(n)], np.int64)
        side = rng.sample(range(n), rng.choice([1, 2]))
        made = rng.random() < 0.5
        mask = sum(1 << u for u in side)
        me = rng.randrange(n)
        assert T.end_of_deal(tot, n, mask, made, me) == reference_end(list(tot), side, made, me)


def mc(game_arrays, n_units, n_seats, tot, dealer, me, n_games, cap=NO_DEFEND_CAP, seed=3):
    cum, delta, side, made = game_arrays
    p, unfinished = T.p_win_mc(cum, delta, side, made, n_units, n_seats, np.array(tot, np.int64), dealer, me,
                               n_games, np.uint64(seed), cap, np.zeros(n_units, np.int64))
    assert unfinished == 0
    return p


def test_monte_carlo_continuation_matches_the_exact_chain_at_two_units(small_tables):
    """Two-handed self-play outcomes: P(win) by games played on (p_win_mc, the outcomes
    merged by unit) within 4.5 SE of the exact chain of the same deals, dealing next or
    not; the same outcomes at six seats in two teams give the same values."""
    game = T.table_game(table(2), Options(), seed=1)
    assert game.n_units == 2 and game.p is not None and game.deals == SELF_PLAY
    arrays = T._outcomes(game.hist, 2, Options(), 2)
    assert int(arrays[0][-1]) == SELF_PLAY
    n_games = 20_000
    for us, them in ((0, 0), (380, 440), (-300, 200), (480, 100)):
        for we_deal in (1, 0):
            exact = p_win_after(game.p, GRID_LO, STEP, game.cap, us, them, we_deal)
            for n_seats, dealer in ((2, 0 if we_deal else 1), (6, 4 if we_deal else 3)):
                got = mc(arrays, 2, n_seats, [us, them], dealer, 0, n_games)
                se = math.sqrt(max(exact * (1 - exact), 1e-4) / n_games)
                assert abs(got - exact) < 4.5 * se, (us, them, we_deal, n_seats, got, exact)


def exact_three_unit(outcomes, cap, me):
    """P(me wins) of every (totals, dealer) of a small three-unit game, by value
    iteration in plain Python; ``outcomes``: (probability, deltas relative to the dealer,
    contracting units relative, made)."""
    lattice = [-250, 0, 250]
    states = [(a, b, c, d) for a in lattice for b in lattice for c in lattice for d in range(3)]
    value = {s: 0.0 for s in states}

    def after(s, o):
        tot, d = list(s[:3]), s[3]
        _, delta, side_rel, made = o
        side = []
        for j in range(3):
            u = (d + j) % 3
            if j in side_rel:
                tot[u] += delta[j]
                side.append(u)
            elif tot[u] < cap:
                tot[u] += delta[j]
        end = reference_end(tot, side, made, me)
        return end, (*tot, (d + 1) % 3)

    for _ in range(2000):
        change = 0.0
        for s in states:
            v = 0.0
            for o in outcomes:
                end, nxt = after(s, o)
                v += o[0] * (end if end >= 0 else value[nxt])
            change = max(change, abs(v - value[s]))
            value[s] = v
        if change < 1e-13:
            break
    return value


def test_monte_carlo_continuation_matches_an_exact_three_unit_game():
    """A made-up three-unit distribution whose scores stay on -250, 0, 250 (defensive
    points included, the defend cap at 250): p_win_mc within 4.5 SE of the exact
    solution at every dealer and several totals."""
    outcomes = [(0.35, (0, 250, 0), {1}, True), (0.25, (0, -250, 0), {1}, False),
                (0.15, (-250, 0, 250), {0}, False), (0.15, (0, 0, 0), set(), False),
                (0.10, (0, 0, 250), {2}, True)]
    counts = np.array([round(p * 100) for p, *_ in outcomes], np.int64)
    arrays = (np.cumsum(counts), np.array([o[1] for o in outcomes], np.int64),
              np.array([sum(1 << j for j in o[2]) for o in outcomes], np.int64),
              np.array([o[3] for o in outcomes], np.bool_))
    n_games = 20_000
    for me in (0, 2):
        exact = exact_three_unit(outcomes, 250, me)
        for state in ((0, 0, 0, 0), (250, -250, 0, 1), (-250, 250, 250, 2), (0, 250, -250, 0)):
            want = exact[state]
            got = mc(arrays, 3, 3, state[:3], state[3], me, n_games, cap=np.int64(250))
            se = math.sqrt(max(want * (1 - want), 1e-4) / n_games)
            assert abs(got - want) < 4.5 * se, (me, state, got, want)


def test_outcomes_merge_the_self_play_counts(small_tables):
    """Three-handed self-play: every deal is in the merged outcomes; each outcome's
    points are the rules' (the contractor the contract's value, each defender 10 a trick
    of his own, nothing in misère); deals thrown in score nothing."""
    game = T.table_game(table(3), Options(), seed=2)
    assert game.n_units == 3 and int(game.cum[-1]) == SELF_PLAY == game.deals
    counts = np.diff(np.concatenate([[0], game.cum]))
    assert (counts > 0).all()
    values = {40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 240, 250, 260, 280, 300, 320, 340, 360, 380, 400,
              420, 440, 460, 480, 500, 520}
    for delta, side, made in zip(game.o_delta, game.o_side, game.o_made):
        if side == 0:
            assert not made and (delta == 0).all()
            continue
        assert bin(int(side)).count("1") == 1
        j = int(side).bit_length() - 1
        assert abs(int(delta[j])) in values and (delta[j] > 0) == bool(made)
        defence = [int(delta[k]) for k in range(3) if k != j]
        assert all(x % 10 == 0 and 0 <= x <= 100 for x in defence)
    assert int(counts[(game.o_side == 0)].sum()) == game.thrown


@pytest.mark.parametrize("players,rule", [(2, None), (3, None), (5, "call"), (6, "threes"), (6, "pairs")])
def test_bid_with_a_score_at_every_size(players, rule, small_tables):
    """bid --score at every table: a P(win) with its interval on every row, the same
    answer on 1 and 2 threads, the units named in the answer; a unit far ahead is more
    likely to win than one far behind."""
    from analyzer.games.five_hundred.questions import bid
    n = T.units(players, Options(six_teams=rule) if players == 6 and rule else Options())
    rules = [f"six_teams={rule}"] if players == 6 else ([f"five_partner={rule}"] if rule else None)
    ahead = ":".join(["450"] + ["0"] * (n - 1))
    behind = ":".join(["-400"] + ["450"] * (n - 1))
    kw = dict(deals=600, seed=5, players=players, rules=rules)
    a = bid(HAND, score=ahead, threads=1, **kw)
    b = bid(HAND, score=ahead, threads=2, **kw)
    assert a.to_json_dict() == b.to_json_dict()
    t = a.table
    assert ((t["p_win_lo"] <= t["p_win"]) & (t["p_win"] <= t["p_win_hi"])).all()
    assert ((t["p_win"] >= 0) & (t["p_win"] <= 1)).all()
    assert a.meta["score"]["scores"] == [450] + [0] * (n - 1) and len(a.meta["score"]["units"]) == n
    c = bid(HAND, score=behind, threads=2, **kw).table.set_index("action")
    p_ahead = t.set_index("action").loc["pass", "p_win"]
    assert p_ahead > c.loc["pass", "p_win"] + 0.2


def test_bid_score_bad_input_at_other_sizes(capsys):
    cases = [
        (["500", "bid", HAND, "--players", "3", "--score", "100:200"], "takes 3 scores"),
        (["500", "bid", HAND, "--players", "5", "--score", "0:0:0:0:x"], "not a whole number"),
        (["500", "bid", HAND, "--players", "3", "--score", "100:-500:0"], "the game is over"),
        (["500", "bid", HAND, "--players", "3", "--score", "100:15:0"], "multiple of 10"),
        (["500", "bid", HAND, "--players", "3", "--score", "0:0:0", "--play", "dd"], "each defender scores"),
    ]
    for args, message in cases:
        code, _, err = run_cli(args, capsys)
        assert code == 2 and message in err and err.count("\n") == 1, (args, err)


def test_bid_score_cli_text_and_json_at_three_players(capsys, small_tables):
    import json

    def run(args):
        return run_cli(args, capsys)

    base = ["500", "bid", HAND, "--players", "3", "--score", "380:440:200", "--deals", "300", "--seed", "2"]
    code, out, err = run(base)
    assert code == 0, err
    assert "score S 380, W 440, E 200" in out and "P(win)" in out
    code, out, err = run(base + ["--json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["players"] == 3 and data["score"] == {"units": ["S", "W", "E"], "scores": [380, 440, 200]}
