"""Sheepshead kernels against the plain-Python reference (tests/reference/sheepshead.py):
legal moves with every called-suit duty, trick winners, calls and buries, scoring, and
whole play-outs (picked hands and leasters) replayed move by move."""

import math
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from analyzer.bits import ONE
from analyzer.games.sheepshead import scoring
from analyzer.games.sheepshead.bidding import POLICY, best_bury, bury_legal, callable_cards, choose_bury_call
from analyzer.games.sheepshead.deck import DECK
from analyzer.games.sheepshead.play import (MODE_ALONE, MODE_CALL, MODE_POLICY, TRACE_COLS, leaster_class,
                                            legal_moves, pick_and_play, play_leaster, takes)
from analyzer.games.sheepshead.rules import BIT_OF, ID_OF, PTS, RULES, TRUMPS
from analyzer.sim.deal import deal_batch
from analyzer.tricks.engine import beats, legal_follow, seat_called_duties
from numba import njit

from tests.reference import sheepshead as ref

JACK_ORDERS = {"standard": 0, "seed": 1}


def bit(card, j=0):
    return int(BIT_OF[j, DECK.card_id(card)])


def mask(cards, j=0):
    m = 0
    for c in cards:
        m |= 1 << bit(c, j)
    return np.uint64(m)


def card_at(b, j=0):
    return DECK.format(int(ID_OF[j, b]))


def cards_of(m, j=0):
    return sorted(card_at(b, j) for b in range(64) if (int(m) >> b) & 1)


def lane(card):
    return bit(card) >> 4


# ----------------------------------------------------------------------------- deck, dealing
def test_deck_points_and_trumps():
    assert DECK.size == 32 and len(set(ref.DECK)) == 32
    assert sum(ref.points(c) for c in ref.DECK) == 120 == int(PTS.sum())
    assert sorted(cards_of(TRUMPS)) == sorted(ref.TRUMPS_HIGH_TO_LOW)
    for c in ref.DECK:
        assert PTS[bit(c)] == ref.points(c)


def test_trump_count_distribution_exact_and_dealt():
    published = [2.05, 13.24, 30.73, 32.78, 16.90, 3.98, 0.33]
    exact = [math.comb(14, k) * math.comb(18, 6 - k) / math.comb(32, 6) for k in range(7)]
    assert [round(100 * p, 2) for p in exact] == published
    n = 60_000
    pool = np.array(sorted(bit(c) for c in ref.DECK), np.int64)
    deals = deal_batch(7, 0, n, pool, [2, 6, 6, 6, 6, 6])
    counts = np.zeros((5, 7))
    for seat in range(5):
        hands = deals[:, 1 + seat]
        k = np.array([bin(int(h) & int(TRUMPS)).count("1") for h in hands])
        counts[seat] = np.bincount(k, minlength=7)
    for seat in range(5):
        se = np.sqrt(np.array(exact) * (1 - np.array(exact)) / n)
        assert np.all(np.abs(counts[seat] / n - exact) < 5 * se + 1e-9), (seat, counts[seat] / n)
    blind_trumps = np.array([bin(int(h) & int(TRUMPS)).count("1") for h in deals[:, 0]])
    exact_blind = [math.comb(14, k) * math.comb(18, 2 - k) / math.comb(32, 2) for k in range(3)]
    got = np.bincount(blind_trumps, minlength=3) / n
    assert np.all(np.abs(got - exact_blind) < 0.01)


# ----------------------------------------------------------------------------- random positions
@njit(cache=True)
def _winner_kernel(rules, bits, fast):
    """The trick's winner by the engine's ``beats``, or by the game's ``takes``."""
    best = ONE << np.uint64(bits[0])
    win = 0
    led = 0
    for s in range(4):
        if rules[s] & best:
            led = s
    for i in range(1, bits.shape[0]):
        c = ONE << np.uint64(bits[i])
        if (takes(c, best, rules[led]) if fast else beats(rules, c, best, led)):
            best = c
            win = i
    return win


@pytest.mark.parametrize("jack_order", ["standard", "seed"])
def test_trick_winner_matches_reference(jack_order):
    rng = random.Random(11)
    j = JACK_ORDERS[jack_order]
    for _ in range(3000):
        cards = rng.sample(ref.DECK, 5)
        bits = np.array([bit(c, j) for c in cards], np.int64)
        want = ref.trick_winner(cards, jack_order)
        assert _winner_kernel(RULES, bits, False) == want, cards
        assert _winner_kernel(RULES, bits, True) == want, cards


