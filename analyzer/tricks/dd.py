"""Exact double-dummy solver for every trick game, driven by the rule tables.

Every hand is visible; one side maximises, the other minimises the tricks (or card
points) taken by a *counted* side from the current position on.  Normally the counted
side is the maximising side; in misère the defenders maximise the tricks of the lone
contractor.  Seats 0..4 play clockwise (seat + 1), skipping seats that sit out.

The search (``_search``) is a fail-soft zero-window alpha-beta over single card plays,
driven MTD(f)-style by ``_mtd``: each call answers "is the value at least ``target``?"
and returns a bound.  Around it, the techniques that make DDS fast, on bitmasks:

* **Transposition table** probed and stored at trick boundaries.  An entry holds bounds
  on the value of the remaining play and, like DDS's, covers a whole class of positions:
  the suit lengths of every hand must match exactly (plus the leader and the joker
  state), and within each suit only the owners of the cards that *won by rank* in the
  search (and every card above them) must match, in *relative* rank (rank among the
  unplayed cards of the suit).  The set of such cards is backed up through the search
  as a mask (``W``).  Games whose legality depends on rank (must-head), or scored in
  points, use exact entries instead (every card matters); with identical copies in
  16-bit lanes (Pinochle) these are keyed by kinds (``_kinds_key``): which copy a hand
  holds never matters, nor do the ranks of the played kinds, only the order, owners and
  points of the unplayed ones.
* **Equivalent cards**: cards of one hand with no unplayed card between them in power
  are searched once; if the searched one wins by rank, its equivalents are backed up too.
* **Quick tricks** at the start of a trick (top cards the leader can cash, the long
  cards behind them, then a low card to a partner who cashes his own, with ruff limits)
  and **sure tricks** of the other side (DDS's LaterTricks: top trumps, a guarded second
  trump over the top one, a free joker, a leader who can only lead into the other
  side's winners, a side that needs every trick but cannot take that many in the suits
  it heads): early cutoffs, tried before the table.
* **Move ordering** by a card-play heuristic and the table's best move.  At a four-hand
  partnership table leads, second-hand plays that follow suit and discards take DDS's
  weights (Moves::WeightAllocNT0/Trump0, ...Notvoid1, ...Void: few opposing cards,
  winning leads including a partner's ruff, finesse positions, the killer move; its
  weights for the third hand were tried and cost nodes here).  Elsewhere leads favour
  top cards, leads to a partner's top card, a suit a partner can ruff, and avoid a suit
  an opponent is void in.  Following, a card that beats the trick and stays best
  whatever the later opponents can play comes first (cheapest first), then cards that
  force a later opponent's top card; a seat plays low when its side surely wins anyway.

The table is a preallocated ``uint64`` array of ``TT_WORDS``-word entries in buckets of
``TT_BUCKET``, plus one fingerprint word an entry (72 bytes in all): its memory is fixed
(``Solver(megabytes)``, ``tt_entries``), entries are replaced in place (shallow, then
old ones first).  A generation number in every entry invalidates a whole table in O(1)
between deals.  The fingerprint also holds the owners of each suit's top two cards
where the entry depends on them, so a probe reads the rows of few non-matching entries.
The table asks for 2 MB pages (``zeroed_words``): its probes land on random pages.

Where it stands against DDS (bridge, 13 cards, one thread, ``scripts/bench.py ddbridge``):
identical trick counts, about 1.65-2.0x slower at the median (median of ten runs 1.74x
on 2026-11-30; one process to the next moves it; see README Performance), 3.1x at the
start of 2026-11-29's second stop.  DDS's ``futureTricks.nodes`` (trick starts) on the
same 200 deals: 11.9M against our 14.9M (``dd_nodes.py --dds``, median ratio 1.17), so
the gap is both: more trick starts, and each with its inner nodes about 1.5x DDS's cost.
Profile (perf, per compiled function): the table probe ~16% (fingerprint scans and the
cache miss on the one candidate row), the quick-trick analysis ~12%, the store ~5%, the
rest in the search, spread thin over move generation, making and unmaking moves.
Index arithmetic matters more than it looks in numba: a 2-D array multiplies each
access by a row length (often spilled to the stack), a signed index read from memory is
checked for wraparound, and a loop of runtime length is vectorized; the flat frames,
masked seats and early-exit seat loops here took ~14% off.  Next steps, in the order we
expect them to pay: fewer trick starts (DDS's QuickTricks: combined runs of leader and
partner, blocked suits; no-trumps is 1.28x DDS's count); a cheaper probe (it scans two
buckets of 64 fingerprints); move generation specialised for the last seat.  Inlining
matters both ways: the per-card weights inlined into the search are 15% faster than
called, and moving ``_gen_moves`` out of the search costs 18%; but every inlined helper
adds to the cold compile (~55 s for the solver).  Beware of timing noise: the same
source compiled twice runs several percent apart for the life of a process (where its
code and table land in memory); compare node counts, or several interleaved runs
(``scripts/ab_dd.py``).
"""

from __future__ import annotations

import mmap

import numpy as np
from numba import njit, types

from ..bits import (
    HAVE_PEXT,
    ONE,
    ZERO,
    above,
    high_bit,
    high_index,
    low_bit,
    low_index,
    pext_bmi2,
    popcount,
)
from .engine import beats, free_lead_names, legal_follow_lead, seat_called_duties, stronger, suit_of
from .tables import (
    F_FREE_NAME_NOT_VOID,
    F_MUST_HEAD,
    F_MUST_OVERTRUMP,
    F_MUST_TRUMP,
    F_POINTS,
    R_CALLED,
    R_DECK,
    R_DUP_SHIFT,
    R_FLAGS,
    R_FREE,
    R_LAST_BONUS,
    R_LEAD,
    R_POINTS,
    R_SIZE,
    R_SUIT,
    R_TRUMP,
    R_TRUMP_SUIT,
    R_UNKNOWN,
)

MAX_SEATS = 5
# Loops over the seats run to MAX_SEATS and break at the table's size: a loop of runtime
# length (range(nseats)) is vectorized by the compiler, with vector set-up and clean-up
# code far costlier than the 2-5 seats it runs over (and slower to compile); one with an
# early exit is not.
MAX_PLY = 68
MAX_MOVES = 24

# cfg vector (int64)
C_NSEATS = 0      # seats at the table (2..5)
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
C_NEXT = 9        # C_NEXT + seat: next active seat clockwise
C_BEST = 14       # out: best move found at the root (move code)
C_STAMP = 15      # running count of table stores (entry ages)
C_SIZE = 16

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
S_SIZE = 32
S_POS_NODES, S_POS_CUTS, S_POS_FIRST = 16, 21, 26

TT_WORDS = 8      # key0, key1, wrel/unplayed, 4 patterns, info
_TTW = np.uint64(TT_WORDS)
TT_BUCKET = 64    # entries scanned per probe (two buckets: see _tt_probe)
_VALID = np.uint64(1) << np.uint64(63)
_LANE = np.uint64(0xFFFF)
_FP_HASH = np.uint64(0xFFFF000000)   # fingerprint word: 16 hash bits (24..39)
_TP_SHIFT = 40                      # then 8 slots of 3 bits: top two cards of each suit,
_TP_OWN = np.uint64(0x6DB6DB) << np.uint64(_TP_SHIFT)    # their owner (2 bits)
_TP_CARE = np.uint64(0x924924) << np.uint64(_TP_SHIFT)   # and whether the entry depends on it
_BYTE = np.uint64(0xFF)
NONE = -1


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

# The solver's entry point is compiled for exactly one signature.  Every caller (bridge,
# Five Hundred, Sheepshead, Euchre, Python) shares that one compiled solver: without the
# explicit signature numba would compile a new copy of the whole search for every
# combination of literal arguments a caller happens to pass (tens of seconds each).
_U64 = types.Array(types.uint64, 1, "C")
_I64 = types.Array(types.int64, 1, "C")
_ENTRY_ARGS = (_U64, _I64, _U64, _I64, types.Array(types.uint64, 2, "C"), _I64,
               types.Array(types.uint8, 2, "C", readonly=True),
               types.int64, types.int64, types.int64, types.int64, types.uint64, types.int64,
               types.uint64, types.int64, types.int64)
_SOLVE_SIG = types.int64(*_ENTRY_ARGS, types.int64, types.int64)


# ----------------------------------------------------------------------------- helpers
@njit(cache=True, inline="always")
def _points(rules, mask):
    p = np.int64(0)
    for k in range(4):
        p += popcount(mask & rules[R_POINTS + k]) << k
    return p


@njit(cache=True, inline="always")
def _union(hands, nseats):
    u = ZERO
    for s in range(nseats):
        u |= hands[s]
    return u


@njit(cache=True, inline="always")
def _side_of(cfg, seat):
    """Mask of the seats on ``seat``'s side (active seats only)."""
    m = cfg[C_MAX]
    if (m >> seat) & 1:
        return m
    return cfg[C_ACTIVE] & ~m


@njit(cache=True, inline="always")
def _compress(x, m, pext8):
    """pext of 16-bit lanes values: bits of x selected by m, packed low."""
    lo = np.uint64(pext8[x & _BYTE, m & _BYTE])
    hi = np.uint64(pext8[(x >> np.uint64(8)) & _BYTE, (m >> np.uint64(8)) & _BYTE])
    return lo | (hi << np.uint64(popcount(m & _BYTE)))


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _rel_hand(rules, hand, unpl, pext8):
    """A hand in relative ranks: per suit, its cards' positions among the unplayed cards
    of that suit (bottom-aligned), in the suit's 16-bit lane."""
    r = ZERO
    if HAVE_PEXT:
        for s in range(4):
            sm = rules[R_SUIT + s]
            r |= pext_bmi2(hand & sm, unpl & sm) << np.uint64(16 * s)
        return r
    for s in range(4):
        sm = rules[R_SUIT + s]
        base = np.uint64(16 * s)
        if sm & ~(_LANE << base):
            # a card outside its lane (500's nominated joker): compress the whole word
            r |= _compress64(hand & sm, unpl & sm, pext8) << base
            continue
        x = ((hand & sm) >> base) & _LANE
        m = ((unpl & sm) >> base) & _LANE
        if m:
            r |= _compress(x, m, pext8) << base
    return r


@njit(cache=True, inline="always")
def _next_higher(rules, c, unpl):
    """The next unplayed card above ``c`` in its suit (0 if none / no suit)."""
    s = suit_of(rules, c)
    if s < 0:
        return ZERO
    return low_bit(unpl & rules[R_SUIT + s] & above(c))


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
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


# ----------------------------------------------------------------------------- quick tricks
@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _partner_cash(rules, cfg, hands, leader, partners, unpl, q):
    """Tricks a partner takes after the leader's ``q`` quick tricks and a low card to the
    partner's top card of a suit: his runs of top cards (and the long cards behind
    them) in every suit he heads.  Returns (tricks, cards whose rank it used); (0, 0)
    unless the other side has no trumps left."""
    leader &= 7   # a seat 0..4: the arrays it indexes need no negative-index wraparound
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    side = _side_of(cfg, leader)
    ruffers = rules[R_TRUMP] | rules[R_FREE]
    hl = hands[leader]
    for o in range(MAX_SEATS):
        if o >= nseats:
            break
        if ((active >> o) & 1) and not ((side >> o) & 1) and (hands[o] & ruffers):
            return np.int64(0), ZERO
    best = np.int64(0)
    best_w = ZERO
    for p in range(MAX_SEATS):
        if p >= nseats:
            break
        if not (partners >> p) & 1:
            continue
        hp = hands[p]
        entry = False
        q2 = np.int64(0)
        w = ZERO
        for s in range(4):
            sm = rules[R_SUIT + s]
            u = unpl & sm
            if not (high_bit(u) & hp):
                continue
            if hl & sm:
                entry = True
            run, run_cards = _top_run(u, hp)
            others = unpl & sm & ~hp
            if others == ZERO or _longest_other(hands, nseats, active, p, unpl & sm) <= run:
                q2 += popcount(hp & sm)
            else:
                q2 += run
            if others != ZERO:
                w |= run_cards
        if entry and q2 > best and popcount(hp) - q2 >= q \
                and popcount(hl & ~ruffers) >= q + q2:
            best = q2
            best_w = w
    return best, best_w


@njit(cache=True, inline="always")
def _top_run(u, hand):
    """(count, cards): the top cards of ``u`` (one suit's unplayed cards) that ``hand``
    holds without a break."""
    n = np.int64(0)
    cards = ZERO
    while u:
        top = high_bit(u)
        if not (top & hand):
            break
        n += 1
        cards |= top
        u ^= top
    return n, cards


@njit(cache=True, inline="always")
def _longest_other(hands, nseats, active, seat, cards):
    """The most of ``cards`` any active hand but ``seat``'s holds."""
    most = np.int64(0)
    for h in range(MAX_SEATS):
        if h >= nseats:
            break
        if h != seat and (active >> h) & 1:
            k = popcount(hands[h] & cards)
            if k > most:
                most = k
    return most


