"""Euchre double-dummy: the shared solver on Euchre's rule vectors against a brute-force
minimax over the plain-Python reference rules (two- and four-handed, alone, 24/32/25
cards); the play pipeline against the same minimax on whole deals; the questions with
--play dd (sanity, determinism across threads and chunkings, CLI)."""

import json
import random
import subprocess
import sys
from functools import lru_cache

import numpy as np
import pytest

from analyzer.games.euchre import questions
from analyzer.games.euchre.dd import new_dd_table, new_stats, solve_tricks
from analyzer.games.euchre.play import TRACE_COLS, play_made, prepare_play, solve_made
from analyzer.games.euchre.rules import rule_tables, to_trump
from analyzer.tricks.dd import MAX_SEATS
from tests.chunking import record_chunks
from tests.reference import euchre as ref
from tests.reference.minimax import solve as brute_vector

TT = new_dd_table()
STATS = new_stats()
WORK = np.zeros(1, np.int64)


def nat_bit(card) -> int:
    """A reference card's natural bit (deck.py: 16 * suit + rank - 2, suits S C D H; the
    joker 63), written out here rather than imported."""
    if card == ref.JOKER:
        return 63
    return 16 * ref.SUITS.index(card[1]) + card[0] - 2


def layout(cards, trump: int) -> int:
    m = 0
    for c in cards:
        m |= 1 << nat_bit(c)
    return int(to_trump(np.uint64(m), trump))


def minimax(hands, trump, leader, n, out, makers):
    """Makers' tricks from ``leader``'s lead, both sides perfect, moves and winners from
    the reference rules (``ref.legal_plays``, ``ref.trick_winner``)."""
    order = [s for s in range(n) if s != out]

    def nxt(s):
        return order[(order.index(s) + 1) % len(order)]

    @lru_cache(maxsize=None)
    def node(hands, leader):
        if not hands[leader]:
            return 0
        return trick(hands, leader, leader, ())

    def trick(hands, leader, seat, plays):
        if len(plays) == len(order):
            cards = [c for _, c in plays]
            winner = plays[ref.trick_winner(cards, trump)][0]
            return (winner in makers) + node(hands, winner)
        led = ref.effective_suit(plays[0][1], trump) if plays else None
        vals = []
        for c in ref.legal_plays(list(hands[seat]), led, trump):
            nh = list(hands)
            nh[seat] = tuple(x for x in hands[seat] if x != c)
            vals.append(trick(tuple(nh), leader, nxt(seat), plays + ((seat, c),)))
        return max(vals) if seat in makers else min(vals)

    return node(tuple(tuple(h) for h in hands), leader)


def solve(hands, trump_i, deck_size, n, leader, out, maker):
    h = np.zeros(MAX_SEATS, np.uint64)
    for s in range(n):
        h[s] = layout(hands[s], trump_i)
    rules = rule_tables(deck_size)[trump_i]
    return int(solve_tricks(rules, h, np.int64(n), np.int64(leader), np.int64(out),
                            np.int64(maker), np.int64(-1), TT, STATS, WORK))


def random_ending(rng, deck_size, n, out, k):
    cards = ref.deck(deck_size)
    rng.shuffle(cards)
    hands = [[] for _ in range(n)]
    for s in range(n):
        if s != out:
            hands[s] = [cards.pop() for _ in range(k)]
    return hands


CASES = [  # (players, alone, deck, cards per hand, endings)
    (2, False, 24, 5, 40), (2, False, 32, 5, 25), (2, False, 25, 5, 40),
    (4, False, 24, 3, 40), (4, False, 25, 3, 40), (4, False, 32, 2, 25), (4, False, 24, 4, 6),
    (4, True, 24, 4, 30), (4, True, 25, 4, 30),
]


@pytest.mark.parametrize("n, alone, deck_size, k, count", CASES)
def test_solver_matches_reference_minimax(n, alone, deck_size, k, count):
    rng = random.Random(hash((n, alone, deck_size, k)) & 0xFFFF)
    for _ in range(count):
        maker = rng.randrange(n)
        out = (maker ^ 2) if alone else -1
        hands = random_ending(rng, deck_size, n, out, k)
        if deck_size == 25 and rng.random() < 0.5:
            # the joker in play more often: swap it into a random active hand
            active = [s for s in range(n) if s != out]
            s = rng.choice(active)
            if ref.JOKER not in hands[s] and not any(ref.JOKER in h for h in hands):
                hands[s][0] = ref.JOKER
        trump_i = rng.randrange(4)
        leader = rng.choice([s for s in range(n) if s != out])
        makers = {s for s in range(n) if s % 2 == maker % 2 and s != out}
        ours = solve(hands, trump_i, deck_size, n, leader, out, maker)
        theirs = minimax(hands, ref.SUITS[trump_i], leader, n, out, makers)
        assert ours == theirs, (hands, ref.SUITS[trump_i], leader, out, maker)


