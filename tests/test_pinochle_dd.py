"""Pinochle double-dummy: the game's rule vectors (points, identical copies, the head,
trump and over-trump duties under every option) solved from the declarer's lead, against
brute-force minimax on small endings."""

from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.games.pinochle import dd
from analyzer.games.pinochle.rules import Options, rule_table
from tests.reference.minimax import solve as brute

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
