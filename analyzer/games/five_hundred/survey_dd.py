"""Five Hundred double-dummy survey: the first deals of the heuristic survey (same seed,
same deal indices), each solved double-dummy and played by the heuristic players, so the
report can show double-dummy bid success and the heuristic's shortfall per hand class.

Kept apart from ``survey`` so that the heuristic survey never loads the solver.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...sim.deal import _deal_into
from ...sim.layout import StatsLayout
from ...sim.rng import stream_key
from ...stats import moments_mean_se, wilson
from .dd import dd_deal_table
from .deck import HAND_SIZE, N_TRICKS, table
from .play import TRACE_COLS, play_deal_table, relabel
from .rules import DD_MISERE_MAX_ACTIVE, MISERE, NT, Options, misere_seats, sides_rule
from .survey import (DERIVED, SUIT_FEATURES, T, _KEYS, _hand_features, _levels_frame, _nt_features,
                     _sort_key, high_cards_mask, survey_inputs)

DD_CHUNK = 256
DD_LAYOUT = StatsLayout(
    suit=(4, HAND_SIZE + 1, 8, 4, T),          # double-dummy tricks, classes as LAYOUT["suit"]
    suit_diff=(4, HAND_SIZE + 1, 8, 4, 3),     # n, sum and sum of squares of dd − heuristic tricks
    nt=(2, 5, T),
    nt_diff=(2, 5, 3),
    misere=(HAND_SIZE + 1, 5, 2, 2),           # high, short, heuristic failed?, dd failed?
)


@njit(cache=True, nogil=True, forceinline=True)
def _heuristic_and_dd(table, bt, deal, misere, hands, trace, work, tt, dd_stats, dd_work, n_seats, sides):
    """(heuristic tricks, double-dummy tricks) of ``deal`` in one contract's layout, seat 0
    contracting: both start from the same hands (the play-out consumes them)."""
    for s in range(n_seats):
        hands[s] = relabel(deal[1 + s], bt)
    heur = play_deal_table(table, hands, relabel(deal[0], bt), n_seats, sides, 0, misere, False, trace, False,
                           work)
    for s in range(n_seats):
        hands[s] = relabel(deal[1 + s], bt)
    # typed arguments: literals would compile another copy of the solver (see dd.best_choice)
    dd, _ = dd_deal_table(table, hands, relabel(deal[0], bt), n_seats, sides, np.int64(0), np.bool_(misere), tt,
                          dd_stats, dd_work)
    return heur, dd


@njit(cache=True, nogil=True)
def _survey_dd_chunk(key0, start, n, pool, counts, fixed, tables, byte_tables, tt, dd_stats,
                     out_suit, out_suit_diff, out_nt, out_nt_diff, out_mis, n_seats, sides, high_cards, do_misere):
    """The same deals as ``_survey_chunk``, each solved double-dummy and played by the
    heuristic players, in the deal's suit, no-trumps and misère."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    trace = np.empty((N_TRICKS * n_seats, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    dd_work = np.zeros(8, np.int64)
    for i in range(n):
        index = start + i
        _deal_into(stream_key(key0, index), pool, counts, fixed, buf, deal)
        strain = index & 3
        bt = byte_tables[strain]
        trumps, top, aces = _hand_features(relabel(deal[1], bt), tables[strain])
        heur, dd = _heuristic_and_dd(tables[strain], bt, deal, False, hands, trace, work, tt, dd_stats, dd_work, n_seats, sides)
        out_suit[strain, trumps, top, aces, dd] += 1
        diff = dd - heur
        out_suit_diff[strain, trumps, top, aces, 0] += 1
        out_suit_diff[strain, trumps, top, aces, 1] += diff
        out_suit_diff[strain, trumps, top, aces, 2] += diff * diff
        bt = byte_tables[NT]
        joker, n_aces, high, short = _nt_features(relabel(deal[1], bt), tables[NT], high_cards)
        heur, dd = _heuristic_and_dd(tables[NT], bt, deal, False, hands, trace, work, tt, dd_stats, dd_work, n_seats, sides)
        out_nt[joker, n_aces, dd] += 1
        diff = dd - heur
        out_nt_diff[joker, n_aces, 0] += 1
        out_nt_diff[joker, n_aces, 1] += diff
        out_nt_diff[joker, n_aces, 2] += diff * diff
        if not do_misere:
            continue
        heur, dd = _heuristic_and_dd(tables[MISERE], byte_tables[MISERE], deal, True, hands, trace, work, tt,
                                     dd_stats, dd_work, n_seats, sides)
        out_mis[high, short, 1 if heur > 0 else 0, dd] += 1


