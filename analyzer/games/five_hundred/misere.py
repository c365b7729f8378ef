"""Misère solved double-dummy: can the defenders make the contractor take a trick?

The general solver (``tricks.dd``) proves a misère by searching every card of every
hand; with four defenders (five players, six in pairs) that takes minutes a deal.  Misère
has structure it does not use, and this search does:

* **The contractor never leads again.**  He leads the first trick; if he ever wins a
  trick the defenders have won.  So every later trick is led by a defender.
* **Safe by rank counting.**  At a trick led by a defender, the contractor cannot be
  caught in a suit where his i-th lowest card is below the defenders' i-th lowest card
  (all defenders' cards of the suit pooled), for every i: each trick of the suit uses at
  least the card led, he follows with his lowest, and a discard of his is his highest
  card.  When that holds in every suit (and he has no free joker), he escapes.
* **Caught at once.**  A defender to lead catches him in this trick when, in a suit he
  holds, the leader has a card under his lowest and every other defender can play a card
  that does not beat it (a lower card of the suit, or a discard that is not the joker).
* **Decided when he plays.**  If his card is winning the trick when he has played, the
  defenders still to play catch him exactly when each of them has a legal card under it.
* A table of positions at trick boundaries (the hands, the leader, and while the free
  joker is out the suits led), exact true/false results.

The result is the same as the general solver's (``tests/test_misere_solver.py`` checks it
on endings and whole deals, and a plain search on small endings).
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, above, below, high_bit, low_bit, low_index, popcount
from ...tricks.engine import beats_core, legal_core, names_core
from ...tricks.tables import F_FREE_MUST_PLAY, F_FREE_NAME_NOT_VOID, R_DUP_SHIFT, R_FLAGS, R_FREE, R_SUIT, R_TRUMP

TT_SEATS = 6                 # hands stored in a table entry
TT_META = 6                  # the entry's generation, leader, suits led and joker holder's voids
TT_VALUE = 7
TT_WORDS = 8
MS_NODES, MS_HITS, MS_SAFE, MS_QUICK, MS_BUDGET = range(5)   # the stats vector (MS_BUDGET: nodes allowed a solve)
MS_SIZE = 5
_MIX = np.uint64(0x9E3779B97F4A7C15)


def new_misere_table(log2_entries: int = 16) -> np.ndarray:
    """A table of 2**log2_entries positions (64 bytes each) and its generation in row 0."""
    return np.zeros((1 + (1 << log2_entries), TT_WORDS), np.uint64)


@njit(cache=True, nogil=True)
def _lane(rules, card):
    for s in range(4):
        if rules[R_SUIT + s] & card:
            return s
    return -1


@njit(cache=True, nogil=True)
def _safe(rules, h, n_seats, active, contractor):
    """Rank counting: the contractor escapes every trick led by a defender from here."""
    me = h[contractor]
    if me & rules[R_FREE]:
        return False
    others = ZERO
    for s in range(n_seats):
        if s != contractor and (active >> s) & 1:
            others |= h[s]
    for s in range(4):
        suit = rules[R_SUIT + s]
        cs = me & suit
        ds = others & suit
        while cs != ZERO and ds != ZERO:
            c = low_bit(cs)
            d = low_bit(ds)
            if c > d:
                return False
            cs ^= c
            ds ^= d
    return True


@njit(cache=True, nogil=True)
def _goes_under(rules, hand, suit, top):
    """Has ``hand`` a legal card, on a trick of suit mask ``suit`` whose best card is
    ``top``, that does not beat it?"""
    legal = legal_core(suit, rules[R_TRUMP], rules[R_FREE], rules[R_FLAGS], rules[R_DUP_SHIFT], hand, top, top)
    rest = legal
    while rest:
        c = low_bit(rest)
        rest ^= c
        if not beats_core(rules[R_TRUMP], suit, rules[R_DUP_SHIFT], c, top):
            return True
    return False


@njit(cache=True, nogil=True)
def _caught_now(rules, h, n_seats, active, contractor, leader):
    """Can ``leader`` (a defender) lead a card that the contractor must win?"""
    me = h[contractor]
    for s in range(4):
        suit = rules[R_SUIT + s]
        mine = me & suit
        if mine == ZERO:
            continue
        c1 = low_bit(mine)
        if (h[leader] & suit & below(c1)) == ZERO:
            continue
        ok = True
        for d in range(n_seats):
            if d == leader or d == contractor or not (active >> d) & 1:
                continue
            if not _goes_under(rules, h[d], suit, c1):
                ok = False
                break
        if ok:
            return True
    return False


@njit(cache=True, nogil=True)
def _key(h, n_seats, meta):
    x = meta * _MIX
    for s in range(n_seats):
        x = (x ^ h[s]) * _MIX
        x ^= x >> np.uint64(29)
    return x


@njit(cache=True, nogil=True)
def _runs(rules, hand, everything):
    """The lowest card of each run of ``hand``: cards of a suit with no card of
    ``everything`` between them are equivalent (``everything``: the cards still in play and
    the trick's, for the exact game; the contractor's cards, for the relaxed one)."""
    out = ZERO
    for s in range(4):
        sm = rules[R_SUIT + s]
        rest = hand & sm
        while rest:
            c = low_bit(rest)
            rest ^= c
            lower = (everything | hand) & sm & below(c)
            if lower == ZERO or (high_bit(lower) & hand) == ZERO:
                out |= c
    return out


@njit(cache=True, nogil=True)
def _canon(rules, hand, mine):
    """A defender's ``hand`` as the relaxed game sees it: within each gap between the
    contractor's cards ``mine`` of a suit, only how many cards it holds (the lowest
    positions of the gap)."""
    out = hand & rules[R_FREE]
    for s in range(4):
        sm = rules[R_SUIT + s]
        rem = mine & sm
        done = ZERO                     # positions at or below the last boundary
        while True:
            if rem:
                b = low_bit(rem)
                rem ^= b
                upto = below(b)
            else:
                b = ZERO
                upto = ~ZERO
            gap = sm & upto & ~done & ~mine
            k = popcount(hand & gap)
            for _ in range(k):
                lb = low_bit(gap)
                out |= lb
                gap ^= lb
            if b == ZERO:
                break
            done = upto | b
    return out


@njit(cache=True, nogil=True)
def _node(rules, h, nxt, na, n_seats, active, contractor, seat, pos, led, best, winner, trick_cards, ccard,
          suits_led, voids, left, depth, relaxed, tt, stats):
    """True if the defenders can make the contractor take a trick from here: ``seat`` to
    play the ``pos``-th card (0: to lead) of a trick of suit ``led`` whose best card is
    ``best`` (held by ``winner``), ``trick_cards`` played to it; ``left`` tricks to go
    counting this one, of which the defenders may use ``depth`` to catch him (iterative
    deepening: a False result is exact only when ``depth`` >= ``left``); ``ccard``: the contractor's card in it, if played; ``voids``: the
    seats' shown voids, 4 bits a seat.  ``relaxed``: the defenders choose who leads each
    trick they win (a stronger defence: what the contractor escapes there he escapes)."""
    stats[MS_NODES] += 1
    if stats[MS_NODES] > stats[MS_BUDGET]:
        return False            # out of budget: the caller discards the result
    free = rules[R_FREE]
    flags = rules[R_FLAGS]
    trump = rules[R_TRUMP]
    shift = rules[R_DUP_SHIFT]
    hand = h[seat]
    defender = seat != contractor
    slot = -1
    meta = ZERO
    kh = h
    if pos == 0:
        if left == 0 or depth == 0:
            return False
        if defender:
            # the suits led and the joker holder's voids matter only while the free joker is out
            jv = np.uint64(0)
            sl = np.uint64(0)
            if free:
                for s in range(n_seats):
                    if h[s] & free:
                        sl = np.uint64(suits_led)
                        if flags & F_FREE_NAME_NOT_VOID:
                            jv = np.uint64((voids >> (4 * s)) & 15)
            meta = (tt[0, 0] << np.uint64(16)) | (jv << np.uint64(12)) | (sl << np.uint64(8)) | np.uint64(seat)
            kh = h.copy() if relaxed else h
            if relaxed:
                for s in range(n_seats):
                    if s != contractor:
                        kh[s] = _canon(rules, h[s], h[contractor])
            x = _key(kh, n_seats, meta)
            size = tt.shape[0] - 1
            slot = 1 + np.int64(x & np.uint64(size - 1))
            e = tt[slot]
            if e[TT_META] == meta:
                same = True
                for s in range(n_seats):
                    if e[s] != kh[s]:
                        same = False
                        break
                if same:
                    v = e[TT_VALUE]
                    if v & ONE:
                        stats[MS_HITS] += 1
                        return True
                    if np.int64(v >> np.uint64(8)) >= depth:
                        stats[MS_HITS] += 1
                        return False
            if _safe(rules, h, n_seats, active, contractor):
                stats[MS_SAFE] += 1
                return False
            if _caught_now(rules, h, n_seats, active, contractor, seat):
                stats[MS_QUICK] += 1
                return True
    elif winner != contractor and defender and ccard != ZERO and not _plays_later(nxt, seat, contractor, na - pos) and _safe(rules, h, n_seats, active, contractor):
        # he has played under the trick: the defenders still to play only give up cards,
        # which keeps him safe by rank counting
        stats[MS_SAFE] += 1
        return False
    everything = trick_cards
    for s in range(n_seats):
        everything |= h[s]
    suit = rules[R_SUIT + led] if pos > 0 else ZERO
    if pos == 0:
        legal = hand
    else:
        legal = legal_core(suit, trump, free, flags, shift, hand, best, best)
    free_move = legal & free
    legal &= ~free
    if relaxed and defender:
        moves = _runs(rules, legal, h[contractor] | ccard)
    else:
        moves = _runs(rules, legal, everything)
    # the order moves are tried in: up to three passes over masks, ascending or not
    p1 = ZERO
    p2 = ZERO
    up1 = True
    up2 = True
    if not defender:
        if pos == 0:
            p1 = moves
        elif moves & suit:
            under = moves & suit & below(best) if (best & suit) else ZERO
            if best & trump:
                under = moves & suit
            p1 = under
            up1 = False            # duck with his highest card under the trick
            p2 = moves & ~under    # else his lowest above it
        else:
            p1 = moves
            up1 = False            # discard his highest cards
    else:
        if pos == 0:
            low = ZERO
            me = h[contractor]
            for s in range(4):
                sm = rules[R_SUIT + s]
                if me & sm:
                    low |= moves & sm & below(low_bit(me & sm))
            p1 = low
            p2 = moves & ~low
        elif _plays_later(nxt, seat, contractor, na - pos):
            p1 = moves              # before the contractor: low cards first
        else:
            p1 = moves
            up1 = False             # after him: shed high cards
    want = defender                 # the result that ends the search at this node
    zero = np.int64(0)
    names = 0
    if free_move and pos == 0:
        names = names_core(free, flags, hand, suits_led, (voids >> (4 * seat)) & 15)
    for p in range(3):
        m = p1 if p == 0 else p2
        up = up1 if p == 0 else up2
        k = 0
        while True:
            if p < 2:
                if m == ZERO:
                    break
                c = low_bit(m) if up else high_bit(m)
                m ^= c
                nm = -1
            else:                   # the free joker: led naming each suit allowed, or followed
                if free_move == ZERO:
                    break
                if pos == 0:
                    while k < 4 and not (names >> k) & 1:
                        k += 1
                    if k >= 4:
                        break
                    nm = k
                else:
                    if k > 0:
                        break
                    nm = -1
                k += 1
                c = free_move
            # play c and search on
            h[seat] ^= c
            if pos == 0:
                nled = nm if nm >= 0 else _lane(rules, c)
                nbest = c
                nwin = seat
                nvoids = voids
            else:
                nled = led
                nbest = best
                nwin = winner
                if beats_core(trump, suit, shift, c, best):
                    nbest = c
                    nwin = seat
                nvoids = voids
                if not (c & suit):
                    nvoids = voids | (np.int64(1) << (4 * seat + led))
            if pos + 1 == na:
                if nwin == contractor:
                    r = True
                elif not relaxed:
                    r = _node(rules, h, nxt, na, n_seats, active, contractor, nwin, zero, zero, ZERO, nwin, ZERO,
                              ZERO, suits_led | (1 << nled), nvoids, left - 1, depth - 1, relaxed, tt, stats)
                else:
                    r = False
                    for d in range(n_seats):
                        if d != contractor and (active >> d) & 1:
                            r = _node(rules, h, nxt, na, n_seats, active, contractor, np.int64(d), zero, zero, ZERO,
                                      np.int64(d), ZERO, ZERO, suits_led | (1 << nled), nvoids, left - 1, depth - 1, relaxed,
                                      tt, stats)
                            if r:
                                break
            else:
                r = False
                decided = False
                if seat == contractor and nwin == contractor:
                    # the defenders still to play catch him if each can go under his card
                    decided = True
                    t = nxt[seat]
                    for _ in range(na - pos - 1):
                        if not _goes_under(rules, h[t], rules[R_SUIT + nled], nbest):
                            decided = False
                            break
                        t = nxt[t]
                    r = decided
                if not decided:
                    r = _node(rules, h, nxt, na, n_seats, active, contractor, nxt[seat], pos + 1, nled, nbest,
                              nwin, trick_cards | c, c if seat == contractor else ccard, suits_led, nvoids, left,
                              depth, relaxed, tt, stats)
            h[seat] ^= c
            if r == want:
                return _store(tt, slot, kh, n_seats, meta, r, 255 if depth >= left else depth)
    return _store(tt, slot, kh, n_seats, meta, not want, 255 if depth >= left else depth)


@njit(cache=True, nogil=True)
def _plays_later(nxt, seat, target, k):
    """Does ``target`` play among the ``k`` seats after ``seat`` (this one included)?"""
    s = seat
    for _ in range(k):
        if s == target:
            return True
        s = nxt[s]
    return False


@njit(cache=True, nogil=True)
def _store(tt, slot, h, n_seats, meta, r, depth):
    """Keep a result: caught (exact), or not caught within ``depth`` tricks (255: at all)."""
    if slot >= 0:
        e = tt[slot]
        for s in range(n_seats):
            e[s] = h[s]
        e[TT_META] = meta
        e[TT_VALUE] = ONE if r else np.uint64(depth) << np.uint64(8)
    return r


@njit(cache=True, nogil=True)
def _search(rules, hands, n_seats, active, contractor, seat, pos, led, best, winner, trick_cards, ccard, suits_led,
            voids, relaxed, tt, stats):
    """One search (a new table generation), iteratively deepened; True: caught."""
    g = tt[0, 0] + ONE
    if g > np.uint64(0xFFFFFFFFFF):
        tt[:, :] = ZERO
        g = ONE
    tt[0, 0] = g
    nxt = np.zeros(n_seats, np.int64)
    na = 0
    for s in range(n_seats):
        if (active >> s) & 1:
            na += 1
            t = (s + 1) % n_seats
            while not (active >> t) & 1:
                t = (t + 1) % n_seats
            nxt[s] = t
    h = hands.copy()
    for s in range(n_seats):
        if not (active >> s) & 1:
            h[s] = ZERO
    left = np.int64(0)
    for s in range(n_seats):
        left = max(left, popcount(h[s]))
    # catches within 1, 2, ... tricks first (most are found early)
    for depth in range(1, left + 1):
        if _node(rules, h, nxt, na, np.int64(n_seats), np.int64(active), np.int64(contractor), np.int64(seat),
                 np.int64(pos), np.int64(led), np.uint64(best), np.int64(winner), np.uint64(trick_cards),
                 np.uint64(ccard), np.int64(suits_led), np.int64(voids), left, np.int64(depth), relaxed, tt, stats):
            return True
        if stats[MS_NODES] > stats[MS_BUDGET]:
            break
    return False


@njit(cache=True, nogil=True)
def misere_position(rules, hands, n_seats, active, contractor, seat, pos, led, best, winner, trick_cards, ccard,
                    suits_led, voids, tt, stats):
    """1 if the defenders (the active seats but ``contractor``) can make the contractor
    take a trick with every hand visible, else 0; -1 when the searches took more than
    ``stats[MS_BUDGET]`` nodes (counted in ``stats[MS_NODES]``, which the caller resets).

    The position: ``seat`` to play the ``pos``-th card (0: to lead) of a trick of suit
    ``led`` whose best card ``best`` is ``winner``'s, ``trick_cards`` played to it (of them
    ``ccard`` the contractor's, or 0); ``suits_led``: suits led in earlier tricks (4 bits),
    ``voids``: shown voids, 4 bits a seat (read under F_FREE_NAME_NOT_VOID).  ``rules``:
    the misère rule vector (a nominated joker is a card of its suit); ``hands`` (the cards
    not yet played) is left as it was.  ``tt``: ``new_misere_table``.

    First the relaxed game (the defenders choose each trick's leader): an escape there is
    an escape; a catch there is checked by the exact search."""
    relaxed = np.bool_(True)
    if not _search(rules, hands, n_seats, active, contractor, seat, pos, led, best, winner, trick_cards, ccard,
                   suits_led, voids, relaxed, tt, stats) and stats[MS_NODES] <= stats[MS_BUDGET]:
        return np.int64(0)
    r = stats[MS_NODES] <= stats[MS_BUDGET] and _search(rules, hands, n_seats, active, contractor, seat, pos, led,
                                                        best, winner, trick_cards, ccard, suits_led, voids,
                                                        np.bool_(False), tt, stats)
    if stats[MS_NODES] > stats[MS_BUDGET]:
        tt[0, 0] += ONE         # the entries of an unfinished search are not results
        return np.int64(-1)
    return np.int64(1) if r else np.int64(0)


@njit(cache=True, nogil=True)
def misere_caught(rules, hands, n_seats, active, contractor, tt, stats):
    """``misere_position`` from the first lead, the contractor's."""
    return misere_position(rules, hands, n_seats, active, contractor, contractor, 0, 0, ZERO, contractor, ZERO,
                           ZERO, 0, np.int64(0), tt, stats)
