"""Five Hundred game equity: P(we win the game | our score, their score, who deals next).

The bidding and play policy ignores the score, so the outcome of one deal is drawn from
one distribution that depends only on which side deals (self-play deals,
``selfplay.deal_outcomes``).  The game is then a Markov chain on the states (our score,
their score, whose side deals next), and P(we win) of every state solves one linear
system, which value iteration (Gauss–Seidel, ``_value_iteration``) solves to a change
below 1e-10 a sweep: exact for that outcome distribution.  The only Monte Carlo error is
in the distribution itself.

The game rules (rules file, "Game"; ``scoring.game_winner``): defensive trick points are
always added, even past 500, but a side wins only after a deal in which it made a
contract and its total is ≥ 500, so when both cross 500 on one deal the contractor's side
wins; a side at −500 or below loses (out the back door).  Option ``defend_cap`` (490 or
480): a side at or above that total scores nothing for defensive tricks.  A deal all four
pass is thrown in (no score) and, like every deal, the deal passes to the left: the
dealing side alternates.

The state grid: each side's score from −490 (anything ≤ −500 has lost) to ``cap`` in
steps of 10.  **Approximation:** a score above ``cap`` is clamped to ``cap`` (default
1490: only a side that keeps scoring defensive points without ever making a contract gets
there).  ``cap_check`` measures it: on a plausible outcome distribution the tables for
caps 1490 and 1990 differ by 1.4e-11 at most over the states with both scores ≤ 990 (below
the solver's tolerance), and even cap 990 is within 1e-9 of cap 1990 at scores ≤ 500.

The table: ``P[d, i, j]`` = P(we win) with our score ``GRID_LO + STEP * i``, theirs
``GRID_LO + STEP * j``; ``d`` = 0 when we deal next, 1 when they do.  Because the game
has no draws and the outcome distribution is in terms of the dealer's side,
``P[0, i, j] + P[1, j, i] = 1``.

Numba helpers for other kernels (the bid question adds P(win) per simulated deal):
``after_deal`` (the state after one deal), ``p_win_after`` (table lookup of a state
that goes on) and ``p_win_of_deal`` (both).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
from numba import njit

from ...errors import InputError
from ...fmt import percent
from .bidding import ALL_CONTRACTS
from .deck import N_TRICKS
from .rules import Options
from .scoring import score_deal

WIN_LINE = 500           # a side that makes a contract and reaches this total wins
LOSE_LINE = -500         # a side at or below this total loses (out the back door)
STEP = 10                # every score moves in steps of 10
GRID_LO = LOSE_LINE + STEP
DEFAULT_CAP = 1490
DEFAULT_DEALS = 10_000_000
TOLERANCE = 1e-10        # value iteration stops when no state changes by this much in a sweep
MAX_SWEEPS = 100_000
NO_DEFEND_CAP = np.int64(2**62)
DEFEND_CAPS = {"none": NO_DEFEND_CAP, "490": np.int64(490), "480": np.int64(480)}
N_OUTCOME_TRICKS = N_TRICKS + 1
NEIGHBOURHOOD = (100, 50)    # the answer's small table: ±100 around the state, steps of 50
CACHE_KEEP = 16              # equity tables of other versions/options kept in the cache folder


def defend_cap_value(options: Options) -> np.int64:
    """The ``defend_cap`` option as the kernels take it: a defending side whose total is at
    or above this value scores nothing (``NO_DEFEND_CAP`` for "none")."""
    return DEFEND_CAPS[options.defend_cap]


# ----------------------------------------------------------------------------- one deal
@njit(cache=True)
def after_deal(us, them, we_contracted, points, defend, made, defend_cap):
    """The state after one deal: ``(status, our new total, their new total)``.

    ``status`` is 1 when we have won, 0 when we have lost, −1 when the game goes on.
    ``points``: the contractor's side's points for the deal (``score_deal``, negative
    when failed), ``defend``: the defenders' trick points, ``made``: 1 if the contract was
    made, ``defend_cap``: a defending side at or above this total before the deal scores
    nothing for its tricks (``defend_cap_value``; ``NO_DEFEND_CAP`` for none).  All int64.
    Only the contractor's side can win by reaching 500 (``scoring.game_winner``).
    """
    if we_contracted:
        con, dfd = us, them
    else:
        con, dfd = them, us
    if dfd < defend_cap:
        dfd += defend
    con += points
    if made and con >= WIN_LINE:
        con_wins = 1
    elif con <= LOSE_LINE:
        con_wins = 0
    elif dfd <= LOSE_LINE:
        con_wins = 1
    else:
        con_wins = -1
    if we_contracted:
        return con_wins, con, dfd
    if con_wins >= 0:
        con_wins = 1 - con_wins
    return con_wins, dfd, con


@njit(cache=True)
def p_win_after(table, grid_lo, step, cap, us, them, we_deal_next):
    """P(we win) from a state where the game goes on, by table lookup.

    ``table``: the float64 array ``P[d, i, j]`` (module docstring), with its grid's lowest
    score ``grid_lo``, ``step`` and ``cap``; a score above ``cap`` is clamped to it.  Scores
    below the grid are games already over (we out: 0, they out: 1), so the lookup is safe
    for any state ``after_deal`` returns; ``we_deal_next`` is 1 when our side deals next
    (the deal passes to the left: the side that did not deal this deal).
    """
    if us < grid_lo:
        return 0.0
    if them < grid_lo:
        return 1.0
    if us > cap:
        us = cap
    if them > cap:
        them = cap
    return table[1 - we_deal_next, (us - grid_lo) // step, (them - grid_lo) // step]


@njit(cache=True)
def p_win_of_deal(table, grid_lo, step, cap, us, them, we_contracted, points, defend, made,
                  defend_cap, we_deal_next):
    """P(we win) once a deal from (``us``, ``them``) has ended this way: 1 or 0 if it ended
    the game (``after_deal``), else the table's value of the new state."""
    status, new_us, new_them = after_deal(us, them, we_contracted, points, defend, made, defend_cap)
    if status >= 0:
        return float(status)
    return p_win_after(table, grid_lo, step, cap, new_us, new_them, we_deal_next)


