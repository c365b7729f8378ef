"""Sheepshead survey: picking statistics by hand class, from fully random deals.

Every deal is a fully random 32-card deal (default rules: leaster when nobody picks,
single bump, J♣ above J♠).  One seat is the player being classified, by the deal's
index: seat ``1 + index mod 5`` (1 left of the dealer ... 5 the dealer), so every seat
has its own, independent deals.  The blind is *offered* to it when every seat before it
passed by the picking policy (``bidding.wants_to_pick``); other deals count only in the
``reach`` block.  On an offered deal three actions are played out on the **same** deal:

- **pick**: take the blind, bury and call by the policy (``play.MODE_CALL``: alone only
  when no call is legal);
- **alone**: take the blind, bury by the policy and play alone (``play.MODE_ALONE``);
- **pass**: the later seats decide by the policy (the first one willing picks, buries,
  calls, or goes alone when overwhelming); nobody: a leaster.

Everybody plays with the heuristic players.  Hand classes are the six cards as dealt:
trumps, queens, jacks, fail aces, the seat, and whether the policy would pick them.  The
kernel fills joint histograms over the classes — the picker side's result class (no
trick, ≤ 30, 31-60, 61-90, ≥ 91, every trick) and card points for pick and alone, what
happened after a pass — and, per class, the sums and sums of squares of each action's
score and of the paired differences pick − pass, alone − pick and alone − pass.  Scores
are kept in twelfths of a point (a tied leaster pays (5 − k)/k), so every sum is an
integer and chunks merge exactly.  Per seat it also bins pick − pass by the policy's
picking strength and alone − pick by the going-alone strength of the six cards kept, for
the break-even thresholds.  Every breakdown is a marginal of these arrays.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ONE, ZERO, popcount
from ...errors import InputError
from ...sim.deal import _deal_into
from ...sim.layout import StatsLayout
from ...sim.rng import seed_key, stream_key
from ...stats import Z95, break_even, moments_mean_se, wilson
from .bidding import (
    PICK_THRESHOLDS,
    POLICY,
    W_ALONE,
    alone_strength,
    strength,
    wants_to_pick,
)
from .deck import (
    HAND_SIZE,
    N_SEATS,
    N_TRICKS,
    SCHNEIDER_PICKER,
    SCHNEIDERED_PICKER,
    WIN_POINTS,
)
from .play import (
    LEASTER_CLASSES,
    MODE_ALONE,
    MODE_CALL,
    MODE_POLICY,
    TRACE_COLS,
    _earlier_pick,
    leaster_class,
    play_called,
    play_leaster,
    take_blind,
)
from .rules import FAIL_ACES, JACKS, QUEENS, RULES, TRUMPS, Options
from .scoring import leaster_value, score_grid

SCALE = 12                  # scores are summed in twelfths of a point (leaster shares)
# Hand-class dimensions: seat, trumps 0..6, queens 0..4, jacks 0..4, fail aces 0..3, and
# whether the policy would pick the hand (0 no, 1 yes).
CLASS_SHAPE = (N_SEATS, HAND_SIZE + 1, 5, 5, 4, 2)
FEATURES = ("seat", "trumps", "queens", "jacks", "fail_aces", "policy")
DERIVED = ("queens_jacks",)
BREAKDOWNS = FEATURES + DERIVED
POLICY_LABELS = ("passes", "picks")
# The picker side's result classes (by tricks first, then card points incl. the bury).
RESULTS = ("no trick", "<=30", "31-60", "61-90", ">=91", "all tricks")
N_RESULTS = len(RESULTS)
WIN_FROM, SCHNEIDER_FROM = 3, 4          # results >= 3 win, >= 4 schneider; <= 1 schneidered
PICK_ACTIONS = ("pick", "alone")         # the two picking actions, histogrammed by result
ACTIONS = ("pass", "pick", "alone")
# Moments rows: each action's score, then the paired differences.
M_PASS, M_PICK, M_ALONE, M_GAIN, M_GAIN_ALONE, M_ALONE_PASS = range(6)
MOMENT_NAMES = ("pass", "pick", "alone", "gain", "gain_alone", "gain_alone_pass")
# After a pass: the seat ends up the partner, a defender, a defender against an alone
# picker, or in a leaster.
PASS_OUTCOMES = ("partner", "defender", "defender_alone", "leaster")
P_PARTNER, P_DEFENDER, P_DEFENDER_ALONE, P_LEASTER = range(4)
# Strength bins for the thresholds: picking strength s in bin s + S_OFF; the going-alone
# strength a of the six kept cards in bin a.
S_OFF, S_BINS = 32, 100
A_BINS = 64

LAYOUT = StatsLayout(
    deals=CLASS_SHAPE + (2,),                       # offered deals, of which a call is legal
    results=CLASS_SHAPE + (2, N_RESULTS + 2),       # pick/alone: result classes, card points sum, sum of squares
    passed=CLASS_SHAPE + (len(PASS_OUTCOMES),),
    moments=CLASS_SHAPE + (len(MOMENT_NAMES), 2),   # sum and sum of squares, twelfths of a point
    strength=(N_SEATS, S_BINS, 3),                  # deals, sum, sum of squares of pick - pass
    alone_strength=(N_SEATS, A_BINS, 3),            # the same for alone - pick (a call legal)
    reach=(N_SEATS, 2),                             # deals of the seat, offered
)


# ----------------------------------------------------------------------------- kernel
@njit(cache=True, forceinline=True)
def hand_class(hand):
    """(trumps, queens, jacks, fail aces) of six cards."""
    return (popcount(hand & TRUMPS), popcount(hand & QUEENS), popcount(hand & JACKS),
            popcount(hand & FAIL_ACES))


@njit(cache=True, forceinline=True)
def result_class(packed):
    """The picker side's result class (``RESULTS``) of points * 8 + tricks."""
    tricks = packed & 7
    if tricks == 0:
        return 0
    if tricks == N_TRICKS:
        return N_RESULTS - 1
    points = packed >> 3
    if points <= SCHNEIDERED_PICKER:
        return 1
    if points < WIN_POINTS:
        return 2
    return 3 if points < SCHNEIDER_PICKER else 4


