"""Euchre: the three play models on the same deals, for the report.

The first deal indices of the heuristic survey (same seed, same two- and four-handed
deals, same dealer by position) with the whole auction by the bidding policy: when a seat
makes trump, the dealer picks up and discards by the heuristic and the five tricks are
played three ways -- by the heuristic players, single-dummy at every seat (``pimc``: W
sampled layouts a card, the makers aiming at their 3 tricks, then at the march) and
double-dummy.  Deals that end in a redeal are counted, not played.  The maker's hand as
dealt is classified as in the survey: trumps counting the left bower (not the upcard),
bowers held; the contract is two-handed, four-handed with partner or four-handed alone.
Per class the report shows each model's P(make) and mean makers' tricks, and the paired
differences single-dummy − heuristic and double-dummy − single-dummy.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ZERO
from ...sim.deal import _deal_into
from ...sim.rng import stream_key
from ...stats import moments_mean_se, wilson
from .deck import DECKS, HAND_SIZE, nat_bits
from .pimc import MAKE, MODE_SAMPLE, pimc_made, world_key
from .play import NO_SEAT, auction, deal_buffers, play_made, solve_made
from .rules import rule_tables
from .survey import BOWERS, DECK_SIZE, PLAYERS, T, _features, _game_key

MODELS = ("heuristic", "pimc", "dd")
# per (game, alone, trumps, bowers): deals; made and tricks by model (heuristic, single-,
# double-dummy); tricks²; sums of squared paired differences of made and of tricks
# (pimc - heuristic, dd - pimc)
P_N, P_MADE, P_TRICKS, P_T2, P_DMADE2, P_DTRICKS2 = 0, 1, 4, 7, 10, 12
P_SIZE = 14
CELLS = (len(PLAYERS), 2, T, len(BOWERS), P_SIZE)
N_CELLS = int(np.prod(CELLS))
# after the cells, per game: deal indices, deals where somebody made trump
SEEN = 2 * len(PLAYERS)


@njit(cache=True, forceinline=True)
def _book(row, heur, sd, dd):
    t = (heur, sd, dd)
    row[P_N] += 1
    for m in range(3):
        row[P_MADE + m] += 1 if t[m] >= MAKE else 0
        row[P_TRICKS + m] += t[m]
        row[P_T2 + m] += t[m] * t[m]
    ms = (1 if sd >= MAKE else 0) - (1 if heur >= MAKE else 0)
    md = (1 if dd >= MAKE else 0) - (1 if sd >= MAKE else 0)
    row[P_DMADE2] += ms * ms
    row[P_DMADE2 + 1] += md * md
    row[P_DTRICKS2] += (sd - heur) * (sd - heur)
    row[P_DTRICKS2 + 1] += (dd - sd) * (dd - sd)


@njit(cache=True, nogil=True)
def _survey_pimc_chunk(key0, start, n_deals, n, pool, counts, tables, flags, pol, n_worlds, tt, stats, out,
                       seen):
    """Deal indices ``start .. start+n_deals-1`` of the ``n``-handed survey (its deals and
    dealers): ``out[alone, trumps, bowers]`` books the three plays of each made trump by
    the maker's hand; ``seen``: (deal indices, deals where somebody made trump)."""
    buf, fixed, deal, hands, lay, trace = deal_buffers(pool, counts, n)
    genbox = np.ones(1, np.int64)   # the solver table's generation, shared by pimc and dd
    every = np.int64((1 << n) - 1)
    for i in range(n_deals):
        index = start + i
        dkey = stream_key(key0, index)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        up = deal[0]
        for p in range(n):
            hands[p] = deal[1 + p]
        pos = index & (n - 1)
        dealer = n - 1 - pos            # as in the survey
        seen[0] += 1
        maker, trump, alone, rnd = auction(hands, n, dealer, up, 0, 2 * n, -2, 0, flags, pol)
        if maker == NO_SEAT:
            continue
        seen[1] += 1
        tr, bw, _ = _features(hands[maker], trump)
        heur = play_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, ZERO, flags, trace, False)
        sd = pimc_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, ZERO, flags, every, n_worlds,
                       np.int64(MODE_SAMPLE), stream_key(world_key(dkey), 0), tt, stats, genbox, trace,
                       np.bool_(False))
        dd = solve_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, ZERO, flags, trace, tt, stats,
                        genbox)
        _book(out[alone, tr, bw], heur, sd, dd)


