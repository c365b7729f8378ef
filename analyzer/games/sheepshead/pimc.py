"""Sheepshead with single-dummy play: each player decides from what it can see.

At every card with a choice, a seat of ``pimc_seats`` samples ``n_worlds`` layouts of the
cards it cannot see (``sim.hidden``) and plays the card that reaches what its side needs
in most of them (``tricks.pimc.choose_each``), the heuristic's card breaking ties; the
other seats play the heuristic.  The trick loop is ``play.play_out``, the heuristic's
own; what the seats sample and aim at is in ``worlds``.

What a seat knows (the facts its worlds honour):

* its own hand, the cards played and who played them, who picked;
* the voids shown: a seat that did not follow the lane led holds none of it (trump is one
  lane: queens, jacks and diamonds; a fail suit's lane holds no queen or jack); the
  called-suit duties never make a seat play off-suit while it can follow, so a discard
  always shows a void;
* the picker knows his bury (out of play, its points his side's); to the others the
  bury is a hidden slot of 2 cards (the blind the picker took is part of the picker's
  8 cards, so only the bury is unseen);
* the called card: never in the picker's hand nor in the bury (he calls a card he does
  not hold, and may not bury it); its holder knows he is the partner (every world of his
  has the sides of the true deal), the picker only that one of the four others holds it,
  a defender that one of the three others does.  Until the called suit is led the
  picker keeps a card of it (the hold card): worlds of the other seats in which his
  hand has none are rejected (exactly uniform: a uniform draw conditioned on the event).
  A seat that plays another card to the called suit's first trick (or leads it with
  another card) does not hold the called card (the partner must play it there).  A
  called ten says the picker had all three fail aces: those not played are in his hand
  or his bury;
* in each world the partner is whoever holds the called card there (once it is played,
  the seat that played it), so each world has its own solver configuration
  (maximising and counted side: the picker and that seat) and its own count of the
  points the picker's side has so far (the tricks its seats won, plus the bury's
  points, which to a seat other than the picker are those of the world's bury).

What a seat needs, per world: the picker's side 61 card points (bury included); a seat
of that side wants the threshold reached, a defender missed.  Once 61 is decided in a
world (reached, or out of reach of the points still in play), that world's threshold
is the schneider line still open there: 91 if 61 was reached, 31 (the picker's side
escaping schneider) if it was missed; a world where every line is decided counts for no
card.  When every world is decided the heuristic plays (no-trick hands are not searched
for).  "Settled" is arithmetic: while 61 is lost double-dummy but not yet out of reach
the line stays 61, and a defender then keeps the picker under 61 whatever it costs at
the 31 line (ties go to the heuristic's card).  Measured on a hand worth going alone,
the schneider lines cost no measurable time (``lines``: LINES_61 against LINES_ALL), so
the questions use them.

Not modelled: what the auction, the picker's policy bury and the heuristic's style
reveal (worlds are uniform among the layouts consistent with the play); the "unknown"
call (``no_call=unknown``: its face-down card changes the solver's rule vector from
world to world): with an unknown call every seat plays the heuristic, and the
questions reject ``--play pimc`` under that rule.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO
from ...sim.constrained import book_deal, deal_scratch, D_W
from ...sim.leads import book_products
from ...sim.rng import stream_key
from .bidding import wants_to_pick
from .deck import N_SEATS
from .play import (ALL_SEATS, LEASTER_CLASSES, MODE_ALONE, MODE_CALL, MODE_POLICY, N_PICK_OPTS, OUT_ALONE,
                   OUT_DEFENDER, OUT_DEFENDER_ALONE, OUT_PARTNER, OUT_PICKER, PASS_OPT, PICK_OPT, _record_value, deal_passed, leaster_class, play_leaster, take_blind, unknown_mode)
from .play import play_out as play_out_pimc  # the one trick loop: single-dummy when given the solver's table
# re-exported: what the single-dummy seats sample (``worlds``), under the names the tests and bench use
from .worlds import (DEFAULT_WORLDS, LINES_61, LINES_ALL, MODE_PLAIN, MODE_SAMPLE, MODE_SEE_ALL,  # noqa: F401
                     PIMC_LINES, seat_worlds, world_key)


@njit(cache=True, nogil=True)
def play_picked_pimc(rules, hands, picker, info, bury, pimc_seats, n_worlds, mode, lines, key, tt, stats, genbox,
                     trace, record):
    """``play.play_picked`` with single-dummy play (after ``take_blind``): points * 8 + tricks."""
    called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
    return play_out_pimc(rules, hands, np.int64(0), np.int64(picker), np.int64(info[0]), called, bury, pimc_seats,
                         n_worlds, mode, lines, key, tt, stats, genbox, trace, record)


@njit(cache=True, nogil=True)
def pick_chunk_pimc(rules, key0, start, n, pool, sizes, asker, my_hand, constrained, free, table, thresholds,
                    doubler, blind_first, batch, hist, leaster, calls, counters, grids, lvals, prods, n_worlds, lines,
                    tt, stats):
    """``play.pick_chunk`` with single-dummy play at every seat in the picked hands
    (``n_worlds`` layouts a card; leasters stay heuristic).  The worlds of a deal come
    from its own key, so a chunk's results do not depend on which thread runs it."""
    scratch = deal_scratch(pool, batch)
    hands = np.empty(N_SEATS, np.uint64)
    work = np.empty(N_SEATS, np.uint64)
    info = np.empty(3, np.int64)
    lpts = np.empty(N_SEATS, np.int64)
    ltr = np.empty(N_SEATS, np.int64)
    trace = np.empty((1, 4), np.int64)
    genbox = np.ones(1, np.int64)
    no = np.bool_(False)
    unk = unknown_mode(rules)
    sd = np.int64(ALL_SEATS)
    mode = np.int64(MODE_SAMPLE)
    vals = np.zeros(N_PICK_OPTS, np.int64)
    for i in range(n):
        hands[asker] = my_hand
        dkey = stream_key(key0, start + i)
        deal, blind = deal_passed(dkey, pool, hands, sizes, constrained, free, table, scratch, thresholds)
        if not book_deal(counters, deal):
            continue
        w = deal[D_W]
        wkey = world_key(dkey)
        for opt in range(2):
            work[:] = hands
            bury = take_blind(work, blind, asker, (MODE_CALL | unk) if opt == PICK_OPT else MODE_ALONE, info)
            packed = play_picked_pimc(rules, work, asker, info, bury, sd, n_worlds, mode, lines, stream_key(wkey, opt),
                                      tt, stats, genbox, trace, no)
            vals[opt] = _record_value(hist, opt, OUT_PICKER if info[0] >= 0 else OUT_ALONE, packed, w, grids)
            calls[opt, info[1]] += w
        picker = -1
        for s in range(asker + 1, N_SEATS):
            if wants_to_pick(hands[s], s, thresholds):
                picker = s
                break
        if picker >= 0:
            work[:] = hands
            bury = take_blind(work, blind, picker, MODE_POLICY | unk, info)
            packed = play_picked_pimc(rules, work, picker, info, bury, sd, n_worlds, mode, lines,
                                      stream_key(wkey, PASS_OPT), tt, stats, genbox, trace, no)
            if info[0] < 0:
                role = OUT_DEFENDER_ALONE
            elif info[0] == asker:
                role = OUT_PARTNER
            else:
                role = OUT_DEFENDER
            vals[PASS_OPT] = _record_value(hist, PASS_OPT, role, packed, w, grids)
            calls[PASS_OPT, info[1]] += w
        elif doubler:
            leaster[PASS_OPT, LEASTER_CLASSES - 1] += w
            vals[PASS_OPT] = 0
        else:
            work[:] = hands
            play_leaster(rules, work, blind, blind_first, lpts, ltr, trace, False)
            k = leaster_class(lpts, ltr, asker)
            leaster[PASS_OPT, k] += w
            vals[PASS_OPT] = lvals[k]
        book_products(prods, vals, w)