@njit(cache=True, inline="always")
def _holder(hands, nseats, card):
    """The seat holding ``card`` (NONE if nobody)."""
    for h in range(MAX_SEATS):
        if h >= nseats:
            break
        if hands[h] & card:
            return h
    return NONE


@njit(cache=True, inline="always")
def _split_cards(cfg, hands, side):
    """(cards of the active seats of ``side``, cards of the other active seats)."""
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    mine = ZERO
    others = ZERO
    for o in range(MAX_SEATS):
        if o >= nseats:
            break
        if (active >> o) & 1:
            if (side >> o) & 1:
                mine |= hands[o]
            else:
                others |= hands[o]
    return mine, others


@njit(cache=True, _nrt=False)
def _quick(rules, cfg, hands, leader, left, need):
    """Bounds from sure tricks at the start of a trick (tricks objective only).

    Returns (q, wq, s, ws): the leader's side can take ``q`` tricks now by cashing top
    cards; the other side is sure of ``s`` tricks; ``wq``/``ws`` are the cards whose rank
    the arguments used.  Counting stops once ``q`` reaches ``need`` (then ``s`` is 0):
    fewer cards in ``wq`` make the table entries above more general."""
    leader &= 7   # a seat 0..4: the arrays it indexes need no negative-index wraparound
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    side = _side_of(cfg, leader)
    trump = rules[R_TRUMP]
    tsuit = np.int64(rules[R_TRUMP_SUIT])
    hl = hands[leader]
    side_cards, opp_cards = _split_cards(cfg, hands, side)
    unpl = opp_cards | side_cards
    partners = side & ~(np.int64(1) << leader)
    # Length tricks (once the leader's top cards have drawn every other card of a suit,
    # the rest of his cards in it win too) need partners that never have to ruff the
    # leader's winners: without trumps, or with enough other cards to play.
    n_lead = popcount(hl)
    length_ok = True
    for p in range(MAX_SEATS):
        if p >= nseats:
            break
        if (partners >> p) & 1:
            if popcount(hands[p] & ~trump & ~rules[R_FREE]) < n_lead:
                length_ok = False
    # ---- leader's quick tricks
    q = np.int64(0)
    wq = ZERO
    cashed_trumps = np.int64(0)
    if tsuit < 4:
        tm = rules[R_SUIT + tsuit]
        m, cashed = _top_run(unpl & tm, hl)
        if m and length_ok and _longest_other(hands, nseats, active, leader, unpl & tm) <= m:
            m = popcount(hl & tm)
        if m:
            if (unpl & tm & ~hl) != ZERO:
                wq |= cashed  # won by rank
            q += m
            cashed_trumps = m
            if q >= need:
                return q, wq, np.int64(0), ZERO
    # opponents' trumps left after the cash (a free joker counts as a trump)
    opp_left = np.int64(0)
    opp_tr_mask = 0
    for o in range(MAX_SEATS):
        if o >= nseats:
            break
        if ((active >> o) & 1) and not ((side >> o) & 1):
            t = popcount(hands[o] & trump) - cashed_trumps
            if t > 0:
                opp_left += t
                opp_tr_mask |= 1 << o
    if tsuit < 4 and opp_left == 0:
        # no opposing trumps left: every trump of the leader wins if partners hold none
        tm = rules[R_SUIT + tsuit]
        if (side_cards & ~hl & tm) == ZERO:
            q = popcount(hl & tm)
    for s in range(4):
        if s == tsuit:
            continue
        sm = rules[R_SUIT + s]
        mine = hl & sm
        if mine == ZERO:
            continue
        others = unpl & sm & ~hl
        m, _ = _top_run(unpl & sm, hl)
        tops = m   # the leader's run of top cards
        if others == ZERO or (m and length_ok and _longest_other(hands, nseats, active, leader, others) <= m):
            m = popcount(mine)
        if m == 0:
            continue
        # opponents holding trumps may ruff once void
        limit = m
        for o in range(MAX_SEATS):
            if o >= nseats:
                break
            if (opp_tr_mask >> o) & 1:
                lo_ = popcount(hands[o] & sm)
                if lo_ < limit:
                    limit = lo_
        # a partner void in the suit with only trumps left would have to overtake
        for p in range(MAX_SEATS):
            if p >= nseats:
                break
            if (partners >> p) & 1:
                hp = hands[p]
                if (hp & sm) == ZERO and hp != ZERO and (hp & ~trump & ~rules[R_FREE]) == ZERO:
                    limit = 0
        if limit > 0:
            q += limit
            if others != ZERO:
                # the leader's top cards won by rank (the length tricks by length)
                wq |= _top_k(unpl & sm, min(limit, tops))
            if q >= need:
                return q, wq, np.int64(0), ZERO
    # then a low card to a partner's winners in a suit (the partner keeps the lead)
    pe_best = np.int64(0)
    pe_w = ZERO
    for p in range(MAX_SEATS):
        if p >= nseats:
            break
        if not (partners >> p) & 1:
            continue
        hp = hands[p]
        for s in range(4):
            sm = rules[R_SUIT + s]
            if not (hl & sm) or not (hp & sm):
                continue
            u = unpl & sm
            if not (high_bit(u) & hp):
                continue
            if s == tsuit and cashed_trumps > 0:
                continue
            opp_s = opp_cards & sm
            winners = hp & sm
            if opp_s:
                winners &= above(high_bit(opp_s))
            limit = popcount(winners)
            if s != tsuit:
                for o in range(MAX_SEATS):
                    if o >= nseats:
                        break
                    if (opp_tr_mask >> o) & 1:
                        lo_ = popcount(hands[o] & sm)
                        if lo_ < limit:
                            limit = lo_
            # the partner must keep those winners while the leader cashes q tricks
            if limit > pe_best and popcount(hp) - limit >= q:
                pe_best = limit
                pe_w = _top_k(winners, limit) if opp_s else ZERO
    # or a low card to a partner who then cashes his top cards in every suit he heads
    # (DDS's communication with partner): only with no opposing trumps, a leader who
    # never has to ruff his partner's winners and a partner who can keep his winners
    q2, w2 = _partner_cash(rules, cfg, hands, leader, partners, unpl, q)
    if q2 > pe_best:
        pe_best = q2
        pe_w = w2
    if pe_best > 0:
        q += pe_best
        wq |= pe_w
    # later tricks: the top trumps of one of our hands each win a trick sometime, as
    # does every trump of one of our hands when the other side has none
    ut = unpl & rules[R_TRUMP]
    if ut and (high_bit(ut) & side_cards):
        t1 = high_bit(ut)
        holder = hl
        for o in range(MAX_SEATS):
            if o >= nseats:
                break
            if hands[o] & t1:
                holder = hands[o]
        lq = np.int64(1)
        lw = t1
        t2 = high_bit(ut & ~t1)
        if t2 and (t2 & holder):
            lq = 2
            lw |= t2
        if (opp_cards & trump) == ZERO:
            for o in range(MAX_SEATS):
                if o >= nseats:
                    break
                if ((active >> o) & 1) and ((side >> o) & 1):
                    k = popcount(hands[o] & trump)
                    if k > lq:
                        lq = k
                        lw = ZERO
        if lq > q:
            q = lq
            wq = lw
    # ---- the other side's sure tricks (DDS's LaterTricks, for any number of hands a side)
    s_opp = np.int64(0)
    ws = ZERO
    ut = unpl & trump
    if ut:
        t1 = high_bit(ut)
        t2 = high_bit(ut & ~t1)
        h1 = _holder(hands, nseats, t1)
        h2 = _holder(hands, nseats, t2) if t2 else NONE
        if t1 & opp_cards:
            s_opp = 1
            ws = t1
            # their top two trumps win two tricks unless both are bare in different hands
            if (t2 & opp_cards) and (popcount(hands[h1] & trump) > 1 or popcount(hands[h2] & trump) > 1):
                s_opp = 2
                ws = t1 | t2
        elif (t2 & opp_cards) and popcount(hands[h2] & trump) > 1:
            # we hold the top trump, they the second, guarded: it wins a trick if it sits
            # over the top trump (whose holder always plays before it), or with the third
            if cfg[C_NEXT + h1] == h2:
                s_opp = 1
                ws = t1 | t2
            else:
                t3 = high_bit(ut & ~t1 & ~t2)
                if t3 & opp_cards:
                    s_opp = 1
                    ws = t1 | t2 | t3
        if (side_cards & trump) == ZERO:
            # we have no trumps: each trump of one opposing hand wins its own trick
            for o in range(MAX_SEATS):
                if o >= nseats:
                    break
                if ((active >> o) & 1) and not ((side >> o) & 1):
                    k = popcount(hands[o] & trump)
                    if k > s_opp:
                        s_opp = k
                        ws = ZERO
    elif need >= left and (unpl & rules[R_FREE]) == ZERO:
        # no trumps left and we need every trick: each is won in a suit we head, led by us,
        # so at most our longest holding in each such suit (DDS's LaterTricks in no-trumps)
        most = np.int64(0)
        w = ZERO
        for s in range(4):
            sm = rules[R_SUIT + s]
            top = high_bit(unpl & sm)
            if top == ZERO:
                continue
            if top & side_cards:
                longest = np.int64(0)
                for o in range(MAX_SEATS):
                    if o >= nseats:
                        break
                    if (side >> o) & 1:
                        k = popcount(hands[o] & sm)
                        if k > longest:
                            longest = k
                most += longest
            elif (unpl & sm) != top:
                w |= top
        if most < left:
            s_opp = 1
            ws = w
    if s_opp == 0 and (side_cards & trump) == ZERO:
        # every suit the leader can lead is headed by the other side
        w = ZERO
        ok = True
        for s in range(4):
            sm = rules[R_SUIT + s]
            if hl & sm:
                top = high_bit(unpl & sm)
                if top & opp_cards:
                    w |= top
                else:
                    ok = False
                    break
        if hl & rules[R_FREE]:
            ok = False
        if ok:
            s_opp = 1
            ws |= w
    return q, wq, s_opp, ws


@njit(cache=True, inline="always")
def _cheapest(rules, hand, m):
    """The least points ``m`` cards of ``hand`` can hold."""
    pts = rules[R_POINTS] | rules[R_POINTS + 1] | rules[R_POINTS + 2] | rules[R_POINTS + 3]
    m -= popcount(hand & ~pts)
    rest = hand & pts
    total = np.int64(0)
    while m > 0 and rest:
        low = rest
        lp = np.int64(1) << 40
        r = rest
        while r:
            c = low_bit(r)
            r ^= c
            p = _points(rules, c)
            if p < lp:
                lp = p
                low = c
        total += lp
        rest ^= low
        m -= 1
    return total


@njit(cache=True, inline="always")
def _kind_bits(rules, c):
    """The positions of the power of card ``c`` (both copies of its kind)."""
    sh = rules[R_DUP_SHIFT]
    base = np.uint64(high_index(c)) >> sh << sh
    return ((ONE << (ONE << sh)) - ONE) << base


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _sure_bounds(rules, cfg, hands, leader, left):
    """(lo, hi): bounds on the counted side's value from now (a trick start).

    Sure trumps: the trumps of the side holding the top trump that rank above every
    trump of the other side each win the trick they are played to, whatever is played
    with them, so that side wins at least ``m`` tricks (the most of them one hand
    holds), with their points, and each opponent plays ``m`` of his cards to those
    tricks (at least his ``m`` cheapest); all of the tricks, the last one's bonus with
    them, if ``m`` is all that is left.  The trick objective counts the ``m`` tricks.

    Cashing (when the counted side maximises): the leader can lead, in one suit, his
    cards that no other hand's card of the suit beats (an identical copy played after
    them does not) for ``k`` tricks in a row, as long as no opponent can ruff them (an
    opponent with trumps and fewer cards of the suit ends the run); every other hand
    follows suit while it can (its cheapest cards of the suit), then plays its
    cheapest others.  With the other sure trumps of the leader's side, whose tricks the
    opponents feed at least their cheapest cards."""
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    count = cfg[C_COUNT]
    trump = rules[R_TRUMP]
    points = (rules[R_FLAGS] & F_POINTS) != ZERO
    bonus = np.int64(rules[R_LAST_BONUS])
    cside, oside = _split_cards(cfg, hands, count)
    total = _points(rules, cside | oside) + bonus if points else left
    lo = np.int64(0)
    hi = total
    ct = cside & trump
    ot = oside & trump
    sure = ZERO
    mine = True
    if ct != ZERO or ot != ZERO:
        if high_bit(ct) > high_bit(ot):
            sure = ct & stronger(rules, high_bit(ot)) if ot else ct
        else:
            sure = ot & stronger(rules, high_bit(ct)) if ct else ot
            mine = False
    m = np.int64(0)
    if sure != ZERO:
        for h in range(MAX_SEATS):
            if h >= nseats:
                break
            k = popcount(hands[h] & sure)
            if k > m:
                m = k
        if points:
            v = _points(rules, sure)
            for h in range(MAX_SEATS):
                if h >= nseats:
                    break
                if ((active >> h) & 1) and (((count >> h) & 1) == 0) == mine:
                    v += _cheapest(rules, hands[h], m)
            if m == left:
                v += bonus
        else:
            v = m
        if mine:
            lo = v
        else:
            hi = total - v
    if count != cfg[C_MAX]:
        return lo, hi
    # the leader's side cashing
    leader &= 7
    side = _side_of(cfg, leader)
    lead_mine = ((count >> leader) & 1) == 1
    sure_x = sure if mine == lead_mine else ZERO
    mx = m if sure_x != ZERO else np.int64(0)
    hl = hands[leader]
    best = np.int64(0)
    ks_all = np.int64(0)   # k of every suit, 4 bits a suit: cashing them one after the other
    w_all = ZERO
    n_suits = 0
    for s in range(4):
        sm = rules[R_SUIT + s]
        if not (hl & sm):
            continue
        top_other = ZERO
        for h in range(MAX_SEATS):
            if h >= nseats:
                break
            if h != leader and ((active >> h) & 1):
                top_other |= hands[h] & sm
        top_other = high_bit(top_other)
        w = hl & sm
        if top_other != ZERO:
            w &= stronger(rules, top_other) | _kind_bits(rules, top_other)
        k = popcount(w)
        k1 = k
        if not (sm & trump):
            # a hand with trumps, void in the suit, ruffs: an opponent ends the run before
            # that trick, a partner with it (he takes the lead)
            for h in range(MAX_SEATS):
                if h >= nseats:
                    break
                if h != leader and ((active >> h) & 1) and (hands[h] & trump):
                    n = popcount(hands[h] & sm)
                    if n < k:
                        k = n
                    n += (side >> h) & 1
                    if n < k1:
                        k1 = n
        if k1 == 0:
            continue
        v = _cash_value(rules, cfg, hands, leader, side, k1 << (4 * s), w, sure_x, mx, left)
        if v > best:
            best = v
        if k > 0:
            ks_all |= k << (4 * s)
            w_all |= w
            n_suits += 1
    if n_suits > 1:
        v = _cash_value(rules, cfg, hands, leader, side, ks_all, w_all, sure_x, mx, left)
        if v > best:
            best = v
    if lead_mine:
        lo = max(lo, best)
    else:
        hi = min(hi, total - best)
    return lo, hi


