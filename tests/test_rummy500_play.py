"""Rummy 500 engine: every card accounted for and every meld valid after thousands of
simulated hands under every rule option; the kernels' legal draws, Rummy! detection and
scoring against the plain-Python reference; hand-built turns (the deepest-card duty, the
single pile card not thrown back, Rummy! calls and who wins them, going out, floating,
an empty stock); strategies beat the random player; same seed, same answer."""

import json
import random
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

from analyzer.games.rummy500 import melds as M
from analyzer.games.rummy500 import play as P
from analyzer.games.rummy500.deck import DeckSpec, cards_to_counts, parse_bit
from analyzer.games.rummy500.rules import Options
from analyzer.games.rummy500.scoring import held_value, winner
from analyzer.games.rummy500.strategies import DRAW_STOCK, parse_strategy, take_value
from analyzer.sim.rng import seed_key, stream_key
from tests.reference import rummy500 as ref
from tests.rummy500_tables import random_table


def bits(text):
    return DeckSpec(2, 4).parse(text) if text else []


def strategies(names):
    sp = np.stack([parse_strategy(n)[1] for n in names])
    return np.zeros(len(names), np.int64), sp


CONFIGS = [
    (2, (), ("greedy", "holder")),
    (4, (), ("greedy", "holder", "piler", "random")),
    (3, ("floating=yes", "out_discard=dead"), ("greedy", "random", "holder")),
    (6, (), ("greedy", "piler", "random", "holder", "greedy", "random")),
    (8, ("jokers=no",), ("random", "greedy") * 4),
    (5, ("single_duty=yes", "values=5-10-15"), ("piler", "random", "greedy", "holder", "random")),
    (2, ("two_hand=10", "rummy=off"), ("random", "piler")),
    (3, ("two_decks_from=2", "floating=yes"), ("random", "random", "greedy")),
]


@pytest.mark.parametrize("players, rules, names", CONFIGS)
def test_cards_conserved_melds_valid_points_add_up(players, rules, names):
    options = Options.parse(rules)
    deck = options.deck(players).cards()
    vals = options.values_table()
    kinds, sp = strategies(names)
    board = P.Board()
    key = seed_key(players * 7 + len(rules))
    ends = Counter()
    for i in range(250):
        board.rng[0] = stream_key(key, i)
        P.deal(deck, np.int64(players), np.int64(options.hand_size(players)), np.int64(options.flags),
               board.hands, board.nheld, board.stock, board.pile, board.pile_cnt, board.tab, board.pts, board.sv,
               board.rng)
        P.run(board, i % players, kinds, sp, vals, seed_state=int(board.rng[0]))
        sv = board.sv
        assert sv[P.SV_ERR] == 0
        ends[int(sv[P.SV_END])] += 1
        ntab = int(sv[P.SV_NTAB])
        on_table = M.table_bits(board.tab, ntab)
        cards = (list(board.stock[:sv[P.SV_NSTOCK]]) + list(board.pile[:sv[P.SV_NPILE]]) + on_table
                 + [b for p in range(players) for b in range(64) for _ in range(board.hands[p, b])])
        assert Counter(int(c) for c in cards) == Counter(deck.tolist())
        assert all(board.nheld[p] == board.hands[p].sum() for p in range(players))
        for m in range(ntab):
            held, declared = M.table_meld_cards(board.tab, m)
            assert ref.is_meld([parse_bit(h) for h in held]), (held, declared)
            assert len(set(declared)) == len(declared)
        assert int(board.pts[:players].sum()) == M.table_points(board.tab, ntab, vals)
        if sv[P.SV_END] == P.END_OUT:
            assert board.nheld[int(sv[P.SV_OUT])] == 0
        if options.out_discard == "dead":
            assert sv[P.SV_OUT_PLAYABLE] == 0
        scores = np.zeros(P.MAX_PLAYERS, np.int64)
        P.hand_scores(board.hands, board.pts, np.int64(players), vals, scores)
        for p in range(players):
            held = [b for b in range(64) for _ in range(board.hands[p, b])]
            assert scores[p] == ref.hand_score(int(board.pts[p]), held, options.values)
    assert ends[P.END_CAP] == 0 and ends[P.END_OUT] > 150


