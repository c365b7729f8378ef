"""Pinochle: the three play models on the same deals, for the report.

The first deals of the heuristic survey (same seed, same deal indices, same classified
seat and class): the classified seat declares its policy trump whatever the bid, the
passes and the meld are the policy's, and the twelve tricks are played three ways on the
same passed hands:

- by the heuristic players (``play.finish_hand``: the survey's own play-out);
- single-dummy at every seat (``play.finish_hand_pimc``, ``n_worlds`` sampled layouts a
  card), the players aiming at the level the bidding policy would reach with the
  declarer's hand (its value less the policy's margin, at least the minimum bid: the
  contract such a hand plays), the declaring side to reach it, the defenders to stop it;
- double-dummy (``dd.solve_points``: exact trick points, every hand visible).

Per class the kernel books the deals, per model how often the side's total (its meld,
saved, plus its trick points) reaches each of ``SUCCESS_LEVELS`` and the sum and sum of
squares of its trick points, and for the paired differences pimc − heuristic and
dd − pimc the sums of squares of the per-deal differences.  Integers throughout, so
chunks merge exactly; each deal's worlds come from its own key, so the numbers do not
depend on the thread count.  Kept apart from ``survey`` so that the heuristic survey never
compiles the solver.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...bits import ZERO
from ...sim.layout import StatsLayout
from ...stats import Z95
from .bidding import P_MARGIN
from .dd import solve_points
from .play import O_MELD_D, O_POINTS_D, O_SIZE, finish_hand_pimc, pass_and_meld
from .survey import CLASS_SHAPE, SUCCESS_LEVELS, class_frame, class_keys, declared, kernel_buffers, mean_se, prob_columns
from .survey_dd import _count_made, solver_survey_inputs
from .pimc import _stream
from .worlds import DEFAULT_WORLDS, MODE_SAMPLE, fresh_search, world_key

PIMC_CHUNK = 1                 # deals a chunk: a single-dummy hand takes the solver seconds
MODELS = ("heuristic", "pimc", "dd")
POINTS_ROWS = MODELS + ("pimc_minus_heuristic", "dd_minus_pimc")
PIMC_LAYOUT = StatsLayout(
    deals=CLASS_SHAPE + (1,),
    points=CLASS_SHAPE + (len(POINTS_ROWS), 2),             # trick points: sum, sum of squares
    made=CLASS_SHAPE + (len(MODELS), len(SUCCESS_LEVELS)),   # side total >= B, per model
)


def survey_pimc_chunk(rules4, vals4, dd_rules4, key0, start, n, pool, counts, policies, reuse, minimum, any_throw,
                      save, levels, n_worlds, tt, stats, deals, points, made):
    """The same deals as ``survey.survey_chunk``: the classified seat declares its trump,
    played by the heuristic, single-dummy and double-dummy on the same passed hands (plain
    Python around the kernels, as ``pimc.bid_deals``)."""
    buf, fixed, hands, work, values, trumps, v4, out, trace = kernel_buffers(pool)
    gen = np.ones(1, np.int64)
    scratch = np.empty(O_SIZE, np.int64)
    for i in range(n):
        index = np.int64(start + i)
        seat, own, b, tl, a, t = declared(rules4, vals4, key0, index, pool, counts, policies, reuse, any_throw, save,
                                          fixed, buf, hands, work, values, trumps, v4, out, trace)
        heur, meld = int(out[O_POINTS_D]), int(out[O_MELD_D])
        aim = max(int(minimum), int(np.floor((values[seat] - policies[seat, P_MARGIN]) / 10.0)) * 10)
        work[:] = hands
        fresh_search(tt, stats, gen)
        finish_hand_pimc(rules4[t], vals4[t], dd_rules4[t], work, seat, t, 0, aim, reuse, any_throw, save, policies,
                         0, 0, 0, scratch, trace, n_worlds, MODE_SAMPLE, np.uint64(world_key(_stream(key0, index))),
                         tt, stats, gen)
        sd = int(scratch[O_POINTS_D])
        work[:] = hands
        pass_and_meld(work, seat, t, reuse, ZERO, ZERO, scratch)
        dd = int(solve_points(dd_rules4[t], work, seat, np.int64(heur), tt, stats, gen))
        deals[seat, b, tl, a, 0] += 1
        p = points[seat, b, tl, a]
        for row, x in enumerate((heur, sd, dd, sd - heur, dd - sd)):
            p[row, 0] += x
            p[row, 1] += x * x
        m = made[seat, b, tl, a]
        for k, x in enumerate((heur, sd, dd)):
            _count_made(m[k], np.int64(x + (meld if x > 0 else 0)), levels)


def run_survey_pimc(deals: int, seed: int = 0, worlds: int = DEFAULT_WORLDS, threads: int | None = None,
                    progress: bool = False):
    """The three-model survey of deal indices 0..deals-1 (the same deals as
    ``survey.run_survey``); each single-dummy hand starts from an empty table
    (``worlds.fresh_search``), so a deal's numbers do not depend on the chunk it is in."""
    from ...sim.runner import run_chunks
    from .dd import new_dd_table, new_stats

    rules4, vals4, dd_rules4, key0, pool, counts, policies, reuse, minimum, any_throw, save, levels = \
        solver_survey_inputs(seed)

    def chunk(start, n):
        flat = PIMC_LAYOUT.zeros()
        if n:
            v = PIMC_LAYOUT.unpack(flat)
            survey_pimc_chunk(rules4, vals4, dd_rules4, key0, np.int64(start), np.int64(n), pool, counts, policies,
                              reuse, minimum, any_throw, save, levels, np.int64(worlds), new_dd_table(), new_stats(),
                              v["deals"], v["points"], v["made"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=PIMC_CHUNK,
                      desc="pinochle single-dummy survey")


def models_table(flat: np.ndarray, by: list[str], min_deals: int = 30) -> pd.DataFrame:
    """Per class of ``by``: the declaring side's mean trick points under each play model
    with standard errors, the paired differences pimc − heuristic and dd − pimc with
    their standard errors and 95% ranges, and P(side total ≥ B) per model (Wilson 95%)."""
    v = PIMC_LAYOUT.unpack(flat)
    df = class_frame({"deals": v["deals"], "points": v["points"], "made": v["made"]}, by)
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    for row, name in enumerate(POINTS_ROWS):
        mean, se = mean_se(n, df[f"points_{2 * row}"], df[f"points_{2 * row + 1}"])
        col = name if row >= len(MODELS) else f"points_{name}"
        out[col], out[f"{col}_se"] = mean, se
        if row >= len(MODELS):
            out[f"{col}_lo"], out[f"{col}_hi"] = mean - Z95 * se, mean + Z95 * se
    k = len(SUCCESS_LEVELS)
    for p, model in enumerate(MODELS):
        for j, level in enumerate(SUCCESS_LEVELS):
            prob_columns(out, f"p{level}_{model}", df[f"made_{p * k + j}"].to_numpy(), n)
    out["note"] = np.where(n < min_deals, "few deals", "")
    return out.reset_index(drop=True)
