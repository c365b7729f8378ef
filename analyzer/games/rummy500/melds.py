"""The meld core: the best way to lay a hand down, given the melds on the table.

*Best* means the least value left in hand (deadwood), then the most value melded (an ace
melded low in a run scores its low value).  Cards may go into new sets (3-4 cards of one
rank, different suits) and runs (3+ consecutive cards of one suit, ace low or high), or be
laid off on the table's melds; jokers fill any place of a new meld or a lay-off, their
card declared as they are placed.  Every new meld holds at least one natural card.

The search (``_search``) is a depth-first branch and bound over the natural cards in bit
order: the lowest undecided card is left in hand, or put in one of the melds or lay-offs
that can hold it.  Because lower cards are already decided, a set's other cards come from
higher suits and a run's natural cards lie above it, so each arrangement is reached once
(the two copies of a card in two decks: if the first stays in hand so does the second).
New runs are at most 5 long (a longer run is two runs with the same value); x starts
its run (or has jokers below it), but the ace high tops it; a lay-off
bridges at most one place (longer chains are new runs); jokers left over go on any meld
with room (``cap`` counts the places left).  A branch is cut when even melding every card
left could not beat the best arrangement found.  Cards that no meld, lay-off or joker
could ever use are left in hand before the search starts.

A table is an ``int64`` array ``(MAX_MELDS, T_COLS)`` of melds plus their number; an
arrangement is a list of rows ``(MAX_ROWS, R_COLS)``: new sets and runs, and lay-offs
onto table melds, with the jokers' declared places.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import njit

from ...bits import low_index, popcount
from ...errors import InputError
from .deck import (
    ACE,
    ACE_HIGH,
    JOKER_BIT,
    card_text,
    cards_to_counts,
    parse_bit,
    position_bit,
    sort_key,
    split_cards,
)
from .rules import ACE_HIGH_SLOT, ACE_LOW_SLOT

MAX_MELDS = 48          # table melds (108 cards / 3, with room)
T_COLS = 8
T_KIND, T_SUIT, T_LO, T_HI, T_RANK, T_SUITS, T_JOKERS, T_OWNER = range(T_COLS)
KIND_SET, KIND_RUN = 1, 2

MAX_ROWS = 64           # rows of an arrangement
R_COLS = 8
R_KIND, R_SUIT, R_LO, R_HI, R_RANK, R_SUITS, R_JMASK, R_TAB = range(R_COLS)
ROW_SET, ROW_RUN, ROW_LAY_SET, ROW_LAY_RUN = 1, 2, 3, 4
# ROW_SET: rank, R_SUITS natural suits, R_JMASK suits declared by jokers.
# ROW_RUN: suit, positions R_LO..R_HI, R_JMASK positions (bit q) held by jokers.
# ROW_LAY_SET: table meld R_TAB gets suit R_SUITS (a joker if R_JMASK).
# ROW_LAY_RUN: table meld R_TAB gets positions R_LO..R_HI (R_JMASK: jokers).

RES_DEAD, RES_MELDED, RES_ROWS, RES_OK, RES_NODES, RES_JOKERS_LEFT, RES_TRUNCATED = range(7)
RES_SIZE = 8
KEY_SCALE = 4096        # key = deadwood * KEY_SCALE - melded (melded < 4096)
NO_MUST = -1
DEFAULT_NODE_LIMIT = 300_000
BIG = np.int64(1) << np.int64(60)


@njit(cache=True, nogil=True, forceinline=True)
def pos_bit(s, q):
    return s * 16 + (1 if q == ACE_HIGH else q)


@njit(cache=True, nogil=True, _nrt=False)
def table_capacity(tab, ntab):
    """Places left on the table's melds (a set up to 4 suits, a run up to 13 cards)."""
    cap = 0
    for m in range(ntab):
        if tab[m, T_KIND] == KIND_SET:
            s = tab[m, T_SUITS]
            cap += 4 - ((s & 1) + ((s >> 1) & 1) + ((s >> 2) & 1) + ((s >> 3) & 1))
        else:
            cap += 13 - (tab[m, T_HI] - tab[m, T_LO] + 1)
    return cap


RANK_LANES = np.uint64(0x0001000100010001)   # bit r of every suit lane (shifted by r)


@njit(cache=True, nogil=True, _nrt=False)
def held_mask(cnt):
    """The cards held at least once, as a mask of bits (bit 0: a joker)."""
    m = np.uint64(0)
    for b in range(64):
        if cnt[b] > 0:
            m |= np.uint64(1) << np.uint64(b)
    return m


