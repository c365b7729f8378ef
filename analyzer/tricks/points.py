"""Card play for point-trick games (Sheepshead; Pinochle later): the side that takes the
tricks scores the card points in them, so a card is valued by its points as well as by
its power.

``ptab`` is the game's per-bit points table (int64[64]); ``keep`` the cards a side should
not give away for their points (Sheepshead's queens and jacks: control, few points).
Who is a friend is the caller's business (in Sheepshead it changes when the partner is
revealed); these functions only see the conclusions: is a friend winning, is that
trick secure, may an opponent still play, might one of them ruff.
"""

import numpy as np
from numba import njit

from ..bits import ZERO, ONE, high_bit, high_index, low_bit, popcount
from .engine import stronger
from .heuristic import lowest_equivalent, rank_pos, winning_cards
from .tables import R_SUIT, R_TRUMP


@njit(cache=True, inline="always")
def masters(rules, cards, lane_cards, unseen):
    """The cards of ``cards`` in ``lane_cards`` that no unseen card of that lane beats."""
    c = cards & lane_cards
    u = unseen & lane_cards
    if u == ZERO:
        return c
    return c & stronger(rules, high_bit(u))


@njit(cache=True, inline="always")
def card_points(ptab, card):
    return ptab[high_index(card)]


@njit(cache=True, inline="always")
def mask_points(ptab, cards):
    total = 0
    rest = cards
    while rest:
        c = low_bit(rest)
        rest ^= c
        total += ptab[high_index(c)]
    return total


@njit(cache=True, inline="always")
def by_points_rank(ptab, cards, w_points, w_rank):
    """The card of ``cards`` with the least ``w_points * points + w_rank * rank`` (rank: its
    position in its lane, 0 weakest); the weakest on ties."""
    best = ZERO
    best_key = np.int64(1) << 40
    rest = cards
    while rest:
        c = low_bit(rest)
        rest ^= c
        key = w_points * ptab[high_index(c)] + w_rank * rank_pos(c)
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def schmear(rules, ptab, keep, legal):
    """Give a trick our side will surely win the most points: the richest card, the
    weakest on ties, never one of ``keep`` unless only those are left."""
    cands = legal & ~keep
    if cands == ZERO:
        cands = legal
    return by_points_rank(ptab, cands, -64, 1)


@njit(cache=True)
def shed(rules, ptab, hand, legal):
    """The card that costs least to give to someone else's trick: fewest points, then the
    weakest; a plain card before a trump (worth about four points here) and, on ties, the
    card from the shorter suit (it brings a void closer)."""
    trump = rules[R_TRUMP]
    best = ZERO
    best_key = np.int64(1) << 40
    rest = legal
    while rest:
        c = low_bit(rest)
        rest ^= c
        key = 64 * ptab[high_index(c)] + 4 * rank_pos(c)
        if c & trump:
            key += 256
        else:
            for s in range(4):
                if rules[R_SUIT + s] & c:
                    key += popcount(hand & rules[R_SUIT + s])
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def richest_cheap_winner(ptab, win):
    """As the last to play: of the winning cards, the one that brings most points and
    spends least power (a ten before the ace that would also win)."""
    return by_points_rank(ptab, win, -8, 16)


@njit(cache=True, inline="always")
def sure_winners(rules, win, led, unseen, ruff_threat):
    """Winning cards that nothing unseen can beat (a plain card only without a ruff threat)."""
    trump = rules[R_TRUMP]
    sure = masters(rules, win, trump, unseen)
    if not ruff_threat or (unseen & trump) == ZERO:
        sure |= masters(rules, win & ~trump, rules[R_SUIT + led], unseen)
    return sure


FIGHT_POINTS = 10   # a trick holding this many points is worth a high card with no guarantee


@njit(cache=True)
def follow_for_points(rules, ptab, keep, hand, legal, led, best, trick_points,
                      friend_winning, secure, foes_after, ruff_threat, unseen):
    """Choose a card to follow with when the side that wins a trick scores its points.

    friend_winning: a player known to be on our side holds the trick; secure: and it will
    hold (nobody but friends after us, or a master with no ruff threat); foes_after: an
    opponent, or a player not known to be a friend, plays after us; ruff_threat: such a
    player has shown void in the suit led.
    """
    if legal & (legal - ONE) == ZERO:
        return legal
    trump = rules[R_TRUMP]
    win = winning_cards(rules, legal, best, led)
    if friend_winning:
        if secure:
            return schmear(rules, ptab, keep, legal)
        sure = sure_winners(rules, win, led, unseen, ruff_threat)
        if sure:
            return low_bit(sure)
        return shed(rules, ptab, hand, legal)
    if win == ZERO:
        return shed(rules, ptab, hand, legal)
    if not foes_after:
        return richest_cheap_winner(ptab, win)
    sure = sure_winners(rules, win, led, unseen, ruff_threat)
    if sure:
        return low_bit(sure)
    if trick_points >= FIGHT_POINTS and (win & trump):
        # Worth a fight: the highest trump we hold (the cheapest of equal ones).
        return lowest_equivalent(high_bit(win & trump), win & trump, trump, unseen)
    return shed(rules, ptab, hand, legal)
