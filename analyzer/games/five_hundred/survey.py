"""Five Hundred survey: bid-success statistics by hand class, from fully random deals.

Each deal gives seat S a random hand.  It is played (after the kitty exchange) in one
suit — suit ``index % 4``, so every suit sample comes from its own deal and samples are
independent — in that suit again without the exchange (the kitty's value), in
no-trumps, in misère and in open misère.  The kernel fills joint histograms over hand
features and tricks; any breakdown is a marginal of them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ZERO, popcount
from ...sim.deal import _deal_into
from ...sim.layout import StatsLayout
from ...sim.rng import seed_key, stream_key
from ...stats import hist_mean_se, wilson
from ...tricks.tables import R_FREE, R_SUIT
from .bidding import Contract
from .deck import DECK, HAND_SIZE, KITTY_SIZE, N_SEATS, N_TRICKS
from .play import TRACE_COLS, play_deal, play_out, relabel
from .rules import MISERE, NT, Options, rule_tables
from .scoring import score_deal

T = N_TRICKS + 1
LAYOUT = StatsLayout(
    suit=(4, HAND_SIZE + 1, 8, 4, T),          # suit, trumps, top trumps (JK R L bits), side aces, tricks
    suit_no_kitty=(4, HAND_SIZE + 1, 8, 4, T),  # the same deals played without the exchange
    nt=(2, 5, T),                               # joker held, aces, tricks
    misere=(2, HAND_SIZE + 1, 5, T),            # closed/open, high cards (T..A, JK), short suits, tricks
)
SUIT_FEATURES = ("suit", "trumps", "top_trumps", "side_aces")
DERIVED = ("top_count", "colour")
TOP_LABELS = tuple(" ".join(n for bit, n in ((4, "JK"), (2, "R"), (1, "L")) if k & bit) or "none"
                   for k in range(8))


@njit(cache=True, inline="always")
def _hand_features(hand, strain):
    """trumps, top-trump bits (JK 4, right 2, left 1), side aces of a layout hand."""
    lane = np.uint64(16 * strain)
    trump_lane = np.uint64(0xFFFF) << lane
    trumps = popcount(hand & trump_lane)
    top = 0
    if hand & (np.uint64(1) << (lane + np.uint64(15))):
        top |= 4
    if hand & (np.uint64(1) << (lane + np.uint64(14))):
        top |= 2
    if hand & (np.uint64(1) << (lane + np.uint64(13))):
        top |= 1
    aces = 0
    for s in range(4):
        if s != strain and hand & (np.uint64(1) << np.uint64(16 * s + 12)):
            aces += 1
    return trumps, top, aces


@njit(cache=True, inline="always")
def _nt_features(own, rules):
    """In the no-trump layout: joker held (0/1), aces, high cards (T J Q K A and the
    joker), short suits (0 or 1 card)."""
    joker = 1 if own & rules[R_FREE] else 0
    aces = 0
    high = joker
    short = 0
    for s in range(4):
        if own & (np.uint64(1) << np.uint64(16 * s + 12)):
            aces += 1
        m = own & rules[R_SUIT + s]
        high += popcount(m >> np.uint64(16 * s + 8))
        if popcount(m) <= 1:
            short += 1
    return joker, aces, high, short


@njit(cache=True, nogil=True)
def _survey_chunk(key0, start, n, pool, counts, fixed, tables, byte_tables, out_suit,
                  out_suit_nk, out_nt, out_mis):
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    trace = np.empty((N_TRICKS * N_SEATS, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    for i in range(n):
        index = start + i
        _deal_into(stream_key(key0, index), pool, counts, fixed, buf, deal)
        # One suit per deal, by index: independent samples for the suit tables.
        strain = index & 3
        bt = byte_tables[strain]
        own = relabel(deal[1], bt)
        trumps, top, aces = _hand_features(own, strain)
        for s in range(N_SEATS):
            hands[s] = relabel(deal[1 + s], bt)
        tricks = play_deal(tables[strain], hands, relabel(deal[0], bt), 0, False, False, trace, False, work)
        out_suit[strain, trumps, top, aces, tricks] += 1
        for s in range(N_SEATS):
            hands[s] = relabel(deal[1 + s], bt)
        tricks = play_out(tables[strain], hands, 0, ZERO, False, False, trace, False)
        out_suit_nk[strain, trumps, top, aces, tricks] += 1
        # No-trumps: joker held, aces.
        bt = byte_tables[NT]
        joker, n_aces, high, short = _nt_features(relabel(deal[1], bt), tables[NT])
        for s in range(N_SEATS):
            hands[s] = relabel(deal[1 + s], bt)
        tricks = play_deal(tables[NT], hands, relabel(deal[0], bt), 0, False, False, trace, False, work)
        out_nt[joker, n_aces, tricks] += 1
        # Misère, closed and open.
        bt = byte_tables[MISERE]
        for k in range(2):
            for s in range(N_SEATS):
                hands[s] = relabel(deal[1 + s], bt)
            tricks = play_deal(tables[MISERE], hands, relabel(deal[0], bt), 0, True, k == 1,
                               trace, False, work)
            out_mis[k, high, short, tricks] += 1


def survey_inputs(seed: int, options: Options):
    """Dealing inputs for fully random deals (no fixed cards), rule tables, stream key."""
    pool = np.arange(DECK.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE, HAND_SIZE, HAND_SIZE, HAND_SIZE, HAND_SIZE], np.int64)
    return pool, counts, np.zeros(5, np.uint64), rule_tables(options), seed_key(seed)


def run_survey(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
               options: Options = Options(), on_chunk=None, skip=None, initial=None):
    """Run the survey; returns the runner's result (``stats`` is a LAYOUT vector)."""
    from ...sim.runner import run_chunks
    from .questions import BYTE_TABLES

    pool, counts, fixed, tables, key0 = survey_inputs(seed, options)

    def chunk(start, n):
        flat = LAYOUT.zeros()
        if n:
            v = LAYOUT.unpack(flat)
            _survey_chunk(key0, np.int64(start), np.int64(n), pool, counts, fixed, tables,
                          BYTE_TABLES, v["suit"], v["suit_no_kitty"], v["nt"], v["misere"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="five-hundred survey",
                      on_chunk=on_chunk, skip=skip, initial=initial)


# ----------------------------------------------------------------------------- tables
def _levels_frame(hist: np.ndarray, strain: int | None = None) -> dict:
    """P(make) with intervals and EV for levels 6..10.

    ``hist`` is a trick histogram of one strain (``strain`` given) or a (4, tricks) stack
    of the four suits, whose EV uses each suit's own bid values.
    """
    stack = hist[None, :] if strain is not None else hist
    strains = [strain] if strain is not None else range(4)
    total = stack.sum(axis=0)
    n = int(total.sum())
    tricks = np.arange(T)
    row = {"deals": n, "mean_tricks": float((tricks * total).sum() / n) if n else np.nan}
    for level in range(6, 11):
        made = int(total[level:].sum())
        lo, hi = wilson(made, n) if n else (np.nan, np.nan)
        values = np.concatenate([[np.subtract(*score_deal(Contract(level, s), t)) for t in tricks]
                                 for s in strains])
        ev, se = hist_mean_se(values, stack.reshape(-1))
        row[f"p{level}"] = made / n if n else np.nan
        row[f"p{level}_lo"] = float(lo)
        row[f"p{level}_hi"] = float(hi)
        row[f"ev{level}"] = ev
        row[f"ev{level}_se"] = se
    return row


def suit_table(flat: np.ndarray, by: list[str], kitty: bool = True) -> pd.DataFrame:
    """Bid success for suit contracts, grouped by any of trumps, top_trumps, top_count,
    side_aces, suit, colour."""
    hist = LAYOUT.view(flat, "suit" if kitty else "suit_no_kitty")
    unknown = [b for b in by if b not in SUIT_FEATURES + DERIVED]
    if unknown:
        from ...errors import InputError
        raise InputError(f"unknown breakdown {', '.join(unknown)} (choose from "
                         f"{', '.join(SUIT_FEATURES + DERIVED)})")
    groups = _grouped(hist, by)
    rows = []
    for key in sorted(groups, key=_sort_key):
        row = dict(zip(by, key))
        row.update(_levels_frame(groups[key]))
        rows.append(row)
    return pd.DataFrame(rows)


_ORDER = {name: i for i, name in enumerate(TOP_LABELS + tuple("SCDH") + ("black", "red"))}


def _sort_key(key):
    """Numbers numerically; labels (top trumps, suits S C D H, colours) in their natural order."""
    return tuple((0, k) if isinstance(k, int) else (1, _ORDER.get(k, 99)) for k in key)


def nt_table(flat: np.ndarray) -> pd.DataFrame:
    """No-trump bid success by joker held and number of aces."""
    hist = LAYOUT.view(flat, "nt")
    rows = []
    for joker in range(2):
        for aces in range(5):
            h = hist[joker, aces]
            if h.any():
                rows.append({"joker": bool(joker), "aces": aces} | _levels_frame(h, NT))
    return pd.DataFrame(rows)


def misere_table(flat: np.ndarray) -> pd.DataFrame:
    """Misère and open misère success by high cards (10 or better, and the joker) and
    short suits (0 or 1 card), from the hand before the kitty."""
    hist = LAYOUT.view(flat, "misere")
    rows = []
    for k, name in enumerate(("misère", "open misère")):
        for high in range(hist.shape[1]):
            for short in range(hist.shape[2]):
                h = hist[k, high, short]
                n = int(h.sum())
                if not n:
                    continue
                lo, hi = wilson(int(h[0]), n)
                c = Contract(0, MISERE, open=bool(k))
                ev, se = hist_mean_se([score_deal(c, t)[0] for t in range(T)], h)
                rows.append({"contract": name, "high_cards": high, "short_suits": short, "deals": n,
                             "p_make": h[0] / n, "p_make_lo": float(lo), "p_make_hi": float(hi),
                             "mean_tricks": float((np.arange(T) * h).sum() / n), "ev": ev, "ev_se": se})
    return pd.DataFrame(rows)


def kitty_table(flat: np.ndarray, by: list[str]) -> pd.DataFrame:
    """Tricks gained by the kitty exchange (same deals, played with and without it)."""
    with_k = suit_table(flat, by, kitty=True)
    without = suit_table(flat, by, kitty=False)
    merged = with_k[by + ["deals", "mean_tricks"]].merge(
        without[by + ["mean_tricks"]], on=by, suffixes=("", "_no_kitty"))
    merged["kitty_gain"] = merged["mean_tricks"] - merged["mean_tricks_no_kitty"]
    # The gain's standard error from the two trick histograms (a conservative bound that
    # ignores their positive correlation on the same deals).
    ses = [_group_tricks_se(LAYOUT.view(flat, name), by) for name in ("suit", "suit_no_kitty")]
    merged["kitty_gain_se"] = [np.hypot(a, b) for a, b in zip(ses[0], ses[1])]
    return merged


_KEYS = {
    "suit": lambda r: "SCDH"[r[0]],
    "colour": lambda r: "black" if r[0] < 2 else "red",
    "trumps": lambda r: int(r[1]),
    "top_trumps": lambda r: TOP_LABELS[r[2]],
    "top_count": lambda r: bin(int(r[2])).count("1"),
    "side_aces": lambda r: int(r[3]),
}


def _grouped(hist, by) -> dict[tuple, np.ndarray]:
    """Trick histograms per group, kept per suit: {key: (4, tricks)}."""
    idx = np.indices(hist.shape[:4]).reshape(4, -1).T
    groups: dict[tuple, np.ndarray] = {}
    for r, h in zip(idx, hist.reshape(-1, T)):
        if h.any():
            key = tuple(_KEYS[b](r) for b in by)
            if key not in groups:
                groups[key] = np.zeros((4, T), np.int64)
            groups[key][r[0]] += h
    return groups


def _group_tricks_se(hist, by) -> list[float]:
    groups = _grouped(hist, by)
    return [hist_mean_se(np.arange(T), groups[k].sum(axis=0))[1] for k in sorted(groups, key=_sort_key)]


def bid_ladder(flat: np.ndarray, by: list[str]) -> pd.DataFrame:
    """For each hand class: the suit-contract level with the best expected score (or pass
    when none is positive), from the suit tables."""
    table = suit_table(flat, by)
    best_level, best_ev, best_se = [], [], []
    for _, row in table.iterrows():
        evs = {level: row[f"ev{level}"] for level in range(6, 11)}
        level = max(evs, key=evs.get)
        if evs[level] < 0:
            best_level.append(0)
            best_ev.append(0.0)
            best_se.append(0.0)
        else:
            best_level.append(level)
            best_ev.append(evs[level])
            best_se.append(row[f"ev{level}_se"])
    out = table[by + ["deals", "mean_tricks"]].copy()
    out["best_level"] = best_level
    out["best"] = ["pass" if lv == 0 else str(lv) for lv in best_level]
    out["best_ev"] = best_ev
    out["best_ev_se"] = best_se
    return out
