"""Euchre kernels against the plain-Python reference (tests/reference/euchre.py)."""

import random

import numpy as np
import pytest

from analyzer.games.euchre.bidding import DEFAULT_POLICY
from analyzer.games.euchre.play import (NO_SEAT, OPT_JOKER_REDEAL, OPT_NO_UP_DISCARD, OPT_STICK,
                                        TRACE_COLS, auction, play_made)
from analyzer.games.euchre.rules import from_trump, rule_table, rule_tables, to_trump
from analyzer.games.euchre.scoring import OUTCOME_POINTS, OUTCOMES, game_winner, outcome, score_deal
from analyzer.tricks.engine import beats, legal_follow, suit_of
from tests.reference import euchre as ref

U = np.uint64


def nat(card) -> int:
    """Natural bit of a reference card (suits S C D H = lanes 0..3, rank - 2; joker 63)."""
    if card == ref.JOKER:
        return 63
    rank, suit = card
    return 16 * ref.SUITS.index(suit) + rank - 2


def lay(card, trump) -> int:
    return int(to_trump(U(1 << nat(card)), ref.SUITS.index(trump)))


def mask(cards, trump) -> int:
    m = 0
    for c in cards:
        m |= lay(c, trump)
    return m


def card_of_bit(bit, trump, size):
    n = int(from_trump(U(1 << bit), ref.SUITS.index(trump)))
    for c in ref.deck(size):
        if 1 << nat(c) == n:
            return c
    raise AssertionError(f"bit {bit} is no card")


@pytest.mark.parametrize("size", [24, 25, 32])
def test_layout_suits_and_power_match_reference(size):
    cards = ref.deck(size)
    for trump in ref.SUITS:
        t = ref.SUITS.index(trump)
        rules = rule_table(t, size)
        assert bin(int(rules[8])).count("1") == size
        for c in cards:
            assert suit_of(rules, U(lay(c, trump))) == ref.SUITS.index(ref.effective_suit(c, trump))
        for led in ref.SUITS:
            li = ref.SUITS.index(led)
            for a in cards:
                for b in cards:
                    if a == b:
                        continue
                    pa, pb = ref.power(a, trump, led), ref.power(b, trump, led)
                    if pa == 0 and ref.effective_suit(a, trump) != led:
                        continue  # the best card so far is always of the suit led or a trump
                    ours = beats(rules, U(lay(b, trump)), U(lay(a, trump)), li)
                    assert ours == (pb > pa), (a, b, trump, led)


def test_bowers_hand_built():
    t = "H"
    rules = rule_table(ref.SUITS.index(t), 24)
    jd, nine_d, nine_s = (11, "D"), (9, "D"), (9, "S")
    # Diamonds led: the left bower (J♦ with hearts trump) is a heart, so 9♦ must be played.
    hand = mask([jd, nine_d, nine_s], t)
    legal = legal_follow(rules, U(hand), ref.SUITS.index("D"), U(lay((14, "D"), t)))
    assert legal == lay(nine_d, t)
    # Hearts led: J♦ is the only trump and must be played.
    legal = legal_follow(rules, U(hand), ref.SUITS.index("H"), U(lay((10, "H"), t)))
    assert legal == lay(jd, t)
    # The left bower beats the ace of trumps; the right beats the left; the joker beats both.
    r25 = rule_table(ref.SUITS.index(t), 25)
    assert beats(r25, U(lay(jd, t)), U(lay((14, "H"), t)), 3)
    assert beats(r25, U(lay((11, "H"), t)), U(lay(jd, t)), 3)
    assert beats(r25, U(lay(ref.JOKER, t)), U(lay((11, "H"), t)), 3)


def test_random_positions_legal_and_winner():
    rng = random.Random(7)
    for i in range(4000):
        size = (24, 25, 32)[i % 3]
        trump = rng.choice(ref.SUITS)
        t = ref.SUITS.index(trump)
        rules = rule_table(t, size)
        cards = ref.deck(size)
        rng.shuffle(cards)
        n_played = rng.randint(1, 3)
        trick = cards[:n_played]
        hand = cards[n_played:n_played + rng.randint(1, 5)]
        led = ref.effective_suit(trick[0], trump)
        li = ref.SUITS.index(led)
        best = trick[ref.trick_winner(trick, trump)]
        want = mask(ref.legal_plays(hand, led, trump), trump)
        assert legal_follow(rules, U(mask(hand, trump)), li, U(lay(best, trump))) == want
        # Winner of the full trick, played in order through beats().
        full = trick + [rng.choice(ref.legal_plays(hand, led, trump))]
        win = 0
        for k in range(1, len(full)):
            if beats(rules, U(lay(full[k], trump)), U(lay(full[win], trump)), li):
                win = k
        assert win == ref.trick_winner(full, trump)


def _random_deal(rng, size, n):
    cards = ref.deck(size)
    rng.shuffle(cards)
    hands = [cards[5 * p:5 * p + 5] for p in range(n)]
    return hands, cards[5 * n]


@pytest.mark.parametrize("n, size, flags", [(2, 24, 0), (4, 24, 0), (4, 25, OPT_NO_UP_DISCARD),
                                            (2, 32, OPT_STICK), (4, 24, OPT_STICK)])
