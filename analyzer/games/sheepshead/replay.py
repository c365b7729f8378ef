"""Sheepshead: a question's deals replayed one by one, for example deals (``examples``).

``pick_examples`` deals exactly as ``play.pick_chunk`` (and ``pimc.pick_chunk_pimc``)
do -- the same ``deal_passed`` from the same stream of each deal's index, the same
``take_blind`` (bury and call) for each option, the same later picker or leaster after a
pass, and the same play-out (with the run's world keys) -- and ``bury_examples`` as
``play.bury_chunk``; both keep, per deal and option, what the run only counts: who
picked, the bury, the call and the partner, the picker side's points and tricks (or the
leaster's class), and the play trick by trick (``record``).
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO
from ...sim.constrained import D_W, deal_scratch
from ...sim.rng import stream_key
from .bidding import wants_to_pick
from .deck import N_SEATS
from .pimc import MODE_SAMPLE, play_picked_pimc, world_key
from .play import (ALL_SEATS, LEASTER_CLASSES, MODE_ALONE, MODE_CALL, MODE_POLICY, PASS_OPT, PICK_OPT,
                   called_partner, deal_passed, leaster_class, pick_scratch, play_called, play_leaster, play_picked,
                   take_blind, unknown_mode)

# the record of a deal and option (int64): weight, picker (-1 nobody: a leaster, or a
# redeal with the doubler), partner (-1 alone), call kind (``play.CALL_NAMES``), called
# card's layout bit (-1 alone), picker side's points * 8 + tricks, the asker's leaster class
X_W, X_PICKER, X_PARTNER, X_KIND, X_CALLED, X_PACKED, X_LCLASS = range(7)
X_SIZE = 7


@njit(cache=True)
def played_example(rules, work, picker, info, bury, n_worlds, lines, key, dd, tt, stats, gen, genbox, trace):
    """A picked hand played as in the run, recorded in ``trace``: single-dummy when
    ``n_worlds`` is given (``play_picked_pimc``), double-dummy with ``dd`` (``play_picked``:
    solved, not recorded), else the heuristic (``play_called``)."""
    if n_worlds is not None:
        return play_picked_pimc(rules, work, picker, info, bury, np.int64(ALL_SEATS), n_worlds, np.int64(MODE_SAMPLE),
                                lines, key, tt, stats, genbox, trace, np.bool_(True))
    if tt is None or not dd:
        called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
        return play_called(rules, work, 0, picker, info[0], called, bury, trace, True)
    return play_picked(rules, work, picker, info, bury, trace, dd, tt, stats, gen)


@njit(cache=True, nogil=True)
def pick_examples(rules, key0, start, n, pool, sizes, asker, my_hand, constrained, free, table, thresholds,
                  doubler, blind_first, batch, n_worlds, lines, dd, tt, stats, hands_out, buries_out, res, traces):
    """The pick question's deals ``start..start+n-1`` one by one (the arguments as for
    ``play.pick_chunk``; ``n_worlds``/``lines`` as for ``pimc.pick_chunk_pimc``, None
    for heuristic or double-dummy play): deal i's hands and blind (``hands_out[i]``), and
    for each option (PICK_OPT, ALONE_OPT, PASS_OPT) the X_* record ``res[i, o]``, the bury
    ``buries_out[i, o]`` and the play (or the leaster) in ``traces[i, o]``."""
    scratch, hands, work, info, lpts, ltr = pick_scratch(pool, batch)
    gen = np.zeros(8, np.int64)
    genbox = np.ones(1, np.int64)
    unk = unknown_mode(rules)
    res[:, :, :] = 0
    traces[:, :, :, :] = -1
    for i in range(n):
        hands[asker] = my_hand
        dkey = stream_key(key0, start + i)
        deal, blind = deal_passed(dkey, pool, hands, sizes, constrained, free, table, scratch, thresholds)
        hands_out[i, :N_SEATS] = hands
        hands_out[i, N_SEATS] = blind
        w = deal[D_W]
        if w <= 0:
            continue
        wkey = world_key(dkey)
        for opt in range(3):
            out = res[i, opt]
            out[X_W] = w
            picker = asker
            mode = (MODE_CALL | unk) if opt == PICK_OPT else MODE_ALONE
            if opt == PASS_OPT:
                picker = -1
                mode = MODE_POLICY | unk
                for s in range(asker + 1, N_SEATS):
                    if wants_to_pick(hands[s], s, thresholds):
                        picker = s
                        break
            out[X_PICKER] = picker
            work[:] = hands
            if picker < 0:
                if doubler:
                    out[X_LCLASS] = LEASTER_CLASSES - 1
                else:
                    play_leaster(rules, work, blind, blind_first, lpts, ltr, traces[i, opt], True)
                    out[X_LCLASS] = leaster_class(lpts, ltr, asker)
                continue
            bury = take_blind(work, blind, picker, mode, info)
            buries_out[i, opt] = bury
            out[X_PACKED] = played_example(rules, work, picker, info, bury, n_worlds, lines, stream_key(wkey, opt), dd,
                                           tt, stats, gen, genbox, traces[i, opt])
            out[X_PARTNER] = info[0]
            out[X_KIND] = info[1]
            out[X_CALLED] = info[2]


@njit(cache=True, nogil=True)
def bury_examples(rules, key0, start, n, pool, sizes, asker, hand8, constrained, free, table, thresholds, buries,
                  called, rows, batch, dd, tt, stats, hands_out, res, traces):
    """The bury question's deals ``start..start+n-1`` one by one (the arguments as for
    ``play.bury_chunk``): deal i's hands (the asker's empty, ``hands_out[i]``), and for
    each option ``rows[r]`` (bury ``buries[rows[r]]``, call ``called[rows[r]]``) the X_*
    record ``res[i, r]`` and the play in ``traces[i, r]``."""
    scratch = deal_scratch(pool, batch)
    hands = np.empty(N_SEATS, np.uint64)
    work = np.empty(N_SEATS, np.uint64)
    info = np.empty(3, np.int64)
    gen = np.zeros(8, np.int64)
    genbox = np.ones(1, np.int64)
    res[:, :, :] = 0
    traces[:, :, :, :] = -1
    for i in range(n):
        hands[asker] = ZERO
        deal, _ = deal_passed(stream_key(key0, start + i), pool, hands, sizes, constrained, free, table, scratch,
                              thresholds)
        hands_out[i, :] = hands
        w = deal[D_W]
        if w <= 0:
            continue
        for r in range(rows.shape[0]):
            o = rows[r]
            out = res[i, r]
            out[X_W] = w
            called_partner(work, hands, asker, hand8, buries[o], called[o], info)
            out[X_PICKER] = asker
            out[X_PACKED] = played_example(rules, work, asker, info, buries[o], None, None, np.int64(0), dd, tt, stats,
                                           gen, genbox, traces[i, r])
            out[X_PARTNER] = info[0]
            out[X_CALLED] = info[2]
