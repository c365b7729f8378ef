"""Rummy 500 meld core: hand-built cases, the plain-Python reference on thousands of random
states (arrangements checked card by card), OpenSpiel's gin rummy deadwood, properties."""

import json
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.errors import InputError
from analyzer.games.rummy500 import melds as M
from analyzer.games.rummy500.deck import DeckSpec, cards_to_counts, parse_bit
from analyzer.games.rummy500.rules import gin_values_table, values_table
from tests.reference import rummy500 as ref
from tests.rummy500_tables import random_table

ONE, TWO = DeckSpec(1, 2), DeckSpec(2, 4)
VALS = values_table()
WS = M.new_workspace()


def best(hand, table=None, deck=ONE, must=None, values="pip"):
    bits = deck.parse(hand)
    tab, ntab, _ = M.parse_table(table)
    return M.arrange(bits, tab, ntab, values_table(values), None if must is None else parse_bit(must))


def kernel(bits, tab, ntab, vals=VALS, must=None, rows=0):
    out_rows = np.zeros((rows, M.R_COLS), np.int64)
    res = np.zeros(M.RES_SIZE, np.int64)
    M.best_arrangement(cards_to_counts(bits), tab, np.int64(ntab), vals, np.int64(-1 if must is None else must),
                       np.int64(10**8), out_rows, res, *WS)
    return res, out_rows


# ------------------------------------------------------------------ hand-built cases
def test_ace_low_and_high_runs_but_never_round_the_corner():
    assert best("KS AS 2S").melds == [] and best("KS AS 2S").left_value == 10 + 15 + 2
    a = best("AS 2S 3S")
    assert [m.cards for m in a.melds] == [["AS", "2S", "3S"]] and a.melded_value == 1 + 2 + 3
    a = best("QS KS AS")
    assert [m.cards for m in a.melds] == [["QS", "KS", "AS"]] and a.melded_value == 10 + 10 + 15
    a = best("AS 2S 3S 4H 4D 4C 9C")
    assert a.melded_value == 18 and a.left_value == 9
    assert sorted(tuple(m.cards) for m in a.melds) == [("4H", "4D", "4C"), ("AS", "2S", "3S")]


def test_aces_in_a_set_score_15_and_least_left_comes_first():
    # four aces (60) and 2-3 left, or A-2-3 (6) and three aces (45) with nothing left
    a = best("AS 2S 3S AH AD AC")
    assert a.left_value == 0 and a.melded_value == 6 + 45


def test_joker_declared_card():
    a = best("5S JK 7S 9D")
    assert [m.cards for m in a.melds] == [["5S", "JK", "7S"]]
    assert [m.declared for m in a.melds] == [["5S", "6S", "7S"]]
    assert a.melded_value == 5 + 15 + 7 and a.left_value == 9
    a = best("KS KD JK")
    assert a.melds[0].declared == ["KS", "KD", "KC"] and a.melded_value == 35
    # a joker declared as a card makes that place taken: 7S cannot go on 5S 6S JK=7S
    a = best("7S 8S", "5S 6S JK")
    assert [lay.cards for lay in a.layoffs] == [["8S"]] and a.left_value == 7
    # a lone joker goes on any meld with room, not by itself
    assert best("JK").left_value == 15
    assert best("JK", "5S 6S 7S").left_value == 0