@njit(cache=True, nogil=True, _nrt=False)
def _potential_core(held, jk, b, tab, melds, vals):
    """``potential`` from the mask of the cards held (``b`` among them), the jokers, and
    ``melds``: a mask of the table melds that could take ``b`` (its suit's runs, its
    rank's sets)."""
    if jk >= 2:
        return True
    s = b >> 4
    r = b & 15
    # a set: another suit of the rank, and a third or a joker
    others = popcount(held & (RANK_LANES << np.uint64(r)) & ~(np.uint64(1) << np.uint64(b)))
    if others + jk >= 2:
        return True
    lane = np.int64((held >> np.uint64(16 * s)) & np.uint64(0xFFFF)) & 0x3FFE
    if vals[ACE_HIGH_SLOT] == 0:
        lane |= (lane & 2) << 13            # the ace also above the king
    npos = 2 if (r == 1 and vals[ACE_HIGH_SLOT] == 0) else 1
    for pi in range(npos):
        p = r if pi == 0 else ACE_HIGH
        # a run: three places in a row through p (jk = 1: any neighbour within two)
        near = lane & (((1 << 5) - 1) << (p - 2) if p >= 2 else 0b111 << p) & ~(1 << p) & 0x7FFE
        if jk == 1:
            if near:
                return True
        else:
            t = lane & (lane >> 1) & (lane >> 2)
            starts = (0b111 << (p - 2)) if p >= 2 else (1 << p)
            if t & starts & 0x7FFE:
                return True
        rest = melds
        while rest:
            m = low_index(np.uint64(rest))
            rest &= rest - 1
            if tab[m, T_KIND] == KIND_SET:
                if tab[m, T_RANK] == r and ((tab[m, T_SUITS] >> s) & 1) == 0:
                    return True
            elif tab[m, T_SUIT] == s:
                lo = tab[m, T_LO]
                hi = tab[m, T_HI]
                if p == lo - 1 and hi - p <= 12:
                    return True
                if p == hi + 1 and p - lo <= 12:
                    return True
                if p == lo - 2 and hi - p <= 12 and (jk > 0 or (lane >> (lo - 1)) & 1):
                    return True
                if p == hi + 2 and p - lo <= 12 and (jk > 0 or (lane >> (hi + 1)) & 1):
                    return True
    return False



@njit(cache=True, nogil=True, _nrt=False)
def meld_mask(tab, ntab, b):
    """The table melds that could take natural card ``b``: its suit's runs, its rank's sets."""
    s = b >> 4
    r = b & 15
    m = 0
    for i in range(ntab):
        if (tab[i, T_SUIT] == s) if tab[i, T_KIND] == KIND_RUN else (tab[i, T_RANK] == r):
            m |= 1 << i
    return m


@njit(cache=True, nogil=True, _nrt=False)
def table_index(tab, ntab, idx):
    """``idx[s]``: mask of the runs of suit s; ``idx[4 + r]``: of the sets of rank r."""
    for i in range(18):
        idx[i] = 0
    for i in range(ntab):
        if tab[i, T_KIND] == KIND_RUN:
            idx[tab[i, T_SUIT]] |= 1 << i
        else:
            idx[4 + tab[i, T_RANK]] |= 1 << i


@njit(cache=True, nogil=True, _nrt=False)
def potential_mask(held, jk, b, tab, ntab, vals):
    """``potential`` from the mask of the cards held (``b`` among them) and the jokers."""
    return _potential_core(held, jk, b, tab, meld_mask(tab, ntab, b), vals)


@njit(cache=True, nogil=True, _nrt=False)
def potential(cnt, b, tab, ntab, vals):
    """Could natural card ``b`` be melded or laid off at all with the other cards of
    ``cnt`` (its jokers included) and the table?  A necessary condition, exact for
    'no'."""
    return potential_mask(held_mask(cnt), cnt[JOKER_BIT], b, tab, ntab, vals)


# An option of a node, applied and undone by the search loop (``_search``).
OPF = 24
(O_KIND, O_SUIT, O_LO, O_HI, O_RANK, O_SUITS, O_JMASK, O_TAB, O_NNAT, O_NAT0, O_NAT1, O_NAT2, O_NAT3,
 O_JN, O_GAIN, O_LOSS, O_CAP, O_MD, O_FIELD, O_NEW, O_OLD, O_COPIES, O_DEAD, O_NEXT) = range(OPF)
NOPS = 6144             # option stack (all open nodes' options)
FRF = 13
(F_B, F_DEAD, F_MELDED, F_REM, F_CAP, F_JUSED, F_MD, F_START, F_BASE, F_N, F_CUR, F_STAGE, F_ROWS) = range(FRF)
MAX_FRAMES = 128        # search depth: every level decides at least one card
IDX = 64                # work[IDX:IDX + 18]: the table index (``table_index``) during a search
WORK_SIZE = IDX + 18


def new_workspace():
    """Scratch arrays for ``best_arrangement``: allocate once per thread and reuse."""
    return (np.zeros((NOPS, OPF), np.int64), np.zeros((MAX_FRAMES, FRF), np.int64),
            np.zeros((MAX_ROWS, R_COLS), np.int64), np.zeros(WORK_SIZE, np.int64),
            np.zeros((MAX_MELDS, T_COLS), np.int64))


@njit(cache=True, nogil=True, forceinline=True)
def _popcount16(x):
    return popcount(np.uint64(x))


@njit(cache=True, nogil=True, forceinline=True)
def _low16(x):
    return low_index(np.uint64(x))


@njit(cache=True, nogil=True, forceinline=True)
def _op_row(ops, k, kind, suit, lo, hi, rank, suits, jmask, tabm):
    ops[k, O_KIND] = kind
    ops[k, O_SUIT] = suit
    ops[k, O_LO] = lo
    ops[k, O_HI] = hi
    ops[k, O_RANK] = rank
    ops[k, O_SUITS] = suits
    ops[k, O_JMASK] = jmask
    ops[k, O_TAB] = tabm
    ops[k, O_NNAT] = 0
    ops[k, O_FIELD] = -1
    ops[k, O_COPIES] = 1
    ops[k, O_DEAD] = 0


