"""Move generation and ordering: DDS's weights at a four-hand partnership table, the
generic card-play heuristic, and the points ordering of EXACT_KINDS games."""

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
    beats,
    stronger,
)
from ..tables import (
    R_FREE,
    R_SUIT,
    R_TRUMP,
    R_TRUMP_SUIT,
)
from .core import (
    C_ACTIVE,
    C_NACT,
    C_NEXT,
    C_NSEATS,
    C_RBASE,
    C_RMASK,
    M_SIZE,
    MAX_MOVES,
    MAX_SEATS,
    O_EQUIV,
    O_ORDER,
    _equiv_up,
    _points,
    _side_of,
)


@njit(cache=True, forceinline=True)
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
    seat &= 7   # seats 0..5: the arrays they index need no negative-index wraparound
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


@njit(cache=True, forceinline=True)  # per card in the search: worth inlining (15% of the time)
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


@njit(cache=True, forceinline=True)  # per card in the search: worth inlining
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


@njit(cache=True, forceinline=True)
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


@njit(cache=True, forceinline=True)
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
    rmask = cfg[C_RMASK]
    for s in range(4):
        sm = rules[R_SUIT + s]
        cards = legal & sm
        if cards == ZERO:
            continue
        rbase = cfg[C_RBASE + s]
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
            rank = (code - rbase) & rmask   # in 16-bit lanes: code & 15
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
