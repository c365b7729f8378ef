"""The Rummy 500 engine: one hand played out on plain arrays, every player by strategy.

State of a hand (``Board``-like arrays, allocated once per chunk and reused):

- ``hands[p, bit]``: counts of the cards player ``p`` holds (``[p, 0]`` jokers), ``nheld[p]``;
- ``stock[0:n]`` (the top is the last), ``pile[0:n]`` (the bottom first, the top last) and
  ``pile_cnt`` (the pile's cards by bit);
- ``tab`` (``melds.MAX_MELDS`` x ``melds.T_COLS``): the melds on the table;
- ``pts[p]``: what player ``p`` melded and laid off this hand;
- ``sv``: the scalars (``SV_*``: stock and pile sizes, melds on the table, turns, who went
  out, how the hand ended, floating players, Rummy! calls, rule violations caught).

A turn: the draw (the strategy's choice, or a forced one: a question's option, a Rummy!
call), the melds the strategy lays down (a prefix of the best arrangement's rows, which
always holds the deepest card taken when that is a duty), the discard.  A card taken
alone from the pile is never thrown back that turn: if the melds would leave only that
card, the last rows are held back.  After a discard that leaves the pile holding a
Rummy! (``rummy_depth``), the player to draw next may take it as his draw; if he does not,
the others in turn order after the discarder may call it.

Every change of cards goes through ``_take``/``_put``, which count a violation in
``sv[SV_ERR]`` if a card is not where it should be; ``check_cards`` counts every card
at the end of the hand.  Tests require both to stay 0.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...sim.rng import stream_key
from .deck import JOKER_BIT
from .melds import (
    KIND_RUN,
    KIND_SET,
    MAX_MELDS,
    MAX_ROWS,
    R_COLS,
    R_HI,
    R_JMASK,
    R_KIND,
    R_LO,
    R_RANK,
    R_SUIT,
    R_SUITS,
    R_TAB,
    RES_OK,
    RES_ROWS,
    RES_SIZE,
    RES_TRUNCATED,
    ROW_LAY_SET,
    ROW_RUN,
    ROW_SET,
    T_COLS,
    T_HI,
    T_JOKERS,
    T_KIND,
    T_LO,
    T_OWNER,
    T_RANK,
    T_SUIT,
    T_SUITS,
    best_arrangement,
    held_mask,
    new_workspace,
    pos_bit,
    potential_mask,
)
from .rules import (
    ACE_LOW_SLOT,
    F_FLOATING,
    F_OUT_DEAD,
    F_RUMMY,
    F_SINGLE_DUTY,
    MAX_TURNS,
)
from .scoring import game_winner, held_value
from .strategies import (
    DRAW_DECLINE,
    DRAW_POLICY,
    DRAW_STOCK,
    NODE_LIMIT,
    choose_discard,
    choose_draw,
    rand_below,
    rows_to_lay,
    rows_used,
)

MAX_PLAYERS = 8
MAX_CARDS = 108
SV_SIZE = 25
(SV_NSTOCK, SV_NPILE, SV_NTAB, SV_TURNS, SV_OUT, SV_END, SV_FLOATING, SV_STEALS, SV_ERR, SV_TRUNC,
 SV_TAKES, SV_NP, SV_FLAGS, SV_RUMMY_SEEN, SV_TABLE_CARDS, SV_DECK, SV_IDLE, SV_FORCED, SV_STOP,
 SV_NEXT, SV_OUT_PLAYABLE, SV_FIRST_RUMMY, SV_FIRST_TAKEN, SV_DRAWN, SV_TAKE_DEPTH) = range(SV_SIZE)
# SV_DRAWN: the one card just added to the hand with no duty (from the stock, or alone from
# the pile), else -1; SV_TAKE_DEPTH: the pile depth just taken, -1 after a stock draw
# SV_FIRST_RUMMY: after the first turn's discard, 1 if the pile held a Rummy! that was
# taken (by the next player's draw or a call), 2 if it was called by another player;
# SV_FIRST_TAKEN: 1 if the second turn's draw took the first turn's discard
# SV_STOP > 0: play_hand returns after that many turns (tests); SV_NEXT: who moves next
END_NONE, END_OUT, END_STOCK, END_CAP = 0, 1, 2, 3
FIRST_DRAW, FIRST_DISCARD = 0, 1      # the phase the first player starts in
TURN_DISCARDED, TURN_OUT, TURN_FLOATED = 0, 1, 2
# The loop guard: after IDLE_LIMIT rounds of turns in which nobody drew from the stock or
# melded, the player to draw takes the stock (players swapping single pile cards could
# otherwise go round for ever).  Counted in sv[SV_FORCED].
IDLE_LIMIT = 2


class Board:
    """The arrays of one hand in play (and the meld-search workspace), made once per chunk."""

    def __init__(self):
        self.hands = np.zeros((MAX_PLAYERS, 64), np.int64)
        self.nheld = np.zeros(MAX_PLAYERS, np.int64)
        self.stock = np.zeros(MAX_CARDS, np.int64)
        self.pile = np.zeros(MAX_CARDS, np.int64)
        self.pile_cnt = np.zeros(64, np.int64)
        self.tab = np.zeros((MAX_MELDS, T_COLS), np.int64)
        self.pts = np.zeros(MAX_PLAYERS, np.int64)
        self.sv = np.zeros(SV_SIZE, np.int64)
        self.ws = new_workspace()
        # the meld phase's rows, then the draw decision's (the hand as it is, an evaluation, the take chosen)
        self.rows = np.zeros((4 * MAX_ROWS, R_COLS), np.int64)
        self.rows0 = np.zeros((0, R_COLS), np.int64)      # "values only" for the meld search
        self.res = np.zeros(RES_SIZE, np.int64)
        self.tmp = np.zeros((4, 64), np.int64)
        self.opts = np.zeros(MAX_CARDS + 4, np.int64)
        self.rng = np.zeros(1, np.uint64)

    def arrays(self):
        return (self.hands, self.nheld, self.stock, self.pile, self.pile_cnt, self.tab, self.pts, self.sv,
                *self.ws, self.rows, self.rows0, self.res, self.tmp, self.opts, self.rng)


# ---------------------------------------------------------------------------- card moves
@njit(cache=True, nogil=True, forceinline=True)
def _take(hands, nheld, p, b, sv):
    if hands[p, b] <= 0:
        sv[SV_ERR] += 1
        return
    hands[p, b] -= 1
    nheld[p] -= 1


@njit(cache=True, nogil=True, forceinline=True)
def _put(hands, nheld, p, b):
    hands[p, b] += 1
    nheld[p] += 1


@njit(cache=True, nogil=True)
def card_value(b, pos, vals):
    """Value of card ``b`` melded at run position ``pos`` (0: in a set); jokers 15."""
    if b == JOKER_BIT:
        return vals[JOKER_BIT]
    if pos == 1:
        return vals[ACE_LOW_SLOT]
    return vals[b]


@njit(cache=True, nogil=True, forceinline=True)
def _new_meld(tab, sv, kind, suit, lo, hi, rank, suits, jokers, owner):
    m = sv[SV_NTAB]
    if m >= MAX_MELDS:
        sv[SV_ERR] += 1
        return False
    tab[m, T_KIND] = kind
    tab[m, T_SUIT] = suit
    tab[m, T_LO] = lo
    tab[m, T_HI] = hi
    tab[m, T_RANK] = rank
    tab[m, T_SUITS] = suits
    tab[m, T_JOKERS] = jokers
    tab[m, T_OWNER] = owner
    sv[SV_NTAB] = m + 1
    return True


@njit(cache=True, nogil=True)
def apply_rows(p, rows, k, hands, nheld, tab, pts, sv, vals):
    """Lay rows ``0..k-1`` of an arrangement down for player ``p``: new melds go on the
    table, lay-offs extend the table's melds; the cards score for ``p``."""
    for i in range(k):
        kind = rows[i, R_KIND]
        jm = rows[i, R_JMASK]
        gain = 0
        if kind == ROW_SET or kind == ROW_LAY_SET:
            r = rows[i, R_RANK]
            have = rows[i, R_SUITS] | jm
            for t in range(4):
                if (have >> t) & 1:
                    b = JOKER_BIT if (jm >> t) & 1 else t * 16 + r
                    _take(hands, nheld, p, b, sv)
                    gain += card_value(b, np.int64(0), vals)
                    sv[SV_TABLE_CARDS] += 1
            if kind == ROW_SET:
                if not _new_meld(tab, sv, KIND_SET, -1, 0, 0, r, have, jm, p):
                    return
            else:
                m = rows[i, R_TAB]
                if tab[m, T_KIND] != KIND_SET or tab[m, T_RANK] != r or (tab[m, T_SUITS] & have) != 0:
                    sv[SV_ERR] += 1
                tab[m, T_SUITS] |= have
                tab[m, T_JOKERS] |= jm
        else:
            s = rows[i, R_SUIT]
            lo = rows[i, R_LO]
            hi = rows[i, R_HI]
            for q in range(lo, hi + 1):
                b = JOKER_BIT if (jm >> q) & 1 else pos_bit(s, q)
                _take(hands, nheld, p, b, sv)
                gain += card_value(b, q, vals)
                sv[SV_TABLE_CARDS] += 1
            if kind == ROW_RUN:
                if not _new_meld(tab, sv, KIND_RUN, s, lo, hi, 0, 0, jm, p):
                    return
            else:
                m = rows[i, R_TAB]
                if tab[m, T_KIND] != KIND_RUN or tab[m, T_SUIT] != s:
                    sv[SV_ERR] += 1
                if hi == tab[m, T_LO] - 1:
                    tab[m, T_LO] = lo
                elif lo == tab[m, T_HI] + 1:
                    tab[m, T_HI] = hi
                else:
                    sv[SV_ERR] += 1
                if tab[m, T_HI] - tab[m, T_LO] > 12:
                    sv[SV_ERR] += 1
                tab[m, T_JOKERS] |= jm
        pts[p] += gain