def test_random_players_go_out_on_playable_cards_unless_the_rule_forbids():
    seen = {}
    for rule in ("any", "dead"):
        options = Options.parse([f"out_discard={rule}"])
        kinds, sp = strategies(["random"] * 3)
        board = P.Board()
        count = 0
        for i in range(400):
            board.rng[0] = stream_key(seed_key(5), i)
            P.deal(options.deck(3).cards(), np.int64(3), np.int64(7), np.int64(options.flags), board.hands,
                   board.nheld, board.stock, board.pile, board.pile_cnt, board.tab, board.pts, board.sv, board.rng)
            P.run(board, 0, kinds, sp, options.values_table(), seed_state=i + 1)
            count += int(board.sv[P.SV_OUT_PLAYABLE])
        seen[rule] = count
    assert seen["dead"] == 0 and seen["any"] > 0


# ------------------------------------------------------------------ against the reference
def _random_position(rng, deck):
    hand = rng.sample(deck, rng.randint(1, 7))
    rest = list(deck)
    for b in hand:
        rest.remove(b)
    pile = rng.sample(rest, rng.randint(1, 6))
    tab, nt, table = random_table(rng, (0, 1, 2), (3,), (3, 5))
    return hand, pile, tab, nt, table


def test_legal_draws_and_rummy_detection_agree_with_reference():
    rng = random.Random(11)
    deck = DeckSpec(1, 2).cards().tolist()
    vals = Options().values_table()
    board = P.Board()
    ops, frames, path, work, scratch = board.ws
    for _ in range(400):
        hand, pile, tab, nt, table = _random_position(rng, deck)
        single_duty = rng.random() < 0.3
        flags = Options.parse(["single_duty=yes"] if single_duty else []).flags
        want = ref.legal_draws(hand, pile, table, single_duty=single_duty)
        got = ["stock"]
        parr = np.array(pile, np.int64)
        for d in range(len(pile)):
            take_value(cards_to_counts(hand), parr, np.int64(len(pile)), np.int64(d), tab, np.int64(nt), vals,
                       np.int64(flags), False, ops, frames, path, work, scratch, board.rows0, board.res, board.tmp[0])
            if board.res[M.RES_OK]:
                got.append(d)
        assert got == want, (hand, pile, table)
        depths = ref.rummy_depths(pile, table)
        d = P.rummy_depth(parr, np.int64(len(pile)), tab, np.int64(nt), vals, ops, frames, path, work, scratch,
                          board.rows0, board.res, board.tmp[3])
        assert d == (max(depths) if depths else -1), (pile, table)


def test_scoring_and_game_winner():
    vals = Options().values_table()
    for hand, value in (("AS KS 2S", 27), ("JK TH", 25), ("", 0), ("9C 9C", 18)):
        assert held_value(cards_to_counts(bits(hand)), vals) == value
    assert held_value(cards_to_counts(bits("AS 5H")), Options.parse(["values=5-10-15"]).values_table()) == 20
    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randint(2, 8)
        scores = [rng.choice([480, 490, 500, 505, 510, 520, -30, 120]) for _ in range(n)]
        assert winner(scores) == ref.game_winner(scores)
    assert winner([500, 500, 10]) is None and winner([510, 505]) == 0 and winner([499, 120]) is None


# ------------------------------------------------------------------ hand-built turns
def _board(hands, pile, table="", stock=(), rules=()):
    options = Options.parse(rules)
    tab, nt, tcards = M.parse_table(table)
    board = P.Board()
    hands = [bits(h) for h in hands]
    n = len(hands)
    total = sum(len(h) for h in hands) + len(bits(pile)) + len(tcards) + len(stock)
    P.set_board(board, hands, bits(pile), tab, nt, [parse_bit(c) for c in stock], n, options.flags, total,
                len(tcards))
    return board, options


def _hand(board, p):
    return Counter({b: int(board.hands[p, b]) for b in range(64) if board.hands[p, b]})