# ----------------------------------------------------------------------------- the chain
@dataclass(frozen=True)
class Outcomes:
    """One deal's outcome distribution, as the DP kernel takes it: K distinct outcomes
    (the outcomes with the same effect on the scores merged)."""

    prob: np.ndarray         # float64 (K,): probability of each outcome
    dealer: np.ndarray       # int64 (K,): 1 if the dealer's side contracted, 0 the other side
    points: np.ndarray       # int64 (K,): the contractor's side's points (score_deal)
    defend: np.ndarray       # int64 (K,): the defenders' trick points (before defend_cap)
    made: np.ndarray         # int64 (K,): 1 if the contract was made
    p_thrown: float          # all four passed: no score, the deal passes on
    deals: int               # deals the distribution was counted from

    @property
    def p_dealer_contracts(self) -> float:
        return float(self.prob[self.dealer == 1].sum())

    def mean_points(self) -> tuple[float, float]:
        """Mean points a deal for (the dealer's side, the other side), thrown-in deals
        counting 0 and no defend_cap."""
        dealer = np.where(self.dealer == 1, self.points, self.defend)
        other = np.where(self.dealer == 1, self.defend, self.points)
        return float((self.prob * dealer).sum()), float((self.prob * other).sum())


def outcome_table(counts, thrown: int) -> Outcomes:
    """The DP's outcome arrays from self-play counts.

    ``counts``: int array (2, len(ALL_CONTRACTS), 11): ``counts[0, c, t]`` deals in which
    the dealer's side contracted ``ALL_CONTRACTS[c]`` and took ``t`` tricks,
    ``counts[1, c, t]`` the other side; ``thrown``: deals all four passed.  Points by
    ``scoring.score_deal``; outcomes with equal (side, points, defenders' points, made)
    are merged, so the kernel loops over fewer outcomes.  At least one made contract is
    required: then from every state a run of made contracts ends the game, so it ends
    with probability 1 and the chain has one solution.
    """
    counts = np.asarray(counts)
    shape = (2, len(ALL_CONTRACTS), N_OUTCOME_TRICKS)
    if counts.shape != shape:
        raise ValueError(f"counts must have shape {shape}, got {counts.shape}")
    if not np.issubdtype(counts.dtype, np.integer) or (counts < 0).any() or thrown < 0:
        raise ValueError("counts and thrown must be non-negative integers")
    played = int(counts.sum())
    total = played + int(thrown)
    if played == 0:
        raise ValueError("no deal was played (all thrown in or none counted): the game never ends")
    merged: dict[tuple[int, int, int, int], int] = {}
    for side in range(2):
        for c, contract in enumerate(ALL_CONTRACTS):
            for t in range(N_OUTCOME_TRICKS):
                n = int(counts[side, c, t])
                if n:
                    pts, dfd = score_deal(contract, t)
                    made = t == 0 if contract.is_misere else t >= contract.level
                    key = (1 - side, pts, dfd, int(made))
                    merged[key] = merged.get(key, 0) + n
    if not any(key[3] for key in merged):
        raise ValueError("no contract is ever made: nobody can reach 500 and the game need not end")
    keys = sorted(merged)
    arr = np.array(keys, np.int64).reshape(len(keys), 4)
    prob = np.array([merged[k] for k in keys], np.float64) / total
    return Outcomes(prob, arr[:, 0].copy(), arr[:, 1].copy(), arr[:, 2].copy(), arr[:, 3].copy(),
                    int(thrown) / total, total)


