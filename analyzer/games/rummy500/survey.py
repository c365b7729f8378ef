"""Rummy 500 survey (``analyzer report rummy500``): what taking the pile is worth, how long
hands last, and strategy tournaments, from self-play.

Deal number ``i`` gives one hand of ``PLAYER_COUNTS[i mod 6]`` players (default rules; two
decks from 6), every seat played by ``SURVEY_STRATEGY``.  The hand is played to a random
turn T (1..``T_MAX``, from the deal's stream); if it is still going, the player to draw
there is the one classified: the stock and every pile depth he could take (the deepest
card usable at once when that is a duty; at most ``K_MAX`` cards) are each played out to
the end of the hand from the same state and the same random stream (common random
numbers), and the paired gain of each take over the stock draw, in his hand score and in
his margin over the best opponent, is added to a joint histogram over

- players (2 3 4 5 6 8), cards taken (1 .. 9, 10+), how the deepest card is used (``kind``:
  kept, a set, a run, a lay-off), the stock left (0-4, 5-9, 10-19, 20+) and the hand size
  before the draw (1-3, 4-6, 7-9, 10-13, 14+),

so every breakdown is a marginal.  The hand as the policy plays it (its own choice at T)
gives the hand's length in turns.  Every 8th deal number also plays one whole game to 500
for 2, 4 or 8 players (in turn) between greedy, holder, piler and random, seated in
rotation.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...sim.layout import StatsLayout
from ...sim.rng import seed_key, stream_key
from ...sim.runner import run_chunks
from ...stats import Z95, moments_mean_se, wilson
from . import play as P
from .melds import (
    MAX_ROWS,
    R_KIND,
    RES_OK,
    RES_ROWS,
    ROW_LAY_RUN,
    ROW_LAY_SET,
    ROW_RUN,
    ROW_SET,
    best_arrangement,
)
from .rules import F_SINGLE_DUTY, MAX_HANDS, TARGET, Options
from .strategies import (
    DRAW_POLICY,
    DRAW_STOCK,
    NODE_LIMIT,
    choose_draw,
    parse_strategy,
    rand_below,
    row_holds,
)

PLAYER_COUNTS = (2, 3, 4, 5, 6, 8)
TOURNAMENT_PLAYERS = (2, 4, 8)
TOURNAMENT_STRATEGIES = ("greedy", "holder", "piler", "random")
SURVEY_STRATEGY = "holder"
T_MAX = 16           # the branch turn is drawn from 1..T_MAX
K_MAX = 10           # most cards taken from the pile at a branch (the last bin is 10+)
KINDS = ("kept", "set", "run", "lay-off")
PHASES = ("0-4", "5-9", "10-19", "20+")
HAND_BINS = ("1-3", "4-6", "7-9", "10-13", "14+")
TURN_BINS = 121      # hand length in turns, 120 = 120 or more
GAME_EVERY = 8
N_TAKE = 7
(T_N, T_GAIN, T_GAIN2, T_MARGIN, T_MARGIN2, T_POS, T_POLICY) = range(N_TAKE)
N_BRANCH = 6
(B_DEALS, B_ENDED, B_BRANCHED, B_NO_STOCK, B_POLICY_PILE, B_ERR) = range(N_BRANCH)
CHUNK = 1024

CELL_SHAPE = (len(PLAYER_COUNTS), K_MAX, len(KINDS), len(PHASES), len(HAND_BINS))
FEATURES = ("players", "cards", "kind", "phase", "hand")
LABELS = {"players": PLAYER_COUNTS, "cards": tuple(str(k) for k in range(1, K_MAX)) + (f"{K_MAX}+",),
          "kind": KINDS, "phase": PHASES, "hand": HAND_BINS}
LAYOUT = StatsLayout(take=CELL_SHAPE + (N_TAKE,), branch=(len(PLAYER_COUNTS), N_BRANCH),
                     turns=(len(PLAYER_COUNTS), TURN_BINS),
                     games=(len(TOURNAMENT_PLAYERS), len(TOURNAMENT_STRATEGIES), P.GAME_STATS),
                     gglob=(len(TOURNAMENT_PLAYERS), P.N_GAME_GLOBAL))


@njit(cache=True, nogil=True)
def _phase(nstock):
    return 0 if nstock < 5 else (1 if nstock < 10 else (2 if nstock < 20 else 3))


@njit(cache=True, nogil=True)
def _hand_bin(n):
    return 0 if n <= 3 else (1 if n <= 6 else (2 if n <= 9 else (3 if n <= 13 else 4)))


@njit(cache=True, nogil=True)
def _use_kind(rows, nrows, must):
    """How the arrangement uses card ``must``: 1 a new set, 2 a new run, 3 a lay-off."""
    for i in range(nrows):
        if row_holds(rows, i, must):
            k = rows[i, R_KIND]
            if k == ROW_SET:
                return 1
            if k == ROW_RUN:
                return 2
            if k == ROW_LAY_SET or k == ROW_LAY_RUN:
                return 3
    return 0


@njit(cache=True, nogil=True)
def survey_chunk(key0, start, n, deck1, deck2, flags, sp8, vals, sp_t, seat_t, n_rot_t, take, branch, turns, games,
                 gglob, t_hands, t_nheld, t_stock, t_pile, t_pile_cnt, t_tab, t_pts, t_sv, hands, nheld, stock, pile,
                 pile_cnt, tab, pts, sv, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res, tmp, opts, rng):
    n_counts = len(PLAYER_COUNTS)
    opt_val = np.zeros(K_MAX + 3, np.int64)
    opt_kind = np.zeros(K_MAX + 3, np.int64)
    score = np.zeros(K_MAX + 3, np.int64)
    margin = np.zeros(K_MAX + 3, np.int64)
    hs = np.zeros(P.MAX_PLAYERS, np.int64)
    kinds = np.zeros(P.MAX_PLAYERS, np.int64)
    sp = np.zeros((P.MAX_PLAYERS, sp_t.shape[1]), np.float64)
    gscores = np.zeros(P.MAX_PLAYERS, np.int64)
    hand_pts = np.zeros(3 * P.MAX_PLAYERS, np.int64)
    for i in range(start, start + n):
        pi = i % n_counts
        np_ = PLAYER_COUNTS[pi]
        deck = deck2 if np_ >= 6 else deck1
        hand_size = 13 if np_ == 2 else 7
        key = stream_key(key0, i)
        rng[0] = key
        br = branch[pi]
        br[B_DEALS] += 1
        P.deal(deck, np_, hand_size, flags, hands, nheld, stock, pile, pile_cnt, tab, pts, sv, rng)
        t_branch = 1 + rand_below(rng, np.int64(T_MAX))
        sv[P.SV_STOP] = t_branch - 1
        first = (i // n_counts) % np_
        if t_branch > 1:
            P.play_hand(first, np.int64(P.FIRST_DRAW), np.int64(DRAW_POLICY), hands, nheld, stock, pile, pile_cnt,
                        tab, pts, sv, kinds, sp8, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res,
                        tmp, opts, rng)
            who = sv[P.SV_NEXT]
        else:
            who = first
        br[B_ERR] += sv[P.SV_ERR]
        if sv[P.SV_END] != P.END_NONE:
            br[B_ENDED] += 1
            turns[pi, min(sv[P.SV_TURNS], TURN_BINS - 1)] += 1
        else:
            br[B_BRANCHED] += 1
            npile = sv[P.SV_NPILE]
            nstock = sv[P.SV_NSTOCK]
            phase = _phase(nstock)
            hbin = _hand_bin(nheld[who])
            # the options: the stock, each usable depth, and the policy's own choice
            n_opt = 0
            if nstock > 0:
                opt_val[0] = DRAW_STOCK
                opt_kind[0] = -1
                n_opt = 1
            else:
                br[B_NO_STOCK] += 1
            for d in range(npile - 1, max(-1, npile - 1 - K_MAX), -1):
                for b in range(64):
                    tmp[0, b] = hands[who, b]
                for j in range(d, npile):
                    tmp[0, pile[j]] += 1
                duty = (npile - d >= 2) or (flags & F_SINGLE_DUTY) != 0 or nheld[who] == 0 or nstock == 0
                must = pile[d] if duty else -1
                best_arrangement(tmp[0], tab, sv[P.SV_NTAB], vals, must, NODE_LIMIT, rows[:MAX_ROWS], res, ws_ops,
                                 ws_frames, ws_path, work, scratch)
                if duty and not res[RES_OK]:
                    continue
                opt_val[n_opt] = d
                kind = 0
                if res[RES_OK]:
                    kind = _use_kind(rows, res[RES_ROWS], pile[d])
                opt_kind[n_opt] = kind
                n_opt += 1
            pol, tr = choose_draw(who, hands, nheld, pile, npile, nstock, tab, sv[P.SV_NTAB], vals, flags, sp8, rng,
                                  ws_ops, ws_frames, ws_path, work, scratch, rows0, rows[MAX_ROWS:], res,
                                  tmp[0], opts, np.int64(-1))
            pol_index = -1
            for o in range(n_opt):
                if opt_val[o] == pol:
                    pol_index = o
            if pol_index < 0:
                opt_val[n_opt] = pol
                opt_kind[n_opt] = -2
                pol_index = n_opt
                n_opt += 1
            if pol >= 0:
                br[B_POLICY_PILE] += 1
            P._copy_board(hands, nheld, stock, pile, pile_cnt, tab, sv, t_hands, t_nheld, t_stock, t_pile,
                          t_pile_cnt, t_tab, t_pts, t_sv)
            for p in range(np_):
                t_pts[p] = pts[p]
            play_state = rng[0]
            for o in range(n_opt):
                P._copy_board(t_hands, t_nheld, t_stock, t_pile, t_pile_cnt, t_tab, t_sv, hands, nheld, stock, pile,
                              pile_cnt, tab, pts, sv)
                for p in range(np_):
                    pts[p] = t_pts[p]
                sv[P.SV_STOP] = 0
                rng[0] = play_state
                P.play_hand(who, np.int64(P.FIRST_DRAW), opt_val[o], hands, nheld, stock, pile, pile_cnt, tab, pts,
                            sv, kinds, sp8, vals, ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res, tmp,
                            opts, rng)
                br[B_ERR] += sv[P.SV_ERR]
                P.hand_scores(hands, pts, np_, vals, hs)
                best_other = -(1 << 30)
                for p in range(np_):
                    if p != who:
                        best_other = max(best_other, hs[p])
                score[o] = hs[who]
                margin[o] = hs[who] - best_other
                if o == pol_index:
                    turns[pi, min(sv[P.SV_TURNS], TURN_BINS - 1)] += 1
            if nstock > 0:
                for o in range(1, n_opt):
                    if opt_kind[o] == -2:
                        continue
                    k = min(npile - opt_val[o], K_MAX) - 1
                    cell = take[pi, k, opt_kind[o], phase, hbin]
                    g = score[o] - score[0]
                    mg = margin[o] - margin[0]
                    cell[T_N] += 1
                    cell[T_GAIN] += g
                    cell[T_GAIN2] += g * g
                    cell[T_MARGIN] += mg
                    cell[T_MARGIN2] += mg * mg
                    cell[T_POS] += g > 0
                    cell[T_POLICY] += o == pol_index
        # one tournament game every GAME_EVERY deal numbers, for 2, 4 or 8 players in turn
        if i % GAME_EVERY == 0:
            gi = i // GAME_EVERY
            ti = gi % len(TOURNAMENT_PLAYERS)
            gn = gi // len(TOURNAMENT_PLAYERS)
            tp = TOURNAMENT_PLAYERS[ti]
            tdeck = deck2 if tp >= 6 else deck1
            rot = gn % n_rot_t[ti]
            for p in range(tp):
                for k in range(sp_t.shape[1]):
                    sp[p, k] = sp_t[seat_t[ti, rot, p], k]
                gscores[p] = 0
            t_size = 13 if tp == 2 else 7
            dealer = (gn // n_rot_t[ti]) % tp
            w, nh, err, trunc = P.play_game(stream_key(key, 7), dealer, tp, tdeck, t_size, flags, kinds, sp, vals, np.int64(TARGET), np.int64(MAX_HANDS),
                                            gscores, hand_pts, hands, nheld, stock, pile, pile_cnt, tab, pts, sv,
                                            ws_ops, ws_frames, ws_path, work, scratch, rows, rows0, res, tmp, opts,
                                            rng)
            gg = gglob[ti]
            gg[P.GG_GAMES] += 1
            gg[P.GG_HANDS] += nh
            gg[P.GG_HANDS2] += nh * nh
            gg[P.GG_ERR] += err
            gg[P.GG_TRUNC] += trunc
            if w < 0:
                gg[P.GG_UNFINISHED] += 1
            for p in range(tp):
                k = seat_t[ti, rot, p]
                st = games[ti, k]
                st[P.S_SEATS] += 1
                st[P.S_HANDS] += nh
                st[P.S_POINTS] += hand_pts[p]
                st[P.S_POINTS2] += hand_pts[P.MAX_PLAYERS + p]
                st[P.S_OUT] += hand_pts[2 * P.MAX_PLAYERS + p]
                st[P.S_FINAL] += gscores[p]
                st[P.S_WINS] += w == p
                st[P.S_UNFINISHED] += w < 0
            for j in range(3 * P.MAX_PLAYERS):
                hand_pts[j] = 0


def run_survey(deals: int, seed: int = 0, threads=None, progress=False, on_chunk=None, skip=None, initial=None):
    """The survey's chunks (flat statistics in ``LAYOUT``)."""
    from .questions import seatings

    options = Options()
    deck1, deck2 = options.deck(2).cards(), options.deck(8).cards()
    sp8 = np.tile(parse_strategy(SURVEY_STRATEGY)[1], (P.MAX_PLAYERS, 1))
    sp_t = np.stack([parse_strategy(s)[1] for s in TOURNAMENT_STRATEGIES])
    seats = [seatings(len(TOURNAMENT_STRATEGIES), tp) for tp in TOURNAMENT_PLAYERS]
    n_rot = np.array([len(s) for s in seats], np.int64)
    seat_t = np.zeros((len(TOURNAMENT_PLAYERS), int(n_rot.max()), P.MAX_PLAYERS), np.int64)
    for ti, s in enumerate(seats):
        seat_t[ti, :len(s), :s.shape[1]] = s
    vals = options.values_table()
    key0 = seed_key(seed)
    flags = np.int64(options.flags)

    def chunk(start, n):
        flat = LAYOUT.zeros()
        if n:
            v = LAYOUT.unpack(flat)
            t, board = P.Board(), P.Board()
            survey_chunk(key0, np.int64(start), np.int64(n), deck1, deck2, flags, sp8, vals, sp_t, seat_t, n_rot,
                         v["take"], v["branch"], v["turns"], v["games"], v["gglob"],
                         t.hands, t.nheld, t.stock, t.pile, t.pile_cnt, t.tab, t.pts, t.sv, *board.arrays())
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=CHUNK, desc="hands",
                      skip=skip, initial=initial, on_chunk=on_chunk)