@njit(cache=True, nogil=True, _nrt=False)
def _expand(cnt, b, tab, ntab, vals, must, mdone, ops, k0, kmax):
    """Write the options for card ``b`` (new sets, new runs, lay-offs, then leaving it in
    hand) at ``ops[k0:]``; returns the number written (capped at ``kmax - k0``)."""
    s = b >> 4
    r = b & 15
    v = vals[b]
    jk = cnt[JOKER_BIT]
    vj = vals[JOKER_BIT]
    md0 = mdone or b == must
    k = k0
    # --- new sets of rank r: x with higher suits' cards and jokers
    avail = 0
    for t in range(s + 1, 4):
        if cnt[t * 16 + r] > 0:
            avail |= 1 << t
    sub = avail
    while k < kmax:
        nn = ((sub >> 1) & 1) + ((sub >> 2) & 1) + ((sub >> 3) & 1)
        for kj in range(0, min(jk, 3) + 1):
            n = 1 + nn + kj
            if n < 3 or n > 4 or k >= kmax:
                continue
            natural = sub | (1 << s)
            jmask = 0
            left = kj
            for t in range(4):
                if left > 0 and ((natural >> t) & 1) == 0:
                    jmask |= 1 << t
                    left -= 1
            _op_row(ops, k, ROW_SET, -1, 0, 0, r, natural, jmask, -1)
            gain = v + vj * kj
            md = md0 or (must == JOKER_BIT and kj > 0)
            nnat = 0
            for t in range(s + 1, 4):
                if (sub >> t) & 1:
                    ops[k, O_NAT0 + nnat] = t * 16 + r
                    nnat += 1
                    gain += vals[t * 16 + r]
                    if t * 16 + r == must:
                        md = True
            ops[k, O_NNAT] = nnat
            ops[k, O_JN] = kj
            ops[k, O_GAIN] = gain
            ops[k, O_LOSS] = gain
            ops[k, O_CAP] = 4 - n
            ops[k, O_MD] = md
            ops[k, O_NEXT] = b
            k += 1
        if sub == 0:
            break
        sub = (sub - 1) & avail
    # --- new runs of suit s holding x (at position r; the ace also at 14)
    npos = 2 if (r == 1 and vals[ACE_HIGH_SLOT] == 0) else 1
    for pi in range(npos):
        p = r if pi == 0 else ACE_HIGH
        xv = vals[ACE_LOW_SLOT] if p == 1 else v
        # the places a run through p may use: only cards above x in bit order are still
        # undecided, i.e. positions above p (below the ace high: 10..13)
        lane = 0
        qlo = p + 1 if p < ACE_HIGH else ACE_HIGH - 4
        qhi = min(p + 4, ACE_HIGH - 1) if p < ACE_HIGH else ACE_HIGH - 1
        for q in range(qlo, qhi + 1):
            qb = pos_bit(s, q)
            if qb > b and cnt[qb] > 0:
                lane |= 1 << q
        if lane == 0 and jk < 2:
            continue
        # x's lower neighbours are decided (jokers only), so x starts the run or has at
        # most two jokers below it; the ace high tops its run, with Q, K... below it
        for a in range(max(1, p - 2) if p < ACE_HIGH else ACE_HIGH - 4, p + 1 if p < ACE_HIGH else ACE_HIGH - 1):
            for c in range(max(a + 2, p), min(a + 4, ACE_HIGH) + 1):
                wmask = (((1 << (c - a + 1)) - 1) << a) & ~(1 << p)
                nat = lane & wmask
                missing = (c - a) - _popcount16(nat)
                if missing > jk:
                    continue
                sub = nat
                while k < kmax:
                    jn = missing + _popcount16(nat & ~sub)
                    if jn <= jk:
                        gain = xv + vj * jn
                        loss = v + vj * jn
                        md = md0 or (must == JOKER_BIT and jn > 0)
                        jmask = wmask & ~sub
                        nnat = 0
                        rest = sub
                        while rest:
                            q = _low16(rest)
                            rest &= rest - 1
                            qb = pos_bit(s, q)
                            ops[k, O_NAT0 + nnat] = qb
                            nnat += 1
                            gain += vals[ACE_LOW_SLOT] if q == 1 else vals[qb]
                            loss += vals[qb]
                            if qb == must:
                                md = True
                        _op_row(ops, k, ROW_RUN, s, a, c, 0, 0, jmask, -1)
                        ops[k, O_NNAT] = nnat
                        ops[k, O_JN] = jn
                        ops[k, O_GAIN] = gain
                        ops[k, O_LOSS] = loss
                        ops[k, O_CAP] = 13 - (c - a + 1)
                        ops[k, O_MD] = md
                        ops[k, O_NEXT] = b
                        k += 1
                    if sub == 0 or jk == 0:
                        break
                    sub = (sub - 1) & nat
    # --- lay-offs on the table's melds (its suit's runs, its rank's sets: the index in cnt[IDX:])
    rest_m = cnt[IDX + s] | cnt[IDX + 4 + r]
    while rest_m:
        m = low_index(np.uint64(rest_m))
        rest_m &= rest_m - 1
        if k >= kmax:
            break
        if tab[m, T_KIND] == KIND_SET:
            if tab[m, T_RANK] == r and ((tab[m, T_SUITS] >> s) & 1) == 0:
                _op_row(ops, k, ROW_LAY_SET, -1, 0, 0, r, 1 << s, 0, m)
                ops[k, O_JN] = 0
                ops[k, O_GAIN] = v
                ops[k, O_LOSS] = v
                ops[k, O_CAP] = -1
                ops[k, O_MD] = md0
                ops[k, O_FIELD] = T_SUITS
                ops[k, O_OLD] = tab[m, T_SUITS]
                ops[k, O_NEW] = tab[m, T_SUITS] | (1 << s)
                ops[k, O_NEXT] = b
                k += 1
            continue
        if tab[m, T_SUIT] != s:
            continue
        lo = tab[m, T_LO]
        hi = tab[m, T_HI]
        for pi in range(npos):
            p = r if pi == 0 else ACE_HIGH
            xv = vals[ACE_LOW_SLOT] if p == 1 else v
            # x alone at an end, or one place away with a natural or a joker between
            for side in range(4):
                if side == 0:
                    ok = p == lo - 1 and hi - p <= 12
                    q = 0
                elif side == 1:
                    ok = p == hi + 1 and p - lo <= 12
                    q = 0
                elif side == 2:
                    ok = p == lo - 2 and hi - p <= 12
                    q = lo - 1
                else:
                    ok = p == hi + 2 and p - lo <= 12
                    q = hi + 1
                if not ok:
                    continue
                for fill in range(2 if q > 0 else 1):
                    if k >= kmax:
                        break
                    gain = xv
                    loss = v
                    jmask = 0
                    jn = 0
                    md = md0
                    nnat = 0
                    if q > 0:
                        qb = pos_bit(s, q)
                        if fill == 0:       # the natural card between (held, above x)
                            if not (qb > b and cnt[qb] > 0):
                                continue
                            ops[k, O_NAT0] = qb
                            nnat = 1
                            gain += vals[ACE_LOW_SLOT] if q == 1 else vals[qb]
                            loss += vals[qb]
                            if qb == must:
                                md = True
                        else:               # a joker between
                            if jk == 0:
                                continue
                            jn = 1
                            gain += vj
                            loss += vj
                            jmask = 1 << q
                            if must == JOKER_BIT:
                                md = True
                    below = p < lo
                    _op_row(ops, k, ROW_LAY_RUN, s, p if below else hi + 1, lo - 1 if below else p, 0, 0, jmask, m)
                    ops[k, O_NNAT] = nnat
                    ops[k, O_JN] = jn
                    ops[k, O_GAIN] = gain
                    ops[k, O_LOSS] = loss
                    ops[k, O_CAP] = -1 if q == 0 else -2
                    ops[k, O_MD] = md
                    ops[k, O_FIELD] = T_LO if below else T_HI
                    ops[k, O_OLD] = lo if below else hi
                    ops[k, O_NEW] = p
                    ops[k, O_NEXT] = b
                    k += 1
    # --- x stays in hand (with two copies: both stay)
    if not (b == must and not mdone) and k < kmax:
        copies = cnt[b]
        _op_row(ops, k, 0, 0, 0, 0, 0, 0, 0, -1)
        ops[k, O_COPIES] = copies
        ops[k, O_JN] = 0
        ops[k, O_GAIN] = 0
        ops[k, O_LOSS] = copies * v
        ops[k, O_DEAD] = copies * v
        ops[k, O_CAP] = 0
        ops[k, O_MD] = mdone
        ops[k, O_NEXT] = b + 1
        k += 1
    return k - k0


