"""The solver's transposition table: keys (suit lengths and relative ranks, exact cards,
or kinds for identical copies), buckets of fingerprints, probe and store."""

from __future__ import annotations

import mmap

import numpy as np
from numba import njit

from ...bits import (
    HAVE_PEXT,
    ONE,
    ZERO,
    high_bit,
    high_index,
    low_bit,
    low_index,
    pext_bmi2,
    popcount,
)
from ..tables import (
    F_FREE_NAME_NOT_VOID,
    R_FLAGS,
    R_FREE,
    R_POINTS,
    R_SUIT,
)
from .core import (
    _BYTE,
    _EVEN,
    _LANE,
    C_EXACT,
    C_FIELD,
    C_GEN,
    C_KEYX,
    C_NSEATS,
    C_OFF,
    C_STAMP,
    EXACT_KINDS,
    MAX_SEATS,
    _compress64,
    _equiv_up,
    _next_higher,
    _rel_hand,
)

TT_WORDS = 8      # key0, key1, wrel/unplayed, 4 patterns, info
_TTW = np.uint64(TT_WORDS)
TT_BUCKET = 64    # entries scanned per probe (two buckets: see _tt_probe)
KIND_BUCKET = 16   # entries scanned per probe with keys by kinds (two lines of fingerprints)
_VALID = np.uint64(1) << np.uint64(63)


_FP_HASH = np.uint64(0xFFFF000000)   # fingerprint word: 16 hash bits (24..39)
_TP_SHIFT = 40                      # then 8 slots of 3 bits: top two cards of each suit,
_TP_OWN = np.uint64(0x6DB6DB) << np.uint64(_TP_SHIFT)    # their owner (2 bits)
_TP_CARE = np.uint64(0x924924) << np.uint64(_TP_SHIFT)   # and whether the entry depends on it


