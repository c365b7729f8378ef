"""Sheepshead with double-dummy play: every hand visible, perfect play by both sides for
card points, the partner known to the solver (at the table he is known only to himself
until the called card falls).  The called-suit duties apply: the rule vector carries the
called card (``tables.R_CALLED``) and the solver restricts each seat's moves with
``engine.seat_called_duties``.

The score depends on the picker side's points only through their class (≤ 30, 31-60,
61-90, ≥ 91, all 120) and whether a side took every trick, so ``solve_class`` runs
zero-window searches at those thresholds, starting next to the heuristic play's result,
instead of solving for the exact points.  A side that takes every card point is counted
as taking every trick (they differ only by a trick of sevens, eights and nines).

An unknown call (option no_call=unknown: the picker holds no card of the called suit) is
solved on a relabelled position (``_prepare``): the called suit's cards move one place
up their lane and the picker's face-down card (``bidding.unknown_card``) becomes a
*phantom* at the bottom of that lane, with the card's points (``tables.R_UNKNOWN``).  As
the picker's one card of the called suit, the hold duty keeps it until that suit is led,
and following suit then plays it; ``seat_called_duties`` forbids leading it before the
last trick; and it never wins, being below the called ace, which is always in the same
trick.  The solver itself is unchanged.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, high_index
from ...tricks.dd import C_SIZE, MAX_SEATS, O_ALL, PEXT8, S_SIZE, _make_cfg, _solve_kernel, new_table
from ...tricks.tables import R_CALLED, R_DECK, R_POINTS, R_SUIT, R_UNKNOWN, set_points
from .bidding import unknown_card
from .deck import N_SEATS, N_TRICKS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER, TOTAL_POINTS, WIN_POINTS
from .rules import PTS, RULES

DD_TABLE_MB = 16.0
N_CLASSES = 6


@njit(cache=True, nogil=True)
def class_floors(bury_points):
    """The lowest trick points of each class k = 0..5: none, some, then a picker side
    total (with the bury) of 31, 61, 91 and all 120."""
    return np.array([0, 1, SCHNEIDERED_PICKER + 1 - bury_points, WIN_POINTS - bury_points,
                     SCHNEIDER_PICKER - bury_points, TOTAL_POINTS - bury_points], np.int64)


DD_RULES = set_points(RULES.copy(), PTS)
# read-only, as kernels see a global array: Python callers then pass the same array type
# as the compiled play (else numba compiles a second copy of the solver for them)
DD_RULES.setflags(write=False)


@njit(cache=True, nogil=True, forceinline=True)
def _up(m, lane):
    """``m`` with its cards of ``lane`` one place up the lane."""
    return (m & ~lane) | ((m & lane) << ONE)


@njit(cache=True, nogil=True)
def relabel_unknown(r, h5, picker, called, unknown):
    """The position of an unknown call for the solver (see the module docstring): the rule
    vector ``r`` (with ``R_CALLED`` set) and the hands ``h5`` are modified; ``unknown`` is
    the picker's face-down card, in his hand."""
    lane = r[R_SUIT + (high_index(called) >> 4)]
    phantom = low_bit_of_lane(lane)
    for k in range(4):
        r[R_POINTS + k] = _up(r[R_POINTS + k], lane) & ~phantom
        if r[R_POINTS + k] & unknown:
            r[R_POINTS + k] |= phantom
    r[R_SUIT + (high_index(called) >> 4)] = _up(lane, lane) | phantom
    r[R_DECK] = (_up(r[R_DECK], lane) & ~unknown) | phantom
    r[R_CALLED] = _up(called, lane)
    r[R_UNKNOWN] = phantom
    for s in range(N_SEATS):
        h5[s] = _up(h5[s], lane)
    h5[picker] = (h5[picker] & ~unknown) | phantom


@njit(cache=True, nogil=True, forceinline=True)
def low_bit_of_lane(lane):
    """The lowest position of the 16-bit lane of the cards ``lane``."""
    return ONE << np.uint64((high_index(lane) >> 4) << 4)


@njit(cache=True, nogil=True)
def _prepare(rules, hands, picker, partner, called, tt, work, cfg, h5, r):
    r[:] = rules
    r[R_CALLED] = called
    side = (1 << picker) | ((1 << partner) if partner >= 0 else 0)
    for s in range(N_SEATS):
        h5[s] = hands[s]
    if called:
        lane = r[R_SUIT + (high_index(called) >> 4)]
        if not (hands[picker] & lane):
            unknown = unknown_card(hands[picker])
            if unknown:         # else no fail card: never called so (``bidding.unknown_bury_call``)
                relabel_unknown(r, h5, picker, called, unknown)
    work[0] += 1
    if work[0] > 0xFFFF:
        tt[:, :] = 0
        work[0] = 1
    _make_cfg(cfg, N_SEATS, (1 << N_SEATS) - 1, side, side, r, O_ALL, work[0])


@njit(cache=True, nogil=True)
def solve_class(rules, hands, picker, partner, called, bury_points, guess, tt, stats, work):
    """The class k (0..5, see ``class_floors``) of the picker side's trick points with
    perfect play from the first lead (seat 0); ``guess``: the heuristic's trick
    points.  One table generation for the deal: later searches reuse the bounds of
    the earlier ones.  ``work[0]`` is the table generation."""
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    r = np.empty_like(rules)
    _prepare(rules, hands, picker, partner, called, tt, work, cfg, h5, r)
    floors = class_floors(bury_points)
    c = 0
    while c < N_CLASSES - 1 and guess >= floors[c + 1]:
        c += 1
    lo, hi = 0, N_CLASSES - 1     # the class is in lo..hi
    k = max(c, 1)                 # probe "value >= floors[k]", next to the guess first
    while lo < hi:
        if _solve_kernel(r, cfg, h5, v5, tt, stats, PEXT8, 0, 0, 0, 0, ZERO, 0, ZERO, 0, N_TRICKS,
                         floors[k], guess):
            lo = k
            k += 1
        else:
            hi = k - 1
            k -= 1
    return lo


@njit(cache=True, nogil=True)
def solve_points(rules, hands, picker, partner, called, guess, tt, stats, work):
    """The picker side's exact trick points with perfect play (MTD(f) from ``guess``)."""
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    r = np.empty_like(rules)
    _prepare(rules, hands, picker, partner, called, tt, work, cfg, h5, r)
    return _solve_kernel(r, cfg, h5, v5, tt, stats, PEXT8, 0, 0, 0, 0, ZERO, 0, ZERO, 0, N_TRICKS, -1,
                         guess)


def new_dd_table(megabytes: float = DD_TABLE_MB) -> np.ndarray:
    return new_table(megabytes)


def new_stats() -> np.ndarray:
    return np.zeros(S_SIZE, np.int64)