def test_deepest_card_duty():
    # taking 5S KC forces 5S into a meld: the set 5S 5H 5D breaks the run 5D 6D 7D, which
    # alone would leave less in hand (5H 5S KC = 20 against 6D 7D KC = 23)
    assert ref.best_arrangement(bits("5H 5D 6D 7D 2S 5S KC"), []) == (22, 18)
    assert ref.best_arrangement(bits("5H 5D 6D 7D 2S 5S KC"), [], must=parse_bit("5S")) == (25, 15)
    board, options = _board(["5H 5D 6D 7D 2S", "KH QH JD 3C 4D"], "5S KC", stock=["3S"])
    kinds, sp = strategies(["greedy", "greedy"])
    P.run(board, 0, kinds, sp, options.values_table(), forced=0, stop=1)
    assert board.sv[P.SV_ERR] == 0
    assert M.format_table(board.tab, int(board.sv[P.SV_NTAB])) == ["5S 5H 5D"]
    assert _hand(board, 0)[parse_bit("6D")] == 1 and _hand(board, 0)[parse_bit("7D")] == 1
    assert ref.legal_draws(bits("5H 5D 6D 7D 2S"), bits("5S KC"), []) == ["stock", 0, 1]
    assert ref.legal_draws(bits("5H 9D 2S"), bits("5S KC"), []) == ["stock", 1]


def test_single_pile_card_not_thrown_back():
    board, options = _board(["5H 6H 9C 2S", "KC KD KH 3C"], "QD", stock=["3S", "4S"])
    kinds, sp = strategies(["greedy", "greedy"])
    P.run(board, 0, kinds, sp, options.values_table(), forced=0, stop=1)
    assert board.sv[P.SV_ERR] == 0 and board.sv[P.SV_NPILE] == 1
    assert board.pile[0] != parse_bit("QD") and _hand(board, 0)[parse_bit("QD")] == 1


def test_rummy_call_skips_the_players_between_and_the_nearest_caller_wins():
    # P0 throws 8S, which lays off on 5S 6S 7S.  P1 (next to draw) would rather draw:
    # P2 and P3 both call; P2, nearer to P0, wins, completes a turn, and P3 is next.
    board, options = _board(["8S KD", "2C 3D 9H", "KH QC 4H", "AD 9C 6D"], "TC", "5S 6S 7S", stock=["3S", "4C"])
    kinds, sp = strategies(["greedy", "greedy:margin=100:call=100", "greedy", "greedy"])
    before_p1 = _hand(board, 1)
    P.run(board, 0, kinds, sp, options.values_table(), phase=P.FIRST_DISCARD, forced=parse_bit("8S"), stop=2)
    assert board.sv[P.SV_ERR] == 0 and board.sv[P.SV_STEALS] == 1
    assert _hand(board, 1) == before_p1                       # P1 skipped
    assert board.pts[2] >= 8 and "5S 6S 7S 8S" in M.format_table(board.tab, int(board.sv[P.SV_NTAB]))
    assert board.sv[P.SV_NEXT] == 3
    # without the rule nobody may call: P1 simply draws
    board, options = _board(["8S KD", "2C 3D 9H", "KH QC 4H", "AD 9C 6D"], "TC", "5S 6S 7S", stock=["3S", "4C"],
                            rules=["rummy=off"])
    P.run(board, 0, kinds, sp, options.values_table(), phase=P.FIRST_DISCARD, forced=parse_bit("8S"), stop=2)
    assert board.sv[P.SV_STEALS] == 0 and board.sv[P.SV_NEXT] == 2 and _hand(board, 1) != before_p1


def test_rummy_taken_by_the_next_player_is_his_draw_and_no_call_after_going_out():
    board, options = _board(["8S KD", "2C 3D 9H", "KH QC 4H"], "TC", "5S 6S 7S", stock=["3S", "4C"])
    kinds, sp = strategies(["greedy"] * 3)
    P.run(board, 0, kinds, sp, options.values_table(), phase=P.FIRST_DISCARD, forced=parse_bit("8S"), stop=2)
    assert board.sv[P.SV_STEALS] == 0 and board.pts[1] >= 8 and board.sv[P.SV_NEXT] == 2
    # P0 goes out by discarding 8S: the hand is over, nobody calls
    board, options = _board(["8S", "2C 3D 9H", "KH QC 4H"], "TC", "5S 6S 7S", stock=["3S", "4C"])
    P.run(board, 0, kinds, sp, options.values_table(), phase=P.FIRST_DISCARD, forced=parse_bit("8S"))
    assert board.sv[P.SV_END] == P.END_OUT and board.sv[P.SV_OUT] == 0 and board.sv[P.SV_STEALS] == 0


