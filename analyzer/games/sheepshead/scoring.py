"""Sheepshead scoring of one hand (the seed's schedule), zero-sum, as pure functions.

A picked hand's result depends only on the picker side's card points ``P`` (tricks plus
the bury) and on whether that side took all six tricks or none; ``TRICK_CLASSES``
names those three cases.  The question functions histogram (P, trick class) and map it
through these functions, so every scoring option is applied exactly, after the run.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from .deck import N_SEATS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER, TOTAL_POINTS, WIN_POINTS

NO_TRICK, SOME_TRICKS, ALL_TRICKS = 0, 1, 2       # the picker side's tricks: 0, 1..5, 6
TRICK_CLASSES = ("no trick", "some tricks", "all tricks")
LEASTER_WIN = 4
LEASTER_LOSS = -1


def trick_class(picker_side_tricks: int) -> int:
    if picker_side_tricks == 0:
        return NO_TRICK
    return ALL_TRICKS if picker_side_tricks == 6 else SOME_TRICKS


def picker_side_multiple(points: int, tclass: int, double_on_bump: bool = False) -> int:
    """The partner's share (a 'unit'): +1 win, +2 schneider, +3 no-tricker; -1 loss, -2
    schneidered, and the defenders' +3 each when they take every trick.  Double on the
    bump doubles every loss of the picker's side."""
    if not 0 <= points <= TOTAL_POINTS:
        raise ValueError(f"picker side points must be 0..{TOTAL_POINTS}, got {points}")
    if tclass == ALL_TRICKS:
        unit = 3
    elif tclass == NO_TRICK:
        unit = -3
    elif points >= SCHNEIDER_PICKER:
        unit = 2
    elif points >= WIN_POINTS:
        unit = 1
    elif points <= SCHNEIDERED_PICKER:
        unit = -2
    else:
        unit = -1
    if unit < 0 and double_on_bump:
        unit *= 2
    return unit


def score_picked(points: int, tclass: int, alone: bool, double_on_bump: bool = False) -> dict:
    """Scores of one picked hand: {'picker', 'partner', 'defender'} (each defender's score;
    'partner' is 0 when alone).  Zero-sum: picker + partner + defenders × each = 0."""
    unit = picker_side_multiple(points, tclass, double_on_bump)
    defender = -unit
    if alone:
        return {"picker": 4 * unit, "partner": 0, "defender": defender}
    if tclass == NO_TRICK:      # the defenders take every trick: picker -9, partner 0
        return {"picker": 3 * unit, "partner": 0, "defender": defender}
    return {"picker": 2 * unit, "partner": unit, "defender": defender}


def leaster_scores(points, tricks, exact: bool = False) -> list:
    """Scores of a leaster: the player with the fewest points among those who took a trick
    wins +4, everyone else -1; k tied winners each get the average over who the winner
    is, (5 - k) / k, so the row stays zero-sum.  ``exact``: Fractions instead of floats."""
    if len(points) != N_SEATS or len(tricks) != N_SEATS:
        raise ValueError("a leaster has five players")
    if sum(points) != TOTAL_POINTS or sum(tricks) != 6:
        raise ValueError("a leaster's points add up to 120 and its tricks to 6")
    low = min(p for p, t in zip(points, tricks) if t > 0)
    winners = [i for i in range(N_SEATS) if tricks[i] > 0 and points[i] == low]
    k = len(winners)
    share = Fraction(LEASTER_WIN - (k - 1), k)
    out = [share if i in winners else Fraction(LEASTER_LOSS) for i in range(N_SEATS)]
    return out if exact else [float(x) for x in out]


def leaster_value(klass: int) -> float:
    """Score of one player whose leaster class is 0 (lost) or k (one of k tied winners)."""
    return float(LEASTER_LOSS) if klass == 0 else (LEASTER_WIN - (klass - 1)) / klass


def score_grid(role: str, alone: bool, double_on_bump: bool) -> np.ndarray:
    """Scores of ``role`` ('picker', 'partner' or 'defender') for every (P, trick class),
    shape (121, 3); trick classes impossible for a P still get their formal value."""
    grid = np.zeros((TOTAL_POINTS + 1, 3))
    for p in range(TOTAL_POINTS + 1):
        for c in range(3):
            grid[p, c] = score_picked(p, c, alone, double_on_bump)[role]
    return grid
