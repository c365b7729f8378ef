"""What a Sheepshead seat playing single-dummy samples and aims at (``pimc``): the
layouts of the cards it cannot see (``seat_worlds``) and each world's side and threshold
(``_world_targets``).  Kept apart from ``pimc`` so that ``play``'s one trick loop can
call them (``pimc`` imports ``play``)."""

import numpy as np
from numba import njit

from ...bits import ZERO, popcount
from ...sim.hidden import sample_worlds
from ...sim.rng import mix64, stream_key
from ...tricks.dd import MAX_SEATS, O_ALL, _make_cfg
from ...tricks.engine import lane_cards
from ...tricks.points import mask_points
from ...tricks.tables import R_DECK, R_SUIT
from .dd import DD_RULES
from .deck import BLIND_SIZE, N_SEATS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER, WIN_POINTS
from .rules import VALS

DEFAULT_WORLDS = 32
MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # play.play_out's ``mode``
REJECTION_TRIES = 16
HOLD_ROUNDS = 16          # draws of n_worlds layouts to find enough with the picker's hold card
WORLD_SALT = np.uint64(0x5EED05EE95EAD)   # separates the worlds' streams from the deal's
LINES_61, LINES_ALL = 1, 3      # play.play_out's ``lines``: 61 only, or then the open schneider line
PIMC_LINES = LINES_ALL          # the questions' choice
THRESHOLDS = np.array([WIN_POINTS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER + 1], np.int64)   # 61, 91, 31


@njit(cache=True, nogil=True)
def seat_worlds(hands, viewer, picker, called, cs, holds, bury, played, voids, excl, key, worlds, buries):
    """Fill ``worlds[:n]`` (five hands each) and ``buries[:n]`` (the bury of each world)
    with layouts of what ``viewer`` cannot see; returns the number (<= 0: none, see
    ``sample_worlds``).  ``voids[s]``: the lanes seat ``s`` showed void in; ``excl[s]``:
    cards known not to be in its hand; ``cs``: the called card's lane (-1 alone);
    ``holds``: the picker is known to hold a card of it (the called suit has not been led,
    or it is being led and the picker has not played to the trick yet).  Slots: every other seat's hand, and the bury (2 cards)
    unless the viewer is the picker."""
    n_worlds = worlds.shape[0]
    mine = hands[viewer]
    hidden = DD_RULES[R_DECK] & ~played & ~mine
    if viewer == picker:
        hidden &= ~bury
    need = np.zeros(N_SEATS + 1, np.int64)
    allowed = np.zeros(N_SEATS + 1, np.uint64)
    slot_seat = np.zeros(N_SEATS + 1, np.int64)
    k = 0
    pk = -1
    for s in range(N_SEATS):
        if s == viewer:
            continue
        need[k] = popcount(hands[s])
        allowed[k] = hidden & ~lane_cards(DD_RULES, voids[s]) & ~excl[s]
        if s == picker:
            allowed[k] &= ~called
            pk = k
        slot_seat[k] = s
        k += 1
    if viewer != picker:
        need[k] = BLIND_SIZE
        allowed[k] = hidden & ~called
        slot_seat[k] = -1
        k += 1
    # the picker's hold card, while the called suit is unopened
    hold = DD_RULES[R_SUIT + cs] & ~called if (called != ZERO and holds and pk >= 0) else ZERO
    nk = need[:k].copy()
    ak = allowed[:k].copy()
    out = np.empty((n_worlds, k), np.uint64)
    filled = 0
    rounds = HOLD_ROUNDS if hold != ZERO else 1
    for r in range(rounds):
        got = sample_worlds(stream_key(key, r), hidden, nk, ak, out, np.int64(REJECTION_TRIES))
        if got <= 0:
            if r == 0:
                return got
            break
        for w in range(got):
            if hold != ZERO and (out[w, pk] & hold) == ZERO:
                continue
            for s in range(MAX_SEATS):
                worlds[filled, s] = ZERO
            worlds[filled, viewer] = mine
            buries[filled] = bury if viewer == picker else ZERO
            for j in range(k):
                s = slot_seat[j]
                if s >= 0:
                    worlds[filled, s] = out[w, j]
                else:
                    buries[filled] = out[w, j]
            filled += 1
            if filled == n_worlds:
                return filled
    return filled


@njit(cache=True, forceinline=True)
def _world_targets(worlds, buries, got, picker, called, revealed, won, tpts, n_done, trick_points, r, cfgs, targets,
                   lines):
    """Each world's side (cfgs) and threshold (targets, from here on); returns whether some
    world has a line still open.  ``revealed``: the partner's seat once the called card
    is played (-1 before, or alone)."""
    any_open = False
    for w in range(got):
        side = 1 << picker
        if revealed >= 0:
            side |= 1 << revealed
        elif called != ZERO:
            for s in range(N_SEATS):
                if worlds[w, s] & called:
                    side |= 1 << s
        have = mask_points(VALS, buries[w])
        for t in range(n_done):
            if (side >> won[t]) & 1:
                have += tpts[t]
        rest = trick_points
        for s in range(N_SEATS):
            rest += mask_points(VALS, worlds[w, s])
        tgt = np.int64(0)            # decided: every card alike
        for j in range(lines):
            need = THRESHOLDS[j] - have
            if 0 < need <= rest:
                tgt = need
                any_open = True
                break
        targets[w] = tgt
        _make_cfg(cfgs[w], np.int64(N_SEATS), np.int64((1 << N_SEATS) - 1), np.int64(side), np.int64(side), r,
                  np.int64(O_ALL), np.int64(1))
    return any_open


@njit(cache=True, forceinline=True)
def world_key(deal_key):
    """The worlds' key of a deal (independent of the deal's own stream)."""
    return mix64(deal_key ^ WORLD_SALT)