@njit(cache=True, nogil=True, _nrt=False)
def _leaf(cnt, vals, must, dead, melded, cap, jused, mdone, depth, path, bpath, best, rec):
    jk = cnt[JOKER_BIT]
    jm = min(jk, cap)
    if must == JOKER_BIT:
        if jused + jm == 0:
            return
    elif must > 0 and not mdone:
        return
    d = dead + vals[JOKER_BIT] * (jk - jm)
    m = melded + vals[JOKER_BIT] * jm
    key = d * KEY_SCALE - m
    if key < best[0]:
        best[0] = key
        best[1] = d
        best[2] = m
        best[3] = depth
        best[5] = jm
        if rec:
            for i in range(depth):
                for k in range(R_COLS):
                    bpath[i, k] = path[i, k]


@njit(cache=True, nogil=True, _nrt=False)
def _search(cnt, tab, ntab, vals, must, dead0, rem0, cap0, mdone0, ops, frames, path, bpath, best, rec, limit):
    """Depth-first branch and bound with an explicit stack (numba cannot cache callers of
    recursive functions).  ``best``: key, dead, melded, rows, nodes, jokers placed,
    truncated (options dropped for want of stack)."""
    kmax = ops.shape[0]
    depth = 0
    frames[0, F_DEAD] = dead0
    frames[0, F_MELDED] = 0
    frames[0, F_REM] = rem0
    frames[0, F_CAP] = cap0
    frames[0, F_JUSED] = 0
    frames[0, F_MD] = mdone0
    frames[0, F_START] = 1
    frames[0, F_BASE] = 0
    frames[0, F_STAGE] = 0
    frames[0, F_ROWS] = 0
    while depth >= 0:
        if frames[depth, F_STAGE] == 0:
            best[4] += 1
            if best[4] > limit:
                best[6] = 1
                # unwind: undo every applied option so the counts and table are restored
                depth -= 1
                while depth >= 0:
                    _undo(cnt, tab, ops, frames[depth, F_BASE] + frames[depth, F_CUR], frames[depth, F_B])
                    depth -= 1
                return
            dead = frames[depth, F_DEAD]
            melded = frames[depth, F_MELDED]
            if dead * KEY_SCALE - (melded + frames[depth, F_REM]) >= best[0]:
                depth -= 1
                continue
            b = frames[depth, F_START]
            while b < 64 and cnt[b] == 0:
                b += 1
            if b >= 64:
                _leaf(cnt, vals, must, dead, melded, frames[depth, F_CAP], frames[depth, F_JUSED],
                      frames[depth, F_MD] != 0, frames[depth, F_ROWS], path, bpath, best, rec)
                depth -= 1
                continue
            if frames[depth, F_ROWS] >= MAX_ROWS or depth >= MAX_FRAMES - 2:
                depth -= 1
                continue
            base = frames[depth, F_BASE]
            n = _expand(cnt, b, tab, ntab, vals, must, frames[depth, F_MD] != 0, ops, base, kmax)
            if base + n >= kmax:
                best[6] = 1
            frames[depth, F_B] = b
            frames[depth, F_N] = n
            frames[depth, F_CUR] = -1
            frames[depth, F_STAGE] = 1
        base = frames[depth, F_BASE]
        cur = frames[depth, F_CUR]
        b = frames[depth, F_B]
        if cur >= 0:
            _undo(cnt, tab, ops, base + cur, b)
        cur += 1
        frames[depth, F_CUR] = cur
        if cur >= frames[depth, F_N]:
            depth -= 1
            continue
        k = base + cur
        # apply option k
        cnt[b] -= ops[k, O_COPIES]
        for i in range(ops[k, O_NNAT]):
            cnt[ops[k, O_NAT0 + i]] -= 1
        cnt[JOKER_BIT] -= ops[k, O_JN]
        if ops[k, O_FIELD] >= 0:
            tab[ops[k, O_TAB], ops[k, O_FIELD]] = ops[k, O_NEW]
        child = depth + 1
        rows_here = frames[depth, F_ROWS]
        if ops[k, O_KIND] > 0:
            for i in range(R_COLS):
                path[rows_here, i] = ops[k, i]
            frames[child, F_ROWS] = rows_here + 1
        else:
            frames[child, F_ROWS] = rows_here
        frames[child, F_DEAD] = frames[depth, F_DEAD] + ops[k, O_DEAD]
        frames[child, F_MELDED] = frames[depth, F_MELDED] + ops[k, O_GAIN]
        frames[child, F_REM] = frames[depth, F_REM] - ops[k, O_LOSS]
        frames[child, F_CAP] = frames[depth, F_CAP] + ops[k, O_CAP]
        frames[child, F_JUSED] = frames[depth, F_JUSED] + ops[k, O_JN]
        frames[child, F_MD] = ops[k, O_MD]
        frames[child, F_START] = ops[k, O_NEXT]
        frames[child, F_BASE] = base + frames[depth, F_N]
        frames[child, F_STAGE] = 0
        depth = child
    return


