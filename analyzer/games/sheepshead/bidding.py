"""Picking, burying and calling: which calls are legal, and the heuristic policies.

All policies are numba functions over layout masks (see ``rules``) so the play kernels
can run them for every seat of every deal.

- Pick: a strength count against a threshold per seat (``PICK_THRESHOLDS``): 6 per
  trump, +5 per queen, +3 per jack, +3 more for Q♣ or Q♠, +2 per fail ten, −5 per fail
  ace, −4 per fail void.  The weights come from a regression of what picking gains over
  passing on these features in self-play (``scripts/tune_sheepshead.py --regress``): with
  the trumps held, a fail ace or a void makes passing relatively better (an ace may make
  you the partner and is a trick on defence; calls need fail cards).  The thresholds are
  best responses in self-play (the script's default mode): later seats pick lighter,
  since the seats before them passed and so hold weak hands; the dealer, after four
  passes, picks almost anything rather than play a leaster.
- Call: the ace of a fail suit in which the picker holds a card but not the ace; with
  all three fail aces, the ten of such a suit; none: alone.
- Bury (2 of the 8 cards): fail cards, scored 2 per card point buried + 20 per fail void
  made − 25 per ace buried; trumps only when fewer than two fail cards may go; the hold
  card (one card of the called suit) stays.  The call is the one whose best bury scores
  highest (+5 when the hold card is the called suit's only card).
- Unknown (option no_call=unknown, see ``rules``): with no legal call, the ace of the
  picker's lowest void fail suit, the best bury that keeps a fail card, and his fail card
  with the fewest points set face down (``unknown_bury_call``, ``unknown_card``).
- Alone: when the six cards kept are overwhelming (strength ≥ ``POLICY[W_ALONE]``, also
  fitted by the script).  ``scripts/tune_sheepshead.py --bury`` searched the bury and
  call weights against every legal option played out on 600 picked hands: no weights did
  better than these on the held-out half (0.27 points a hand behind the best option
  measured, most of it the noise of picking the best of ~100 estimates).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ZERO, high_index, low_bit, low_index, popcount
from .rules import (FAIL, FAIL_ACES, FAIL_ALL, FAIL_LANES, FAIL_TENS, JACKS, POINT_TRUMPS, PTS, QUEENS,
                    TOP_QUEENS, TRUMPS)

PICK_THRESHOLDS = np.array([23, 21, 19, 13, 3], np.int64)    # by seat 0..4 (dealer last)
# Bury, call and alone policy: weights of a bury's features, the bonus for a hold card
# alone in its suit, and the strength of the six kept cards that goes alone.
W_POINTS, W_VOID, W_ACE, W_TRUMP, W_TRUMP_RANK, W_HOLD_ALONE, W_ALONE = range(7)
POLICY = np.array([2, 20, -25, -200, 0, 5, 29], np.int64)
_LANES = np.array(FAIL_LANES, np.int64)


@njit(cache=True, forceinline=True)
def _voids(hand):
    v = 0
    for k in range(3):
        if hand & FAIL[_LANES[k]] == ZERO:
            v += 1
    return v


@njit(cache=True, forceinline=True)
def strength(hand):
    """The picking count of a 6-card hand (see the module docstring)."""
    return (6 * popcount(hand & TRUMPS) + 5 * popcount(hand & QUEENS) + 3 * popcount(hand & JACKS)
            + 3 * popcount(hand & TOP_QUEENS) + 2 * popcount(hand & FAIL_TENS)
            - 5 * popcount(hand & FAIL_ACES) - 4 * _voids(hand))


@njit(cache=True, forceinline=True)
def alone_strength(hand):
    """The going-alone count of the six cards kept: 2 per trump, +4 per queen, +2 per
    jack, +3 per fail ace, +1 per fail void."""
    return (2 * popcount(hand & TRUMPS) + 4 * popcount(hand & QUEENS) + 2 * popcount(hand & JACKS)
            + 3 * popcount(hand & FAIL_ACES) + _voids(hand))


@njit(cache=True, forceinline=True)
def wants_to_pick(hand, seat, thresholds):
    return strength(hand) >= thresholds[seat]


@njit(cache=True)
def callable_cards(hand8):
    """Cards the picker may call with these 8 cards (before burying): the ace of a fail
    suit held without its ace, or with all three fail aces the ten of such a suit."""
    targets = FAIL_TENS if (hand8 & FAIL_ACES) == FAIL_ACES else FAIL_ACES
    out = ZERO
    for k in range(3):
        lane = FAIL[_LANES[k]]
        t = targets & lane
        if (hand8 & lane) and not (hand8 & t):
            out |= t
    return out


@njit(cache=True, forceinline=True)
def bury_legal(hand8, bury, called):
    """A bury of two of the 8 cards keeps a hold card of the called suit (if any)."""
    if popcount(bury) != 2 or (bury & ~hand8):
        return False
    if called == ZERO:
        return True
    lane = FAIL_ALL & FAIL[high_index(called) >> 4]
    return ((hand8 & ~bury) & lane) != ZERO


@njit(cache=True, forceinline=True)
def _bury_score(hand8, pair, w):
    after = hand8 & ~pair
    voids = 0
    for k in range(3):
        lane = FAIL[_LANES[k]]
        if (hand8 & lane) and not (after & lane):
            voids += 1
    trumps = pair & TRUMPS
    trump_ranks = 0
    rest = trumps
    while rest:
        c = low_bit(rest)
        rest ^= c
        trump_ranks += high_index(c) & 15
    return (w[W_POINTS] * (PTS[high_index(pair)] + PTS[low_index(pair)]) + w[W_VOID] * voids
            + w[W_ACE] * popcount(pair & FAIL_ACES) + w[W_TRUMP] * popcount(trumps)
            + w[W_TRUMP_RANK] * trump_ranks)


@njit(cache=True, forceinline=True)
def _best_bury_keeping(hand8, keep, w):
    """``best_bury`` with the kept six holding a card of ``keep`` (0: no constraint)."""
    cands = hand8 & (FAIL_ALL | POINT_TRUMPS)
    free = popcount(cands) - (1 if keep else 0)
    trumps = hand8 & TRUMPS & ~cands
    while free < 2 and trumps:
        t = low_bit(trumps)
        trumps ^= t
        cands |= t
        free += 1
    best = ZERO
    best_score = np.int64(-1) << 40
    rest = cands
    while rest:
        a = low_bit(rest)
        rest ^= a
        others = rest
        while others:
            b = low_bit(others)
            others ^= b
            pair = a | b
            if keep and not (hand8 & ~pair & keep):
                continue
            sc = _bury_score(hand8, pair, w)
            if sc > best_score:
                best_score = sc
                best = pair
    return best, best_score


@njit(cache=True)
def best_bury(hand8, called, w):
    """The best-scoring legal bury for a call (0: alone) under weights ``w``; returns
    (bury, score).  Candidates: fail cards and the trumps worth points below the jacks
    (K♦ 10♦ A♦), and the lowest trumps when too few of those may go."""
    keep = (FAIL_ALL & FAIL[high_index(called) >> 4]) if called else ZERO
    return _best_bury_keeping(hand8, keep, w)


@njit(cache=True)
def choose_bury_call(hand8, w):
    """The picker's bury and call under weights ``w`` (called 0: no legal call, so alone)."""
    calls = callable_cards(hand8)
    if calls == ZERO:
        bury, _ = best_bury(hand8, ZERO, w)
        return bury, ZERO
    best_bury_mask = ZERO
    best_call = ZERO
    best_score = np.int64(-1) << 40
    rest = calls
    while rest:
        c = low_bit(rest)
        rest ^= c
        bury, sc = best_bury(hand8, c, w)
        lane = FAIL[high_index(c) >> 4]
        if popcount(hand8 & ~bury & lane) == 1:
            sc += w[W_HOLD_ALONE]
        if sc > best_score:
            best_score = sc
            best_bury_mask = bury
            best_call = c
    return best_bury_mask, best_call