def run_survey_dd(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
                  options: Options = Options(), on_chunk=None, skip=None, initial=None, players: int = 4):
    """The double-dummy survey of deal indices 0..deals-1 (the same deals as ``run_survey``)."""
    from ...sim.runner import run_chunks
    from .dd import new_dd_table, new_stats
    from .questions import byte_tables

    tab = table(players)
    pool, counts, fixed, tables, key0 = survey_inputs(seed, options, tab)
    bts = byte_tables(tab)
    n_seats, sides, high = np.int64(tab.n_seats), np.int64(sides_rule(tab.players, options)), high_cards_mask(tab)
    do_misere = np.bool_(misere_seats(tab.players, options) <= DD_MISERE_MAX_ACTIVE)

    def chunk(start, n):
        flat = DD_LAYOUT.zeros()
        if n:
            v = DD_LAYOUT.unpack(flat)
            _survey_dd_chunk(key0, np.int64(start), np.int64(n), pool, counts, fixed, tables,
                             bts, new_dd_table(), new_stats(), v["suit"], v["suit_diff"],
                             v["nt"], v["nt_diff"], v["misere"], n_seats, sides, high, do_misere)
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=DD_CHUNK,
                      desc="five-hundred double-dummy survey", on_chunk=on_chunk, skip=skip,
                      initial=initial)


# ----------------------------------------------------------------------------- tables
def _grouped(hist, by, tail):
    """Sum the (suit, trumps, top, aces, *tail) array over the classes not in ``by``:
    {key: (4, *tail)} kept per suit."""
    idx = np.indices(hist.shape[:4]).reshape(4, -1).T
    flat = hist.reshape(-1, *tail)
    groups: dict[tuple, np.ndarray] = {}
    for r, h in zip(idx, flat):
        if h.any():
            key = tuple(_KEYS[b](r) for b in by)
            if key not in groups:
                groups[key] = np.zeros((4, *tail), np.int64)
            groups[key][r[0]] += h
    return {k: groups[k] for k in sorted(groups, key=_sort_key)}


def _check_by(by):
    unknown = [b for b in by if b not in SUIT_FEATURES + DERIVED]
    if unknown:
        from ...errors import InputError
        raise InputError(f"unknown breakdown {', '.join(unknown)}")


def dd_suit_table(flat: np.ndarray, by: list[str], units: int = 1) -> pd.DataFrame:
    """Double-dummy bid success for suit contracts by hand class (as ``survey.suit_table``)."""
    _check_by(by)
    rows = []
    for key, h in _grouped(DD_LAYOUT.view(flat, "suit"), by, (T,)).items():
        rows.append(dict(zip(by, key)) | _levels_frame(h, units=units))
    return pd.DataFrame(rows)


def _diff_row(moments) -> dict:
    n, total, total_sq = (float(x) for x in moments)
    mean, se = moments_mean_se(n, total, total_sq)
    return {"deals": int(n), "dd_minus_heuristic": mean, "dd_minus_heuristic_se": se}


def difference_table(flat: np.ndarray, by: list[str]) -> pd.DataFrame:
    """Mean tricks double-dummy minus heuristic on the same deals, per hand class (paired,
    so the interval is that of the per-deal difference)."""
    _check_by(by)
    rows = []
    for key, m in _grouped(DD_LAYOUT.view(flat, "suit_diff"), by, (3,)).items():
        rows.append(dict(zip(by, key)) | _diff_row(m.sum(axis=0)))
    return pd.DataFrame(rows)


def dd_nt_table(flat: np.ndarray, units: int = 1) -> pd.DataFrame:
    hist = DD_LAYOUT.view(flat, "nt")
    diff = DD_LAYOUT.view(flat, "nt_diff")
    rows = []
    for joker in range(2):
        for aces in range(5):
            if hist[joker, aces].any():
                d = _diff_row(diff[joker, aces])
                rows.append({"joker": bool(joker), "aces": aces} | _levels_frame(hist[joker, aces], NT, units)
                            | {"dd_minus_heuristic": d["dd_minus_heuristic"],
                               "dd_minus_heuristic_se": d["dd_minus_heuristic_se"]})
    return pd.DataFrame(rows)


def dd_misere_table(flat: np.ndarray) -> pd.DataFrame:
    """Misère made by the heuristic players and double-dummy on the same deals, by high
    cards; with every hand visible closed and open misère are the same question."""
    hist = DD_LAYOUT.view(flat, "misere").sum(axis=1)   # high, heuristic failed, dd failed
    rows = []
    for high in range(hist.shape[0]):
        h = hist[high]
        n = int(h.sum())
        if not n:
            continue
        heur_made = int(h[0].sum())
        dd_made = int(h[:, 0].sum())
        (h_lo, h_hi), (d_lo, d_hi) = wilson(heur_made, n), wilson(dd_made, n)
        rows.append({"high_cards": high, "deals": n,
                     "p_make_heuristic": heur_made / n,
                     "p_make_heuristic_lo": float(h_lo), "p_make_heuristic_hi": float(h_hi),
                     "p_make_dd": dd_made / n, "p_make_dd_lo": float(d_lo), "p_make_dd_hi": float(d_hi),
                     "both_made": int(h[0, 0]) / n})
    return pd.DataFrame(rows)
