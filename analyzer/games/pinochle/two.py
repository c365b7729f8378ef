"""Two-handed Pinochle (``shared/rules/pinochle-two-handed.md``): the hand with a stock,
played out by a heuristic policy in a numba kernel, and whole games to the target.

A hand: 12 cards each, the next card turned for trump (a nine: the dealer scores 10), 23
face-down cards in the stock.  Phase 1 (tricks 1-12): any card may be played; the winner
may make one meld (and show or exchange the dix), then both draw, the winner first
(``order=draw_then_meld``: draw first); after the 12th trick the winner takes the last
stock card and the loser the turned trump (``last_cards=winner_chooses``: the winner picks
either).  Phase 2 (tricks 13-24): follow suit, beat the card led if able
(``head=trump_led``: only when trump is led), void: trump if able.  Counters and the last
trick as in the partnership game; meld scores when melded; a player whose meld and
counters taken reach the target calls out and wins.

Melding, as the rules file says: a meld takes at least one card from the concealed hand;
its cards are laid on the table and stay playable; a card on the table serves again only
in a meld of another class (sequence, marriages and dix; arounds; pinochle), except that a
royal marriage's king and queen go on into a run (40 then 150); a second identical meld
needs all new cards; a double meld (double run, eight of a rank around, double pinochle)
scores as such only with all its cards laid at once (``double_meld=any``: the second
single meld completes it and scores the difference).

Cards are layout bits (``deck``: ``16 * suit + 2 * rank + copy``, rank 0..5 = 9 J Q K 10
A).  The policy (``POLICY``) is a few weights: a card's worth kept in hand (its share of
the hand's meld, ``meld.meld_points``; trump; counters) against what a trick brings
(counters, and the meld its winner can lay down).  Every decision is traced
(``T_*`` rows) so that ``tests/test_pinochle_two.py`` replays each hand by plain-Python
rules.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, high_index, low_bit
from ...sim.leads import book_products
from ...sim.rng import LOW32, bounded, next_u64, stream_key
from .deck import COPY0, LANE, RA, RJ, RK, RQ, RT
from .meld import meld_points

HAND2 = 12
STOCK = 23
N_TRICKS2 = 24
LAST_TRICK = 10

# option bits (rules.Options2.flags)
O_DRAW_FIRST, O_WINNER_CHOOSES, O_DOUBLE_ANY, O_HEAD_TRUMP_LED = 1, 2, 4, 8

# meld kinds (the trace's and the tests' names: MELD_NAMES)
K_MARRIAGE, K_ROYAL, K_RUN, K_DOUBLE_RUN, K_AROUND, K_DOUBLE_AROUND, K_PINOCHLE, K_DOUBLE_PINOCHLE = range(8)
MELD_NAMES = ("marriage", "royal marriage", "run", "double run", "around", "double around", "pinochle",
              "double pinochle")
# classes: a card on the table serves again only in another class
C_SEQ, C_AROUND, C_PIN = 0, 1, 2
AROUND_POINTS = np.array([0, 40, 60, 80, 0, 100], np.int64)        # by rank index: J 40, Q 60, K 80, A 100
RUN_POINTS, DOUBLE_RUN_POINTS, ROYAL_POINTS, MARRIAGE_POINTS = 150, 1500, 40, 20
PINOCHLE_POINTS, DOUBLE_PINOCHLE_POINTS, DIX_POINTS = 40, 300, 10
QS_BIT, JD_BIT = 2 * RQ, 16 * 2 + 2 * RJ          # copy-0 bits of Q♠ and J♦
# what a player has laid (``done``): arounds by rank index (J 1, Q 2, K 3, A 5), runs, pinochles
D_RUNS, D_PINOCHLES, N_DONE = 6, 7, 8

# the trace: one row an event, columns
T_KIND, T_PLAYER, T_A, T_B, T_C = range(5)
EV_LEAD, EV_FOLLOW, EV_MELD, EV_DIX_SWAP, EV_DIX_SHOW, EV_DRAW, EV_CALL, EV_TURNED_DIX = range(8)
MAX_EVENTS = 160

# the hand's result (``play_hand``'s ``out``)
R_MELD0, R_MELD1, R_COUNT0, R_COUNT1, R_LAST, R_CALLED, R_EVENTS = range(7)
N_RESULT = 7

# the policy's weights
P_MELD_KEEP, P_TRUMP_KEEP, P_COUNTER_KEEP, P_HIGH_KEEP, P_MELD_NOW, P_TRICK_POINTS = range(6)
POLICY = np.array([0.6, 6.0, 0.5, 1.5, 0.8, 1.0], np.float64)
N_POLICY = 6


@njit(cache=True, forceinline=True)
def suit_of(b):
    return b >> 4


@njit(cache=True, forceinline=True)
def rank_of(b):
    return (b & 15) >> 1


@njit(cache=True, forceinline=True)
def first_wins(a, b, trump):
    """Does the card led (bit ``a``) beat the follower's ``b``?  Identical cards: the first."""
    sa, sb = a >> 4, b >> 4
    if sb == sa:
        return (b >> 1) <= (a >> 1)
    return sb != trump


