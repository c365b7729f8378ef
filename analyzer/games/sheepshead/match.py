"""Sheepshead: a duplicate match of two play models (``sim.match``).

Self-play deals (seat 0 offered the blind first): the first seat the picking policy has
pick takes the blind, buries and calls by the policy; a hand nobody picks (a leaster or
a doubler) is counted, not played.  Every picked hand is played twice on the same cards:
model A at the picker's side (picker and partner) and B at the defenders', then the
other way round.  A side's net: the picker side's score minus the defenders' (the game
is zero-sum, so twice the picker side's: win +1 a unit, schneider +2, no-trick +3;
the picker counts two units, four alone).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ONE, ZERO
from ...sim.deal import _deal_into
from ...sim.match import REC_KIND, REC_MADE_A, REC_NET_A, REC_PLAYED, REC_SIZE, Match, check_match, run_match
from ...sim.models import match_seats
from ...sim.rng import seed_key, stream_key
from .bidding import wants_to_pick
from .deck import HAND_SIZE, N_SEATS, WIN_POINTS
from .pimc import MODE_SAMPLE, PIMC_LINES, play_picked_pimc, world_key
from .play import MODE_POLICY, play_called, take_blind, unknown_mode
from .survey import G_ALONE, G_PARTNER, G_PICKER, SCALE, kernel_buffers, score

DEFAULT_DEALS = 1_000
PIMC_CHUNK = 8


@njit(cache=True, nogil=True)
def match_chunk(rules, key0, start, n, pool, counts, thresholds, grids, a_pimc, b_pimc, n_worlds, lines, rec, tt,
                stats):
    """Deals ``start..start+n-1`` into ``rec`` (``sim.match.REC_*``, twelfths of a point):
    the picker, bury and call by the policy; the hand played with A's model at the
    picker's side and B's at the defenders', then swapped (single-dummy when ``a_pimc``
    / ``b_pimc``, ``n_worlds`` worlds keyed by the deal; a None ``tt`` compiles the
    heuristic match)."""
    buf, deal, fixed, hands, work, info, _, _, trace, _ = kernel_buffers(pool, counts)
    picked = np.empty(N_SEATS, np.uint64)
    genbox = np.ones(8, np.int64)
    for i in range(n):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        for s in range(N_SEATS):
            hands[s] = deal[1 + s]
        rec[i, :] = 0
        picker = -1
        for s in range(N_SEATS):
            if wants_to_pick(hands[s], s, thresholds):
                picker = s
                break
        if picker < 0:
            continue
        rec[i, REC_PLAYED] = 1
        picked[:] = hands
        bury = take_blind(picked, deal[0], picker, MODE_POLICY | unknown_mode(rules), info)
        partner = info[0]
        rec[i, REC_KIND] = 0 if partner >= 0 else 1
        called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
        side = (1 << picker) | ((1 << partner) if partner >= 0 else 0)
        wkey = stream_key(world_key(dkey), 0)
        for r in range(3):
            work[:] = picked
            if tt is None:
                packed = play_called(rules, work, 0, picker, partner, called, bury, trace, False)
            else:
                packed = play_picked_pimc(rules, work, picker, info, bury,
                                          np.int64(match_seats(side, N_SEATS, a_pimc, b_pimc, r)), n_worlds,
                                          np.int64(MODE_SAMPLE), lines, wkey, tt, stats, genbox, trace,
                                          np.bool_(False))
            if partner >= 0:
                net = score(grids, G_PICKER, packed) + score(grids, G_PARTNER, packed)
            else:
                net = score(grids, G_ALONE, packed)
            rec[i, REC_NET_A + r] = 2 * net
            rec[i, REC_MADE_A + r] = 1 if (packed >> 3) >= WIN_POINTS else 0


def match(a: str = "pimc", b: str = "heuristic", deals: int | None = None, seed: int | None = 0,
          worlds: int | None = None, threads: int | None = None, rules: list[str] | None = None,
          progress: bool = False):
    """A duplicate match of play models ``a`` and ``b`` ("heuristic" or "pimc") on
    ``deals`` self-play deals (``sim.match``): A - B points a deal with its 95% interval,
    and each side's P(win) as the picker's side."""
    from ...sim.question import solver_arrays
    from .bidding import PICK_THRESHOLDS
    from .dd import new_dd_table, new_stats
    from .questions import _pool, check_worlds
    from .rules import Options
    from .survey import score_grids

    deals, seed = check_match(a, b, deals, DEFAULT_DEALS, seed, threads)
    options = Options.parse(rules)
    pimc = "pimc" in (a, b)
    n_worlds = check_worlds(worlds, options) if pimc else None
    pool = _pool([], options)
    counts = np.array([2] + [HAND_SIZE] * N_SEATS, np.int64)
    grids = score_grids(options)
    key0 = seed_key(seed)

    def chunk(start, count):
        rec = np.empty((count, REC_SIZE), np.int64)
        tt, st = solver_arrays(pimc, new_dd_table, new_stats)
        match_chunk(options.rules, key0, np.int64(start), np.int64(count), pool, counts, PICK_THRESHOLDS, grids,
                    np.bool_(a == "pimc"), np.bool_(b == "pimc"), np.int64(n_worlds) if pimc else None,
                    np.int64(PIMC_LINES), rec, tt, st)
        return rec

    notes = ["each hand's pick, bury and call by the policy; a hand nobody picks is not played; a side's net: the "
             "picker side's score minus the defenders' (zero-sum: twice the picker side's)"]
    if pimc:
        notes.append(f"pimc: single-dummy play, {n_worlds} sampled layouts a card, aiming at 61 (then schneider)")
    m = Match("sheepshead", "Sheepshead, five players", "picker", ("called partner", "alone"), chunk, scale=SCALE,
              chunk_size=PIMC_CHUNK if pimc else 4096, meta={"players": N_SEATS}, notes=notes)
    return run_match(m, a, b, deals, seed, n_worlds, threads, progress)