def run_survey_pimc(deals: int, seed: int = 0, worlds: int = 32, threads: int | None = None,
                    progress: bool = False, chunk_size: int = 512):
    """The three-model survey of deal indices 0..deals-1 (the heuristic survey's deals, both
    games); ``stats``: the cells (``CELLS``) then ``SEEN`` counters (``unpack``).  The
    numbers do not depend on ``threads`` nor ``chunk_size`` (each deal's worlds are keyed by
    its index)."""
    from ...sim.runner import run_chunks
    from .bidding import DEFAULT_POLICY
    from .dd import new_dd_table, new_stats

    pool = np.array(nat_bits(DECKS[DECK_SIZE]), np.int64)
    counts = {n: np.array([1] + [HAND_SIZE] * n + [DECK_SIZE - 1 - HAND_SIZE * n], np.int64) for n in PLAYERS}
    keys = {n: _game_key(seed, n) for n in PLAYERS}
    tables = rule_tables(DECK_SIZE)

    def chunk(start, count):
        out = np.zeros(CELLS, np.int64)
        seen = np.zeros((len(PLAYERS), 2), np.int64)
        if count:
            for g, n in enumerate(PLAYERS):
                # a fresh table per chunk (every solve starts from an empty one anyway)
                _survey_pimc_chunk(keys[n], np.int64(start), np.int64(count), np.int64(n), pool, counts[n], tables,
                                   np.int64(0), DEFAULT_POLICY, np.int64(worlds), new_dd_table(), new_stats(),
                                   out[g], seen[g])
        return np.concatenate([out.ravel(), seen.ravel()])

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=chunk_size,
                      desc="euchre single-dummy survey")


def unpack(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(cells ``CELLS``, seen (game, 2)) from ``run_survey_pimc``'s vector."""
    return flat[:N_CELLS].reshape(CELLS), flat[N_CELLS:].reshape(len(PLAYERS), 2)


def contract_label(n: int, alone: int) -> str:
    if n == 2:
        return "two-handed"
    return "four-handed, alone" if alone else "four-handed, with partner"


CLASS_COLUMNS = ("players", "contract", "trumps", "bowers")


def models_table(flat: np.ndarray, by=("players", "contract", "trumps")) -> pd.DataFrame:
    """One row per class of ``by`` (from CLASS_COLUMNS): the deals, each model's P(make)
    (Wilson interval) and mean makers' tricks, and the paired differences with their
    standard errors."""
    bad = [b for b in by if b not in CLASS_COLUMNS]
    if bad:
        raise ValueError(f"unknown class column(s) {bad}")
    cells, _ = unpack(flat)
    groups: dict[tuple, np.ndarray] = {}
    for g, n in enumerate(PLAYERS):
        for alone in range(2):
            for tr in range(T):
                for bw in range(len(BOWERS)):
                    r = cells[g, alone, tr, bw]
                    if not r[P_N]:
                        continue
                    lab = {"players": n, "contract": contract_label(n, alone), "trumps": tr, "bowers": BOWERS[bw]}
                    key = tuple(lab[b] for b in by)
                    groups[key] = groups.get(key, 0) + r
    rows = []
    for key, r in groups.items():
        r = r.astype(float)
        n = r[P_N]
        row = dict(zip(by, key))
        row["deals"] = int(n)
        for m, name in enumerate(MODELS):
            lo, hi = wilson(r[P_MADE + m], n)
            row[f"p_make_{name}"] = r[P_MADE + m] / n
            row[f"p_make_{name}_lo"] = float(lo)
            row[f"p_make_{name}_hi"] = float(hi)
            row[f"tricks_{name}"] = r[P_TRICKS + m] / n
        for j, (a, b) in enumerate(((1, 0), (2, 1))):
            label = ("pimc_minus_heuristic", "dd_minus_pimc")[j]
            dm, dm_se = moments_mean_se(n, r[P_MADE + a] - r[P_MADE + b], r[P_DMADE2 + j])
            dt, dt_se = moments_mean_se(n, r[P_TRICKS + a] - r[P_TRICKS + b], r[P_DTRICKS2 + j])
            row[f"p_make_{label}"] = dm
            row[f"p_make_{label}_se"] = dm_se
            row[f"tricks_{label}"] = dt
            row[f"tricks_{label}_se"] = dt_se
        rows.append(row)
    df = pd.DataFrame(rows)
    if len(df):
        rank = {"contract": {contract_label(n, a): 2 * g + a for g, n in enumerate(PLAYERS) for a in range(2)},
                "bowers": {b: i for i, b in enumerate(BOWERS)}}
        keys = pd.DataFrame({b: df[b].map(rank[b]) if b in rank else df[b] for b in by})
        df = df.iloc[np.lexsort([keys[b].to_numpy() for b in reversed(by)])] if by else df
    return df.reset_index(drop=True)