@njit(cache=True, nogil=True)
def check_cards(hands, nheld, n_players, sv):
    """Every card accounted for: hands + stock + pile + table = the deck."""
    total = sv[SV_NSTOCK] + sv[SV_NPILE] + sv[SV_TABLE_CARDS]
    for p in range(n_players):
        s = 0
        for b in range(64):
            s += hands[p, b]
        if s != nheld[p]:
            sv[SV_ERR] += 1
        total += s
    if total != sv[SV_DECK]:
        sv[SV_ERR] += 1


@njit(cache=True, nogil=True)
def rummy_depth(pile, npile, tab, ntab, vals, ws_ops, ws_frames, ws_path, work, scratch, rows0, res, tmp):
    """The shallowest pile depth whose card could be melded or laid off with only the pile
    cards from there up and the table (a Rummy!), or -1."""
    for b in range(64):
        tmp[b] = 0
    held = np.uint64(0)
    for d in range(npile - 1, -1, -1):
        c = pile[d]
        tmp[c] += 1
        held |= np.uint64(1) << np.uint64(c)
        if c != JOKER_BIT and not potential_mask(held, tmp[JOKER_BIT], c, tab, ntab, vals):
            continue
        best_arrangement(tmp, tab, ntab, vals, pile[d], NODE_LIMIT, rows0, res, ws_ops, ws_frames, ws_path,
                         work, scratch)
        if res[RES_OK]:
            return d
    return -1


