"""Sheepshead: the three play models on the same deals, for the report.

The first deals of the heuristic survey (same seed, same deal indices, same classified
seat ``index mod 5``).  On every offered deal (each earlier seat passed by the picking
policy) the classified seat picks as in the survey's ``pick`` action — takes the blind,
buries and calls by the policy (``play.MODE_CALL``: alone only when no call is legal) —
and that picked hand is played three ways from the same bury and call:

- by the heuristic players (``play.play_called``: the survey's own pick play-out);
- single-dummy at every seat (``pimc.play_picked_pimc``, ``n_worlds`` sampled layouts a
  card, ``pimc.PIMC_LINES``): each seat plays for its side's 61 card points (the picker's
  side to reach them, the defence to stop them), then for the schneider line still open
  (91, or 31 to escape schneider);
- double-dummy (``dd.solve_points``: the double-dummy section's solver with the partner
  known from the first card, searched for the exact card points, from the heuristic's).

Per hand class (seat, trumps and queens of the six cards dealt, whether the policy would
pick them) the kernel books the deals, and per model how often the picker's side takes
61+, 91+ (schneider) and ≤ 30 (schneidered) card points (bury included), and the sum and
sum of squares of those points; and for the paired differences pimc − heuristic and
dd − pimc the sums of squares of the per-deal differences (their sums are differences of
the per-model sums).  Counts and points are integers, so chunks merge exactly, and each
deal's worlds come from its own key: the numbers do not depend on the thread count.

Kept apart from ``survey`` so that the heuristic survey never compiles the solver.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ONE, ZERO
from ...sim.rng import stream_key
from ...stats import Z95, moments_mean_se, wilson
from ...tricks.points import mask_points
from .bidding import PICK_THRESHOLDS
from .dd import DD_RULES, solve_points
from .deck import HAND_SIZE, N_SEATS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER, WIN_POINTS
from .pimc import DEFAULT_WORLDS, MODE_SAMPLE, PIMC_LINES, play_picked_pimc, world_key
from .play import ALL_SEATS, MODE_CALL, VALS, play_called, take_blind
from .rules import RULES
from .survey import POLICY_LABELS, cell_of, deal_offered, kernel_buffers, survey_inputs

PIMC_CHUNK = 4
MODELS = ("heuristic", "pimc", "dd")
PAIRS = ((1, 0), (2, 1))                       # pimc - heuristic, dd - pimc
PAIR_NAMES = ("pimc_minus_heuristic", "dd_minus_pimc")
# Hand classes: seat, trumps 0..6, queens 0..4, the policy would pick (0 no, 1 yes).
CLASS_SHAPE = (N_SEATS, HAND_SIZE + 1, 5, 2)
FEATURES = ("seat", "trumps", "queens", "policy")
# Per class: deals; per model wins (61+), schneiders (91+), schneidered (<= 30), points and
# points squared; per pair the sums of squared differences of win, schneider and points.
P_N, P_WIN, P_SCHN, P_SCHD, P_PTS, P_PTS2 = 0, 1, 4, 7, 10, 13
P_DWIN2, P_DSCHN2, P_DPTS2 = 16, 18, 20
P_SIZE = 22
OUT_SHAPE = CLASS_SHAPE + (P_SIZE,)


@njit(cache=True, forceinline=True)
def _book(row, pts):
    """One deal's picker-side card points ``pts`` (heuristic, pimc, dd) into ``row``."""
    row[P_N] += 1
    for m in range(3):
        p = pts[m]
        row[P_WIN + m] += 1 if p >= WIN_POINTS else 0
        row[P_SCHN + m] += 1 if p >= SCHNEIDER_PICKER else 0
        row[P_SCHD + m] += 1 if p <= SCHNEIDERED_PICKER else 0
        row[P_PTS + m] += p
        row[P_PTS2 + m] += p * p
    for j in range(2):
        a = pts[PAIRS[j][0]]
        b = pts[PAIRS[j][1]]
        dw = (1 if a >= WIN_POINTS else 0) - (1 if b >= WIN_POINTS else 0)
        ds = (1 if a >= SCHNEIDER_PICKER else 0) - (1 if b >= SCHNEIDER_PICKER else 0)
        row[P_DWIN2 + j] += dw * dw
        row[P_DSCHN2 + j] += ds * ds
        row[P_DPTS2 + j] += (a - b) * (a - b)


@njit(cache=True, nogil=True)
def _three_ways(rules, hands, blind, seat, n_worlds, lines, key, work, info, trace, tt, stats, genbox, pts):
    """The picker side's card points (bury included) when ``seat`` picks (MODE_CALL) on
    this deal and the hand is played by the heuristic, single-dummy and double-dummy, into
    ``pts``.  ``genbox[0]``: the solver table's generation, shared by the two searches."""
    work[:] = hands
    bury = take_blind(work, blind, seat, np.int64(MODE_CALL), info)
    called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
    bury_points = mask_points(VALS, bury)
    heur = play_called(rules, work, 0, seat, info[0], called, bury, trace, False) >> 3
    work[:] = hands
    take_blind(work, blind, seat, np.int64(MODE_CALL), info)
    sd = play_picked_pimc(rules, work, seat, info, bury, np.int64(ALL_SEATS), n_worlds, np.int64(MODE_SAMPLE), lines,
                          key, tt, stats, genbox, trace, np.bool_(False)) >> 3
    work[:] = hands
    take_blind(work, blind, seat, np.int64(MODE_CALL), info)
    dd = bury_points + solve_points(DD_RULES, work, seat, info[0], called, heur - bury_points, tt, stats, genbox)
    pts[0] = heur
    pts[1] = sd
    pts[2] = dd