@njit(cache=True, forceinline=True)
def _pick(kinds, avail, table):
    """One copy of each kind (copy-0 bits ``kinds``) from ``avail``: a copy already on the
    table where there is one, and at least one card from the concealed hand; 0 if either
    cannot be had."""
    chosen = ZERO
    swap = ZERO                       # a kind whose copy could come from the concealed hand
    k = kinds
    while k:
        b = low_bit(k)
        k ^= b
        both = b | (b << ONE)
        cands = avail & both
        if not cands:
            return ZERO
        on_table = cands & table
        chosen |= low_bit(on_table) if on_table else low_bit(cands)
        hidden = cands & ~table
        if hidden and not swap:
            swap = hidden
    if chosen & ~table:
        return chosen
    if not swap:
        return ZERO
    kind = (swap | (swap >> ONE)) & COPY0
    return (chosen & ~(kind | (kind << ONE))) | low_bit(swap)


@njit(cache=True)
def best_meld(hand, table, used, runused, done, trump, opts, marriage_first):
    """The meld the policy lays after winning a trick: (points, kind, cards) of the most
    points, 0 points for none.  ``used[c]``: the cards on the table that served class
    ``c``; ``runused``: those in a run; ``done``: what is laid (``D_*``).
    With ``marriage_first`` a royal marriage whose king and queen could go on into a run
    is laid before the run (40 now, 150 later)."""
    best_p, best_k, best_m = 0, -1, ZERO
    seq = hand & ~used[C_SEQ]
    lane_t = np.uint64(16) * np.uint64(trump)
    double_any = (opts & O_DOUBLE_ANY) != 0
    # marriages
    for s in range(4):
        kinds = (ONE << np.uint64(16 * s + 2 * RK)) | (ONE << np.uint64(16 * s + 2 * RQ))
        m = _pick(kinds, seq, table)
        if m:
            p = ROYAL_POINTS if s == trump else MARRIAGE_POINTS
            if p > best_p:
                best_p, best_k, best_m = p, (K_ROYAL if s == trump else K_MARRIAGE), m
    royal_m = best_m if best_k == K_ROYAL else ZERO
    # runs: A 10 J of trump unused in sequences, K Q of trump not in a run (a royal marriage's may go on)
    run_kinds = ZERO
    for r in (RA, RT, RK, RQ, RJ):
        run_kinds |= ONE << (lane_t + np.uint64(2 * r))
    all_run = run_kinds | (run_kinds << ONE)
    avail_run = hand & ~runused & ~(used[C_SEQ] & ~all_run)
    if (avail_run & all_run) == all_run and (all_run & ~table) and (hand & ~runused & all_run) == all_run \
            and done[D_RUNS] == 0:
        if DOUBLE_RUN_POINTS > best_p:
            best_p, best_k, best_m = DOUBLE_RUN_POINTS, K_DOUBLE_RUN, all_run
    m = _pick(run_kinds, avail_run, table)
    if m:
        p = RUN_POINTS
        if double_any and done[D_RUNS] == 1:
            p = DOUBLE_RUN_POINTS - RUN_POINTS
        if p > best_p and not (marriage_first and royal_m and (royal_m & m) == royal_m and p == RUN_POINTS):
            best_p, best_k, best_m = p, K_RUN, m
    # arounds
    ar = hand & ~used[C_AROUND]
    for r in (RJ, RQ, RK, RA):
        kinds = ZERO
        for s in range(4):
            kinds |= ONE << np.uint64(16 * s + 2 * r)
        both = kinds | (kinds << ONE)
        if (ar & both) == both and (both & ~table) and done[r] == 0:
            p = 10 * AROUND_POINTS[r]
            if p > best_p:
                best_p, best_k, best_m = p, K_DOUBLE_AROUND, both
        m = _pick(kinds, ar, table)
        if m:
            p = AROUND_POINTS[r]
            if double_any and done[r] == 1:
                p = 9 * AROUND_POINTS[r]
            if p > best_p:
                best_p, best_k, best_m = p, K_AROUND, m
    # pinochle
    pin = hand & ~used[C_PIN]
    kinds = (ONE << np.uint64(QS_BIT)) | (ONE << np.uint64(JD_BIT))
    both = kinds | (kinds << ONE)
    if (pin & both) == both and (both & ~table) and done[D_PINOCHLES] == 0:
        if DOUBLE_PINOCHLE_POINTS > best_p:
            best_p, best_k, best_m = DOUBLE_PINOCHLE_POINTS, K_DOUBLE_PINOCHLE, both
    m = _pick(kinds, pin, table)
    if m:
        p = PINOCHLE_POINTS
        if double_any and done[D_PINOCHLES] == 1:
            p = DOUBLE_PINOCHLE_POINTS - PINOCHLE_POINTS
        if p > best_p:
            best_p, best_k, best_m = p, K_PINOCHLE, m
    return best_p, best_k, best_m


