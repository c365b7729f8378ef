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

from ...bits import ONE, ZERO, low_index
from ...sim.constrained import D_W, book_deal, deal_scratch
from ...sim.deal import _deal_into
from ...sim.leads import book, book_joint
from ...sim.models import DD as MODEL_DD, HEURISTIC as MODEL_HEURISTIC, PIMC as MODEL_PIMC  # noqa: F401
from ...sim.rng import stream_key
from ...tricks.dd import C_SIZE, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.pimc import solve_after_lead
from .deck import N_TRICKS
from .play import NO_SEAT, OPT_NO_UP_DISCARD, TRACE_COLS, auction, deal_passed, outcome_of, prepare_play
from .play import play_out as play_out_pimc  # the one trick loop: single-dummy when given the solver's table
from .rules import to_trump
from .scoring import REDEAL
# re-exported: what the single-dummy seats sample (``worlds``), under the names the tests and bench use
from .worlds import (DEFAULT_WORLDS, MAKE, MAX_WORLD_SLOTS, MODE_PLAIN, MODE_SAMPLE, MODE_SEE_ALL,  # noqa: F401
                     seat_worlds, world_key)



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
                        trick_hist, joint, counters, n_worlds, tt, stats):
    """``play.question_chunk`` with single-dummy play at every seat (``n_worlds`` worlds a
    card): the same deals, weights and auction; action ``a``'s worlds are keyed by the
    deal's stream and ``a`` (the same answer on any number of threads)."""
    hands = np.empty(n, np.uint64)
    lay = np.empty(n, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    genbox = np.ones(1, np.int64)
    scratch = deal_scratch(pool, batch)
    every = np.int64((1 << n) - 1)
    cats = np.zeros(acts.shape[0], np.int64)
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
                cats[a] = REDEAL
                continue
            # ``pimc_made``'s body: a wrapper kernel less to build (each one that links the solver
            # optimises it again, ~15 s)
            leader, out, known, dealer_known = prepare_play(tables, hands, lay, n, dealer, up, maker, trump, alone,
                                                            rnd, discards[a], flags)
            tricks = play_out_pimc(tables[trump], lay, n, leader, out, maker, known, dealer, dealer_known,
                                   held_upcard(up, trump, rnd, dealer, out), (flags & OPT_NO_UP_DISCARD) == 0, every,
                                   n_worlds, np.int64(MODE_SAMPLE), np.int64(-1), stream_key(wkey, a), tt, stats,
                                   genbox, trace, np.bool_(False))
            ours = tricks if (maker & 1) == 0 else N_TRICKS - tricks
            cats[a] = outcome_of(maker, tricks, alone)
            hist[a, cats[a]] += w
            trick_hist[a, maker & 1, ours] += w
        book_joint(joint, cats, w)


@njit(cache=True, nogil=True)
def lead_chunk(key0, start, n_deals, pool, counts, seat_slot, my_hand, up, rnd, trump, maker, alone, n, flags,
               tables, codes, model, n_worlds, sums, cross_m, cross_t, tt, stats):
    """The opening leads ``codes`` (layout bits) of seat 0, on lead (left of the dealer,
    seat ``n - 1``), on the same deals; the rest played by ``model`` (MODEL_HEURISTIC,
    MODEL_PIMC: single-dummy at every seat, MODEL_DD: double-dummy; ``tt``/``stats`` None
    with MODEL_HEURISTIC, which then compiles without the solver; ``n_worlds`` None with
    MODEL_DD, which then compiles without the single-dummy code).  The other hands
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
            if n_worlds is None:        # MODEL_DD: compiled without the single-dummy code
                if tt is not None:
                    card = ONE << np.uint64(codes[j] & 63)
                    led = low_index(card) >> 4
                    for s in range(MAX_SEATS):
                        h5[s] = hands[s] if s < n and (active >> s) & 1 else ZERO
                    h5[leader] ^= card
                    _make_cfg(cfg, np.int64(n), np.int64(active), np.int64(makers), np.int64(makers), rules,
                              np.int64(O_ALL), np.int64(1))
                    v = solve_after_lead(rules, cfg, h5, v5, tt, stats, genbox, np.int64(leader), np.int64(led), card,
                                         np.int64(N_TRICKS), np.int64(-1))
                else:
                    v = np.int64(0)     # never: MODEL_DD is given the solver's table
            else:
                v = play_out_pimc(rules, hands, n, leader, out, maker, known, dealer, dealer_known, u, up_free,
                                  pimc_seats, n_worlds, np.int64(MODE_SAMPLE), codes[j], stream_key(wkey, j), tt,
                                  stats, genbox, trace, np.bool_(False))
            ours = v if mine else N_TRICKS - v
            got[j] = ours
            made[j] = (v >= MAKE) if mine else (v < MAKE)
        book(made, got, sums, cross_m, cross_t)
