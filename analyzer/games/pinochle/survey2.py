"""The two-handed Pinochle survey behind ``analyzer report pinochle --players 2``.

Each deal is a random two-handed deal (12 cards each, a turned trump card, a stock of 23,
default rules), the dealer alternating with the deal number.  Player 0 is classified by
his twelve cards as dealt: their meld in the trump turned (``meld.meld_points``, the
partnership game's count of a whole hand), trumps held, aces, and whether he dealt.  The
hand is played out by the policy (``two.play_hand``): the meld he lays during the hand,
his counters, his total (binned by 10) and his net (his total minus his opponent's); then
the game is played on from 0:0 by random hands (``two.game_on``): did he win it?
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import popcount
from ...sim.layout import StatsLayout
from ...sim.rng import seed_key, stream_key
from .deck import LANE
from .meld import meld_points
from .play import ACES
from .rules import Options2
from .survey import N_BANDS, add_moment, class_frame, class_keys, mean_se, meld_band, prob_columns
from . import two

MAX_ACES = 8
CLASS2 = (N_BANDS, two.HAND2 + 1, MAX_ACES + 1, 2)
FEATURES2 = ("meld", "trumps", "aces", "dealer")
TOP2 = 1000
N_BINS2 = TOP2 // 10 + 1           # hand totals by 10, the last open-ended
LEVELS2 = (200, 300, 400, 500, 600)
M2_MELD, M2_COUNTERS, M2_TOTAL, M2_NET = range(4)
MOMENTS2 = ("meld", "counters", "total", "net")

LAYOUT2 = StatsLayout(
    deals=CLASS2 + (1,),
    wins=CLASS2 + (1,),
    totals=CLASS2 + (N_BINS2,),
    moments=CLASS2 + (len(MOMENTS2), 2),
    games=(3,),                    # hands played in the games, games unfinished, games called out
)


@njit(cache=True, nogil=True)
def survey2_chunk(key0, start, n, pts, opts, pol, target, deals, wins, totals, moments, games):
    """Deals ``start..start+n-1`` (see the module's doc) into the LAYOUT2 arrays."""
    cards = np.empty(48, np.int64)
    hands = np.zeros(2, np.uint64)
    stock = np.empty(two.STOCK, np.int64)
    trace = np.zeros((two.MAX_EVENTS, 5), np.int64)
    out = np.zeros(two.N_RESULT, np.int64)
    scores = np.zeros(2, np.int64)
    top = N_BINS2 - 1
    for i in range(n):
        index = start + i
        state = stream_key(key0, index)
        state, turned = two.deal_hand(state, np.uint64(0), -1, -1, cards, hands, stock)
        trump = turned >> 4
        dealer = index % 2                       # 0: player 0 deals
        mine = hands[0]
        band = meld_band(meld_points(mine, np.int64(trump), False))
        tr = popcount(mine & LANE[trump])
        aces = popcount(mine & ACES)
        seat = 1 if dealer == 0 else 0           # the dealer feature: 1 when player 0 dealt
        scores[0] = 0
        scores[1] = 0
        two.play_hand(hands, stock, turned, trump, dealer, pts, opts, pol, scores, target, trace, out)
        m0, c0 = out[two.R_MELD0], out[two.R_COUNT0]
        total = m0 + c0
        net = total - out[two.R_MELD1] - out[two.R_COUNT1]
        deals[band, tr, aces, seat, 0] += 1
        totals[band, tr, aces, seat, min(total // 10, top)] += 1
        mo = moments[band, tr, aces, seat]
        add_moment(mo, M2_MELD, float(m0))
        add_moment(mo, M2_COUNTERS, float(c0))
        add_moment(mo, M2_TOTAL, float(total))
        add_moment(mo, M2_NET, float(net))
        winner, played, state = two.game_on(state, out, scores, target, dealer, pts, opts, pol, cards, hands, stock,
                                            trace)
        games[0] += played
        if winner < 0:
            games[1] += 1
        elif out[two.R_CALLED] == winner:
            games[2] += 1
        if winner == 0:
            wins[band, tr, aces, seat, 0] += 1


def run_survey2(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False, on_chunk=None,
                skip=None, initial=None):
    """Run the survey of deal indices 0..deals-1; ``stats`` is a LAYOUT2 vector."""
    from ...sim.runner import run_chunks

    options = Options2()
    pts = two.points_table(options)
    key0 = seed_key(seed)

    def chunk(start, n):
        flat = LAYOUT2.zeros()
        if n:
            v = LAYOUT2.unpack(flat)
            survey2_chunk(key0, np.int64(start), np.int64(n), pts, np.int64(options.flags), two.POLICY,
                          np.int64(options.target), v["deals"], v["wins"], v["totals"], v["moments"], v["games"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="two-handed pinochle survey",
                      on_chunk=on_chunk, skip=skip, initial=initial)


# ----------------------------------------------------------------------------- tables
def _classes(v, by: list[str]) -> pd.DataFrame:
    df = class_frame({name: v[name] for name in ("deals", "wins", "totals", "moments")}, by, CLASS2, FEATURES2)
    if "dealer" in by:
        df["dealer"] = np.where(df["dealer"].to_numpy(int) == 1, "yes", "no")
    return df


def hand2_table(flat: np.ndarray, by: list[str], min_deals: int = 200, levels=LEVELS2) -> pd.DataFrame:
    """One row per class of ``by``: the hand played out by the policy: the means of the
    meld laid, the counters, the total and the net (with standard errors), ``pT``:
    P(total >= T) for each T of ``levels``, and ``p_win_game``: P(winning the game from
    0:0), each probability with its Wilson range."""
    v = LAYOUT2.unpack(flat)
    df = _classes(v, by)
    n = df["deals_0"].to_numpy(float)
    out = df[class_keys(by)].copy()
    out["deals"] = df["deals_0"].astype(np.int64)
    for row, name in enumerate(MOMENTS2):
        out[f"mean_{name}"], out[f"mean_{name}_se"] = mean_se(n, df[f"moments_{2 * row}"],
                                                               df[f"moments_{2 * row + 1}"])
    bins = df[[f"totals_{k}" for k in range(N_BINS2)]].to_numpy(np.int64)
    tail = np.cumsum(bins[:, ::-1], axis=1)[:, ::-1]
    for level in levels:
        prob_columns(out, f"p{level}", tail[:, level // 10], n)
    prob_columns(out, "p_win_game", df["wins_0"], n)
    out["note"] = np.where(n < min_deals, "few deals", "")
    return out.reset_index(drop=True)


def totals2_table(flat: np.ndarray) -> pd.DataFrame:
    """The distribution of a player's hand total (meld laid + counters), by 10 (the last
    row open-ended): deals and share."""
    v = LAYOUT2.unpack(flat)
    counts = v["totals"].reshape(-1, N_BINS2).sum(axis=0)
    n = counts.sum()
    return pd.DataFrame({"total": [f"{10 * k}+" if k == N_BINS2 - 1 else str(10 * k) for k in range(N_BINS2)],
                         "deals": counts.astype(np.int64), "share": counts / n if n else counts * 0.0})


def games2(flat: np.ndarray) -> dict:
    v = LAYOUT2.unpack(flat)
    n = float(v["deals"].sum())
    g = v["games"]
    return {"games": int(n), "hands_per_game": g[0] / n if n else float("nan"), "unfinished": int(g[1]),
            "called_out": g[2] / n if n else float("nan")}
