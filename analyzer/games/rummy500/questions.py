"""Rummy 500 questions: the best melds of a hand, take the pile or draw, which card to
throw, and strategy tournaments.  Each validates its input once, up front (one-line
``InputError`` messages), then runs kernels on plain arrays."""

from __future__ import annotations

from collections import Counter

from ...errors import InputError
from .deck import card_text, format_cards
from .melds import arrange, format_table, parse_table
from .rules import Options, check_players


def melds(hand: str, players: int = 4, table: str | None = None, rules=None) -> dict:
    """The best way to lay ``hand`` down (with lay-offs on ``table``'s melds)."""
    check_players(players)
    options = Options.parse(rules)
    deck = options.deck(players)
    bits = deck.parse(hand, "hand")
    if not bits:
        raise InputError("the hand is empty")
    tab, ntab, tcards = parse_table(table)
    deck.check_copies(Counter(bits) + Counter(tcards), "hand and the table")
    a = arrange(bits, tab, ntab, options.values_table())
    return {
        "game": "rummy500", "question": "melds",
        "hand": format_cards(bits), "players": players, "deck": deck.describe(),
        "table": format_table(tab, ntab),
        "melds": [m.cards for m in a.melds],
        "declared": [m.declared for m in a.melds],
        "meld_values": [m.value for m in a.melds],
        "layoffs": [{"onto": lay.onto, "cards": lay.cards, "declared": lay.declared, "value": lay.value}
                    for lay in a.layoffs],
        "melded_value": a.melded_value,
        "left": [card_text(b) for b in a.left],
        "left_value": a.left_value,
        "rules": options.as_dict(),
    }


# ============================================================================ simulation
import itertools  # noqa: E402

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from ...answer import Answer  # noqa: E402
from ...sim.layout import StatsLayout  # noqa: E402
from ...sim.question import Plan  # noqa: E402
from ...sim.rng import seed_key  # noqa: E402
from ...stats import moments_mean_se, wilson  # noqa: E402
from . import play as P  # noqa: E402
from .rules import MAX_HANDS, TARGET  # noqa: E402
from .strategies import parse_strategies  # noqa: E402

DEFAULT_GAMES = 2_000
GAMES_CHUNK = 128
TOURNAMENT_PLAN = Plan("Rummy 500", {"heuristic": DEFAULT_GAMES}, chunk_size={"heuristic": GAMES_CHUNK},
                       desc={"heuristic": "games"})


def seatings(n_strategies: int, players: int) -> np.ndarray:
    """Who sits where, game after game: with at least as many seats as strategies, seat j
    of rotation g plays strategy (j + g) mod k; with fewer seats, every choice of
    ``players`` strategies in every rotation.  Each strategy sits in every seat equally
    often over a cycle."""
    k = n_strategies
    if players >= k:
        return np.array([[(j + g) % k for j in range(players)] for g in range(k)], np.int64)
    rows = []
    for combo in itertools.combinations(range(k), players):
        for g in range(players):
            rows.append([combo[(j + g) % players] for j in range(players)])
    return np.array(rows, np.int64)


def _check_rules_players(rules, players):
    check_players(players)
    options = Options.parse(rules)
    options.check_players(players)
    return options


def simulate_games(strategies: list[tuple[str, np.ndarray]], players: int, games: int, seed: int,
                   options: Options, threads=None, progress=False):
    """Run ``games`` whole games; returns (RunResult, StatsLayout, seatings)."""
    seats = seatings(len(strategies), players)
    sp_all = np.stack([v for _, v in strategies]).astype(np.float64)
    deck = options.deck(players).cards()
    layout = StatsLayout(strat=(len(strategies), P.GAME_STATS), glob=(P.N_GAME_GLOBAL,))
    key0 = seed_key(seed)
    vals = options.values_table()
    hand_size = np.int64(options.hand_size(players))

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            board = P.Board()
            P.games_chunk(key0, np.int64(start), np.int64(n), deck, np.int64(players), hand_size,
                          np.int64(options.flags), sp_all, seats, vals, np.int64(TARGET), np.int64(MAX_HANDS),
                          v["strat"], v["glob"], *board.arrays())
        return flat

    run = TOURNAMENT_PLAN.run(chunk, games, "heuristic", threads, progress)
    return run, layout, seats


def tournament(strategies: str = "greedy,holder,piler,random", players: int = 4, games: int | None = None,
               seed: int | None = None, threads: int | None = None, rules=None, progress: bool = False) -> Answer:
    """Strategies seated in every rotation play whole games to 500."""
    games, seed = TOURNAMENT_PLAN.check(games, seed, threads, "heuristic")
    options = _check_rules_players(rules, players)
    strats = parse_strategies(strategies)
    run, layout, seats = simulate_games(strats, players, games, seed, options, threads, progress)
    notes = TOURNAMENT_PLAN.notes(run, games, "heuristic")
    v = layout.unpack(run.stats)
    st, glob = v["strat"], v["glob"]
    n_games = int(glob[P.GG_GAMES])
    hpg, hpg_se = moments_mean_se(n_games, float(glob[P.GG_HANDS]), float(glob[P.GG_HANDS2]))
    rows = []
    for k, (name, _) in enumerate(strats):
        seat_games = int(st[k, P.S_SEATS])
        wins = int(st[k, P.S_WINS])
        lo, hi = wilson(wins, seat_games)
        n_hands = int(st[k, P.S_HANDS])
        mean_pts, pts_se = moments_mean_se(n_hands, float(st[k, P.S_POINTS]), float(st[k, P.S_POINTS2]))
        rows.append({"strategy": name, "seat_games": seat_games, "wins": wins,
                     "p_win": wins / seat_games if seat_games else np.nan, "p_win_lo": float(lo), "p_win_hi": float(hi),
                     "fair_share": 1.0 / players, "mean_points_per_hand": mean_pts, "points_per_hand_se": pts_se,
                     "p_out_per_hand": st[k, P.S_OUT] / n_hands if n_hands else np.nan,
                     "mean_final_score": st[k, P.S_FINAL] / seat_games if seat_games else np.nan,
                     "hands_per_game": hpg, "hands_per_game_se": hpg_se,
                     "unfinished": int(st[k, P.S_UNFINISHED])})
    table = pd.DataFrame(rows)
    best_row = table.loc[table["p_win"].idxmax()]
    if int(glob[P.GG_ERR]):
        notes.append(f"rule checker: {int(glob[P.GG_ERR])} violations (a bug: please report)")
    if int(glob[P.GG_UNFINISHED]):
        notes.append(f"{int(glob[P.GG_UNFINISHED])} games reached {MAX_HANDS} hands without a winner")
    meta = {"players": players, "games": n_games, "seed": seed, "deck": options.deck(players).describe(),
            "hand_size": options.hand_size(players), "target": TARGET, "seatings": len(seats),
            "hands_per_game": hpg, "hands_per_game_se": hpg_se, "rules": options.as_dict()}
    rec = (f"{best_row['strategy']} wins most: {100 * best_row['p_win']:.1f}% of its games "
           f"({100 * best_row['p_win_lo']:.1f}-{100 * best_row['p_win_hi']:.1f}%; a fair share is "
           f"{100 / players:.1f}%)")
    return Answer("rummy500", "tournament", table, str(best_row["strategy"]), rec, meta,
                  {"elapsed": run.elapsed}, notes)