@njit(cache=True, nogil=True, forceinline=True)
def _undo(cnt, tab, ops, k, b):
    cnt[b] += ops[k, O_COPIES]
    for i in range(ops[k, O_NNAT]):
        cnt[ops[k, O_NAT0 + i]] += 1
    cnt[JOKER_BIT] += ops[k, O_JN]
    if ops[k, O_FIELD] >= 0:
        tab[ops[k, O_TAB], ops[k, O_FIELD]] = ops[k, O_OLD]


@njit(cache=True, nogil=True, _nrt=False)
def _place_jokers(rows, nrows, jm, tab, ntab, scratch):
    """Put ``jm`` left-over jokers on the arrangement's new melds, then on the table's
    (as lay-off rows); ``scratch`` is a copy of the table the rows' lay-offs go into."""
    for m in range(ntab):
        for k in range(T_COLS):
            scratch[m, k] = tab[m, k]
    for i in range(nrows):
        kind = rows[i, R_KIND]
        m = rows[i, R_TAB]
        if kind == ROW_LAY_SET:
            scratch[m, T_SUITS] |= rows[i, R_SUITS]
        elif kind == ROW_LAY_RUN:
            scratch[m, T_LO] = min(scratch[m, T_LO], rows[i, R_LO])
            scratch[m, T_HI] = max(scratch[m, T_HI], rows[i, R_HI])
    for i in range(nrows):
        if jm == 0:
            break
        if rows[i, R_KIND] == ROW_RUN:
            while jm > 0:
                lo = rows[i, R_LO]
                hi = rows[i, R_HI]
                if hi < ACE_HIGH and hi + 1 - lo <= 12:
                    rows[i, R_HI] = hi + 1
                    rows[i, R_JMASK] |= 1 << (hi + 1)
                elif lo > 1 and hi - (lo - 1) <= 12:
                    rows[i, R_LO] = lo - 1
                    rows[i, R_JMASK] |= 1 << (lo - 1)
                else:
                    break
                jm -= 1
    for i in range(nrows):
        if jm == 0:
            break
        if rows[i, R_KIND] == ROW_SET:
            have = rows[i, R_SUITS] | rows[i, R_JMASK]
            for t in range(4):
                if jm > 0 and ((have >> t) & 1) == 0:
                    rows[i, R_JMASK] |= 1 << t
                    have |= 1 << t
                    jm -= 1
    for m in range(ntab):
        while jm > 0 and nrows < MAX_ROWS:
            if scratch[m, T_KIND] == KIND_SET:
                have = scratch[m, T_SUITS]
                t = 0
                while t < 4 and (have >> t) & 1:
                    t += 1
                if t == 4:
                    break
                scratch[m, T_SUITS] |= 1 << t
                rows[nrows, R_KIND] = ROW_LAY_SET
                rows[nrows, R_SUIT] = -1
                rows[nrows, R_LO] = 0
                rows[nrows, R_HI] = 0
                rows[nrows, R_RANK] = scratch[m, T_RANK]
                rows[nrows, R_SUITS] = 1 << t
                rows[nrows, R_JMASK] = 1 << t
            else:
                lo = scratch[m, T_LO]
                hi = scratch[m, T_HI]
                if hi < ACE_HIGH and hi + 1 - lo <= 12:
                    q = hi + 1
                    scratch[m, T_HI] = q
                elif lo > 1 and hi - (lo - 1) <= 12:
                    q = lo - 1
                    scratch[m, T_LO] = q
                else:
                    break
                rows[nrows, R_KIND] = ROW_LAY_RUN
                rows[nrows, R_SUIT] = scratch[m, T_SUIT]
                rows[nrows, R_LO] = q
                rows[nrows, R_HI] = q
                rows[nrows, R_RANK] = 0
                rows[nrows, R_SUITS] = 0
                rows[nrows, R_JMASK] = 1 << q
            rows[nrows, R_TAB] = m
            nrows += 1
            jm -= 1
    return nrows