# ---------------------------------------------------------------------------- one turn
@njit(cache=True, nogil=True)
def _draw(p, opt, duty, hands, nheld, stock, pile, pile_cnt, sv):
    """Carry out a draw; returns (must, forbidden): the card that must be melded (-1 none)
    and the card that may not be discarded (-1 none).  ``duty``: the deepest card must be
    melded even if it is taken alone (a Rummy! call)."""
    if opt == DRAW_STOCK:
        n = sv[SV_NSTOCK] - 1
        _put(hands, nheld, p, stock[n])
        sv[SV_NSTOCK] = n
        sv[SV_DRAWN] = stock[n]
        sv[SV_TAKE_DEPTH] = -1
        return -1, -1
    sv[SV_DRAWN] = -1
    sv[SV_TAKE_DEPTH] = opt
    npile = sv[SV_NPILE]
    floating = nheld[p] == 0
    for i in range(opt, npile):
        _put(hands, nheld, p, pile[i])
        pile_cnt[pile[i]] -= 1
    sv[SV_NPILE] = opt
    sv[SV_TAKES] += 1
    deep = pile[opt]
    if duty or npile - opt >= 2 or (sv[SV_FLAGS] & F_SINGLE_DUTY) != 0 or floating or sv[SV_NSTOCK] == 0:
        return deep, -1
    sv[SV_DRAWN] = deep
    return -1, deep


@njit(cache=True, nogil=True)
def _meld_and_discard(p, must, forbidden, forced_discard, hands, nheld, pile, pile_cnt, tab, pts, sv, kinds, sp,
                      vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, rows_draw, res, tmp, opts, rng):
    """The melds and the discard of player ``p`` after his draw.  Returns TURN_OUT (he
    went out: the hand is over), TURN_FLOATED (no discard: he melded his whole hand under
    ``floating``) or TURN_DISCARDED."""
    n_players = sv[SV_NP]
    flags = sv[SV_FLAGS]
    used = tmp[1]
    kept = tmp[2]
    for b in range(64):
        kept[b] = 0
    if forced_discard < 0:
        ntab = sv[SV_NTAB]
        c = sv[SV_DRAWN]
        n_opts = opts.shape[0]
        mine = opts[n_opts - 2] == p
        if mine and sv[SV_TAKE_DEPTH] >= 0 and opts[n_opts - 3] == sv[SV_TAKE_DEPTH]:
            # the pile take the draw decision chose: it arranged exactly this hand already
            nrows = opts[n_opts - 4]
            for i in range(nrows):
                for k in range(R_COLS):
                    rows[i, k] = rows_draw[2 * MAX_ROWS + i, k]
        elif (mine and must < 0 and c > 0
                and not potential_mask(held_mask(hands[p]), hands[p, JOKER_BIT], c, tab, ntab, vals)):
            # one card no meld can use: the arrangement is the one of the hand before it
            nrows = opts[n_opts - 1]
            for i in range(nrows):
                for k in range(R_COLS):
                    rows[i, k] = rows_draw[i, k]
        else:
            best_arrangement(hands[p], tab, ntab, vals, must, NODE_LIMIT, rows, res, ws_ops, ws_frames, ws_path, work,
                             scratch)
            sv[SV_TRUNC] += res[RES_TRUNCATED]
            if res[RES_OK] == 0:
                if must >= 0:
                    sv[SV_ERR] += 1        # a draw was taken that its duty cannot meet
                nrows = 0
            else:
                nrows = res[RES_ROWS]
        opts[n_opts - 2] = -1
        rows_used(rows, nrows, used)
        k = rows_to_lay(p, rows, nrows, must, nheld, hands, sv[SV_NSTOCK], n_players, sp, rng, used)
        # keep a legal discard: the card taken alone from the pile may not be thrown back
        while k > 0:
            rows_used(rows, k, used)
            left = 0
            for b in range(64):
                left += hands[p, b] - used[b]
            # the one copy taken is barred; another copy of the same card (two decks) is not
            other = left - (min(hands[p, forbidden] - used[forbidden], 1) if forbidden >= 0 else 0)
            if left == 0 or other > 0:
                break
            k -= 1
        rows_used(rows, k, used)
        apply_rows(p, rows, k, hands, nheld, tab, pts, sv, vals)
        # the melds held back (the holder's), so the discard keeps them
        rows_used(rows, nrows, kept)
        for b in range(64):
            kept[b] -= used[b]
        if nheld[p] == 0:
            if flags & F_FLOATING:
                sv[SV_FLOATING] |= 1 << p
                return TURN_FLOATED
            return TURN_OUT
        if nheld[p] == 1 and (flags & F_OUT_DEAD):
            # going out by a discard: the last card must be one that could not be played
            b = 0
            while hands[p, b] == 0:
                b += 1
            best_arrangement(hands[p], tab, sv[SV_NTAB], vals, b, NODE_LIMIT, rows, res, ws_ops, ws_frames, ws_path,
                             work, scratch)
            if res[RES_OK]:
                apply_rows(p, rows, res[RES_ROWS], hands, nheld, tab, pts, sv, vals)
                if nheld[p] == 0:
                    if flags & F_FLOATING:
                        sv[SV_FLOATING] |= 1 << p
                        return TURN_FLOATED
                    return TURN_OUT
        c = choose_discard(p, hands[p], forbidden, kept, tab, sv[SV_NTAB], pile_cnt, vals, sp, rng)
    else:
        c = forced_discard
    if c < 0:
        sv[SV_ERR] += 1
        return TURN_FLOATED
    _take(hands, nheld, p, c, sv)
    n = sv[SV_NPILE]
    pile[n] = c
    pile_cnt[c] += 1
    sv[SV_NPILE] = n + 1
    sv[SV_FLOATING] &= ~(1 << p)
    if nheld[p] > 0:
        return TURN_DISCARDED
    # out by a discard: count it when the card could have been played (out_discard=dead
    # forbids it; the tests check the count)
    one = tmp[3]
    for b in range(64):
        one[b] = 0
    one[c] = 1
    best_arrangement(one, tab, sv[SV_NTAB], vals, c, NODE_LIMIT, rows0, res, ws_ops, ws_frames, ws_path, work,
                     scratch)
    if res[RES_OK]:
        sv[SV_OUT_PLAYABLE] += 1
    return TURN_OUT