@njit(cache=True, inline="always")
def _cheapest_set(rules, cards, m):
    """The ``m`` cards of ``cards`` with the fewest points (the lowest on ties)."""
    pts = rules[R_POINTS] | rules[R_POINTS + 1] | rules[R_POINTS + 2] | rules[R_POINTS + 3]
    out = ZERO
    zero = cards & ~pts
    while m > 0 and zero:
        c = low_bit(zero)
        zero ^= c
        out |= c
        m -= 1
    rest = cards & pts
    while m > 0 and rest:
        low = rest
        lp = np.int64(1) << 40
        r = rest
        while r:
            c = low_bit(r)
            r ^= c
            p = _points(rules, c)
            if p < lp:
                lp = p
                low = c
        out |= low
        rest ^= low
        m -= 1
    return out


@njit(cache=True, _nrt=False)
def _cash_value(rules, cfg, hands, leader, side, ks, w, sure_x, mx, left):
    """What the leader's side surely takes by the leader cashing ``ks >> 4s & 15`` of
    his cards ``w`` in each suit s, one suit after the other (see _sure_bounds): the
    best of them he leads, and from every other hand at least the cheapest cards that
    it must play to those tricks: of each suit, as many as it holds up to the suit's
    run, then its cheapest others.  Or, with the side's other sure trumps
    (``sure_x``, in tricks to which the opponents play at least their ``mx``
    cheapest cards), the opponents' part alone."""
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    total_k = np.int64(0)
    led = ZERO
    for s in range(4):
        k = (ks >> (4 * s)) & 15
        if k:
            sm = rules[R_SUIT + s]
            total_k += k
            led |= w & sm & ~_cheapest_set(rules, w & sm, popcount(w & sm) - k)   # the best k
    if not (rules[R_FLAGS] & F_POINTS):
        return total_k
    v1 = _points(rules, led)
    v2 = v1 + _points(rules, sure_x & ~led)
    for h in range(MAX_SEATS):
        if h >= nseats:
            break
        if h == leader or not ((active >> h) & 1):
            continue
        hand = hands[h]
        chosen = ZERO
        for s in range(4):
            k = (ks >> (4 * s)) & 15
            if k:
                hs = hand & rules[R_SUIT + s]
                chosen |= _cheapest_set(rules, hs, min(k, popcount(hs)))
        f = _points(rules, chosen) + _cheapest(rules, hand & ~chosen, total_k - popcount(chosen))
        v1 += f
        if not ((side >> h) & 1):
            v2 += max(f, _cheapest(rules, hand, mx))
    v = max(v1, v2)
    if total_k == left:
        v += np.int64(rules[R_LAST_BONUS])
    return v


# ----------------------------------------------------------------------------- table
@njit(cache=True, inline="always")
def _mix(a):
    a ^= a >> np.uint64(33)
    a *= np.uint64(0xFF51AFD7ED558CCD)
    a ^= a >> np.uint64(33)
    a *= np.uint64(0xC4CEB9FE1A85EC53)
    a ^= a >> np.uint64(33)
    return a


@njit(cache=True, inline="always")
def _n_entries(tt):
    return (tt.shape[0] // 9) * 8


@njit(cache=True, inline="always")
def _bucket(tt, k0, k1, k2):
    """(first entry of the bucket, fingerprint): the fingerprint word of an entry holds
    a store stamp (bits 0..7), the tricks left (8..15), 8 generation bits (16..23), 16
    hash bits (24..39) and the top-two-owner slots (40..63, see _fp_matches)."""
    h = _mix(k0 ^ _mix(k1 ^ _mix(k2)))
    nb = np.uint64(_n_entries(tt) // TT_BUCKET)
    return np.int64(h & (nb - ONE)) * TT_BUCKET, h & _FP_HASH


@njit(cache=True, inline="always")
def _fp_matches(flat, nent, b, fmask, fp, tp):
    """Bit j set: entry b + j of a bucket has fingerprint ``fp`` under ``fmask`` and
    agrees with ``tp`` (the owners of each suit's top two cards) wherever the entry
    depends on them: most entries of a suit-length key differ there, and this spares
    reading their rows.  A branch-free scan of the bucket's TT_BUCKET (<= 64) contiguous
    fingerprint words, which the compiler vectorizes: ``flat`` is the table as one row
    (indexing the 2-D table would make it gather the words one by one)."""
    m = ZERO
    f0 = nent * TT_WORDS + b
    for j in range(TT_BUCKET):
        f = flat[np.uint64(f0 + j)]   # unsigned: no negative-index wraparound (which defeats vector loads)
        d = (f ^ tp) & _TP_OWN
        ok = ((f & fmask) == fp) & ((((d << np.uint64(2)) | (d << ONE)) & f & _TP_CARE) == ZERO)
        m |= np.uint64(ok) << np.uint64(j)
    return m


@njit(cache=True, inline="always")
def _top_k(u, k):
    out = ZERO
    for _ in range(k):
        t = high_bit(u)
        out |= t
        u ^= t
    return out


@njit(cache=True, inline="always")
def _abs_of_wrel(rules, wrel, unpl):
    """Absolute cards of a relative winning-rank mask (top-k of each suit)."""
    out = ZERO
    for s in range(4):
        k = popcount((wrel >> np.uint64(16 * s)) & _LANE)
        if k:
            out |= _top_k(unpl & rules[R_SUIT + s], k)
    return out


@njit(cache=True, inline="always")
def _wrel_of(rules, w, unpl):
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
            out |= (((ONE << np.uint64(k)) - ONE) << np.uint64(n - k)) << np.uint64(16 * s)
    return out


@njit(cache=True, inline="always")
def _keys(rules, cfg, hands, leader, suits_led, voids):
    """(key0, key1): every hand's suit lengths, the leader, the free card's owner and the
    state its leads depend on, and the generation."""
    nseats = cfg[C_NSEATS]
    k0 = ZERO
    k1 = ZERO
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
            else:
                k1 |= n << np.uint64(4 * s)
    k1 |= np.uint64(leader) << np.uint64(16)
    k1 |= np.uint64(owner) << np.uint64(19)
    if owner != 7:
        k1 |= np.uint64(suits_led & 15) << np.uint64(22)
        if rules[R_FLAGS] & F_FREE_NAME_NOT_VOID:
            for h in range(MAX_SEATS):
                if h >= nseats:
                    break
                k1 |= np.uint64(voids[h] & 15) << np.uint64(26 + 4 * h)
    k1 |= np.uint64(cfg[C_GEN] & 0xFFFF) << np.uint64(46)
    k1 |= _VALID
    return k0, k1


@njit(cache=True, inline="always")
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


_EVEN = np.uint64(0x5555555555555555)


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _kinds_key(rules, hands, unpl, rel, rb, pext8):
    """Key of an EXACT_KINDS position: the position up to identical copies and up to the
    ranks of the unplayed kinds, which is all its value depends on.

    A kind is a pair of layout bits (2k, 2k + 1: identical copies).  Each hand is written
    at kind level: per unplayed kind in power order (bottom-aligned, all four suits packed
    into one word) two bits, the first if the hand holds a copy, both if it holds both
    (which copy it holds never matters).  Rows ``rb..rb+3`` of ``rel`` receive
    the four hands.  Returns (k0, k2, kc): the points of the unplayed kinds in the same
    order (bit-planes 0, 1 in k0 and 2, 3 in k2, 32 bits each), and the number of
    unplayed kinds of each suit (4 bits a suit), which delimits the suits in the packed
    words."""
    occ = (unpl | (unpl >> ONE)) & _EVEN       # kinds with an unplayed copy, at their first bit
    occ2 = occ | (occ << ONE)
    for h in range(4):
        hand = hands[h]
        one = (hand | (hand >> ONE)) & _EVEN   # kinds of which the hand holds a copy
        two = hand & (hand >> ONE) & _EVEN     # ... both copies
        canon = one | (two << ONE)
        if HAVE_PEXT:
            rel[rb + np.uint64(h)] = pext_bmi2(canon, occ2)
        else:
            rel[rb + np.uint64(h)] = _compress64(canon, occ2, pext8)
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
    return pl, ph, kc


@njit(cache=True, inline="always")
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
    hint = np.int64(-1)
    hk = k2
    if exact == EXACT_KINDS:
        hk = k2 ^ _mix(r0 ^ _mix(r1 ^ _mix(r2 ^ _mix(r3))))   # the hands select the bucket too
    for bk in range(1 if exact else 2):
        b, fp = _bucket(tt, k0, k1, hk if exact else (ZERO if bk == 0 else sig))
        fp |= np.uint64(cfg[C_GEN] & 255) << np.uint64(16)
        cand = _fp_matches(flat, nent, b, fmask, fp, tp)
        while cand:
            i = b + low_index(cand)
            cand &= cand - ONE
            e = np.uint64(i) * _TTW   # the entry's first word in ``flat`` (unsigned: no wraparound)
            if flat[e] != k0 or flat[e + np.uint64(1)] != k1:
                continue
            if exact:
                if flat[e + np.uint64(2)] != k2:
                    continue
                m = ~ZERO
            else:
                m = flat[e + np.uint64(2)]
            if ((r0 & m) != flat[e + np.uint64(3)] or (r1 & m) != flat[e + np.uint64(4)]
                    or (r2 & m) != flat[e + np.uint64(5)] or (r3 & m) != flat[e + np.uint64(6)]):
                continue
            info = flat[e + np.uint64(7)]
            lo = np.int64(info & _LANE)
            hi = np.int64((info >> np.uint64(16)) & _LANE)
            hint = np.int64((info >> np.uint64(32)) & np.uint64(0x3FF))
            if lo >= target:
                w = ~ZERO if exact else _abs_of_wrel(rules, m, unpl)
                return True, lo, w, hint
            if hi < target:
                w = ~ZERO if exact else _abs_of_wrel(rules, m, unpl)
                return True, hi, w, hint
    return False, np.int64(0), ZERO, hint


@njit(cache=True, _nrt=False)
def _tt_store(rules, cfg, tt, flat, k0, k1, k2, sig, tp, r0, r1, r2, r3, unpl, w, value, target, move, left):
    exact = cfg[C_EXACT]
    tpw = ZERO   # the top-two owners this entry depends on, with their care bits
    if exact:
        m = ~ZERO
        w2 = k2
        hk = k2
        if exact == EXACT_KINDS:
            hk = k2 ^ _mix(r0 ^ _mix(r1 ^ _mix(r2 ^ _mix(r3))))
    else:
        m = _wrel_of(rules, w, unpl)
        w2 = m
        # every suit's top card relevant: the bucket of the top owners (see _tt_probe)
        hk = sig
        for s in range(4):
            k = popcount((m >> np.uint64(16 * s)) & _LANE)
            if (unpl & rules[R_SUIT + s]) and k == 0:
                hk = ZERO
            if cfg[C_NSEATS] <= 4:
                for t in range(2 if k >= 2 else k):
                    slot = np.uint64(_TP_SHIFT + 6 * s + 3 * t)
                    tpw |= (tp & (np.uint64(3) << slot)) | (np.uint64(4) << slot)
    b, fp = _bucket(tt, k0, k1, hk)
    gen8 = np.uint64(cfg[C_GEN] & 255)
    fp |= gen8 << np.uint64(16)
    fmask = _FP_HASH | (_BYTE << np.uint64(16))
    nent = _n_entries(tt)
    p0 = r0 & m
    p1 = r1 & m
    p2 = r2 & m
    p3 = r3 & m
    stamp = np.int64(cfg[C_STAMP]) & 255
    cfg[C_STAMP] += 1
    fpword = fp | tpw | (np.uint64(left & 255) << np.uint64(8)) | np.uint64(stamp)
    cand = _fp_matches(flat, nent, b, fmask, fp, tp)
    while cand:
        i = b + low_index(cand)
        cand &= cand - ONE
        e = np.uint64(i) * _TTW
        if (flat[e] == k0 and flat[e + np.uint64(1)] == k1 and flat[e + np.uint64(2)] == w2
                and flat[e + np.uint64(3)] == p0 and flat[e + np.uint64(4)] == p1
                and flat[e + np.uint64(5)] == p2 and flat[e + np.uint64(6)] == p3):
            info = flat[e + np.uint64(7)]
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
                        | (np.uint64(mv & 0x3FF) << np.uint64(32)))
            flat[np.uint64(nent * TT_WORDS + i)] = fpword
            return
    victim = -1
    vkey = np.int64(1) << 40
    for i in range(b, b + TT_BUCKET):
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
                     | (np.uint64(move & 0x3FF) << np.uint64(32)))
    flat[np.uint64(nent * TT_WORDS + victim)] = fpword