def test_going_out_floating_and_the_empty_stock():
    kinds, sp = strategies(["greedy", "greedy"])
    board, options = _board(["6H 7H 8H 2C", "KC KD 5S 3C"], "4D", stock=["9H"])
    P.run(board, 0, kinds, sp, options.values_table(), forced=DRAW_STOCK)
    assert board.sv[P.SV_END] == P.END_OUT and board.sv[P.SV_OUT] == 0 and board.nheld[0] == 0
    assert board.pts[0] == 6 + 7 + 8 + 9
    # floating: melding the whole hand without a discard does not end the hand
    board, options = _board(["6H 7H 8H", "KC KD 5S 3C"], "4D", stock=["2D", "3D", "9H"], rules=["floating=yes"])
    P.run(board, 0, kinds, sp, options.values_table(), forced=DRAW_STOCK, stop=1)
    assert board.nheld[0] == 0 and board.sv[P.SV_END] == P.END_NONE and board.sv[P.SV_FLOATING] & 1
    assert board.sv[P.SV_NEXT] == 1
    # the stock empty: a player who does not take from the pile ends the hand
    board, options = _board(["5S 9D", "KC 2H"], "3C")
    P.run(board, 0, kinds, sp, options.values_table())
    assert board.sv[P.SV_END] == P.END_STOCK


# ------------------------------------------------------------------ strategies and the CLI
def _cli(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", "rummy500", *args],
                          capture_output=True, text=True)


def test_tournament_same_seed_same_json_on_one_and_two_threads_and_random_loses():
    outs = []
    for threads in ("1", "2"):
        r = _cli("tournament", "--players", "4", "--games", "300", "--seed", "3", "--threads", threads, "--json")
        assert r.returncode == 0, r.stderr
        outs.append(json.loads(r.stdout))
    assert outs[0] == outs[1]
    rows = {o["strategy"]: o for o in outs[0]["options"]}
    assert set(rows) == {"greedy", "holder", "piler", "random"}
    assert sum(o["wins"] for o in rows.values()) == 300
    assert all(o["seat_games"] == 300 for o in rows.values())
    # the baseline loses by a wide margin: every strategy's interval lies far above random's
    # (the piler, which takes deep piles whatever they bring, least: 13% of 300 games)
    for name in ("greedy", "holder", "piler"):
        assert rows[name]["p_win_lo"] > rows["random"]["p_win_hi"] + 0.05
        assert rows[name]["mean_points_per_hand"] > rows["random"]["mean_points_per_hand"] + 10



def test_tournament_calls_a_tie_between_equal_strategies_and_names_both():
    """Four copies of one strategy: the most winning copy's lead over the next is noise, so
    the answer says "no measurable difference" and names both (the fields of ``match``);
    the holder against the random baseline is a clear lead, not a tie."""
    from analyzer.games.rummy500.questions import tournament
    same = tournament("holder,holder,holder,holder", games=300, seed=3, threads=1)
    m = same.meta
    assert m["tie"] and m["lo"] < 0 < m["hi"] and m["a"] == m["b"] == "holder"
    assert same.recommendation.startswith("no measurable difference between holder and holder")
    # the variance of a difference of exclusive wins in the same games: (pa + pb - (pa - pb)^2) / n
    t = same.table.sort_values("p_win", ascending=False, kind="stable")
    pa, pb = t["p_win"].iloc[0], t["p_win"].iloc[1]
    assert m["se"] == pytest.approx(100 * ((pa + pb - (pa - pb) ** 2) / 300) ** 0.5)
    clear = tournament("holder,random", players=2, games=300, seed=3, threads=1)
    assert not clear.meta["tie"] and clear.meta["a"] == "holder" and clear.meta["lo"] > 0
    assert "ahead of random by" in clear.recommendation


def test_tournament_errors():
    for args, needle in [(("tournament", "--strategies", "greedy,bogus"), "unknown strategy"),
                         (("tournament", "--strategies", "holder:danger=x"), "must be a number"),
                         (("tournament", "--strategies", "holder:nope=1"), "unknown parameter"),
                         (("tournament", "--players", "1"), "--players"),
                         (("tournament", "--players", "8", "--rule", "two_decks_from=9"), "need 57 cards")]:
        r = _cli(*args)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and needle in r.stderr, (args, r.stderr)


def test_seatings_rotate_every_strategy_through_every_seat():
    from analyzer.games.rummy500.questions import seatings
    s = seatings(4, 4)
    assert all(sorted(s[:, j]) == [0, 1, 2, 3] for j in range(4))
    s = seatings(4, 2)                  # every pair, both ways round
    assert len(s) == 12 and len({tuple(r) for r in s}) == 12
    s = seatings(2, 8)
    assert all(list(r).count(0) == 4 for r in s)