@njit(cache=True, nogil=True)
def play_hand(first, phase, forced, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, kinds, sp, vals,
              ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res, tmp, opts, rng):
    """Play the hand from its state to the end.  ``first`` moves first; ``phase``
    FIRST_DRAW (``forced``: his draw, or DRAW_POLICY) or FIRST_DISCARD (``forced``: the
    card he throws; he has drawn and melded).  Sets sv[SV_END], sv[SV_OUT]."""
    n_players = sv[SV_NP]
    flags = sv[SV_FLAGS]
    rows_draw = rows[MAX_ROWS:]
    rows = rows[:MAX_ROWS]
    opts[opts.shape[0] - 2] = -1
    no_depth = np.int64(-1)
    no_card = np.int64(-1)
    cur = first
    pending = forced if phase == FIRST_DRAW else DRAW_POLICY
    no = sv[SV_NP] < 0           # False, typed as a plain bool (no literal specialisation)
    pending_duty = no
    discard_first = phase == FIRST_DISCARD
    sv[SV_OUT] = -1
    sv[SV_END] = END_NONE
    while True:
        if sv[SV_TURNS] >= MAX_TURNS:
            sv[SV_END] = END_CAP
            break
        if sv[SV_STOP] > 0 and sv[SV_TURNS] >= sv[SV_STOP]:
            sv[SV_NEXT] = cur
            return
        sv[SV_TURNS] += 1
        if discard_first:
            discard_first = False
            code = _meld_and_discard(cur, no_card, no_card, forced, hands, nheld, pile, pile_cnt, tab, pts, sv,
                                     kinds, sp, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, rows_draw, res, tmp,
                                     opts, rng)
        else:
            opt = pending
            duty = pending_duty
            pending = DRAW_POLICY
            pending_duty = no
            if opt == DRAW_POLICY:
                opt, tr = choose_draw(cur, hands, nheld, pile, sv[SV_NPILE], sv[SV_NSTOCK], tab, sv[SV_NTAB], vals,
                                      flags, sp, rng, ws_ops, ws_frames, ws_path, work, scratch, rows0, rows_draw,
                                      res, tmp[0], opts, no_depth)
                sv[SV_TRUNC] += tr
            if sv[SV_IDLE] >= IDLE_LIMIT * n_players and sv[SV_NSTOCK] > 0 and not duty:
                opt = DRAW_STOCK              # the loop guard (see IDLE_LIMIT)
                sv[SV_FORCED] += 1
            if opt == DRAW_STOCK and sv[SV_NSTOCK] == 0:
                opt = DRAW_DECLINE
            if opt == DRAW_DECLINE or opt >= sv[SV_NPILE]:
                sv[SV_END] = END_STOCK
                break
            if sv[SV_TURNS] == 2 and opt >= 0:
                sv[SV_FIRST_TAKEN] = 1
            on_table = sv[SV_TABLE_CARDS]
            if opt == DRAW_STOCK:
                sv[SV_IDLE] = 0
            else:
                sv[SV_IDLE] += 1
            must, forbidden = _draw(cur, opt, duty, hands, nheld, stock, pile, pile_cnt, sv)
            code = _meld_and_discard(cur, must, forbidden, no_card, hands, nheld, pile, pile_cnt, tab, pts, sv,
                                     kinds, sp, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, rows_draw, res, tmp,
                                     opts, rng)
            if sv[SV_TABLE_CARDS] != on_table:
                sv[SV_IDLE] = 0
        if code == TURN_OUT:
            sv[SV_END] = END_OUT
            sv[SV_OUT] = cur
            break
        nxt = (cur + 1) % n_players
        if code == TURN_DISCARDED and (flags & F_RUMMY) and n_players > 1:
            d = rummy_depth(pile, sv[SV_NPILE], tab, sv[SV_NTAB], vals, ws_ops, ws_frames, ws_path, work, scratch,
                            rows0, res, tmp[3])
            if d >= 0:
                sv[SV_RUMMY_SEEN] += 1
                # the player to draw has priority: taking that part of the pile is his draw
                opt, tr = choose_draw(nxt, hands, nheld, pile, sv[SV_NPILE], sv[SV_NSTOCK], tab, sv[SV_NTAB], vals,
                                      flags, sp, rng, ws_ops, ws_frames, ws_path, work, scratch, rows0, rows_draw,
                                      res, tmp[0], opts, no_depth)
                sv[SV_TRUNC] += tr
                pending = opt
                if sv[SV_TURNS] == 1 and opt >= 0 and opt <= d:
                    sv[SV_FIRST_RUMMY] = 1
                if not (opt >= 0 and opt <= d):
                    for k in range(2, n_players):
                        r = (cur + k) % n_players
                        call, tr = choose_draw(r, hands, nheld, pile, sv[SV_NPILE], sv[SV_NSTOCK], tab, sv[SV_NTAB],
                                               vals, flags, sp, rng, ws_ops, ws_frames, ws_path, work, scratch,
                                               rows0, rows_draw, res, tmp[0], opts, d)
                        sv[SV_TRUNC] += tr
                        if call >= 0:
                            if sv[SV_TURNS] == 1:
                                sv[SV_FIRST_RUMMY] = 2
                            sv[SV_STEALS] += 1
                            nxt = r
                            pending = d
                            pending_duty = True
                            break
        cur = nxt
    check_cards(hands, nheld, n_players, sv)


