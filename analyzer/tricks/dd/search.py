"""The search: the explicit-stack zero-window alpha-beta (``_search``), MTD(f), the one
compiled entry (``_solve_kernel``), root moves and the cfg vector's set-up."""

from __future__ import annotations

import numpy as np
from numba import njit, types

from ...specialize import compiled_once
from ...bits import (
    ONE,
    ZERO,
    high_bit,
    low_bit,
    low_index,
    popcount,
)
from ..engine import (
    beats,
    free_lead_names,
    legal_follow_lead,
    seat_called_duties,
    stronger,
    suit_of,
)
from ..tables import (
    F_HEAD_LED,
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
    R_UNKNOWN,
)
from .core import (
    _EVEN,
    _LANE,
    C_ACTIVE,
    C_BEST,
    C_COUNT,
    C_EXACT,
    C_FIELD,
    C_GEN,
    C_KEYX,
    C_MAX,
    C_NACT,
    C_NEXT,
    C_NSEATS,
    C_OFF,
    C_OPTS,
    C_QUICK,
    C_RBASE,
    C_RMASK,
    C_WIDE,
    EXACT_CARDS,
    EXACT_KINDS,
    M_SIZE,
    MAX_MOVES,
    MAX_PLY,
    O_EQUIV,
    O_ORDER,
    O_QUICK,
    O_SMALL,
    O_TT,
    S_CUTS,
    S_FIRST_CUTS,
    S_NODES,
    S_POS_CUTS,
    S_POS_FIRST,
    S_POS_NODES,
    S_QT_CUTS,
    S_SEARCHES,
    S_STORES,
    S_TT_HITS,
    SURE_TRUMPS,
    _eq_below,
    _equiv_up,
    _next_higher,
    _points,
    _rel_hand,
    _side_of,
    _union,
)
from .order import _gen_moves, _gen_points
from .quick import _quick, _second_hand, _sure_bounds, _sure_w
from .table import (
    _keys,
    _kind_code,
    _kind_move,
    _kinds_key,
    _rel_planes,
    _top_owners,
    _tt_probe,
    _tt_store,
)

# The solver's entry point is compiled for exactly one signature, when first called.
# Every caller (bridge, Five Hundred, Sheepshead, Euchre, Pinochle, Python) shares that one
# compiled solver (about two minutes to build cold); arguments convert to its types.
_U64 = types.Array(types.uint64, 1, "C")
_I64 = types.Array(types.int64, 1, "C")
_ENTRY_ARGS = (_U64, _I64, _U64, _I64, types.Array(types.uint64, 2, "C"), _I64,
               types.Array(types.uint8, 2, "C", readonly=True),
               types.int64, types.int64, types.int64, types.int64, types.uint64, types.int64,
               types.uint64, types.int64, types.int64)
_SOLVE_SIG = types.int64(*_ENTRY_ARGS, types.int64, types.int64)


@njit(cache=True, forceinline=True)
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


# Frame of one ply (the search is an explicit-stack loop: numba cannot cache recursion).
# Each ply's frame is a fixed-size row of a flat array, indexed with unsigned numbers: the
# compiler then knows the row size and needs no negative-index wraparound (with 2-D arrays
# every access multiplied by a row length spilled to the stack).
F_SEAT, F_POS, F_LEADER, F_LED, F_WINNER, F_SUITS, F_LEFT, F_TARGET = (np.uint64(i) for i in range(8))
F_I, F_NM, F_BESTV, F_BESTM, F_OLDVOID, F_TV, F_CUT, F_HINT = (np.uint64(i) for i in range(8, 16))
F_SIZE = np.uint64(16)
U_BEST, U_TRICK, U_WALL, U_WCUT, U_K0, U_K1, U_UNPL, U_WR, U_CARD, U_SEARCHED, U_SIG, U_TP, U_LEAD, U_K2, U_DUTY = (
    np.uint64(i) for i in range(15))
U_SIZE = np.uint64(16)


REL_SIZE = np.uint64(4)             # a ply's relative-rank hands
_ENTER, _NEXT, _RETURN = 0, 1, 2


@njit(cache=True, forceinline=True)
def _rel_row(rel, rb):
    """The four relative-rank hands stored at row ``rb`` of ``rel``."""
    return rel[rb], rel[rb + ONE], rel[rb + np.uint64(2)], rel[rb + np.uint64(3)]