@njit(cache=True, nogil=True, _nrt=False)
def best_arrangement(cnt_in, tab, ntab, vals, must, limit, rows, res, ops, frames, path, work, scratch):
    """The best arrangement of the cards ``cnt_in`` (counts by bit, ``[0]`` jokers) with
    the ``ntab`` table melds; ``must``: a card that must be melded (a bit; 0 the joker;
    -1 none).  Fills ``res`` (RES_*) and, when ``rows`` has room, the arrangement's rows.
    ``ops, frames, path, work, scratch``: a workspace (``new_workspace``).  The table is
    left as it was.  ``res[RES_OK]`` is 0 when ``must`` cannot be melded;
    ``res[RES_TRUNCATED]`` 1 when the node limit or the option stack cut the search (the
    result is then the best found)."""
    rec = rows.shape[0] > 0
    held = np.uint64(0)
    for b in range(64):
        c = cnt_in[b]
        work[b] = c
        if c > 0:
            held |= np.uint64(1) << np.uint64(b)
    jk = work[JOKER_BIT]
    table_index(tab, ntab, work[IDX:])
    if must > 0 and (work[must] == 0 or not _potential_core(held, jk, must, tab, work[IDX + (must >> 4)]
                                                           | work[IDX + 4 + (must & 15)], vals)):
        for i in range(RES_SIZE):
            res[i] = 0
        res[RES_DEAD] = -1
        return
    dead = 0
    rem = work[JOKER_BIT] * vals[JOKER_BIT]
    # isolated cards (no meld, lay-off or joker could use them) are left before the search
    naturals = held & ~np.uint64(1)
    isolated = np.uint64(0)
    m = naturals
    while m:
        b = low_index(m)
        m &= m - np.uint64(1)
        if not _potential_core(held, jk, b, tab, work[IDX + (b >> 4)] | work[IDX + 4 + (b & 15)], vals):
            isolated |= np.uint64(1) << np.uint64(b)
    m = naturals
    while m:
        b = low_index(m)
        m &= m - np.uint64(1)
        if (isolated >> np.uint64(b)) & np.uint64(1):
            if b == must:
                for i in range(RES_SIZE):
                    res[i] = 0
                res[RES_DEAD] = -1
                return
            dead += work[b] * vals[b]
            work[b] = 0
        else:
            rem += work[b] * vals[b]
    best = frames[MAX_FRAMES - 1]      # the last frame row holds the best so far
    for i in range(8):
        best[i] = 0
    best[0] = BIG
    bpath = rows if rec else path
    _search(work, tab, ntab, vals, must, dead, rem, table_capacity(tab, ntab), must == NO_MUST,
            ops, frames, path, bpath, best, rec, limit)
    res[RES_NODES] = best[4]
    res[RES_TRUNCATED] = best[6]
    if best[0] == BIG:
        res[RES_OK] = 0
        res[RES_DEAD] = -1
        res[RES_MELDED] = 0
        res[RES_ROWS] = 0
        res[RES_JOKERS_LEFT] = 0
        return
    res[RES_OK] = 1
    res[RES_DEAD] = best[1]
    res[RES_MELDED] = best[2]
    res[RES_JOKERS_LEFT] = best[5]
    nrows = best[3]
    if rec:
        nrows = _place_jokers(rows, nrows, best[5], tab, ntab, scratch)
    res[RES_ROWS] = nrows


# ============================================================================ Python side
# (validation, parsing and decoding happen here, once; the kernels above get arrays)



def new_table() -> tuple[np.ndarray, int]:
    return np.zeros((MAX_MELDS, T_COLS), np.int64), 0


@dataclass
class Placed:
    """One row of an arrangement, as cards: a new set or run, or a lay-off."""

    kind: str                      # "set", "run" or "lay-off"
    cards: list[str]               # as held (JK for a joker), in meld order
    declared: list[str]            # what each card counts as
    value: int
    onto: int | None = None        # the table meld a lay-off goes on (0-based)

    def text(self) -> str:
        return " ".join(c if c == d else f"{c}={d}" for c, d in zip(self.cards, self.declared))


@dataclass
class Arrangement:
    ok: bool                       # False: the card that had to be melded cannot be
    melds: list[Placed] = field(default_factory=list)
    layoffs: list[Placed] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    melded_value: int = 0
    left_value: int = 0
    nodes: int = 0


def run_cards(suit: int, lo: int, hi: int, jmask: int):
    """(held, declared) card texts of positions lo..hi of a run, jokers where ``jmask``."""
    held, declared = [], []
    for q in range(lo, hi + 1):
        d = card_text(position_bit(suit, q))
        held.append("JK" if (jmask >> q) & 1 else d)
        declared.append(d)
    return held, declared


def set_cards(rank: int, natural: int, jokers: int):
    held, declared = [], []
    for t in (0, 3, 2, 1):                  # S H D C
        if ((natural | jokers) >> t) & 1:
            d = card_text(t * 16 + rank)
            held.append("JK" if (jokers >> t) & 1 else d)
            declared.append(d)
    return held, declared


def _set_value(held, vals):
    """Value of set cards as held (jokers 15; an ace in a set is high)."""
    return sum(int(vals[JOKER_BIT]) if h == "JK" else int(vals[parse_bit(h)]) for h in held)