# ---------------------------------------------------------------------------- dealing
@njit(cache=True, nogil=True)
def shuffle(cards, n, rng):
    """Fisher-Yates over ``cards[0:n]`` with the generator ``rng``."""
    for i in range(n - 1, 0, -1):
        j = rand_below(rng, i + 1)
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c


@njit(cache=True, nogil=True)
def reset(hands, nheld, pile_cnt, tab, pts, sv, n_players, flags, deck_size):
    for p in range(MAX_PLAYERS):
        nheld[p] = 0
        pts[p] = 0
        for b in range(64):
            hands[p, b] = 0
    for b in range(64):
        pile_cnt[b] = 0
    for i in range(SV_SIZE):
        sv[i] = 0
    sv[SV_NP] = n_players
    sv[SV_FLAGS] = flags
    sv[SV_DECK] = deck_size
    sv[SV_OUT] = -1


@njit(cache=True, nogil=True)
def deal(deck, n_players, hand_size, flags, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, rng):
    """A fresh hand: shuffle ``deck`` (card bits), deal ``hand_size`` each, one card up to
    start the pile, the rest the stock."""
    n = deck.shape[0]
    reset(hands, nheld, pile_cnt, tab, pts, sv, n_players, flags, n)
    for i in range(n):
        stock[i] = deck[i]
    shuffle(stock, n, rng)
    k = n
    for p in range(n_players):
        for _ in range(hand_size):
            k -= 1
            _put(hands, nheld, p, stock[k])
    k -= 1
    pile[0] = stock[k]
    pile_cnt[stock[k]] += 1
    sv[SV_NPILE] = 1
    sv[SV_NSTOCK] = k


@njit(cache=True, nogil=True)
def hand_scores(hands, pts, n_players, vals, out):
    for p in range(n_players):
        out[p] = pts[p] - held_value(hands[p], vals)


# ---------------------------------------------------------------------------- chunks
HAND_STATS = 12      # per seat: n, score sum, score sq, went out, ... (see hands_chunk)
(H_SCORE, H_SCORE2, H_OUT, H_HELD, H_MELDED) = range(5)
TURN_BINS = 201      # turns histogram: 0..199, 200 = 200 or more
N_GLOBAL = 8
(G_HANDS, G_ERR, G_TRUNC, G_STEALS, G_RUMMY, G_TAKES, G_CAP, G_STOCK_END) = range(N_GLOBAL)