# ---------------------------------------------------------------------------- tables
def take_table(flat, by=("players", "cards"), min_deals: int = 0) -> pd.DataFrame:
    """The paired gain of taking the pile over drawing from the stock, by any of FEATURES:
    of the taker's own hand score (``gain``) and of his margin over the best opponent
    (``margin_gain``, which the ``verdict`` follows)."""
    from ...errors import InputError

    by = list(by)
    bad = [b for b in by if b not in FEATURES]
    if bad:
        raise InputError(f"unknown breakdown {', '.join(bad)} (choose from {', '.join(FEATURES)})")
    take = LAYOUT.view(np.asarray(flat), "take")
    keep = [FEATURES.index(b) for b in by]
    drop = tuple(a for a in range(len(FEATURES)) if a not in keep)
    grid = take.sum(axis=drop) if drop else take
    rows = []
    for idx in np.ndindex(*grid.shape[:-1]):
        c = grid[idx]
        n = int(c[T_N])
        if n == 0:
            continue
        gain, gain_se = moments_mean_se(n, float(c[T_GAIN]), float(c[T_GAIN2]))
        mg, mg_se = moments_mean_se(n, float(c[T_MARGIN]), float(c[T_MARGIN2]))
        lo, hi = wilson(c[T_POS], n)
        rec = {b: LABELS[b][i] for b, i in zip(by, idx)}
        rec.update({"deals": n, "gain": gain, "gain_se": gain_se, "gain_lo": gain - Z95 * gain_se,
                    "gain_hi": gain + Z95 * gain_se, "margin_gain": mg, "margin_gain_se": mg_se,
                    "p_better": c[T_POS] / n, "p_better_lo": float(lo), "p_better_hi": float(hi),
                    "p_policy_takes": c[T_POLICY] / n,
                    # by the margin over the best opponent: what wins, as the take question ranks
                    "verdict": ("take" if mg - Z95 * mg_se > 0 else "draw" if mg + Z95 * mg_se < 0
                                else "either"),
                    "note": "few deals" if n < min_deals else ""})
        rows.append(rec)
    return pd.DataFrame(rows)


