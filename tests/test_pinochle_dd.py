"""Pinochle's double-dummy play: the policy deals the benchmarks use, the shared solver
on endings of real deals (the game's own rule vectors) against the brute force, and the
game's entry points (``reaches``, ``solve_points``) on a whole deal."""

from __future__ import annotations

import random
from itertools import islice

import numpy as np
import pytest

from analyzer.games.pinochle import dd
from analyzer.games.pinochle.dd import new_dd_table, new_stats, policy_deals, reaches, solve_points
from analyzer.games.pinochle.deck import DECK_MASK
from analyzer.games.pinochle.play import TRACE_COLS, card_tables, play_hand
from analyzer.games.pinochle.rules import Options, rule_table, rule_tables
from analyzer.tricks.dd import Solver
from tests.reference.minimax import solve as brute


def test_policy_deals_are_full_deals():
    for trump, hands, declarer, bid, meld, heur in islice(policy_deals(random.Random(5)), 20):
        assert [bin(int(h)).count("1") for h in hands] == [12] * 4
        assert int(hands[0] | hands[1] | hands[2] | hands[3]) == int(DECK_MASK)
        assert 0 <= trump < 4 and 0 <= declarer < 4 and bid >= 250 and bid - meld < 250
        assert 0 <= heur <= 250 and heur % 10 == 0


def _ending(rules, vals, hands, declarer, tricks):
    """The hands and leader after the heuristic players' first ``tricks`` tricks."""
    trace = np.full((48, TRACE_COLS), -1, np.int64)
    play_hand(rules, vals, hands.copy(), np.int64(declarer), trace, True, np.int64(0), np.uint64(0))
    left = [int(h) for h in hands]
    for row in trace[:4 * tricks]:
        left[int(row[1])] &= ~(1 << int(row[2]))
    return left, int(trace[4 * tricks, 1])


def test_endings_of_policy_deals_agree_with_the_brute_force():
    """The last three or four tricks of policy deals (after the heuristic's play), under
    the default duties and counting and under options, against plain minimax."""
    solver = Solver(1.0)
    rng = random.Random(9)
    for k, (trump, hands, declarer, bid, meld, heur) in enumerate(islice(policy_deals(random.Random(6)), 24)):
        options = [Options(), Options(head="led_card"), Options(overtrump="trump_led", counting="classic"),
                   Options(head="none", counting="fives")][k % 4]
        plain = rule_tables(options)[trump]
        left, leader = _ending(plain, card_tables(options)[trump], hands, declarer, rng.choice([8, 9]))
        rules = rule_table(trump, options, objective_points=True)
        side = 0b0101 if declarer % 2 == 0 else 0b1010
        ours = solver.solve(rules, left, leader, side)
        assert ours == brute(rules, left, leader, side, n_seats=4), (k, [hex(h) for h in left], leader)


def test_reaches_and_solve_points_on_a_whole_deal():
    tt, stats, work = new_dd_table(), new_stats(), np.zeros(8, np.int64)
    trump, hands, declarer, bid, meld, heur = next(policy_deals(random.Random(1)))
    rules = rule_table(trump, objective_points=True)
    value = solve_points(rules, hands, declarer, heur, tt, stats, work)
    assert 0 <= value <= 250 and value % 10 == 0
    assert reaches(rules, hands, declarer, value, tt, stats, work)
    assert not reaches(rules, hands, declarer, value + 1, tt, stats, work)
    assert solve_points(rules, hands, declarer, -1, tt, stats, work) == value


OPTION_SETS = [dict(), dict(head="led_card"), dict(head="none"), dict(overtrump="trump_led"),
               dict(counting="classic"), dict(counting="fives")]


def ending(rng, n_cards):
    suits = rng.sample(range(4), rng.choice([2, 3, 4]))
    pool = [16 * s + k for s in suits for k in range(12)]
    rng.shuffle(pool)
    return np.array([sum(1 << b for b in pool[k * n_cards:(k + 1) * n_cards]) for k in range(4)], np.uint64)


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: "-".join(o.values()) or "default")
def test_solve_points_matches_brute_force(opts):
    rng = random.Random(str(opts))
    tt, stats, work = dd.new_dd_table(1.0), dd.new_stats(), np.zeros(8, np.int64)
    for _ in range(25):
        trump = rng.randrange(4)
        rules = rule_table(trump, Options(**opts), objective_points=True)
        hands = ending(rng, rng.randint(1, 3))
        declarer = rng.randrange(4)
        side = (1 << declarer) | (1 << (declarer ^ 2))
        want = brute(rules, [int(h) for h in hands], declarer, side, n_seats=4)
        # the solver counts the last trick's 10 for whoever takes the final trick of these cards
        got = dd.solve_points(rules, hands, np.int64(declarer), np.int64(-1), tt, stats, work)
        assert got == want
        assert dd.reaches(rules, hands, np.int64(declarer), np.int64(want), tt, stats, work)
        assert not dd.reaches(rules, hands, np.int64(declarer), np.int64(want + 1), tt, stats, work)
