"""What a Pinochle seat playing single-dummy knows and samples (``play.play_out``'s
``pimc`` seats): the layouts of the cards it cannot see, honouring everything it has seen.

A seat knows:

* its own hand and every card played, by whom;
* the meld shown on the table: all four players meld before the play, so each seat's
  meld cards (``meld.meld_cards``) are known to be in its hand until it plays them
  (identical copies are interchangeable: a shown kind is one layout bit of that seat);
* the passes it took part in: the declarer's partner knows the four cards it passed are
  in the declarer's hand, the declarer knows the four he passed back are in his
  partner's; the defenders know neither;
* what the duties showed (``tricks.engine.shown_out``): a seat that did not follow
  holds none of the suit led, one that neither followed nor trumped holds no trump, one
  that followed without heading the trick holds no higher card of the suit, one that
  trumped without over-trumping no higher trump.

The worlds are exactly uniform among the layouts consistent with those facts
(``sim.hidden``).  Not modelled: what the auction and the policies' passes and play
reveal beyond that (the bidding says something of each hand's meld and strength).
"""

import numpy as np
from numba import njit

from ...bits import popcount
from ...sim import hidden
from ...sim.rng import mix64
from ...tricks.dd import MAX_SEATS
from .deck import DECK_MASK, N_SEATS

DEFAULT_WORLDS = 16
# A single-dummy decision that has spent this many search nodes on its worlds decides on
# the worlds searched so far (``tricks.pimc.choose_each``): about a second of one core.
# Pinochle's twelve-trick searches have a long tail, and a few contested decisions would
# otherwise take minutes each.
NODE_BUDGET = 4_000_000
MAX_WORLDS = 4096
MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # play.play_out's ``mode``
REJECTION_TRIES = 16
WORLD_SALT = np.uint64(0x9E3779B97F4A7C15)        # separates the worlds' streams from the deal's


@njit(cache=True, nogil=True)
def known_cards(hands, declarer, shown, give, back, known):
    """``known[v, s]``: the cards seat ``v`` knows to be in seat ``s``'s hand when the play
    starts: the meld ``shown[s]`` (every seat's), the partner's pass ``give`` to the
    declarer (known to the partner) and the declarer's pass ``back`` (known to the
    declarer); ``known[v, v]`` is ``v``'s own hand.  ``hands``: the hands after the
    passes."""
    partner = declarer ^ 2
    for v in range(N_SEATS):
        for s in range(N_SEATS):
            known[v, s] = hands[s] if s == v else shown[s] & hands[s]
    known[partner, declarer] |= give & hands[declarer]
    known[declarer, partner] |= back & hands[partner]


@njit(cache=True, nogil=True)
def seat_worlds(hands, viewer, known, excl, played, key, worlds):
    """Fill ``worlds[:n]`` (MAX_SEATS masks, the seats past the fourth empty) with layouts
    of what ``viewer`` cannot see; returns ``n`` (``sim.hidden.sample_worlds``'s code:
    <= 0, none).  ``known``: ``known_cards``'s rows (cards seat ``v`` knew in seat ``s``'s
    hand when the play started: those not played since are still there); ``excl[s]``:
    the cards the duties showed seat ``s`` cannot hold; ``played``: every card played,
    the current trick's included."""
    mine = hands[viewer]
    fixed = np.zeros(MAX_SEATS, np.uint64)
    fixed[viewer] = mine
    hidden_cards = DECK_MASK & ~played & ~mine
    for s in range(N_SEATS):
        if s != viewer:
            fixed[s] = known[viewer, s] & ~played
            hidden_cards &= ~fixed[s]
    need = np.zeros(N_SEATS - 1, np.int64)
    allowed = np.zeros(N_SEATS - 1, np.uint64)
    slot_seat = np.zeros(N_SEATS - 1, np.int64)
    k = 0
    for s in range(N_SEATS):
        if s == viewer:
            continue
        need[k] = popcount(hands[s]) - popcount(fixed[s])
        allowed[k] = hidden_cards & ~excl[s]
        slot_seat[k] = s
        k += 1
    return hidden.seat_worlds(key, hidden_cards, need, allowed, slot_seat, fixed, worlds, np.int64(REJECTION_TRIES))


@njit(cache=True, forceinline=True)
def world_key(deal_key):
    """The worlds' key of a deal (independent of the deal's own stream)."""
    return mix64(deal_key ^ WORLD_SALT)


def fresh_search(tt, stats, genbox, budget: int = NODE_BUDGET):
    """Before a deal: an empty table, generation 1 and the decisions' node budget, so that
    a deal's single-dummy play depends on nothing played before it (a chunk's other deals,
    the examples' replays)."""
    from ...tricks.dd import S_BUDGET
    tt[:] = 0
    genbox[0] = 1
    stats[S_BUDGET] = budget


def check_worlds(worlds) -> int:
    """``--worlds``: the layouts sampled for each single-dummy card, validated."""
    from ...errors import InputError
    if worlds is None:
        return DEFAULT_WORLDS
    if int(worlds) != worlds or not 1 <= int(worlds) <= MAX_WORLDS:
        raise InputError(f"--worlds must be 1 to {MAX_WORLDS}, got {worlds}")
    return int(worlds)


__all__ = ["DEFAULT_WORLDS", "NODE_BUDGET", "MODE_SAMPLE", "MODE_SEE_ALL", "MODE_PLAIN", "known_cards", "seat_worlds",
           "world_key", "check_worlds", "fresh_search"]