@njit(cache=True, nogil=True)
def _survey_pimc_chunk(rules, key0, start, n, pool, counts, thresholds, n_worlds, lines, tt, stats, out, reach):
    """Deals ``start .. start+n-1`` of the heuristic survey: every offered deal's picked
    hand played three ways into ``out[seat, trumps, queens, policy]`` (module docstring);
    ``reach[seat]``: the seat's deals and offered deals, as in the survey."""
    buf, deal, fixed, hands, work, info, lpts, ltr, trace, res = kernel_buffers(pool, counts)
    genbox = np.ones(8, np.int64)
    pts = np.zeros(3, np.int64)
    for i in range(n):
        index = start + i
        seat = deal_offered(key0, index, pool, counts, fixed, buf, deal, hands, thresholds, reach)
        if seat < 0:
            continue
        t, q, _, _, pol = cell_of(hands[seat], seat, thresholds)
        key = stream_key(world_key(stream_key(key0, index)), 0)
        _three_ways(rules, hands, deal[0], np.int64(seat), n_worlds, lines, key, work, info, trace, tt, stats, genbox,
                    pts)
        _book(out[seat, t, q, pol], pts)


def run_survey_pimc(deals: int, seed: int = 0, worlds: int = DEFAULT_WORLDS, threads: int | None = None,
                    progress: bool = False):
    """The three-model survey of deal indices 0..deals-1 (the heuristic survey's deals);
    ``stats`` is the OUT_SHAPE array followed by the (N_SEATS, 2) reach counts, flat."""
    from ...sim.runner import run_chunks
    from .dd import new_dd_table, new_stats

    pool, counts, key0 = survey_inputs(seed)
    size = int(np.prod(OUT_SHAPE))

    def chunk(start, n):
        flat = np.zeros(size + 2 * N_SEATS, np.int64)
        if n:
            out = flat[:size].reshape(OUT_SHAPE)
            reach = flat[size:].reshape(N_SEATS, 2)
            _survey_pimc_chunk(RULES, key0, np.int64(start), np.int64(n), pool, counts, PICK_THRESHOLDS,
                               np.int64(worlds), np.int64(PIMC_LINES), new_dd_table(), new_stats(), out, reach)
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=PIMC_CHUNK,
                      desc="sheepshead single-dummy survey")


def unpack(flat: np.ndarray):
    """(the OUT_SHAPE class array, the (N_SEATS, 2) reach counts) of a run's ``stats``."""
    size = int(np.prod(OUT_SHAPE))
    return flat[:size].reshape(OUT_SHAPE), flat[size:].reshape(N_SEATS, 2)


def models_table(flat: np.ndarray, by: list[str]) -> pd.DataFrame:
    """One row per occupied class of the breakdown ``by`` (of FEATURES; [] for one row of
    every offered deal): per model P(61+) with its Wilson interval, P(schneider) (91+) and
    P(schneidered) (≤ 30), the mean card points of the picker's side with its standard
    error; and the paired differences pimc − heuristic and dd − pimc of P(61+),
    P(schneider) and mean points with standard errors and 95% ranges."""
    bad = [b for b in by if b not in FEATURES]
    if bad:
        raise ValueError(f"unknown breakdown {bad} (choose from {FEATURES})")
    out, _ = unpack(flat)
    keep = tuple(k for k, f in enumerate(FEATURES) if f not in by)
    arr = out.sum(axis=keep) if keep else out
    dims = [k for k, f in enumerate(FEATURES) if f in by]
    rows = []
    for idx in np.ndindex(*arr.shape[:-1]):
        r = arr[idx].astype(float)
        n = r[P_N]
        if not n:
            continue
        row = {}
        for k, d in zip(idx, dims):
            name = FEATURES[d]
            row[name] = k + 1 if name == "seat" else (POLICY_LABELS[k] if name == "policy" else k)
        row = {b: row[b] for b in by}
        row["deals"] = int(n)
        for m, name in enumerate(MODELS):
            lo, hi = wilson(r[P_WIN + m], n)
            row[f"p_win_{name}"] = r[P_WIN + m] / n
            row[f"p_win_{name}_lo"] = float(lo)
            row[f"p_win_{name}_hi"] = float(hi)
            row[f"p_schneider_{name}"] = r[P_SCHN + m] / n
            row[f"p_schneidered_{name}"] = r[P_SCHD + m] / n
            row[f"mean_points_{name}"], row[f"mean_points_{name}_se"] = moments_mean_se(n, r[P_PTS + m],
                                                                                      r[P_PTS2 + m])
        for j, ((a, b), label) in enumerate(zip(PAIRS, PAIR_NAMES)):
            for what, first, sq in (("p_win", P_WIN, P_DWIN2), ("p_schneider", P_SCHN, P_DSCHN2),
                                    ("mean_points", P_PTS, P_DPTS2)):
                mean, se = moments_mean_se(n, r[first + a] - r[first + b], r[sq + j])
                col = f"{what}_{label}"
                row[col], row[f"{col}_se"] = mean, se
                row[f"{col}_lo"], row[f"{col}_hi"] = mean - Z95 * se, mean + Z95 * se
        rows.append(row)
    return pd.DataFrame(rows)
