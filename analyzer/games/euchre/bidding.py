"""Euchre bidding policies: hand strength, the dealer's discard, and who orders, accepts,
calls or goes alone.  All decisions are bit operations on layout masks (numba).

Strength is measured in *tenths of a trick*, roughly what a card is worth to the maker:
each trump by rank (9 ... joker: 5 ... 11), an outside ace 7, an outside king 2, and 3 for
every void once the hand holds two trumps.  A seat makes trump when its strength, with
the upcard counted where it will go (the dealer's own hand, the dealer's partner's side,
or the opponents'), reaches the threshold for its game; it goes alone (four-handed) when
the strength alone promises all five tricks.

An action code is ``-1`` for pass, else ``2 * suit + alone``.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, low_bit, low_index, popcount
from .rules import ACE_POS, ACES, KINGS, LANE, to_trump
from .deck import JOKER_NAT_BIT

PASS = -1
# Worth of a trump by its position in the trump lane (7 8 9 T _ Q K A LB RB JK).
TRUMP_WORTH = np.array([0, 0, 0, 0, 0, 5, 5, 5, 5, 0, 6, 7, 8, 9, 10, 11], np.int64)
OFF_ACE = 7
OFF_KING = 2
VOID = 3
UPCARD_ALLOWANCE = 3            # what the dealer's discard is worth, roughly

# Thresholds (tenths of a trick), one per decision class: the kernels take them as an
# array ``pol``.  The defaults were fitted by scripts/tune_euchre.py (each threshold the
# best response to the others, 3 rounds of 300,000 deals a class).  Two-handed, the fit
# says the non-dealer gains almost nothing by ordering up (passing keeps round two, where
# the non-dealer names first), so it orders only with a near-certain hand, while the
# dealer accepts freely and round two is called on almost anything.
T_R1_OPP2, T_R1_DEALER2, T_R2_2, T_R1_OPP4, T_R1_PARTNER4, T_R1_DEALER4, T_R2_4, T_ALONE4 = range(8)
N_POLICY = 8
POLICY_NAMES = ("round1_nondealer_2p", "round1_dealer_2p", "round2_2p", "round1_opponent_4p",
                "round1_partner_4p", "round1_dealer_4p", "round2_4p", "alone_4p")
DEFAULT_POLICY = np.array([39, 18, 7, 30, 26, 25, 17, 36], np.int64)


@njit(cache=True, forceinline=True)
def lane_of(t):
    return LANE << np.uint64(16 * t)


@njit(cache=True)
def strength(h, t):
    """Strength of hand ``h`` (layout of trump ``t``) as the maker, in tenths of a trick.

    Branch-free form of summing TRUMP_WORTH: every trump is worth 5, and one more for each
    of the positions 10..15 (Q K A LB RB JK) it reaches.
    """
    trump = lane_of(t)
    tl = (h & trump) >> np.uint64(16 * t)
    n_tr = popcount(tl)
    s = 5 * n_tr
    for k in range(10, 16):
        s += popcount(tl >> np.uint64(k))
    off = h & ~trump
    s += OFF_ACE * popcount(off & ACES) + OFF_KING * popcount(off & KINGS)
    if n_tr >= 2:
        for u in range(4):
            if u != t and (h & lane_of(u)) == ZERO:
                s += VOID
    return s


@njit(cache=True)
def dealer_discard(h6, up, t, allow_upcard):
    """The card the dealer throws from six (layout of trump ``t``; ``up`` the upcard).

    Keep trumps and aces; make a void with a lone low card if possible, else throw the
    lowest card of the shortest side suit; with only trumps and aces, the lowest ace, and
    with only trumps, the lowest trump.
    """
    cand = h6 if allow_upcard else h6 & ~up
    trump = lane_of(t)
    plain = cand & ~trump
    if plain == ZERO:
        return low_bit(cand)
    best = ZERO
    best_key = np.int64(1) << 40
    for u in range(4):
        if u == t:
            continue
        m = plain & lane_of(u)
        if m == ZERO:
            continue
        c = low_bit(m)
        pos = low_index(c) & 15
        n_suit = popcount(h6 & lane_of(u))
        if pos == ACE_POS:
            key = 1000 + n_suit
        elif n_suit == 1:
            key = pos
        else:
            key = 100 + pos * 8 + n_suit
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True, forceinline=True)
def policy_tuple(pol):
    """The thresholds as a tuple (the kernels' policies read it: a tuple, unlike an array,
    costs no reference counting when passed to a function)."""
    return (pol[0], pol[1], pol[2], pol[3], pol[4], pol[5], pol[6], pol[7])


@njit(cache=True, forceinline=True)
def _decide(s, threshold, n, suit, pt):
    """Action for strength ``s`` (``-1`` below the threshold)."""
    if s < threshold:
        return PASS
    alone = 1 if (n == 4 and s >= pt[T_ALONE4]) else 0
    return 2 * suit + alone


@njit(cache=True)
def round1_value(hand_nat, seat, n, dealer, up_nat, t, allow_upcard):
    """Strength of a seat for ordering up / accepting the upcard's suit ``t``."""
    h = to_trump(hand_nat, t)
    up = to_trump(up_nat, t)
    worth = TRUMP_WORTH[low_index(up) & 15] - UPCARD_ALLOWANCE
    if seat == dealer:
        h6 = h | up
        return strength(h6 & ~dealer_discard(h6, up, t, allow_upcard), t)
    if n == 4 and seat == dealer ^ 2:
        return strength(h, t) + worth
    return strength(h, t) - worth