@njit(cache=True, nogil=True)
def hands_chunk(key0, start, n, deck, n_players, hand_size, flags, kinds, sp, vals, seat_stats, turns_hist,
                glob, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, ws_ops, ws_frames, ws_path, work, scratch,
                rows, rows0, res, tmp, opts, rng):
    """Whole random hands ``start..start+n-1``: deal, play every seat by its strategy.
    ``seat_stats[p, H_*]`` sums, ``turns_hist[t]`` hands that lasted t turns, ``glob``."""
    scores = np.zeros(MAX_PLAYERS, np.int64)
    for i in range(start, start + n):
        rng[0] = stream_key(key0, i)
        deal(deck, n_players, hand_size, flags, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, rng)
        play_hand(i % n_players, np.int64(FIRST_DRAW), np.int64(DRAW_POLICY), hands, nheld, stock, pile,
                  pile_cnt, tab, pts, sv, kinds, sp, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0,
                  res, tmp, opts, rng)
        hand_scores(hands, pts, n_players, vals, scores)
        for p in range(n_players):
            seat_stats[p, H_SCORE] += scores[p]
            seat_stats[p, H_SCORE2] += scores[p] * scores[p]
            seat_stats[p, H_HELD] += nheld[p]
            seat_stats[p, H_MELDED] += pts[p]
        if sv[SV_OUT] >= 0:
            seat_stats[sv[SV_OUT], H_OUT] += 1
        turns_hist[min(sv[SV_TURNS], TURN_BINS - 1)] += 1
        glob[G_HANDS] += 1
        glob[G_ERR] += sv[SV_ERR]
        glob[G_TRUNC] += sv[SV_TRUNC]
        glob[G_STEALS] += sv[SV_STEALS]
        glob[G_RUMMY] += sv[SV_RUMMY_SEEN]
        glob[G_TAKES] += sv[SV_TAKES]
        glob[G_CAP] += sv[SV_END] == END_CAP
        glob[G_STOCK_END] += sv[SV_END] == END_STOCK


# ---------------------------------------------------------------------------- games
GAME_STATS = 8       # per strategy: seat-games, wins, seat-hands, points, points^2, final, unfinished, went out
(S_SEATS, S_WINS, S_HANDS, S_POINTS, S_POINTS2, S_FINAL, S_UNFINISHED, S_OUT) = range(GAME_STATS)
N_GAME_GLOBAL = 6
(GG_GAMES, GG_HANDS, GG_HANDS2, GG_UNFINISHED, GG_ERR, GG_TRUNC) = range(N_GAME_GLOBAL)


@njit(cache=True, nogil=True)
def play_game(key, dealer, n_players, deck, hand_size, flags, kinds, sp, vals, target, max_hands, scores,
              hand_pts, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, ws_ops, ws_frames, ws_path, work, scratch,
              rows, rows0, res, tmp, opts, rng):
    """Hands until someone has ``target`` or more with the highest score alone (``scores``
    start as given: 0 for a new game).  Hand ``h`` is dealt from stream ``(key, h)``; the
    dealer moves left each hand, his left leads.  ``hand_pts[p]`` collects each seat's
    sum of hand scores and ``hand_pts[MAX_PLAYERS + p]`` their squares, ``hand_pts[2 *
    MAX_PLAYERS + p]`` how often the seat went out.  Returns (winner or -1, hands, errors,
    truncated searches)."""
    hs = np.zeros(MAX_PLAYERS, np.int64)
    err = 0
    trunc = 0
    for h in range(max_hands):
        rng[0] = stream_key(key, h)
        deal(deck, n_players, hand_size, flags, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, rng)
        first = (dealer + h + 1) % n_players
        play_hand(first, np.int64(FIRST_DRAW), np.int64(DRAW_POLICY), hands, nheld, stock, pile, pile_cnt, tab, pts,
                  sv, kinds, sp, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res, tmp, opts, rng)
        err += sv[SV_ERR]
        trunc += sv[SV_TRUNC]
        hand_scores(hands, pts, n_players, vals, hs)
        for p in range(n_players):
            scores[p] += hs[p]
            hand_pts[p] += hs[p]
            hand_pts[MAX_PLAYERS + p] += hs[p] * hs[p]
        if sv[SV_OUT] >= 0:
            hand_pts[2 * MAX_PLAYERS + sv[SV_OUT]] += 1
        w = game_winner(scores, n_players, target)
        if w >= 0:
            return w, h + 1, err, trunc
    return -1, max_hands, err, trunc