@njit(cache=True, forceinline=True)
def _class_of(kind):
    if kind <= K_DOUBLE_RUN:
        return C_SEQ
    if kind <= K_DOUBLE_AROUND:
        return C_AROUND
    return C_PIN


@njit(cache=True, forceinline=True)
def _lay(p, kind, cards, table, used, runused, done, trump):
    """Lay meld ``cards`` of ``kind`` for player ``p``: on the table, marked used in its class."""
    table[p] |= cards
    used[p, _class_of(kind)] |= cards
    if kind == K_RUN or kind == K_DOUBLE_RUN:
        runused[p] |= cards
        done[p, D_RUNS] += 1 if kind == K_RUN else 2
    elif kind == K_AROUND or kind == K_DOUBLE_AROUND:
        r = rank_of(high_index(cards))
        done[p, r] += 1 if kind == K_AROUND else 2
    elif kind == K_PINOCHLE or kind == K_DOUBLE_PINOCHLE:
        done[p, D_PINOCHLES] += 1 if kind == K_PINOCHLE else 2


@njit(cache=True, forceinline=True)
def _event(trace, n, kind, player, a, b, c):
    if n < trace.shape[0]:
        trace[n, T_KIND] = kind
        trace[n, T_PLAYER] = player
        trace[n, T_A] = a
        trace[n, T_B] = b
        trace[n, T_C] = c
    return n + 1


@njit(cache=True)
def _keep_value(hand, whole, b, trump, pts, pol):
    """What card ``b`` is worth kept in ``hand`` (policy units: points); ``whole``: the
    hand's meld (``meld_points``, computed once a decision)."""
    card = ONE << np.uint64(b)
    v = pol[P_MELD_KEEP] * (whole - meld_points(hand & ~card, np.int64(trump), False))
    v += pol[P_COUNTER_KEEP] * pts[b]
    r = rank_of(b)
    if suit_of(b) == trump:
        v += pol[P_TRUMP_KEEP] * (1 + r)
    elif r == RA:
        v += pol[P_HIGH_KEEP] * 4
    return v


@njit(cache=True)
def _phase1_lead(hand, trump, pts, pol):
    best, best_v = -1, 1e18
    whole = meld_points(hand, np.int64(trump), False)
    h = hand
    while h:
        c = low_bit(h)
        h ^= c
        b = high_index(c)
        v = _keep_value(hand, whole, b, trump, pts, pol) + 0.1 * rank_of(b)
        if v < best_v:
            best, best_v = b, v
    return best


@njit(cache=True)
def _phase1_follow(hand, lead, trump, pts, pol, meld_if_win):
    """The follower's card: the most of (what the trick brings if he wins it, less what it
    gives the leader if not) less the card's worth kept."""
    best, best_v = -1, -1e18
    whole = meld_points(hand, np.int64(trump), False)
    h = hand
    while h:
        c = low_bit(h)
        h ^= c
        b = high_index(c)
        pot = pol[P_TRICK_POINTS] * (pts[lead] + pts[b])
        if first_wins(lead, b, trump):
            v = -pot
        else:
            v = pot + pol[P_MELD_NOW] * meld_if_win
        v -= _keep_value(hand, whole, b, trump, pts, pol) + 0.01 * rank_of(b)
        if v > best_v:
            best, best_v = b, v
    return best


