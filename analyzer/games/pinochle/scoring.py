"""Pinochle scoring of one hand and the game's end, as pure functions (the hand's score
is also compiled, for the kernels).

A hand's result is (the declaring side's meld, the defenders' meld, the declaring side's
trick points and tricks, thrown in or not); the defenders' points and tricks are the
rest of the 250 and of the 12.  Scores follow the rules file:

- thrown in: the declaring side loses the bid, the defenders score their meld;
- played: a side's meld counts only if saved (``meld_save``: counter — the side took a
  counter or the last trick, i.e. some trick points; trick — any trick; always); the
  declaring side scores meld + trick points if that reaches the bid, else loses the bid;
  the defenders score meld + trick points.
"""

from __future__ import annotations

from numba import njit

from .deck import N_TRICKS, TOTAL_POINTS

SAVE_COUNTER, SAVE_TRICK, SAVE_ALWAYS = 0, 1, 2
SAVE_RULES = ("counter", "trick", "always")


@njit(cache=True, forceinline=True)
def saved(points, tricks, save):
    """Does a side that took ``points`` trick points in ``tricks`` tricks keep its meld?"""
    if save == SAVE_ALWAYS:
        return True
    if save == SAVE_TRICK:
        return tricks > 0
    return points > 0


@njit(cache=True, forceinline=True)
def hand_scores(bid, meld_d, meld_o, points_d, tricks_d, thrown, save):
    """(declaring side, defenders) scores of a hand."""
    if thrown:
        return -bid, meld_o
    m_d = meld_d if saved(points_d, tricks_d, save) else 0
    m_o = meld_o if saved(TOTAL_POINTS - points_d, N_TRICKS - tricks_d, save) else 0
    total = m_d + points_d
    return (total if total >= bid else -bid), m_o + TOTAL_POINTS - points_d


@njit(cache=True, forceinline=True)
def made(bid, meld_d, points_d, tricks_d, thrown, save):
    """Did the declaring side make its bid?"""
    if thrown:
        return False
    m_d = meld_d if saved(points_d, tricks_d, save) else 0
    return m_d + points_d >= bid


def save_code(rule: str) -> int:
    return SAVE_RULES.index(rule)


def game_winner(before: tuple[int, int], scores: tuple[int, int], declaring: int, target: int = 1500) -> int | None:
    """The side (0 or 1) that wins the game on this hand, or None: sides at ``before``
    score ``scores`` on a hand declared by side ``declaring``; a side reaching ``target``
    wins, and if both do the declaring side wins."""
    after = (before[0] + scores[0], before[1] + scores[1])
    over = [s for s in (0, 1) if after[s] >= target]
    if not over:
        return None
    if len(over) == 2:
        return declaring
    return over[0]


# ----------------------------------------------------------------------------- three-handed
# Settlement of the three-handed stakes game (``shared/rules/pinochle-three-handed.md``):
# a unit value by the bid's bracket, doubled when spades are trump (the default), paid by
# every other player to a bidder who makes; a bidder who concedes before the first lead
# pays each the unit (single bete), one who plays and fails pays each twice (double bete).
UNIT_BRACKETS = (300, 350, 400, 450, 500, 550, 600)        # each bracket's lowest bid
UNIT_TABLES = {"3-5-10": (3, 5, 10, 15, 20, 25, 30),       # the rules' default (named by its first values)
               "1-2-4-6-8-10": (1, 2, 4, 6, 8, 10, 10)}
TRUMP_MULTIPLIERS = {"spades": (2, 1, 1, 1), "none": (1, 1, 1, 1), "spades_hearts": (2, 1, 1, 3)}   # S C D H
MADE, SINGLE_BETE, DOUBLE_BETE = 0, 1, 2


def unit_value(bid: int, table: str = "3-5-10", trump: int = 0, multipliers: str = "spades") -> int:
    """What each other player pays (or is paid) per unit at ``bid`` with ``trump``: the
    bracket's value (bids under 300, with a lower minimum, pay the first bracket's), times
    the trump's multiplier."""
    values = UNIT_TABLES[table]
    k = 0
    for i, low in enumerate(UNIT_BRACKETS):
        if bid >= low:
            k = i
    return values[k] * TRUMP_MULTIPLIERS[multipliers][trump]


def settle(bid: int, trump: int, outcome: int, table: str = "3-5-10", multipliers: str = "spades") -> int:
    """The bidder's gain from each other player (negative: what he pays each) for
    ``outcome`` MADE, SINGLE_BETE (conceded before play) or DOUBLE_BETE (played and
    failed)."""
    u = unit_value(bid, table, trump, multipliers)
    return (u, -u, -2 * u)[outcome]