@njit(cache=True)
def policy_bury_call(hand8, w):
    """What the policy does after picking: bury and call, or go alone (called 0) when the
    six cards it would keep alone score ``w[W_ALONE]`` or more (or no call is legal)."""
    bury, called = choose_bury_call(hand8, w)
    # Six of these cards score at most the 8 cards' trump and ace terms plus 3 voids.
    if called and alone_strength(hand8 & (TRUMPS | FAIL_ACES)) + 3 >= w[W_ALONE]:
        alone_bury, _ = best_bury(hand8, ZERO, w)
        if alone_strength(hand8 & ~alone_bury) >= w[W_ALONE]:
            return alone_bury, ZERO
    return bury, called


# ----------------------------------------------------------------------------- no_call=unknown
@njit(cache=True)
def unknown_calls(hand8):
    """Aces the picker may call as an "unknown" (option no_call=unknown): with no legal
    call, the ace of a fail suit in which he holds none of the 8 cards."""
    if callable_cards(hand8):
        return ZERO
    out = ZERO
    for k in range(3):
        lane = FAIL[_LANES[k]]
        if not (hand8 & lane):
            out |= FAIL_ACES & lane
    return out


@njit(cache=True, forceinline=True)
def unknown_card(hand):
    """The card the picker sets face down as the unknown: his fail card with the fewest
    points, then the lowest (0: he has no fail card)."""
    best = ZERO
    best_key = np.int64(1) << 40
    rest = hand & FAIL_ALL
    while rest:
        c = low_bit(rest)
        rest ^= c
        i = low_index(c)
        key = PTS[i] * 64 + (i & 15) * 4 + (i >> 4)
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def unknown_bury_call(hand8, w):
    """The picker's bury and unknown call under weights ``w``: the best bury that keeps a
    fail card (to set as the unknown), and the ace of his lowest-lane void suit; called 0
    when no unknown call is possible (no void, or no fail card to keep)."""
    calls = unknown_calls(hand8)
    if calls == ZERO or not (hand8 & FAIL_ALL):
        return ZERO, ZERO
    bury, _ = _best_bury_keeping(hand8, FAIL_ALL, w)
    return bury, low_bit(calls)


def random_picked_deals(rng):
    """Endless random deals that the picking policy picks (for benchmarks and solver
    checks): ``(hands, picker, partner, called, bury)`` after the policy's bury and call,
    ``hands`` the five 6-card hands (the picker's after burying), ``partner`` -1 when the
    picker is alone.  ``rng``: a ``random.Random``."""
    from .rules import RULES

    deck = [b for b in range(64) if (int(RULES[8]) >> b) & 1]
    while True:
        cards = deck[:]
        rng.shuffle(cards)
        hands = np.array([sum(1 << c for c in cards[6 * s: 6 * s + 6]) for s in range(5)], np.uint64)
        picker = next((s for s in range(5) if wants_to_pick(hands[s], s, PICK_THRESHOLDS)), -1)
        if picker < 0:
            continue
        h8 = hands[picker] | np.uint64(sum(1 << c for c in cards[30:]))
        bury, called = (np.uint64(x) for x in policy_bury_call(h8, POLICY))
        hands[picker] = h8 & ~bury
        partner = next((s for s in range(5) if called and hands[s] & called), -1)
        yield hands, picker, partner, called, bury
