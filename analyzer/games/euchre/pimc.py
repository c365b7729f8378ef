"""Euchre with single-dummy play: each player decides from what it can see.

At every card a seat of ``pimc_seats`` (a mask) samples ``n_worlds`` layouts of the cards
it cannot see (``sim.hidden``) and plays the card that reaches what its side needs in most
of them (``tricks.pimc.choose``, the heuristic's card as the tie-break); the other seats
play the heuristic (``play.heuristic_card``).  Seats are the playing order, as in
``play`` (seat + 1 plays next; a lone maker's partner sits out).

What a seat knows, exactly:

* its own hand and every card played; the suits each seat has shown void in (the left
  bower is a trump: the layout's lanes are the effective suits);
* the upcard: turned down (round two, or its dealer sitting out behind a lone partner),
  every seat knows it is out of play; picked up, it is in the dealer's hand or, when the
  rules let the dealer discard it (the default), possibly his discard -- never in the
  stock nor another hand; the dealer knows his own discard;
* the cards not dealt (the stock: 13 of the 24 two-handed, 3 four-handed) and the hand of
  a lone maker's partner are hidden from everybody: one slot of the worlds, out of play.

Worlds are uniform among the layouts consistent with those facts (the auction and the
dealer's choice of discard are not among them, as in Five Hundred).

What a seat wants: the makers need 3 tricks, a maker's seat wants them reached, a
defender wants them missed.  Once the makers have 3 and the defenders none, the march is
still at stake (2 points for 1, 4 alone) and the target becomes all 5: the makers want
every trick left, the defenders one.  Once the defenders have a trick after the makers
reached 3, or the makers cannot reach 3, the result is decided and the heuristic plays on.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, low_index, popcount
from ...sim.constrained import D_W, book_deal, deal_scratch
from ...sim.deal import _deal_into
from ...sim.hidden import seat_worlds as draw_seat_worlds
from ...sim.models import DD as MODEL_DD, HEURISTIC as MODEL_HEURISTIC, PIMC as MODEL_PIMC  # noqa: F401
from ...sim.rng import mix64, stream_key
from ...tricks.dd import C_NEXT, C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, PEXT8, _make_cfg, _solve_kernel
from ...tricks.heuristic import rule_suits
from ...tricks.pimc import candidates, choose, choose_plain
from ...tricks.tables import R_DECK, R_DUP_SHIFT, R_FREE, R_SUIT, R_TRUMP, R_TRUMP_SUIT
from .deck import N_TRICKS
from .play import (NO_SEAT, OPT_NO_UP_DISCARD, TRACE_COLS, _beats, _next, auction, deal_passed, heuristic_card,
                   outcome_of, prepare_play)
from .rules import LANE, to_trump
from .scoring import REDEAL

DEFAULT_WORLDS = 32
MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # play_out_pimc's ``mode``
REJECTION_TRIES = 16
MAKE = 3                                          # the makers' tricks to make the hand
WORLD_SALT = np.uint64(0xE0C4E5EED5A17)          # separates the worlds' streams from the deal's
MAX_WORLD_SLOTS = 6                               # 3 other hands, the discard, the stock


@njit(cache=True, forceinline=True)
def _void_cards(rules, v):
    m = ZERO
    for s in range(4):
        if (v >> s) & 1:
            m |= rules[R_SUIT + s]
    return m


@njit(cache=True, forceinline=True)
def world_key(deal_key):
    """The worlds' key of a deal (independent of the deal's own stream)."""
    return mix64(deal_key ^ WORLD_SALT)


@njit(cache=True, nogil=True)
def seat_worlds(rules, hands, n, viewer, out, dealer, up, up_free, dealer_known, known, played, voids,
                key, worlds, need, allowed, slot_seat):
    """Fill ``worlds[:W]`` (W = ``worlds.shape[0]``) with layouts of what ``viewer`` cannot
    see; returns the number drawn (``sample_worlds``'s code when <= 0).

    ``hands``: the true hands now (layout masks; only the card counts of the others are
    read); ``up``: the upcard the dealer picked up (0: none picked up); ``up_free``: the
    dealer may have discarded it; ``dealer_known``: the dealer's discard; ``known``: cards
    every seat knows are out of play (a turned-down upcard); ``voids``: 4 bits a seat.
    Slots: every other active seat's hand, the dealer's discard (when he picked up and
    the viewer is not he), the rest (the stock and a sitting-out partner's hand)."""
    deck = rules[R_DECK]
    mine = hands[viewer]
    hidden = deck & ~played & ~mine & ~known
    if viewer == dealer:
        hidden &= ~dealer_known
    up_hidden = up & hidden       # the picked-up upcard, not played, not the viewer's
    k = 0
    total = 0
    for s in range(n):
        if s == viewer or s == out:
            continue
        need[k] = popcount(hands[s])
        a = hidden & ~_void_cards(rules, (voids >> (4 * s)) & 15)
        if s != dealer:
            a &= ~up_hidden
        allowed[k] = a
        slot_seat[k] = s
        total += need[k]
        k += 1
    if up != ZERO and viewer != dealer:
        need[k] = 1
        allowed[k] = hidden if up_free else hidden & ~up_hidden
        slot_seat[k] = -1
        total += 1
        k += 1
    rest = popcount(hidden) - total
    if rest > 0:
        need[k] = rest
        allowed[k] = hidden & ~up_hidden
        slot_seat[k] = -1
        k += 1
    known = np.zeros(MAX_SEATS, np.uint64)
    known[viewer] = mine
    return draw_seat_worlds(key, hidden, need[:k].copy(), allowed[:k].copy(), slot_seat[:k].copy(), known, worlds,
                            np.int64(REJECTION_TRIES))


@njit(cache=True, forceinline=True)
def target_of(taken, t):
    """What the makers need from trick ``t`` on, having taken ``taken``: 3 - taken, then
    (made, no trick lost) every trick left for the march; 0 when decided."""
    if taken < MAKE:
        need = MAKE - taken
        return need if need <= N_TRICKS - t else 0
    if taken == t:
        return N_TRICKS - t
    return 0


@njit(cache=True, nogil=True)
def play_out_pimc(rules, hands, n, leader, out, maker, known, dealer, dealer_known, up, up_free,
                  pimc_seats, n_worlds, mode, first, key, tt, stats, genbox, trace, record):
    """``play.play_tricks`` with the seats of ``pimc_seats`` (mask) playing single-dummy;
    returns the makers' tricks.  ``hands`` (layout masks, n of them) is modified; ``up``:
    the upcard the dealer picked up (layout; 0 when none was), ``up_free``: he may have
    discarded it; ``key`` seeds the worlds (one stream per card played); ``genbox``
    (int64, >= 1) carries the solver table's generation.  ``mode``: MODE_SAMPLE;
    MODE_SEE_ALL, the one world is the true deal (the threshold's double-dummy play, for
    tests); MODE_PLAIN, the same worlds decided by ``tricks.pimc.choose_plain`` (every
    legal card, exact values: the benchmark's baseline).  ``first`` >= 0: the layout bit
    of the opening lead, forced (the lead question)."""
    if record:
        trace[:, :] = -1
    deck = rules[R_DECK]
    trump = rules[R_TRUMP]
    free = rules[R_FREE]
    shift = rules[R_DUP_SHIFT]
    ts = np.int64(rules[R_TRUMP_SUIT])
    suits = rule_suits(rules)
    n_active = n - 1 if out >= 0 else n
    maker_side = maker & 1
    active = (1 << n) - 1
    if out >= 0:
        active &= ~(1 << out)
    makers = 0
    for s in range(n):
        if (active >> s) & 1 and (s & 1) == maker_side:
            makers |= 1 << s
    cfgs = np.empty((1, C_SIZE), np.int64)
    _make_cfg(cfgs[0], np.int64(n), np.int64(active), np.int64(makers), np.int64(makers), rules, np.int64(O_ALL),
              np.int64(1))
    nw = max(n_worlds, 1)
    worlds = np.zeros((nw, MAX_SEATS), np.uint64)
    need = np.zeros(MAX_WORLD_SLOTS, np.int64)
    allowed = np.zeros(MAX_WORLD_SLOTS, np.uint64)
    slot_seat = np.zeros(MAX_WORLD_SLOTS, np.int64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    scores = np.zeros(MAX_MOVES, np.int64)
    values = np.zeros((nw if mode == MODE_PLAIN else 1, MAX_MOVES), np.int64)
    played = ZERO
    voids = 0           # 4 bits per seat: suits shown void
    suits_led = 0
    taken = 0
    row = 0
    for t in range(N_TRICKS):
        seat = leader
        best = ZERO
        winner = leader
        led = 0
        led_suit = ZERO
        trick = ZERO
        left = N_TRICKS - t
        target = target_of(taken, t)
        for pos in range(n_active):
            hand = hands[seat]
            if hand & (hand - ONE) == ZERO:
                card = hand     # the last card: nothing to choose
            elif t == 0 and pos == 0 and first >= 0:
                card = ONE << np.uint64(first & 63)
            else:
                card = heuristic_card(suits, trump, free, shift, ts, deck, hand, seat, pos, n, out,
                                      n_active, maker_side, played, known, dealer, dealer_known,
                                      voids, led, led_suit, best, winner)
                if tt is not None:   # None: compiled without the solver (heuristic play only)
                    if ((pimc_seats >> seat) & 1) and target > 0:
                        if pos == 0:
                            legal = hand
                        else:
                            legal = hand & led_suit
                            if legal == ZERO:
                                legal = hand
                        unpl = (deck & ~played & ~known) | trick
                        if seat == dealer:
                            unpl &= ~dealer_known
                        nc = candidates(rules, hand, legal, np.int64(0), unpl, codes, members)
                        if nc > 1:
                            if mode == MODE_SEE_ALL:
                                for s in range(MAX_SEATS):
                                    worlds[0, s] = hands[s] if s < n and (active >> s) & 1 else ZERO
                                got = 1
                            else:
                                got = seat_worlds(rules, hands, n, seat, out, dealer, up, up_free, dealer_known,
                                                  known, played, voids, stream_key(key, t * 8 + pos), worlds,
                                                  need, allowed, slot_seat)
                            if got > 0:
                                for s in range(n):
                                    v5[s] = (voids >> (4 * s)) & 15
                                hint = np.int64(low_index(card))
                                if mode == MODE_PLAIN:
                                    code = choose_plain(rules, cfgs, worlds, np.int64(got), v5, tt, stats, genbox,
                                                        np.int64(seat), np.int64(pos), np.int64(leader), np.int64(led),
                                                        best, np.int64(winner), trick, np.int64(suits_led),
                                                        np.int64(left), np.int64(target), legal, np.int64(0), hint,
                                                        values)
                                else:
                                    code = choose(rules, cfgs, worlds, np.int64(got), v5, tt, stats, genbox,
                                                  np.int64(seat), np.int64(pos), np.int64(leader), np.int64(led), best,
                                                  np.int64(winner), trick, np.int64(suits_led), np.int64(left),
                                                  np.int64(target), codes, members, np.int64(nc), hint, scores)
                                card = ONE << np.uint64(code & 63)
            if pos == 0:
                led = low_index(card) >> 4
                led_suit = deck & (LANE << np.uint64(16 * led))
                suits_led |= 1 << led
                best = card
                winner = seat
            else:
                if not (hand & led_suit):
                    voids |= 1 << (4 * seat + led)
                if _beats(trump, led_suit, card, best):
                    best = card
                    winner = seat
            hands[seat] = hand & ~card
            played |= card
            trick |= card
            if record:
                trace[row, 0] = t
                trace[row, 1] = seat
                trace[row, 2] = low_index(card)
                trace[row, 3] = led
                row += 1
            seat = _next(seat, n, out)
        if (winner & 1) == maker_side:
            taken += 1
        leader = winner
    return taken


@njit(cache=True, forceinline=True)
def held_upcard(up, trump, rnd, dealer, out):
    """The upcard in trump's layout when the dealer picked it up (round one, the dealer
    playing), else 0."""
    if rnd == 1 and dealer != out:
        return to_trump(up, trump)
    return ZERO


@njit(cache=True, nogil=True)
def pimc_made(tables, hands_nat, lay, n, dealer, up, maker, trump, alone, rnd, my_discard, flags,
              pimc_seats, n_worlds, mode, key, tt, stats, genbox, trace, record):
    """``play.play_made`` with single-dummy play at the seats ``pimc_seats``: the same
    pickup and discard, then ``play_out_pimc``.  Returns the makers' tricks."""
    leader, out, known, dealer_known = prepare_play(tables, hands_nat, lay, n, dealer, up, maker,
                                                    trump, alone, rnd, my_discard, flags)
    u = held_upcard(up, trump, rnd, dealer, out)
    return play_out_pimc(tables[trump], lay, n, leader, out, maker, known, dealer, dealer_known, u,
                         (flags & OPT_NO_UP_DISCARD) == 0, pimc_seats, n_worlds, mode, np.int64(-1), key, tt,
                         stats, genbox, trace, record)


@njit(cache=True, nogil=True)
def question_chunk_pimc(key0, start, n_deals, pool, sizes, constrained, free, table, my_hand, up, n,
                        dealer, decision_turn, acts, discards, tables, flags, pol, batch, hist,
                        trick_hist, counters, n_worlds, tt, stats):
    """``play.question_chunk`` with single-dummy play at every seat (``n_worlds`` worlds a
    card): the same deals, weights and auction; action ``a``'s worlds are keyed by the
    deal's stream and ``a`` (the same answer on any number of threads)."""
    hands = np.empty(n, np.uint64)
    lay = np.empty(n, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    genbox = np.ones(1, np.int64)
    scratch = deal_scratch(pool, batch)
    every = np.int64((1 << n) - 1)
    for i in range(n_deals):
        hands[0] = my_hand
        dkey = stream_key(key0, start + i)
        deal = deal_passed(dkey, pool, hands, sizes, constrained, free, table, scratch, n, dealer, up,
                           decision_turn, flags, pol)
        if not book_deal(counters, deal):
            continue
        w = deal[D_W]
        wkey = world_key(dkey)
        for a in range(acts.shape[0]):
            maker, trump, alone, rnd = auction(hands, n, dealer, up, decision_turn, 2 * n, decision_turn, acts[a],
                                               flags, pol)
            if maker == NO_SEAT:
                hist[a, REDEAL] += w
                continue
            tricks = pimc_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, discards[a], flags,
                               every, n_worlds, np.int64(MODE_SAMPLE), stream_key(wkey, a), tt, stats, genbox,
                               trace, np.bool_(False))
            ours = tricks if (maker & 1) == 0 else N_TRICKS - tricks
            hist[a, outcome_of(maker, tricks, alone)] += w
            trick_hist[a, maker & 1, ours] += w


@njit(cache=True, nogil=True)
def lead_chunk(key0, start, n_deals, pool, counts, seat_slot, my_hand, up, rnd, trump, maker, alone, n, flags,
               tables, codes, model, n_worlds, sums, cross_m, cross_t, tt, stats):
    """The opening leads ``codes`` (layout bits) of seat 0, on lead (left of the dealer,
    seat ``n - 1``), on the same deals; the rest played by ``model`` (MODEL_HEURISTIC,
    MODEL_PIMC: single-dummy at every seat, MODEL_DD: double-dummy; ``tt``/``stats`` None
    with MODEL_HEURISTIC, which then compiles without the solver).  The other hands
    (seat ``p`` in slot ``seat_slot[p]``) and the stock are dealt from ``pool`` (natural
    bits); the dealer picks up ``up`` in round one (``rnd``).  ``sums[i]``: (deals seat 0's
    side succeeds -- makes as a maker, sets as a defender --, its tricks, tricks²) with lead
    ``i``; ``cross_m[i, k]`` / ``cross_t[i, k]``: sums of products over the deals (paired
    intervals)."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands_nat = np.empty(n, np.uint64)
    lay = np.empty(n, np.uint64)
    hands = np.empty(n, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    genbox = np.ones(1, np.int64)
    nl = codes.shape[0]
    made = np.zeros(nl, np.int64)
    got = np.zeros(nl, np.int64)
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    rules = tables[trump]
    dealer = n - 1
    pimc_seats = np.int64((1 << n) - 1) if model == MODEL_PIMC else np.int64(0)
    mine = (maker & 1) == 0
    up_free = (flags & OPT_NO_UP_DISCARD) == 0
    for i in range(n_deals):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        wkey = world_key(dkey)
        hands_nat[0] = my_hand
        for p in range(1, n):
            hands_nat[p] = deal[seat_slot[p]]
        leader, out, known, dealer_known = prepare_play(tables, hands_nat, lay, n, dealer, up, maker, trump, alone,
                                                        rnd, ZERO, flags)
        u = held_upcard(up, trump, rnd, dealer, out)
        active = (1 << n) - 1
        if out >= 0:
            active &= ~(1 << out)
        makers = 0
        for s in range(n):
            if (active >> s) & 1 and (s & 1) == (maker & 1):
                makers |= 1 << s
        for j in range(nl):
            for s in range(n):
                hands[s] = lay[s]
            if tt is not None and model == MODEL_DD:
                card = ONE << np.uint64(codes[j] & 63)
                led = low_index(card) >> 4
                for s in range(MAX_SEATS):
                    h5[s] = hands[s] if s < n and (active >> s) & 1 else ZERO
                h5[leader] ^= card
                genbox[0] += 1
                if genbox[0] > 0xFFFF:
                    tt[:, :] = 0
                    genbox[0] = 1
                _make_cfg(cfg, np.int64(n), np.int64(active), np.int64(makers), np.int64(makers), rules,
                          np.int64(O_ALL), genbox[0])
                v = _solve_kernel(rules, cfg, h5, v5, tt, stats, PEXT8, cfg[C_NEXT + leader], np.int64(1),
                                  np.int64(leader), np.int64(led), card, np.int64(leader), card, np.int64(1 << led),
                                  np.int64(N_TRICKS), np.int64(-1), np.int64(-1))
            else:
                v = play_out_pimc(rules, hands, n, leader, out, maker, known, dealer, dealer_known, u, up_free,
                                  pimc_seats, n_worlds, np.int64(MODE_SAMPLE), codes[j], stream_key(wkey, j), tt,
                                  stats, genbox, trace, np.bool_(False))
            ours = v if mine else N_TRICKS - v
            got[j] = ours
            made[j] = (v >= MAKE) if mine else (v < MAKE)
        for j in range(nl):
            sums[j, 0] += made[j]
            sums[j, 1] += got[j]
            sums[j, 2] += got[j] * got[j]
            for k in range(nl):
                cross_m[j, k] += made[j] * made[k]
                cross_t[j, k] += got[j] * got[k]