@njit(cache=True, forceinline=True)
def score(grids, g, packed):
    """Score (twelfths) of grid ``g`` (see ``score_grids``) for points * 8 + tricks."""
    tricks = packed & 7
    return grids[g, packed >> 3, 0 if tricks == 0 else (2 if tricks == N_TRICKS else 1)]


G_PICKER, G_ALONE, G_PARTNER, G_DEFENDER, G_DEFENDER_ALONE = range(5)


@njit(cache=True, forceinline=True)
def pass_grid(picker_partner, seat):
    """Score grid and PASS_OUTCOMES row of ``seat`` when another seat picked with this
    partner (-1: alone)."""
    if picker_partner < 0:
        return G_DEFENDER_ALONE, P_DEFENDER_ALONE
    if picker_partner == seat:
        return G_PARTNER, P_PARTNER
    return G_DEFENDER, P_DEFENDER


@njit(cache=True, forceinline=True)
def later_picker(hands, seat, thresholds):
    """The first seat after ``seat`` that the policy has pick, or -1."""
    for s in range(seat + 1, N_SEATS):
        if wants_to_pick(hands[s], s, thresholds):
            return s
    return -1


@njit(cache=True, forceinline=True)
def add_moments(m, row, x):
    m[row, 0] += x
    m[row, 1] += x * x


@njit(cache=True, forceinline=True)
def add_bin(row, x):
    row[0] += 1
    row[1] += x
    row[2] += x * x


# Fields of ``play_offered``'s result vector.
R_S_PASS, R_S_PICK, R_S_ALONE, R_PICK, R_ALONE, R_PARTNER, R_KEPT, R_OUTCOME, R_PICKER = range(9)
R_SIZE = 9


