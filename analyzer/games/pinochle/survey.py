"""Pinochle survey: how much a hand can bid, what partner's pass adds, and the auction in
self-play, as integer sufficient statistics from fully random deals.

Every deal index gives a fully random 48-card deal into four 12-card hands (seats 0..3
in playing order; seat 3 deals; printed as 1..4).  One seat is *classified*, by the
index: seat ``index mod 4``, so each seat has its own, independent deals.  Its class is
its hand as dealt, *before* the passes: its meld in its best trump (the trump its
bidding policy would name, ``bidding.valuation``), banded (``MELD_EDGES``), the length
of that trump, its aces (of 8) and its seat.  On every deal:

- **declaring** (``play.finish_hand`` with bid 0, so the hand is always played): the
  classified seat declares its trump, its partner passes four cards by the policy, it
  passes four back, everybody melds and the twelve tricks are played by the heuristic
  players.  Kept: the histogram of the side's total — meld (saved by the rules' default:
  the side took some trick points) plus trick points — in tens, so P(total ≥ B) is exact
  for every bid B up to ``TOP``; and the sums and sums of squares of the own meld, the
  side's meld before and after the passes and its change, the trick points and tricks,
  the total and the defenders' score.  The same declaration is also played from the
  hands as dealt, without the passes (``play.play_hand``), so what the passes add to the
  trick points and to the total is measured on the same deal.
- **self-play** (``play.hand_chunk``'s hand): the auction by the policy for all four
  seats, the passes, the meld, the throw-in and the play.  Kept per class: whether the
  classified seat, its partner or an opponent declared, whether the seat made it or threw
  in, its bid, and its side's score minus the other side's; and per declaring seat and
  winning bid: deals, made, thrown in, stuck dealer, both sides' scores, the declaring
  side's meld and trick points.

Every array is a histogram or a sum over deals (``LAYOUT``), so memory is bounded by the
arrays, not the deal count, and chunks add up exactly whatever the threads or chunk size.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ZERO, popcount
from ...errors import InputError
from ...sim.deal import _deal_into
from ...sim.layout import StatsLayout
from ...sim.rng import seed_key, stream_key
from ...stats import wilson
from .bidding import ACES, DEFAULT_POLICY, run_auction
from .deck import DECK_MASK, HAND_SIZE, LANE, N_SEATS
from .meld import meld_points
from .play import (O_MELD_BEFORE, O_MELD_D, O_MELD_O, O_POINTS_D, O_SIZE, O_THROWN, O_TRICKS_D, TRACE_COLS,
                   _values_of, card_tables, finish_hand, play_hand)
from .rules import Options, rule_tables
from .scoring import hand_scores, made, save_code, saved

# Own meld bands: lower edges; a band runs to the next edge less 10, the last is open.
MELD_EDGES = np.array([0, 20, 40, 60, 80, 100, 120, 150, 200, 300], np.int64)
MELD_LABELS = tuple(f"{lo}-{hi - 10}" for lo, hi in zip(MELD_EDGES[:-1], MELD_EDGES[1:])) + (f"{MELD_EDGES[-1]}+",)
N_BANDS = len(MELD_EDGES)
MAX_ACES = 8
CLASS_SHAPE = (N_SEATS, N_BANDS, HAND_SIZE + 1, MAX_ACES + 1)
FEATURES = ("seat", "meld", "trumps", "aces")
BREAKDOWNS = FEATURES
# The side's total in tens: bins 0 .. TOP // 10 exact, one more for anything above TOP.
TOP = 600
N_TOTAL_BINS = TOP // 10 + 2
MIN_LEVEL = 250
LEVELS = tuple(range(MIN_LEVEL, TOP + 1, 10))          # P(total >= B) in the ladder
SUCCESS_LEVELS = tuple(range(MIN_LEVEL, TOP + 1, 50))  # ... and in the wide tables
# Moments of the declaring hand (sum, sum of squares), in points.
# ``_no_pass``: the same deal played from the hands as dealt, without either pass.
M_OWN, M_BEFORE, M_AFTER, M_GAIN, M_POINTS, M_TRICKS, M_TOTAL, M_DEFENCE, M_POINTS_NP, M_POINTS_GAIN, M_TOTAL_GAIN = \
    range(11)
MOMENT_NAMES = ("own_meld", "meld_before", "meld_after", "meld_gain", "points", "tricks", "total", "defence",
                "points_no_pass", "points_gain", "total_gain")
N_MOMENTS = len(MOMENT_NAMES)
# deals block: deals, of which the side saved its meld
D_DEALS, D_SAVED = range(2)
# self-play, per class of the classified seat
S_DECLARES, S_PARTNER, S_OPPONENT, S_MADE, S_THROWN, S_BID, S_EV, S_EV2 = range(8)
N_SELF = 8
# self-play, per declaring seat and winning bid (bins of 10 from the minimum, the last open)
N_BID_BINS = 61
A_DEALS, A_MADE, A_THROWN, A_STUCK, A_SCORE_D, A_SCORE_D2, A_SCORE_O, A_SCORE_O2, A_MELD_D, A_POINTS_D = range(10)
N_AUCTION = 10
AUCTION_BREAKDOWNS = ("seat", "bid")

LAYOUT = StatsLayout(
    deals=CLASS_SHAPE + (2,),
    totals=CLASS_SHAPE + (N_TOTAL_BINS,),
    moments=CLASS_SHAPE + (N_MOMENTS, 2),
    selfplay=CLASS_SHAPE + (N_SELF,),
    auction=(N_SEATS, N_BID_BINS, N_AUCTION),
)


# ----------------------------------------------------------------------------- kernel
@njit(cache=True, forceinline=True)
def meld_band(meld):
    """The band of ``MELD_EDGES`` a meld falls in."""
    b = 0
    for k in range(1, MELD_EDGES.shape[0]):
        if meld >= MELD_EDGES[k]:
            b = k
    return b


@njit(cache=True, forceinline=True)
def add_moment(m, row, x):
    m[row, 0] += x
    m[row, 1] += x * x


@njit(cache=True, forceinline=True)
def classify(key0, index, pool, counts, fixed, buf, hands, policies, reuse, values, trumps, v4):
    """Deal ``index`` into ``hands`` and value every seat's hand by its policy (``values``,
    ``trumps``); returns the classified seat (index mod 4), its own meld in its trump and
    its class cell (meld band, trump length, aces)."""
    _deal_into(stream_key(key0, index), pool, counts, fixed, buf, hands)
    _values_of(hands, policies, reuse, values, trumps, v4)
    seat = index % N_SEATS
    h = hands[seat]
    t = trumps[seat]
    own = meld_points(h, t, reuse)
    return seat, own, meld_band(own), popcount(h & LANE[t]), popcount(h & ACES)


@njit(cache=True, forceinline=True)
def declared(rules4, vals4, key0, index, pool, counts, policies, reuse, any_throw, save, fixed, buf, hands, work,
             values, trumps, v4, out, trace):
    """Deal ``index`` (``classify``) and play the classified seat's declaration of its trump
    whatever the bid (``finish_hand`` with bid 0 on ``work``, a copy of ``hands``): returns
    the seat, its own meld, its class cell (meld band, trumps, aces) and the trump."""
    seat, own, b, tl, a = classify(key0, index, pool, counts, fixed, buf, hands, policies, reuse, values, trumps, v4)
    t = trumps[seat]
    work[:] = hands
    finish_hand(rules4[t], vals4[t], work, seat, t, 0, reuse, any_throw, save, policies, ZERO, ZERO, out, trace)
    return seat, own, b, tl, a, t


@njit(cache=True, forceinline=True)
def kernel_buffers(pool):
    """Scratch arrays of the survey kernels: dealing (buf, fixed), the hands and a copy to
    play on, the seats' values and trumps (and ``valuation``'s four), ``finish_hand``'s
    outcome and trace."""
    return (np.empty(pool.shape[0], np.int64), np.zeros(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64),
            np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.float64), np.empty(N_SEATS, np.int64),
            np.empty(4, np.float64), np.empty(O_SIZE, np.int64), np.empty((1, TRACE_COLS), np.int64))


@njit(cache=True, nogil=True)
def survey_chunk(rules4, vals4, key0, start, n, pool, counts, policies, reuse, minimum, any_throw, save,
                 deals, totals, moments, selfplay, auction):
    """Deals ``start .. start+n-1`` into the LAYOUT blocks (see the module docstring)."""
    buf, fixed, hands, work, values, trumps, v4, out, trace = kernel_buffers(pool)
    result = np.empty(3, np.int64)
    top = totals.shape[-1] - 1
    last_bid = auction.shape[1] - 1
    for i in range(n):
        # declaring: the classified seat names its trump; bid 0, so always played
        seat, own, b, tl, a, t = declared(rules4, vals4, key0, start + i, pool, counts, policies, reuse, any_throw,
                                          save, fixed, buf, hands, work, values, trumps, v4, out, trace)
        total, defence = hand_scores(0, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D], False, save)
        d = deals[seat, b, tl, a]
        d[D_DEALS] += 1
        d[D_SAVED] += saved(out[O_POINTS_D], out[O_TRICKS_D], save)
        totals[seat, b, tl, a, min(total // 10, top)] += 1
        m = moments[seat, b, tl, a]
        add_moment(m, M_OWN, own)
        add_moment(m, M_BEFORE, out[O_MELD_BEFORE])
        add_moment(m, M_AFTER, out[O_MELD_D])
        add_moment(m, M_GAIN, out[O_MELD_D] - out[O_MELD_BEFORE])
        add_moment(m, M_POINTS, out[O_POINTS_D])
        add_moment(m, M_TRICKS, out[O_TRICKS_D])
        add_moment(m, M_TOTAL, total)
        add_moment(m, M_DEFENCE, defence)
        # the same declaration without the passes
        work[:] = hands
        packed = play_hand(rules4[t], vals4[t], work, seat, trace, False, np.int64(0), ZERO)
        points_np = packed >> 4
        total_np = points_np + (out[O_MELD_BEFORE] if saved(points_np, packed & 15, save) else 0)
        add_moment(m, M_POINTS_NP, points_np)
        add_moment(m, M_POINTS_GAIN, out[O_POINTS_D] - points_np)
        add_moment(m, M_TOTAL_GAIN, total - total_np)
        # self-play: the auction by the policies, then the hand as hand_chunk plays it
        run_auction(values, 0, 0, -1, 0, minimum, policies, result)
        dec = result[0]
        bid = result[1]
        td = trumps[dec]
        work[:] = hands
        finish_hand(rules4[td], vals4[td], work, dec, td, bid, reuse, any_throw, save, policies, ZERO, ZERO, out,
                    trace)
        thrown = out[O_THROWN] == 1
        sd, so = hand_scores(bid, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D], thrown, save)
        ok = made(bid, out[O_MELD_D], out[O_POINTS_D], out[O_TRICKS_D], thrown, save)
        s = selfplay[seat, b, tl, a]
        ours = (dec & 1) == (seat & 1)
        if dec == seat:
            s[S_DECLARES] += 1
            s[S_MADE] += ok
            s[S_THROWN] += thrown
            s[S_BID] += bid
        elif ours:
            s[S_PARTNER] += 1
        else:
            s[S_OPPONENT] += 1
        ev = (sd - so) if ours else (so - sd)
        s[S_EV] += ev
        s[S_EV2] += ev * ev
        r = auction[dec, min((bid - minimum) // 10, last_bid)]
        r[A_DEALS] += 1
        r[A_MADE] += ok
        r[A_THROWN] += thrown
        r[A_STUCK] += result[2]
        r[A_SCORE_D] += sd
        r[A_SCORE_D2] += sd * sd
        r[A_SCORE_O] += so
        r[A_SCORE_O2] += so * so
        r[A_MELD_D] += out[O_MELD_D]
        r[A_POINTS_D] += out[O_POINTS_D]


def survey_inputs(seed: int, options: Options = Options()):
    """The kernels' inputs for a seed and the rules: (rules4, vals4, key, pool, counts,
    policies, reuse, minimum, any_throw, save)."""
    pool = np.array([b for b in range(64) if (int(DECK_MASK) >> b) & 1], np.int64)
    counts = np.full(N_SEATS, HAND_SIZE, np.int64)
    policies = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    return (rule_tables(options), card_tables(options), seed_key(seed), pool, counts, policies, options.reuse,
            np.int64(options.minimum), options.throw_in == "any", np.int64(save_code(options.meld_save)))


def run_survey(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
               on_chunk=None, skip=None, initial=None):
    """Run the survey of deal indices 0..deals-1 under the default rules; ``stats`` is a
    LAYOUT vector."""
    from ...sim.runner import run_chunks

    rules4, vals4, key0, pool, counts, policies, reuse, minimum, any_throw, save = survey_inputs(seed)

    def chunk(start, n):
        flat = LAYOUT.zeros()
        if n:
            v = LAYOUT.unpack(flat)
            survey_chunk(rules4, vals4, key0, np.int64(start), np.int64(n), pool, counts, policies, reuse, minimum,
                         any_throw, save, v["deals"], v["totals"], v["moments"], v["selfplay"], v["auction"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="pinochle survey",
                      on_chunk=on_chunk, skip=skip, initial=initial)


# ----------------------------------------------------------------------------- tables
def check_by(by, allowed=BREAKDOWNS, what="this table"):
    bad = [b for b in by if b not in allowed]
    if bad:
        raise InputError(f"unknown breakdown {', '.join(bad)} for {what} (choose from {', '.join(allowed)})")


def class_frame(blocks: dict, by: list[str], shape=CLASS_SHAPE, features=FEATURES) -> pd.DataFrame:
    """Sum the class arrays ``blocks`` (name -> array of ``shape`` + tail, the class axes
    named by ``features``; the partnership survey's by default) over the features not in
    ``by``: one row per occupied class, in order, each tail flattened into columns
    ``name_0, name_1, ...``; the first block's first column counts the deals."""
    check_by(by, features)
    cells = int(np.prod(shape))
    idx = np.indices(shape).reshape(len(shape), cells)
    parts = [pd.DataFrame({f: idx[features.index(f)] for f in by})]
    for name, arr in blocks.items():
        a = arr.reshape(cells, -1)
        parts.append(pd.DataFrame(a, columns=[f"{name}_{k}" for k in range(a.shape[1])]))
    df = pd.concat(parts, axis=1)
    df = df[df[f"{next(iter(blocks))}_0"] > 0]
    df = df.groupby(by, as_index=False, sort=True).sum() if by else df.sum().to_frame().T
    return label_classes(df.reset_index(drop=True), by)


def label_classes(df: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Class indices to what they mean: seats 1..4, meld bands as text (with their lower
    edge in ``meld_min``)."""
    if "seat" in by:
        df["seat"] = df["seat"] + 1
    if "meld" in by:
        k = df["meld"].to_numpy(int)
        df["meld"] = [MELD_LABELS[i] for i in k]
        df.insert(list(df.columns).index("meld") + 1, "meld_min", MELD_EDGES[k])
    return df


def class_keys(by: list[str]) -> list[str]:
    """The key columns of a class table for ``by``."""
    return [c for b in by for c in ((b, "meld_min") if b == "meld" else (b,))]


def mean_se(n, s1, s2):
    """Means and their standard errors from counts, sums and sums of squares (arrays)."""
    n, s1, s2 = (np.asarray(x, float) for x in (n, s1, s2))
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = s1 / n
        var = np.maximum(s2 - n * mean * mean, 0.0) / (n - 1)
        se = np.where(n > 1, np.sqrt(var / n), np.nan)
    return mean, se


def _moment_columns(out, df, n, rows, prefix="moments"):
    """mean_NAME and mean_NAME_se for each moments row in ``rows``."""
    for row in rows:
        mean, se = mean_se(n, df[f"{prefix}_{2 * row}"], df[f"{prefix}_{2 * row + 1}"])
        out[f"mean_{MOMENT_NAMES[row]}"], out[f"mean_{MOMENT_NAMES[row]}_se"] = mean, se


def prob_columns(out, name, k, n):
    """Column ``name`` = k / n with its Wilson 95% range."""
    with np.errstate(invalid="ignore", divide="ignore"):
        out[name] = np.asarray(k, float) / n
    out[f"{name}_lo"], out[f"{name}_hi"] = wilson(k, n)


def _at_least(df, levels):
    """(rows × levels) deals whose side total reached each level, from the totals bins."""
    bins = df[[f"totals_{k}" for k in range(N_TOTAL_BINS)]].to_numpy(np.int64)
    tail = np.cumsum(bins[:, ::-1], axis=1)[:, ::-1]           # tail[:, k]: total >= 10 k
    return np.stack([tail[:, level // 10] for level in levels], axis=1)


def _frame(v, by, names=("deals", "totals", "moments")):
    return class_frame({name: v[name] for name in names}, by)


def _finish(out, n, min_deals):
    out["note"] = np.where(n < min_deals, "few deals", "")
    return out.reset_index(drop=True)


def success_table(flat: np.ndarray, by: list[str], min_deals: int = 200, levels=SUCCESS_LEVELS) -> pd.DataFrame:
    """One row per class of ``by``: the classified seat declares its trump, the hand is
    played out (bid 0); P(side total ≥ B) for each B of ``levels`` (``pB`` with its 95%
    Wilson range), the mean own meld, side meld after the passes, trick points and total,
    and how often the side saved its meld."""
    v = LAYOUT.unpack(flat)
    df = _frame(v, by)
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    reached = _at_least(df, levels)
    for j, level in enumerate(levels):
        prob_columns(out, f"p{level}", reached[:, j], n)
    _moment_columns(out, df, n, (M_OWN, M_AFTER, M_POINTS, M_TOTAL))
    prob_columns(out, "p_meld_saved", df["deals_1"], n)
    return _finish(out, n, min_deals)


def ladder_table(flat: np.ndarray, by: list[str], min_deals: int = 200, levels=LEVELS) -> pd.DataFrame:
    """P(side total ≥ B) in long form: one row per class of ``by`` and bid B (every 10
    from 250 to ``TOP``), with its Wilson range and the class's deals."""
    v = LAYOUT.unpack(flat)
    df = _frame(v, by, ("deals", "totals"))
    n = df["deals_0"].to_numpy(float)
    reached = _at_least(df, levels)
    keys = df[class_keys(by)]
    rows = []
    for j, level in enumerate(levels):
        part = keys.copy()
        part["bid"] = level
        part["deals"] = df["deals_0"].astype(np.int64).to_numpy()
        prob_columns(part, "p_make", reached[:, j], n)
        part["note"] = np.where(n < min_deals, "few deals", "")
        rows.append(part)
    out = pd.concat(rows, ignore_index=True)
    return out.sort_values(class_keys(by) + ["bid"], kind="stable").reset_index(drop=True) if by else out


def pass_table(flat: np.ndarray, by: list[str], min_deals: int = 200) -> pd.DataFrame:
    """What partner's pass (and the pass back) adds, by what the declarer holds, paired on
    the same deals: the side's meld before and after the passes and the change
    (``mean_meld_gain`` ± se), the trick points with the passes and without them (the
    hands as dealt) and the change (``mean_points_gain``), and the change of the side's
    total (``mean_total_gain``); the declarer's own meld."""
    v = LAYOUT.unpack(flat)
    df = _frame(v, by, ("deals", "moments"))
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    _moment_columns(out, df, n, (M_OWN, M_BEFORE, M_AFTER, M_GAIN, M_POINTS, M_POINTS_NP, M_POINTS_GAIN,
                                 M_TOTAL_GAIN))
    out["partner_meld_before"] = out["mean_meld_before"] - out["mean_own_meld"]
    return _finish(out, n, min_deals)


def tricks_table(flat: np.ndarray, by: list[str], min_deals: int = 200) -> pd.DataFrame:
    """The declaring side's trick points and tricks (of 250 and 12) when the classified
    seat declares, and the defenders' score (saved meld + trick points)."""
    v = LAYOUT.unpack(flat)
    df = _frame(v, by, ("deals", "moments"))
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    _moment_columns(out, df, n, (M_POINTS, M_TRICKS, M_DEFENCE))
    return _finish(out, n, min_deals)


def declares_table(flat: np.ndarray, by: list[str], min_deals: int = 200) -> pd.DataFrame:
    """Self-play (every seat by the policy) by the classified seat's class: how often it
    declares, its partner does or an opponent does; when it declares, P(make), P(throw-in)
    and its mean bid; its side's mean score minus the other side's (EV ± se)."""
    v = LAYOUT.unpack(flat)
    df = class_frame({"deals": v["deals"], "selfplay": v["selfplay"]}, by)
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    dec = df[f"selfplay_{S_DECLARES}"].to_numpy(float)
    prob_columns(out, "p_declares", dec, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["p_partner_declares"] = df[f"selfplay_{S_PARTNER}"] / n
        out["p_opponent_declares"] = df[f"selfplay_{S_OPPONENT}"] / n
        out["mean_bid"] = df[f"selfplay_{S_BID}"] / dec
    prob_columns(out, "p_make", df[f"selfplay_{S_MADE}"], dec)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["p_thrown_in"] = df[f"selfplay_{S_THROWN}"] / dec
    out["ev"], out["ev_se"] = mean_se(n, df[f"selfplay_{S_EV}"], df[f"selfplay_{S_EV2}"])
    return _finish(out, n, min_deals)


def bid_label(k: int) -> str:
    return f"{MIN_LEVEL + 10 * k}" + ("+" if k == N_BID_BINS - 1 else "")


def auction_table(flat: np.ndarray, by: list[str]) -> pd.DataFrame:
    """Self-play hands by the declarer's seat and/or the winning bid (``by`` ⊆ seat, bid;
    none: every hand in one row): the share of hands, P(make) and P(throw-in) with their
    Wilson ranges, P(the dealer was stuck), both sides' mean scores and the declaring
    side's mean meld, and trick points when played."""
    check_by(by, AUCTION_BREAKDOWNS, "the auction table")
    a = LAYOUT.view(flat, "auction")
    idx = np.indices(a.shape[:2]).reshape(2, -1)
    df = pd.DataFrame({"seat": idx[0], "bid": idx[1]})
    df = pd.concat([df, pd.DataFrame(a.reshape(-1, N_AUCTION))], axis=1)
    df = df[df[A_DEALS] > 0]
    df = df.groupby(by, as_index=False, sort=True).sum() if by else df.sum().to_frame().T
    out = pd.DataFrame()
    if "seat" in by:
        out["seat"] = df["seat"].to_numpy() + 1
    if "bid" in by:
        out["bid"] = df["bid"].to_numpy() * 10 + MIN_LEVEL
        out["bid_label"] = [bid_label(k) for k in df["bid"]]
    n = df[A_DEALS].to_numpy(float)
    out["deals"] = n.astype(np.int64)
    out["share"] = n / n.sum() if n.sum() else np.nan
    prob_columns(out, "p_make", df[A_MADE].to_numpy(), n)
    prob_columns(out, "p_thrown_in", df[A_THROWN].to_numpy(), n)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["p_stuck"] = df[A_STUCK].to_numpy() / n
        out["mean_meld_declarer_side"] = df[A_MELD_D].to_numpy() / n
        played = n - df[A_THROWN].to_numpy()
        out["mean_points_when_played"] = df[A_POINTS_D].to_numpy() / played
    out["mean_score_declarer_side"], out["mean_score_declarer_side_se"] = mean_se(n, df[A_SCORE_D], df[A_SCORE_D2])
    out["mean_score_defenders"], out["mean_score_defenders_se"] = mean_se(n, df[A_SCORE_O], df[A_SCORE_O2])
    return out.reset_index(drop=True)