def length_table(flat) -> pd.DataFrame:
    """P(the hand has ended by turn t), by player count, with Wilson intervals."""
    turns = LAYOUT.view(np.asarray(flat), "turns")
    rows = []
    for pi, np_ in enumerate(PLAYER_COUNTS):
        h = turns[pi]
        n = int(h.sum())
        if n == 0:
            continue
        cum = np.cumsum(h)
        mean = float((np.arange(TURN_BINS) * h).sum() / n)
        for t in range(1, TURN_BINS):
            lo, hi = wilson(cum[t], n)
            rows.append({"players": np_, "turn": t, "round": (t + np_ - 1) // np_, "hands": n,
                         "p_ended": cum[t] / n, "p_ended_lo": float(lo), "p_ended_hi": float(hi),
                         "mean_turns": mean})
            if cum[t] == n:
                break
    return pd.DataFrame(rows)


LENGTH_ROUNDS = (1, 2, 3, 4, 5, 6, 8, 10)


def length_summary(flat) -> pd.DataFrame:
    """Per player count: the mean length of a hand and P(it has ended by round r)."""
    lt = length_table(flat)
    rows = []
    for np_, sub in lt.groupby("players"):
        rec = {"players": int(np_), "hands": int(sub["hands"].iloc[0]), "mean_turns": float(sub["mean_turns"].iloc[0]),
               "mean_rounds": float(sub["mean_turns"].iloc[0]) / np_}
        for r in LENGTH_ROUNDS:
            last = sub[sub["turn"] <= r * np_]
            rec[f"p_by_round_{r}"] = float(last["p_ended"].iloc[-1]) if len(last) else 0.0
        rows.append(rec)
    return pd.DataFrame(rows)


