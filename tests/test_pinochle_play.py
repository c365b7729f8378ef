"""Pinochle play against the plain-Python reference: legal cards under the head, trump and
over-trump duties and their options, trick winners with identical cards, whole play-outs
(every card legal, cards conserved, points counted), the heuristic against random play,
and the hand's scoring."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.bits import ZERO
from analyzer.games.pinochle import scoring
from analyzer.games.pinochle.play import TRACE_COLS, card_tables, play_hand
from analyzer.games.pinochle.rules import Options, rule_table, rule_tables
from analyzer.sim.rng import seed_key
from analyzer.tricks import engine
from tests.reference import pinochle as ref

OPTION_SETS = [dict(head=h, overtrump=o) for h in ("best", "led_card", "none") for o in ("always", "trump_led")]
ALL_BITS = [16 * s + k for s in range(4) for k in range(12)]


def card_of(bit: int):
    return (bit >> 4, (bit & 15) >> 1)


def cards_of(mask: int):
    return [card_of(b) for b in range(64) if (mask >> b) & 1]


def random_hands(rng, n_cards=12):
    bits = ALL_BITS[:]
    rng.shuffle(bits)
    return [sum(1 << b for b in bits[k * n_cards:(k + 1) * n_cards]) for k in range(4)]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: f"{o['head']}-{o['overtrump']}")
def test_legal_cards_match_the_reference(opts):
    """Random hands and random tricks in progress (built from legal plays): the engine's
    legal cards are the reference's, up to identical copies."""
    rng = random.Random(hash(tuple(opts.values())) & 0xFFFF)
    options = Options(**opts)
    for _ in range(1500):
        trump = rng.randrange(4)
        rules = rule_table(trump, options)
        hands = random_hands(rng, rng.randint(3, 12))
        trick_bits, plays = [], []
        for k in range(rng.randint(1, 3)):
            hand = hands[k]
            if k == 0:
                legal = hand
            else:
                best = trick_bits[ref.winner(plays, trump)]
                legal = int(engine.legal_follow_lead(rules, np.uint64(hand), np.int64(trick_bits[0] >> 4),
                                                     np.uint64(1 << best), np.uint64(1 << trick_bits[0])))
            b = rng.choice([x for x in range(64) if (legal >> x) & 1])
            trick_bits.append(b)
            plays.append(card_of(b))
            hands[k] &= ~(1 << b)
        hand = hands[len(plays)]
        best = trick_bits[ref.winner(plays, trump)]
        ours = int(engine.legal_follow_lead(rules, np.uint64(hand), np.int64(trick_bits[0] >> 4),
                                            np.uint64(1 << best), np.uint64(1 << trick_bits[0])))
        theirs = ref.legal(cards_of(hand), plays, trump, **opts)
        assert set(cards_of(ours)) == theirs, (opts, trump, plays, cards_of(hand))
        # the rule vector says the same through legal_follow when the best card is the lead
        if len(plays) == 1:
            assert int(engine.legal_follow(rules, np.uint64(hand), np.int64(trick_bits[0] >> 4),
                                           np.uint64(1 << best))) == ours


def test_trick_winner_with_identical_cards():
    rng = random.Random(7)
    rules_all = rule_tables()
    for _ in range(3000):
        trump = rng.randrange(4)
        bits = rng.sample(ALL_BITS, 4)
        if rng.random() < 0.3:               # force identical copies into the trick
            bits[rng.randrange(1, 4)] = bits[0] ^ 1
            if len(set(bits)) < 4:
                continue
        led = bits[0] >> 4
        best, win = np.uint64(1 << bits[0]), 0
        for i, b in enumerate(bits[1:], 1):
            if engine.beats(rules_all[trump], np.uint64(1 << b), best, np.int64(led)):
                best, win = np.uint64(1 << b), i
        assert win == ref.winner([card_of(b) for b in bits], trump)


def play_and_check(rng, options: Options, random_seats=0):
    """One play-out checked card by card against the reference; returns the declaring
    side's points."""
    trump = rng.randrange(4)
    declarer = rng.randrange(4)
    rules = rule_table(trump, options)
    vals = card_tables(options)[trump]
    hands = random_hands(rng)
    h = np.array(hands, np.uint64)
    trace = np.zeros((48, TRACE_COLS), np.int64)
    packed = play_hand(rules, vals, h, np.int64(declarer), trace, True, np.int64(random_seats),
                       np.uint64(rng.getrandbits(64)))
    assert (h == 0).all()
    held = [cards_of(m) for m in hands]
    points = tricks = 0
    leader = declarer
    seen = set()
    for t in range(12):
        rows = trace[4 * t:4 * t + 4]
        plays = []
        for k, (tt, seat, bit, _) in enumerate(rows):
            assert tt == t and seat == (leader + k) % 4
            assert bit not in seen
            seen.add(int(bit))
            c = card_of(int(bit))
            assert c in ref.legal(held[seat], plays, trump, options.head, options.overtrump)
            held[seat].remove(c)
            plays.append(c)
        winner = int(rows[ref.winner(plays, trump), 1])
        if winner % 2 == declarer % 2:
            points += sum(ref.card_points(c, options.counting) for c in plays) + (ref.LAST_TRICK if t == 11 else 0)
            tricks += 1
        leader = winner
    assert len(seen) == 48
    assert packed == points * 16 + tricks
    return points


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), head=st.sampled_from(["best", "led_card", "none"]),
       overtrump=st.sampled_from(["always", "trump_led"]), counting=st.sampled_from(["tens", "fives", "classic"]),
       random_seats=st.integers(0, 15))
