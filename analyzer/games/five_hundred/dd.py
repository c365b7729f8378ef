"""Five Hundred with double-dummy play: every hand visible, perfect play by both sides.

Conventions as in ``play``: seats 0..3 clockwise, the contractor's side is the seats of
the same parity, the contractor exchanges with the kitty by ``play.exchange`` and leads.
Misère: the contractor's partner sits out; the two defenders try to make the contractor
take a trick (the result recorded is 0 when the contractor can avoid every trick, else 1).
No-trumps and misère: a contractor holding the joker may nominate its suit before the
first lead; every choice is solved and the best one for the contractor is taken.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ZERO
from ...sim.deal import _deal_into
from ...sim.rng import stream_key
from ...tricks.dd import PEXT8, O_ALL, S_SIZE, C_SIZE, MAX_SEATS, _make_cfg, _solve_kernel, new_table
from ...tricks.tables import R_FREE, R_SUIT, R_TRUMP
from .deck import HAND_SIZE, N_SEATS, N_TRICKS
from .play import KIND_OPEN_MISERE, exchange, to_layout
from .rules import MISERE, NT

DD_TABLE_MB = 2.0   # transposition table per thread for Five Hundred solves


@njit(cache=True, nogil=True)
def nominated(rules, suit):
    """No-trumps/misère rules with the joker nominated as the top card of ``suit``."""
    out = rules.copy()
    joker = out[R_FREE]
    out[R_SUIT + suit] |= joker
    out[R_TRUMP] &= ~joker
    out[R_FREE] = ZERO
    return out


@njit(cache=True, nogil=True)
def _seats(contractor, misere):
    """(active, maximising side, counted side) masks."""
    partner = (contractor + 2) % N_SEATS
    side = (1 << contractor) | (1 << partner)
    if misere:
        active = 15 & ~(1 << partner)
        return active, active & ~(1 << contractor), 1 << contractor
    return 15, side, side


@njit(cache=True, nogil=True)
def solve_position(rules, hands, contractor, misere, target, tt, stats, work):
    """Contractor side's tricks (misère: the contractor's tricks, the defenders
    maximising) from the first lead; with ``target`` >= 0, 1 if it reaches ``target``.

    ``work`` (int64, >= 8): work[0] is the table generation, bumped here."""
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    active, maxside, count = _seats(contractor, misere)
    for s in range(N_SEATS):
        if (active >> s) & 1:
            h5[s] = hands[s]
    work[0] += 1
    if work[0] > 0xFFFF:
        tt[:, :] = 0
        work[0] = 1
    _make_cfg(cfg, N_SEATS, active, maxside, count, rules, O_ALL, work[0])
    left = 0
    for s in range(N_SEATS):
        if (active >> s) & 1:
            n = 0
            m = h5[s]
            while m:
                m &= m - np.uint64(1)
                n += 1
            left = n
    return _solve_kernel(rules, cfg, h5, v5, tt, stats, PEXT8, contractor, 0, contractor, 0,
                         ZERO, contractor, ZERO, 0, left, target)


@njit(cache=True, nogil=True)
def best_choice(rules, hands, contractor, misere, tt, stats, work):
    """(result, nomination): the contract's double-dummy result with the contractor's best
    joker nomination (-1: none).  Suit contracts and NT: tricks of the contractor's side;
    misère: 0 if the contractor avoids every trick, else 1."""
    holds_free = (hands[contractor] & rules[R_FREE]) != ZERO
    if misere:
        if not holds_free:
            return solve_position(rules, hands, contractor, True, 1, tt, stats, work), -1
        # an un-nominated joker wins the trick it is played to: always nominate
        for s in range(4):
            if solve_position(nominated(rules, s), hands, contractor, True, 1, tt, stats, work) == 0:
                return np.int64(0), s
        return np.int64(1), 0
    v = solve_position(rules, hands, contractor, False, -1, tt, stats, work)
    choice = -1
    if holds_free:
        for s in range(4):
            if v < N_TRICKS:
                r = nominated(rules, s)
                if solve_position(r, hands, contractor, False, v + 1, tt, stats, work) == 1:
                    v = solve_position(r, hands, contractor, False, -1, tt, stats, work)
                    choice = s
    return v, choice


@njit(cache=True, nogil=True)
def dd_deal(rules, hands, kitty, contractor, misere, tt, stats, work):
    """Exchange with the kitty (``play.exchange``), then ``best_choice``.  ``hands`` is
    modified.  Returns (result, nomination)."""
    kept, _ = exchange(rules, hands[contractor] | kitty, misere)
    hands[contractor] = kept
    return best_choice(rules, hands, contractor, misere, tt, stats, work)


@njit(cache=True, nogil=True)
def bid_chunk_dd(key0, start, n, pool, counts, fixed, kinds, tables, byte_tables, hist, tt, stats):
    """``play.bid_chunk`` with double-dummy play: same deals (same dealing kernel and
    streams), ``hist[k, t]`` counts deals where kind ``kinds[k]`` gave ``t`` (misère and
    open misère: 0 made, 1 failed; with every hand visible they are the same question)."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    work = np.zeros(8, np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        misere_result = -1
        for k in range(kinds.shape[0]):
            kind = kinds[k]
            strain = kind if kind < MISERE else MISERE
            if kind >= MISERE and misere_result >= 0:
                hist[k, misere_result] += 1
                continue
            bt = byte_tables[strain]
            for s in range(N_SEATS):
                hands[s] = to_layout(deal[1 + s], bt)
            kitty = to_layout(deal[0], bt)
            res, _ = dd_deal(tables[strain], hands, kitty, 0, kind >= MISERE, tt, stats, work)
            if kind >= MISERE:
                misere_result = res
            hist[k, res] += 1


def new_dd_table(megabytes: float = DD_TABLE_MB) -> np.ndarray:
    return new_table(megabytes)


def new_stats() -> np.ndarray:
    return np.zeros(S_SIZE, np.int64)