@njit(cache=True, nogil=True)
def games_chunk(key0, start, n, deck, n_players, hand_size, flags, sp_all, seatings, vals, target, max_hands,
                strat_stats, glob, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, ws_ops, ws_frames, ws_path,
                work, scratch, rows, rows0, res, tmp, opts, rng):
    """Whole games ``start..start+n-1``: game g seats ``seatings[g % R]`` (a strategy index
    per seat), the first dealer ``(g // R) % n_players``; per strategy sums in
    ``strat_stats[k, S_*]``, per game in ``glob``."""
    n_rot = seatings.shape[0]
    kinds = np.zeros(n_players, np.int64)
    sp = np.zeros((n_players, sp_all.shape[1]), np.float64)
    scores = np.zeros(MAX_PLAYERS, np.int64)
    hand_pts = np.zeros(3 * MAX_PLAYERS, np.int64)
    for g in range(start, start + n):
        rot = g % n_rot
        for p in range(n_players):
            for k in range(sp_all.shape[1]):
                sp[p, k] = sp_all[seatings[rot, p], k]
            scores[p] = 0
        for i in range(3 * MAX_PLAYERS):
            hand_pts[i] = 0
        w, nh, err, trunc = play_game(stream_key(key0, g), (g // n_rot) % n_players, n_players, deck, hand_size,
                                      flags, kinds, sp, vals, target, max_hands, scores, hand_pts, hands, nheld,
                                      stock, pile, pile_cnt, tab, pts, sv, ws_ops, ws_frames, ws_path, work, scratch,
                                      rows, rows0, res, tmp, opts, rng)
        glob[GG_GAMES] += 1
        glob[GG_HANDS] += nh
        glob[GG_HANDS2] += nh * nh
        glob[GG_ERR] += err
        glob[GG_TRUNC] += trunc
        if w < 0:
            glob[GG_UNFINISHED] += 1
        for p in range(n_players):
            k = seatings[rot, p]
            strat_stats[k, S_SEATS] += 1
            strat_stats[k, S_HANDS] += nh
            strat_stats[k, S_POINTS] += hand_pts[p]
            strat_stats[k, S_POINTS2] += hand_pts[MAX_PLAYERS + p]
            strat_stats[k, S_FINAL] += scores[p]
            strat_stats[k, S_OUT] += hand_pts[2 * MAX_PLAYERS + p]
            if w == p:
                strat_stats[k, S_WINS] += 1
            if w < 0:
                strat_stats[k, S_UNFINISHED] += 1


# ---------------------------------------------------------------------------- positions
POS_STATS = 16       # per option (see position_chunk); PS_DIFF: its score minus option 0's, same deal;
#                      PS_MDIFF: its margin over the best opponent minus option 0's, same deal
(PS_N, PS_SCORE, PS_SCORE2, PS_MARGIN, PS_MARGIN2, PS_OUT, PS_WIN, PS_TURNS, PS_RUMMY, PS_STEAL, PS_TAKEN,
 PS_ERR, PS_DIFF, PS_DIFF2, PS_MDIFF, PS_MDIFF2) = range(POS_STATS)
OPT_DRAW, OPT_DISCARD = 0, 1


@njit(cache=True, nogil=True)
def _copy_board(src_hands, src_nheld, src_stock, src_pile, src_pile_cnt, src_tab, src_sv, hands, nheld, stock, pile,
                pile_cnt, tab, pts, sv):
    for p in range(MAX_PLAYERS):
        nheld[p] = src_nheld[p]
        pts[p] = 0
        for b in range(64):
            hands[p, b] = src_hands[p, b]
    for i in range(src_sv[SV_NSTOCK]):
        stock[i] = src_stock[i]
    for i in range(src_sv[SV_NPILE]):
        pile[i] = src_pile[i]
    for b in range(64):
        pile_cnt[b] = src_pile_cnt[b]
    for m in range(src_sv[SV_NTAB]):
        for k in range(T_COLS):
            tab[m, k] = src_tab[m, k]
    for i in range(SV_SIZE):
        sv[i] = src_sv[i]


@njit(cache=True, nogil=True)
def position_chunk(key0, start, n, base_hands, base_nheld, base_pile, base_pile_cnt, base_tab, base_sv, pool,
                   opt_kind, opt_value, kinds, sp, vals, scores0, deck, hand_size, target, max_hands, stats, cross,
                   t_hands, t_nheld, t_stock, t_pile, t_pile_cnt, t_tab, t_pts, t_sv,
                   hands, nheld, stock, pile, pile_cnt, tab, pts, sv, ws_ops, ws_frames, ws_path, work, scratch, rows,
                   rows0, res, tmp, opts, rng):
    """Deals ``start..start+n-1`` of a position: seat 0 (you) holds ``base_hands[0]``;
    the unseen cards ``pool`` are shuffled into the opponents' hands (``base_nheld[p]``
    cards each) and the stock; then every option is played from the same deal: a draw
    (``opt_kind`` OPT_DRAW, ``opt_value`` its code) or a discard (OPT_DISCARD, the card).
    ``scores0[:MAX_PLAYERS]``: the game scores before the rest of the hand; with
    ``scores0[MAX_PLAYERS] == 1`` the game is played on to ``target`` (P(win) in PS_WIN).
    ``t_*``: the deal's template; ``stats[option, PS_*]`` (PS_DIFF, PS_MDIFF: the option's
    score and margin over the best opponent minus option 0's on the same deal);
    ``cross[o, k]``: the sums over the deals of the products of options ``o`` and ``k``'s
    margin differences (index 0) and of their game wins (1), for the paired difference
    of any two options (``verdict.paired_se``)."""
    n_players = base_sv[SV_NP]
    n_pool = pool.shape[0]
    cards = np.empty(max(n_pool, 1), np.int64)
    hs = np.zeros(MAX_PLAYERS, np.int64)
    gscores = np.zeros(MAX_PLAYERS, np.int64)
    hand_pts = np.zeros(3 * MAX_PLAYERS, np.int64)
    with_game = scores0[MAX_PLAYERS] == 1
    first = np.int64(0)
    first_margin = np.int64(0)
    n_opt = opt_kind.shape[0]
    dm = np.zeros(n_opt, np.int64)
    won = np.zeros(n_opt, np.int64)
    for i in range(start, start + n):
        key = stream_key(key0, i)
        rng[0] = key
        # the deal: what you cannot see, consistent with what you can
        for j in range(n_pool):
            cards[j] = pool[j]
        shuffle(cards, n_pool, rng)
        _copy_board(base_hands, base_nheld, t_stock, base_pile, base_pile_cnt, base_tab, base_sv, t_hands, t_nheld,
                    t_stock, t_pile, t_pile_cnt, t_tab, t_pts, t_sv)      # (base_sv holds no stock)
        k = 0
        for p in range(1, n_players):
            for _ in range(base_nheld[p]):
                t_hands[p, cards[k]] += 1
                k += 1
        ns = 0
        while k < n_pool:
            t_stock[ns] = cards[k]
            ns += 1
            k += 1
        t_sv[SV_NSTOCK] = ns
        play_state = rng[0]
        for o in range(opt_kind.shape[0]):
            _copy_board(t_hands, t_nheld, t_stock, t_pile, t_pile_cnt, t_tab, t_sv, hands, nheld, stock, pile,
                        pile_cnt, tab, pts, sv)
            rng[0] = play_state
            if opt_kind[o] == OPT_DRAW:
                play_hand(np.int64(0), np.int64(FIRST_DRAW), opt_value[o], hands, nheld, stock, pile, pile_cnt, tab,
                          pts, sv, kinds, sp, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res, tmp,
                          opts, rng)
            else:
                play_hand(np.int64(0), np.int64(FIRST_DISCARD), opt_value[o], hands, nheld, stock, pile, pile_cnt,
                          tab, pts, sv, kinds, sp, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res,
                          tmp, opts, rng)
            hand_scores(hands, pts, n_players, vals, hs)
            best_other = -1 << 30
            for p in range(1, n_players):
                best_other = max(best_other, hs[p])
            margin = hs[0] - best_other
            st = stats[o]
            if o == 0:
                first = hs[0]
                first_margin = margin
            st[PS_DIFF] += hs[0] - first
            st[PS_DIFF2] += (hs[0] - first) * (hs[0] - first)
            st[PS_MDIFF] += margin - first_margin
            st[PS_MDIFF2] += (margin - first_margin) * (margin - first_margin)
            dm[o] = margin - first_margin
            won[o] = 0
            st[PS_N] += 1
            st[PS_SCORE] += hs[0]
            st[PS_SCORE2] += hs[0] * hs[0]
            st[PS_MARGIN] += margin
            st[PS_MARGIN2] += margin * margin
            st[PS_OUT] += sv[SV_OUT] == 0
            st[PS_TURNS] += sv[SV_TURNS]
            st[PS_RUMMY] += sv[SV_FIRST_RUMMY] > 0
            st[PS_STEAL] += sv[SV_FIRST_RUMMY] == 2
            st[PS_TAKEN] += sv[SV_FIRST_TAKEN]
            st[PS_ERR] += sv[SV_ERR]
            if with_game:
                for p in range(n_players):
                    gscores[p] = scores0[p] + hs[p]
                w = game_winner(gscores, n_players, target)
                if w < 0:
                    # later hands: you deal the next, then the deal passes left; the same
                    # deals for every option
                    w, nh, err, trunc = play_game(stream_key(key, 1), np.int64(0), n_players, deck, hand_size,
                                                  base_sv[SV_FLAGS], kinds, sp, vals, target, max_hands, gscores,
                                                  hand_pts, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, ws_ops,
                                                  ws_frames, ws_path, work, scratch, rows, rows0, res, tmp, opts, rng)
                    st[PS_ERR] += err
                st[PS_WIN] += w == 0
                won[o] = w == 0
        for o in range(n_opt):
            for k in range(n_opt):
                cross[o, k, 0] += dm[o] * dm[k]
                cross[o, k, 1] += won[o] * won[k]


# ---------------------------------------------------------------------------- Python side
def set_board(board: Board, hands, pile, table, ntab, stock, n_players: int, flags: int, deck_size: int,
              table_cards: int = 0):
    """Put a position on ``board``: ``hands`` a list of card-bit lists per seat, ``pile``
    bottom to top, ``table``/``ntab`` the melds, ``stock`` the stock with its top last."""
    reset(board.hands, board.nheld, board.pile_cnt, board.tab, board.pts, board.sv, np.int64(n_players),
          np.int64(flags), np.int64(deck_size))
    for p, cards in enumerate(hands):
        for b in cards:
            board.hands[p, b] += 1
        board.nheld[p] = len(cards)
    board.pile[:len(pile)] = pile
    for b in pile:
        board.pile_cnt[b] += 1
    board.stock[:len(stock)] = stock
    board.tab[:] = table
    sv = board.sv
    sv[SV_NPILE], sv[SV_NSTOCK], sv[SV_NTAB], sv[SV_TABLE_CARDS] = len(pile), len(stock), ntab, table_cards


def run(board: Board, first: int, kinds, sp, vals, phase: int = FIRST_DRAW, forced: int = DRAW_POLICY,
        stop: int = 0, seed_state: int = 1):
    """Play the position on ``board`` (to the end, or ``stop`` turns)."""
    board.sv[SV_STOP] = stop
    board.rng[0] = np.uint64(seed_state)
    play_hand(np.int64(first), np.int64(phase), np.int64(forced), board.hands, board.nheld, board.stock, board.pile,
              board.pile_cnt, board.tab, board.pts, board.sv, kinds, sp, vals, *board.ws, board.rows, board.rows0,
              board.res, board.tmp, board.opts, board.rng)