@njit(cache=True, forceinline=True)
def _picked(rules, hands, blind, picker, mode, work, info, trace):
    """``picker`` takes the blind (``play.take_blind`` in ``mode``) and the hand is played
    out heuristically on a copy of ``hands``; returns points * 8 + tricks."""
    work[:] = hands
    bury = take_blind(work, blind, picker, mode, info)
    called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
    return play_called(rules, work, 0, picker, info[0], called, bury, trace, False)


@njit(cache=True)
def play_offered(rules, hands, blind, seat, thresholds, grids, lvals, work, info, lpts, ltr, trace, res):
    """Play pick, alone and pass for ``seat`` on this deal (heuristic play) into ``res``:
    the three scores (twelfths), pick's and alone's points * 8 + tricks, pick's partner
    (-1: no legal call), the going-alone strength of the six cards kept alone, the
    PASS_OUTCOMES row, and the seat that picks after a pass (-1: leaster)."""
    packed = _picked(rules, hands, blind, seat, MODE_CALL, work, info, trace)
    res[R_PICK] = packed
    res[R_PARTNER] = info[0]
    res[R_S_PICK] = score(grids, G_PICKER if info[0] >= 0 else G_ALONE, packed)
    work[:] = hands
    take_blind(work, blind, seat, MODE_ALONE, info)
    res[R_KEPT] = alone_strength(work[seat])
    packed = _picked(rules, hands, blind, seat, MODE_ALONE, work, info, trace)
    res[R_ALONE] = packed
    res[R_S_ALONE] = score(grids, G_ALONE, packed)
    picker = later_picker(hands, seat, thresholds)
    res[R_PICKER] = picker
    if picker >= 0:
        packed = _picked(rules, hands, blind, picker, MODE_POLICY, work, info, trace)
        g, res[R_OUTCOME] = pass_grid(info[0], seat)
        res[R_S_PASS] = score(grids, g, packed)
    else:
        work[:] = hands
        play_leaster(rules, work, blind, False, lpts, ltr, trace, False)
        res[R_S_PASS] = lvals[leaster_class(lpts, ltr, seat)]
        res[R_OUTCOME] = P_LEASTER


@njit(cache=True, forceinline=True)
def add_scores(m, s_pass, s_pick, s_alone):
    """Each action's score and the paired differences into moments rows (MOMENT_NAMES)."""
    add_moments(m, M_PASS, s_pass)
    add_moments(m, M_PICK, s_pick)
    add_moments(m, M_ALONE, s_alone)
    add_moments(m, M_GAIN, s_pick - s_pass)
    add_moments(m, M_GAIN_ALONE, s_alone - s_pick)
    add_moments(m, M_ALONE_PASS, s_alone - s_pass)


@njit(cache=True, forceinline=True)
def deal_offered(key0, index, pool, counts, fixed, buf, deal, hands, thresholds, reach):
    """Deal ``index`` into ``deal`` (blind, seats 0..4) and ``hands`` and count it for its
    classified seat (index mod 5) in ``reach``; returns that seat if the blind reaches it
    (every earlier seat passed by the policy), else -1."""
    _deal_into(stream_key(key0, index), pool, counts, fixed, buf, deal)
    for s in range(N_SEATS):
        hands[s] = deal[1 + s]
    seat = index % N_SEATS
    reach[seat, 0] += 1
    if _earlier_pick(hands, seat, thresholds):
        return -1
    reach[seat, 1] += 1
    return seat


@njit(cache=True, forceinline=True)
def cell_of(hand, seat, thresholds):
    """The hand-class cell (trumps, queens, jacks, fail aces, policy picks) of six cards."""
    t, q, j, a = hand_class(hand)
    return t, q, j, a, 1 if wants_to_pick(hand, seat, thresholds) else 0


