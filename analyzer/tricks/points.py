"""Card play for point-trick games (Sheepshead; Pinochle later): the side that takes the
tricks scores the card points in them, so a card is valued by its points as well as by
its power.

A game builds, once, a table of per-bit card values with ``card_values`` (rows ``V_*``):
its points, and the keys by which the helpers below choose a card (the smallest key
wins).  Point games have no free card, so a card's lane is its effective suit.  Who is a
friend is the caller's business (in Sheepshead it changes when the partner is revealed);
these functions only see the conclusions: is a friend winning, is that trick secure, may
an opponent still play, might one of them ruff.
"""

import numpy as np
from numba import njit

from ..bits import ONE, ZERO, high_bit, high_index, low_bit, popcount
from .engine import stronger
from .heuristic import lowest_equivalent
from .tables import R_DECK, R_SUIT, R_TRUMP

V_POINTS = 0    # card points
V_SHED = 1      # giving it to someone else's trick: points, then power; a trump ~ 4 points more
V_SCHMEAR = 2   # giving it to our own sure trick: most points first, the weakest on ties;
                # a 'keep' card (control) only when nothing else is left
V_WIN = 3       # winning with it as the last to play: bring points, spend little power
N_VALUES = 4
KEEP_PENALTY = 1 << 20


def card_values(rules: np.ndarray, points: np.ndarray, keep: int = 0) -> np.ndarray:
    """The (N_VALUES, 64) table of card values for a layout (``points`` per bit)."""
    vals = np.zeros((N_VALUES, 64), np.int64)
    deck, trump = int(rules[R_DECK]), int(rules[R_TRUMP])
    for b in range(64):
        if not (deck >> b) & 1:
            continue
        pts, rank = int(points[b]), b & 15
        vals[V_POINTS, b] = pts
        vals[V_SHED, b] = 64 * pts + 4 * rank + (256 if (trump >> b) & 1 else 0)
        vals[V_SCHMEAR, b] = -64 * pts + rank + (KEEP_PENALTY if (keep >> b) & 1 else 0)
        vals[V_WIN, b] = -8 * pts + 16 * rank
    return vals


@njit(cache=True, forceinline=True)
def by_key(keys, cards):
    """The card of ``cards`` with the smallest ``keys[bit]`` (the lowest bit on ties)."""
    best = ZERO
    best_key = np.int64(1) << 40
    rest = cards
    while rest:
        c = low_bit(rest)
        rest ^= c
        k = keys[high_index(c)]
        if k < best_key:
            best_key = k
            best = c
    return best


@njit(cache=True, forceinline=True)
def masters(rules, cards, lane_cards, unseen):
    """The cards of ``cards`` in ``lane_cards`` that no unseen card of that lane beats."""
    c = cards & lane_cards
    u = unseen & lane_cards
    if u == ZERO:
        return c
    return c & stronger(rules, high_bit(u))


@njit(cache=True, forceinline=True)
def mask_points(vals, cards):
    total = 0
    rest = cards
    while rest:
        c = low_bit(rest)
        rest ^= c
        total += vals[V_POINTS, high_index(c)]
    return total


@njit(cache=True, forceinline=True)
def shed(rules, vals, hand, legal):
    """The card that costs least to give to someone else's trick (``V_SHED``); on ties the
    one from the shorter suit, which brings a void closer."""
    best = ZERO
    best_key = np.int64(1) << 40
    rest = legal
    while rest:
        c = low_bit(rest)
        rest ^= c
        b = high_index(c)
        key = vals[V_SHED, b] + popcount(hand & rules[R_SUIT + (b >> 4)])
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True, forceinline=True)
def sure_winners(rules, win, led, unseen, ruff_threat):
    """Winning cards that nothing unseen can beat (a plain card only without a ruff threat)."""
    trump = rules[R_TRUMP]
    sure = masters(rules, win, trump, unseen)
    if not ruff_threat or (unseen & trump) == ZERO:
        sure |= masters(rules, win & ~trump, rules[R_SUIT + led], unseen)
    return sure


@njit(cache=True, forceinline=True)
def follow_for_points(rules, vals, hand, legal, win, led, trick_points, fight,
                      friend_winning, secure, foes_after, ruff_threat, unseen):
    """Choose a card to follow with when the side that wins a trick scores its points.

    win: the legal cards that would take the trick now (``engine.winning_cards``, or the
    game's faster equivalent); fight: a trick holding this many points is worth our
    highest trump even without a guarantee;
    friend_winning: a player known to be on our side holds the trick; secure: and it will
    hold (nobody but friends after us, or a master with no ruff threat); foes_after: an
    opponent, or a player not known to be a friend, plays after us; ruff_threat: such a
    player has shown void in the suit led.  Policy: schmear (the richest card) onto a
    secure friend's trick; otherwise take the trick with a sure winner when there is one;
    as the last to play, win with the card that brings most points for least power; fight
    for a trick worth ``fight`` points with the highest trump; else shed the cheapest card.
    """
    if legal & (legal - ONE) == ZERO:
        return legal
    trump = rules[R_TRUMP]
    if friend_winning and secure:
        return by_key(vals[V_SCHMEAR], legal)
    if win == ZERO:
        return shed(rules, vals, hand, legal)
    if not foes_after and not friend_winning:
        return by_key(vals[V_WIN], win)
    sure = sure_winners(rules, win, led, unseen, ruff_threat)
    if sure:
        return low_bit(sure)
    if not friend_winning and trick_points >= fight and (win & trump):
        return lowest_equivalent(high_bit(win & trump), win & trump, trump, unseen)
    return shed(rules, vals, hand, legal)
