"""Pinochle with single-dummy play, and the declarer's opening lead under each play model.

Single-dummy play is ``play.play_out``, the one trick loop, given the solver's table: at
every card with a choice a seat samples layouts of what it cannot see (``worlds``: its
hand, the meld shown, the passes it made or took, the voids and the cards the duties
showed out) and plays the card by which the declaring side reaches what it needs in most
of them (``tricks.pimc.choose``), the heuristic's card breaking ties.

The deal loops of single-dummy and double-dummy play here are plain Python around the
kernels: a hand takes the solver seconds, so the loop costs nothing, and every caller
shares the one compiled ``play_out`` (and the solver's ``tricks.pimc.choose_plain``)
instead of compiling its own copy of the solver (minutes on two cores).  The heuristic's
loops stay compiled (``lead_chunk``).
"""

import numpy as np
from numba import njit

from ...bits import ZERO
from ...sim.constrained import count_deal
from ...sim.deal import _deal_into
from ...sim.leads import book
from ...sim.rng import stream_key
from ...tricks.dd import C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.pimc import choose_plain
from .bidding import run_auction
from .deck import N_SEATS, N_TRICKS
from .meld import meld_cards, meld_points
from .play import (TRACE_COLS, _values_of, bid_buffers, book_declare, book_pass, deal_heard, finish_hand_pimc,
                   pimc_need, play_out)
from .scoring import made
# re-exported under the names the tests and bench use
from .worlds import (DEFAULT_WORLDS, MODE_PLAIN, MODE_SAMPLE, MODE_SEE_ALL, fresh_search, known_cards,  # noqa: F401
                     world_key)

PASS_STREAM = 4           # the worlds' stream of the hand after the asker passes (0..3: its trumps)


def _stream(key, k):
    """``stream_key`` from Python, typed as the kernels type it (numba hands back a key as a
    Python int, which a kernel would take as int64 or uint64 by its size)."""
    return np.uint64(stream_key(np.uint64(key), np.int64(k)))


def bid_deals(rules4, vals4, rules_dd4, key0, start, n, pool, sizes, asker, my_hand, constrained, free, lo, hi, want,
              state, policies, reuse, minimum, any_throw, save, bid0, trumps_asked, aims, n_worlds, levels, tstats,
              pstats, counters, tt, stats):
    """``play.bid_chunk`` with single-dummy play at every seat: the same deals and books,
    trump t's hands aiming at ``aims[t]``, the hand after the asker passes at the bid the
    auction reached; the worlds come from each deal's own key."""
    rem, hands, work, values, trumps, v4, auction, out, trace = bid_buffers(pool)
    genbox = np.ones(1, np.int64)
    for i in range(n):
        hands[asker] = my_hand
        dkey = _stream(key0, start + i)
        w, draws = deal_heard(dkey, pool, rem, hands, sizes, constrained, free, lo, hi, want, policies, reuse, v4)
        if not count_deal(counters, w, draws):
            continue
        wkey = np.uint64(world_key(dkey))
        _values_of(hands, policies, reuse, values, trumps, v4)
        for t in range(4):
            if (trumps_asked >> t) & 1:
                work[:] = hands
                fresh_search(tt, stats, genbox)      # each hand on its own (the examples replay one)
                finish_hand_pimc(rules4[t], vals4[t], rules_dd4[t], work, asker, t, 0, aims[t], reuse, any_throw,
                                 save, policies, 0, 0, 0, out, trace, n_worlds, MODE_SAMPLE, _stream(wkey, t), tt,
                                 stats, genbox)
                book_declare(levels[t], tstats[t], out, w, np.int64(bid0), any_throw, policies[asker], save)
        run_auction(values, state[0], state[1], state[2], state[3], minimum, policies, auction)
        d, bid = int(auction[0]), int(auction[1])
        t = int(trumps[d])
        work[:] = hands
        fresh_search(tt, stats, genbox)
        finish_hand_pimc(rules4[t], vals4[t], rules_dd4[t], work, d, t, bid, bid, reuse, any_throw, save, policies,
                         0, 0, 0, out, trace, n_worlds, MODE_SAMPLE, _stream(wkey, PASS_STREAM), tt, stats, genbox)
        book_pass(pstats, out, w, np.int64(d), np.int64(bid), np.int64(asker), auction[2], save)


@njit(cache=True, forceinline=True)
def _deal_lead(key0, index, pool, counts, my_hand, passed, trump, reuse, save, bid, fixed, buf, deal, hands, shown,
               known):
    """Deal ``index`` of the lead question into ``hands`` (seat 0 the declarer, 2 his
    partner holding ``passed``), what each seat knows (``known``); returns (the deal's key,
    the declaring side's meld, the trick points it needs)."""
    dkey = stream_key(key0, index)
    _deal_into(dkey, pool, counts, fixed, buf, deal)
    hands[0] = my_hand
    hands[2] = deal[0] | passed
    hands[1] = deal[1]
    hands[3] = deal[2]
    for s in range(N_SEATS):
        shown[s] = meld_cards(hands[s], trump, reuse)
    meld = meld_points(hands[0], trump, reuse) + meld_points(hands[2], trump, reuse)
    known_cards(hands, np.int64(0), shown, ZERO, passed, known)
    return dkey, meld, pimc_need(bid, meld, save)


