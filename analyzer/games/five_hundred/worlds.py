"""What a single-dummy Five Hundred seat cannot see, sampled: its worlds.

Kept apart from ``pimc`` so that ``play``'s one trick loop can call it (``pimc`` imports
``play``).  The facts (``pimc``'s module doc): the cards played, the suits each seat has
shown void in, the joker a void player did not play (``excl``), the contractor's
discards (his own to him, three hidden cards to the others), an open misère
contractor's hand once exposed, the five-handed called card never in the contractor's
hand nor out of play.
"""

import numpy as np
from numba import njit

from ...bits import ZERO, popcount
from ...sim.hidden import seat_worlds as draw_seat_worlds
from ...tricks.dd import MAX_SEATS
from ...tricks.engine import lane_cards
from ...tricks.tables import R_DECK
from .deck import N_SEATS

MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # the trick loop's single-dummy ``mode``
REJECTION_TRIES = 16
SLOTS = 8                                 # seat_worlds' scratch: sim.hidden.MAX_SLOTS


@njit(cache=True, nogil=True)
def seat_worlds_table(rules, hands, n_seats, viewer, contractor, discards, exposed, played, voids, excl, active,
                      called, key, worlds, need, allowed, slots, slot_seat):
    """Fill ``worlds[:n]`` with layouts of what ``viewer`` cannot see at a table of
    ``n_seats``; returns the number (``sim.hidden.seat_worlds``'s code).

    Slots: every other seat's hand (the contractor's left out when ``exposed``; a seat
    out of ``active`` is dealt its cards but written to no seat), then one slot of the
    hidden cards in no hand (the contractor's three discards unless the viewer is the
    contractor, and a two-handed game's dead hand).  ``called``: the five-handed called
    card while unplayed (else 0), never in the contractor's hand nor out of play."""
    deck = rules[R_DECK]
    mine = hands[viewer]
    hidden = deck & ~played & ~mine
    if viewer == contractor:
        hidden &= ~discards
    if exposed:
        hidden &= ~hands[contractor]
    k = 0
    placed = 0
    for s in range(n_seats):
        if s == viewer or (exposed and s == contractor):
            continue
        need[k] = popcount(hands[s])
        allowed[k] = hidden & ~lane_cards(rules, ((voids >> (4 * s)) & 15)) & ~excl[s]
        if s == contractor:
            allowed[k] &= ~called
        slot_seat[k] = s
        placed += need[k]
        k += 1
    rest = popcount(hidden) - placed
    if rest > 0:
        need[k] = rest
        allowed[k] = hidden & ~called
        slot_seat[k] = -1
        k += 1
    known = np.zeros(MAX_SEATS, np.uint64)
    known[viewer] = mine
    if exposed:
        known[contractor] = hands[contractor]
    for j in range(k):
        if slot_seat[j] >= 0 and not (active >> slot_seat[j]) & 1:
            slot_seat[j] = -1                  # a hand out of play (misère): no seat's in the worlds
    return draw_seat_worlds(key, hidden, need[:k].copy(), allowed[:k].copy(), slot_seat[:k].copy(), known,
                            worlds, np.int64(REJECTION_TRIES))


@njit(cache=True, nogil=True)
def seat_worlds(rules, hands, viewer, contractor, discards, exposed, played, voids, excl, active,
                key, worlds, need, allowed, slots, slot_seat):
    """``seat_worlds_table`` at the four-handed table (no called card)."""
    return seat_worlds_table(rules, hands, np.int64(N_SEATS), viewer, contractor, discards, exposed, played, voids,
                             excl, active, ZERO, key, worlds, need, allowed, slots, slot_seat)


@njit(cache=True, forceinline=True)
def tricks_of(won, n_seats, mask):
    """The tricks won by the seats of ``mask`` (``won``: each seat's)."""
    n = 0
    for s in range(n_seats):
        if (mask >> s) & 1:
            n += won[s]
    return n