@njit(cache=True, forceinline=True)
def kernel_buffers(pool, counts):
    """Scratch arrays of the survey kernels: dealing (buf, deal, fixed), hands, work,
    take_blind's info, leaster points and tricks, trace, play_offered's result."""
    return (np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64),
            np.zeros(counts.shape[0], np.uint64), np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64),
            np.empty(3, np.int64), np.empty(N_SEATS, np.int64), np.empty(N_SEATS, np.int64),
            np.empty((1, TRACE_COLS), np.int64), np.empty(R_SIZE, np.int64))


@njit(cache=True, nogil=True)
def survey_chunk(rules, key0, start, n, pool, counts, thresholds, grids, lvals,
                 deals, results, passed, moments, s_hist, a_hist, reach):
    """Deals ``start .. start+n-1`` (see the module docstring)."""
    buf, deal, fixed, hands, work, info, lpts, ltr, trace, res = kernel_buffers(pool, counts)
    for i in range(n):
        seat = deal_offered(key0, start + i, pool, counts, fixed, buf, deal, hands, thresholds, reach)
        if seat < 0:
            continue
        h = hands[seat]
        t, q, j, a, pol = cell_of(h, seat, thresholds)
        play_offered(rules, hands, deal[0], seat, thresholds, grids, lvals, work, info, lpts, ltr, trace, res)
        r = results[seat, t, q, j, a, pol]
        for k, f in ((0, R_PICK), (1, R_ALONE)):
            r[k, result_class(res[f])] += 1
            r[k, N_RESULTS] += res[f] >> 3
            r[k, N_RESULTS + 1] += (res[f] >> 3) * (res[f] >> 3)
        d = deals[seat, t, q, j, a, pol]
        d[0] += 1
        if res[R_PARTNER] >= 0:
            d[1] += 1
        passed[seat, t, q, j, a, pol, res[R_OUTCOME]] += 1
        add_scores(moments[seat, t, q, j, a, pol], res[R_S_PASS], res[R_S_PICK], res[R_S_ALONE])
        b = min(max(strength(h) + S_OFF, 0), S_BINS - 1)
        add_bin(s_hist[seat, b], res[R_S_PICK] - res[R_S_PASS])
        if res[R_PARTNER] >= 0:
            add_bin(a_hist[seat, min(res[R_KEPT], A_BINS - 1)], res[R_S_ALONE] - res[R_S_PICK])


def score_grids(options: Options = Options()) -> np.ndarray:
    """(5, 121, 3) int64 scores in twelfths: picker, picker alone, partner, defender,
    defender against an alone picker, by the picker side's points and trick class."""
    bump = options.double_on_bump
    grids = [score_grid("picker", False, bump), score_grid("picker", True, bump),
             score_grid("partner", False, bump), score_grid("defender", False, bump),
             score_grid("defender", True, bump)]
    return np.rint(SCALE * np.stack(grids)).astype(np.int64)


def leaster_values() -> np.ndarray:
    """Leaster scores in twelfths by ``play.leaster_class`` (0 lost, k of k tied winners)."""
    return np.array([round(SCALE * leaster_value(k)) for k in range(LEASTER_CLASSES - 1)], np.int64)


def survey_inputs(seed: int):
    """(pool, counts, key) of the survey's deals: the 32 cards into the blind and 5 hands."""
    deck = int(RULES[8])
    pool = np.array([b for b in range(64) if (deck >> b) & 1], np.int64)
    counts = np.array([2] + [HAND_SIZE] * N_SEATS, np.int64)
    return pool, counts, seed_key(seed)