@njit(cache=True)
def _value_iteration(prob, dealer, points, defend, made, p_thrown, cap, defend_cap, tol, max_sweeps,
                     table):
    """Gauss–Seidel sweeps over ``table`` (float64 (2, n, n), updated in place) until no
    state changes by ``tol``; returns (sweeps, last change).

    At a state, a[d] is the expectation over the played outcomes of the deal side d's
    dealer deals (we contracted iff the dealer's side did and we deal); a thrown-in deal
    leaves the scores and passes the deal, so v0 = a0 + p·v1 and v1 = a1 + p·v0, solved
    at once.  Most outcomes raise a score, so sweeping from the top scores down finds most
    next states already updated.  The grid is the module's (GRID_LO, STEP: compile-time
    constants, so the index arithmetic has no division instruction).
    """
    grid_lo, step = GRID_LO, STEP
    n = table.shape[1]
    k_out = prob.shape[0]
    denom = 1.0 - p_thrown * p_thrown
    delta = 0.0
    for sweep in range(max_sweeps):
        delta = 0.0
        for i in range(n - 1, -1, -1):
            us = grid_lo + step * i
            for j in range(n - 1, -1, -1):
                them = grid_lo + step * j
                a0 = 0.0
                a1 = 0.0
                for k in range(k_out):
                    we_con = dealer[k]            # we deal: we contracted iff the dealer's side did
                    a0 += prob[k] * p_win_of_deal(table, grid_lo, step, cap, us, them, we_con,
                                                  points[k], defend[k], made[k], defend_cap, 0)
                    a1 += prob[k] * p_win_of_deal(table, grid_lo, step, cap, us, them, 1 - we_con,
                                                  points[k], defend[k], made[k], defend_cap, 1)
                v0 = (a0 + p_thrown * a1) / denom
                v1 = a1 + p_thrown * v0
                d0 = abs(v0 - table[0, i, j])
                d1 = abs(v1 - table[1, i, j])
                if d0 > delta:
                    delta = d0
                if d1 > delta:
                    delta = d1
                table[0, i, j] = v0
                table[1, i, j] = v1
        if delta < tol:
            return sweep + 1, delta
    return max_sweeps, delta


def grid(cap: int = DEFAULT_CAP) -> np.ndarray:
    """The scores of the state grid: −490, −480, …, ``cap``."""
    return np.arange(GRID_LO, cap + 1, STEP, dtype=np.int64)


def solve_outcomes(outcomes: Outcomes, defend_cap: str = "none", cap: int = DEFAULT_CAP,
                   tol: float = TOLERANCE) -> tuple[np.ndarray, int, float]:
    """(P, sweeps, last change) for an outcome distribution; see ``solve``."""
    if cap % STEP or cap < WIN_LINE:
        raise ValueError(f"cap must be a multiple of {STEP} and at least {WIN_LINE}, got {cap}")
    n = len(grid(cap))
    table = np.full((2, n, n), 0.5, np.float64)
    sweeps, delta = _value_iteration(outcomes.prob, outcomes.dealer, outcomes.points, outcomes.defend,
                                     outcomes.made, np.float64(outcomes.p_thrown), np.int64(cap),
                                     DEFEND_CAPS[defend_cap], np.float64(tol), np.int64(MAX_SWEEPS), table)
    if delta >= tol:
        raise RuntimeError(f"value iteration did not converge in {sweeps} sweeps (change {delta:.2e})")
    return table, int(sweeps), float(delta)


