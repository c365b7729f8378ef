"""The game of Five Hundred at 2, 3, 5 and 6 players: P(win) from the score.

Scores are kept by **scoring units**: each player at 2, 3 and 5 players, the two teams of
three six-handed (``six_teams=threes``), the three teams of two (``pairs``).  A seat's
unit is ``seat % units`` at every table (``units``).  A deal's points (``scoring``): the
contractor's unit -- and at five players his partner's, who scores the contract too --
gets the contract's value or loses it; every other unit scores 10 for each trick it
took itself (nothing in misère).  So the defenders' split of the tricks matters, and the
play-outs record who took each trick (``play.TR_WINNER``).

The game (rules file, "Game", read for more than two units): only a unit whose side made
the contract can win by reaching 500 (``equity`` for the rest: defensive points are
always added, option ``defend_cap``); a unit at −500 or below loses and the game ends
there, won by the highest of the other totals (shared on a tie).  With two units that is
the four-handed game's rule exactly.

The deal's outcome under the bidding and play policies does not depend on the score,
so self-play deals at that table (``selfplay_table_chunk``, the dealer rotating) give its
distribution, relative to the dealer: the contractor's offset, the partner's (five
players), the contract and the tricks of every unit.

- **Two units** (2 players; 6 in teams of three): the outcome is the four-handed game's
  (the dealer's side or the other contracts, points, defence), so the same exact
  Markov chain (``equity.solve_outcomes``) gives P(win) of every state.
- **Three or more units** (3 players; 5; 6 in pairs): the state (one score per unit and
  the dealer) is too large for the chain (a grid of ~200 scores per unit), so P(win)
  after a deal is estimated by playing ``n_games`` games on from it, each deal drawn from
  the self-play distribution (``p_win_mc``).  That estimate is unbiased for the same
  distribution, and the bid question's interval includes its noise: each simulated deal
  carries its own continuations (``here_chunk``), the same ones for every call
  (common random numbers).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict, dataclass, field

import numpy as np
from numba import njit

from ...bits import low_index
from ...errors import InputError
from ...sim.deal import _deal_into
from ...sim.question import Plan
from ...sim.rng import next_u64, seed_key, stream_key
from .auction import (NO_SEAT, contract_of, default_policy, feature_masks, finish_auction,
                      ladder_tables, start_table, valuation)
from .bidding import ALL_CONTRACTS
from .deck import HAND_SIZE, KITTY_SIZE, N_TRICKS, Table
from .equity import (DEFAULT_CAP, LOSE_LINE, WIN_LINE, check_score, code_version, outcome_table,
                     save_npz, solve_outcomes)
from .play import KIND_OPEN_MISERE, TR_WINNER, play_deal_table
from .rules import MISERE, Options, rule_tables, sides_rule
from .scoring import score_deal
from .selfplay import contract_sides_table, table_buffers

DEFAULT_DEALS = 2_000_000      # self-play deals behind a table's outcome distribution
DEFAULT_GAMES = 64             # continuations a simulated deal (three or more units)
MAX_GAME_DEALS = 4000          # a continuation longer than this counts as unfinished
BASE = N_TRICKS + 1            # unit tricks encoded in base 11
# ``msc`` (int64), the bid question's score at a table of three or more units
M_ON, M_UNITS, M_ME, M_NEXT, M_GAMES, M_DEFEND_CAP = range(6)
M_TOT = 6                      # M_TOT + u: unit u's score (units by seat % units)
M_SIZE = M_TOT + 6
PLAN = Plan("Five Hundred", {"heuristic": DEFAULT_DEALS}, chunk_size={"heuristic": 32_768},
            desc={"heuristic": "self-play"})


def units(players: int, options: Options = Options()) -> int:
    """How many scoring units keep a score at this table."""
    if players in (2, 3, 5):
        return players
    if players == 4:
        return 2
    return 2 if options.six_teams == "threes" else 3


def unit_names(tab: Table, options: Options, asker: int) -> list[str]:
    """The units in ``--score`` order: the asker's, then on round to his left."""
    n = units(tab.players, options)
    names = []
    for j in range(n):
        seats = [tab.seat_names[s] for s in range(tab.n_seats) if s % n == (asker + j) % n]
        names.append("+".join(seats))
    return names


def parse_scores(text: str, n: int) -> list[int]:
    """``--score`` at a table of ``n`` units: ``n`` scores separated by ':', yours first,
    then the units on round to your left (InputError otherwise)."""
    parts = (text or "").split(":")
    if len(parts) != n:
        raise InputError(f"--score takes {n} scores at this table, yours first then on round to your left "
                         f"({':'.join(['0'] * n)}), not {text!r}")
    out = []
    for k, part in enumerate(parts):
        try:
            value = int(part.strip())
        except ValueError:
            raise InputError(f"--score: {part.strip()!r} is not a whole number of points") from None
        out.append(check_score(value, "your score" if k == 0 else f"score {k + 1}"))
    return out


