"""Pinochle: a duplicate match of two play models (``sim.match``).

Self-play deals (seat 3 deals): the auction by the bidding policy (a dealer nobody
overcalls is stuck with the minimum), then the partner's pass, the pass back and the meld
by the policy, which do not depend on how the cards are played.  A hand the declarer
throws in is counted, not played.  Every other hand's twelve tricks are played twice on
the same passed hands: model A at the declaring side's seats and B at the defenders',
then the other way round, and once more with B at every seat (the baseline).  A side's
net: the declaring side's score for the hand minus the defenders'.

Single-dummy seats (``play.finish_hand_pimc``) aim at the bid: the declaring side to reach
it with its meld, the defenders to stop it.  Each deal's worlds come from its own key and
each single-dummy play starts from an empty table, so a deal's record does not depend on
the chunk or the thread that played it.  The deal loop is plain Python around the kernels,
as every Pinochle single-dummy loop (``pimc``): a hand takes the solver seconds.
"""

from __future__ import annotations

import numpy as np

from ...bits import ZERO
from ...sim.deal import _deal_into
from ...sim.match import REC_KIND, REC_MADE_A, REC_NET_A, REC_PLAYED, REC_SIZE, Match, check_match, run_match
from ...sim.models import match_seats
from .bidding import run_auction
from .deck import N_SEATS
from .pimc import _stream
from .play import (O_MELD_D, O_MELD_O, O_POINTS_D, O_THROWN, O_TRICKS_D, _values_of, bid_buffers, finish_hand,
                   finish_hand_pimc)
from .scoring import hand_scores, made
from .worlds import MODE_SAMPLE, fresh_search, world_key

DEFAULT_DEALS = 200
PIMC_CHUNK = 1            # deals a chunk with single-dummy play: a hand takes the solver seconds
KINDS = ("bid", "dealer stuck")


def match_deals(rules4, vals4, rules_dd4, key0, start, n, pool, counts, policies, reuse, minimum, any_throw, save,
                a_pimc, b_pimc, n_worlds, rec, tt, stats):
    """Deals ``start..start+n-1`` into ``rec`` (``sim.match.REC_*``, points): the auction, the
    passes and the meld by the policy, then the three plays of the hand (``match_seats``);
    ``tt`` None: both models heuristic."""
    buf, fixed, hands, values, trumps, v4, auction, out, trace = bid_buffers(pool)
    fixed[:] = 0           # no card dealt in advance
    work = np.empty(N_SEATS, np.uint64)
    genbox = np.ones(1, np.int64)
    for i in range(n):
        dkey = _stream(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, hands)
        _values_of(hands, policies, reuse, values, trumps, v4)
        run_auction(values, 0, 0, -1, 0, minimum, policies, auction)
        d, bid, t = np.int64(auction[0]), np.int64(auction[1]), np.int64(trumps[auction[0]])
        rec[i, :] = 0
        rec[i, REC_KIND] = 1 if auction[2] else 0
        side = (1 << d) | (1 << (d ^ 2))
        wkey = np.uint64(world_key(dkey))
        for r in range(3):
            work[:] = hands
            seats = match_seats(side, N_SEATS, a_pimc, b_pimc, r)
            if seats == 0:
                finish_hand(rules4[t], vals4[t], work, d, t, bid, reuse, any_throw, save, policies, ZERO, ZERO, out,
                            trace)
            else:
                fresh_search(tt, stats, genbox)
                finish_hand_pimc(rules4[t], vals4[t], rules_dd4[t], work, d, t, bid, bid, reuse, any_throw, save,
                                 policies, 0, 0, 0, out, trace, n_worlds, MODE_SAMPLE, wkey, tt, stats, genbox,
                                 pimc_seats=seats)
            thrown = out[O_THROWN] == 1
            if thrown:          # the throw-in is the policy's, before any card: nothing to compare
                break
            sd, so = hand_scores(bid, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D], thrown, save)
            rec[i, REC_NET_A + r] = sd - so
            rec[i, REC_MADE_A + r] = 1 if made(bid, out[O_MELD_D], out[O_POINTS_D], out[O_TRICKS_D], thrown,
                                               save) else 0
        if not thrown:
            rec[i, REC_PLAYED] = 1


def match(a: str = "pimc", b: str = "heuristic", deals: int | None = None, seed: int | None = 0,
          worlds: int | None = None, threads: int | None = None, rules: list[str] | None = None,
          progress: bool = False):
    """A duplicate match of play models ``a`` and ``b`` ("heuristic" or "pimc") on
    ``deals`` self-play deals (default 200; ``sim.match``): A - B points a deal with its
    95% interval, and each side's P(make) as the declaring side.  ``worlds``: the layouts
    a single-dummy card is chosen in (default 16)."""
    from ...errors import InputError
    from ...sim.question import solver_arrays
    from .dd import new_dd_table, new_stats
    from .rules import Options, rule_tables
    from .survey import survey_inputs
    from .worlds import check_worlds

    deals, seed = check_match(a, b, deals, DEFAULT_DEALS, seed, threads)
    options = Options.parse(rules)
    pimc = "pimc" in (a, b)
    if pimc and options.meld_save == "trick":
        raise InputError("single-dummy play aims at card points, not tricks: it takes meld_save=counter or always")
    n_worlds = check_worlds(worlds) if pimc else None
    rules4, vals4, key0, pool, counts, policies, reuse, minimum, any_throw, save = survey_inputs(seed, options)
    rules_dd4 = rule_tables(options, objective_points=True)

    def chunk(start, count):
        rec = np.empty((count, REC_SIZE), np.int64)
        tt, st = solver_arrays(pimc, new_dd_table, new_stats)
        match_deals(rules4, vals4, rules_dd4, key0, start, count, pool, counts, policies, reuse, minimum, any_throw,
                    save, a == "pimc", b == "pimc", n_worlds, rec, tt, st)
        return rec

    notes = ["the auction, the passes and the meld by the policy; a hand thrown in is not played; a side's net: the "
             "declaring side's score minus the defenders'"]
    if pimc:
        notes.append(f"pimc: single-dummy play, {n_worlds} sampled layouts a card, aiming at the bid")
    m = Match("pinochle", "Pinochle, four players", "declaring side", KINDS, chunk,
              chunk_size=PIMC_CHUNK if pimc else 256, meta={"players": N_SEATS}, notes=notes)
    return run_match(m, a, b, deals, seed, n_worlds, threads, progress)
