"""Bounds tried before the table at trick starts: quick and sure tricks (tricks
objective), sure trumps and cashing (EXACT_KINDS games), and the second hand's."""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import (
    ONE,
    ZERO,
    above,
    high_bit,
    high_index,
    low_bit,
    popcount,
)
from ..engine import (
    stronger,
)
from ..tables import (
    F_POINTS,
    R_DUP_SHIFT,
    R_FLAGS,
    R_FREE,
    R_LAST_BONUS,
    R_POINTS,
    R_SUIT,
    R_TRUMP,
    R_TRUMP_SUIT,
)
from .core import (
    C_ACTIVE,
    C_COUNT,
    C_MAX,
    C_NACT,
    C_NEXT,
    C_NSEATS,
    MAX_SEATS,
    NONE,
    _points,
    _side_of,
)
from .table import _top_k


@njit(cache=True, _nrt=False)  # not inlined: keeps the search's compile time down
def _partner_cash(rules, cfg, hands, leader, partners, unpl, q):
    """Tricks a partner takes after the leader's ``q`` quick tricks and a low card to the
    partner's top card of a suit: his runs of top cards (and the long cards behind
    them) in every suit he heads.  Returns (tricks, cards whose rank it used); (0, 0)
    unless the other side has no trumps left."""
    leader &= 7   # a seat 0..5: the arrays it indexes need no negative-index wraparound
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


@njit(cache=True, forceinline=True)
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


@njit(cache=True, forceinline=True)
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


@njit(cache=True, forceinline=True)
def _holder(hands, nseats, card):
    """The seat holding ``card`` (NONE if nobody)."""
    for h in range(MAX_SEATS):
        if h >= nseats:
            break
        if hands[h] & card:
            return h
    return NONE


@njit(cache=True, forceinline=True)
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
    leader &= 7   # a seat 0..5: the arrays it indexes need no negative-index wraparound
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
                # with no opposing card in the suit the partner's top card still has to
                # beat the leader's (a leader holding the top card keeps the lead): its
                # rank is used, or a table entry would cover such positions too
                pe_w = _top_k(winners, limit) if opp_s else high_bit(winners)
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


@njit(cache=True, forceinline=True)
def _cheapest(rules, hand, m):
    """The least points ``m`` cards of ``hand`` can hold."""
    return _points(rules, _cheapest_set(rules, hand, m))


@njit(cache=True, forceinline=True)
def _kind_bits(rules, c):
    """The positions of the power of card ``c`` (both copies of its kind)."""
    sh = rules[R_DUP_SHIFT]
    base = np.uint64(high_index(c)) >> sh << sh
    return ((ONE << (ONE << sh)) - ONE) << base


@njit(cache=True, forceinline=True)
def _sure_w(rules, cfg, hands, leader):
    """The cards whose ranks ``_sure_bounds`` reads (a table entry above a cut by them
    keeps those and every card above them): the top trump of the side without the top
    trump (which of the other side's trumps are sure), and in each suit of the leader the
    best card of the other active hands (which of the leader's cards cash).  The rest of
    what it reads is suit lengths and card points, which every kinds entry keeps."""
    leader &= 7
    nseats = cfg[C_NSEATS]
    active = cfg[C_ACTIVE]
    trump = rules[R_TRUMP]
    cside, oside = _split_cards(cfg, hands, cfg[C_COUNT])
    ct = high_bit(cside & trump)
    ot = high_bit(oside & trump)
    w = ot if ct > ot else ct
    hl = hands[leader]
    others = ZERO
    for h in range(MAX_SEATS):
        if h >= nseats:
            break
        if h != leader and ((active >> h) & 1):
            others |= hands[h]
    for s in range(4):
        sm = rules[R_SUIT + s]
        if hl & sm:
            w |= high_bit(others & sm)
    return w


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


@njit(cache=True, forceinline=True)
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


@njit(cache=True, forceinline=True)
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
