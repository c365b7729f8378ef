"""The Rummy 500 report's tournament tables (``tournament_2``, ``tournament_4``,
``tournament_8``) recomputed from the survey's games one by one.

Every ``GAME_EVERY``-th deal number plays one whole game to 500 for 2, 4 or 8 players in
turn; each deal run alone (a chunk of one) gives that game's record.  The game is played
again here hand by hand from its deal number: the table size, who sits where (each
strategy in every seat in turn: seat j of rotation g plays strategy (j + g) mod 4 with four
or more seats, every pair in both orders with two) and the dealer are worked out here;
each hand is dealt and played by the package's players (the play itself is not
recomputed: it is checked against the reference rules by ``tests/test_rummy500_play.py``)
and scored by the reference (melded points minus the cards held), the game's winner found
after each hand by the reference's ``game_winner``.  Every game's record must equal the
replay's, and the tables are aggregated here in plain Python from the replayed hands: wins
with Wilson intervals, points per hand with their standard error from the hands
themselves, hands going out, final scores, hands per game.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd
import pytest

from analyzer.games.rummy500 import play as P
from analyzer.games.rummy500 import survey as sv
from analyzer.games.rummy500.rules import Options
from analyzer.games.rummy500.strategies import parse_strategy
from analyzer.report.rummy500 import build_report
from analyzer.report.writer import ReportWriter
from analyzer.sim.rng import seed_key, stream_key
from tests.records import per_deal_stats
from tests.reference import rummy500 as ref
from tests.reference.stats import mean_se, wilson
from tests.reports import skip_saving_charts

DEALS, SEED = 2400, 8          # 300 games, 100 of each size
SIZES = (2, 4, 8)
STRATEGIES = ("greedy", "holder", "piler", "random")
TARGET, MAX_HANDS = 500, 200


def rotations(players: int) -> list[list[int]]:
    """Who sits where, game after game (a strategy index per seat)."""
    k = len(STRATEGIES)
    if players >= k:
        return [[(j + g) % k for j in range(players)] for g in range(k)]
    return [[pair[(j + g) % players] for j in range(players)] for pair in combinations(range(k), players)
            for g in range(players)]


def replay(i: int) -> dict:
    """The game of deal number ``i``, hand by hand: its size, seats (strategy indices), every
    hand's scores (reference) and who went out, the final scores and the winner (None:
    unfinished)."""
    gi = i // sv.GAME_EVERY
    players = SIZES[gi % len(SIZES)]
    game = gi // len(SIZES)
    seats_each = rotations(players)
    seats = seats_each[game % len(seats_each)]
    dealer = (game // len(seats_each)) % players
    options = Options()
    deck, vals = options.deck(players).cards(), options.values_table()
    sp = np.zeros((P.MAX_PLAYERS, len(parse_strategy(STRATEGIES[0])[1])))
    for p, k in enumerate(seats):
        sp[p] = parse_strategy(STRATEGIES[k])[1]
    kinds = np.zeros(P.MAX_PLAYERS, np.int64)
    key = np.uint64(stream_key(np.uint64(stream_key(seed_key(SEED), np.int64(i))), np.int64(7)))
    board = P.Board()
    totals, hands, winner = [0] * players, [], None
    for h in range(MAX_HANDS):
        board.rng[0] = stream_key(key, np.int64(h))
        P.deal(deck, np.int64(players), np.int64(13 if players == 2 else 7), np.int64(options.flags),
               board.hands, board.nheld, board.stock, board.pile, board.pile_cnt, board.tab, board.pts, board.sv,
               board.rng)
        P.run(board, (dealer + h + 1) % players, kinds, sp, vals, seed_state=int(board.rng[0]))
        assert board.sv[P.SV_ERR] == 0
        held = [[b for b in range(64) for _ in range(board.hands[p, b])] for p in range(players)]
        scores = [ref.hand_score(int(board.pts[p]), held[p], options.values) for p in range(players)]
        out = [p for p in range(players) if not held[p]]
        assert out == ([int(board.sv[P.SV_OUT])] if board.sv[P.SV_OUT] >= 0 else []), (i, h)
        hands.append((scores, out))
        totals = [t + s for t, s in zip(totals, scores)]
        winner = ref.game_winner(totals, TARGET)
        if winner is not None:
            break
    return {"players": players, "seats": seats, "hands": hands, "totals": totals, "winner": winner}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """(the report's folder, every game replayed): the survey run one deal at a time, each
    game deal's record checked against its replay; the report's tables written from the
    survey's totals (charts drawn, not saved)."""
    total, per = per_deal_stats(sv.run_survey, DEALS, SEED, (sv, "CHUNK"))
    replayed = []
    for i in range(0, DEALS, sv.GAME_EVERY):
        g = replay(i)
        ti = SIZES.index(g["players"])
        rec_games, rec_glob = sv.LAYOUT.view(per[i], "games"), sv.LAYOUT.view(per[i], "gglob")
        n = len(g["hands"])
        assert rec_glob[:, P.GG_GAMES].tolist() == [int(t == ti) for t in range(len(SIZES))], i
        assert rec_glob[ti, P.GG_HANDS] == n and rec_glob[ti, P.GG_HANDS2] == n * n
        assert rec_glob[ti, P.GG_UNFINISHED] == (g["winner"] is None) and rec_glob[ti, P.GG_ERR] == 0
        want = np.zeros((len(STRATEGIES), P.GAME_STATS), np.int64)
        for p, k in enumerate(g["seats"]):
            mine = [s[p] for s, _ in g["hands"]]
            want[k, [P.S_SEATS, P.S_HANDS, P.S_POINTS, P.S_POINTS2, P.S_FINAL, P.S_WINS, P.S_UNFINISHED,
                     P.S_OUT]] += (1, n, sum(mine), sum(x * x for x in mine), g["totals"][p], g["winner"] == p,
                                   g["winner"] is None, sum(p in o for _, o in g["hands"]))
        assert (rec_games[ti] == want).all() and not rec_games[np.arange(len(SIZES)) != ti].any(), i
        replayed.append(g)
    for i in set(range(DEALS)) - set(range(0, DEALS, sv.GAME_EVERY)):
        assert not sv.LAYOUT.view(per[i], "gglob").any(), i              # no game on the other deal numbers
    out = tmp_path_factory.mktemp("rummy500-report")
    mp = pytest.MonkeyPatch()
    skip_saving_charts(mp)
    try:
        build_report(total, ReportWriter(str(out)), 0)
    finally:
        mp.undo()
    return out, replayed


@pytest.mark.parametrize("players", SIZES)
def test_tournament_table(games, players):
    out, replayed = games
    table = pd.read_parquet(out / f"tournament_{players}.parquet")
    mine = [g for g in replayed if g["players"] == players]
    assert len(mine) == DEALS // sv.GAME_EVERY // len(SIZES)
    hpg, hpg_se = mean_se([len(g["hands"]) for g in mine])
    assert table["strategy"].tolist() == list(STRATEGIES)
    for k, name in enumerate(STRATEGIES):
        row = table[table["strategy"] == name].iloc[0]
        seat_games = [(g, p) for g in mine for p, s in enumerate(g["seats"]) if s == k]
        wins = sum(g["winner"] == p for g, p in seat_games)
        points = [s[p] for g, p in seat_games for s, _ in g["hands"]]
        outs = sum(p in o for g, p in seat_games for _, o in g["hands"])
        assert (row["players"], row["seat_games"], row["wins"]) == (players, len(seat_games), wins), name
        assert row["p_win"] == pytest.approx(wins / len(seat_games), abs=1e-12)
        assert (row["p_win_lo"], row["p_win_hi"]) == pytest.approx(wilson(wins, len(seat_games)), abs=1e-9)
        assert row["fair_share"] == pytest.approx(1 / players, abs=1e-12)
        m, se = mean_se(points)
        assert (row["mean_points_per_hand"], row["points_per_hand_se"]) == pytest.approx((m, se), abs=1e-9), name
        assert row["p_out_per_hand"] == pytest.approx(outs / len(points), abs=1e-12)
        assert row["mean_final_score"] == pytest.approx(np.mean([g["totals"][p] for g, p in seat_games]), abs=1e-9)
        assert (row["hands_per_game"], row["hands_per_game_se"]) == pytest.approx((hpg, hpg_se), abs=1e-9)
        assert row["unfinished"] == sum(g["winner"] is None for g, _ in seat_games)
