"""The double-dummy solver against brute-force minimax (plain Python) on small endings:
bridge, Five Hundred suit and no-trump contracts with every joker case, misère, card
points with a last-trick bonus, identical cards with Pinochle's duties, 2 to 5 seats."""

from __future__ import annotations

import random
import zlib

import numpy as np
import pytest

from analyzer.games.bridge.rules import rule_table as bridge_rules
from analyzer.games.five_hundred.deck import DECK
from analyzer.games.five_hundred.rules import BIT_OF, MISERE, NT, Options, nominate, rule_table
from analyzer.tricks import dd
from analyzer.tricks.tables import (F_HEAD_LED, F_MUST_HEAD, F_MUST_OVERTRUMP, F_MUST_TRUMP, R_DECK, R_DUP_SHIFT,
                                    R_FLAGS, R_SUIT, R_TRUMP, R_TRUMP_SUIT, new_rules,
                                    set_points)
from tests.reference.minimax import solve as brute

SOLVER = dd.Solver(1.0)


def deal_bits(rng, pool, n_hands, n_cards):
    cards = list(pool)
    rng.shuffle(cards)
    return [sum(1 << b for b in cards[h * n_cards:(h + 1) * n_cards]) for h in range(n_hands)]


def check(rules, hands, leader, max_side, **kw):
    ours = SOLVER.solve(rules, hands, leader, max_side, **kw)
    kw.pop("n_seats", None)
    theirs = brute(rules, hands, leader, max_side, n_seats=len(hands), **kw)
    assert ours == theirs, (ours, theirs, [hex(h) for h in hands], leader, kw)
    return ours


def bridge_pool(rng, suits=4):
    keep = rng.sample(range(4), suits)
    return [16 * s + r for s in keep for r in range(13)]


@pytest.mark.parametrize("seed", range(3))
def test_bridge_endings(seed):
    rng = random.Random(seed)
    for _ in range(60):
        n = rng.randint(1, 4)
        hands = deal_bits(rng, bridge_pool(rng, rng.choice([2, 3, 4])), 4, n)
        leader = rng.randrange(4)
        check(bridge_rules(rng.randrange(5)), hands, leader, 0b0101 if leader % 2 == 0 else 0b1010)


def five_hundred_position(rng, strain, n_cards, joker_holder=None, n_hands=4):
    """Random hands in a strain's layout; ``joker_holder`` forces the joker's seat."""
    ids = list(range(DECK.size - 1))
    rng.shuffle(ids)
    hands = [[ids.pop() for _ in range(n_cards)] for _ in range(n_hands)]
    if joker_holder is not None:
        hands[joker_holder][0] = DECK.size - 1
    return [sum(1 << int(BIT_OF[strain, i]) for i in h) for h in hands]


@pytest.mark.parametrize("strain", [0, 1, 2, 3])
def test_five_hundred_suit_endings(strain):
    rng = random.Random(10 + strain)
    rules = rule_table(strain)
    for _ in range(40):
        holder = rng.choice([None, 0, 1, 2, 3])
        hands = five_hundred_position(rng, strain, rng.randint(1, 4), holder)
        leader = rng.randrange(4)
        check(rules, hands, leader, 0b0101 if leader % 2 == 0 else 0b1010)


@pytest.mark.parametrize("joker_lead,joker_name", [("any", "unled"), ("last", "unled"),
                                                   ("any", "not_void")])
def test_five_hundred_no_trump_joker(joker_lead, joker_name):
    """The free joker in every hand, leads naming only unled suits (or shown voids), with
    random earlier history, and nominated to each suit."""
    rng = random.Random(zlib.crc32(f"{joker_lead}/{joker_name}".encode()))  # stable across processes
    options = Options.parse([f"joker_lead={joker_lead}", f"joker_name={joker_name}"])
    base = rule_table(NT, options)
    for i in range(60):
        holder = i % 4
        hands = five_hundred_position(rng, NT, rng.randint(1, 4), holder)
        leader = rng.randrange(4)
        suits_led = rng.randrange(16)
        voids = [rng.randrange(16) for _ in range(4)] if joker_name == "not_void" else None
        nom = rng.choice([None, None, 0, 1, 2, 3])
        rules = base if nom is None else nominate(base, nom)
        check(rules, hands, leader, 0b0101 if leader % 2 == 0 else 0b1010,
              suits_led=suits_led, voids=voids)