def decode(rows, nrows, tab, vals) -> tuple[list[Placed], list[Placed]]:
    """(new melds, lay-offs) of an arrangement's rows; adjacent new runs of one suit are
    shown as one run."""
    runs = []
    melds, lays = [], []
    for i in range(nrows):
        kind = int(rows[i, R_KIND])
        if kind == ROW_RUN:
            runs.append([int(rows[i, R_SUIT]), int(rows[i, R_LO]), int(rows[i, R_HI]), int(rows[i, R_JMASK])])
        elif kind == ROW_SET:
            held, dec = set_cards(int(rows[i, R_RANK]), int(rows[i, R_SUITS]), int(rows[i, R_JMASK]))
            melds.append(Placed("set", held, dec, _set_value(held, vals)))
        else:
            m = int(rows[i, R_TAB])
            if kind == ROW_LAY_SET:
                t = int(rows[i, R_SUITS]).bit_length() - 1
                d = card_text(t * 16 + int(rows[i, R_RANK]))
                held = ["JK" if rows[i, R_JMASK] else d]
                lays.append(Placed("lay-off", held, [d], _set_value(held, vals), m))
            else:
                lo, hi = int(rows[i, R_LO]), int(rows[i, R_HI])
                held, dec = run_cards(int(rows[i, R_SUIT]), lo, hi, int(rows[i, R_JMASK]))
                v = sum(int(vals[JOKER_BIT]) if h == "JK" else
                        (int(vals[ACE_LOW_SLOT]) if q == 1 else int(vals[parse_bit(d)]))
                        for q, h, d in zip(range(lo, hi + 1), held, dec))
                lays.append(Placed("lay-off", held, dec, v, m))
    runs.sort()
    merged = []
    for r in runs:
        if merged and merged[-1][0] == r[0] and merged[-1][2] + 1 == r[1]:
            merged[-1][2] = r[2]
            merged[-1][3] |= r[3]
        else:
            merged.append(r)
    for s, lo, hi, jm in merged:
        held, dec = run_cards(s, lo, hi, jm)
        v = sum(int(vals[JOKER_BIT]) if h == "JK" else (int(vals[ACE_LOW_SLOT]) if q == 1 else int(vals[parse_bit(d)]))
                for q, h, d in zip(range(lo, hi + 1), held, dec))
        melds.append(Placed("run", held, dec, v))
    return melds, lays


def row_cards(rows, nrows) -> np.ndarray:
    """Counts by bit of the cards an arrangement's rows take from the hand."""
    used = np.zeros(64, np.int64)
    for i in range(nrows):
        kind = rows[i, R_KIND]
        if kind in (ROW_SET, ROW_LAY_SET):
            r = rows[i, R_RANK]
            for t in range(4):
                if (rows[i, R_SUITS] >> t) & 1:
                    if (rows[i, R_JMASK] >> t) & 1:
                        used[JOKER_BIT] += 1
                    else:
                        used[t * 16 + r] += 1
                elif kind == ROW_SET and (rows[i, R_JMASK] >> t) & 1:
                    used[JOKER_BIT] += 1
        else:
            s = rows[i, R_SUIT]
            for q in range(rows[i, R_LO], rows[i, R_HI] + 1):
                if (rows[i, R_JMASK] >> q) & 1:
                    used[JOKER_BIT] += 1
                else:
                    used[position_bit(s, q)] += 1
    return used


def arrange(bits, tab=None, ntab=0, vals=None, must=None, limit=50_000_000) -> Arrangement:
    """The best arrangement of the cards ``bits`` (list of bits) with the table melds."""
    from .rules import values_table

    if tab is None:
        tab, ntab = new_table()
    vals = values_table() if vals is None else vals
    counts = cards_to_counts(bits)
    rows = np.zeros((MAX_ROWS, R_COLS), np.int64)
    res = np.zeros(RES_SIZE, np.int64)
    best_arrangement(counts, tab, np.int64(ntab), vals, np.int64(NO_MUST if must is None else must),
                     np.int64(limit), rows, res, *new_workspace())
    if not res[RES_OK]:
        return Arrangement(False, nodes=int(res[RES_NODES]))
    n = int(res[RES_ROWS])
    melds, lays = decode(rows, n, tab, vals)
    left_counts = counts - row_cards(rows, n)
    left = [b for b in range(64) for _ in range(int(left_counts[b]))]
    left.sort(key=sort_key)
    return Arrangement(True, melds, lays, left, int(res[RES_MELDED]), int(res[RES_DEAD]), int(res[RES_NODES]))


# ---------------------------------------------------------------------------- table text
def _parse_table_token(token: str):
    """(bit, declared bit or None): ``JK=7D`` / ``JK(7D)`` declare a joker."""
    t = token.strip()
    for sep in ("=", ":", "("):
        if sep in t:
            left, right = t.split(sep, 1)
            right = right.rstrip(")")
            if parse_bit(left) != JOKER_BIT:
                raise InputError(f"only a joker can be declared, not {left!r} (in {token!r})")
            dec = parse_bit(right)
            if dec == JOKER_BIT:
                raise InputError(f"a joker must be declared as a card, not {right!r}")
            return JOKER_BIT, dec
    return parse_bit(t), None