@njit(cache=True, forceinline=True)
def _legal2(hand, lead, trump, head_all):
    """Phase 2: follow suit and beat the card led if able (only when trump is led unless
    ``head_all``), void: trump if able, else any card."""
    s = lead >> 4
    suit = hand & LANE[s]
    if suit:
        if head_all or s == trump:
            higher = ZERO
            x = suit
            while x:
                c = low_bit(x)
                x ^= c
                if (high_index(c) >> 1) > (lead >> 1):
                    higher |= c
            if higher:
                return higher
        return suit
    tr = hand & LANE[trump]
    if tr:
        return tr
    return hand


@njit(cache=True)
def _phase2_card(hand, legal, lead, trump, pts, leading):
    """Phase 2 by a simple rule: lead the highest card of the longest plain suit headed by
    an ace, else the lowest plain card; follow with the lowest card that wins when the trick
    holds counters, else the lowest card."""
    if leading:
        best, best_v = -1, -1e18
        x = legal
        while x:
            c = low_bit(x)
            x ^= c
            b = high_index(c)
            r = rank_of(b)
            v = -float(r) - (5.0 if suit_of(b) == trump else 0.0)
            if r == RA:
                v += 20.0 - (8.0 if suit_of(b) == trump else 0.0)
            if v > best_v:
                best, best_v = b, v
        return best
    win, win_r, low, low_v = -1, 99, -1, 1e18
    x = legal
    while x:
        c = low_bit(x)
        x ^= c
        b = high_index(c)
        r = rank_of(b) + (6 if suit_of(b) == trump else 0)
        if not first_wins(lead, b, trump) and r < win_r:
            win, win_r = b, r
        v = pts[b] * 2.0 + r
        if v < low_v:
            low, low_v = b, v
    if win >= 0 and (pts[lead] > 0 or pts[win] > 0 or win_r < 6):
        return win
    return low


@njit(cache=True)
def play_hand(hands, stock, turned, trump, dealer, pts, opts, pol, scores, target, trace, out):
    """Play one two-handed hand.  ``hands[2]``: the dealt layout masks; ``stock[23]``: the
    face-down stock, top first (bits); ``turned``: the trump card's bit; ``dealer`` 0 or 1
    (the other leads first); ``scores``: each player's score before the hand (a call-out
    counts them).  ``out``: ``R_*`` (meld and counters of each, who took the last trick,
    who called out, -1 for none, and the events traced)."""
    hand = hands.copy()
    table = np.zeros(2, np.uint64)
    used = np.zeros((2, 3), np.uint64)
    runused = np.zeros(2, np.uint64)
    done = np.zeros((2, N_DONE), np.int64)
    meld = np.zeros(2, np.int64)
    taken = np.zeros(2, np.int64)
    dix = np.zeros(1, np.uint64)
    n = 0
    if rank_of(turned) == 0:
        meld[dealer] += DIX_POINTS
        dix[0] |= ONE << np.uint64(turned)
        n = _event(trace, n, EV_TURNED_DIX, dealer, turned, 0, DIX_POINTS)
    play_from(hand, table, used, runused, done, meld, taken, dix, turned, 0, 1 - dealer, -1, -1, stock, trump, pts,
              opts, pol, scores, target, trace, n, out)