def solve(counts, thrown: int, options: Options = Options(), cap: int = DEFAULT_CAP,
          tol: float = TOLERANCE) -> np.ndarray:
    """P(we win) of every state, ``P[d, i, j]`` (module docstring), for the deal outcomes
    ``counts``/``thrown`` (``outcome_table``) under ``options.defend_cap``."""
    return solve_outcomes(outcome_table(counts, thrown), options.defend_cap, cap, tol)[0]


def cap_check(counts, thrown: int, options: Options = Options(), caps=(DEFAULT_CAP, 1990),
              up_to: int = 990) -> float:
    """Largest difference in P(win) between the caps' tables over the states with both
    scores ≤ ``up_to`` (the clamping approximation's effect there)."""
    tables = [solve(counts, thrown, options, cap) for cap in caps]
    m = len(grid(up_to))
    return float(max(np.abs(t[:, :m, :m] - tables[0][:, :m, :m]).max() for t in tables[1:]))


# ----------------------------------------------------------------------------- scores
def check_score(value, whose: str = "score") -> int:
    """A score as an int: a multiple of 10 above −500 (InputError otherwise)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise InputError(f"{whose} must be a whole number of points, got {value!r}")
    value = int(value)
    if value % STEP:
        raise InputError(f"{whose} {value} is not a multiple of {STEP} (scores move in steps of {STEP})")
    if value <= LOSE_LINE:
        raise InputError(f"{whose} {value}: the game is over (a side at {LOSE_LINE} or below has lost)")
    return value


_SCORE = re.compile(r"\s*([+-]?\d+)\s*:\s*([+-]?\d+)\s*")


def parse_score(text: str) -> tuple[int, int]:
    """``"380:440"`` → (380, 440): our score, then theirs (``--score US:THEM``)."""
    m = _SCORE.fullmatch(text or "")
    if not m:
        raise InputError(f"--score takes US:THEM, our score then theirs (e.g. 380:440), not {text!r}")
    return check_score(int(m.group(1)), "our score"), check_score(int(m.group(2)), "their score")


def parse_dealer(text: str | None) -> bool | None:
    """``us``/``them`` → True/False (we deal next?); None → None (both)."""
    if text is None:
        return None
    key = text.strip().lower()
    if key in ("us", "we"):
        return True
    if key in ("them", "they"):
        return False
    raise InputError(f"--dealer takes us or them (the side that deals next), not {text!r}")


# ----------------------------------------------------------------------------- the table
@dataclass
class EquityTable:
    """A solved table and where it came from."""

    p: np.ndarray                  # P[d, i, j], module docstring
    cap: int
    counts: np.ndarray             # the self-play counts it was solved from
    thrown: int
    deals: int                     # deals counted
    seed: int
    options: Options
    build_seconds: float           # self-play + DP when it was built
    dp_seconds: float
    sweeps: int
    path: str | None = None        # the cache file (None: not cached)
    cached: bool = False           # read from the cache
    notes: list[str] = field(default_factory=list)

    grid_lo = GRID_LO
    step = STEP

    @property
    def scores(self) -> np.ndarray:
        return grid(self.cap)

    @property
    def outcomes(self) -> Outcomes:
        return outcome_table(self.counts, self.thrown)


def win_probability(us, them, we_deal, table) -> float:
    """P(we win the game) with our score ``us``, theirs ``them`` and our side dealing next
    (``we_deal``), from an ``EquityTable`` or a bare ``P`` array on the default grid.

    Scores are ints, multiples of 10; ≥ 500 is allowed (reached on defence), ≤ −500 is an
    InputError (the game is over); above the table's cap a score counts as the cap.
    """
    us, them = check_score(us, "our score"), check_score(them, "their score")
    p = table.p if isinstance(table, EquityTable) else np.asarray(table)
    cap = GRID_LO + STEP * (p.shape[1] - 1)
    i = (min(us, cap) - GRID_LO) // STEP
    j = (min(them, cap) - GRID_LO) // STEP
    return float(p[0 if we_deal else 1, i, j])


def code_version() -> str:
    """The stamp of the code that decides Five Hundred's figures (``analyzer.stamp``: the
    game's folder, the trick engine, the dealing): a cached table of other code is never
    used."""
    return _code_version()


@lru_cache(maxsize=None)
def _code_version() -> str:
    from ...stamp import stamp
    return stamp("five-hundred")["stamp"]


def cache_dir() -> str:
    """``$ANALYZER_CACHE``, else ``$XDG_CACHE_HOME/analyzer``, else ``~/.cache/analyzer``."""
    base = os.environ.get("ANALYZER_CACHE")
    if base:
        return base
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return os.path.join(home, "analyzer")


def cache_path(options: Options, deals: int, seed: int, cap: int = DEFAULT_CAP) -> tuple[str, str]:
    """(file, key) of the cached table for these inputs and this code version."""
    key = json.dumps({"code": code_version(), "options": asdict(options), "deals": int(deals),
                      "seed": int(seed), "cap": int(cap), "grid_lo": GRID_LO, "step": STEP,
                      "tol": TOLERANCE}, sort_keys=True)
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    return os.path.join(cache_dir(), "five-hundred-equity", f"{name}.npz"), key


def equity_table(options: Options = Options(), deals: int | None = None, seed: int = 0,
                 threads: int | None = None, progress: bool = False, cap: int = DEFAULT_CAP) -> EquityTable:
    """The equity table for these rules from ``deals`` self-play deals (DEFAULT_DEALS)
    with ``seed``.

    Read from the on-disk cache when this (options, deals, seed, cap, code version) was
    built before; else the deals are played (``selfplay.deal_outcomes``), the chain solved,
    and the table written to the cache (atomically: a temporary file, then ``os.replace``).
    Ctrl-C raises ``errors.Interrupted`` (nothing is cached; the played chunks are kept
    for --resume where a ledger is in use).
    """
    deals = DEFAULT_DEALS if deals is None else int(deals)
    path, key = cache_path(options, deals, seed, cap)
    hit = _read_cache(path, key, options, seed, cap)
    if hit is not None:
        return hit
    from .selfplay import deal_outcomes

    start = time.perf_counter()
    counts, thrown, n = deal_outcomes(deals, seed, options, threads=threads, progress=progress)
    counts = np.asarray(counts, np.int64)
    if int(counts.sum()) + int(thrown) != int(n):
        raise ValueError(f"deal_outcomes counted {int(counts.sum()) + int(thrown)} deals but reports {n}")
    dp_start = time.perf_counter()
    p, sweeps, _ = solve_outcomes(outcome_table(counts, thrown), options.defend_cap, cap)
    end = time.perf_counter()
    table = EquityTable(p, cap, counts, int(thrown), int(n), int(seed), options, end - start,
                        end - dp_start, sweeps)
    try:
        _write_cache(path, key, table)
        table.path = path
    except OSError as err:
        table.notes.append(f"could not write the cache {path}: {err.strerror or err}")
    return table


def _read_cache(path: str, key: str, options: Options, seed: int, cap: int) -> EquityTable | None:
    try:
        with np.load(path, allow_pickle=False) as f:
            if str(f["key"]) != key:
                return None
            return EquityTable(f["p"], cap, f["counts"], int(f["thrown"]), int(f["deals"]), int(seed),
                               options, float(f["build_seconds"]), float(f["dp_seconds"]),
                               int(f["sweeps"]), path, True)
    except (OSError, KeyError, ValueError, EOFError):   # absent, unreadable or damaged: rebuild
        return None


def _write_cache(path: str, key: str, table: EquityTable):
    save_npz(path, CACHE_KEEP, key=np.array(key), p=table.p, counts=table.counts, thrown=table.thrown,
             deals=table.deals, build_seconds=table.build_seconds, dp_seconds=table.dp_seconds, sweeps=table.sweeps)


def save_npz(path: str, keep: int | None = None, **arrays):
    """Write ``arrays`` to the cache file ``path`` (its folder made) atomically: a
    temporary file, then a rename, so a reader never sees half a table.  With ``keep``,
    only the ``keep`` most recently written tables of the folder stay (``_prune``)."""
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, **arrays)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    if keep is not None:
        _prune(folder, keep)


def _prune(folder: str, keep: int):
    """Keep the ``keep`` most recently written tables (older versions and options go)."""
    try:
        files = sorted((e for e in os.scandir(folder) if e.name.endswith(".npz")),
                       key=lambda e: e.stat().st_mtime, reverse=True)
        for entry in files[keep:]:
            os.unlink(entry.path)
    except OSError:
        pass


# ----------------------------------------------------------------------------- the question
def neighbourhood(table: EquityTable, us: int, them: int, we_deal: bool,
                  radius: int = NEIGHBOURHOOD[0], step: int = NEIGHBOURHOOD[1]):
    """P(win) around (us, them): a DataFrame, rows our score, columns theirs (scores
    within −490..cap only)."""
    import pandas as pd

    offsets = range(-radius, radius + 1, step)
    rows = [us + o for o in offsets if GRID_LO <= us + o <= table.cap]
    cols = [them + o for o in offsets if GRID_LO <= them + o <= table.cap]
    vals = [[win_probability(r, c, we_deal, table) for c in cols] for r in rows]
    return pd.DataFrame(vals, index=pd.Index(rows, name="us"), columns=pd.Index(cols, name="them"))


def equity(score: str = "380:440", dealer: str | None = None, deals: int | None = None,
           seed: int | None = None, threads: int | None = None, rules: list[str] | None = None,
           progress: bool = False):
    """P(we win the game) at ``score`` ("US:THEM") with our side (``dealer="us"``) or
    theirs dealing next, or both (None), from the equity table of ``deals`` self-play
    deals (default DEFAULT_DEALS, 10,000,000) with ``seed``.  The Answer's table has one row per dealer;
    meta holds a neighbourhood grid (our score ±100 against theirs ±100, steps of 50),
    the deal-outcome basics and the cache file.  There is no action to choose: ``best``
    is empty.
    """
    from ...answer import Answer
    from ...validate import check_run
    import pandas as pd

    us, them = parse_score(score)
    we_deal = parse_dealer(dealer)
    deals = DEFAULT_DEALS if deals is None else deals
    check_run(deals, seed, threads)
    seed = 0 if seed is None else int(seed)
    options = Options.parse(rules)
    table = equity_table(options, deals, seed, threads, progress)

    dealers = [True, False] if we_deal is None else [we_deal]
    rows = [{"dealer": "us" if d else "them", "we_deal": d, "us": us, "them": them,
             "p_win": win_probability(us, them, d, table)} for d in dealers]
    frame = pd.DataFrame(rows)
    near = {("us" if d else "them"): neighbourhood(table, us, them, d) for d in dealers}
    out = table.outcomes
    dealer_pts, other_pts = out.mean_points()
    meta = {
        "score": f"{us}:{them}", "us": us, "them": them,
        "dealer": None if we_deal is None else ("us" if we_deal else "them"),
        "deals": table.deals, "seed": seed, "rules": asdict(options), "cap": table.cap,
        "cache": table.path, "cached": table.cached, "build_seconds": table.build_seconds,
        "p_thrown": out.p_thrown, "p_dealer_contracts": out.p_dealer_contracts,
        "mean_points_dealer_side": dealer_pts, "mean_points_other_side": other_pts,
        "neighbourhood": {d: {"us": [int(x) for x in f.index], "them": [int(x) for x in f.columns],
                              "p_win": [[float(v) for v in r] for r in f.to_numpy()]}
                          for d, f in near.items()},
    }
    said = ", ".join(f"{percent(r['p_win'])} if {'we' if r['we_deal'] else 'they'} deal next"
                     for r in rows)
    notes = list(table.notes)
    notes.append("P(win) is for self-play by the bidding and play policy, which ignores the score")
    if max(us, them) > table.cap:
        notes.append(f"a score above {table.cap} is treated as {table.cap}")
    return Answer("five-hundred", "equity", frame, "", f"P(win the game) at {us}:{them}: {said}",
                  meta, {"neighbourhood": near, "table": table}, notes)
