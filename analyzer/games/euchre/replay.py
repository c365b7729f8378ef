"""Euchre: a question's deals replayed one by one, for example deals (``examples``).

``question_examples`` deals exactly as ``play.question_chunk`` (and
``pimc.question_chunk_pimc``) do -- the same ``deal_passed`` from the same stream of
each deal's index, the same ``auction`` after the player's action, the same pickup and
discard (``prepare_play``) and the same play-out (``play_made``, ``solve_made`` or
``pimc_made``, with the run's world keys) -- and keeps, per deal and action, what the
run only counts: who made trump, the trump, alone or not, the dealer's discard, the
makers' tricks and the outcome, and the play trick by trick (``record``).
"""

import numpy as np
from numba import njit

from ...bits import ZERO, low_index
from ...sim.constrained import D_W, deal_scratch
from ...sim.rng import stream_key
from .pimc import MODE_SAMPLE, pimc_made, world_key
from .play import NO_SEAT, auction, deal_passed, outcome_of, play_made, prepare_play, solve_made
from .rules import from_trump
from .scoring import REDEAL

# question_examples' record of a deal and action (int64)
X_W, X_CAT, X_MAKER, X_TRUMP, X_ALONE, X_ROUND, X_TRICKS, X_DISCARD = range(8)
X_SIZE = 8


@njit(cache=True, nogil=True)
def question_examples(key0, start, n_deals, pool, sizes, constrained, free, table, my_hand, up, n, dealer,
                      decision_turn, acts, discards, rows, tables, flags, pol, batch, n_worlds, tt, stats,
                      hands_out, res, traces):
    """The question's deals ``start..start+n_deals-1`` one by one (the arguments as for
    ``play.question_chunk``): deal i's hands (natural masks, ``hands_out[i]``), and for
    each action ``acts[rows[r]]`` (with ``discards[rows[r]]``) the X_* record
    ``res[i, r]`` (the deal's weight, the outcome from seat 0's side, the maker or -1 on
    a redeal, trump, alone, the round trump was made in, the makers' tricks, the natural
    bit of the dealer's discard or -1) and the play in ``traces[i, r]`` (``play``'s
    trace, trump's layout bits; not written when solved double-dummy).  ``tt`` None:
    heuristic play; ``n_worlds`` None: double-dummy; else single-dummy, each action's
    worlds keyed as in the run (by the deal's stream and the action's index)."""
    hands = np.empty(n, np.uint64)
    lay = np.empty(n, np.uint64)
    work = np.zeros(1, np.int64)
    genbox = np.ones(1, np.int64)
    scratch = deal_scratch(pool, batch)
    every = np.int64((1 << n) - 1)
    res[:, :, :] = 0
    traces[:, :, :, :] = -1
    for i in range(n_deals):
        hands[0] = my_hand
        dkey = stream_key(key0, start + i)
        deal = deal_passed(dkey, pool, hands, sizes, constrained, free, table, scratch, n, dealer, up,
                           decision_turn, flags, pol)
        hands_out[i, :] = hands
        w = deal[D_W]
        if w <= 0:
            continue
        wkey = world_key(dkey)
        for r in range(rows.shape[0]):
            a = rows[r]
            out = res[i, r]
            out[X_W] = w
            maker, trump, alone, rnd = auction(hands, n, dealer, up, decision_turn, 2 * n, decision_turn, acts[a],
                                               flags, pol)
            out[X_MAKER] = maker
            out[X_DISCARD] = -1
            if maker == NO_SEAT:
                out[X_CAT] = REDEAL
                continue
            _, _, _, thrown = prepare_play(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, discards[a],
                                           flags)
            if thrown != ZERO:
                out[X_DISCARD] = low_index(from_trump(thrown, trump))
            if tt is None:
                tricks = play_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, discards[a], flags,
                                   traces[i, r], True)
            elif n_worlds is None:
                tricks = solve_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, discards[a], flags,
                                    traces[i, r], tt, stats, work)
            else:
                tricks = pimc_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, discards[a], flags,
                                   every, n_worlds, np.int64(MODE_SAMPLE), stream_key(wkey, a), tt, stats, genbox,
                                   traces[i, r], np.bool_(True))
            out[X_TRUMP] = trump
            out[X_ALONE] = alone
            out[X_ROUND] = rnd
            out[X_TRICKS] = tricks
            out[X_CAT] = outcome_of(maker, tricks, alone)