def test_rule_vector_agrees_with_generic_minimax():
    """The rule vector read by the generic (layout-level) minimax of test_dd gives the same
    values as the Euchre reference: bowers and joker where the solver expects them."""
    rng = random.Random(7)
    for _ in range(30):
        trump_i = rng.randrange(4)
        hands = random_ending(rng, 25, 2, -1, 4)
        h = [layout(x, trump_i) for x in hands]
        v = brute_vector(rule_tables(25)[trump_i], h, 0, 0b01, n_seats=2)
        assert v == minimax(hands, ref.SUITS[trump_i], 0, 2, -1, {0})


@pytest.mark.parametrize("n, alone, deck_size", [(2, False, 24), (2, False, 25), (4, False, 24),
                                                  (4, True, 25)])
def test_pipeline_matches_reference_on_whole_deals(n, alone, deck_size):
    """``solve_made`` (pickup, heuristic discard, solve from the first lead) equals the
    reference minimax on the hands the pickup left (read back from ``prepare_play``)."""
    rng = random.Random(n * 100 + deck_size + alone)
    tables = rule_tables(deck_size)
    trace = np.empty((20, TRACE_COLS), np.int64)
    lay = np.zeros(n, np.uint64)
    done = 0
    while done < (5 if n == 4 else 30):
        cards = ref.deck(deck_size)
        rng.shuffle(cards)
        hands = [cards[5 * s:5 * s + 5] for s in range(n)]
        up = cards[5 * n]
        if up == ref.JOKER:
            continue
        done += 1
        trump_i = ref.SUITS.index(up[1])
        dealer, maker = rng.randrange(n), rng.randrange(n)
        args = (tables, np.array([sum(1 << nat_bit(c) for c in h) for h in hands], np.uint64),
                lay, np.int64(n), np.int64(dealer), np.uint64(1 << nat_bit(up)), np.int64(maker),
                np.int64(trump_i), np.int64(alone), np.int64(1), np.uint64(0), np.int64(0))
        got = solve_made(*args, trace, TT, STATS, WORK)
        leader, out, _, _ = prepare_play(*args)
        kept = [[c for c in cards if layout([c], trump_i) & int(lay[s])] for s in range(n)]
        if out >= 0:
            kept[out] = []
        makers = {s for s in range(n) if s % 2 == maker % 2 and s != out}
        assert got == minimax(kept, up[1], leader, n, out, makers), (hands, up, dealer, maker)
        assert 0 <= play_made(*args, trace, False) <= 5


HAND = "JH JD AH KS 9C"


def test_dd_answers_are_sane():
    # Right, left, A, K, Q of trumps on lead: a march whatever the others hold.
    a = questions.order("JH JD AH KH QH", "9H", dealer="them", deals=400, play="dd", threads=1)
    row = a.table.set_index("action").loc["order"]
    assert row["p_march"] == 1.0
    a4 = questions.order("JH JD AH KH QH", "9H", players=4, seat=1, deals=300, play="dd",
                         threads=1)
    assert a4.table.set_index("action").loc["order_alone", "p_march"] == 1.0
    # A weak hand: ordering makes less often than a strong one, and both are real rates.
    weak = questions.order("9H TS QC KD 9D", "TH", dealer="them", deals=2000, play="dd",
                           threads=1).table.set_index("action").loc["order"]
    strong = questions.order(HAND, "9H", dealer="them", deals=2000, play="dd",
                             threads=1).table.set_index("action").loc["order"]
    assert 0 < weak["p_make"] < strong["p_make"] <= 1
    assert a.meta["play"] == "dd" and any("double-dummy" in n for n in a.notes)


def test_dd_same_json_on_threads_and_chunks(monkeypatch):
    def js(ans):
        return json.dumps(ans.to_json_dict(), sort_keys=True)

    kw = dict(players=4, seat=4, deals=3000, play="dd", seed=5)
    one = js(questions.order(HAND, "9H", threads=1, **kw))
    two = js(questions.order(HAND, "9H", threads=2, **kw))
    assert one == two
    monkeypatch.setattr(questions, "DD_CHUNK", 256)
    chunks = record_chunks(monkeypatch, questions, 256)
    small = js(questions.order(HAND, "9H", threads=2, **kw))
    assert len(chunks) == 12 and small == one
    c1 = js(questions.call("QS KS AC 9D TD", "9H", players=2, seat=2, deals=2000, play="dd",
                           threads=1))
    c2 = js(questions.call("QS KS AC 9D TD", "9H", players=2, seat=2, deals=2000, play="dd",
                           threads=2))
    assert c1 == c2


def test_cli_play_dd_smoke():
    r = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "euchre", "call", HAND,
                        "--turned-down", "9S", "--players", "4", "--seat", "1", "--deck", "25",
                        "--play", "dd", "--deals", "500", "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["play"] == "dd" and out["deals"] == 500
    assert any("double-dummy" in n for n in out["notes"])