def _random_hand_setup(rng):
    hands, blind = ref.random_deal(rng)
    picker = rng.randrange(5)
    hand8 = hands[picker] + blind
    calls = ref.legal_calls(hand8)
    called = rng.choice(calls) if calls and rng.random() < 0.9 else None
    bury = rng.choice(ref.legal_buries(hand8, called))
    hands[picker] = [c for c in hand8 if c not in bury]
    return hands, picker, called


def _duty_kinds(hand, trick, called, is_picker, opened):
    """Which called-suit duty changes the legal set here (for coverage counting)."""
    plain = ref.legal_plays(hand, trick, None)
    full = ref.legal_plays(hand, trick, called, is_picker, opened)
    if set(plain) == set(full):
        return None
    if called in hand:
        if not trick:
            return "partner leads the called card"
        if ref.suit(trick[0]) == ref.suit(called):
            return "partner plays the called card"
        return "partner keeps the called card"
    return "picker keeps the hold card"


def test_legal_moves_match_reference_with_every_duty():
    rng = random.Random(5)
    seen = Counter()
    positions = 0
    while positions < 6000 or min(seen.values(), default=0) < 40 or len(seen) < 4:
        hands, picker, called = _random_hand_setup(rng)
        called_bit = np.uint64(1 << bit(called)) if called else np.uint64(0)
        cs = lane(called) if called else -1
        partner = next((s for s in range(5) if called in hands[s]), None) if called else None
        side = (1 << picker) | ((1 << partner) if partner is not None else 0)
        leader, opened = 0, False
        for t in range(6):
            trick = []
            for pos in range(5):
                seat = (leader + pos) % 5
                hand = hands[seat]
                want = ref.legal_plays(hand, trick, called, seat == picker, opened)
                if trick:
                    w = ref.trick_winner(trick)
                    best, led = np.uint64(1 << bit(trick[w])), lane(trick[0])
                else:
                    best, led = np.uint64(0), 0
                got = legal_moves(RULES, mask(hand), not trick, led, best, called_bit, cs,
                                  seat == picker and called is not None and not opened, t == 5)
                assert cards_of(got) == sorted(want), (hand, trick, called, seat == picker, opened)
                if called:      # the solver's form: the duties from the hands and the sides
                    follow = mask(hand) if not trick else np.uint64(legal_follow(RULES, mask(hand), led, best))
                    all_hands = np.array([mask(h) for h in hands], np.uint64)
                    by_seat = seat_called_duties(RULES, all_hands, 5, seat, side if (side >> seat) & 1 else 31 & ~side,
                                                 not trick, follow, led, called_bit, t == 5)
                    assert cards_of(by_seat) == sorted(want), (hands, seat, picker, partner, called, trick, opened)
                kind = _duty_kinds(hand, trick, called, seat == picker, opened)
                if kind:
                    seen[kind] += 1
                positions += 1
                # Lead the called suit often, to reach its duties.
                choice = [c for c in want if called and ref.suit(c) == ref.suit(called)]
                card = rng.choice(choice if choice and rng.random() < 0.5 else want)
                hand.remove(card)
                trick.append(card)
            if called and ref.suit(trick[0]) == ref.suit(called):
                opened = True
            leader = (leader + ref.trick_winner(trick)) % 5
    assert len(seen) == 4 and min(seen.values()) >= 40, seen


def test_calls_and_buries_match_reference():
    rng = random.Random(3)
    for _ in range(1500):
        hand8 = rng.sample(ref.DECK, 8)
        m = mask(hand8)
        assert cards_of(callable_cards(m)) == sorted(ref.legal_calls(hand8)), hand8
        for called in ref.legal_calls(hand8) + [None]:
            cb = np.uint64(1 << bit(called)) if called else np.uint64(0)
            legal = {tuple(sorted(p)) for p in ref.legal_buries(hand8, called)}
            for a in range(8):
                for b in range(a + 1, 8):
                    pair = tuple(sorted((hand8[a], hand8[b])))
                    assert bury_legal(m, mask(pair), cb) == (pair in legal)
        bury, called = choose_bury_call(m, POLICY)
        calls = ref.legal_calls(hand8)
        if calls:
            assert cards_of(called)[0] in calls
            assert tuple(sorted(cards_of(bury))) in {tuple(sorted(p)) for p in ref.legal_buries(hand8, cards_of(called)[0])}
        else:
            assert called == 0
        alone_bury, _ = best_bury(m, np.uint64(0), POLICY)
        assert len(cards_of(alone_bury)) == 2 and set(cards_of(alone_bury)) <= set(hand8)


# ----------------------------------------------------------------------------- play-outs
def _decode(trace):
    return [(int(r[1]), card_at(int(r[2]))) for r in trace if r[0] >= 0]


