"""Five Hundred: the three play models on the same deals, for the report.

The first deals of the heuristic survey (same seed, same deal indices) are played in their
suit (deal index mod 4) aiming at 8 tricks, in no-trumps aiming at 7, and in misère and
open misère, seat S contracting after the kitty exchange, three ways: by the heuristic
players, single-dummy at every seat (``pimc``) and double-dummy.  Per hand class the
report shows each model's P(make) (and mean tricks, but for misère, where the
double-dummy answer is only made or not), and the paired differences single-dummy −
heuristic and double-dummy − single-dummy (each deal is played by all three, so the
intervals are those of per-deal differences).  The single-dummy players aim at the
contract's level, so P(make) is what they maximise; mean tricks come with it.  Misère's
class is the high cards held (10 or higher, and the joker), as in the survey's misère
table: how far the heuristic defence lets a misère through next to single-dummy defence.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...sim.deal import _deal_into
from ...sim.rng import stream_key
from ...stats import moments_mean_se, wilson
from .dd import dd_deal
from .deck import N_SEATS, N_TRICKS
from .pimc import MODE_SAMPLE, pimc_deal, world_key
from .play import TRACE_COLS, play_deal, relabel
from .rules import MISERE, NT
from .survey import _hand_features, _nt_features, high_cards_mask, survey_inputs

SUIT_LEVEL = 8
NT_LEVEL = 7
N_CLASSES = 11
# per (kind, class): deals; made and tricks by model (heuristic, single-, double-dummy);
# sums of squared paired differences of made and of tricks (sd - h, dd - sd)
P_N, P_MADE, P_TRICKS, P_T2, P_DMADE2, P_DTRICKS2 = 0, 1, 4, 7, 10, 12
P_SIZE = 14
N_KINDS = 4   # 8 in the deal's suit, 7NT, misère, open misère


@njit(cache=True, nogil=True)
def _three_ways(table, bt, deal, level, misere, open_misere, n_worlds, key, hands, trace, work, tt, stats, genbox,
                dd_known):
    """(heuristic, single-dummy, double-dummy) tricks of seat 0's side on ``deal`` (misère:
    the contractor's tricks, double-dummy 0 or 1; ``dd_known`` >= 0: the double-dummy
    result already solved, misère being the same contract double-dummy, open or not)."""
    no = np.bool_(False)
    for s in range(N_SEATS):
        hands[s] = relabel(deal[1 + s], bt)
    heur = play_deal(table, hands, relabel(deal[0], bt), 0, misere, open_misere, trace, False, work)
    for s in range(N_SEATS):
        hands[s] = relabel(deal[1 + s], bt)
    sd = pimc_deal(table, hands, relabel(deal[0], bt), np.int64(0), misere, open_misere, np.int64(level),
                   np.int64(15), n_worlds, np.int64(MODE_SAMPLE), key, tt, stats, genbox, trace, no, work)
    dd = dd_known
    if dd < 0:
        for s in range(N_SEATS):
            hands[s] = relabel(deal[1 + s], bt)
        dd, _ = dd_deal(table, hands, relabel(deal[0], bt), np.int64(0), misere, tt, stats, genbox)
    return heur, sd, dd


@njit(cache=True, forceinline=True)
def _made(t, level):
    """Made: at least ``level`` tricks; misère (``level`` 0): none."""
    return (1 if t == 0 else 0) if level == 0 else (1 if t >= level else 0)


@njit(cache=True, forceinline=True)
def _book(row, level, heur, sd, dd):
    t = (heur, sd, dd)
    row[P_N] += 1
    for m in range(3):
        row[P_MADE + m] += _made(t[m], level)
        row[P_TRICKS + m] += t[m]
        row[P_T2 + m] += t[m] * t[m]
    ms = _made(sd, level) - _made(heur, level)
    md = _made(dd, level) - _made(sd, level)
    row[P_DMADE2] += ms * ms
    row[P_DMADE2 + 1] += md * md
    row[P_DTRICKS2] += (sd - heur) * (sd - heur)
    row[P_DTRICKS2 + 1] += (dd - sd) * (dd - sd)


@njit(cache=True, nogil=True)
def _survey_pimc_chunk(key0, start, n, pool, counts, fixed, tables, byte_tables, n_worlds, tt, stats, high_cards,
                       out):
    """``out[0, trumps]``: the deal's suit at SUIT_LEVEL by trumps held before the kitty;
    ``out[1, aces + 5 * joker]``: no-trumps at NT_LEVEL by aces and the joker;
    ``out[2, high]``, ``out[3, high]``: misère and open misère by high cards held (10 or
    higher, and the joker; ``high_cards`` their no-trump layout mask)."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    trace = np.empty((N_TRICKS * N_SEATS, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    genbox = np.ones(8, np.int64)
    for i in range(n):
        index = start + i
        dkey = stream_key(key0, index)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        wkey = world_key(dkey)
        strain = index & 3
        bt = byte_tables[strain]
        trumps, _, _ = _hand_features(relabel(deal[1], bt), tables[strain])
        no = np.bool_(False)
        h, s, d = _three_ways(tables[strain], bt, deal, SUIT_LEVEL, no, no, n_worlds, stream_key(wkey, 0), hands,
                              trace, work, tt, stats, genbox, np.int64(-1))
        _book(out[0, trumps], SUIT_LEVEL, h, s, d)
        bt = byte_tables[NT]
        joker, aces, high, _ = _nt_features(relabel(deal[1], bt), tables[NT], high_cards)
        h, s, d = _three_ways(tables[NT], bt, deal, NT_LEVEL, no, no, n_worlds, stream_key(wkey, 1), hands, trace,
                              work, tt, stats, genbox, np.int64(-1))
        _book(out[1, aces + 5 * joker], NT_LEVEL, h, s, d)
        bt = byte_tables[MISERE]
        solved = np.int64(-1)
        for k in range(2):
            h, s, d = _three_ways(tables[MISERE], bt, deal, np.int64(0), np.bool_(True), np.bool_(k == 1), n_worlds,
                                  stream_key(wkey, 2 + k), hands, trace, work, tt, stats, genbox, solved)
            solved = d
            _book(out[2 + k, high], np.int64(0), h, s, d)


