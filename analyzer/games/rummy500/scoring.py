"""Rummy 500 scoring: a hand is what a player melded and laid off minus what they hold;
a game goes to 500, the highest score wins, a tie on top is broken by another hand."""

from __future__ import annotations

import numpy as np
from numba import njit

from .deck import JOKER_BIT
from .rules import TARGET


@njit(cache=True, nogil=True)
def held_value(hand, vals):
    """Value of the cards held (counts by bit): the ace 15, the joker 15."""
    v = hand[JOKER_BIT] * vals[JOKER_BIT]
    for b in range(1, 64):
        if hand[b]:
            v += hand[b] * vals[b]
    return v


@njit(cache=True, nogil=True)
def game_winner(scores, n, target):
    """The winner's seat after a hand, or -1: nobody has reached ``target``, or the
    highest score is tied (another hand is played)."""
    top = scores[0]
    who = 0
    tied = False
    for i in range(1, n):
        if scores[i] > top:
            top = scores[i]
            who = i
            tied = False
        elif scores[i] == top:
            tied = True
    if top < target or tied:
        return -1
    return who


def winner(scores, target: int = TARGET) -> int | None:
    """Python face of ``game_winner``: the winner's index or None."""
    s = np.asarray(scores, np.int64)
    w = int(game_winner(s, np.int64(len(s)), np.int64(target)))
    return None if w < 0 else w
