"""Euchre game equity: P(we win the game | our score, their score, which side deals next).

The bidding and play policies ignore the score, so one hand's outcome (``scoring.OUTCOMES``
from our side, a redeal included) is drawn from one distribution that depends only on
which side deals.  It is counted from self-play (``play.random_chunk``: whole random
deals, the dealer alternating two-handed and rotating four-handed, so either side deals
half of them) and made symmetric: the hands our side dealt and the mirror image of those
theirs dealt (we make <-> they make, ...) pool into one distribution of the dealing
side's outcomes, so that the table has the game's exact symmetry
``P[0, us, them] + P[1, them, us] = 1``.

The game is then a Markov chain on (our score 0..9, theirs 0..9, the side dealing next):
a hand adds its points to one side (make 1, march 2, lone march 4; euchred: the defenders
2), the first side to 10 wins (only one side scores on a hand, so there is no tie), and
every hand, a redeal too, passes the deal to the other side (two-handed the dealer
alternates; four-handed the deal passes to the left).  Every played hand adds at least a
point, so the scores only rise and the chain is solved exactly from the top scores down:
at a score, with a[d] the expectation over the played outcomes when side d deals and r[d]
the chance of a redeal, v0 = a0 + r0 v1 and v1 = a1 + r1 v0 (``solve``).  The only Monte
Carlo error is in the outcome distribution; ``se`` (a parametric bootstrap of the counts)
measures it.

The table: ``P[d, us, them]``, ``d`` = 0 when our side deals next, 1 when theirs does.
The self-play counts are cached on disk (``five_hundred.equity.cache_dir()/euchre-equity``),
keyed by the table's rules, the number of hands, the seed and the code of the self-play
kernels (``analyzer.cache.source_stamp``); the chain is solved when they are read.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...errors import InputError
from .rules import Options
from .scoring import GAME_POINTS, N_OUTCOMES, OUTCOME_POINTS, OUTCOMES, REDEAL

DEFAULT_DEALS = 1_000_000   # self-play hands: 1-3 s to build (then cached); the table's se at most 0.05%
DEFAULT_SEED = 0
BOOTSTRAP = 100             # resamples of the counts for the table's standard error
VERSION = 1                 # of this module's table (part of the cache key)
CACHE_KEEP = 16
GAIN_US = np.maximum(np.asarray(OUTCOME_POINTS), 0)     # our points for each outcome
GAIN_THEM = np.maximum(-np.asarray(OUTCOME_POINTS), 0)  # theirs
# The same hand seen from the other side: we_make <-> they_make, ..., redeal <-> redeal.
MIRROR = np.array([OUTCOMES.index("they_" + o[3:]) if o.startswith("we_") else
                   OUTCOMES.index("we_" + o[5:]) if o.startswith("they_") else i
                   for i, o in enumerate(OUTCOMES)], np.int64)


# ----------------------------------------------------------------------------- the chain
def dealer_distribution(hist) -> np.ndarray:
    """``p[d, outcome]`` (our side's view) when side d deals (0 us), from self-play counts
    ``hist[d, outcome]`` (``play.random_chunk``), pooled over the two sides so that
    ``p[1] = p[0][MIRROR]``."""
    hist = np.asarray(hist, np.float64)
    if hist.shape != (2, N_OUTCOMES) or (hist < 0).any() or hist.sum() <= 0:
        raise ValueError(f"hist must be non-negative counts of shape (2, {N_OUTCOMES}), not all 0")
    pooled = hist[0] + hist[1][MIRROR]
    p0 = pooled / pooled.sum()
    return np.stack([p0, p0[MIRROR]])


def solve(p) -> np.ndarray:
    """P(we win) ``P[d, us, them]`` for us, them 0..9 from the outcome distributions
    ``p[d, outcome]`` (our side's view, side d dealing; rows summing to 1), exactly."""
    p = np.asarray(p, np.float64)
    if p.shape != (2, N_OUTCOMES) or (p < 0).any() or not np.allclose(p.sum(axis=1), 1.0):
        raise ValueError(f"p must be two distributions over the {N_OUTCOMES} outcomes")
    r = p[:, REDEAL]
    if r[0] * r[1] >= 1.0:
        raise ValueError("every hand is redealt: the game never ends")
    g = GAME_POINTS
    v = np.zeros((2, g, g))
    for total in range(2 * g - 2, -1, -1):          # every played hand raises us + them
        for us in range(max(0, total - g + 1), min(total, g - 1) + 1):
            them = total - us
            a = [sum(p[d, o] * _after(v, us + GAIN_US[o], them + GAIN_THEM[o], 1 - d)
                     for o in range(N_OUTCOMES) if o != REDEAL) for d in (0, 1)]
            v[0, us, them] = (a[0] + r[0] * a[1]) / (1.0 - r[0] * r[1])
            v[1, us, them] = a[1] + r[1] * v[0, us, them]
    return v


def _after(v, us, them, d) -> float:
    """P(we win) at (us, them) with side d dealing next: 1 once we reached 10, 0 once they did."""
    if us >= GAME_POINTS:
        return 1.0
    if them >= GAME_POINTS:
        return 0.0
    return float(v[d, us, them])


def values_after(table, us: int, them: int, we_deal_now: bool) -> np.ndarray:
    """P(we win) after this hand ends in each outcome (``scoring.OUTCOMES``), from the
    score (us, them) before it: the outcome's points added, the deal passed to the other
    side (a redeal keeps the score).  ``table``: an ``EquityTable`` or a ``P`` array."""
    v = table.p if isinstance(table, EquityTable) else np.asarray(table)
    d_next = 1 if we_deal_now else 0
    return np.array([_after(v, us + GAIN_US[o], them + GAIN_THEM[o], d_next) for o in range(N_OUTCOMES)])


def bootstrap_se(hist, n: int = BOOTSTRAP, seed: int = 0) -> np.ndarray:
    """The standard error of every entry of ``solve(dealer_distribution(hist))`` from the
    counts' sampling error: ``n`` multinomial resamples of the pooled counts."""
    hist = np.asarray(hist, np.int64)
    pooled = hist[0] + hist[1][MIRROR]
    total = int(pooled.sum())
    rng = np.random.default_rng(seed)
    tables = [solve(dealer_distribution(np.stack([c, np.zeros_like(c)])))
              for c in rng.multinomial(total, pooled / total, size=n)]
    return np.std(tables, axis=0, ddof=1)


# ----------------------------------------------------------------------------- self-play
def self_play(options: Options, deals: int, seed: int) -> np.ndarray:
    """``hist[dealer side, outcome]`` of ``deals`` whole random hands bid and played by the
    policies (``play.random_chunk``)."""
    from ...sim.rng import seed_key
    from .bidding import DEFAULT_POLICY
    from .deck import HAND_SIZE, nat_bits
    from .play import random_chunk
    from .questions import flags_of
    from .rules import rule_tables

    n = options.players
    pool = np.array(nat_bits(options.deck_obj), np.int64)
    counts = np.array([1] + [HAND_SIZE] * n + [len(pool) - 1 - HAND_SIZE * n], np.int64)
    hist = np.zeros((2, N_OUTCOMES), np.int64)
    random_chunk(seed_key(seed), np.int64(0), np.int64(deals), pool, counts, np.int64(n),
                 rule_tables(options.deck), np.int64(flags_of(options)), DEFAULT_POLICY, hist)
    return hist


# ----------------------------------------------------------------------------- the table
@dataclass
class EquityTable:
    p: np.ndarray            # P[d, us, them] (module docstring)
    se: np.ndarray           # its standard error from the self-play sample (bootstrap)
    hist: np.ndarray         # the self-play counts hist[dealer side, outcome]
    deals: int
    seed: int
    options: Options
    build_seconds: float     # self-play + solve + bootstrap when it was built
    path: str | None = None  # the cache file (None: not written)
    cached: bool = False     # read from the cache

    def win(self, us: int, them: int, we_deal_next: bool) -> float:
        return float(self.p[0 if we_deal_next else 1, us, them])


def cache_key(options: Options, deals: int, seed: int) -> tuple[str, str]:
    """(file, key) of the cached self-play counts for these inputs and this code."""
    from ...cache import source_stamp
    from ..five_hundred.equity import cache_dir
    from .bidding import DEFAULT_POLICY

    key = json.dumps({"version": VERSION, "code": source_stamp("analyzer.games.euchre.play"),
                      "policy": [int(x) for x in DEFAULT_POLICY], "options": options.as_dict(),
                      "deals": int(deals), "seed": int(seed), "bootstrap": BOOTSTRAP}, sort_keys=True)
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    return os.path.join(cache_dir(), "euchre-equity", f"{name}.npz"), key


def equity_table(options: Options = Options(), deals: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED) -> EquityTable:
    """The equity table of these rules from ``deals`` self-play hands with ``seed``: from
    the disk cache when built before (same rules, size, seed and code), else built and
    written there."""
    path, key = cache_key(options, deals, seed)
    return _table(options, int(deals), int(seed), path, key)


@lru_cache(maxsize=32)
def _table(options, deals, seed, path, key) -> EquityTable:
    from ..five_hundred.equity import save_npz
    try:
        with np.load(path, allow_pickle=False) as f:
            if str(f["key"]) == key:
                hist = f["hist"]
                return EquityTable(solve(dealer_distribution(hist)), f["se"], hist, deals, seed, options,
                                   float(f["build_seconds"]), path, True)
    except (OSError, KeyError, ValueError, EOFError):     # absent or damaged: build it
        pass
    start = time.perf_counter()
    hist = self_play(options, deals, seed)
    p = solve(dealer_distribution(hist))
    se = bootstrap_se(hist)
    table = EquityTable(p, se, hist, deals, seed, options, time.perf_counter() - start)
    try:
        save_npz(path, CACHE_KEEP, key=np.array(key), hist=hist, se=se, build_seconds=table.build_seconds)
        table.path = path
    except OSError:
        pass                                  # not writable: answered, not cached
    return table


# ----------------------------------------------------------------------------- --score
_SCORE = re.compile(r"\s*(\d+)\s*:\s*(\d+)\s*")


def parse_score(text) -> tuple[int, int] | None:
    """``"8:9"`` -> (8, 9): your side's points, then theirs (``--score US:THEM``), each 0..9;
    None -> None."""
    if text is None:
        return None
    m = _SCORE.fullmatch(str(text))
    if not m:
        raise InputError(f"--score takes US:THEM, your side's points then theirs (e.g. 8:9), not {text!r}")
    us, them = int(m.group(1)), int(m.group(2))
    if us >= GAME_POINTS or them >= GAME_POINTS:
        raise InputError(f"--score {us}:{them}: each side's points must be 0 to {GAME_POINTS - 1} "
                         f"(at {GAME_POINTS} the game is over)")
    return us, them
