"""What a Euchre seat playing single-dummy samples and aims at (``pimc``): the layouts of
the cards it cannot see (``seat_worlds``) and the makers' target (``target_of``).  Kept
apart from ``pimc`` so that ``play``'s one trick loop can call them (``pimc`` imports
``play``)."""

import numpy as np
from numba import njit

from ...bits import ZERO, popcount
from ...sim.hidden import seat_worlds as draw_seat_worlds
from ...sim.rng import mix64
from ...tricks.dd import MAX_SEATS
from ...tricks.engine import lane_cards
from ...tricks.tables import R_DECK
from .deck import N_TRICKS

DEFAULT_WORLDS = 32
MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # play.play_tricks's ``mode``
REJECTION_TRIES = 16
MAKE = 3                                          # the makers' tricks to make the hand
WORLD_SALT = np.uint64(0xE0C4E5EED5A17)          # separates the worlds' streams from the deal's
MAX_WORLD_SLOTS = 6                               # 3 other hands, the discard, the stock


@njit(cache=True, forceinline=True)
def world_key(deal_key):
    """The worlds' key of a deal (independent of the deal's own stream)."""
    return mix64(deal_key ^ WORLD_SALT)


@njit(cache=True, nogil=True)
def seat_worlds(rules, hands, n, viewer, out, dealer, up, up_free, dealer_known, known, played, voids,
                key, worlds, need, allowed, slot_seat):
    """Fill ``worlds[:W]`` (W = ``worlds.shape[0]``) with layouts of what ``viewer`` cannot
    see; returns the number drawn (``sample_worlds``'s code when <= 0).

    ``hands``: the true hands now (layout masks; only the card counts of the others are
    read); ``up``: the upcard the dealer picked up (0: none picked up); ``up_free``: the
    dealer may have discarded it; ``dealer_known``: the dealer's discard; ``known``: cards
    every seat knows are out of play (a turned-down upcard); ``voids``: 4 bits a seat.
    Slots: every other active seat's hand, the dealer's discard (when he picked up and
    the viewer is not he), the rest (the stock and a sitting-out partner's hand)."""
    deck = rules[R_DECK]
    mine = hands[viewer]
    hidden = deck & ~played & ~mine & ~known
    if viewer == dealer:
        hidden &= ~dealer_known
    up_hidden = up & hidden       # the picked-up upcard, not played, not the viewer's
    k = 0
    total = 0
    for s in range(n):
        if s == viewer or s == out:
            continue
        need[k] = popcount(hands[s])
        a = hidden & ~lane_cards(rules, (voids >> (4 * s)) & 15)
        if s != dealer:
            a &= ~up_hidden
        allowed[k] = a
        slot_seat[k] = s
        total += need[k]
        k += 1
    if up != ZERO and viewer != dealer:
        need[k] = 1
        allowed[k] = hidden if up_free else hidden & ~up_hidden
        slot_seat[k] = -1
        total += 1
        k += 1
    rest = popcount(hidden) - total
    if rest > 0:
        need[k] = rest
        allowed[k] = hidden & ~up_hidden
        slot_seat[k] = -1
        k += 1
    known = np.zeros(MAX_SEATS, np.uint64)
    known[viewer] = mine
    return draw_seat_worlds(key, hidden, need[:k].copy(), allowed[:k].copy(), slot_seat[:k].copy(), known, worlds,
                            np.int64(REJECTION_TRIES))


@njit(cache=True, forceinline=True)
def target_of(taken, t):
    """What the makers need from trick ``t`` on, having taken ``taken``: 3 - taken, then
    (made, no trick lost) every trick left for the march; 0 when decided."""
    if taken < MAKE:
        need = MAKE - taken
        return need if need <= N_TRICKS - t else 0
    if taken == t:
        return N_TRICKS - t
    return 0