def test_layoffs_on_anyones_melds_chain_and_the_ace():
    a = best("2H 3H", "4H 5H 6H")
    assert a.left_value == 0 and a.melded_value == 5
    a = best("AH 3H", "4H 5H 6H")            # the ace needs the 2 between
    assert a.left == [parse_bit("AH")] and a.melded_value == 3
    a = best("AH 2H", "3H 4H 5H")            # ace laid off low: worth 1
    assert a.left_value == 0 and a.melded_value == 1 + 2
    a = best("KH AH", "QH JH TH")            # ace high: 15
    assert a.left_value == 0 and a.melded_value == 25
    a = best("AH", "AS 2S 3S; 2H 3H 4H")     # the ace below 2H
    assert a.left_value == 0 and a.melded_value == 1
    a = best("7H 8C", "4H 5H 6H; 8S 8D 8H")
    assert a.left_value == 0 and sorted(lay.onto for lay in a.layoffs) == [0, 1]
    assert best("AS", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS").left_value == 0
    assert best("AS", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", TWO).left_value == 15  # no A-...-K-A
    assert best("8D", "8S 8H 8D 8C", TWO).left_value == 8    # a set has four suits at most


def test_two_decks_duplicates():
    a = best("7S 7S 8S 8S 9S 9S", deck=TWO)
    assert a.left_value == 0 and [m.cards for m in a.melds] == [["7S", "8S", "9S"]] * 2
    a = best("7S 7S 7H 7D", deck=TWO)      # a set needs different suits: one 7S stays
    assert a.left == [parse_bit("7S")] and a.melded_value == 21
    with pytest.raises(InputError, match="2 copies of 7S"):
        ONE.parse("7S 7S 8S")
    with pytest.raises(InputError, match="3 copies of 7S"):
        TWO.parse("7S 7S 7S")
    with pytest.raises(InputError, match="no jokers"):
        DeckSpec(1, 0).parse("JK 7S")


def test_must_meld_a_card():
    a = best("5S 6S 7S 9D", must="9D")
    assert not a.ok
    assert best("5S 6S 7S 7H 7D").left_value == 11      # the set, 5S 6S left
    a = best("5S 6S 7S 7H 7D", must="5S")   # the duty forces the run, 7H 7D left
    assert a.ok and a.left_value == 14 and a.melded_value == 18
    a = best("5S 6S 7S JK", must="JK")      # a joker that must be used goes on the run
    assert a.ok and a.left_value == 0


def test_five_ten_fifteen_values():
    a = best("AS 2S 3S 9H", values="5-10-15")
    assert a.melded_value == 15 + 5 + 5 and a.left_value == 5
    a = best("TH JH QH", values="5-10-15")
    assert a.melded_value == 30


def test_card_notation():
    assert TWO.parse("10h ♠A jo Jk th") == [3 * 16 + 10, 1, 0, 0, 3 * 16 + 10]
    assert [parse_bit(t) for t in ("10h", "♠A", "jo", "JK", "a♥", "2c")] == [3 * 16 + 10, 1, 0, 0, 3 * 16 + 1, 16 + 2]
    with pytest.raises(InputError, match="unknown card"):
        ONE.parse("ZZ")


@pytest.mark.parametrize("text", ["5S 6S", "5S 6S 8S", "KS AS 2S", "5S 6S 7H", "7S 7S 7H", "JK JK JK",
                                  "5S 6S JK=8S", "7S 7H JK=7H"])
def test_table_melds_rejected(text):
    with pytest.raises(InputError, match="not a meld"):
        M.parse_table(text)


def test_table_melds_read():
    tab, n, cards = M.parse_table("JK 6S 7S; 7H 7D JK=7C; 9C JK JC; QD KD AD")
    assert n == 4 and len(cards) == 12
    assert list(tab[0, [M.T_KIND, M.T_SUIT, M.T_LO, M.T_HI]]) == [M.KIND_RUN, 0, 5, 7]
    assert tab[1, M.T_SUITS] == 0b1111 - 0b0001 and tab[1, M.T_JOKERS] == 0b0010  # S absent, C a joker
    assert list(tab[2, [M.T_LO, M.T_HI, M.T_JOKERS]]) == [9, 11, 1 << 10]
    assert list(tab[3, [M.T_LO, M.T_HI]]) == [12, 14]


# ------------------------------------------------------------------ the reference
def _check_rows(bits, tab, nt, vals, rows, res):
    n = int(res[M.RES_ROWS])
    used = M.row_cards(rows, n)
    counts = cards_to_counts(bits)
    assert (used <= counts).all()
    assert sum(int(vals[b]) * int(counts[b] - used[b]) for b in range(64)) == res[M.RES_DEAD]
    new, lays = M.decode(rows, n, tab, vals)
    assert sum(p.value for p in new + lays) == res[M.RES_MELDED]
    for p in new:
        assert ref.is_meld([0 if c == "JK" else parse_bit(c) for c in p.cards]), p.cards


@pytest.mark.parametrize("decks, jokers, values, size, n, seed", [
    (1, 2, "pip", 9, 1500, 1), (2, 4, "pip", 9, 1000, 2), (1, 0, "5-10-15", 10, 500, 3), (2, 4, "pip", 11, 200, 4)])
def test_kernel_agrees_with_reference(decks, jokers, values, size, n, seed):
    rng = random.Random(seed)
    deck = DeckSpec(decks, jokers).cards().tolist()
    vals = values_table(values)
    for _ in range(n):
        bits = rng.sample(deck, rng.randint(3, size))
        tab, nt, table = random_table(rng)
        must = rng.choice(bits) if rng.random() < 0.3 else None
        want = ref.best_arrangement(bits, table, values, must)
        res, rows = kernel(bits, tab, nt, vals, must, M.MAX_ROWS)
        got = (int(res[M.RES_DEAD]), int(res[M.RES_MELDED])) if res[M.RES_OK] else None
        assert got == want, (bits, table, must)
        assert not res[M.RES_TRUNCATED]
        if got is not None:
            _check_rows(bits, tab, nt, vals, rows, res)


def test_kernel_agrees_with_openspiel_gin_rummy():
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(7)
    vals = gin_values_table()
    tab, nt = M.new_table()
    utils = {}
    for _ in range(2000):
        k = rng.randint(3, 13)
        cards = rng.sample(range(52), k)                  # OpenSpiel: suit * 13 + rank (A = 0)
        u = utils.setdefault(k, pyspiel.gin_rummy.GinRummyUtils(13, 4, k))  # hand size k: no discard
        bits = [(c // 13) * 16 + c % 13 + 1 for c in cards]
        res, _ = kernel(bits, tab, nt, vals)
        assert res[M.RES_DEAD] == u.min_deadwood(cards), u.card_ints_to_card_strings(cards)


_card = st.sampled_from(list(range(1, 14)) + [16 + r for r in range(1, 14)] + [32 + r for r in range(1, 14)]
                        + [48 + r for r in range(1, 14)] + [0])


@settings(max_examples=150, deadline=None)
@given(st.lists(_card, min_size=1, max_size=12), _card)
def test_adding_a_card_costs_at_most_its_value(hand, extra):
    tab, nt = M.new_table()
    hand = [b for b in hand]
    if hand.count(0) > 3 or (hand + [extra]).count(0) > 4:
        return
    counts = cards_to_counts(hand + [extra])
    if counts.max() > 2:
        return
    before, _ = kernel(hand, tab, nt)
    after, _ = kernel(hand + [extra], tab, nt)
    assert 0 <= after[M.RES_DEAD] <= before[M.RES_DEAD] + VALS[extra]
    total = sum(int(VALS[b]) for b in hand)
    assert before[M.RES_DEAD] <= total and before[M.RES_MELDED] + before[M.RES_DEAD] <= total


# ------------------------------------------------------------------ command
def _cli(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", "rummy500", *args],
                          capture_output=True, text=True)


def test_melds_command_json_and_errors():
    r = _cli("melds", "AS 2S 3S 4H 4D 4C 9C", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert sorted(out["melds"]) == [["4H", "4D", "4C"], ["AS", "2S", "3S"]]
    assert out["melded_value"] == 18 and out["left"] == ["9C"] and out["left_value"] == 9
    r = _cli("melds", "7S 7S 8S 8S 9S 9S", "--players", "6", "--table", "TS JS QS")
    assert r.returncode == 0 and "left in hand 0" in r.stdout
    for args, needle in [(("melds", "7S 7S 8S"), "2 copies of 7S"), (("melds", "XX"), "unknown card"),
                         (("melds", "7S", "--table", "5S 6S 8S"), "not a meld"),
                         (("melds", "7S", "--players", "9"), "--players"),
                         (("melds", "7S", "--rule", "values=7"), "values")]:
        r = _cli(*args)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and needle in r.stderr, (args, r.stderr)