def test_misere_endings():
    """Three players; the defenders maximise the contractor's tricks; a void holder of the
    free joker must play it."""
    rng = random.Random(7)
    rules = rule_table(MISERE)
    for i in range(80):
        contractor = rng.randrange(4)
        partner = (contractor + 2) % 4
        holder = rng.choice([None, contractor, (contractor + 1) % 4, (contractor + 3) % 4])
        hands = five_hundred_position(rng, MISERE, rng.randint(1, 4), holder)
        hands[partner] = 0
        active = 15 & ~(1 << partner)
        nom = rng.choice([None, 0, 1, 2, 3])
        r = rules if nom is None or holder != contractor else nominate(rules, nom)
        leader = rng.choice([s for s in range(4) if (active >> s) & 1])
        check(r, hands, leader, active & ~(1 << contractor), active=active, count_side=1 << contractor,
              suits_led=rng.randrange(16))


@pytest.mark.parametrize("n_seats", [2, 3, 5])
def test_other_table_sizes(n_seats):
    rng = random.Random(n_seats)
    for _ in range(40):
        n = rng.randint(1, 4 if n_seats < 5 else 3)
        hands = deal_bits(rng, bridge_pool(rng, 4), n_seats, n)
        side = rng.randrange(1, (1 << n_seats) - 1)
        check(bridge_rules(rng.randrange(5)), hands, rng.randrange(n_seats), side, n_seats=n_seats)


def points_rules(rng, trump):
    rules = bridge_rules(trump)
    pts = [0] * 64
    for b in range(64):
        if int(rules[R_DECK]) >> b & 1:
            pts[b] = rng.choice([0, 0, 0, 2, 3, 4, 10, 11])
    return set_points(rules, pts, last_bonus=rng.choice([0, 10]))


@pytest.mark.parametrize("seed", range(2))
def test_points_objective(seed):
    rng = random.Random(100 + seed)
    for _ in range(40):
        n_seats = rng.choice([3, 4, 5])
        hands = deal_bits(rng, bridge_pool(rng, rng.choice([2, 4])), n_seats, rng.randint(1, 3))
        side = rng.randrange(1, (1 << n_seats) - 1)
        check(points_rules(rng, rng.randrange(5)), hands, rng.randrange(n_seats), side, n_seats=n_seats)