def compositions(n_units: int) -> tuple[np.ndarray, np.ndarray]:
    """(rank_of, vectors): every way ``n_units`` units take the ten tricks, ``vectors[r]``
    the tricks of each, and ``rank_of[code]`` its row for the base-11 ``code``."""
    vecs = []

    def rec(prefix, left, k):
        if k == 1:
            vecs.append(prefix + [left])
            return
        for t in range(left + 1):
            rec(prefix + [t], left - t, k - 1)

    rec([], N_TRICKS, n_units)
    vectors = np.array(vecs, np.int64)
    rank_of = np.full(BASE ** n_units, -1, np.int64)
    for r, v in enumerate(vectors):
        rank_of[int(sum(int(t) * BASE ** j for j, t in enumerate(v)))] = r
    return rank_of, vectors


# ----------------------------------------------------------------------------- kernels
@njit(cache=True, forceinline=True)
def unit_tricks(trace, n_seats, n_units, base_seat, out):
    """``out[j]``: the tricks of unit ``(base_seat + j) % n_units`` in a recorded play-out
    (the first row of each trick carries its winner)."""
    out[:] = 0
    for r in range(trace.shape[0]):
        t = trace[r, 0]
        if t < 0:
            break
        if r == 0 or trace[r - 1, 0] != t:
            out[(trace[r, TR_WINNER] - base_seat + n_seats) % n_units] += 1


@njit(cache=True, nogil=True)
def selfplay_table_chunk(key0, start, n, pool, counts, lad, acfg, pols, tables, byte_tables, fm, n_seats, sides,
                         n_units, rank_of, out):
    """Self-play deals ``start..start+n-1`` at a table of ``n_seats`` (the dealer seat
    ``(start + i) % n_seats``; the auction by ``pols``, the heuristic players).
    ``out[d, p, c, r] += 1``: the contractor sat ``d`` seats left of the dealer, his
    partner (five players) ``p`` seats left of him (0: none), he played ladder contract
    ``c`` and the units took the tricks of composition ``r`` (relative to the dealer's
    unit, ``compositions``); ``out[0, 0, 0, -1]``: deals thrown in.  No solver is linked
    in (a short compile)."""
    buf, fixed, deal, hands, lay, vals, st, trace, work = table_buffers(pool, counts, n_seats, tables)
    ut = np.zeros(n_units, np.int64)
    thrown = out.shape[3] - 1
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        for s in range(n_seats):
            hands[s] = deal[1 + s]
            valuation(hands[s], fm, pols[s], vals[s])
        dealer = (start + i) % n_seats
        start_table(st, dealer, n_seats, sides)
        d, c = finish_auction(vals, st, lad, acfg, pols)
        if d == NO_SEAT:
            out[0, 0, 0, thrown] += 1
            continue
        kind, strain, k, _, side = contract_sides_table(hands, deal[0], n_seats, sides, d, c, lad, byte_tables, lay,
                                                        tables)
        play_deal_table(tables[strain], lay, k, n_seats, sides, d, kind >= MISERE, kind == KIND_OPEN_MISERE, trace,
                        True, work)
        unit_tricks(trace, n_seats, n_units, dealer, ut)
        code = 0
        mult = 1
        for j in range(n_units):
            code += ut[j] * mult
            mult *= BASE
        p = 0
        partner = np.uint64(side) & ~(np.uint64(1) << np.uint64(d))
        if out.shape[1] > 1 and partner != 0:
            p = (low_index(partner) - d + n_seats) % n_seats
        out[(d - dealer + n_seats) % n_seats, p, c, rank_of[code]] += 1


@njit(cache=True, forceinline=True)
def end_of_deal(tot, n_units, side_units, made, me):
    """After a deal's points are in ``tot``: -1.0 when the game goes on, else ``me``'s
    share of the win (1 or 0; a tie for the best total after a back-door loss shares)."""
    if made:
        won = 0
        for u in range(n_units):
            if (side_units >> u) & 1 and tot[u] >= WIN_LINE:
                won |= 1 << u
        if won:
            return 1.0 if (won >> me) & 1 else 0.0
    out = 0
    for u in range(n_units):
        if tot[u] <= LOSE_LINE:
            out |= 1 << u
    if out == 0:
        return -1.0
    if (out >> me) & 1:
        return 0.0
    best = tot[me]
    for u in range(n_units):
        if not (out >> u) & 1 and tot[u] > best:
            return 0.0
    ties = 0
    for u in range(n_units):
        if not (out >> u) & 1 and tot[u] == best:
            ties += 1
    return 1.0 / ties