@njit(cache=True)
def play_from(hand, table, used, runused, done, meld, taken, dix, turned, t0, leader, first_card, forced, stock, trump,
              pts, opts, pol, scores, target, trace, n, out):
    """Play a hand on from trick ``t0`` (phase 1 or 2), ``leader`` to lead; the state in
    the arrays (changed in place): each player's ``hand`` (with the cards on his
    ``table``), the classes ``used`` by the table's cards, ``runused``, ``done`` (``D_*``),
    ``meld`` and counters ``taken`` so far this hand, ``dix[0]`` (the nines scored and
    ``SWAPPED``); ``turned``: the card under the stock; ``stock``: the face-down stock in
    drawing order (entries of earlier tricks unread).  ``first_card`` >= 0: the leader has
    played it already (removed from his hand); ``forced`` >= 0: the first card the player
    to move plays (a question's option) instead of the policy's.  ``n``: events traced
    so far.  ``out``: as ``play_hand``'s."""
    dix_bits = (np.uint64(3) << np.uint64(16 * trump))      # both nines of trump
    dix_done = dix[0]
    called = -1
    head_all = (opts & O_HEAD_TRUMP_LED) == 0
    draw_first = (opts & O_DRAW_FIRST) != 0
    last = -1
    for t in range(t0, N_TRICKS2):
        follower = 1 - leader
        phase1 = t < 12
        if t == t0 and first_card >= 0:
            a = first_card
        else:
            if t == t0 and forced >= 0:
                a = forced
            elif phase1:
                a = _phase1_lead(hand[leader], trump, pts, pol)
            else:
                a = _phase2_card(hand[leader], hand[leader], -1, trump, pts, True)
            n = _event(trace, n, EV_LEAD, leader, a, t, 0)
            hand[leader] &= ~(ONE << np.uint64(a))
            table[leader] &= ~(ONE << np.uint64(a))
        if t == t0 and first_card >= 0 and forced >= 0:
            b = forced
        elif phase1:
            gain, _, _ = best_meld(hand[follower], table[follower], used[follower], runused[follower], done[follower],
                                   trump, opts, True)
            b = _phase1_follow(hand[follower], a, trump, pts, pol, gain)
        else:
            legal = _legal2(hand[follower], a, trump, head_all)
            b = _phase2_card(hand[follower], legal, a, trump, pts, False)
        n = _event(trace, n, EV_FOLLOW, follower, b, t, 0)
        hand[follower] &= ~(ONE << np.uint64(b))
        table[follower] &= ~(ONE << np.uint64(b))
        w = leader if first_wins(a, b, trump) else follower
        taken[w] += pts[a] + pts[b]
        if t == N_TRICKS2 - 1:
            taken[w] += LAST_TRICK
            last = w
        if phase1:
            lo = 1 - w
            if draw_first:
                n = _draw(hand, stock, turned, t, w, lo, opts, trump, trace, n)
            # the dix: exchange for the turned trump while it lies there, show the other
            lies = not (draw_first and t == 11)
            x = hand[w] & dix_bits & ~dix_done
            while x:
                c = low_bit(x)
                x ^= c
                cb = high_index(c)
                if lies and rank_of(turned) != 0 and not _swapped(dix_done):
                    hand[w] = (hand[w] & ~c) | (ONE << np.uint64(turned))
                    n = _event(trace, n, EV_DIX_SWAP, w, cb, turned, DIX_POINTS)
                    turned = cb
                    dix_done |= c | SWAPPED
                else:
                    n = _event(trace, n, EV_DIX_SHOW, w, cb, 0, DIX_POINTS)
                    dix_done |= c
                meld[w] += DIX_POINTS
            p, kind, cards = best_meld(hand[w], table[w], used[w], runused[w], done[w], trump, opts, t < 11)
            if p > 0:
                _lay(w, kind, cards, table, used, runused, done, trump)
                meld[w] += p
                n = _event(trace, n, EV_MELD, w, kind, np.int64(cards), p)
            if not draw_first:
                n = _draw(hand, stock, turned, t, w, lo, opts, trump, trace, n)
            if t == 11:
                table[0] = ZERO                      # melded cards go back into the hands
                table[1] = ZERO
        # a call-out as soon as it is true
        if called < 0:
            for q in (w, 1 - w):
                if scores[q] + meld[q] + taken[q] >= target:
                    called = q
                    n = _event(trace, n, EV_CALL, q, t, 0, 0)
                    break
        if called >= 0:
            break
        leader = w
    dix[0] = dix_done
    out[R_MELD0] = meld[0]
    out[R_MELD1] = meld[1]
    out[R_COUNT0] = taken[0]
    out[R_COUNT1] = taken[1]
    out[R_LAST] = last
    out[R_CALLED] = called
    out[R_EVENTS] = n


SWAPPED = np.uint64(1) << np.uint64(63)         # in ``dix_done``: the exchange is made (not a card's bit)


@njit(cache=True, forceinline=True)
def _swapped(dix_done):
    return (dix_done & SWAPPED) != ZERO


@njit(cache=True)
def _draw(hand, stock, turned, t, w, lo, opts, trump, trace, n):
    """Both draw after trick ``t``: the winner the top card, the loser the next; after the
    12th the winner the last stock card, the loser the turned trump (or the winner's pick
    of the two with ``last_cards=winner_chooses``: the turned card when it is a trump king
    or better)."""
    if t < 11:
        cw, cl = stock[2 * t], stock[2 * t + 1]
    else:
        cw, cl = stock[22], turned
        if (opts & O_WINNER_CHOOSES) and rank_of(turned) >= RK:
            cw, cl = turned, stock[22]
    hand[w] |= ONE << np.uint64(cw)
    hand[lo] |= ONE << np.uint64(cl)
    n = _event(trace, n, EV_DRAW, w, cw, cl, t)
    return n