def test_play_outs_keep_the_duties_and_count_points(seed, head, overtrump, counting, random_seats):
    """Property: in every play-out, under every option, every card played is legal, every
    card is played once, and the points returned are the reference's count."""
    options = Options(head=head, overtrump=overtrump, counting=counting)
    play_and_check(random.Random(seed), options, random_seats=random_seats)


def test_heuristic_beats_random_play():
    """The heuristic side against a side playing random legal cards, on the same deals
    both ways round: as declarers the heuristic players take about 52 of the 250 points more
    than random ones (measured on these deals: 51.7 ± 1.8)."""
    rng = random.Random(5)
    rules4, vals4 = rule_tables(), card_tables()
    diffs = []
    for i in range(400):
        trump, declarer = i % 4, (i // 4) % 4
        hands = np.array(random_hands(rng), np.uint64)
        trace = np.zeros((1, TRACE_COLS), np.int64)
        key = np.uint64(seed_key(i))
        defenders_random = 0b1010 if declarer % 2 == 0 else 0b0101
        a = play_hand(rules4[trump], vals4[trump], hands.copy(), np.int64(declarer), trace, False,
                      np.int64(defenders_random), key) >> 4
        b = play_hand(rules4[trump], vals4[trump], hands.copy(), np.int64(declarer), trace, False,
                      np.int64(15 ^ defenders_random), key) >> 4
        diffs.append(int(a) - int(b))     # heuristic declarers vs random ones, same cards
    mean, se = np.mean(diffs), np.std(diffs) / np.sqrt(len(diffs))
    assert mean - 5 * se > 40, (mean, se)


def test_hand_scores_match_the_reference():
    rng = random.Random(3)
    for _ in range(3000):
        bid = rng.randrange(250, 600, 10)
        meld = (rng.randrange(0, 400, 10), rng.randrange(0, 300, 10))
        pts = rng.randrange(0, 251)
        tricks = rng.randrange(0, 13)
        if pts == 250:
            tricks = 12
        if pts == 0 and rng.random() < 0.5:
            tricks = 0
        thrown = rng.random() < 0.1
        for save in scoring.SAVE_RULES:
            want = ref.hand_score(bid, meld, (pts, 250 - pts), (tricks, 12 - tricks), thrown, save)
            got = scoring.hand_scores(bid, meld[0], meld[1], pts, tricks, thrown, scoring.save_code(save))
            assert tuple(got) == want
            assert scoring.made(bid, meld[0], pts, tricks, thrown, scoring.save_code(save)) == (want[0] > 0)


def test_meld_saving_and_throw_in_examples():
    # the declarers take no trick point: their meld is lost and the bid with it
    assert ref.hand_score(250, (300, 100), (0, 250), (2, 10)) == (-250, 350)
    assert scoring.hand_scores(250, 300, 100, 0, 2, False, scoring.SAVE_COUNTER) == (-250, 350)
    # ... but under meld_save=trick two tricks of nines save it
    assert scoring.hand_scores(250, 300, 100, 0, 2, False, scoring.SAVE_TRICK) == (300, 350)
    # thrown in: the defenders score only their meld
    assert scoring.hand_scores(400, 100, 160, 0, 0, True, scoring.SAVE_COUNTER) == (-400, 160)
    assert ref.may_throw_in(400, 150) and not ref.may_throw_in(400, 151)


def test_throw_in_policy():
    from analyzer.games.pinochle.bidding import DEFAULT_POLICY, P_CONCEDE, throws_in
    assert throws_in(400, 150, False, DEFAULT_POLICY) and not throws_in(400, 151, False, DEFAULT_POLICY)
    concede = int(DEFAULT_POLICY[P_CONCEDE])
    assert throws_in(300 + concede + 1, 300, True, DEFAULT_POLICY)
    assert not throws_in(300 + concede, 300, True, DEFAULT_POLICY)


def test_min_bid_and_raise_options():
    from analyzer.games.pinochle.questions import parse_auction
    o = Options.parse(["min_bid=300", "raise=any"])
    assert o.minimum == 300 and o.raise_ == "any"
    assert parse_auction("300 350 pass", o)[1] == (3, 350, 1, 0b0100)
    with pytest.raises(Exception, match="not a bid"):
        parse_auction("250", o)


def test_game_winner():
    assert scoring.game_winner((1400, 1450), (120, 130), declaring=0) == 0     # both cross: declarers
    assert scoring.game_winner((1400, 1450), (120, 30), declaring=1) == 0
    assert scoring.game_winner((1400, 1450), (-300, 60), declaring=0) == 1
    assert scoring.game_winner((100, 200), (300, 100), declaring=0) is None
    assert scoring.game_winner((900, 0), (120, 0), declaring=0, target=1000) == 0


def test_no_duties_for_zero_random_seats():
    """random_seats 0 and any stream state: the heuristic alone decides."""
    rng = random.Random(2)
    hands = np.array(random_hands(rng), np.uint64)
    rules, vals = rule_table(1), card_tables()[1]
    trace = np.zeros((1, TRACE_COLS), np.int64)
    a = play_hand(rules, vals, hands.copy(), np.int64(0), trace, False, np.int64(0), ZERO)
    b = play_hand(rules, vals, hands.copy(), np.int64(0), trace, False, np.int64(0), np.uint64(99))
    assert a == b