@njit(cache=True, forceinline=True)
def round1_threshold(seat, n, dealer, pt):
    """The round-one threshold of a seat (``pt``: ``policy_tuple``)."""
    if seat == dealer:
        return pt[T_R1_DEALER2] if n == 2 else pt[T_R1_DEALER4]
    if n == 4 and seat == dealer ^ 2:
        return pt[T_R1_PARTNER4]
    return pt[T_R1_OPP2] if n == 2 else pt[T_R1_OPP4]


@njit(cache=True)
def round1_strength(hand_nat, seat, n, dealer, up_nat, t, allow_upcard, pol):
    """(strength, threshold) of a seat for ordering up / accepting the upcard's suit ``t``."""
    return (round1_value(hand_nat, seat, n, dealer, up_nat, t, allow_upcard),
            round1_threshold(seat, n, dealer, policy_tuple(pol)))


@njit(cache=True)
def round1_act(hand_nat, seat, n, dealer, up_nat, t, allow_upcard, pt):
    """``round1_policy`` with the thresholds as a tuple (``policy_tuple``)."""
    return _decide(round1_value(hand_nat, seat, n, dealer, up_nat, t, allow_upcard),
                   round1_threshold(seat, n, dealer, pt), n, t, pt)


@njit(cache=True)
def round1_policy(hand_nat, seat, n, dealer, up_nat, t, allow_upcard, pol):
    """Order up / accept (the dealer) or pass, with the upcard's suit ``t`` as trump."""
    return round1_act(hand_nat, seat, n, dealer, up_nat, t, allow_upcard, policy_tuple(pol))


@njit(cache=True)
def best_suit(hand_nat, banned):
    """The suit (not ``banned``; -1 bans none) in which the hand is strongest, and that strength."""
    best = -1
    best_s = np.int64(-1) << 40
    for t in range(4):
        if t == banned:
            continue
        s = strength(to_trump(hand_nat, t), t)
        if s > best_s:
            best_s = s
            best = t
    return best, best_s


@njit(cache=True)
def round2_act(hand_nat, n, turned_down, must, pt):
    """``round2_policy`` with the thresholds as a tuple (``policy_tuple``)."""
    t, s = best_suit(hand_nat, turned_down)
    act = _decide(s, pt[T_R2_2] if n == 2 else pt[T_R2_4], n, t, pt)
    if act == PASS and must:
        return 2 * t
    return act


@njit(cache=True)
def round2_policy(hand_nat, n, turned_down, must, pol):
    """Name the best other suit if strong enough (always when ``must``: stick the dealer)."""
    return round2_act(hand_nat, n, turned_down, must, policy_tuple(pol))


@njit(cache=True)
def joker_act(hand_nat, n, allow_upcard, pt):
    """``joker_policy`` with the thresholds as a tuple (``policy_tuple``)."""
    joker = ONE << np.uint64(JOKER_NAT_BIT)
    best = 0
    best_s = np.int64(-1) << 40
    for t in range(4):
        h6 = to_trump(hand_nat | joker, t)
        up = to_trump(joker, t)
        s = strength(h6 & ~dealer_discard(h6, up, t, allow_upcard), t)
        if s > best_s:
            best_s = s
            best = t
    alone = 1 if (n == 4 and best_s >= pt[T_ALONE4]) else 0
    return 2 * best + alone


@njit(cache=True)
def joker_policy(hand_nat, n, allow_upcard, pol):
    """The dealer turned up the joker: take it, discard, and name the best suit."""
    return joker_act(hand_nat, n, allow_upcard, policy_tuple(pol))