# ----------------------------------------------------------------------------- dealing


@njit(cache=True)
def shuffle_into(state, cards, k):
    """Shuffle the first ``k`` entries of ``cards`` in place (Fisher-Yates)."""
    for i in range(k - 1, 0, -1):
        state, bits = next_u64(state)
        j = bounded(bits & LOW32, i + 1)
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c
    return state


@njit(cache=True)
def draw_turned(state, cards, k, suit):
    """The card under the stock, drawn uniformly from the first ``k`` of ``cards`` of
    ``suit`` (any card when ``suit`` < 0) and taken out of them (the last moved into its
    place): (state, the card, k - 1); -1 and ``k`` when there is none."""
    m = 0
    for i in range(k):
        if suit < 0 or (cards[i] >> 4) == suit:
            m += 1
    if m == 0:
        return state, -1, k
    state, bits = next_u64(state)
    j = bounded(bits & LOW32, m)
    for i in range(k):
        if suit < 0 or (cards[i] >> 4) == suit:
            if j == 0:
                turned = cards[i]
                cards[i] = cards[k - 1]
                return state, turned, k - 1
            j -= 1
    return state, -1, k


@njit(cache=True)
def deal_hand(state, mine, turned_fixed, trump_fixed, cards, hands, stock):
    """Deal a hand: player 0 holds ``mine`` (0: deal it too); the turned card is
    ``turned_fixed`` (-1: drawn uniformly from the unseen cards of suit ``trump_fixed``
    when that is 0..3, else from all); the rest shuffled into player 1's hand (and player
    0's) and the stock.  Returns (state, turned bit).  ``cards``: scratch of 48."""
    k = 0
    for b in range(64):
        if (b & 15) < 12 and not ((mine >> np.uint64(b)) & ONE) and b != turned_fixed:
            cards[k] = b
            k += 1
    turned = turned_fixed
    if turned < 0:
        state, turned, k = draw_turned(state, cards, k, trump_fixed)
    state = shuffle_into(state, cards, k)
    pos = 0
    if mine:
        hands[0] = mine
    else:
        h = ZERO
        for i in range(HAND2):
            h |= ONE << np.uint64(cards[pos])
            pos += 1
        hands[0] = h
    h = ZERO
    for i in range(HAND2):
        h |= ONE << np.uint64(cards[pos])
        pos += 1
    hands[1] = h
    for i in range(STOCK):
        stock[i] = cards[pos]
        pos += 1
    return state, turned


# ----------------------------------------------------------------------------- questions' kernels

# per-deal statistics of ``deal_chunk`` (sums)
S_N, S_MELD0, S_MELD0_2, S_MELD1, S_MELD1_2, S_COUNT0, S_COUNT0_2, S_COUNT1, S_COUNT1_2, S_NET, S_NET_2, \
    S_WIN, S_CALLED0, S_CALLED1, S_HANDS, S_UNFINISHED = range(16)
N_S = 16
MAX_HANDS = 60