def run_survey(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
               on_chunk=None, skip=None, initial=None):
    """Run the survey of deal indices 0..deals-1; ``stats`` is a LAYOUT vector."""
    from ...sim.runner import run_chunks

    pool, counts, key0 = survey_inputs(seed)
    grids, lvals = score_grids(), leaster_values()

    def chunk(start, n):
        flat = LAYOUT.zeros()
        if n:
            v = LAYOUT.unpack(flat)
            survey_chunk(RULES, key0, np.int64(start), np.int64(n), pool, counts, PICK_THRESHOLDS,
                         grids, lvals, v["deals"], v["results"], v["passed"], v["moments"],
                         v["strength"], v["alone_strength"], v["reach"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="sheepshead survey",
                      on_chunk=on_chunk, skip=skip, initial=initial)


# ----------------------------------------------------------------------------- tables
def check_by(by):
    bad = [b for b in by if b not in BREAKDOWNS]
    if bad:
        raise InputError(f"unknown breakdown {', '.join(bad)} (choose from {', '.join(BREAKDOWNS)})")


def class_frame(blocks: dict, by: list[str]) -> pd.DataFrame:
    """Sum the class arrays ``blocks`` (name -> array of CLASS_SHAPE + tail) over the
    classes not in ``by``: one row per occupied class of the breakdown, the tails
    flattened into columns ``name_0, name_1, ...``."""
    check_by(by)
    idx = np.indices(CLASS_SHAPE).reshape(len(CLASS_SHAPE), -1).T
    cols = {name: idx[:, k] for k, name in enumerate(FEATURES)}
    cols["seat"] = cols["seat"] + 1
    cols["queens_jacks"] = cols["queens"] + cols["jacks"]
    frame = pd.DataFrame({b: cols[b] for b in by})
    parts = [frame]
    for name, arr in blocks.items():
        a = arr.reshape(len(idx), -1)
        parts.append(pd.DataFrame(a, columns=[f"{name}_{k}" for k in range(a.shape[1])]))
    df = pd.concat(parts, axis=1)
    first = next(iter(blocks))
    df = df[df[f"{first}_0"] > 0]
    if by:
        df = df.groupby(by, as_index=False, sort=True).sum()
    else:
        df = df.sum().to_frame().T
    if "policy" in by:
        df["policy"] = [POLICY_LABELS[p] for p in df["policy"]]
    return df.reset_index(drop=True)


def _scaled_moments(df, prefix, row):
    """(sum, sum of squares) in points of moments row ``row``."""
    return (df[f"{prefix}_{2 * row}"].to_numpy(float) / SCALE,
            df[f"{prefix}_{2 * row + 1}"].to_numpy(float) / SCALE ** 2)


def mean_se(n, s1, s2):
    out = [moments_mean_se(float(a), float(b), float(c)) for a, b, c in zip(n, s1, s2)]
    return (np.array([o[0] for o in out], float), np.array([o[1] for o in out], float)) if out else \
        (np.zeros(0), np.zeros(0))


def result_columns(counts: np.ndarray, points: np.ndarray | None, suffix: str = "") -> dict:
    """P(win) with its Wilson range, P(schneider) both ways and the mean card points of
    the picker side with its standard error, from result-class counts (rows × N_RESULTS)
    and the card points' (rows × 2) sums and sums of squares."""
    n = counts.sum(axis=1).astype(float)
    wins = counts[:, WIN_FROM:].sum(axis=1)
    lo, hi = wilson(wins, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = {f"p_win{suffix}": wins / n, f"p_win{suffix}_lo": lo, f"p_win{suffix}_hi": hi,
               f"p_schneider{suffix}": counts[:, SCHNEIDER_FROM:].sum(axis=1) / n,
               f"p_schneidered{suffix}": counts[:, :2].sum(axis=1) / n}
    if points is not None:
        out[f"mean_points{suffix}"], out[f"mean_points{suffix}_se"] = mean_se(n, points[:, 0], points[:, 1])
    return out


def pick_table(flat: np.ndarray, by: list[str], min_deals: int = 200) -> pd.DataFrame:
    """One row per hand class of the breakdown ``by`` (offered deals only): how often the
    policy picks such a hand; for pick and alone P(win) (Wilson 95%), P(schneider) both
    ways, the picker side's mean card points; each action's EV ± se; the paired gains
    pick − pass and alone − pick with their 95% ranges; what happened after a pass; the
    best action and whether it beats the runner-up clearly.  Rows with fewer than
    ``min_deals`` deals have the note "few deals" (kept, not hidden)."""
    v = LAYOUT.unpack(flat)
    df = class_frame({"deals": v["deals"], "policy_picks": _policy_counts(v["deals"]),
                      "results": v["results"], "passed": v["passed"], "moments": v["moments"]}, by)
    n = df["deals_0"].to_numpy(float)
    out = df[by].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["p_policy_picks"] = df["policy_picks_0"].to_numpy(float) / n
        out["p_call_legal"] = df["deals_1"].to_numpy(float) / n
    k = N_RESULTS + 2
    res = df[[f"results_{i}" for i in range(2 * k)]].to_numpy(np.int64)
    for a, suffix in ((0, ""), (1, "_alone")):
        block = res[:, a * k:(a + 1) * k]
        for name, col in result_columns(block[:, :N_RESULTS], block[:, N_RESULTS:].astype(float),
                                        suffix).items():
            out[name] = col
    evs = {}
    for row, name in enumerate(MOMENT_NAMES):
        s1, s2 = _scaled_moments(df, "moments", row)
        mean, se = mean_se(n, s1, s2)
        if row <= M_ALONE:
            evs[name] = (mean, se)
            out[f"ev_{name}"], out[f"ev_{name}_se"] = mean, se
        else:
            out[name], out[f"{name}_se"] = mean, se
            out[f"{name}_lo"], out[f"{name}_hi"] = mean - Z95 * se, mean + Z95 * se
    with np.errstate(invalid="ignore", divide="ignore"):
        for k2, name in enumerate(PASS_OUTCOMES):
            out[f"p_pass_{name}"] = df[f"passed_{k2}"].to_numpy(float) / n
    best, clear = _best(out)
    out["best"], out["clear"] = best, clear
    out["note"] = np.where(n < min_deals, "few deals", "")
    return out


def _policy_counts(deals: np.ndarray) -> np.ndarray:
    """Offered deals whose hand the policy picks, as an array of CLASS_SHAPE + (1,)."""
    out = np.zeros(CLASS_SHAPE + (1,), np.int64)
    out[..., 1, 0] = deals[..., 1, 0]
    return out


# the paired difference (column) and its sign for each pair of actions (a, b): EV(a) - EV(b)
_PAIR = {("pick", "pass"): ("gain", 1), ("alone", "pick"): ("gain_alone", 1),
         ("alone", "pass"): ("gain_alone_pass", 1)}


def _best(out: pd.DataFrame):
    """The action with the highest EV, and whether its paired lead over the runner-up is
    more than its 95% interval."""
    evs = out[[f"ev_{a}" for a in ACTIONS]].to_numpy(float)
    best, clear = [], []
    for i, row in enumerate(evs):
        if np.isnan(row).all():
            best.append(None)
            clear.append(False)
            continue
        order = np.argsort(-np.nan_to_num(row, nan=-np.inf))
        a, b = ACTIONS[order[0]], ACTIONS[order[1]]
        col = _PAIR.get((a, b)) or _PAIR.get((b, a))
        mean, se = out[col[0]].iloc[i], out[f"{col[0]}_se"].iloc[i]
        best.append(a)
        clear.append(bool(abs(mean) - Z95 * se > 0) if se == se else False)
    return best, clear


def reach_table(flat: np.ndarray) -> pd.DataFrame:
    """Per seat: its deals, how often the blind reached it (every earlier seat passed by
    the policy), how often the policy picks there, and what followed a pass."""
    v = LAYOUT.unpack(flat)
    rows = []
    passed = v["passed"].reshape(N_SEATS, -1, len(PASS_OUTCOMES)).sum(axis=1)
    picks = v["deals"][..., 1, 0].reshape(N_SEATS, -1).sum(axis=1)
    for s in range(N_SEATS):
        deals, offered = (int(x) for x in v["reach"][s])
        row = {"seat": s + 1, "deals": deals, "offered": offered,
               "p_offered": offered / deals if deals else np.nan,
               "p_policy_picks": picks[s] / offered if offered else np.nan,
               "policy_threshold": int(PICK_THRESHOLDS[s])}
        for k, name in enumerate(PASS_OUTCOMES):
            row[f"p_pass_{name}"] = passed[s, k] / offered if offered else np.nan
        rows.append(row)
    return pd.DataFrame(rows)


def strength_table(flat: np.ndarray, min_deals: int = 200) -> pd.DataFrame:
    """The paired gain by strength: pick − pass by the picking strength of the six cards
    dealt, per seat; alone − pick by the going-alone strength of the six cards kept after
    the alone bury, per seat (hands with a legal call only)."""
    rows = []
    for comp, seat, hist, offset in _strength_series(flat):
        for b in np.flatnonzero(hist[:, 0]):
            d = int(hist[b, 0])
            m, se = moments_mean_se(d, hist[b, 1] / SCALE, hist[b, 2] / SCALE ** 2)
            rows.append({"comparison": comp, "seat": seat, "strength": int(b) - offset, "deals": d,
                         "gain": m, "gain_se": se, "gain_lo": m - Z95 * se, "gain_hi": m + Z95 * se,
                         "note": "few deals" if d < min_deals else ""})
    return pd.DataFrame(rows)


COMPARISONS = ("pick vs pass", "alone vs pick")
STRENGTH_UNITS = {"pick vs pass": "picking strength of the six cards dealt",
                  "alone vs pick": "going-alone strength of the six cards kept"}


def _strength_series(flat):
    """(comparison, seat label, (bins, 3) deals/sum/sum of squares, bin offset); alone vs
    pick also pooled over the seats ("all"), since the policy has one alone threshold."""
    v = LAYOUT.unpack(flat)
    for s in range(N_SEATS):
        yield COMPARISONS[0], str(s + 1), v["strength"][s], S_OFF
    for s in range(N_SEATS):
        yield COMPARISONS[1], str(s + 1), v["alone_strength"][s], 0
    yield COMPARISONS[1], "all", v["alone_strength"].sum(axis=0), 0


def policy_threshold(comparison: str, seat: str) -> int:
    if comparison == COMPARISONS[0]:
        return int(PICK_THRESHOLDS[int(seat) - 1])
    return int(POLICY[W_ALONE])


def threshold_table(flat: np.ndarray, min_deals: int = 200) -> pd.DataFrame:
    """Break-even strength per comparison and seat (``stats.break_even``): the T for which
    "act iff strength ≥ T" gains most over never acting, with its 95% bootstrap range;
    the policy's threshold; and what the break-even rule gains over the policy's, per
    deal (offered deals; alone: offered deals with a legal call)."""
    rows = []
    for comp, seat, hist, offset in _strength_series(flat):
        pol = policy_threshold(comp, seat)
        be = break_even(hist[:, 0], hist[:, 1] / SCALE, hist[:, 2] / SCALE ** 2, offset, pol)
        what = comp.split(" vs ")[0]
        rows.append({"comparison": comp, "seat": seat, "units": STRENGTH_UNITS[comp], "deals": be["deals"],
                     "break_even": be["threshold"], "break_even_lo": be["lo"], "break_even_hi": be["hi"],
                     "rule": be["rule"].format(what=what), "p_act": be["p_act"],
                     "gain_per_deal": be["gain_per_deal"], "policy_threshold": pol,
                     "p_act_policy": be["p_act_policy"], "gain_vs_policy": be["gain_vs_policy"],
                     "gain_vs_policy_se": be["gain_vs_policy_se"],
                     "note": "few deals" if be["deals"] < min_deals else ""})
    out = pd.DataFrame(rows)
    for col in ("break_even", "break_even_lo", "break_even_hi"):
        out[col] = out[col].astype("Int64")
    return out
