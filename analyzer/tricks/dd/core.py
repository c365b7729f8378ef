"""Shared pieces of the double-dummy solver: the cfg vector and option bits, the stats
vector, card points, relative ranks and equivalent cards."""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import (
    HAVE_PEXT,
    ONE,
    ZERO,
    above,
    high_bit,
    low_bit,
    low_index,
    pext_bmi2,
    popcount,
)
from ..engine import (
    suit_of,
)
from ..tables import (
    R_DUP_SHIFT,
    R_POINTS,
    R_SUIT,
)

MAX_SEATS = 6
# Loops over the seats run to MAX_SEATS and break at the table's size: a loop of runtime
# length (range(nseats)) is vectorized by the compiler, with vector set-up and clean-up
# code far costlier than the 2-6 seats it runs over (and slower to compile); one with an
# early exit is not.  Seats are 0..5: ``& 7`` tells the compiler an index is small.
MAX_PLY = 68      # plies of one search: at most one a card (64), and the root's
MAX_MOVES = 24

# cfg vector (int64)
C_NSEATS = 0      # seats at the table (2..6)
C_ACTIVE = 1      # mask of seats that play
C_MAX = 2         # mask of the maximising side
C_COUNT = 3       # mask of the side whose tricks/points are the value
C_OPTS = 4        # O_* switches (speed only: results never depend on them)
C_GEN = 5         # generation stamp of table entries (1..65535)
C_EXACT = 6       # 1: table entries match exact cards (points, duplicates, must-head);
                  # EXACT_KINDS: every card, up to identical copies and relative kinds (_kinds_key)
C_QUICK = 7       # 1: quick/sure-trick bounds apply (tricks objective, no forced plays);
                  # SURE_TRUMPS: the bounds of _sure_bounds (EXACT_KINDS games)
C_NACT = 8        # number of active seats
C_NEXT = 9        # C_NEXT + seat (9..14): next active seat clockwise
C_BEST = 15       # out: best move found at the root (move code)
C_STAMP = 16      # running count of table stores (entry ages)
# Where each suit's cards go in a hand written in relative ranks (_rel_hand): suit s's
# ranks start at bit C_OFF + s and fill the bits of mask C_FIELD + s (int64 bits of a
# uint64).  Every suit of at most 16 cards: its 16-bit lane (16 s, 0xFFFF << 16 s), as
# the layouts of every game up to five hands have it.  A suit of more cards (Six-handed
# Five Hundred's trumps, 17-18 cards in contiguous ranges of bits): the suits one after
# the other, as many bits each as the suit has cards (63-64 in all).
C_OFF = 17        # C_OFF + s: first bit of suit s in relative ranks
C_FIELD = 21      # C_FIELD + s: its bits
C_RBASE = 25      # C_RBASE + s and C_RMASK: a card's rank in its suit for move ordering,
C_RMASK = 29      # (bit index - C_RBASE + s) & C_RMASK: in 16-bit lanes the bit index & 15
C_WIDE = 30       # 1: some suit has more than 16 cards (the layout just described)
C_KEYX = 31       # six seats: -1 (all bits), the table entries' fourth pattern word is an
                  # exact key (see table._rel_planes); else 0
C_SIZE = 32

EXACT_CARDS = 1
EXACT_KINDS = 2
SURE_TRUMPS = 2

O_TT = 1          # use the transposition table
O_QUICK = 2       # quick/sure-trick cutoffs
O_EQUIV = 4       # search one card of each run of equivalent cards
O_ORDER = 8       # heuristic move ordering (else: high cards first)
O_SMALL = 16      # skip small cards shown never to win by rank (after one of them)
O_ALL = O_TT | O_QUICK | O_EQUIV | O_ORDER | O_SMALL

# stats vector (int64)
S_NODES, S_TT_HITS, S_QT_CUTS, S_STORES, S_SEARCHES, S_CUTS, S_FIRST_CUTS = range(7)
S_POS_NODES, S_POS_CUTS, S_POS_FIRST = 8, 16, 24   # + position in the trick (0..7)
# Single-dummy decisions (``tricks.pimc.choose_each``): a node budget a decision may spend
# on its worlds (0: none; set by the caller) and how many decisions it cut short.
S_BUDGET, S_BUDGET_CUTS = 32, 33
S_SIZE = 34


_LANE = np.uint64(0xFFFF)


_BYTE = np.uint64(0xFF)
NONE = -1


def _pext8_table() -> np.ndarray:
    """pext8[x, m]: the bits of x selected by m, packed to the bottom (8-bit pext)."""
    out = np.zeros((256, 256), np.uint8)
    for m in range(256):
        sel = [b for b in range(8) if (m >> b) & 1]
        for x in range(256):
            v = 0
            for j, b in enumerate(sel):
                if (x >> b) & 1:
                    v |= 1 << j
            out[x, m] = v
    return out