# ----------------------------------------------------------------------------- ordering
@njit(cache=True, inline="always")
def _second_hand(rules, cfg, hands, seat, led, best, winner):
    """After the lead: 1 if the side of ``seat`` (second to play) surely wins the trick,
    -1 if the leader's side surely does, else 0; and the cards whose rank it used.

    A side is sure of the trick when one of its players still to play holds a card of
    the led suit above the best card played and above every such card of the opponents
    still to play, and none of those opponents can ruff (void with trumps); or when the
    leader's card is already above every unplayed card of the suit and nobody still to
    play can ruff.  Suit contracts with a trump lead and no-trumps work alike."""
    trump = rules[R_TRUMP]
    sm = rules[R_SUIT + led]
    if best & trump and not (sm & trump):
        return 0, ZERO   # a free joker led (500): it wins, but leave it to the search
    nseats = cfg[C_NSEATS]
    side = _side_of(cfg, seat)
    # seats still to play: seat and the following ones up to the leader
    later = 0
    s2 = seat
    for _ in range(cfg[C_NACT] - 1):
        later |= 1 << s2
        s2 = cfg[C_NEXT + s2] & 7
    mine_cards = ZERO
    opp_cards = ZERO
    opp_can_ruff = False
    my_can_ruff = False
    for o in range(MAX_SEATS):
        if o >= nseats:
            break
        if (later >> o) & 1:
            h = hands[o]
            if (side >> o) & 1:
                mine_cards |= h & sm
                if not (h & sm) and (h & trump) and not (sm & trump):
                    my_can_ruff = True
            else:
                opp_cards |= h & sm
                if not (h & sm) and (h & trump) and not (sm & trump):
                    opp_can_ruff = True
    top_mine = high_bit(mine_cards)
    if not opp_can_ruff and top_mine > best and top_mine > opp_cards and not (rules[R_DUP_SHIFT]):
        return 1, top_mine
    if not ((side >> winner) & 1) and not my_can_ruff and best > mine_cards and best > opp_cards \
            and not (rules[R_DUP_SHIFT]):
        # the leader's card holds: nobody of ours can beat or ruff it
        return -1, best
    return 0, ZERO


@njit(cache=True, inline="always")
def _sure(rules, c, threats, led):
    """Does ``c`` stay the best card whatever the later opponents play (``threats``: the
    best card each can play)?"""
    while threats:
        t = high_bit(threats)
        threats ^= t
        if beats(rules, t, c, led):
            return False
    return True


