"""The bidding policy's fit (``scripts/tune_five_hundred.py --margins``): its stopping and
step rules, with the self-play kernel replaced by a stand-in whose gains are known.

Run for real, the same seed gives the same policy (two runs of ``--players 3 --fit --deals
20000 --margins --margin-deals 20000 --seed 7`` printed the same vector; the kernels are
deterministic by seed).  Here: a threshold moves only for a significant gain, half way
towards the best value (all the way to a neighbour); two thresholds that are each other's
best responses settle between them instead of swapping for ever; the same inputs give
the same thresholds."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def tune():
    spec = importlib.util.spec_from_file_location("tune_five_hundred", ROOT / "scripts" / "tune_five_hundred.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _stand_in(tune, best_of):
    """A match_chunk whose candidate ``c`` scores ``-|grid[c] - best_of(knob, policy)|``
    points a deal on every deal (a paired difference with no noise: every gain is
    significant), the best response depending on the policy of the table."""
    def chunk(key0, start, n, lad, acfg, base, cands, knob, tables, bts, fm, pool, counts, n_seats, sides, n_units,
              cur, out, out2):
        target = best_of(int(knob), base)
        x = -np.abs(cands - target) * 100
        out[:] = x * int(n)
        out2[:] = (x - x[int(cur)]) ** 2 * int(n)
    return chunk


def test_a_threshold_moves_half_way_then_settles(tune, monkeypatch):
    monkeypatch.setattr(tune, "match_chunk", _stand_in(tune, lambda knob, pol: 0.85 if knob == tune.P_OPEN_T else pol[knob]))
    pol = tune.default_policy(4).copy()
    pol[tune.P_OPEN_T] = 0.35
    a = tune.margins(pol.copy(), 50, 1, 10, players=4)
    # 0.35 -> 0.60 (half way to 0.85) -> 0.70 (0.725 rounds toward where it is) -> 0.75 -> 0.80 -> 0.85 (neighbours)
    assert a[tune.P_OPEN_T] == pytest.approx(0.85)
    assert np.array_equal(a, tune.margins(pol.copy(), 50, 1, 10, players=4))     # the same inputs, the same policy


def test_no_move_without_a_gain(tune, monkeypatch):
    monkeypatch.setattr(tune, "match_chunk", _stand_in(tune, lambda knob, pol: pol[knob]))
    pol = tune.default_policy(3).copy()
    assert np.array_equal(tune.margins(pol.copy(), 50, 1, 10, players=3), pol)


def test_mutual_best_responses_meet_in_the_middle(tune, monkeypatch):
    """The partner margin's best response is 2.0 when the table uses less than 1.0 and 0.0
    otherwise (a cycle for plain best responses): the fit stops, between them."""
    monkeypatch.setattr(tune, "match_chunk",
                        _stand_in(tune, lambda knob, pol: (2.0 if pol[knob] < 1.0 else 0.0) if knob == tune.P_PARTNER
                                  else pol[knob]))
    pol = tune.default_policy(4).copy()
    pol[tune.P_PARTNER] = 0.0
    out = tune.margins(pol.copy(), 50, 1, 20, players=4)
    assert 0.0 < out[tune.P_PARTNER] < 2.0
