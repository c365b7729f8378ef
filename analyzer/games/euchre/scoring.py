"""Euchre scoring of one deal and of the game (first to 10)."""

from __future__ import annotations

from numba import njit

from .deck import N_TRICKS

GAME_POINTS = 10
EUCHRE_POINTS = 2

# Outcome categories of one deal, seen from the side of the player who asks.
OUTCOMES = ("we_make", "we_march", "we_lone_march", "we_euchred",
            "they_make", "they_march", "they_lone_march", "they_euchred", "redeal")
OUTCOME_POINTS = (1, 2, 4, -2, -1, -2, -4, 2, 0)   # ours minus theirs
N_OUTCOMES = len(OUTCOMES)
REDEAL = 8


def score_deal(maker_tricks: int, alone: bool = False) -> tuple[int, int]:
    """Points for (the makers, the defenders) when the makers take ``maker_tricks``.

    3 or 4 tricks: 1; all 5 (a march): 2, or 4 for a lone hand; fewer than 3 (euchred):
    the defenders score 2.
    """
    if not 0 <= maker_tricks <= N_TRICKS:
        raise ValueError(f"tricks must be 0..{N_TRICKS}, got {maker_tricks}")
    if maker_tricks == N_TRICKS:
        return (4 if alone else 2), 0
    if maker_tricks >= 3:
        return 1, 0
    return 0, EUCHRE_POINTS


@njit(cache=True)
def outcome(we_made_trump, maker_tricks, alone=False):
    """The outcome category (index into OUTCOMES) of a played deal (also used by kernels)."""
    if maker_tricks == N_TRICKS:
        cat = 2 if alone else 1
    elif maker_tricks >= 3:
        cat = 0
    else:
        cat = 3
    return cat if we_made_trump else cat + 4


def game_winner(totals: tuple[int, int], target: int = GAME_POINTS) -> int | None:
    """Index of the side that has won (reached ``target``), or None; only one side can
    score on a deal, so there are no ties."""
    for side in (0, 1):
        if totals[side] >= target:
            return side
    return None