PIMC_CHUNK = 4   # deals a chunk: a few seconds of single-dummy play


def run_survey_pimc(deals: int, seed: int = 0, worlds: int = 32, threads: int | None = None,
                    progress: bool = False, options=None):
    """The three-model survey of deal indices 0..deals-1 (the heuristic survey's deals)."""
    from ...sim.runner import run_chunks
    from .dd import new_dd_table, new_stats
    from .questions import BYTE_TABLES
    from .rules import Options

    pool, counts, fixed, tables, key0 = survey_inputs(seed, options or Options())
    high = high_cards_mask()

    def chunk(start, n):
        out = np.zeros((N_KINDS, N_CLASSES, P_SIZE), np.int64)
        if n:
            _survey_pimc_chunk(key0, np.int64(start), np.int64(n), pool, counts, fixed, tables, BYTE_TABLES,
                               np.int64(worlds), new_dd_table(), new_stats(), high, out)
        return out

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=PIMC_CHUNK,
                      desc="five-hundred single-dummy survey")


def models_table(out: np.ndarray) -> pd.DataFrame:
    """One row per (contract, class): each model's P(make) (Wilson interval) and mean
    tricks, and the paired differences with their standard errors."""
    rows = []
    for kind in range(out.shape[0]):
        for cls in range(N_CLASSES):
            r = out[kind, cls].astype(float)
            n = r[P_N]
            if not n:
                continue
            if kind == 0:
                row = {"contract": f"{SUIT_LEVEL} in a suit", "class": f"{cls} trumps"}
            elif kind == 1:
                row = {"contract": f"{NT_LEVEL}NT", "class": f"{cls % 5} aces" + (" + joker" if cls >= 5 else "")}
            else:
                row = {"contract": "misère" if kind == 2 else "open misère", "class": f"{cls} high cards"}
            row["deals"] = int(n)
            for m, name in enumerate(("heuristic", "pimc", "dd")):
                lo, hi = wilson(r[P_MADE + m], n)
                row[f"p_make_{name}"] = r[P_MADE + m] / n
                row[f"p_make_{name}_lo"] = float(lo)
                row[f"p_make_{name}_hi"] = float(hi)
                row[f"tricks_{name}"] = r[P_TRICKS + m] / n
            for j, (a, b) in enumerate(((1, 0), (2, 1))):
                label = ("pimc_minus_heuristic", "dd_minus_pimc")[j]
                dm, dm_se = moments_mean_se(n, r[P_MADE + a] - r[P_MADE + b], r[P_DMADE2 + j])
                dt, dt_se = moments_mean_se(n, r[P_TRICKS + a] - r[P_TRICKS + b], r[P_DTRICKS2 + j])
                row[f"p_make_{label}"] = dm
                row[f"p_make_{label}_se"] = dm_se
                row[f"tricks_{label}"] = dt
                row[f"tricks_{label}_se"] = dt_se
            if kind >= 2:     # misère: the double-dummy result is made or not, not a trick count
                for k in [c for c in row if c.startswith("tricks_")]:
                    row[k] = np.nan
            rows.append(row)
    return pd.DataFrame(rows)
