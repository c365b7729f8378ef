"""Euchre with double-dummy play: every hand visible, perfect play by both sides for the
makers' tricks.

The auction, the dealer's pickup and discard are the heuristic game's (``play``); then
the five tricks go to the shared solver (``tricks.dd``) in trump's layout, whose rule
vector (``rules.rule_table``) already says what the solver needs: the bowers and the
joker sit in the trump lane, so a card's lane is its effective suit and "higher bit =
stronger" holds in every lane.  Seats are the playing order (seat + 1 plays next), as
in the solver; a lone maker's partner sits out of the solver's active seats.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ZERO, popcount
from ...tricks.dd import C_SIZE, MAX_SEATS, O_ALL, PEXT8, S_SIZE, _make_cfg, _solve_kernel, new_table

# Five-trick deals need few entries (a search visits at most a few thousand positions):
# a small table stays in cache and is cheap to allocate per chunk.
DD_TABLE_MB = 1.0


@njit(cache=True, nogil=True)
def solve_tricks(rules, hands, n, leader, out, maker, guess, tt, stats, work):
    """The makers' tricks with perfect play from ``leader``'s lead (five tricks after the
    deal; fewer in a test's ending: as many as the leader holds cards).

    ``hands``: MAX_SEATS layout masks (seats 0..n-1; the seat ``out``, -1 for none, sits
    out and holds nothing); ``guess``: where the searches start (the heuristic's result,
    or -1).  ``work[0]`` is the table generation, bumped here so that every solve starts
    from an empty table."""
    cfg = np.empty(C_SIZE, np.int64)
    voids = np.zeros(MAX_SEATS, np.int64)
    active = (1 << n) - 1
    if out >= 0:
        active &= ~(1 << out)
    makers = 0
    for s in range(n):
        if (active >> s) & 1 and (s & 1) == (maker & 1):
            makers |= 1 << s
    work[0] += 1
    if work[0] > 0xFFFF:
        tt[:, :] = 0
        work[0] = 1
    _make_cfg(cfg, n, active, makers, makers, rules, O_ALL, work[0])
    return _solve_kernel(rules, cfg, hands, voids, tt, stats, PEXT8, leader, 0, leader, 0, ZERO,
                         leader, ZERO, 0, np.int64(popcount(hands[leader])), -1, guess)


def new_dd_table(megabytes: float = DD_TABLE_MB) -> np.ndarray:
    return new_table(megabytes)


def new_stats() -> np.ndarray:
    return np.zeros(S_SIZE, np.int64)