def meld_row(tokens: list[str], text: str) -> tuple[np.ndarray, list[int]]:
    """A table meld from its cards (jokers as ``JK`` or ``JK=card``): the table row and
    the cards it holds (bits).  Raises InputError if they are not a meld."""
    from .deck import ACE_HIGH as _HIGH  # noqa: F401
    parsed = [_parse_table_token(t) for t in tokens]
    bits = [b for b, _ in parsed]
    nat = [b for b in bits if b != JOKER_BIT]
    n = len(bits)
    row = np.zeros(T_COLS, np.int64)
    row[T_OWNER] = -1
    bad = f"--table: {text.strip()!r} is not a meld"
    if not nat:
        raise InputError(f"{bad} (a meld needs a natural card)")
    if n < 3:
        raise InputError(f"{bad} (a meld has at least 3 cards)")
    ranks = {b & 15 for b in nat}
    suits = [b >> 4 for b in nat]
    declared = [d for _, d in parsed]
    if len(ranks) == 1 and n <= 4 and len(set(suits)) == len(suits):
        r = ranks.pop()
        have = set(suits)
        jsuits = 0
        free = [t for t in range(4) if t not in have]
        for (b, d) in parsed:
            if b != JOKER_BIT:
                continue
            if d is not None:
                if (d & 15) != r or (d >> 4) in have:
                    raise InputError(f"{bad} (the joker cannot be {card_text(d)} in this set)")
                t = d >> 4
            else:
                t = next(x for x in free if x not in have)
            have.add(t)
            jsuits |= 1 << t
        row[T_KIND], row[T_SUIT], row[T_RANK] = KIND_SET, -1, r
        row[T_SUITS], row[T_JOKERS] = sum(1 << t for t in have), jsuits
        return row, bits
    if len(set(suits)) != 1 or n > 13:
        raise InputError(f"{bad} (a set is 3-4 cards of one rank in different suits, a run 3 or more "
                         f"cards of one suit in sequence)")
    s = suits[0]
    if any(d is not None and (d >> 4) != s for d in declared):
        raise InputError(f"{bad} (a joker in a run of {card_text(s * 16 + 2)[-1]} must be declared in that suit)")

    def fits(pos_of_index):
        for (b, d), q in zip(parsed, pos_of_index):
            if not 1 <= q <= ACE_HIGH:
                return False
            want = d if b == JOKER_BIT else b
            if want is None:
                continue
            if position_bit(s, q) != want:
                return False
        return not (1 in pos_of_index and ACE_HIGH in pos_of_index)

    chosen = None
    for lo in range(1, ACE_HIGH - n + 2):          # as written, low to high
        if fits(list(range(lo, lo + n))):
            chosen = list(range(lo, lo + n))
            break
    if chosen is None:
        for hi in range(ACE_HIGH, n - 1, -1):       # as written, high to low
            if fits(list(range(hi, hi - n, -1))):
                chosen = list(range(hi, hi - n, -1))
                break
    if chosen is None:                              # any order: naturals sorted, jokers in the gaps
        nat_pos_options = []
        for lo in range(1, ACE_HIGH - n + 2):
            hi = lo + n - 1
            if lo == 1 and hi == ACE_HIGH:
                continue
            places, ok = [], True
            for b in nat:
                opts = [q for q in ((1, ACE_HIGH) if (b & 15) == ACE else (b & 15,)) if lo <= q <= hi]
                if not opts:
                    ok = False
                    break
                places.append(opts[0] if len(opts) == 1 else opts[0])
            if ok and len(set(places)) == len(places) and all(d is None for d in declared):
                nat_pos_options.append((lo, hi, places))
        if not nat_pos_options:
            raise InputError(f"{bad} (the cards are not in sequence)")
        lo, hi, places = nat_pos_options[0]
        it = iter(q for q in range(lo, hi + 1) if q not in places)
        chosen = []
        k = 0
        for b in bits:
            if b == JOKER_BIT:
                chosen.append(next(it))
            else:
                chosen.append(places[k])
                k += 1
    jmask = 0
    for b, q in zip(bits, chosen):
        if b == JOKER_BIT:
            jmask |= 1 << q
    row[T_KIND], row[T_SUIT] = KIND_RUN, s
    row[T_LO], row[T_HI], row[T_JOKERS] = min(chosen), max(chosen), jmask
    return row, bits


def parse_table(text: str | None) -> tuple[np.ndarray, int, list[int]]:
    """``"5S 6S 7S; 8H 8D 8C"`` -> (table array, number of melds, every card on it)."""

    tab, ntab = new_table()
    cards: list[int] = []
    if not text or not text.strip():
        return tab, 0, cards
    for part in text.split(";"):
        if not part.strip():
            continue
        if ntab >= MAX_MELDS:
            raise InputError(f"--table: more than {MAX_MELDS} melds")
        row, bits = meld_row(split_cards(part), part)
        tab[ntab] = row
        ntab += 1
        cards += bits
    return tab, ntab, cards


def table_meld_cards(tab, m) -> tuple[list[str], list[str]]:
    """(held, declared) texts of table meld ``m``."""
    if tab[m, T_KIND] == KIND_SET:
        return set_cards(int(tab[m, T_RANK]), int(tab[m, T_SUITS]) & ~int(tab[m, T_JOKERS]), int(tab[m, T_JOKERS]))
    return run_cards(int(tab[m, T_SUIT]), int(tab[m, T_LO]), int(tab[m, T_HI]), int(tab[m, T_JOKERS]))


def table_bits(tab, ntab) -> list[int]:
    """Every card on the table (jokers as 0), meld by meld."""
    out = []
    for m in range(ntab):
        held, _ = table_meld_cards(tab, m)
        out += [parse_bit(h) for h in held]
    return out


def table_points(tab, ntab, vals) -> int:
    """What the table's cards score as melded (the ace low at the bottom of a run)."""
    total = 0
    for m in range(ntab):
        held, dec = table_meld_cards(tab, m)
        low = tab[m, T_KIND] == KIND_RUN and tab[m, T_LO] == 1
        for i, h in enumerate(held):
            b = parse_bit(h)
            total += int(vals[ACE_LOW_SLOT]) if (low and i == 0 and b != JOKER_BIT) else int(vals[b])
    return total


def format_table(tab, ntab) -> list[str]:
    out = []
    for m in range(ntab):
        held, dec = table_meld_cards(tab, m)
        out.append(" ".join(h if h == d else f"{h}={d}" for h, d in zip(held, dec)))
    return out