PEXT8 = _pext8_table()
PEXT8.setflags(write=False)  # the same (read-only) array type from Python and from kernels


@njit(cache=True, forceinline=True)
def _points(rules, mask):
    p = np.int64(0)
    for k in range(4):
        p += popcount(mask & rules[R_POINTS + k]) << k
    return p


@njit(cache=True, forceinline=True)
def _union(hands, nseats):
    u = ZERO
    for s in range(nseats):
        u |= hands[s]
    return u


@njit(cache=True, forceinline=True)
def _side_of(cfg, seat):
    """Mask of the seats on ``seat``'s side (active seats only)."""
    m = cfg[C_MAX]
    if (m >> seat) & 1:
        return m
    return cfg[C_ACTIVE] & ~m


@njit(cache=True, forceinline=True)
def _compress(x, m, pext8):
    """pext of 16-bit lanes values: bits of x selected by m, packed low."""
    lo = np.uint64(pext8[x & _BYTE, m & _BYTE])
    hi = np.uint64(pext8[(x >> np.uint64(8)) & _BYTE, (m >> np.uint64(8)) & _BYTE])
    return lo | (hi << np.uint64(popcount(m & _BYTE)))


@njit(cache=True, forceinline=True)
def _compress64(x, m, pext8):
    """pext over 64 bits, a byte at a time."""
    out = ZERO
    shift = np.uint64(0)
    for b in range(8):
        sh = np.uint64(8 * b)
        mb = (m >> sh) & _BYTE
        if mb:
            out |= np.uint64(pext8[(x >> sh) & _BYTE, mb]) << shift
            shift += np.uint64(popcount(mb))
    return out


@njit(cache=True, forceinline=True)
def _rel_hand(rules, cfg, hand, unpl, pext8):
    """A hand in relative ranks: per suit, its cards' positions among the unplayed cards
    of that suit (bottom-aligned), from bit ``cfg[C_OFF + s]`` on (the suit's 16-bit lane,
    or with a suit of more than 16 cards its range of a packed word: see C_OFF)."""
    r = ZERO
    if HAVE_PEXT:
        for s in range(4):
            sm = rules[R_SUIT + s]
            r |= pext_bmi2(hand & sm, unpl & sm) << np.uint64(cfg[C_OFF + s])
        return r
    wide = cfg[C_WIDE] != 0
    for s in range(4):
        sm = rules[R_SUIT + s]
        base = np.uint64(16 * s)
        if wide or sm & ~(_LANE << base):
            # a card outside its lane (500's nominated joker), or a suit wider than a
            # lane: compress the whole word
            r |= _compress64(hand & sm, unpl & sm, pext8) << np.uint64(cfg[C_OFF + s])
            continue
        x = ((hand & sm) >> base) & _LANE
        m = ((unpl & sm) >> base) & _LANE
        if m:
            r |= _compress(x, m, pext8) << base
    return r


@njit(cache=True, forceinline=True)
def _next_higher(rules, c, unpl):
    """The next unplayed card above ``c`` in its suit (0 if none / no suit)."""
    s = suit_of(rules, c)
    if s < 0:
        return ZERO
    return low_bit(unpl & rules[R_SUIT + s] & above(c))


@njit(cache=True, forceinline=True)
def _equiv_up(rules, c, nxt, hand, unpl, exact_pts):
    """Is ``c`` equivalent to ``nxt``, the next unplayed card above it in its suit?"""
    if nxt == ZERO or not (nxt & hand):
        return False
    if rules[R_DUP_SHIFT] != ZERO:
        # identical copies: the twin below c and the twin above nxt must not be someone
        # else's unplayed card (a tie with them would make c and nxt differ)
        ic = low_index(c)
        if ic & 1:
            tw = ONE << np.uint64(ic - 1)
            if (unpl & tw) and not (hand & tw):
                return False
        inx = low_index(nxt)
        if not (inx & 1) and inx < 63:
            tw = ONE << np.uint64(inx + 1)
            if (unpl & tw) and not (hand & tw):
                return False
    if exact_pts:
        if _points(rules, c) != _points(rules, nxt):
            return False
    return True


@njit(cache=True, forceinline=True)
def _eq_below(rules, c, hand, unpl, exact_pts):
    """Cards of ``hand`` equivalent to ``c`` below it (the run it represents)."""
    out = ZERO
    s = suit_of(rules, c)
    if s < 0:
        return out
    sm = rules[R_SUIT + s]
    cur = c
    while True:
        lower = high_bit(unpl & sm & (cur - ONE))
        if lower == ZERO or not (lower & hand):
            return out
        if not _equiv_up(rules, lower, cur, hand, unpl, exact_pts):
            return out
        out |= lower
        cur = lower


_EVEN = np.uint64(0x5555555555555555)


M_SIZE = np.uint64(2 * MAX_MOVES)   # a ply's move codes, then their weights