def tournament_table(flat, players: int) -> pd.DataFrame:
    from .questions import strategy_rows

    games = LAYOUT.view(np.asarray(flat), "games")
    g = LAYOUT.view(np.asarray(flat), "gglob")[TOURNAMENT_PLAYERS.index(players)]
    hpg, hpg_se = moments_mean_se(int(g[P.GG_GAMES]), float(g[P.GG_HANDS]), float(g[P.GG_HANDS2]))
    st = games[TOURNAMENT_PLAYERS.index(players)]
    return pd.DataFrame(strategy_rows(TOURNAMENT_STRATEGIES, st, players, hpg, hpg_se))


def branch_table(flat) -> pd.DataFrame:
    br = LAYOUT.view(np.asarray(flat), "branch")
    rows = []
    for pi, np_ in enumerate(PLAYER_COUNTS):
        b = br[pi]
        rows.append({"players": np_, "deals": int(b[B_DEALS]), "ended_before_branch": int(b[B_ENDED]),
                     "branched": int(b[B_BRANCHED]), "stock_empty": int(b[B_NO_STOCK]),
                     "p_policy_takes_pile": b[B_POLICY_PILE] / b[B_BRANCHED] if b[B_BRANCHED] else np.nan,
                     "rule_violations": int(b[B_ERR])})
    return pd.DataFrame(rows)