@njit(cache=True, forceinline=True)
def _lead_buffers(pool, counts):
    """Scratch of the lead loops: dealing (buf, fixed, deal), the hands and a copy to play
    on, the meld shown, what each seat knows, a trace."""
    return (np.empty(pool.shape[0], np.int64), np.zeros(counts.shape[0], np.uint64),
            np.empty(counts.shape[0], np.uint64), np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64),
            np.empty(N_SEATS, np.uint64), np.empty((N_SEATS, N_SEATS), np.uint64), np.empty((1, TRACE_COLS), np.int64))


@njit(cache=True, nogil=True)
def lead_chunk(key0, start, n_deals, pool, counts, my_hand, passed, trump, bid, reuse, save, rules, vals, codes,
               sums, cross_m, cross_t):
    """The declarer's opening leads ``codes`` (layout bits) on the same deals, the rest
    played by the heuristic (single-dummy and double-dummy: ``lead_deals``).  The declarer
    is seat 0 holding ``my_hand`` (after the passes); his partner (seat 2) holds ``passed``
    (the cards passed back: known to the declarer) and ``counts[0]`` cards of ``pool``,
    the defenders (1 and 3) ``counts[1]`` and ``counts[2]``.  Everybody has melded: the
    declaring side's meld is the two hands'.  ``sums[i]``: (deals the side makes ``bid``
    with lead ``i`` -- its meld saved and meld plus trick points reaching it --, trick
    points, their square); ``cross_m`` / ``cross_t``: sums of products over the deals
    (paired intervals)."""
    buf, fixed, deal, hands, work, shown, known, trace = _lead_buffers(pool, counts)
    nl = codes.shape[0]
    ok = np.zeros(nl, np.int64)
    got = np.zeros(nl, np.int64)
    for i in range(n_deals):
        _, meld, _ = _deal_lead(key0, start + i, pool, counts, my_hand, passed, trump, reuse, save, bid, fixed, buf,
                                deal, hands, shown, known)
        for j in range(nl):
            work[:] = hands
            packed = play_out(rules, vals, work, np.int64(0), trace, False, np.int64(0), ZERO, np.int64(codes[j]),
                              np.int64(0), np.int64(0), np.int64(0), np.int64(0), None, ZERO, None, None, None, None)
            got[j] = packed >> 4
            ok[j] = made(bid, meld, got[j], packed & 15, False, save)
        book(ok, got, sums, cross_m, cross_t)


def lead_deals(key0, start, n_deals, pool, counts, my_hand, passed, trump, bid, reuse, save, rules, vals, rules_dd,
               codes, n_worlds, sums, cross_m, cross_t, tt, stats):
    """``lead_chunk`` with double-dummy play (``n_worlds`` None: every card of the hand
    valued exactly in one search tree, ``tricks.pimc.choose_plain`` with the true deal as
    its one world; a lead class takes its cards' value) or single-dummy at every seat
    (``play.play_out``, the worlds from the deal's key, one stream a lead)."""
    buf, fixed, deal, hands, work, shown, known, trace = _lead_buffers(pool, counts)
    genbox = np.ones(1, np.int64)
    nl = codes.shape[0]
    ok = np.zeros(nl, np.int64)
    got = np.zeros(nl, np.int64)
    world = np.zeros((1, MAX_SEATS), np.uint64)
    cfgs = np.zeros((1, C_SIZE), np.int64)
    r = rules_dd.copy()
    _make_cfg(cfgs[0], np.int64(N_SEATS), np.int64((1 << N_SEATS) - 1), np.int64(5), np.int64(5), r, np.int64(O_ALL),
              np.int64(1))
    values = np.zeros((1, MAX_MOVES), np.int64)
    cards = [b for b in range(64) if (int(my_hand) >> b) & 1][::-1]      # choose_plain's order: high first
    for i in range(n_deals):
        dkey, meld, need = _deal_lead(key0, np.int64(start + i), pool, counts, my_hand, passed, np.int64(trump), reuse,
                                      np.int64(save), np.int64(bid), fixed, buf, deal, hands, shown, known)
        fresh_search(tt, stats, genbox)
        if n_worlds is None:
            world[0, :N_SEATS] = hands
            choose_plain(r, cfgs, world, np.int64(1), np.zeros(MAX_SEATS, np.int64), tt, stats, genbox, np.int64(0),
                         np.int64(0), np.int64(0), np.int64(0), ZERO, np.int64(0), ZERO, np.int64(0),
                         np.int64(N_TRICKS), need, my_hand, np.int64(0), np.int64(-1), values)
            for j in range(nl):
                got[j] = values[0, cards.index(int(codes[j]))]
                ok[j] = made(np.int64(bid), meld, got[j], np.int64(1), False, np.int64(save))
        else:
            wkey = np.uint64(world_key(dkey))
            for j in range(nl):
                work[:] = hands
                fresh_search(tt, stats, genbox)      # each lead on its own
                packed = play_out(rules, vals, work, np.int64(0), trace, False, np.int64(0), ZERO, np.int64(codes[j]),
                                  np.int64((1 << N_SEATS) - 1), np.int64(n_worlds), np.int64(MODE_SAMPLE), need, known,
                                  _stream(wkey, j), rules_dd, tt, stats, genbox)
                got[j] = packed >> 4
                ok[j] = made(np.int64(bid), meld, got[j], packed & 15, False, np.int64(save))
        book(ok, got, sums, cross_m, cross_t)