@njit(cache=True)
def game_on(state, out, scores, target, dealer, pts, opts, pol, cards, hands, stock, trace):
    """The game after a hand just played (``out``, ``scores`` before it, ``dealer`` its
    dealer): whole random hands, the deal alternating, until a player calls out or passes
    the target alone (both past it: 250 more).  Returns (winner or -1 at MAX_HANDS, hands
    played including the first, state); ``scores`` end as the game's."""
    d = dealer
    hands_played = 1
    while True:
        if out[R_CALLED] >= 0:
            return out[R_CALLED], hands_played, state
        scores[0] += out[R_MELD0] + out[R_COUNT0]
        scores[1] += out[R_MELD1] + out[R_COUNT1]
        over0, over1 = scores[0] >= target, scores[1] >= target
        if over0 and over1:
            # both past it: 1250, then 1500, ... until one is not (a closed form: a loop here
            # makes LLVM count its trips in 128 bits, which numba cannot link)
            low = min(scores[0], scores[1])
            target += 250 * ((low - target) // 250 + 1)
            over0, over1 = scores[0] >= target, scores[1] >= target
        if over0 or over1:
            return (0 if over0 else 1), hands_played, state
        if hands_played >= MAX_HANDS:
            return -1, hands_played, state
        d = 1 - d
        state, turned = deal_hand(state, ZERO, -1, -1, cards, hands, stock)
        play_hand(hands, stock, turned, turned >> 4, d, pts, opts, pol, scores, target, trace, out)
        hands_played += 1


@njit(cache=True, nogil=True)
def deal_chunk(key0, start, n, mine, turned_fixed, trump_fixed, dealer, pts, opts, pol, score0, score1, target0,
               stats):
    """``n`` deals from ``start``: your hand ``mine`` as player 0 against a dealt one, the
    hand played out by the policy, then the game on to its end by whole random hands (the
    deal alternating).  Sums into ``stats`` (``S_*``)."""
    cards = np.empty(48, np.int64)
    hands = np.zeros(2, np.uint64)
    stock = np.empty(STOCK, np.int64)
    trace = np.zeros((MAX_EVENTS, 5), np.int64)
    out = np.zeros(N_RESULT, np.int64)
    scores = np.zeros(2, np.int64)
    for i in range(start, start + n):
        state = stream_key(key0, i)
        state, turned = deal_hand(state, mine, turned_fixed, trump_fixed, cards, hands, stock)
        scores[0], scores[1] = score0, score1
        tr = turned >> 4
        play_hand(hands, stock, turned, tr, dealer, pts, opts, pol, scores, target0, trace, out)
        m0, m1, c0, c1 = out[R_MELD0], out[R_MELD1], out[R_COUNT0], out[R_COUNT1]
        stats[S_N] += 1
        stats[S_MELD0] += m0
        stats[S_MELD0_2] += m0 * m0
        stats[S_MELD1] += m1
        stats[S_MELD1_2] += m1 * m1
        stats[S_COUNT0] += c0
        stats[S_COUNT0_2] += c0 * c0
        stats[S_COUNT1] += c1
        stats[S_COUNT1_2] += c1 * c1
        net = m0 + c0 - m1 - c1
        stats[S_NET] += net
        stats[S_NET_2] += net * net
        winner, hands_played, state = game_on(state, out, scores, target0, dealer, pts, opts, pol, cards, hands, stock,
                                              trace)
        if winner == 0 and out[R_CALLED] == 0:
            stats[S_CALLED0] += 1
        elif winner == 1 and out[R_CALLED] == 1:
            stats[S_CALLED1] += 1
        stats[S_HANDS] += hands_played
        if winner == 0:
            stats[S_WIN] += 1
        elif winner < 0:
            stats[S_UNFINISHED] += 1


def points_table(options) -> np.ndarray:
    """Card points by layout bit under ``options.count``."""
    pts = np.zeros(64, np.int64)
    for s in range(4):
        for r in range(6):
            pts[16 * s + 2 * r] = pts[16 * s + 2 * r + 1] = options.points[r]
    return pts


def traced_hand(seed: int, index: int, options, mine: int = 0, trump: int = -1, dealer: int = 1,
                scores=(0, 0), target: int | None = None, policy=None) -> dict:
    """Deal hand ``index`` of ``seed`` as the questions do and play it, keeping its trace:
    {"hands", "stock", "turned", "trump", "dealer", "events" (rows ``T_*``), "result"
    (``R_*``)} for the plain-Python replay of the tests and for examples."""
    from ...sim.rng import seed_key
    cards = np.empty(48, np.int64)
    hands = np.zeros(2, np.uint64)
    stock = np.empty(STOCK, np.int64)
    state = np.uint64(stream_key(seed_key(seed), np.int64(index)))
    state, turned = deal_hand(state, np.uint64(mine), np.int64(-1), np.int64(trump), cards, hands, stock)
    trace = np.zeros((MAX_EVENTS, 5), np.int64)
    out = np.zeros(N_RESULT, np.int64)
    target = options.target if target is None else target
    play_hand(hands, stock, np.int64(turned), np.int64(turned >> 4), np.int64(dealer), points_table(options),
              np.int64(options.flags), POLICY if policy is None else policy, np.array(scores, np.int64),
              np.int64(target), trace, out)
    return {"hands": [int(h) for h in hands], "stock": [int(c) for c in stock], "turned": int(turned),
            "trump": int(turned) >> 4, "dealer": dealer, "events": trace[:out[R_EVENTS]].tolist(),
            "result": out.tolist()}


# ----------------------------------------------------------------------------- the play question


@njit(cache=True, nogil=True)
def play_world(key0, i, pool, n_hidden, turned_pos, trump, t0, buf, stock):
    """World ``i`` of the ``play`` question: the unseen ``pool`` shuffled by the world's
    stream into player 1's ``n_hidden`` concealed cards (returned as a mask) and the
    stock's face-down cards from trick ``t0`` on (into ``stock``); the card under the stock
    ``turned_pos``, or when unknown (-1) drawn uniformly among the unseen cards of the
    trump suit.  Returns (player 1's concealed cards, the turned card)."""
    state = stream_key(key0, i)
    m = pool.shape[0]
    for j in range(m):
        buf[j] = pool[j]
    mm = m
    turned = turned_pos
    if turned < 0:
        state, turned, mm = draw_turned(state, buf, mm, trump)
    state = shuffle_into(state, buf, mm)
    opp = ZERO
    for j in range(n_hidden):
        opp |= ONE << np.uint64(buf[j])
    q = n_hidden
    for j in range(2 * t0, STOCK):
        stock[j] = buf[q]
        q += 1
    return opp, turned


@njit(cache=True, nogil=True)
def play_chunk(key0, start, n, pos, pool, n_hidden, turned_known, cands, hand0, table0, used0, runused0, done0,
               meld0, dix0, trump, pts, opts, pol, stats, prods):
    """``n`` worlds from ``start`` of a phase-1 position, each candidate card of player 0
    played in every world and the hand played on by the policy.  ``pos``: (trick, leader,
    the card led or -1, the turned card or -1 when unknown); ``pool``: the unseen cards,
    ``n_hidden`` of them player 1's concealed cards, the rest the stock's face-down cards
    (and the turned card when unknown).  The other arrays are ``play_from``'s state before
    the move.  ``stats[k]``: the candidate's net gain for the rest of the hand (player 0's
    meld and counters from now minus player 1's), summed, squared; won the trick;
    ``prods``: ``sim.leads.book_products`` of the net gains."""
    k = cands.shape[0]
    t0, leader, lead_card, turned_pos = pos[0], pos[1], pos[2], pos[3]
    m = pool.shape[0]
    buf = np.empty(m, np.int64)
    stock = np.zeros(STOCK, np.int64)
    hand, table, runused, meld, taken = (np.zeros(2, np.uint64), np.zeros(2, np.uint64), np.zeros(2, np.uint64),
                                         np.zeros(2, np.int64), np.zeros(2, np.int64))
    used = np.zeros((2, 3), np.uint64)
    done = np.zeros((2, N_DONE), np.int64)
    dix = np.zeros(1, np.uint64)
    trace = np.zeros((MAX_EVENTS, 5), np.int64)
    out = np.zeros(N_RESULT, np.int64)
    scores = np.zeros(2, np.int64)
    vals = np.zeros(k, np.int64)
    far = np.int64(1) << np.int64(40)                 # no call-out: the value is the rest of the hand
    for i in range(start, start + n):
        opp, turned = play_world(key0, i, pool, n_hidden, turned_pos, trump, t0, buf, stock)
        for c in range(k):
            hand[0], hand[1] = hand0[0], hand0[1] | opp
            table[0], table[1] = table0[0], table0[1]
            runused[0], runused[1] = runused0[0], runused0[1]
            for p in range(2):
                for cl in range(3):
                    used[p, cl] = used0[p, cl]
                for d in range(N_DONE):
                    done[p, d] = done0[p, d]
                meld[p] = meld0[p]
                taken[p] = 0
            dix[0] = dix0
            play_from(hand, table, used, runused, done, meld, taken, dix, turned, t0, leader, lead_card, cands[c],
                      stock, trump, pts, opts, pol, scores, far, trace, 0, out)
            vals[c] = (meld[0] - meld0[0] + taken[0]) - (meld[1] - meld0[1] + taken[1])
            stats[c, 0] += vals[c]
            stats[c, 1] += vals[c] * vals[c]
            a = lead_card if lead_card >= 0 else cands[c]
            b = cands[c] if lead_card >= 0 else trace[1, T_A]
            mine_won = (not first_wins(a, b, trump)) if lead_card >= 0 else first_wins(a, b, trump)
            stats[c, 2] += 1 if mine_won else 0
        book_products(prods, vals, 1)