def pinochle_rules(rng, trump):
    """Identical cards (two copies of 6 kinds a suit), must-head / must-trump duties."""
    rules = kinds_rules(trump, rng.choice([0, int(F_MUST_HEAD), int(F_MUST_HEAD | F_MUST_TRUMP | F_MUST_OVERTRUMP),
                                           int(F_MUST_HEAD | F_HEAD_LED | F_MUST_TRUMP), int(F_MUST_TRUMP)]))
    if rng.random() < 0.5:
        pts = [0] * 64
        for b in range(64):
            if int(rules[R_DECK]) >> b & 1:
                pts[b] = [0, 0, 2, 3, 4, 10, 11][min(6, (b % 16) // 2)] if b % 16 < 12 else 0
        set_points(rules, pts, last_bonus=10)
    return rules


def test_identical_cards():
    rng = random.Random(42)
    for _ in range(50):
        pool = [16 * s + r for s in rng.sample(range(4), rng.choice([2, 3])) for r in range(12)]
        hands = deal_bits(rng, pool, 4, rng.randint(1, 4))
        leader = rng.randrange(4)
        check(pinochle_rules(rng, rng.randrange(5)), hands, leader, 0b0101 if leader % 2 == 0 else 0b1010)


def test_identical_cards_mid_trick():
    """Positions inside a trick (the led card is then given to the solver: F_HEAD_LED)."""
    from tests.reference.minimax import Game
    rng = random.Random(43)
    for _ in range(60):
        pool = [16 * s + r for s in rng.sample(range(4), rng.choice([2, 3])) for r in range(12)]
        hands = deal_bits(rng, pool, 4, rng.randint(1, 3))
        leader = rng.randrange(4)
        rules = pinochle_rules(rng, rng.randrange(5))
        g = Game(rules, 4, 15, 0, 0)
        trick, seat, plays = [], leader, []
        for k in range(rng.randint(1, 3)):
            hand = int(hands[seat])
            if k == 0:
                moves = [c for c, _ in g.lead_moves(hand, 0, 0)]
            else:
                moves = g.follow_moves(hand, g.suit(trick[0]), plays)
            c = rng.choice(moves)
            plays.append((seat, c))
            trick.append(c)
            hands[seat] = np.uint64(hand ^ c)
            seat = (seat + 1) % 4
        side = 0b0101 if leader % 2 == 0 else 0b1010
        ours = SOLVER.solve(rules, hands, leader, side, trick=trick)
        theirs = brute(rules, hands, leader, side, n_seats=4, trick=trick)
        assert ours == theirs, (ours, theirs, [hex(int(h)) for h in hands], leader, [hex(c) for c in trick])


def few_kinds_pool(rng):
    """Both copies of a few kinds in two or three suits: dealt out, many kinds have their
    copies in different hands, and many positions are the same up to copies and ranks."""
    pool = []
    for s in rng.sample(range(4), rng.choice([2, 3])):
        for r in rng.sample(range(6), rng.choice([2, 3, 4])):
            pool += [16 * s + 2 * r, 16 * s + 2 * r + 1]
    return pool


def pinochle_counting(rng, rules):
    """Card points by kind: Pinochle's tens, fives or classic counting, or none (tricks)."""
    scheme = rng.choice([None, (0, 0, 0, 10, 10, 10), (0, 0, 5, 5, 10, 10), (0, 2, 3, 4, 10, 11)])
    if scheme is not None:
        pts = [scheme[(b % 16) // 2] if b % 16 < 12 else 0 for b in range(64)]
        set_points(rules, pts, last_bonus=rng.choice([0, 10]))
    return rules


@pytest.mark.parametrize("seed", range(3))
def test_identical_cards_split_and_transposed(seed):
    """Endings of 3-4 cards a hand where many kinds have a copy in each of two hands, with
    every counting and duty, on a tiny table too: the table's positions keyed up to
    identical copies and the ranks of the unplayed kinds, its best moves by kind, and the
    sure-trump bounds agree with the brute force."""
    rng = random.Random(500 + seed)
    tiny = dd.Solver(0.01)
    for _ in range(25):
        pool = few_kinds_pool(rng)
        n = min(rng.choice([3, 4]), len(pool) // 4)
        hands = deal_bits(rng, pool, 4, n)
        leader = rng.randrange(4)
        rules = pinochle_counting(rng, pinochle_rules(random.Random(rng.random()), rng.randrange(5)))
        side = 0b0101 if leader % 2 == 0 else 0b1010
        want = check(rules, hands, leader, side)
        assert tiny.solve(rules, hands, leader, side) == want
        for target in (want, want + 1):
            assert SOLVER.solve(rules, hands, leader, side, target=target) == (1 if target <= want else 0)


def test_identical_cards_settings_on_larger_positions():
    """On 6-7 card Pinochle positions (too big for the brute force) every setting gives the
    same value: without the table, the bounds, the ordering or equivalences."""
    rng = random.Random(77)
    solvers = [dd.Solver(mb, opts) for mb, opts in [
        (0.05, dd.O_ALL), (1.0, dd.O_ALL & ~dd.O_QUICK), (1.0, dd.O_ALL & ~dd.O_ORDER),
        (1.0, dd.O_ALL & ~dd.O_EQUIV), (1.0, dd.O_ALL & ~dd.O_TT)]]
    for _ in range(16):
        pool = [16 * s + r for s in rng.sample(range(4), 3) for r in range(12)]
        hands = deal_bits(rng, pool, 4, rng.choice([6, 7]))
        leader = rng.randrange(4)
        rules = pinochle_counting(rng, pinochle_rules(random.Random(rng.random()), rng.randrange(5)))
        side = 0b0101 if leader % 2 == 0 else 0b1010
        values = {s.solve(rules, hands, leader, side) for s in [SOLVER] + solvers}
        assert len(values) == 1, (values, [hex(h) for h in hands], leader)


def kinds_rules(trump, flags, scheme=None, last_bonus=0):
    """Pinochle's layout (two copies of 6 kinds a suit) with the given trump (4: none),
    duties and counting (points of the 6 kinds, weakest first; None: tricks)."""
    rules = new_rules()
    for s in range(4):
        rules[R_SUIT + s] = np.uint64(0xFFF) << np.uint64(16 * s)
        rules[R_DECK] |= rules[R_SUIT + s]
    rules[R_DUP_SHIFT] = 1
    if trump < 4:
        rules[R_TRUMP] = rules[R_SUIT + trump]
        rules[R_TRUMP_SUIT] = trump
    rules[R_FLAGS] = flags
    if scheme is not None:
        set_points(rules, [scheme[(b % 16) // 2] if b % 16 < 12 else 0 for b in range(64)], last_bonus)
    return rules


# Positions where a table entry keyed by kinds that left out too much gave a wrong value
# (found among random positions, each with one part of what the entries keep taken away):
# a follower's duty to head (the lowest of his cards that all beat the best so far, or the
# best card itself), and what the sure bounds read (the top trump of the side without the
# top trump; the best card of the other hands in each suit of the leader).
KINDS_CLASS_CASES = [
    # must head, trumps in suit 1, fives counting, 10 for the last trick: 65 (70 without the duty's cards)
    (["0x608000000640000", "0x912000000000c00", "0x45000001900000", "0x800000020b0100"], 3,
     (1, int(F_MUST_HEAD), (0, 0, 5, 5, 10, 10), 10), 65),
    # head, trump and overtrump, trumps in suit 0, tricks: 2 (3 without the sure bounds' cards)
    (["0x9102100000", "0x16a0000", "0x1200c800000", "0xa4a00000000"], 0,
     (0, int(F_MUST_HEAD | F_MUST_TRUMP | F_MUST_OVERTRUMP), None, 0), 2),
    # no trumps, no duties, tricks: 1 (0 without them)
    (["0x408024404030000", "0x183002000540000", "0x2440c0203000000", "0x30018800a80000"], 3,
     (4, 0, None, 0), 1),
]


@pytest.mark.parametrize("case", range(len(KINDS_CLASS_CASES)))
def test_kinds_entries_keep_what_decided(case):
    """Table entries keyed by kinds cover every position that differs only in which hand
    holds the kinds below every card that mattered (partition search); on these positions
    (values checked by the solver without a table) leaving out a duty's or a bound's cards
    gave another value."""
    hands, leader, (trump, flags, scheme, bonus), want = KINDS_CLASS_CASES[case]
    hands = [int(h, 16) for h in hands]
    rules = kinds_rules(trump, flags, scheme, bonus)
    side = 0b0101 if leader % 2 == 0 else 0b1010
    assert dd.Solver(1.0, dd.O_ALL & ~dd.O_TT).solve(rules, hands, leader, side) == want
    for solver in (dd.Solver(0.05), dd.Solver(4.0)):
        assert solver.solve(rules, hands, leader, side) == want


def test_kinds_entries_on_random_positions():
    """5-8 card Pinochle positions, every counting and duty: the solver with a tiny and a
    large table agrees with itself without a table, exact values and yes/no searches."""
    rng = random.Random(2026)
    tiny, big, plain = dd.Solver(0.05), dd.Solver(4.0), dd.Solver(1.0, dd.O_ALL & ~dd.O_TT)
    for _ in range(60):
        if rng.random() < 0.5:
            pool = [16 * s + r for s in rng.sample(range(4), rng.choice([3, 4])) for r in range(12)]
            n = rng.choice([5, 6, 7, 8])
        else:
            pool = list(dict.fromkeys(few_kinds_pool(rng) + [16 * s + r for s in rng.sample(range(4), 2)
                                                             for r in range(12)]))
            n = min(rng.choice([5, 6, 7]), len(pool) // 4)
        hands = deal_bits(rng, pool, 4, n)
        leader = rng.randrange(4)
        rules = pinochle_counting(rng, pinochle_rules(random.Random(rng.random()), rng.randrange(5)))
        side = 0b0101 if leader % 2 == 0 else 0b1010
        want = plain.solve(rules, hands, leader, side)
        assert tiny.solve(rules, hands, leader, side) == want == big.solve(rules, hands, leader, side)
        for target in (want, want + 1):
            assert tiny.solve(rules, hands, leader, side, target=target) == (1 if target <= want else 0)


def test_results_do_not_depend_on_settings():
    """Switching off ordering, equivalences, quick tricks, the small-card filter or the
    table, or a tiny table, never changes a value."""
    rng = random.Random(3)
    solvers = [dd.Solver(mb, opts) for mb, opts in [
        (1.0, dd.O_ALL), (0.01, dd.O_ALL), (1.0, dd.O_ALL & ~dd.O_ORDER), (1.0, dd.O_ALL & ~dd.O_EQUIV),
        (1.0, dd.O_ALL & ~dd.O_QUICK), (1.0, dd.O_ALL & ~dd.O_SMALL), (1.0, dd.O_ALL & ~dd.O_TT),
        (1.0, dd.O_TT)]]
    for _ in range(12):
        hands = deal_bits(rng, bridge_pool(rng), 4, rng.randint(5, 6))
        leader = rng.randrange(4)
        rules = bridge_rules(rng.randrange(5))
        side = 0b0101 if leader % 2 == 0 else 0b1010
        values = {s.solve(rules, hands, leader, side) for s in solvers}
        assert len(values) == 1, values


@pytest.mark.parametrize("game", ["bridge", "bridge-any-sides", "500", "500-nt"])
def test_bounds_and_lead_order_on_larger_positions(game):
    """Quick/later-trick bounds (long cards, a partner's cashing, split top trumps) and
    the table-driven lead weights never change a value: on 5-7 card positions the
    solver agrees with itself without bounds and without ordering (each exact, see the
    brute-force tests above)."""
    rng = random.Random(zlib.crc32(game.encode()))
    plain = [dd.Solver(1.0, dd.O_ALL & ~dd.O_QUICK), dd.Solver(1.0, dd.O_ALL & ~dd.O_ORDER)]
    for _ in range(25):
        kw = {}
        if game.startswith("bridge"):
            n_seats = 4 if game == "bridge" else rng.choice([2, 3, 4])
            hands = deal_bits(rng, bridge_pool(rng, rng.choice([3, 4])), n_seats, rng.randint(5, 7) if n_seats > 2 else 7)
            rules = bridge_rules(rng.randrange(5))
            leader = rng.randrange(n_seats)
            side = (0b0101 if leader % 2 == 0 else 0b1010) if game == "bridge" else rng.randrange(1, (1 << n_seats) - 1)
            kw["n_seats"] = n_seats
        else:
            strain = NT if game == "500-nt" else rng.randrange(4)
            rules = rule_table(strain)
            hands = five_hundred_position(rng, strain, rng.randint(5, 7), rng.choice([None, 0, 1, 2, 3]))
            leader = rng.randrange(4)
            side = 0b0101 if leader % 2 == 0 else 0b1010
        values = {s.solve(rules, hands, leader, side, **kw) for s in [SOLVER] + plain}
        assert len(values) == 1, (values, [hex(h) for h in hands], leader, side)


def test_moves_and_mid_trick_positions():
    """Every root move's value, and a solve started mid-trick, agree with the brute force."""
    rng = random.Random(11)
    for _ in range(25):
        hands = deal_bits(rng, bridge_pool(rng, 3), 4, 3)
        leader = rng.randrange(4)
        rules = bridge_rules(rng.randrange(5))
        side = 0b0101 if leader % 2 == 0 else 0b1010
        best = SOLVER.solve(rules, hands, leader, side)
        assert best == brute(rules, hands, leader, side, n_seats=4)
        moves = SOLVER.moves(rules, hands, leader, side)
        assert max(v for _, _, v in moves) == best
        for bit, _, v in moves:
            h = list(hands)
            h[leader] ^= 1 << bit
            assert brute(rules, h, leader, side, n_seats=4, trick=[1 << bit]) == v
            assert SOLVER.solve(rules, h, leader, side, trick=[1 << bit]) == v


def test_table_memory_is_fixed():
    s = dd.Solver(1.0)
    before = s.tt.nbytes
    assert before <= 2**20
    for seed in range(3):
        rng = random.Random(seed)
        s.solve(bridge_rules(4), deal_bits(rng, bridge_pool(rng), 4, 7), 0, 0b0101)
    assert s.tt.nbytes == before


def test_invalid_positions_are_rejected():
    rules = bridge_rules(0)
    with pytest.raises(ValueError):
        SOLVER.solve(rules, [1, 1, 2, 4], 0, 0b0101)          # a card in two hands
    with pytest.raises(ValueError):
        SOLVER.solve(rules, [1, 2, 4, 8 | 16], 0, 0b0101)     # unequal hands
    with pytest.raises(ValueError):
        SOLVER.solve(rules, [1, 2, 4, 8], 0, 0)               # no side