@njit(cache=True, forceinline=True)
def add_deal(tot, n_units, base_unit, delta, side_rel, defend_cap):
    """Add one deal's points, ``delta[j]`` for unit ``(base_unit + j) % n_units``; the
    units of ``side_rel`` (relative mask) contracted, the others defended (a defending
    unit at or above ``defend_cap`` scores nothing).  Returns the side as a unit mask."""
    side = 0
    for j in range(n_units):
        u = (base_unit + j) % n_units
        if (side_rel >> j) & 1:
            tot[u] += delta[j]
            side |= 1 << u
        elif tot[u] < defend_cap:
            tot[u] += delta[j]
    return side


@njit(cache=True, nogil=True)
def p_win_mc(cum, o_delta, o_side, o_made, n_units, n_seats, tot0, dealer, me, n_games, key, defend_cap, tot):
    """My unit's P(win) from the totals ``tot0`` with seat ``dealer`` to deal next,
    estimated by ``n_games`` games played on, each deal's outcome drawn from the
    distribution (``cum``: cumulative counts; ``o_delta[o, j]`` the points of unit
    ``dealer + j``, ``o_side[o]`` the contracting units (relative mask), ``o_made[o]``).
    ``tot`` is scratch (n_units).  Returns (P(win), continuations unfinished after
    MAX_GAME_DEALS deals, counted as a 1/n_units share)."""
    total_count = np.uint64(cum[cum.shape[0] - 1])
    acc = 0.0
    unfinished = 0
    for g in range(n_games):
        for u in range(n_units):
            tot[u] = tot0[u]
        d = dealer
        state = stream_key(key, g)
        res = -1.0
        for _ in range(MAX_GAME_DEALS):
            state, bits = next_u64(state)
            x = np.int64(bits % total_count)
            lo = 0
            hi = cum.shape[0] - 1
            while lo < hi:
                mid = (lo + hi) // 2
                if cum[mid] > x:
                    hi = mid
                else:
                    lo = mid + 1
            side = add_deal(tot, n_units, d % n_units, o_delta[lo], o_side[lo], defend_cap)
            res = end_of_deal(tot, n_units, side, o_made[lo], me)
            if res >= 0.0:
                break
            d = (d + 1) % n_seats
        if res < 0.0:
            unfinished += 1
            res = 1.0 / n_units
        acc += res
    return acc / n_games, unfinished


# ----------------------------------------------------------------------------- the table
@dataclass
class TableGame:
    """A table's outcome distribution and what P(win) is computed from."""

    players: int
    options: Options
    n_units: int
    hist: np.ndarray               # selfplay_table_chunk's counts
    deals: int
    seed: int
    build_seconds: float
    p: np.ndarray | None = None    # two units: the exact table P[d, i, j] (``equity``)
    cap: int = DEFAULT_CAP
    cum: np.ndarray | None = None  # three or more units: the outcomes, merged
    o_delta: np.ndarray | None = None
    o_side: np.ndarray | None = None
    o_made: np.ndarray | None = None
    path: str | None = None
    cached: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def thrown(self) -> int:
        return thrown_in(self.hist)


def thrown_in(hist) -> int:
    """The deals thrown in (all passed) among the self-play counts ``hist``."""
    return int(hist[0, 0, 0, -1])


def _outcomes(hist, players, options, n_units):
    """Merge the self-play counts into (cum, delta, side, made) relative to the dealer,
    the deals thrown in an outcome of no points."""
    _, vectors = compositions(n_units)
    merged: dict[tuple, int] = {}
    for d, p, c, r in zip(*np.nonzero(hist[..., :-1])):
        count = int(hist[d, p, c, r])
        contract = contract_of(int(c), options)
        ut = vectors[r]
        side_units = {int(d) % n_units} | ({(int(d) + int(p)) % n_units} if p else set())
        side_tricks = int(sum(ut[j] for j in side_units))
        pts, _ = score_deal(contract, side_tricks)
        made = side_tricks == 0 if contract.is_misere else side_tricks >= contract.level
        delta = tuple(pts if j in side_units else (0 if contract.is_misere else 10 * int(ut[j]))
                      for j in range(n_units))
        key = (delta, sum(1 << j for j in side_units), int(made))
        merged[key] = merged.get(key, 0) + count
    thrown = thrown_in(hist)
    if thrown:
        key = ((0,) * n_units, 0, 0)
        merged[key] = merged.get(key, 0) + thrown
    if not any(k[2] for k in merged):
        raise ValueError("no contract is ever made in self-play: nobody can reach 500")
    keys = sorted(merged)
    cum = np.cumsum(np.array([merged[k] for k in keys], np.int64))
    delta = np.array([k[0] for k in keys], np.int64).reshape(len(keys), n_units)
    side = np.array([k[1] for k in keys], np.int64)
    made = np.array([k[2] for k in keys], np.bool_)
    return cum, delta, side, made


