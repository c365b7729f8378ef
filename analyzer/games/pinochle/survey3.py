"""The three-handed Pinochle survey behind ``analyzer report pinochle --players 3``.

Each deal is a random three-handed deal (15 cards each, a widow of 3, default rules).  One
seat, rotating with the deal number (index mod 3: each seat its own independent deals),
is classified by its fifteen cards before the widow: its meld in the trump its policy
values most (``bidding.valuation`` with POLICY3), that trump's length, its aces.  It is
made the bidder: it takes the widow, names the trump with the most meld plus 20 a trump
held, melds, buries and plays the fifteen tricks against the other two
(``play.bidder_total3``); its total (meld + buried points + trick points) is binned by
10, and so is the highest bid it would play rather than concede (``bidding.play_limit3``).
The same deal is also played as a whole self-play hand: the auction by the three-seat
policy from the eldest (seat 0), the bidder's hand as above, conceded or played.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import popcount
from ...sim.deal import _deal_into
from ...sim.layout import StatsLayout
from ...sim.rng import seed_key, stream_key
from .bidding import ALL_PASS_FORCED, DEFAULT_CONCEDE3, DEFAULT_POLICY3, auction3, bidder_units3, forced_free3, valuation
from .deck import BIT_OF, LANE
from .meld import meld_points
from .play import ACES, TRACE_COLS, bidder_total3, card_tables, named_trump3
from .rules import Options3, rule_tables
from .survey import N_BANDS, class_frame, class_keys, mean_se, meld_band, prob_columns

HAND3 = 15
MAX_ACES = 8
CLASS3 = (N_BANDS, HAND3 + 1, MAX_ACES + 1)
FEATURES3 = ("meld", "trumps", "aces")
TOP3 = 700
N_BINS3 = TOP3 // 10 + 2           # totals (and play limits) by 10, the last open-ended
LEVELS3 = tuple(range(300, TOP3 + 1, 10))
SUCCESS3 = (300, 350, 400, 450, 500, 550, 600)
# moments of the classified seat as bidder
M3_VALUE, M3_MELD, M3_BURIED, M3_POINTS, M3_TOTAL = range(5)
MOMENTS3 = ("value", "meld_after", "buried", "points", "total")
# the self-play hand, by the winning bid's ladder index (N_LADDER3 bins, the last open-ended) and the bidder's seat
N_LADDER3 = 31
A3_DEALS, A3_MADE, A3_CONCEDED, A3_FORCED, A3_TOTAL, A3_UNITS = range(6)
N_A3 = 6

LAYOUT3 = StatsLayout(
    deals=CLASS3 + (1,),
    totals=CLASS3 + (N_BINS3,),
    limits=CLASS3 + (N_BINS3,),
    moments=CLASS3 + (len(MOMENTS3), 2),
    auction=(3, N_LADDER3, N_A3),
    redeals=(1,),
)


@njit(cache=True, forceinline=True)
def _add(mo, row, x):
    mo[row, 0] += x
    mo[row, 1] += x * x


@njit(cache=True, nogil=True)
def survey3_chunk(rules4, vals4, key0, start, n, pool, reuse, bids, units, mult, policy, concede, deals, totals,
                  limits, moments, auction, redeals):
    """Deals ``start..start+n-1`` (see the module's doc) into the LAYOUT3 arrays."""
    counts = np.array([3, 15, 15, 15], np.int64)
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(4, np.uint64)
    deal = np.empty(4, np.uint64)
    hands = np.empty(3, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    v4 = np.empty(4, np.float64)
    values = np.empty(3, np.float64)
    top = N_BINS3 - 1
    for i in range(n):
        index = start + i
        _deal_into(stream_key(key0, index), pool, counts, fixed, buf, deal)
        for s in range(3):
            best = valuation(deal[1 + s], policy, reuse, v4)
            values[s] = v4[best]
        # the classified seat as bidder
        s = index % 3
        mine = deal[1 + s]
        tv = valuation(mine, policy, reuse, v4)
        band = meld_band(meld_points(mine, np.int64(tv), reuse))
        tr = popcount(mine & LANE[tv])
        aces = popcount(mine & ACES)
        full = mine | deal[0]
        t = named_trump3(rules4, full, reuse)
        total, m, bp, limit = bidder_total3(rules4[t], vals4[t], t, full, deal[1 + (s + 1) % 3],
                                            deal[1 + (s + 2) % 3], reuse, hands, trace, concede)
        deals[band, tr, aces, 0] += 1
        totals[band, tr, aces, min(total // 10, top)] += 1
        limits[band, tr, aces, min(max(np.int64(limit // 10), 0), top)] += 1
        mo = moments[band, tr, aces]
        _add(mo, M3_VALUE, np.floor(values[s] + 0.5))     # the stats are integers: to the point
        _add(mo, M3_MELD, float(m))
        _add(mo, M3_BURIED, float(bp))
        _add(mo, M3_POINTS, float(total - m - bp))
        _add(mo, M3_TOTAL, float(total))
        # the whole hand in self-play
        b, k = auction3(values, 0, -1, -1, 0, bids, units, policy, ALL_PASS_FORCED)
        if b < 0:
            redeals[0] += 1
            continue
        full = deal[1 + b] | deal[0]
        t = named_trump3(rules4, full, reuse)
        total, m, bp, limit = bidder_total3(rules4[t], vals4[t], t, full, deal[1 + (b + 1) % 3],
                                            deal[1 + (b + 2) % 3], reuse, hands, trace, concede)
        row = auction[b, min(k, N_LADDER3 - 1)]
        row[A3_DEALS] += 1
        if forced_free3(b, k, values[0], bids, policy):
            row[A3_FORCED] += 1              # conceded unseen, for nothing (forced_concede=free)
            continue
        g = bidder_units3(bids[k], limit, total, units[k] * mult[t])
        row[A3_UNITS] += g
        if bids[k] > limit:
            row[A3_CONCEDED] += 1
        else:
            row[A3_TOTAL] += total
            row[A3_MADE] += g > 0


def survey3_inputs(seed: int):
    options = Options3()
    play = options.play_options()
    bids, units, mult = options.stakes(int(options.min_bid) + 10 * 100)
    return (rule_tables(play), card_tables(play), seed_key(seed), BIT_OF.astype(np.int64), options.reuse, bids,
            units, mult)


def run_survey3(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False, on_chunk=None,
                skip=None, initial=None):
    """Run the survey of deal indices 0..deals-1; ``stats`` is a LAYOUT3 vector."""
    from ...sim.runner import run_chunks

    rules4, vals4, key0, pool, reuse, bids, units, mult = survey3_inputs(seed)

    def chunk(start, n):
        flat = LAYOUT3.zeros()
        if n:
            v = LAYOUT3.unpack(flat)
            survey3_chunk(rules4, vals4, key0, np.int64(start), np.int64(n), pool, reuse, bids, units, mult,
                          DEFAULT_POLICY3, DEFAULT_CONCEDE3, v["deals"], v["totals"], v["limits"], v["moments"],
                          v["auction"], v["redeals"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="three-handed pinochle survey",
                      on_chunk=on_chunk, skip=skip, initial=initial)


# ----------------------------------------------------------------------------- tables
def _classes(v, by: list[str]) -> pd.DataFrame:
    """The class arrays summed over the features not in ``by``: one row per occupied
    class (meld bands as text, with their lower edge in ``meld_min``)."""
    return class_frame({name: v[name] for name in ("deals", "totals", "limits", "moments")}, by, CLASS3, FEATURES3)


def _tail(df, name, levels):
    """(rows x levels): deals whose binned ``name`` is at least each level."""
    bins = df[[f"{name}_{k}" for k in range(N_BINS3)]].to_numpy(np.int64)
    tail = np.cumsum(bins[:, ::-1], axis=1)[:, ::-1]
    return np.stack([tail[:, level // 10] for level in levels], axis=1)


def success3_table(flat: np.ndarray, by: list[str], min_deals: int = 200, levels=SUCCESS3) -> pd.DataFrame:
    """One row per class of ``by``: the classified seat as bidder, the hand played out;
    ``pB``: P(total >= B) with its Wilson range for each B of ``levels``; the means of the
    policy's value, the meld after the widow, the buried points, the trick points and the
    total (with standard errors)."""
    v = LAYOUT3.unpack(flat)
    df = _classes(v, by)
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    reached = _tail(df, "totals", levels)
    for j, level in enumerate(levels):
        prob_columns(out, f"p{level}", reached[:, j], n)
    for row, name in enumerate(MOMENTS3):
        out[f"mean_{name}"], out[f"mean_{name}_se"] = mean_se(n, df[f"moments_{2 * row}"],
                                                               df[f"moments_{2 * row + 1}"])
    out["note"] = np.where(n < min_deals, "few deals", "")
    return out.reset_index(drop=True)


def ladder3_table(flat: np.ndarray, by: list[str], min_deals: int = 200, levels=LEVELS3) -> pd.DataFrame:
    """Long form, one row per class of ``by`` and bid B (every 10 from 300): P(total >= B)
    (``p_make``, played out) and P(the bidder would concede at B) (``p_concede``: his play
    limit below B), with Wilson ranges."""
    v = LAYOUT3.unpack(flat)
    df = _classes(v, by)
    n = df["deals_0"].to_numpy(float)
    reached = _tail(df, "totals", levels)
    plays = _tail(df, "limits", [level for level in levels])       # limit >= B: he plays at B
    rows = []
    for j, level in enumerate(levels):
        part = df[class_keys(by)].copy()
        part.insert(len(part.columns), "bid", level)
        part["deals"] = df["deals_0"].astype(np.int64)
        prob_columns(part, "p_make", reached[:, j], n)
        prob_columns(part, "p_concede", n - plays[:, j], n)
        rows.append(part)
    out = pd.concat(rows, ignore_index=True).sort_values(class_keys(by) + ["bid"], kind="stable")
    out["note"] = np.where(out["deals"] < min_deals, "few deals", "")
    return out.reset_index(drop=True)


def auction3_table(flat: np.ndarray, by: list[str]) -> pd.DataFrame:
    """Self-play hands by ``by`` (a subset of ``seat``, ``bid``): how many, their share,
    P(made), P(conceded before play), P(a forced eldest conceding unseen), the mean total
    when played and the bidder's mean units from each other player."""
    from ...errors import InputError
    bad = [b for b in by if b not in ("seat", "bid")]
    if bad:
        raise InputError(f"unknown breakdown {', '.join(bad)} for the auction (choose from seat, bid)")
    v = LAYOUT3.unpack(flat)
    a = v["auction"]
    total_hands = a[:, :, A3_DEALS].sum() + v["redeals"][0]
    seats, ks = np.indices(a.shape[:2])
    df = pd.DataFrame({"seat": seats.ravel() + 1, "bid": ks.ravel()})
    for j, name in enumerate(("deals", "made", "conceded", "forced", "total", "units")):
        df[name] = a[:, :, j].ravel()
    df = df[df["deals"] > 0]
    df = (df.groupby(by, as_index=False, sort=True).sum() if by else df.drop(columns=["seat", "bid"]).sum()
          .to_frame().T).reset_index(drop=True)
    out = df[by].copy()
    if "bid" in by:
        ladder = Options3().bids(int(Options3().min_bid) + 10 * N_LADDER3)
        out["bid"] = [f"{ladder[k]}+" if k == N_LADDER3 - 1 else str(ladder[k]) for k in df["bid"]]
    n = df["deals"].to_numpy(float)
    out["deals"] = df["deals"].astype(np.int64)
    out["share"] = n / total_hands
    for name in ("made", "conceded", "forced"):
        prob_columns(out, f"p_{name}", df[name], n)
    played = n - df["conceded"].to_numpy(float) - df["forced"].to_numpy(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["mean_total_played"] = df["total"].to_numpy(float) / played
        out["mean_units"] = df["units"].to_numpy(float) / n
    return out


def redeal_share(flat: np.ndarray) -> float:
    v = LAYOUT3.unpack(flat)
    hands = v["auction"][:, :, A3_DEALS].sum() + v["redeals"][0]
    return float(v["redeals"][0] / hands) if hands else 0.0