@njit(cache=True, forceinline=True)
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
    kinds = exact == EXACT_KINDS
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
            # seats and positions are 0..5: the mask tells the compiler so, and the arrays
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
                # mostly waits for memory).  Not Pinochle's sure bounds (SURE_TRUMPS): they
                # come after the probe, which answers about half of its trick starts and
                # costs less than those bounds (about 13% less time)
                done = False
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
                    k0, k1, kx = _keys(rules, cfg, hands, seat, suits_led, voids)
                    sig = ZERO
                    tp = ZERO
                    if exact == EXACT_KINDS:
                        k0, k2, kc, sig = _kinds_key(rules, hands, unpl_hands, rel, rb, pext8)
                        k1 |= kc
                    else:
                        if nseats > 5:
                            _rel_planes(rules, cfg, hands, unpl_hands, rel, rb, pext8, kx)
                        else:
                            for h in range(4):
                                rel[rb + np.uint64(h)] = _rel_hand(rules, cfg, hands[h], unpl_hands, pext8) \
                                    if h < nseats else ZERO
                        k2 = unpl_hands if exact else ZERO
                    fu[ub + U_K0] = k0
                    fu[ub + U_K1] = k1
                    fu[ub + U_K2] = k2
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
                if not done and cfg[C_QUICK] == SURE_TRUMPS and (opts & O_QUICK):
                    lo, hi = _sure_bounds(rules, cfg, hands, seat, left)
                    if lo >= target or hi < target:
                        stats[S_QT_CUTS] += 1
                        rv = lo if lo >= target else hi
                        rw = _sure_w(rules, cfg, hands, seat)
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
            if kinds:
                fu[ub + U_DUTY] = _duty_w(rules, hand, led, best, fu[ub + U_LEAD]) if pos > 0 else ZERO
            if rules[R_CALLED]:
                legal = seat_called_duties(rules, hands, nseats, seat, _side_of(cfg, seat), pos == 0, legal,
                                           led, rules[R_CALLED], left == 1)
            if names == 0 and legal != ZERO and (legal & (legal - ONE)) == ZERO:
                # one legal card (a duty, a last card of the suit): nothing to weigh
                mv[mb] = np.int64(low_index(legal))
                mv[mb + np.uint64(MAX_MOVES)] = 0
                nm = 1
            elif pts_order:
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
            if kinds:
                w |= fu[ub + U_DUTY]
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


@njit(cache=True, forceinline=True)
def _duty_w(rules, hand, led, best, lead):
    """The cards whose ranks a follower's duty to head or overtrump read (``legal_core``),
    for the table entries above (kinds keys: the kinds below every card that mattered are
    left out).  The duty compares the hand's cards of a suit with a reference card (the
    best so far, or under F_HEAD_LED the card led): if all of them beat it, the lowest of
    them (with every card above it kept, the reference is either kept or below them all);
    otherwise the reference itself."""
    flags = rules[R_FLAGS]
    if not (flags & (F_MUST_HEAD | F_MUST_OVERTRUMP)):
        return ZERO
    suit = rules[R_SUIT + led]
    trump = rules[R_TRUMP]
    follow = hand & suit
    ref = best
    if follow:
        if not (flags & F_MUST_HEAD):
            return ZERO
        if flags & F_HEAD_LED:
            ref = lead
        elif best & trump & ~suit:
            return ZERO          # a plain lead already trumped: follow with any card of it
        h = follow
    else:
        h = hand & trump
        if not ((flags & F_MUST_TRUMP) and (flags & F_MUST_OVERTRUMP) and h and (best & trump)):
            return ZERO
    if (h & stronger(rules, ref)) == h:
        return low_bit(h)
    return ref


@njit(cache=True, forceinline=True)
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


@compiled_once(_SOLVE_SIG)
@njit(cache=True, nogil=True)
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
    # where each suit goes in relative ranks (see C_OFF): its 16-bit lane, or with a
    # suit of more than 16 cards the suits packed one after the other
    wide = False
    for s in range(4):
        if popcount(rules[R_SUIT + s]) > 16:
            wide = True
    off = np.int64(0)
    for s in range(4):
        sm = rules[R_SUIT + s]
        if wide:
            n = popcount(sm)
            cfg[C_OFF + s] = off
            field = ~ZERO if n >= 64 else ((ONE << np.uint64(n)) - ONE) << np.uint64(off)
            cfg[C_FIELD + s] = np.int64(field)
            cfg[C_RBASE + s] = low_index(sm) if sm else 0
            off += n
        else:
            cfg[C_OFF + s] = 16 * s
            cfg[C_FIELD + s] = np.int64(_LANE << np.uint64(16 * s))
            cfg[C_RBASE + s] = 0
    cfg[C_RMASK] = 63 if wide else 15
    cfg[C_WIDE] = 1 if wide else 0
    cfg[C_KEYX] = -1 if nseats > 5 else 0


@njit(cache=True, nogil=True)
def _kinds_layout(rules):
    """Can positions be keyed by kinds (EXACT_KINDS)?  Each suit lies in its own 16-bit
    lane and every rule treats the two copies of a kind (bits 2k, 2k + 1) alike: suits,
    trumps, the deck and card points; no free card, called or unknown card; at most 24
    kinds (a hand's kinds row and its suit lengths fill one word: ``table._kinds_key``)."""
    if rules[R_FREE] != ZERO or rules[R_CALLED] != ZERO or rules[R_UNKNOWN] != ZERO:
        return False
    if popcount(rules[R_SUIT] | rules[R_SUIT + 1] | rules[R_SUIT + 2] | rules[R_SUIT + 3]) > 48:
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