def _two_unit_counts(hist, options):
    """The four-handed chain's counts (``equity.outcome_table``) from a two-unit table:
    ``counts[side, c, t]``, side 0 the dealer's unit."""
    _, vectors = compositions(2)
    counts = np.zeros((2, len(ALL_CONTRACTS), N_TRICKS + 1), np.int64)
    for d, p, c, r in zip(*np.nonzero(hist[..., :-1])):
        side = int(d) % 2
        counts[side, ALL_CONTRACTS.index(contract_of(int(c), options)), vectors[r][side]] += int(hist[d, p, c, r])
    return counts


def _cache_path(players, options, deals, seed):
    from .equity import cache_dir
    key = json.dumps({"code": code_version(), "players": int(players), "options": asdict(options),
                      "deals": int(deals), "seed": int(seed)}, sort_keys=True)
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    return os.path.join(cache_dir(), "five-hundred-tables", f"{name}.npz"), key


def table_game(tab: Table, options: Options = Options(), deals: int | None = None, seed: int = 0,
               threads: int | None = None, progress: bool = False) -> TableGame:
    """The outcome distribution of ``tab`` from ``deals`` self-play deals (read from the
    on-disk cache when built before with the same code), and for two units the exact
    equity table."""
    deals = DEFAULT_DEALS if deals is None else int(deals)
    n_units = units(tab.players, options)
    path, key = _cache_path(tab.players, options, deals, seed)
    hist = p = None
    cached = False
    build = 0.0
    try:
        with np.load(path, allow_pickle=False) as f:
            if str(f["key"]) == key:
                hist, build, cached = f["hist"], float(f["build_seconds"]), True
                p = f["p"] if "p" in f.files else None
    except (OSError, KeyError, ValueError, EOFError):
        pass
    notes = []
    write = hist is None
    if hist is None:
        start = time.perf_counter()
        hist = _self_play(tab, options, deals, seed, threads, progress, n_units)
        build = time.perf_counter() - start
    if n_units == 2 and p is None:     # the exact table, solved once and kept with the counts
        p, _, _ = solve_outcomes(outcome_table(_two_unit_counts(hist, options), thrown_in(hist)),
                                 options.defend_cap, DEFAULT_CAP)
        write = True
    if write:
        try:
            _write(path, key, hist, build, p)
        except OSError as err:
            notes.append(f"could not write the cache {path}: {err.strerror or err}")
            path = None
    game = TableGame(tab.players, options, n_units, hist, int(hist.sum()), seed, build, path=path, cached=cached,
                     notes=notes)
    if n_units == 2:
        game.p = p
    else:
        game.cum, game.o_delta, game.o_side, game.o_made = _outcomes(hist, tab.players, options, n_units)
    return game


def _self_play(tab, options, deals, seed, threads, progress, n_units):
    from .questions import byte_tables
    lad, acfg = ladder_tables(options)
    pols = np.tile(default_policy(tab.players), (tab.n_seats, 1))
    tables = rule_tables(options, tab)
    bts = byte_tables(tab)
    fm = feature_masks(tab)
    pool = np.arange(tab.deck.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * (tab.n_seats + tab.dead_hands), np.int64)
    rank_of, vectors = compositions(n_units)
    shape = (tab.n_seats, tab.n_seats if tab.players == 5 else 1, lad.shape[1], len(vectors) + 1)
    key0 = seed_key(seed)
    sides = np.int64(sides_rule(tab.players, options))

    def chunk(start, n):
        out = np.zeros(shape, np.int64)
        if n:
            selfplay_table_chunk(key0, np.int64(start), np.int64(n), pool, counts, lad, acfg, pols, tables, bts,
                                 fm, np.int64(tab.n_seats), sides, np.int64(n_units), rank_of, out)
        return out

    return PLAN.run(chunk, deals, "heuristic", threads, progress).stats


def _write(path, key, hist, build, p=None):
    extra = {} if p is None else {"p": p}
    save_npz(path, key=np.array(key), hist=hist, build_seconds=build, **extra)