@pytest.mark.parametrize("mode", [MODE_POLICY, MODE_CALL, MODE_ALONE])
def test_picked_playouts_replay_in_reference(mode):
    rng = random.Random(100 + mode)
    trace = np.zeros((30, TRACE_COLS), np.int64)
    info = np.zeros(3, np.int64)
    for _ in range(400):
        hands, blind = ref.random_deal(rng)
        picker = rng.randrange(5)
        arr = np.array([mask(h) for h in hands], np.uint64)
        packed = pick_and_play(RULES, arr, mask(blind), picker, mode, info, trace, True)
        plays = _decode(trace)
        assert len(plays) == 30
        kept = [c for s, c in plays if s == picker]
        bury = [c for c in hands[picker] + blind if c not in kept]
        assert len(bury) == 2
        start = [list(h) for h in hands]
        start[picker] = kept
        partner = int(info[0])
        called = None
        if partner >= 0:
            called = card_at(int(info[2]))
            assert called in ref.legal_calls(hands[picker] + blind) and called in hands[partner]
            assert set(bury) in [set(p) for p in ref.legal_buries(hands[picker] + blind, called)]
        else:
            assert mode != MODE_CALL or not ref.legal_calls(hands[picker] + blind)
        pts, tricks = ref.replay(start, plays, picker, called, bury)
        assert sum(pts) == 120 and sum(tricks) == 6
        side = [picker] + ([partner] if partner >= 0 else [])
        assert packed >> 3 == sum(pts[s] for s in side)
        assert packed & 7 == sum(tricks[s] for s in side)


@pytest.mark.parametrize("blind_first", [False, True])
def test_leaster_playouts_replay_in_reference(blind_first):
    rng = random.Random(7 + blind_first)
    trace = np.zeros((30, TRACE_COLS), np.int64)
    pts_k = np.zeros(5, np.int64)
    tr_k = np.zeros(5, np.int64)
    for _ in range(400):
        hands, blind = ref.random_deal(rng)
        arr = np.array([mask(h) for h in hands], np.uint64)
        play_leaster(RULES, arr, mask(blind), blind_first, pts_k, tr_k, trace, True)
        pts, tricks = ref.replay(hands, _decode(trace), blind=blind,
                                 leaster_blind="first" if blind_first else "last")
        assert list(pts_k) == pts and list(tr_k) == tricks and sum(pts) == 120
        scores = ref.leaster_scores(pts, tricks)
        assert sum(scores) == 0
        for seat in range(5):
            k = leaster_class(pts_k, tr_k, seat)
            assert Fraction(scoring.leaster_value(k)).limit_denominator(10) == scores[seat]


# ----------------------------------------------------------------------------- scoring
@pytest.mark.parametrize("alone", [False, True])
@pytest.mark.parametrize("bump", [False, True])
def test_score_table_matches_reference_and_is_zero_sum(alone, bump):
    for p in range(121):
        for tricks in range(7):
            if tricks == 6 and p < 1 or tricks == 0 and p > 22:
                continue            # impossible: no trick means the bury's points at most
            mine = scoring.score_picked(p, scoring.trick_class(tricks), alone, bump)
            picker, partner, defender = ref.score(p, tricks, alone, bump)
            assert (mine["picker"], mine["partner"], mine["defender"]) == (picker, partner, defender)
            n_def = 4 if alone else 3
            assert picker + partner + n_def * defender == 0


def test_leaster_scores_zero_sum_with_ties():
    rng = random.Random(2)
    cases = [([0, 0, 40, 40, 40], [1, 1, 2, 1, 1]), ([120, 0, 0, 0, 0], [6, 0, 0, 0, 0]),
             ([24, 24, 24, 24, 24], [1, 1, 2, 1, 1]), ([10, 10, 10, 0, 90], [1, 1, 1, 0, 3])]
    for _ in range(300):
        cut = sorted(rng.sample(range(121), 4))
        pts = [b - a for a, b in zip([0] + cut, cut + [120])]
        tr = [rng.randint(0, 2) for _ in range(5)]
        if sum(tr) == 0:
            continue
        tr[rng.randrange(5)] += 6 - sum(tr) if sum(tr) <= 6 else 0
        if sum(tr) == 6 and all(t >= 0 for t in tr):
            cases.append((pts, tr))
    for pts, tr in cases:
        mine = scoring.leaster_scores(pts, tr, exact=True)
        assert sum(mine) == 0
        assert mine == ref.leaster_scores(pts, tr)
    assert scoring.leaster_scores([0, 0, 40, 40, 40], [1, 1, 2, 1, 1]) == [1.5, 1.5, -1, -1, -1]
