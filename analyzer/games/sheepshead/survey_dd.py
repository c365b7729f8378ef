"""Sheepshead double-dummy survey: the first deals of the heuristic survey (same seed,
same deal indices, same classified seat), each offered deal played out by the heuristic
players *and* solved double-dummy, so the report can show, per hand class, the picker
side's result with perfect play next to the heuristic's on the same deals.

Double-dummy here is ``play.play_picked`` with ``dd``: every hand visible, both sides
playing perfectly for card points, and the partner known to the solver from the first
card (at the table he is known only to himself until the called card falls), so it
favours the side with a partner.  The called-suit duties apply.  The solver gives the
picker side's scoring class (≤ 30, 31-60, 61-90, ≥ 91, every point), not exact points.
Pick, alone and — when a later seat picks after a pass — that seat's hand are solved;
leasters stay heuristic.  Bury, call and the picking decisions are the policy's, as in
the heuristic survey.

Kept apart from ``survey`` so that the heuristic survey never compiles the solver.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...sim.layout import StatsLayout
from .bidding import PICK_THRESHOLDS
from .deck import N_SEATS
from .play import MODE_ALONE, MODE_CALL, MODE_POLICY, play_picked, take_blind
from .rules import RULES
from .survey import (
    CLASS_SHAPE,
    G_ALONE,
    G_PICKER,
    M_GAIN,
    MOMENT_NAMES,
    N_RESULTS,
    R_ALONE,
    R_PICK,
    R_PICKER,
    R_S_ALONE,
    R_S_PASS,
    R_S_PICK,
    SCALE,
    Z95,
    add_moments,
    add_scores,
    cell_of,
    class_frame,
    deal_offered,
    kernel_buffers,
    leaster_values,
    mean_se,
    pass_grid,
    play_offered,
    result_class,
    result_columns,
    score,
    score_grids,
    survey_inputs,
)

DD_CHUNK = 64
PLAYS = ("heuristic", "dd")
DIFFS = ("pick", "alone", "pass", "gain")      # dd − heuristic of these scores, paired
DD_LAYOUT = StatsLayout(
    deals=CLASS_SHAPE + (1,),
    results=CLASS_SHAPE + (2, 2, N_RESULTS),            # pick/alone × heuristic/dd × result class
    moments=CLASS_SHAPE + (2, len(MOMENT_NAMES), 2),    # per play, as survey's moments
    diff=CLASS_SHAPE + (len(DIFFS), 2),                 # dd − heuristic: sum, sum of squares
    reach=(N_SEATS, 2),
)


@njit(cache=True, forceinline=True)
def _solved(rules, hands, blind, picker, mode, work, info, trace, dd, tt, stats, gen):
    """``picker`` takes the blind in ``mode`` and the hand is solved double-dummy
    (``play.play_picked``); returns (points * 8 + tricks, the partner seat)."""
    work[:] = hands
    bury = take_blind(work, blind, picker, mode, info)
    return play_picked(rules, work, picker, info, bury, trace, dd, tt, stats, gen), info[0]


@njit(cache=True, nogil=True)
def survey_dd_chunk(rules, key0, start, n, pool, counts, thresholds, grids, lvals, dd, tt, stats,
                    deals, results, moments, diff, reach):
    """The same deals as ``survey.survey_chunk``: every offered deal played heuristically
    and double-dummy (``dd`` is True; it is an argument so the solver's callers are
    compiled once, for the types the questions use)."""
    buf, deal, fixed, hands, work, info, lpts, ltr, trace, res = kernel_buffers(pool, counts)
    gen = np.zeros(8, np.int64)
    for i in range(n):
        seat = deal_offered(key0, start + i, pool, counts, fixed, buf, deal, hands, thresholds, reach)
        if seat < 0:
            continue
        h = hands[seat]
        t, q, j, a, pol = cell_of(h, seat, thresholds)
        blind = deal[0]
        play_offered(rules, hands, blind, seat, thresholds, grids, lvals, work, info, lpts, ltr, trace, res)
        packed, partner = _solved(rules, hands, blind, seat, MODE_CALL, work, info, trace, dd, tt, stats, gen)
        d_pick = score(grids, G_PICKER if partner >= 0 else G_ALONE, packed)
        r = results[seat, t, q, j, a, pol]
        r[0, 0, result_class(res[R_PICK])] += 1
        r[0, 1, result_class(packed)] += 1
        packed, _ = _solved(rules, hands, blind, seat, MODE_ALONE, work, info, trace, dd, tt, stats, gen)
        d_alone = score(grids, G_ALONE, packed)
        r[1, 0, result_class(res[R_ALONE])] += 1
        r[1, 1, result_class(packed)] += 1
        d_pass = res[R_S_PASS]            # a leaster stays heuristic
        if res[R_PICKER] >= 0:
            packed, partner = _solved(rules, hands, blind, res[R_PICKER], MODE_POLICY, work, info, trace, dd,
                                      tt, stats, gen)
            g, _ = pass_grid(partner, seat)
            d_pass = score(grids, g, packed)
        deals[seat, t, q, j, a, pol, 0] += 1
        m = moments[seat, t, q, j, a, pol]
        add_scores(m[0], res[R_S_PASS], res[R_S_PICK], res[R_S_ALONE])
        add_scores(m[1], d_pass, d_pick, d_alone)
        x = diff[seat, t, q, j, a, pol]
        add_moments(x, 0, d_pick - res[R_S_PICK])
        add_moments(x, 1, d_alone - res[R_S_ALONE])
        add_moments(x, 2, d_pass - res[R_S_PASS])
        add_moments(x, 3, (d_pick - d_pass) - (res[R_S_PICK] - res[R_S_PASS]))


def run_survey_dd(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
                  on_chunk=None, skip=None, initial=None):
    """The double-dummy survey of deal indices 0..deals-1 (the same deals as ``run_survey``)."""
    from ...sim.runner import run_chunks
    from .dd import new_dd_table, new_stats

    pool, counts, key0 = survey_inputs(seed)
    grids, lvals = score_grids(), leaster_values()

    def chunk(start, n):
        flat = DD_LAYOUT.zeros()
        if n:
            v = DD_LAYOUT.unpack(flat)
            survey_dd_chunk(RULES, key0, np.int64(start), np.int64(n), pool, counts, PICK_THRESHOLDS, grids,
                            lvals, True, new_dd_table(), new_stats(), v["deals"], v["results"], v["moments"],
                            v["diff"], v["reach"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=DD_CHUNK,
                      desc="sheepshead double-dummy survey", on_chunk=on_chunk, skip=skip, initial=initial)


# ----------------------------------------------------------------------------- tables
def dd_table(flat: np.ndarray, by: list[str], min_deals: int = 200) -> pd.DataFrame:
    """Per hand class: P(win) (Wilson 95%) and P(schneider) both ways of pick and alone,
    and each action's EV and the gains pick − pass and alone − pick, with heuristic play
    and double-dummy on the same deals; and the paired dd − heuristic differences of the
    picker's score (pick, alone), of the passing seat's score and of the gain."""
    v = DD_LAYOUT.unpack(flat)
    df = class_frame({"deals": v["deals"], "results": v["results"], "moments": v["moments"],
                      "diff": v["diff"]}, by)
    n = df["deals_0"].to_numpy(float)
    out = df[by].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    res = df[[f"results_{i}" for i in range(4 * N_RESULTS)]].to_numpy(np.int64).reshape(-1, 2, 2, N_RESULTS)
    n_m = 2 * len(MOMENT_NAMES)
    for p, play in enumerate(PLAYS):
        for a, action in enumerate(("", "_alone")):
            cols = result_columns(res[:, a, p], None, action)
            for name, col in cols.items():
                out[f"{name}_{play}"] = col
        for row, name in enumerate(MOMENT_NAMES):
            s1 = df[f"moments_{p * n_m + 2 * row}"].to_numpy(float) / SCALE
            s2 = df[f"moments_{p * n_m + 2 * row + 1}"].to_numpy(float) / SCALE ** 2
            mean, se = mean_se(n, s1, s2)
            col = f"ev_{name}" if row < M_GAIN else name
            out[f"{col}_{play}"], out[f"{col}_{play}_se"] = mean, se
    for k, name in enumerate(DIFFS):
        s1 = df[f"diff_{2 * k}"].to_numpy(float) / SCALE
        s2 = df[f"diff_{2 * k + 1}"].to_numpy(float) / SCALE ** 2
        mean, se = mean_se(n, s1, s2)
        col = f"dd_minus_heuristic_{name}"
        out[col], out[f"{col}_se"] = mean, se
        out[f"{col}_lo"], out[f"{col}_hi"] = mean - Z95 * se, mean + Z95 * se
    out["note"] = np.where(n < min_deals, "few deals", "")
    return out
