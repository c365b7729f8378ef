"""Pinochle double-dummy survey: the first deals of the heuristic survey (same seed, same
deal indices, same classified seat and class), the classified seat's declaration played
by the heuristic players *and* solved double-dummy on the same cards after the same
passes, so the report can show what perfect play of the twelve tricks changes, per class.

Double-dummy is ``dd.solve_points``: every hand visible, both sides playing perfectly for
the declaring side's trick points (counters and the last trick's 10) under the head,
trump and over-trump duties, identical cards tying (the first played wins).  The trump,
the passes and the meld are the policy's in both (``play.pass_and_meld``, as
``play.finish_hand`` makes them); the side's total is its meld (saved by the default rule:
the side took some trick points) plus its trick points.  The searches start from the
heuristic play's points, so a deal the heuristic plays perfectly costs few searches.

Kept apart from ``survey`` so that the heuristic survey never compiles the solver.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ZERO
from ...sim.layout import StatsLayout
from ...stats import Z95
from .dd import solve_points
from .play import O_MELD_D, O_POINTS_D, O_SIZE, pass_and_meld
from .rules import Options, rule_tables
from .survey import (CLASS_SHAPE, SUCCESS_LEVELS, class_frame, class_keys, declared, kernel_buffers, mean_se,
                     prob_columns, survey_inputs)

DD_CHUNK = 2                   # deals a chunk: a deal may take the solver seconds or more
PLAYS = ("heuristic", "dd")
POINTS_ROWS = ("heuristic", "dd", "dd_minus_heuristic")
DD_LAYOUT = StatsLayout(
    deals=CLASS_SHAPE + (1,),
    points=CLASS_SHAPE + (len(POINTS_ROWS), 2),          # trick points: sum, sum of squares
    made=CLASS_SHAPE + (len(PLAYS), len(SUCCESS_LEVELS)),  # side total >= B, per play
)


@njit(cache=True, forceinline=True)
def _count_made(row, total, levels):
    for k in range(levels.shape[0]):
        if total >= levels[k]:
            row[k] += 1


@njit(cache=True, nogil=True)
def survey_dd_chunk(rules4, vals4, dd_rules4, key0, start, n, pool, counts, policies, reuse, any_throw, save, levels,
                    tt, stats, deals, points, made):
    """The same deals as ``survey.survey_chunk``: the classified seat declares its trump,
    played heuristically and solved double-dummy on the same passed hands."""
    buf, fixed, hands, work, values, trumps, v4, out, trace = kernel_buffers(pool)
    gen = np.zeros(8, np.int64)
    scratch = np.empty(O_SIZE, np.int64)
    for i in range(n):
        seat, own, b, tl, a, t = declared(rules4, vals4, key0, start + i, pool, counts, policies, reuse, any_throw,
                                          save, fixed, buf, hands, work, values, trumps, v4, out, trace)
        heur = out[O_POINTS_D]
        meld = out[O_MELD_D]
        work[:] = hands
        pass_and_meld(work, seat, t, reuse, ZERO, ZERO, scratch)
        dd = solve_points(dd_rules4[t], work, seat, heur, tt, stats, gen)
        deals[seat, b, tl, a, 0] += 1
        p = points[seat, b, tl, a]
        for row, x in ((0, heur), (1, dd), (2, dd - heur)):
            p[row, 0] += x
            p[row, 1] += x * x
        m = made[seat, b, tl, a]
        _count_made(m[0], heur + (meld if heur > 0 else 0), levels)
        _count_made(m[1], dd + (meld if dd > 0 else 0), levels)


def solver_survey_inputs(seed: int):
    """``survey.survey_inputs`` under the default rules, with the trumps' rule vectors for
    the solver (points) and the success levels as an array: (rules4, vals4, dd_rules4,
    key, pool, counts, policies, reuse, minimum, any_throw, save, levels), the inputs of
    the double-dummy and three-model surveys."""
    options = Options()
    rules4, vals4, key0, pool, counts, policies, reuse, minimum, any_throw, save = survey_inputs(seed, options)
    return (rules4, vals4, rule_tables(options, objective_points=True), key0, pool, counts, policies, reuse, minimum,
            any_throw, save, np.array(SUCCESS_LEVELS, np.int64))


def run_survey_dd(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
                  on_chunk=None, skip=None, initial=None):
    """The double-dummy survey of deal indices 0..deals-1 (the same deals as
    ``survey.run_survey``), a fresh transposition table per chunk."""
    from ...sim.runner import run_chunks
    from .dd import new_dd_table, new_stats

    rules4, vals4, dd_rules4, key0, pool, counts, policies, reuse, _, any_throw, save, levels = \
        solver_survey_inputs(seed)

    def chunk(start, n):
        flat = DD_LAYOUT.zeros()
        if n:
            v = DD_LAYOUT.unpack(flat)
            survey_dd_chunk(rules4, vals4, dd_rules4, key0, np.int64(start), np.int64(n), pool, counts, policies,
                            reuse, any_throw, save, levels, new_dd_table(), new_stats(), v["deals"], v["points"],
                            v["made"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=DD_CHUNK,
                      desc="pinochle double-dummy survey", on_chunk=on_chunk, skip=skip, initial=initial)


def dd_table(flat: np.ndarray, by: list[str], min_deals: int = 200) -> pd.DataFrame:
    """Per class of ``by``: the declaring side's mean trick points played heuristically and
    double-dummy on the same deals, their paired difference dd − heuristic with its
    standard error and 95% range, and P(side total ≥ B) both ways (Wilson 95%)."""
    v = DD_LAYOUT.unpack(flat)
    df = class_frame({"deals": v["deals"], "points": v["points"], "made": v["made"]}, by)
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    for row, name in enumerate(POINTS_ROWS):
        mean, se = mean_se(n, df[f"points_{2 * row}"], df[f"points_{2 * row + 1}"])
        col = name if row == 2 else f"points_{name}"
        out[col], out[f"{col}_se"] = mean, se
    out["dd_minus_heuristic_lo"] = out["dd_minus_heuristic"] - Z95 * out["dd_minus_heuristic_se"]
    out["dd_minus_heuristic_hi"] = out["dd_minus_heuristic"] + Z95 * out["dd_minus_heuristic_se"]
    k = len(SUCCESS_LEVELS)
    for p, play in enumerate(PLAYS):
        for j, level in enumerate(SUCCESS_LEVELS):
            prob_columns(out, f"p{level}_{play}", df[f"made_{p * k + j}"].to_numpy(), n)
    out["note"] = np.where(n < min_deals, "few deals", "")
    return out.reset_index(drop=True)
