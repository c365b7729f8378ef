"""Bridge double-dummy play: the solver configured as bridge."""

from __future__ import annotations

from ...tricks.dd import Solver
from .rules import rule_table

NS, EW = 0b0101, 0b1010
BRIDGE_TABLE_MB = 16.0   # transposition table of a bridge solver (fixed; 72 bytes an entry; a
# bigger one saves ~2% of the nodes but misses the caches more: 64 MB was ~4% slower)


def side_of(seat: int) -> int:
    return NS if seat % 2 == 0 else EW


def solve_tricks(hands, trump: int, leader: int, solver: Solver | None = None) -> int:
    """Tricks for the side on lead with perfect play (what DDS reports)."""
    solver = solver or Solver(BRIDGE_TABLE_MB)
    return solver.solve(rule_table(trump), hands, leader, side_of(leader))