def test_playouts_replayed_by_reference(n, size, flags):
    """Whole hands bid and played by the kernels: every play legal, every trick winner and
    the makers' trick count as the reference says, the pickup and discard as the rules say."""
    rng = random.Random(100 + n + size + flags)
    tables = rule_tables(size)
    trace = np.empty((5 * n, TRACE_COLS), np.int64)
    lay_hands = np.empty(n, np.uint64)
    played_deals = 0
    for _ in range(400):
        hands, up = _random_deal(rng, size, n)
        dealer = rng.randrange(n)
        hn = np.array([sum(1 << nat(c) for c in h) for h in hands], np.uint64)
        upn = U(1 << nat(up))
        work = hn.copy()
        maker, trump_i, alone, rnd = auction(work, n, dealer, upn, 0, 2 * n, -2, 0, flags,
                                             DEFAULT_POLICY)
        if maker == NO_SEAT:
            assert not (flags & OPT_STICK) or up == ref.JOKER
            continue
        played_deals += 1
        trump = ref.SUITS[trump_i]
        if up == ref.JOKER:
            assert maker == dealer and rnd == 1
        elif rnd == 1:
            assert trump == up[1]
        else:
            assert trump != up[1]
        assert n == 4 or alone == 0
        tricks = play_made(tables, work, lay_hands, n, dealer, upn, maker, trump_i, alone, rnd,
                           U(0), flags, trace, True)
        out = (maker + 2) % 4 if alone else None
        # Cards each seat played.
        seat_cards = {p: [] for p in range(n)}
        rows = [r for r in trace if r[0] >= 0]
        assert len(rows) == 5 * (n - (out is not None))
        for r in rows:
            seat_cards[int(r[1])].append(card_of_bit(int(r[2]), trump, size))
        for p in range(n):
            if p == out:
                assert seat_cards[p] == []
            elif p == dealer and rnd == 1:
                six = hands[p] + [up]
                assert set(seat_cards[p]) <= set(six) and len(seat_cards[p]) == 5
                if flags & OPT_NO_UP_DISCARD:
                    assert up in seat_cards[p]
            else:
                assert sorted(seat_cards[p], key=str) == sorted(hands[p], key=str)
        # Replay with the reference.
        assert int(rows[0][1]) == ref.first_leader(n, dealer, out)
        remaining = {p: list(seat_cards[p]) for p in range(n)}
        maker_tricks = 0
        per_trick = len(rows) // 5
        for k in range(5):
            trick_rows = rows[k * per_trick:(k + 1) * per_trick]
            cards = []
            for j, r in enumerate(trick_rows):
                seat = int(r[1])
                card = card_of_bit(int(r[2]), trump, size)
                led = ref.effective_suit(cards[0], trump) if cards else None
                assert card in ref.legal_plays(remaining[seat], led, trump)
                remaining[seat].remove(card)
                cards.append(card)
            winner = int(trick_rows[ref.trick_winner(cards, trump)][1])
            if k < 4:
                assert int(rows[(k + 1) * per_trick][1]) == winner
            maker_tricks += (winner % 2) == (maker % 2)
        assert maker_tricks == tricks
    assert played_deals > 100


def test_scoring_table():
    for tricks in range(6):
        for alone in (False, True):
            assert score_deal(tricks, alone) == ref.score(tricks, alone)
    assert score_deal(5, True) == (4, 0) and score_deal(2) == (0, 2) and score_deal(4) == (1, 0)
    assert OUTCOMES[outcome(True, 5, True)] == "we_lone_march"
    assert OUTCOME_POINTS[outcome(False, 1)] == 2            # we euchred them
    assert OUTCOME_POINTS[outcome(False, 3)] == -1
    assert game_winner((10, 7)) == 0 and game_winner((9, 9)) is None and game_winner((3, 11)) == 1


def test_auction_joker_and_stick_rules():
    tables = rule_tables(25)
    del tables
    rng = random.Random(3)
    for _ in range(300):
        hands, _ = _random_deal(rng, 25, 4)
        hands = [[c for c in h if c != ref.JOKER] for h in hands]
        hn = np.array([sum(1 << nat(c) for c in h) for h in hands], np.uint64)
        m, t, alone, rnd = auction(hn, 4, 1, U(1 << 63), 0, 8, -2, 0, 0, DEFAULT_POLICY)
        assert m == 1 and rnd == 1   # the dealer names trump
        m, *_ = auction(hn, 4, 1, U(1 << 63), 0, 8, -2, 0, OPT_JOKER_REDEAL, DEFAULT_POLICY)
        assert m == NO_SEAT
    # Stick the dealer: a dealer with nothing still names a suit in round two.
    junk = [(9, "S"), (10, "S"), (9, "C"), (10, "C"), (9, "D")]
    hn = np.array([sum(1 << nat(c) for c in junk), sum(1 << nat(c) for c in
                   [(12, "S"), (10, "D"), (12, "C"), (13, "C"), (12, "D")])], np.uint64)
    up = U(1 << nat((10, "H")))
    m, t, alone, rnd = auction(hn.copy(), 2, 0, up, 0, 4, -2, 0, 0, DEFAULT_POLICY, 0)
    m2, t2, _, rnd2 = auction(hn.copy(), 2, 0, up, 0, 4, -2, 0, OPT_STICK, DEFAULT_POLICY, 1)
    assert m2 != NO_SEAT and ref.SUITS[t2] != "H"