def tt_entries(megabytes: float) -> int:
    """Number of entries (a power of two, at least one bucket) fitting in ``megabytes``:
    each takes TT_WORDS words plus one fingerprint word (72 bytes)."""
    n = max(TT_BUCKET, int(megabytes * 2**20) // ((TT_WORDS + 1) * 8))
    return 1 << (n.bit_length() - 1)


def new_table(megabytes: float = 16.0) -> np.ndarray:
    """A transposition table of fixed size: ``n`` entry rows of TT_WORDS words, then
    ``n / 8`` rows holding one fingerprint word per entry (scanned first)."""
    n = tt_entries(megabytes)
    return zeroed_words((n + n // 8) * TT_WORDS).reshape(n + n // 8, TT_WORDS)


_HUGE_PAGE = 2 << 20


def zeroed_words(count: int) -> np.ndarray:
    """``count`` zeroed uint64 words; a large block in 2 MB pages where the OS grants
    them (Linux's transparent huge pages, on request).  Table probes land on random
    pages, and with 4 KB pages a big table also misses the TLB (for bridge's 16 MB table
    this measured about 1%).  Ordinary memory wherever ``madvise`` is unavailable."""
    nbytes = count * 8
    if nbytes < _HUGE_PAGE or not hasattr(mmap, "MADV_HUGEPAGE"):
        return np.zeros(count, np.uint64)
    span = -(-nbytes // _HUGE_PAGE) * _HUGE_PAGE
    try:
        block = mmap.mmap(-1, span + _HUGE_PAGE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)  # reads as zeros
        start = -np.frombuffer(block, np.uint8, count=1).ctypes.data % _HUGE_PAGE
        block.madvise(mmap.MADV_HUGEPAGE, start, span)
    except (OSError, ValueError, AttributeError):
        return np.zeros(count, np.uint64)
    return np.frombuffer(block, np.uint64, count=count, offset=start)


def tt_bytes(tt: np.ndarray) -> int:
    return int(tt.nbytes)


@njit(cache=True, forceinline=True)
def _mix(a):
    a ^= a >> np.uint64(33)
    a *= np.uint64(0xFF51AFD7ED558CCD)
    a ^= a >> np.uint64(33)
    a *= np.uint64(0xC4CEB9FE1A85EC53)
    a ^= a >> np.uint64(33)
    return a


@njit(cache=True, forceinline=True)
def _n_entries(tt):
    return (tt.shape[0] // 9) * 8


@njit(cache=True, forceinline=True)
def _bucket(tt, k0, k1, k2, size):
    """(first entry of the bucket, fingerprint): the fingerprint word of an entry holds
    a store stamp (bits 0..7), the tricks left (8..15), 8 generation bits (16..23), 16
    hash bits (24..39) and the top-two-owner slots (40..63, see _fp_matches)."""
    h = _mix(k0 ^ _mix(k1 ^ _mix(k2)))
    nb = np.uint64(_n_entries(tt) // size)
    return np.int64(h & (nb - ONE)) * size, h & _FP_HASH


@njit(cache=True, forceinline=True)
def _fp_matches(flat, nent, b, fmask, fp, tp, kinds):
    """Bit j set: entry b + j of a bucket has fingerprint ``fp`` under ``fmask`` and
    agrees with ``tp`` (the owners of each suit's top two cards) wherever the entry
    depends on them: most entries of a suit-length key differ there, and this spares
    reading their rows.  A branch-free scan of the bucket's TT_BUCKET (<= 64) contiguous
    fingerprint words, which the compiler vectorizes: ``flat`` is the table as one row
    (indexing the 2-D table would make it gather the words one by one)."""
    m = ZERO
    f0 = nent * TT_WORDS + b
    if kinds:
        for j in range(KIND_BUCKET):
            f = flat[np.uint64(f0 + j)]
            m |= np.uint64((f & fmask) == fp) << np.uint64(j)
        return m
    for j in range(TT_BUCKET):
        f = flat[np.uint64(f0 + j)]   # unsigned: no negative-index wraparound (which defeats vector loads)
        d = (f ^ tp) & _TP_OWN
        ok = ((f & fmask) == fp) & ((((d << np.uint64(2)) | (d << ONE)) & f & _TP_CARE) == ZERO)
        m |= np.uint64(ok) << np.uint64(j)
    return m


@njit(cache=True, forceinline=True)
def _top_k(u, k):
    out = ZERO
    for _ in range(k):
        t = high_bit(u)
        out |= t
        u ^= t
    return out


@njit(cache=True, forceinline=True)
def _abs_of_wrel(rules, cfg, wrel, unpl):
    """Absolute cards of a relative winning-rank mask (top-k of each suit)."""
    out = ZERO
    for s in range(4):
        k = popcount(wrel & np.uint64(cfg[C_FIELD + s]))
        if k:
            out |= _top_k(unpl & rules[R_SUIT + s], k)
    return out


@njit(cache=True, forceinline=True)
def _wrel_of(rules, cfg, w, unpl):
    """Close a winning-card mask upwards in every suit and express it in relative ranks."""
    out = ZERO
    for s in range(4):
        sm = rules[R_SUIT + s]
        u = unpl & sm
        r = w & u
        if r:
            low = low_bit(r)
            n = popcount(u)
            k = popcount(u & ~(low - ONE))
            out |= (((ONE << np.uint64(k)) - ONE) << np.uint64(n - k)) << np.uint64(cfg[C_OFF + s])
    return out


@njit(cache=True, forceinline=True)
def _keys(rules, cfg, hands, leader, suits_led, voids):
    """(key0, key1, keyx): every hand's suit lengths, the leader, the free card's owner and
    the state its leads depend on, and the generation; keyx holds what does not fit in
    two words at a table of six (the sixth hand's suit lengths and voids), else 0."""
    nseats = cfg[C_NSEATS]
    k0 = ZERO
    k1 = ZERO
    kx = ZERO
    free = rules[R_FREE]
    owner = 7
    for h in range(MAX_SEATS):
        if h >= nseats:
            break
        hand = hands[h]
        if hand & free:
            owner = h
        for s in range(4):
            n = np.uint64(popcount(hand & rules[R_SUIT + s]))
            sh = np.uint64(16 * h + 4 * s)
            if h < 4:
                k0 |= n << sh
            elif h == 4:
                k1 |= n << np.uint64(4 * s)
            else:
                kx |= n << np.uint64(4 * s)
    k1 |= np.uint64(leader) << np.uint64(16)
    k1 |= np.uint64(owner) << np.uint64(19)
    if owner != 7:
        k1 |= np.uint64(suits_led & 15) << np.uint64(22)
        if rules[R_FLAGS] & F_FREE_NAME_NOT_VOID:
            for h in range(MAX_SEATS):
                if h >= nseats:
                    break
                if h < 5:
                    k1 |= np.uint64(voids[h] & 15) << np.uint64(26 + 4 * h)
                else:
                    kx |= np.uint64(voids[h] & 15) << np.uint64(16)
    k1 |= np.uint64(cfg[C_GEN] & 0xFFFF) << np.uint64(46)
    k1 |= _VALID
    return k0, k1, kx


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _rel_planes(rules, cfg, hands, unpl, rel, rb, pext8, kx):
    """The pattern words of a position at a table of six (rows ``rb..rb+3`` of ``rel``).

    Up to five hands, the patterns are the first four hands in relative ranks (a fifth
    hand holds the unplayed cards that they do not).  Six hands do not fit in four words
    that way; instead, three bit-planes give the owner of each unplayed card, in relative
    ranks: plane j holds the cards of the seats whose number has bit j set (seat 0's
    cards are in none: with every hand's suit lengths in the key, the number of unplayed
    cards of each suit is known, and a rank in none of the planes is seat 0's).  Two
    positions agree on the owners of some ranks exactly when their planes agree there.
    The fourth word is ``kx``, the rest of the key (``_keys``), compared exactly
    (C_KEYX)."""
    nseats = cfg[C_NSEATS]
    p0 = ZERO
    p1 = ZERO
    p2 = ZERO
    for h in range(1, MAX_SEATS):
        if h >= nseats:
            break
        r = _rel_hand(rules, cfg, hands[h], unpl, pext8)
        if h & 1:
            p0 |= r
        if h & 2:
            p1 |= r
        if h & 4:
            p2 |= r
    rel[rb] = p0
    rel[rb + ONE] = p1
    rel[rb + np.uint64(2)] = p2
    rel[rb + np.uint64(3)] = kx


@njit(cache=True, forceinline=True)
def _top_owners(rules, hands, nseats, unpl):
    """(sig, tp): who holds the top card of each suit (3 bits a suit, 7: none left), and
    the owners of the top two cards of each suit as fingerprint slots (see _TP_OWN)."""
    sig = ZERO
    tp = ZERO
    for s in range(4):
        u = unpl & rules[R_SUIT + s]
        top = high_bit(u)
        second = high_bit(u & ~top)
        own = 7
        if top:
            for h in range(MAX_SEATS):
                if h >= nseats:
                    break
                if hands[h] & top:
                    own = h
                if hands[h] & second:
                    tp |= np.uint64(h & 3) << np.uint64(_TP_SHIFT + 6 * s + 3)
            tp |= np.uint64(own & 3) << np.uint64(_TP_SHIFT + 6 * s)
        sig |= np.uint64(own) << np.uint64(3 * s)
    return sig | (ONE << np.uint64(62)), tp


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _kinds_key(rules, hands, unpl, rel, rb, pext8):
    """Key of an EXACT_KINDS position: the position up to identical copies and up to the
    ranks of the unplayed kinds, which is all its value depends on.

    A kind is a pair of layout bits (2k, 2k + 1: identical copies).  Each hand is written
    at kind level: per unplayed kind in power order (bottom-aligned, all four suits packed
    into one word, at most 24 kinds: 48 bits) two bits, the first if the hand holds a
    copy, both if it holds both (which copy it holds never matters); above them (bit 48
    up, 4 bits a suit) the hand's suit lengths.  Rows ``rb..rb+3`` of ``rel`` receive the
    four hands.  Returns (k0, k2, kc, hb): the points of the unplayed kinds in the same
    order (bit-planes 0, 1 in k0 and 2, 3 in k2, 32 bits each); the number of unplayed
    kinds of each suit (4 bits a suit), which delimits the suits in the packed words; and
    a hash of the hands' part that every entry of the position keeps (``_kinds_base``):
    with k0, k2 and the rest of the key it selects the bucket."""
    occ = (unpl | (unpl >> ONE)) & _EVEN       # kinds with an unplayed copy, at their first bit
    occ2 = occ | (occ << ONE)
    base = _kinds_base(rules, occ)
    base2 = base | (base << ONE)
    if HAVE_PEXT:
        bm = pext_bmi2(base2, occ2)
    else:
        bm = _compress64(base2, occ2, pext8)
    bm |= _LEN_MASK
    hb = ZERO
    for h in range(4):
        hand = hands[h]
        one = (hand | (hand >> ONE)) & _EVEN   # kinds of which the hand holds a copy
        two = hand & (hand >> ONE) & _EVEN     # ... both copies
        canon = one | (two << ONE)
        if HAVE_PEXT:
            r = pext_bmi2(canon, occ2)
        else:
            r = _compress64(canon, occ2, pext8)
        for s in range(4):
            r |= np.uint64(popcount(hand & rules[R_SUIT + s])) << (_LEN_SHIFT + np.uint64(4 * s))
        rel[rb + np.uint64(h)] = r
        hb = _mix(hb ^ (r & bm))
    kc = ZERO
    for s in range(4):
        kc |= np.uint64(popcount(occ & rules[R_SUIT + s])) << np.uint64(4 * s)
    pl = ZERO
    ph = ZERO
    for k in range(4):
        plane = rules[R_POINTS + k] & occ
        if HAVE_PEXT:
            f = pext_bmi2(plane, occ)
        else:
            f = _compress64(plane, occ, pext8)
        if k < 2:
            pl |= f << np.uint64(32 * k)
        else:
            ph |= f << np.uint64(32 * (k - 2))
    return pl, ph, kc, hb


# Kinds keys as classes of positions (partition search, as DDS's relative ranks for
# tricks): an entry keeps, of each suit, its unplayed kinds from the lowest that mattered
# up; the kinds below it are "any cards of the suit" (which hand holds which of them never
# mattered: only the suit lengths, which every entry keeps).  What matters: a card that
# won a trick by rank, the cards a follower's duty (head, overtrump) compared
# (``search._duty_w``), the cards the sure bounds read (``quick._sure_w``), and every card
# with points (its points go to whoever takes it), with every kind above them.  So only pointless cards below every counter of
# their suit are ever left out.
_LEN_SHIFT = np.uint64(48)                       # a kinds row's suit lengths, 4 bits a suit
_LEN_MASK = np.uint64(0xFFFF) << _LEN_SHIFT
_B_SHIFT = np.uint64(42)                         # an entry's info word: kinds left out, 4 bits a suit


@njit(cache=True, forceinline=True)
def _kinds_base(rules, occ):
    """Of the unplayed kinds ``occ`` (first bits), those every entry keeps: in each suit the
    kinds from its lowest kind with points up."""
    pts = (rules[R_POINTS] | rules[R_POINTS + 1] | rules[R_POINTS + 2] | rules[R_POINTS + 3]) & occ
    base = ZERO
    for s in range(4):
        sm = rules[R_SUIT + s]
        c = pts & sm
        if c:
            base |= occ & sm & ~(low_bit(c) - ONE)
    return base


@njit(cache=True, forceinline=True)
def _kinds_out(rules, w, unpl):
    """How many of each suit's unplayed kinds an entry leaves out (4 bits a suit), given
    ``w``, the cards whose ranks its value depends on: those below the lowest kind of ``w``
    and of ``_kinds_base``."""
    occ = (unpl | (unpl >> ONE)) & _EVEN
    keep = (((w & unpl) | ((w & unpl) >> ONE)) & _EVEN) | _kinds_base(rules, occ)
    out = ZERO
    for s in range(4):
        sm = rules[R_SUIT + s]
        o = occ & sm
        k = keep & sm
        n = popcount(o & (low_bit(k) - ONE)) if k else popcount(o)
        out |= np.uint64(n) << np.uint64(4 * s)
    return out


@njit(cache=True, forceinline=True)
def _kinds_mask(kc, out):
    """The bits of a kinds row (``_kinds_key``) an entry compares: all but the kinds it
    leaves out (``out``, the bottom ones of each suit; ``kc``: unplayed kinds a suit)."""
    m = ~ZERO
    start = np.uint64(0)
    for s in range(4):
        n = (kc >> np.uint64(4 * s)) & np.uint64(15)
        b = (out >> np.uint64(4 * s)) & np.uint64(15)
        if b:
            m &= ~(((ONE << (b + b)) - ONE) << (start + start))
        start += n
    return m


@njit(cache=True, forceinline=True)
def _kinds_w(rules, unpl, out):
    """The cards an entry's value depends on, in a position it covers: of each suit the
    unplayed cards above the kinds it leaves out."""
    occ = (unpl | (unpl >> ONE)) & _EVEN
    w = ZERO
    for s in range(4):
        sm = rules[R_SUIT + s]
        o = occ & sm
        for _ in range((out >> np.uint64(4 * s)) & np.uint64(15)):
            o &= o - ONE
        if o:
            w |= unpl & sm & ~(low_bit(o) - ONE)
    return w


@njit(cache=True, forceinline=True)
def _kind_code(code, unpl):
    """An EXACT_KINDS entry's best move: a card's suit and the rank of its kind among the
    unplayed kinds of the suit (suit * 16 + rank), valid in every position of the entry."""
    if code < 0:
        return code
    b = np.uint64(code & 63)
    lane = np.uint64(b >> np.uint64(4)) << np.uint64(4)
    occ = (unpl | (unpl >> ONE)) & _EVEN & (_LANE << lane)
    below = occ & ((ONE << (b & ~ONE)) - ONE)
    return np.int64(lane) + popcount(below)


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _kind_move(rules, code, hand, unpl):
    """The move of ``hand`` an entry's best move (``_kind_code``) stands for: the top card
    of the hand's run of equivalent cards holding that kind (the one the move generation
    searches), or -1."""
    if code < 0 or code >= 64:
        return np.int64(-1)
    lane = np.uint64(code >> 4) << np.uint64(4)
    occ = (unpl | (unpl >> ONE)) & _EVEN & (_LANE << lane)
    for _ in range(code & 15):
        occ &= occ - ONE
    k = low_bit(occ)
    if k == ZERO:
        return np.int64(-1)
    c = high_bit(hand & (k | (k << ONE)))
    if c == ZERO:
        return np.int64(-1)
    while True:
        nxt = _next_higher(rules, c, unpl)
        if not _equiv_up(rules, c, nxt, hand, unpl, True):
            break
        c = nxt
    return np.int64(high_index(c))


@njit(cache=True, _nrt=False)
def _tt_probe(rules, cfg, tt, flat, k0, k1, k2, sig, tp, r0, r1, r2, r3, unpl, target):
    """Scan the bucket(s) of a position. Returns (hit, value, W, best move hint).

    Entries whose relevant cards include the top card of every suit live in a bucket
    chosen by the suit lengths *and* those top cards' owners (``sig``), the others in the
    bucket of the suit lengths alone: a suit-length pattern's entries spread over many
    buckets, and a position only has two buckets to scan."""
    fmask = _FP_HASH | (_BYTE << np.uint64(16))
    nent = _n_entries(tt)
    exact = cfg[C_EXACT]
    keyx = np.uint64(cfg[C_KEYX])   # six seats: the fourth word is part of the key
    hint = np.int64(-1)
    kinds = exact == EXACT_KINDS
    hk = k2
    if kinds:
        hk = k2 ^ sig   # and the hands' part every entry keeps (``sig``: its hash, _kinds_key)
    for bk in range(1 if exact else 2):
        b, fp = _bucket(tt, k0, k1, hk if exact else (ZERO if bk == 0 else sig),
                        KIND_BUCKET if exact == EXACT_KINDS else TT_BUCKET)
        fp |= np.uint64(cfg[C_GEN] & 255) << np.uint64(16)
        cand = _fp_matches(flat, nent, b, fmask, fp, tp, exact == EXACT_KINDS)
        while cand:
            i = b + low_index(cand)
            cand &= cand - ONE
            e = np.uint64(i) * _TTW   # the entry's first word in ``flat`` (unsigned: no wraparound)
            if flat[e] != k0 or flat[e + np.uint64(1)] != k1:
                continue
            info = flat[e + np.uint64(7)]
            if exact:
                if flat[e + np.uint64(2)] != k2:
                    continue
                m = _kinds_mask(k1, info >> _B_SHIFT) if kinds else ~ZERO
            else:
                m = flat[e + np.uint64(2)]
            if ((r0 & m) != flat[e + np.uint64(3)] or (r1 & m) != flat[e + np.uint64(4)]
                    or (r2 & m) != flat[e + np.uint64(5)] or (r3 & (m | keyx)) != flat[e + np.uint64(6)]):
                continue
            lo = np.int64(info & _LANE)
            hi = np.int64((info >> np.uint64(16)) & _LANE)
            hint = np.int64((info >> np.uint64(32)) & np.uint64(0x3FF))
            if lo >= target or hi < target:
                if kinds:
                    w = _kinds_w(rules, unpl, info >> _B_SHIFT)
                elif exact:
                    w = ~ZERO
                else:
                    w = _abs_of_wrel(rules, cfg, m, unpl)
                return True, lo if lo >= target else hi, w, hint
    return False, np.int64(0), ZERO, hint


@njit(cache=True, _nrt=False)
def _tt_store(rules, cfg, tt, flat, k0, k1, k2, sig, tp, r0, r1, r2, r3, unpl, w, value, target, move, left):
    exact = cfg[C_EXACT]
    tpw = ZERO   # the top-two owners this entry depends on, with their care bits
    out = ZERO   # kinds keys: the kinds left out (_kinds_out), in the info word
    if exact:
        m = ~ZERO
        w2 = k2
        hk = k2
        if exact == EXACT_KINDS:
            hk = k2 ^ sig
            out = _kinds_out(rules, w, unpl)
            m = _kinds_mask(k1, out)
    else:
        m = _wrel_of(rules, cfg, w, unpl)
        w2 = m
        # every suit's top card relevant: the bucket of the top owners (see _tt_probe)
        hk = sig
        for s in range(4):
            k = popcount(m & np.uint64(cfg[C_FIELD + s]))
            if (unpl & rules[R_SUIT + s]) and k == 0:
                hk = ZERO
            if cfg[C_NSEATS] <= 4:
                for t in range(2 if k >= 2 else k):
                    slot = np.uint64(_TP_SHIFT + 6 * s + 3 * t)
                    tpw |= (tp & (np.uint64(3) << slot)) | (np.uint64(4) << slot)
    size = KIND_BUCKET if exact == EXACT_KINDS else TT_BUCKET
    b, fp = _bucket(tt, k0, k1, hk, size)
    gen8 = np.uint64(cfg[C_GEN] & 255)
    fp |= gen8 << np.uint64(16)
    fmask = _FP_HASH | (_BYTE << np.uint64(16))
    nent = _n_entries(tt)
    p0 = r0 & m
    p1 = r1 & m
    p2 = r2 & m
    p3 = r3 & (m | np.uint64(cfg[C_KEYX]))
    stamp = np.int64(cfg[C_STAMP]) & 255
    cfg[C_STAMP] += 1
    fpword = fp | tpw | (np.uint64(left & 255) << np.uint64(8)) | np.uint64(stamp)
    cand = _fp_matches(flat, nent, b, fmask, fp, tp, exact == EXACT_KINDS)
    while cand:
        i = b + low_index(cand)
        cand &= cand - ONE
        e = np.uint64(i) * _TTW
        info = flat[e + np.uint64(7)]
        if (flat[e] == k0 and flat[e + np.uint64(1)] == k1 and flat[e + np.uint64(2)] == w2
                and flat[e + np.uint64(3)] == p0 and flat[e + np.uint64(4)] == p1
                and flat[e + np.uint64(5)] == p2 and flat[e + np.uint64(6)] == p3 and (info >> _B_SHIFT) == out):
            lo = np.int64(info & _LANE)
            hi = np.int64((info >> np.uint64(16)) & _LANE)
            if value >= target:
                if value > lo:
                    lo = value
            elif value < hi:
                hi = value
            mv = np.int64((info >> np.uint64(32)) & np.uint64(0x3FF))
            if move >= 0:
                mv = move
            flat[e + np.uint64(7)] = (np.uint64(lo) | (np.uint64(hi) << np.uint64(16))
                                      | (np.uint64(mv & 0x3FF) << np.uint64(32)) | (out << _B_SHIFT))
            flat[np.uint64(nent * TT_WORDS + i)] = fpword
            return
    victim = -1
    vkey = np.int64(1) << 40
    for i in range(b, b + size):
        f = flat[np.uint64(nent * TT_WORDS + i)]
        if f == ZERO or ((f >> np.uint64(16)) & _BYTE) != gen8:
            key = np.int64(-1)
        else:
            el = np.int64((f >> np.uint64(8)) & _BYTE)
            age = (stamp - np.int64(f & _BYTE)) & 255
            key = el * 256 + 255 - age   # shallow first, then the oldest
        if key < vkey:
            vkey = key
            victim = i
            if key < 0:
                break
    lo = np.int64(0)
    hi = np.int64(0xFFFF)
    if value >= target:
        lo = value
    else:
        hi = value
    e = np.uint64(victim) * _TTW
    flat[e] = k0
    flat[e + np.uint64(1)] = k1
    flat[e + np.uint64(2)] = w2
    flat[e + np.uint64(3)] = p0
    flat[e + np.uint64(4)] = p1
    flat[e + np.uint64(5)] = p2
    flat[e + np.uint64(6)] = p3
    flat[e + np.uint64(7)] = (np.uint64(lo) | (np.uint64(hi) << np.uint64(16))
                              | (np.uint64(move & 0x3FF) << np.uint64(32)) | (out << _B_SHIFT))
    flat[np.uint64(nent * TT_WORDS + victim)] = fpword