# Lead weights at a four-hand partnership table, after DDS (Moves::WeightAllocNT0 and
# WeightAllocTrump0): what depends on the suit only is worked out once a suit
# (_lead_suit), the rest a card (_lead_card).  Categories of the suit's top card:
TOP_BARE_OPP, TOP_MINE, TOP_PARTNER, TOP_OTHER = range(4)


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _lead_suit(hands, seat, lho, partner, rho, us, tm, is_trump, nt, left):
    """(delta_win, delta_lose, win_top, win_other, cat, partner_second, my_second): the
    suit's part of a lead's weight when the lead wins the trick (for its side) or not,
    whether the top card / a lower card wins it, the category of the top card's holder,
    and who holds the second card."""
    seat &= 7   # seats 0..4: the arrays they index need no negative-index wraparound
    lho &= 7
    partner &= 7
    rho &= 7
    top = high_bit(us)
    second = high_bit(us & ~top)
    third = high_bit(us & ~top & ~second)
    h_me = hands[seat]
    h_lh = hands[lho]
    h_pd = hands[partner]
    h_rh = hands[rho]
    n_lh = popcount(h_lh & us)
    n_rh = popcount(h_rh & us)
    n_pd = popcount(h_pd & us)
    c_lh = (left if n_lh == 0 else n_lh) << 2
    c_rh = (left if n_rh == 0 else n_rh) << 2
    if (n_lh == 1 and (h_lh & top) != ZERO) or (n_rh == 1 and (h_rh & top) != ZERO):
        cat = TOP_BARE_OPP
    elif h_me & top:
        cat = TOP_MINE
    elif h_pd & top:
        cat = TOP_PARTNER
    else:
        cat = TOP_OTHER
    partner_high = (h_pd & us) > ((h_lh | h_rh) & us)
    sec_lh = (h_lh & second) != ZERO
    sec_rh = (h_rh & second) != ZERO
    # the side holds the second and third cards
    if (h_pd & second) and (h_pd & third):
        both = 2
    elif n_pd > 1 and (((h_me & second) and (h_pd & third)) or ((h_pd & second) and (h_me & third))):
        both = 1
    else:
        both = 0
    if nt:
        d = -(((c_lh + c_rh) << 5) // 19)
        if n_pd == 0:
            d -= 9
        dw = d
        if sec_rh:
            if n_rh != 1:
                dw -= 1
        elif sec_lh:
            dw += 22 if n_lh != 1 else 16
        dw += 45 if ((not sec_lh or n_lh == 1) and (not sec_rh or n_rh == 1)) else 18
        dl = d
        if (h_rh & (top | second)) != ZERO:
            if n_rh != 1:
                dl -= 10
        elif (h_lh & top) and (h_pd & second):
            if n_pd != 1:
                dl += 31
        dl += 35 if both == 2 else (25 if both == 1 else 0)
        return dw, dl, True, partner_high, cat, (h_pd & second) != ZERO, (h_me & second) != ZERO
    t_lh = h_lh & tm
    t_rh = h_rh & tm
    t_pd = h_pd & tm
    bonus = 0
    if not is_trump:
        if (n_lh == 0 and t_lh != ZERO) or (n_rh == 0 and t_rh != ZERO):
            bonus = -12
        if n_pd == 0 and t_pd != ZERO and n_rh > 0:
            bonus += 17
    if (h_rh & (top | second)) != ZERO:
        if n_rh != 1:
            bonus -= 12
    elif (h_lh & top) and (h_pd & second):
        if n_pd != 1:
            bonus += 27
    if not is_trump and popcount(h_me & us) == 1 and (h_me & tm) and n_pd > 1 and (h_pd & top):
        bonus += 19
    d = bonus - (((c_lh + c_rh) << 5) // 13)
    lh_follows = n_lh != 0 or t_lh == ZERO
    rh_follows = n_rh != 0 or t_rh == ZERO
    if is_trump:
        win_top = True
    elif n_pd != 0 or t_pd == ZERO:
        win_top = lh_follows and rh_follows
    else:
        win_top = (n_lh != 0 or t_pd > t_lh) and (n_rh != 0 or t_pd > t_rh)
    if partner_high:
        win_other = is_trump or (lh_follows and rh_follows)
    elif not is_trump and n_pd == 0 and t_pd != ZERO:
        # the partner ruffs over any opponent who ruffs
        lh_ruffs = n_lh == 0 and t_lh != ZERO
        rh_ruffs = n_rh == 0 and t_rh != ZERO
        if lh_ruffs and rh_ruffs:
            win_other = t_pd > (t_lh | t_rh)
        elif lh_ruffs:
            win_other = t_pd > t_lh
        elif rh_ruffs:
            win_other = t_pd > t_rh
        else:
            win_other = True
    else:
        win_other = False
    dl = d + (20 if both == 2 else (13 if both == 1 else 0))
    return d, dl, win_top, win_other, cat, (h_pd & second) != ZERO, (h_me & second) != ZERO


@njit(cache=True, inline="always")  # per card in the search: worth inlining (15% of the time)
def _lead_card(c, us, nt, suit_info, is_killer, is_hint, sequence):
    """A lead's weight from its suit's part (_lead_suit) and the card."""
    dw, dl, win_top, win_other, cat, pd_second, me_second = suit_info
    top = high_bit(us)
    is_top = c == top
    is_second = c == high_bit(us & ~top)
    r_rank = 1 + popcount(us & above(c))   # DDS's relRank: 1 for the top card, 2 for the next...
    if nt:
        if is_top or win_other:
            w = dw + r_rank
            return w + (126 if is_killer else (32 if is_hint else 0))
        if cat == TOP_BARE_OPP:
            w = dl + 28 + r_rank
        elif cat == TOP_MINE:
            w = dl - 17 + r_rank
        elif not sequence:
            w = dl + 12 + r_rank
        elif is_second:
            w = dl + 48
        else:
            w = dl + 29 - r_rank
        return w + (47 if is_killer else (19 if is_hint else 0))
    if win_top if is_top else win_other:
        if cat == TOP_BARE_OPP:
            w = dw + 35 + r_rank
        elif cat == TOP_MINE:
            w = dw + 48 + r_rank if pd_second else (dw + 31 if is_top else dw - 3 + r_rank)
        elif cat == TOP_PARTNER:
            w = dw + 42 + r_rank if me_second else dw + 28 + r_rank
        elif sequence and is_second:
            w = dw + 40
        elif sequence:
            w = dw + 22 + r_rank
        else:
            w = dw + 11 + r_rank
        return w + (55 if is_killer else (18 if is_hint else 0))
    if cat == TOP_BARE_OPP:
        w = dl + r_rank + 2
    elif cat == TOP_MINE:
        w = dl + 33 + r_rank if pd_second else (dl + 38 if is_top else dl - 14 + r_rank)
    elif cat == TOP_PARTNER:
        w = dl + 34 + r_rank
    elif sequence and is_second:
        w = dl + 35
    else:
        w = dl + 17 - (high_index(c) & 15) - 2
    return w + (18 if is_killer else 0)


@njit(cache=True, inline="always")  # per card in the search: worth inlining
def _second_hand_weight(h_third, h_fourth, c, led_card, us, lsm, tm, trump_led, nt, sequence):
    """DDS's weight of a second-hand card that follows suit at a four-hand partnership
    table (Moves::WeightAllocNTNotvoid1 / TrumpNotvoid1): win cheaply when the third hand
    cannot beat us, play low when partner (fourth hand) wins anyway."""
    us3 = h_third & lsm
    us4 = h_fourth & lsm
    max3 = high_bit(us3)
    max4 = high_bit(us4)
    min3 = low_bit(us3)
    min4 = low_bit(us4)
    rank = (high_index(c) & 15) + 2
    r_rank = 1 + popcount(us & above(c))   # DDS's relRank: 1 for the top card
    if nt:
        if max4 > led_card and max4 > max3:
            return -rank
        if c > led_card and c > max3:
            return 81 - rank
        if min3 > c or min4 > c:
            return -3 + r_rank
        if c < led_card:
            return -11 + r_rank
        return 10 + r_rank if sequence else 13 - rank
    t3 = h_third & tm
    t4 = h_fourth & tm
    if trump_led:
        win = (max4 > led_card and max4 > max3) or (c > led_card and c > max3)
    elif c > led_card and c > max3:
        win = max3 != ZERO or t3 == ZERO or (max4 == ZERO and t4 != ZERO and t4 > t3)
    elif max4 > led_card and max4 > max3:
        win = max3 != ZERO or t3 == ZERO
    elif led_card > max4 and led_card > max3 and led_card > c:
        win = max4 == ZERO and t4 != ZERO and (max3 != ZERO or t3 == ZERO or t4 > t3)
    else:
        win = max4 == ZERO and t4 != ZERO
    if win:
        if min3 > c:
            return 40 + r_rank
        if c > led_card:
            if c < max4:
                return 78 - rank
            if c > max3:
                return 73 - rank
            return 62 - rank if sequence else 49 - rank
        return 47 - rank if max4 != ZERO else 40 - rank
    if c < min3 or c < min4:
        return -9 + r_rank
    if c < led_card:
        return -16 + r_rank
    return 22 - rank if sequence else 10 - rank


@njit(cache=True, inline="always")
def _outlook(rules, cfg, hands, seat, pos, led, best, side):
    """Following (not last): what the seats after ``seat`` can do to the trick.  Returns
    (threats, force2, best_sure, partner_wins): the best card each later opponent can
    play (top of the led suit, or top trump if void), each such opponent's second card
    of the led suit, whether no threat beats the best card so far, and whether a later
    partner surely takes the trick whatever we play."""
    trump = rules[R_TRUMP]
    lsm = rules[R_SUIT + led]
    threats = ZERO
    force2 = ZERO
    best_sure = True
    partner_wins = False
    ptops = ZERO
    s2 = cfg[C_NEXT + seat] & 7
    for _ in range(cfg[C_NACT] - 1 - pos):
        h = hands[s2]
        t = high_bit(h & lsm)
        if t == ZERO and not (lsm & trump):
            t = high_bit(h & trump)
        if (side >> s2) & 1:
            ptops |= t
        else:
            threats |= t
            if t & lsm:
                force2 |= high_bit(h & lsm & ~t)
        s2 = cfg[C_NEXT + s2] & 7
    rest_t = threats
    while rest_t:
        t = high_bit(rest_t)
        rest_t ^= t
        if beats(rules, t, best, led):
            best_sure = False
    rest_p = ptops
    while rest_p:
        pc = high_bit(rest_p)
        rest_p ^= pc
        if beats(rules, pc, best, led):
            ok = True
            rest_t = threats
            while rest_t:
                t = high_bit(rest_t)
                rest_t ^= t
                if not beats(rules, pc, t, led):
                    ok = False
            if ok:
                partner_wins = True
    return threats, force2, best_sure, partner_wins


@njit(cache=True, inline="always")
def _gen_moves(rules, cfg, hands, seat, pos, legal, led, best, winner, unpl, averse, opts, hint,
               killer_code, mv, ply, points):
    """Write the distinct moves of ``legal`` (one per run of equivalent cards) and their
    ordering weights into row ``ply`` of ``mv`` (codes, then weights at MAX_MOVES); returns
    the count."""
    trump = rules[R_TRUMP]
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    side = _side_of(cfg, seat)
    hand = hands[seat]
    order = (opts & O_ORDER) != 0
    equiv = (opts & O_EQUIV) != 0
    friend_winning = pos > 0 and ((side >> winner) & 1) == 1
    last = pos == cfg[C_NACT] - 1
    # following, seats still to play after this one: the best card each opponent can
    # play to the trick (top of the led suit, or top trump if void) and whether a
    # partner surely takes the trick whatever we play
    threats = ZERO
    force2 = ZERO
    best_sure = True
    partner_wins = False
    if order and pos > 0 and not last and not averse:
        threats, force2, best_sure, partner_wins = _outlook(rules, cfg, hands, seat, pos, led, best, side)
    # no-trump leads at a four-hand partnership table: DDS's weights
    nt4 = False
    tr4 = False
    lho = cfg[C_NEXT + seat] & 7
    pard = cfg[C_NEXT + lho] & 7
    rho = cfg[C_NEXT + pard] & 7
    tsuit = np.int64(rules[R_TRUMP_SUIT])
    if order and pos == 0 and not averse and cfg[C_NACT] == 4 and side == ((1 << seat) | (1 << pard)) \
            and (unpl & rules[R_FREE]) == ZERO:
        if (unpl & trump) == ZERO:
            nt4 = True   # no trumps (left)
        elif tsuit < 4 and (trump & ~rules[R_SUIT + tsuit]) == ZERO:
            tr4 = True
    # second hand following suit at a four-hand partnership table: DDS's weights
    dds2 = False
    nt2 = False
    if order and pos == 1 and not averse and cfg[C_NACT] == 4 and side == ((1 << seat) | (1 << pard)) \
            and (unpl & rules[R_FREE]) == ZERO and ((best & rules[R_SUIT + led]) != ZERO):
        if (unpl & trump) == ZERO:
            dds2 = True
            nt2 = True
        elif tsuit < 4 and (trump & ~rules[R_SUIT + tsuit]) == ZERO:
            dds2 = True
    nt_discard = order and pos > 0 and not averse and cfg[C_NACT] == 4 \
        and side == ((1 << seat) | (1 << pard)) and (unpl & rules[R_FREE]) == ZERO
    opp_all = ZERO   # for our own lead rules only
    if order and pos == 0 and not averse and not (nt4 or tr4):
        for o in range(MAX_SEATS):
            if o >= nseats:
                break
            if ((active >> o) & 1) and not ((side >> o) & 1):
                opp_all |= hands[o]
    nm = 0
    for s in range(4):
        sm = rules[R_SUIT + s]
        cards = legal & sm
        if cards == ZERO:
            continue
        us = unpl & sm
        top = high_bit(us)
        is_trump = (sm & trump) != ZERO
        mylen = popcount(hand & sm)
        base = np.int64(0)
        top_owner = 2
        suit_info = (0, 0, False, False, 0, False, False)
        if nt4 or tr4:
            suit_info = _lead_suit(hands, seat, lho, pard, rho, us, trump, is_trump, nt4, popcount(hand))
        elif order and pos == 0 and not averse:
            for o in range(MAX_SEATS):
                if o >= nseats:
                    break
                if (active >> o) & 1:
                    if (side >> o) & 1:
                        if hands[o] & top:
                            top_owner = 0 if o == seat else 1
                    else:
                        n = popcount(hands[o] & sm)
                        if n == 0:
                            if (hands[o] & trump) and not is_trump:
                                base -= VOID_RUFF_PEN
                            else:
                                base -= OPP_VOID_PEN
                        else:
                            base -= OPP_LEN_WEIGHT * n
            if TRUMP_IDLE_PEN and is_trump and (opp_all & sm) == ZERO:
                base -= TRUMP_IDLE_PEN   # the other side has no trumps left
            if PARTNER_RUFF_BONUS and not is_trump and base > -VOID_RUFF_PEN // 2:
                # a partner void in the suit with trumps can ruff (no opponent can)
                for o in range(MAX_SEATS):
                    if o >= nseats:
                        break
                    if o != seat and ((active >> o) & 1) and ((side >> o) & 1) \
                            and (hands[o] & sm) == ZERO and (hands[o] & trump) != ZERO:
                        base += PARTNER_RUFF_BONUS
                        break
            # the top two cards: the next seat's top over a partner's second card is
            # worth leading through; a top or second card with the seat before us
            # (over our lead) is not
            second = high_bit(us & ~top)
            lho = cfg[C_NEXT + seat] & 7
            if not ((side >> lho) & 1) and (hands[lho] & top):
                for o in range(MAX_SEATS):
                    if o >= nseats:
                        break
                    if o != seat and ((side >> o) & 1) and ((active >> o) & 1) and (hands[o] & second) \
                            and popcount(hands[o] & sm) != 1:
                        base += FINESSE_BONUS
            for o in range(MAX_SEATS):
                if o >= nseats:
                    break
                if ((active >> o) & 1) and cfg[C_NEXT + o] == seat and o != lho and not ((side >> o) & 1):
                    if (hands[o] & (top | second)) and popcount(hands[o] & sm) != 1:
                        base -= RHO_HIGH_PEN
        rest = cards
        while rest:
            c = high_bit(rest)
            rest ^= c
            if equiv and c != top:
                nxt = low_bit(us & above(c))
                if _equiv_up(rules, c, nxt, hand, unpl, points):
                    continue
            code = np.int64(high_index(c))
            rank = code & 15
            if not order:
                wgt = rank
            elif averse:
                if pos == 0:
                    wgt = -rank
                elif beats(rules, c, best, led):
                    wgt = -100 - rank
                else:
                    wgt = 50 + rank
            elif nt4 or tr4:
                seq = (high_bit(us & (c - ONE)) & hand) != ZERO
                wgt = _lead_card(c, us, nt4, suit_info, code == killer_code, code == hint, seq)
            elif pos == 0:
                if c == top:
                    wgt = base + 60
                elif top_owner == 1:
                    wgt = base + LEAD_TO_PARTNER - rank
                elif top_owner == 0:
                    wgt = base + 5 - rank
                else:
                    wgt = base + LEAD_LOSER - rank
            elif dds2 and s == led:
                seq = (high_bit(us & (c - ONE)) & hand) != ZERO
                wgt = _second_hand_weight(hands[lho], hands[pard], c, best, us, sm, trump, is_trump, nt2, seq)
            elif s == led:
                if friend_winning:
                    if best_sure or partner_wins or last:
                        wgt = -rank
                    elif beats(rules, c, best, led) and _sure(rules, c, threats, led):
                        wgt = 60 - rank
                    else:
                        wgt = -rank
                elif partner_wins:
                    wgt = -rank
                elif beats(rules, c, best, led):
                    if last or _sure(rules, c, threats, led):
                        wgt = 80 - rank
                    else:
                        wgt = MID_WIN - rank
                        if force2 != ZERO and beats(rules, c, high_bit(force2), led):
                            wgt += FORCE_BONUS   # forces out the later opponent's top card
                else:
                    wgt = -rank
            elif is_trump:
                if friend_winning and (best_sure or partner_wins or last):
                    wgt = -60 - rank
                elif partner_wins:
                    wgt = -60 - rank
                elif beats(rules, c, best, led):
                    if last or _sure(rules, c, threats, led):
                        wgt = 60 - rank
                    else:
                        wgt = 40 - rank
                else:
                    wgt = -40 - rank
            else:
                if nt_discard:
                    # DDS's no-trump discards (Moves::WeightAllocNTVoid1/2/3): from long
                    # suits, keeping a guarded second card and a bare top card
                    k_len = 27 if pos == 3 else (24 if pos == 2 else (23 if partner_wins else 33))
                    wgt = -rank + ((mylen << 6) // k_len)
                    if mylen == 2 and (hand & high_bit(us & ~top)):
                        wgt -= 6 if pos == 3 else (4 if pos == 2 else (2 if partner_wins else 6))
                    elif mylen == 1 and c == top:
                        wgt -= 8 if pos == 3 else (4 if pos == 2 else (3 if partner_wins else 8))
                else:
                    wgt = -rank + 2 * mylen - (30 if c == top else 0)
            if order and not nt4 and not tr4:
                if code == hint:
                    wgt += HINT_BONUS
                if code == killer_code:
                    wgt += KILLER_BONUS
            mv[ply * M_SIZE + np.uint64(nm)] = code
            mv[ply * M_SIZE + np.uint64(MAX_MOVES + nm)] = wgt
            nm += 1
    return nm


PTS_W = 8        # points ordering, following: weight of a card's points against its rank
LEAD_PTS_W = 1   # leads: weight of its points, added to DDS's weight if the lead wins, else taken off


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _gen_points(rules, cfg, hands, seat, pos, legal, led, best, winner, unpl, hint, killer_code, mv, ply):
    """_gen_moves for EXACT_KINDS games scored in points (Pinochle): the distinct moves
    of ``legal`` with weights for a card-points objective.  Following: onto a trick the
    side surely takes, the most points (and the lowest rank, trumps last); a card that
    takes the trick for sure, with its points; otherwise the fewest points, lowest first
    (the tricks objective's weights play the lowest card in each case, which for points
    cost several times the nodes).  Leading at a four-hand partnership table: DDS's
    weights (as _gen_moves), plus the card's points if the lead wins the trick and less
    them if not; elsewhere a card no opponent can beat or ruff, with its points, then a
    low card to a partner's such card, else the fewest points."""
    trump = rules[R_TRUMP]
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    side = _side_of(cfg, seat)
    hand = hands[seat]
    nact = cfg[C_NACT]
    last = pos == nact - 1
    opp = ZERO
    for o in range(MAX_SEATS):
        if o >= nseats:
            break
        if ((active >> o) & 1) and not ((side >> o) & 1):
            opp |= hands[o]
    friend_winning = pos > 0 and ((side >> winner) & 1) == 1
    threats = ZERO
    best_sure = True
    partner_wins = False
    if pos > 0 and not last:
        threats, _, best_sure, partner_wins = _outlook(rules, cfg, hands, seat, pos, led, best, side)
    ours = pos > 0 and (partner_wins or (friend_winning and (best_sure or last)))
    opp_trumps = (opp & trump) != ZERO
    lho = cfg[C_NEXT + seat] & 7
    pard = cfg[C_NEXT + lho] & 7
    rho = cfg[C_NEXT + pard] & 7
    dds = pos == 0 and nact == 4 and side == ((1 << seat) | (1 << pard))
    nm = 0
    for s in range(4):
        sm = rules[R_SUIT + s]
        cards = legal & sm
        if cards == ZERO:
            continue
        us = unpl & sm
        is_trump = (sm & trump) != ZERO
        ruffable = False
        partner_master = False
        suit_info = (0, 0, False, False, 0, False, False)
        if dds:
            suit_info = _lead_suit(hands, seat, lho, pard, rho, us, trump, is_trump, False, popcount(hand))
        elif pos == 0:
            if not is_trump and opp_trumps:
                for o in range(MAX_SEATS):
                    if o >= nseats:
                        break
                    if ((active >> o) & 1) and not ((side >> o) & 1) and not (hands[o] & sm) and (hands[o] & trump):
                        ruffable = True
            ot = high_bit(opp & sm)
            for o in range(MAX_SEATS):
                if o >= nseats:
                    break
                if o != seat and ((active >> o) & 1) and ((side >> o) & 1):
                    pt = high_bit(hands[o] & sm)
                    if pt != ZERO and (ot == ZERO or (stronger(rules, ot) & pt)):
                        partner_master = True
        rest = cards
        while rest:
            c = high_bit(rest)
            rest ^= c
            nxt = low_bit(us & above(c))
            if _equiv_up(rules, c, nxt, hand, unpl, True):
                continue
            code = np.int64(high_index(c))
            rank = (code & 15) >> 1
            p = _points(rules, c)
            if dds:
                seq = (high_bit(us & (c - ONE)) & hand) != ZERO
                wgt = _lead_card(c, us, False, suit_info, code == killer_code, code == hint, seq)
                wins = suit_info[2] if c == high_bit(us) else suit_info[3]
                wgt += LEAD_PTS_W * p if wins else -LEAD_PTS_W * p
            elif pos == 0:
                ot = high_bit(opp & sm)
                master = ot == ZERO or (stronger(rules, ot) & c) != ZERO
                if master and not ruffable:
                    wgt = 100 + PTS_W * p + (20 if is_trump else 0)
                elif partner_master and not ruffable:
                    wgt = 60 + PTS_W * p - rank
                else:
                    wgt = -PTS_W * p - rank - (20 if is_trump else 0)
            elif ours:
                wgt = 100 + PTS_W * p - rank - (40 if is_trump else 0)
            elif beats(rules, c, best, led) and (last or _sure(rules, c, threats, led)):
                wgt = 80 + PTS_W * p - rank
            elif beats(rules, c, best, led):
                wgt = 20 - PTS_W * p - rank
            else:
                wgt = -PTS_W * p - rank - (40 if is_trump else 0)
            if not dds:
                if code == hint:
                    wgt += HINT_BONUS
                if code == killer_code:
                    wgt += KILLER_BONUS
            mv[ply * M_SIZE + np.uint64(nm)] = code
            mv[ply * M_SIZE + np.uint64(MAX_MOVES + nm)] = wgt
            nm += 1
    return nm


@njit(cache=True, inline="always")
def _play(rules, cfg, hands, voids, seat, pos, c, name, led, best, winner, trick, suits_led, left):
    """Play card ``c`` (``name``: the suit a free-card lead names) from ``seat``'s hand.

    Modifies ``hands`` and ``voids`` (undo: restore hands[seat] and voids[seat]).
    Returns (led, best, winner, suits_led, trick, done, value, W): ``done`` when the card
    completes the trick, then ``value`` is what the counted side earns from it and ``W``
    the winning card if it won by rank."""
    free = rules[R_FREE]
    hand = hands[seat]
    hands[seat] = hand ^ c
    if pos == 0:
        nled = name if (c & free) else suit_of(rules, c)
        nbest = c
        nwin = seat
        nsuits = suits_led | (1 << nled)
    else:
        nled = led
        nsuits = suits_led
        if beats(rules, c, best, led):
            nbest = c
            nwin = seat
        else:
            nbest = best
            nwin = winner
        if not (hand & rules[R_SUIT + led]):
            voids[seat] = voids[seat] | (1 << led)
    ntrick = trick | c
    done = pos == cfg[C_NACT] - 1
    tv = np.int64(0)
    wr = ZERO
    if done:
        count = cfg[C_COUNT]
        if (count >> nwin) & 1:
            if rules[R_FLAGS] & F_POINTS:
                tv = _points(rules, ntrick)
                if left == 1:
                    tv += np.int64(rules[R_LAST_BONUS])
            else:
                tv = np.int64(1)
        ws_ = suit_of(rules, nbest)
        if ws_ >= 0 and (ntrick & rules[R_SUIT + ws_] & ~nbest) != ZERO:
            wr = nbest
    return nled, nbest, nwin, nsuits, ntrick, done, tv, wr


# ----------------------------------------------------------------------------- search
# Frame of one ply (the search is an explicit-stack loop: numba cannot cache recursion).
# Each ply's frame is a fixed-size row of a flat array, indexed with unsigned numbers: the
# compiler then knows the row size and needs no negative-index wraparound (with 2-D arrays
# every access multiplied by a row length spilled to the stack).
F_SEAT, F_POS, F_LEADER, F_LED, F_WINNER, F_SUITS, F_LEFT, F_TARGET = (np.uint64(i) for i in range(8))
F_I, F_NM, F_BESTV, F_BESTM, F_OLDVOID, F_TV, F_CUT, F_HINT = (np.uint64(i) for i in range(8, 16))
F_SIZE = np.uint64(16)
U_BEST, U_TRICK, U_WALL, U_WCUT, U_K0, U_K1, U_UNPL, U_WR, U_CARD, U_SEARCHED, U_SIG, U_TP, U_LEAD, U_K2 = (
    np.uint64(i) for i in range(14))
U_SIZE = np.uint64(16)
M_SIZE = np.uint64(2 * MAX_MOVES)   # a ply's move codes, then their weights
REL_SIZE = np.uint64(4)             # a ply's relative-rank hands
_ENTER, _NEXT, _RETURN = 0, 1, 2
VOID_RUFF_PEN = 80   # leads: a suit an opponent can ruff
MID_WIN = 40         # second/third hand: a card that beats the trick so far (not the top)
LEAD_LOSER = 40      # leads in a suit the other side heads
LEAD_TO_PARTNER = 45  # leads under partner's top card
HINT_BONUS = 30     # the best move stored in a matching table entry
FORCE_BONUS = 20     # following: a card above a later opponent's second card
KILLER_BONUS = 0   # the move that last cut off at this ply (DDS weighs it heavily too)
FINESSE_BONUS = 20   # leads: the next seat holds the top card, a partner the second
RHO_HIGH_PEN = 6    # leads: the seat playing last holds the top or second card
PARTNER_RUFF_BONUS = 15  # leads: a suit a partner can ruff (no opponent can)
TRUMP_IDLE_PEN = 40  # leads: trumps, when the other side has none left
OPP_VOID_PEN = 40  # leads: a suit an opponent is void in (no trumps): he discards, many replies
OPP_LEN_WEIGHT = 0   # leads: fewer opposing cards in the suit, fewer replies to search


@njit(cache=True, inline="always")
def _rel_row(rel, rb):
    """The four relative-rank hands stored at row ``rb`` of ``rel``."""
    return rel[rb], rel[rb + ONE], rel[rb + np.uint64(2)], rel[rb + np.uint64(3)]


@njit(cache=True, inline="always")
def _frame_rows(ply):
    """Where ply ``ply``'s rows start in the flat frame, move and relative-hand arrays."""
    return ply * F_SIZE, ply * U_SIZE, ply * M_SIZE, ply * REL_SIZE


# _nrt=False (here and in the table and quick-trick helpers): no reference counting of
# the array arguments.  These functions never allocate; with it numba increfs and
# decrefs the arrays of every inlined helper at every node (atomic operations, about a
# tenth of the search's time).
@njit(cache=True, _nrt=False, nogil=True)
def _search(rules, cfg, hands, voids, tt, mv, rel, killer, stats, pext8, fi, fu,
            seat, pos, leader, led, best, winner, trick, suits_led, left, target):
    """Fail-soft zero-window search.  Returns (v, W): if v >= target the value is >= v,
    else <= v; W is the mask of cards whose rank the result depends on."""
    nseats = cfg[C_NSEATS]
    opts = cfg[C_OPTS]
    count = cfg[C_COUNT]
    maxside = cfg[C_MAX]
    points = (rules[R_FLAGS] & F_POINTS) != ZERO
    free = rules[R_FREE]
    averse = count != maxside
    exact = cfg[C_EXACT]
    small_filter = (opts & O_SMALL) != 0 and not exact
    pts_order = exact == EXACT_KINDS and points and (opts & O_ORDER) != 0 and not averse
    flat = tt.reshape(tt.size)   # the table as one row: probes and stores index it flat
    ply = np.uint64(0)
    fb, ub, mb, rb = _frame_rows(ply)
    fi[F_SEAT] = seat
    fi[F_POS] = pos
    fi[F_LEADER] = leader
    fi[F_LED] = led
    fi[F_WINNER] = winner
    fi[F_SUITS] = suits_led
    fi[F_LEFT] = left
    fi[F_TARGET] = target
    fu[U_BEST] = best
    fu[U_TRICK] = trick
    fu[U_LEAD] = rules[R_LEAD] if rules[R_LEAD] else best   # the card led (F_HEAD_LED)
    fu[U_UNPL] = _union(hands, nseats)   # then kept up to date move by move
    state = _ENTER
    rv = np.int64(0)
    rw = ZERO
    while True:
        if state == _ENTER:
            stats[S_NODES] += 1
            # seats and positions are 0..4: the mask tells the compiler so, and the arrays
            # they index need no negative-index wraparound
            seat = fi[fb + F_SEAT] & 7
            pos = fi[fb + F_POS] & 7
            stats[S_POS_NODES + pos] += 1
            left = fi[fb + F_LEFT]
            target = fi[fb + F_TARGET]
            suits_led = fi[fb + F_SUITS]
            is_max = (maxside >> seat) & 1
            hint = np.int64(-1)
            unpl_hands = fu[ub + U_UNPL]
            if pos == 0:
                if left == 0:
                    rv = np.int64(0)
                    rw = ZERO
                    state = _RETURN
                    continue
                if points:
                    top = _points(rules, unpl_hands) + np.int64(rules[R_LAST_BONUS])
                else:
                    top = left
                if target <= 0:
                    rv = np.int64(0)
                    rw = ZERO
                    state = _RETURN
                    continue
                if target > top:
                    rv = top
                    rw = ZERO
                    state = _RETURN
                    continue
                if left == 1:
                    rv, rw = _last_trick(rules, cfg, hands, seat, suits_led)
                    state = _RETURN
                    continue
                # quick tricks first: their bounds are cheaper than a table probe (which
                # mostly waits for memory)
                done = False
                if cfg[C_QUICK] == SURE_TRUMPS and (opts & O_QUICK):
                    lo, hi = _sure_bounds(rules, cfg, hands, seat, left)
                    if lo >= target:
                        stats[S_QT_CUTS] += 1
                        rv = lo
                        rw = ZERO
                        done = True
                    elif hi < target:
                        stats[S_QT_CUTS] += 1
                        rv = hi
                        rw = ZERO
                        done = True
                if cfg[C_QUICK] == 1 and (opts & O_QUICK):
                    need = target if is_max else left - target + 1
                    q, wq, so, ws = _quick(rules, cfg, hands, seat, left, need)
                    if is_max:
                        lo = q
                        hi = left - so
                        wlo = wq
                        whi = ws
                    else:
                        lo = so
                        hi = left - q
                        wlo = ws
                        whi = wq
                    if lo >= target:
                        stats[S_QT_CUTS] += 1
                        rv = lo
                        rw = wlo
                        done = True
                    elif hi < target:
                        stats[S_QT_CUTS] += 1
                        rv = hi
                        rw = whi
                        done = True
                if not done and (opts & O_TT):
                    k0, k1 = _keys(rules, cfg, hands, seat, suits_led, voids)
                    if exact == EXACT_KINDS:
                        k0, k2, kc = _kinds_key(rules, hands, unpl_hands, rel, rb, pext8)
                        k1 |= kc
                    else:
                        for h in range(4):
                            rel[rb + np.uint64(h)] = _rel_hand(rules, hands[h], unpl_hands, pext8) if h < nseats else ZERO
                        k2 = unpl_hands if exact else ZERO
                    fu[ub + U_K0] = k0
                    fu[ub + U_K1] = k1
                    fu[ub + U_K2] = k2
                    sig = ZERO
                    tp = ZERO
                    if not exact:
                        sig, tp = _top_owners(rules, hands, nseats, unpl_hands)
                    fu[ub + U_SIG] = sig
                    fu[ub + U_TP] = tp
                    r0, r1, r2, r3 = _rel_row(rel, rb)
                    hit, v, w, hint = _tt_probe(rules, cfg, tt, flat, k0, k1, k2, sig, tp, r0, r1, r2, r3,
                                                unpl_hands, target)
                    if exact == EXACT_KINDS and hint >= 0:
                        hint = _kind_move(rules, hint, hands[seat], unpl_hands)
                    if hit:
                        stats[S_TT_HITS] += 1
                        rv = v
                        rw = w
                        done = True
                if done:
                    state = _RETURN
                    continue
            elif pos == 1 and cfg[C_QUICK] == 1 and (opts & O_QUICK):
                # second hand: can a side surely win this trick? (DDS's QuickTricksSecondHand)
                won, wsec = _second_hand(rules, cfg, hands, seat, fi[fb + F_LED] & 3, fu[ub + U_BEST],
                                         fi[fb + F_WINNER])
                if won != 0:
                    # won > 0: the side of the seat to play takes this trick; < 0: the other
                    mine = won > 0
                    if mine == (is_max == 1):
                        if target <= 1:
                            stats[S_QT_CUTS] += 1
                            rv = np.int64(1)
                            rw = wsec
                            state = _RETURN
                            continue
                    elif target > left - 1:
                        stats[S_QT_CUTS] += 1
                        rv = left - 1
                        rw = wsec
                        state = _RETURN
                        continue
            led = fi[fb + F_LED] & 3   # a suit 0..3 (a free card's lead names one)
            best = fu[ub + U_BEST]
            winner = fi[fb + F_WINNER] & 7
            trick = fu[ub + U_TRICK]
            unpl = unpl_hands | trick
            hand = hands[seat]
            # ---- move generation
            if pos == 0:
                legal = hand & ~free
                names = free_lead_names(rules, hand, suits_led, voids[seat])
            else:
                legal = legal_follow_lead(rules, hand, led, best, fu[ub + U_LEAD])
                names = 0
                if legal & free:
                    names = 16  # the free card, following
                legal &= ~free
            if rules[R_CALLED]:
                legal = seat_called_duties(rules, hands, nseats, seat, _side_of(cfg, seat), pos == 0, legal,
                                           led, rules[R_CALLED], left == 1)
            if pts_order:
                nm = _gen_points(rules, cfg, hands, seat, pos, legal, led, best, winner, unpl, hint, killer[ply],
                                 mv, ply)
            else:
                nm = _gen_moves(rules, cfg, hands, seat, pos, legal, led, best, winner, unpl, averse,
                                opts, hint, killer[ply], mv, ply, points)
            if names:
                fc = np.int64(low_index(free & hand))
                for nmx in range(5):
                    if (names >> nmx) & 1:
                        code = fc | ((nmx + 1) << 6) if nmx < 4 else fc
                        wgt = np.int64(-100) if averse else np.int64(55)
                        if code == hint:
                            wgt += 30
                        mv[mb + np.uint64(nm)] = code
                        mv[mb + np.uint64(MAX_MOVES + nm)] = wgt
                        nm += 1
            for i in range(1, nm):
                cd = mv[mb + np.uint64(i)]
                wg = mv[mb + np.uint64(MAX_MOVES + i)]
                j = i - 1
                while j >= 0 and mv[mb + np.uint64(MAX_MOVES + j)] < wg:
                    mv[mb + np.uint64(j + 1)] = mv[mb + np.uint64(j)]
                    mv[mb + np.uint64(MAX_MOVES + j + 1)] = mv[mb + np.uint64(MAX_MOVES + j)]
                    j -= 1
                mv[mb + np.uint64(j + 1)] = cd
                mv[mb + np.uint64(MAX_MOVES + j + 1)] = wg
            fi[fb + F_I] = 0
            fi[fb + F_NM] = nm
            fi[fb + F_BESTV] = np.int64(-1) if is_max else np.int64(1) << 40
            fi[fb + F_BESTM] = -1
            fi[fb + F_CUT] = 0
            fu[ub + U_WALL] = ZERO
            fu[ub + U_SEARCHED] = ZERO
            state = _NEXT
        elif state == _NEXT:
            i = fi[fb + F_I]
            seat = fi[fb + F_SEAT] & 7
            if i >= fi[fb + F_NM] or fi[fb + F_CUT]:
                # ---- node done
                pos = fi[fb + F_POS] & 7
                bestv = fi[fb + F_BESTV]
                bestm = fi[fb + F_BESTM]
                if fi[fb + F_CUT]:
                    stats[S_CUTS] += 1
                    stats[S_POS_CUTS + pos] += 1
                    if i == 1:
                        stats[S_FIRST_CUTS] += 1
                        stats[S_POS_FIRST + pos] += 1
                    killer[ply] = bestm
                    wres = fu[ub + U_WCUT]
                else:
                    wres = fu[ub + U_WALL]
                if ply == 0:
                    cfg[C_BEST] = bestm
                if pos == 0 and (opts & O_TT):
                    stats[S_STORES] += 1
                    unpl_hands = fu[ub + U_UNPL]
                    k2 = fu[ub + U_K2]
                    r0, r1, r2, r3 = _rel_row(rel, rb)
                    if exact == EXACT_KINDS:
                        bestm = _kind_code(bestm, unpl_hands)
                    _tt_store(rules, cfg, tt, flat, fu[ub + U_K0], fu[ub + U_K1], k2, fu[ub + U_SIG], fu[ub + U_TP],
                              r0, r1, r2, r3, unpl_hands, wres, bestv, fi[fb + F_TARGET], bestm, fi[fb + F_LEFT])
                rv = bestv
                rw = wres
                state = _RETURN
                continue
            # ---- make move i
            pos = fi[fb + F_POS] & 7
            leader = fi[fb + F_LEADER] & 7
            led = fi[fb + F_LED] & 3   # a suit 0..3 (a free card's lead names one)
            best = fu[ub + U_BEST]
            winner = fi[fb + F_WINNER] & 7
            trick = fu[ub + U_TRICK]
            suits_led = fi[fb + F_SUITS]
            left = fi[fb + F_LEFT]
            code = mv[mb + np.uint64(i)]
            c = ONE << np.uint64(code & 63)
            if small_filter and not (c & free):
                # a card below every card that won by rank so far in its suit acts like
                # any other such card of this hand already searched (DDS's NextMove)
                sm = rules[R_SUIT + (suit_of(rules, c) & 3)]   # not the free card: a suit 0..3
                thr = low_bit(fu[ub + U_WALL] & (fu[ub + U_UNPL] | trick) & sm)
                below_thr = sm if thr == ZERO else (thr - ONE)
                if (c & below_thr) and (fu[ub + U_SEARCHED] & below_thr & sm):
                    fi[fb + F_I] = i + 1
                    continue
            fu[ub + U_SEARCHED] |= c
            name = (code >> 6) - 1
            fu[ub + U_CARD] = c
            fi[fb + F_OLDVOID] = voids[seat]
            nled, nbest, nwin, nsuits, ntrick, done, tv, wr = _play(
                rules, cfg, hands, voids, seat, pos, c, name, led, best, winner, trick, suits_led, left)
            cp = ply + np.uint64(1)
            cfb = cp * F_SIZE
            cub = cp * U_SIZE
            if done:
                fi[fb + F_TV] = tv
                fu[ub + U_WR] = wr
                fi[cfb + F_SEAT] = nwin
                fi[cfb + F_POS] = 0
                fi[cfb + F_LEADER] = nwin
                fi[cfb + F_LED] = 0
                fi[cfb + F_WINNER] = nwin
                fi[cfb + F_LEFT] = left - 1
                fi[cfb + F_TARGET] = fi[fb + F_TARGET] - tv
                fu[cub + U_BEST] = ZERO
                fu[cub + U_TRICK] = ZERO
            else:
                fi[fb + F_TV] = 0
                fu[ub + U_WR] = ZERO
                fi[cfb + F_SEAT] = cfg[C_NEXT + seat]
                fi[cfb + F_POS] = pos + 1
                fi[cfb + F_LEADER] = leader
                fi[cfb + F_LED] = nled
                fi[cfb + F_WINNER] = nwin
                fi[cfb + F_LEFT] = left
                fi[cfb + F_TARGET] = fi[fb + F_TARGET]
                fu[cub + U_BEST] = nbest
                fu[cub + U_TRICK] = ntrick
                fu[cub + U_LEAD] = c if pos == 0 else fu[ub + U_LEAD]
            fi[cfb + F_SUITS] = nsuits
            fu[cub + U_UNPL] = fu[ub + U_UNPL] ^ c
            ply = cp
            fb, ub, mb, rb = _frame_rows(ply)
            state = _ENTER
        else:
            # ---- _RETURN: back up (rv, rw) into the parent
            if ply == 0:
                return rv, rw
            ply -= np.uint64(1)
            fb, ub, mb, rb = _frame_rows(ply)
            seat = fi[fb + F_SEAT] & 7
            c = fu[ub + U_CARD]
            hand = hands[seat] | c
            hands[seat] = hand
            voids[seat] = fi[fb + F_OLDVOID]
            v = rv + fi[fb + F_TV]
            w = rw | fu[ub + U_WR]
            if (opts & O_EQUIV) and (w & c):
                w |= _eq_below(rules, c, hand, fu[ub + U_UNPL] | fu[ub + U_TRICK], points)
            i = fi[fb + F_I]
            code = mv[mb + np.uint64(i)]
            target = fi[fb + F_TARGET]
            if (maxside >> seat) & 1:
                if v > fi[fb + F_BESTV]:
                    fi[fb + F_BESTV] = v
                    fi[fb + F_BESTM] = code
                if v >= target:
                    fu[ub + U_WCUT] = w
                    fi[fb + F_CUT] = 1
            else:
                if v < fi[fb + F_BESTV]:
                    fi[fb + F_BESTV] = v
                    fi[fb + F_BESTM] = code
                if v < target:
                    fu[ub + U_WCUT] = w
                    fi[fb + F_CUT] = 1
            if not fi[fb + F_CUT]:
                fu[ub + U_WALL] |= w
            fi[fb + F_I] = i + 1
            state = _NEXT


@njit(cache=True, inline="always")
def _last_trick(rules, cfg, hands, leader, suits_led):
    """Every active seat has one card: play it out.  Returns (value, W)."""
    seat = leader
    c = hands[seat]
    free = rules[R_FREE]
    if c & free:
        led = 0
    else:
        led = suit_of(rules, c)
    best = c
    winner = seat
    trick = c
    for _ in range(cfg[C_NACT] - 1):
        seat = cfg[C_NEXT + seat] & 7
        c = hands[seat]
        trick |= c
        if beats(rules, c, best, led):
            best = c
            winner = seat
    count = cfg[C_COUNT]
    if rules[R_FLAGS] & F_POINTS:
        v = _points(rules, trick) + np.int64(rules[R_LAST_BONUS]) if (count >> winner) & 1 else np.int64(0)
    else:
        v = np.int64((count >> winner) & 1)
    w = ZERO
    s = suit_of(rules, best)
    if s >= 0 and (trick & rules[R_SUIT + s] & ~best) != ZERO:
        w = best
    return v, w


# ----------------------------------------------------------------------------- drivers
@njit(cache=True, nogil=True)
def _scratch():
    """Per-ply work arrays of a search."""
    mv = np.empty(MAX_PLY * M_SIZE, np.int64)
    rel = np.zeros(MAX_PLY * REL_SIZE, np.uint64)
    killer = np.full(MAX_PLY, -1, np.int64)
    fi = np.zeros(MAX_PLY * F_SIZE, np.int64)
    fu = np.zeros(MAX_PLY * U_SIZE, np.uint64)
    return mv, rel, killer, fi, fu


@njit(cache=True, nogil=True)
def _mtd(rules, cfg, hands, voids, tt, stats, pext8, mv, rel, killer, fi, fu,
         seat, pos, leader, led, best, winner, trick, suits_led, left, lo, hi, guess):
    """Exact value in [lo, hi] by repeated zero-window searches (MTD(f) with bounds)."""
    g = guess
    while lo < hi:
        t = g
        if t <= lo:
            t = lo + 1
        if t > hi:
            t = hi
        stats[S_SEARCHES] += 1
        v, _ = _search(rules, cfg, hands, voids, tt, mv, rel, killer, stats, pext8, fi, fu,
                       seat, pos, leader, led, best, winner, trick, suits_led, left, t)
        if v >= t:
            lo = v
        else:
            hi = v
        g = v
    return lo


@njit(cache=True, nogil=True)
def _value_bounds(rules, cfg, hands, trick, left):
    """Trivial bounds of the value: [0, remaining tricks or points]."""
    if rules[R_FLAGS] & F_POINTS:
        return np.int64(0), _points(rules, _union(hands, cfg[C_NSEATS]) | trick) + np.int64(rules[R_LAST_BONUS])
    return np.int64(0), np.int64(left)


@njit(_SOLVE_SIG, cache=True, nogil=True)
def _solve_kernel(rules, cfg, hands, voids, tt, stats, pext8,
                  seat, pos, leader, led, best, winner, trick, suits_led, left, target, guess):
    """Value of a position (``target`` < 0), or whether it reaches ``target`` (0/1).
    ``guess`` (< 0: the middle) is where the zero-window searches start."""
    mv, rel, killer, fi, fu = _scratch()
    lo, hi = _value_bounds(rules, cfg, hands, trick, left)
    if target >= 0:
        v, _ = _search(rules, cfg, hands, voids, tt, mv, rel, killer, stats, pext8, fi, fu,
                       seat, pos, leader, led, best, winner, trick, suits_led, left, target)
        return np.int64(1) if v >= target else np.int64(0)
    if guess < 0:
        guess = (lo + hi + 1) // 2
    return _mtd(rules, cfg, hands, voids, tt, stats, pext8, mv, rel, killer, fi, fu,
                seat, pos, leader, led, best, winner, trick, suits_led, left, lo, hi, guess)


@njit(cache=True, nogil=True)  # called from Python only (Solver.moves), always with one signature
def _root_moves(rules, cfg, hands, voids, tt, stats, pext8,
                seat, pos, leader, led, best, winner, trick, suits_led, left, out):
    """Exact value of every distinct move at a position (one per run of equivalent
    cards; a free-card lead once per suit it may name).  ``out`` rows receive
    (move code, value); returns the number of moves."""
    mv, rel, killer, fi, fu = _scratch()
    free = rules[R_FREE]
    hand = hands[seat]
    nseats = cfg[C_NSEATS]
    unpl = _union(hands, nseats) | trick
    if pos == 0:
        legal = hand & ~free
        names = free_lead_names(rules, hand, suits_led, voids[seat])
    else:
        legal = legal_follow_lead(rules, hand, led, best, rules[R_LEAD] if rules[R_LEAD] else best)
        names = 16 if (legal & free) else 0
        legal &= ~free
    if rules[R_CALLED]:
        legal = seat_called_duties(rules, hands, nseats, seat, _side_of(cfg, seat), pos == 0, legal, led,
                                   rules[R_CALLED], left == 1)
    codes = np.empty(MAX_MOVES, np.int64)
    n = 0
    rest = legal
    while rest:
        c = high_bit(rest)
        rest ^= c
        if _equiv_up(rules, c, _next_higher(rules, c, unpl), hand, unpl, (rules[R_FLAGS] & F_POINTS) != ZERO):
            continue
        codes[n] = low_index(c)
        n += 1
    if names:
        fc = np.int64(low_index(free & hand))
        for nmx in range(5):
            if (names >> nmx) & 1:
                codes[n] = fc | ((nmx + 1) << 6) if nmx < 4 else fc
                n += 1
    for i in range(n):
        code = codes[i]
        c = ONE << np.uint64(code & 63)
        name = (code >> 6) - 1
        oldv = voids[seat]
        nled, nbest, nwin, nsuits, ntrick, done, tv, wr = _play(
            rules, cfg, hands, voids, seat, pos, c, name, led, best, winner, trick, suits_led, left)
        if done:
            lo, hi = _value_bounds(rules, cfg, hands, ZERO, left - 1)
            # np.int64(0), not 0: a literal argument would make numba compile a second
            # copy of the whole search for this call (about 50 s)
            zero = np.int64(0)
            v = tv + _mtd(rules, cfg, hands, voids, tt, stats, pext8, mv, rel, killer, fi, fu,
                          nwin, zero, nwin, zero, ZERO, nwin, ZERO, nsuits, left - 1, lo, hi, (lo + hi + 1) // 2)
        else:
            lo, hi = _value_bounds(rules, cfg, hands, ntrick, left)
            v = _mtd(rules, cfg, hands, voids, tt, stats, pext8, mv, rel, killer, fi, fu,
                     cfg[C_NEXT + seat], pos + 1, leader, nled, nbest, nwin, ntrick, nsuits, left,
                     lo, hi, (lo + hi + 1) // 2)
        hands[seat] = hand
        voids[seat] = oldv
        out[i, 0] = code
        out[i, 1] = v
    return n


# ----------------------------------------------------------------------------- public
@njit(cache=True, nogil=True)
def _make_cfg(cfg, nseats, active, maxside, count, rules, options, gen):
    """Fill a cfg vector (no validation: see ``make_cfg``)."""
    cfg[:] = 0
    cfg[C_NSEATS] = nseats
    cfg[C_ACTIVE] = active
    cfg[C_MAX] = maxside
    cfg[C_COUNT] = count
    cfg[C_OPTS] = options
    cfg[C_GEN] = gen
    nact = 0
    for s in range(nseats):
        if (active >> s) & 1:
            nact += 1
            t = (s + 1) % nseats
            while not (active >> t) & 1:
                t = (t + 1) % nseats
            cfg[C_NEXT + s] = t
    cfg[C_NACT] = nact
    flags = rules[R_FLAGS]
    exact = (flags & (F_POINTS | F_MUST_HEAD | F_MUST_OVERTRUMP)) != ZERO or rules[R_DUP_SHIFT] != ZERO
    cfg[C_EXACT] = EXACT_CARDS if exact else 0
    forced = (flags & (F_MUST_HEAD | F_MUST_TRUMP | F_MUST_OVERTRUMP)) != ZERO
    cfg[C_QUICK] = 1 if ((flags & F_POINTS) == ZERO and not forced and count == maxside
                         and rules[R_DUP_SHIFT] == ZERO) else 0
    if rules[R_DUP_SHIFT] == ONE and _kinds_layout(rules) and nseats <= 4:
        cfg[C_EXACT] = EXACT_KINDS
        cfg[C_QUICK] = SURE_TRUMPS
    # suits must fit a 16-bit lane once ranked among themselves
    for s in range(4):
        if popcount(rules[R_SUIT + s]) > 16:
            cfg[C_QUICK] = -1


@njit(cache=True, nogil=True)
def _kinds_layout(rules):
    """Can positions be keyed by kinds (EXACT_KINDS)?  Each suit lies in its own 16-bit
    lane and every rule treats the two copies of a kind (bits 2k, 2k + 1) alike: suits,
    trumps, the deck and card points; no free card, called or unknown card."""
    if rules[R_FREE] != ZERO or rules[R_CALLED] != ZERO or rules[R_UNKNOWN] != ZERO:
        return False
    for s in range(4):
        if rules[R_SUIT + s] & ~(_LANE << np.uint64(16 * s)):
            return False
    for i in range(R_SIZE):
        if i == R_SUIT or i == R_SUIT + 1 or i == R_SUIT + 2 or i == R_SUIT + 3 or i == R_TRUMP or i == R_DECK \
                or (R_POINTS <= i < R_POINTS + 4):
            m = rules[i]
            if (m ^ (m >> ONE)) & _EVEN:
                return False
    return True


def make_cfg(n_seats: int, max_side: int, count_side: int | None = None, active: int | None = None,
             rules: np.ndarray | None = None, options: int = O_ALL, gen: int = 1) -> np.ndarray:
    """The seat configuration vector of a solve (see C_*), validated."""
    if not 2 <= n_seats <= MAX_SEATS:
        raise ValueError(f"the solver plays 2 to {MAX_SEATS} seats, not {n_seats}")
    full = (1 << n_seats) - 1
    active = full if active is None else int(active)
    if active & ~full or bin(active).count("1") < 2:
        raise ValueError("active seats must be at least two of the table's seats")
    max_side = int(max_side) & active
    count_side = max_side if count_side is None else int(count_side) & active
    if max_side in (0, active):
        raise ValueError("both sides need at least one active seat")
    if rules is None:
        from .tables import new_rules
        rules = new_rules()
    cfg = np.zeros(C_SIZE, np.int64)
    _make_cfg(cfg, n_seats, active, max_side, count_side, np.ascontiguousarray(rules, np.uint64),
              options, gen)
    if cfg[C_QUICK] < 0:
        raise ValueError("a suit has more than 16 cards")
    return cfg


class Solver:
    """A solver with its own transposition table (fixed size, reused across solves).

    ``megabytes`` bounds the table: it holds ``tt_entries(megabytes)`` entries of
    ``TT_WORDS * 8`` bytes and never grows.  Not thread-safe: one Solver per thread.
    """

    def __init__(self, megabytes: float = 16.0, options: int = O_ALL):
        self.tt = new_table(megabytes)
        self.options = options
        self.gen = 0
        self.stats = np.zeros(S_SIZE, np.int64)

    def _next_gen(self) -> int:
        self.gen += 1
        if self.gen > 0xFFFF:
            self.tt[:] = 0
            self.gen = 1
        return self.gen

    def _prepare(self, rules, hands, leader, max_side, n_seats, count_side, active, trick, led,
                 suits_led, voids):
        rules = np.array(rules, np.uint64)   # a copy: R_LEAD is set below; writable (one signature)
        if rules.shape != (R_SIZE,):
            raise ValueError(f"rules must be a rule vector of {R_SIZE} words")
        hands_in = [int(h) for h in hands]
        n_seats = len(hands_in) if n_seats is None else n_seats
        cfg = make_cfg(n_seats, max_side, count_side, active, rules, self.options, self._next_gen())
        h = np.zeros(MAX_SEATS, np.uint64)
        seen = 0
        deck = int(rules[8])
        for s, m in enumerate(hands_in):
            if m & seen:
                raise ValueError("a card is in two hands")
            if m & ~deck:
                raise ValueError("a hand holds a card outside the rule table's deck")
            seen |= m
            h[s] = m
        if not (cfg[C_ACTIVE] >> leader) & 1:
            raise ValueError(f"seat {leader} does not play")
        # the trick so far, played clockwise from the leader
        trick = [int(c) for c in trick]
        seat = leader
        pos = len(trick)
        if pos >= cfg[C_NACT]:
            raise ValueError("a trick in progress has fewer cards than active seats")
        best = 0
        winner = leader
        tmask = 0
        v = np.zeros(MAX_SEATS, np.int64)
        if voids is not None:
            v[:len(voids)] = voids
        for i, c in enumerate(trick):
            if c & seen or c & tmask or bin(c).count("1") != 1:
                raise ValueError("trick cards must be single cards not in any hand")
            if i == 0:
                if c & int(rules[R_FREE]):
                    if led is None:
                        raise ValueError("a free-card lead needs the suit it names")
                    lsuit = int(led)
                else:
                    lsuit = next(s for s in range(4) if int(rules[R_SUIT + s]) & c)
                best, winner = c, seat
                suits_led |= 1 << lsuit
            else:
                if _py_beats(rules, c, best, lsuit):
                    best, winner = c, seat
            tmask |= c
            seat = int(cfg[C_NEXT + seat])
        if pos == 0:
            lsuit = 0
        rules[R_LEAD] = trick[0] if pos else 0   # the card led (F_HEAD_LED)
        counts = {bin(int(h[s])).count("1") + (1 if self._played_in(s, leader, pos, cfg) else 0)
                  for s in range(n_seats) if (cfg[C_ACTIVE] >> s) & 1}
        if len(counts) != 1:
            raise ValueError("every playing hand must hold the same number of cards")
        left = counts.pop()
        return rules, cfg, h, v, seat, pos, leader, lsuit, best, winner, tmask, suits_led, left

    @staticmethod
    def _played_in(s, leader, pos, cfg):
        seat = leader
        for _ in range(pos):
            if seat == s:
                return True
            seat = int(cfg[C_NEXT + seat])
        return False

    def solve(self, rules, hands, leader, max_side, *, n_seats=None, count_side=None,
              active=None, trick=(), led=None, suits_led=0, voids=None, target=None) -> int:
        """Value (tricks or points of the counted side from here on, the current trick
        included) with perfect play; with ``target``, 1 if the value reaches it else 0."""
        a = self._prepare(rules, hands, leader, max_side, n_seats, count_side, active, trick, led,
                          suits_led, voids)
        rules, cfg, h, v, seat, pos, leader, lsuit, best, winner, tmask, suits_led, left = a
        return int(_solve_kernel(rules, cfg, h, v, self.tt, self.stats, PEXT8, seat, pos, leader,
                                 lsuit, np.uint64(best), winner, np.uint64(tmask), suits_led, left,
                                 -1 if target is None else int(target), -1))

    def moves(self, rules, hands, leader, max_side, **kw) -> list[tuple[int, int | None, int]]:
        """Every distinct move of the seat to play with its exact value:
        [(layout bit, named suit or None, value)], best for the seat's side first."""
        a = self._prepare(rules, hands, leader, max_side, kw.get("n_seats"), kw.get("count_side"),
                          kw.get("active"), kw.get("trick", ()), kw.get("led"), kw.get("suits_led", 0),
                          kw.get("voids"))
        rules, cfg, h, v, seat, pos, leader, lsuit, best, winner, tmask, suits_led, left = a
        out = np.zeros((MAX_MOVES, 2), np.int64)
        n = _root_moves(rules, cfg, h, v, self.tt, self.stats, PEXT8, seat, pos, leader, lsuit,
                        np.uint64(best), winner, np.uint64(tmask), suits_led, left, out)
        res = [(int(c) & 63, (int(c) >> 6) - 1 if c >> 6 else None, int(val)) for c, val in out[:n]]
        sign = -1 if (cfg[C_MAX] >> seat) & 1 else 1
        res.sort(key=lambda r: (sign * r[2], -r[0]))
        return res


def _py_beats(rules, card, best, led):
    trump = int(rules[R_TRUMP])
    shift = int(rules[R_DUP_SHIFT])

    def power(c):
        return (c.bit_length() - 1) >> shift

    if card & trump:
        return not (best & trump) or power(card) > power(best)
    if best & trump:
        return False
    if card & int(rules[R_SUIT + led]):
        return power(card) > power(best)
    return False
