"""The double-dummy solver at tables of three to six and with suits of more than 16 cards
against brute-force minimax (plain Python, tests/reference/minimax.py).

Six-handed Five Hundred's 63-card deck does not fit 16-bit lanes: its trump suit has 17
or 18 cards.  Its layout (what the game passes to the solver): each effective suit's
cards in a contiguous range of bits in power order, suit 0's from bit 0, suit 1's right
after it and so on; in no-trumps and misère the unnominated joker is a free card at bit
63, nominated it is added at bit 63 to one suit.  The rule vectors here are built from
that convention with every order and width of the suits, so that wide suits straddle
the 16-bit boundaries; tables of six play as two teams of three (alternate seats), three
pairs (seats c and c + 3) or with a seat sitting out and a lone counted seat (misère).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.games.bridge.rules import rule_table as bridge_rules
from analyzer.tricks import dd
from analyzer.tricks.tables import (F_FREE_LEAD_LAST, F_FREE_MUST_PLAY, F_FREE_NAME_NOT_VOID, R_DECK, R_FLAGS,
                                    R_FREE, R_SUIT, R_TRUMP, R_TRUMP_SUIT, new_rules, set_points)
from tests.reference.minimax import solve as brute

SOLVER = dd.Solver(1.0)
JOKER = 63

# effective suit widths of the 6-handed deck: (spades, clubs, diamonds, hearts) in
# no-trumps (the joker apart), and with each suit trumps (its jack's partner suit loses
# the left bower; the trump suit gains both bowers' places and the joker)
NT_WIDTHS = (15, 15, 16, 16)
TRUMP_WIDTHS = {0: (17, 14, 16, 16), 1: (14, 17, 16, 16), 2: (15, 15, 18, 15), 3: (15, 15, 15, 18)}


def wide_rules(widths, order, trump=None, flags=0):
    """A rule vector in the contiguous layout: the suits ``order[0]``, ``order[1]``, ...
    of ``widths`` cards from bit 0 up (suit index = position in ``order``); with ``trump``
    (an index into ``widths``) its range ends with the joker, else the joker is free at
    bit 63 (``flags``: F_* of a no-trump or misère contract)."""
    rules = new_rules()
    base = 0
    for s, natural in enumerate(order):
        w = widths[natural]
        rules[R_SUIT + s] = np.uint64(((1 << w) - 1) << base)
        base += w
    assert base <= 63
    deck = 0
    for s in range(4):
        deck |= int(rules[R_SUIT + s])
    if trump is None:
        assert base <= 62
        rules[R_FREE] = np.uint64(1 << JOKER)
        rules[R_TRUMP] = np.uint64(1 << JOKER)
        rules[R_FLAGS] = np.uint64(flags)
        deck |= 1 << JOKER
    else:
        t = order.index(trump)
        rules[R_TRUMP] = rules[R_SUIT + t]
        rules[R_TRUMP_SUIT] = t
    rules[R_DECK] = np.uint64(deck)
    return rules


def nominate(rules, suit):
    out = rules.copy()
    joker = out[R_FREE]
    out[R_SUIT + suit] |= joker
    out[R_TRUMP] &= ~joker
    out[R_FREE] = 0
    return out


def random_wide_rules(rng, free_ok=True):
    """A suit or no-trump contract of the 6-handed deck in a random suit order; a no-trump
    one maybe with its joker nominated (a 17-card suit, its top card at bit 63)."""
    order = rng.sample(range(4), 4)
    if not free_ok or rng.random() < 0.6:
        trump = rng.randrange(4)
        return wide_rules(TRUMP_WIDTHS[trump], order, trump), True
    flags = rng.choice([0, 0, int(F_FREE_LEAD_LAST), int(F_FREE_NAME_NOT_VOID)])
    rules = wide_rules(NT_WIDTHS, order, None, flags)
    if rng.random() < 0.3:
        return nominate(rules, rng.randrange(4)), True
    return rules, False


def deal(rng, rules, n_hands, n_cards, n_suits, joker_holder=None, active=None):
    """Random hands from ``n_suits`` of the rule vector's suits (few suits: long holdings
    and many cards of the wide suits); seats outside ``active`` get nothing."""
    seats = [s for s in range(n_hands) if active is None or (active >> s) & 1]
    free = int(rules[R_FREE])
    suits = rng.sample(range(4), 4)
    pool = []
    for k, s in enumerate(suits):   # n_suits suits, more if they hold too few cards
        if k >= n_suits and len(pool) >= len(seats) * n_cards:
            break
        pool += [b for b in range(64) if (int(rules[R_SUIT + s]) >> b) & 1 and not (free >> b) & 1]
    rng.shuffle(pool)
    hands = [0] * n_hands
    for s in seats:
        for _ in range(n_cards):
            hands[s] |= 1 << pool.pop()
    if joker_holder is not None and free:
        h = hands[joker_holder]
        hands[joker_holder] = (h & ~(1 << (h.bit_length() - 1))) | free
    return hands


def check(rules, hands, leader, max_side, solver=SOLVER, **kw):
    ours = solver.solve(rules, hands, leader, max_side, **kw)
    kw.pop("n_seats", None)
    theirs = brute(rules, hands, leader, max_side, n_seats=len(hands), **kw)
    assert ours == theirs, (ours, theirs, [hex(h) for h in hands], leader, hex(max_side), kw,
                            [hex(int(r)) for r in rules])
    return ours


def six_sides(rng, leader):
    """(maximising side, counted side) at a table of six: two teams of three (alternate
    seats) or three pairs (c and c + 3, the other four minimising)."""
    if rng.random() < 0.5:
        side = 0b010101 if rng.random() < 0.5 else 0b101010
    else:
        c = rng.randrange(3)
        side = (1 << c) | (1 << (c + 3))
    return side, side


def test_make_cfg_lanes():
    """Suits up to 16 cards keep their 16-bit lanes; a wider one packs the suits."""
    cfg = dd.make_cfg(4, 0b0101, rules=bridge_rules(2))
    assert [cfg[dd.C_OFF + s] for s in range(4)] == [0, 16, 32, 48]
    assert cfg[dd.C_WIDE] == 0 and cfg[dd.C_RMASK] == 15 and cfg[dd.C_KEYX] == 0
    rules = wide_rules(TRUMP_WIDTHS[3], [0, 1, 2, 3], 3)
    cfg = dd.make_cfg(6, 0b010101, rules=rules)
    assert [cfg[dd.C_OFF + s] for s in range(4)] == [0, 15, 30, 45]
    assert [int(cfg[dd.C_RBASE + s]) for s in range(4)] == [0, 15, 30, 45]
    assert int(np.uint64(cfg[dd.C_FIELD + 3])) == ((1 << 18) - 1) << 45
    assert cfg[dd.C_WIDE] == 1 and cfg[dd.C_KEYX] == -1
    cfg = dd.make_cfg(6, 0b010101, rules=nominate(wide_rules(NT_WIDTHS, [3, 2, 1, 0]), 0))
    assert [cfg[dd.C_OFF + s] for s in range(4)] == [0, 17, 33, 48]   # hearts + joker, diamonds, ...


def _ranked(mask):
    return [b for b in range(64) if (mask >> b) & 1]


@pytest.mark.parametrize("n_seats", [4, 5, 6])
def test_table_keys_encode_the_position(n_seats):
    """The table's keys and patterns written for a position (with cards already played)
    decode to it: every hand's suit lengths and voids from the key words, and at six
    seats the owner of every unplayed card, by relative rank, from the three planes (at
    four and five seats each pattern word is a hand in relative ranks); a winning-card
    mask in relative ranks maps back to the same cards.  In the wide layout too, where
    relative ranks go beyond a 16-bit lane."""
    from analyzer.tricks.dd.core import _rel_hand
    from analyzer.tricks.dd.table import _abs_of_wrel, _keys, _rel_planes, _wrel_of

    rng = random.Random(70 + n_seats)
    for i in range(40):
        if i % 4 == 0:
            rules = bridge_rules(rng.randrange(5))
        else:
            rules, _ = random_wide_rules(rng)
            rules[R_FLAGS] = np.uint64(int(rules[R_FLAGS]) | int(F_FREE_NAME_NOT_VOID))
        cfg = dd.make_cfg(n_seats, 1, rules=rules)
        deck = _ranked(int(rules[R_DECK]) & ~int(rules[R_FREE]))
        rng.shuffle(deck)
        n = rng.randint(1, min(10, len(deck) // n_seats))
        hands = np.zeros(dd.MAX_SEATS, np.uint64)
        for h in range(n_seats):
            hands[h] = np.uint64(sum(1 << b for b in deck[h * n:(h + 1) * n]))
        if int(rules[R_FREE]) and rng.random() < 0.7:   # the free joker to some hand
            h = rng.randrange(n_seats)
            hands[h] = np.uint64((int(hands[h]) & ~(1 << int(hands[h]).bit_length() - 1)) | int(rules[R_FREE]))
        unpl = 0
        for h in hands:
            unpl |= int(h)
        voids = np.array([rng.randrange(16) for _ in range(dd.MAX_SEATS)], np.int64)
        leader = rng.randrange(n_seats)
        k0, k1, kx = (int(k) for k in _keys(rules, cfg, hands, leader, 5, voids))
        holder = next((h for h in range(n_seats) if int(hands[h]) & int(rules[R_FREE])), None)
        for h in range(n_seats):
            for s in range(4):
                want = bin(int(hands[h]) & int(rules[R_SUIT + s])).count("1")
                got = (k0 >> (16 * h + 4 * s)) if h < 4 else (k1 >> (4 * s)) if h == 4 else (kx >> (4 * s))
                assert got & 15 == want
            if holder is not None and int(rules[R_FREE]):
                got = (k1 >> (26 + 4 * h)) if h < 5 else (kx >> 16)
                assert got & 15 == voids[h]
        assert (k1 >> 16) & 7 == leader and (k1 >> 19) & 7 == (7 if holder is None else holder)
        fields = [int(np.uint64(cfg[dd.C_FIELD + s])) for s in range(4)]
        offs = [int(cfg[dd.C_OFF + s]) for s in range(4)]
        for s in range(4):
            assert fields[s] & ~((1 << 64) - (1 << offs[s])) == 0
            assert all(fields[s] & fields[t] == 0 for t in range(s))
        # relative ranks of every hand
        for h in range(n_seats):
            rel = int(_rel_hand(rules, cfg, hands[h], np.uint64(unpl), dd.PEXT8))
            for s in range(4):
                us = _ranked(unpl & int(rules[R_SUIT + s]))
                want = sum(1 << r for r, b in enumerate(us) if (int(hands[h]) >> b) & 1)
                assert (rel & fields[s]) >> offs[s] == want
        if n_seats == 6:
            rel = np.zeros(8, np.uint64)
            _rel_planes(rules, cfg, hands, np.uint64(unpl), rel, np.uint64(4), dd.PEXT8, np.uint64(kx))
            p = [int(x) for x in rel[4:8]]
            assert p[3] == kx
            for s in range(4):
                for r, b in enumerate(_ranked(unpl & int(rules[R_SUIT + s]))):
                    owner = sum(1 << j for j in range(3) if (p[j] >> (offs[s] + r)) & 1)
                    assert int(hands[owner]) >> b & 1
        # winning cards: closed upwards in each suit, to relative ranks and back
        w = 0
        for b in _ranked(unpl):
            if rng.random() < 0.15:
                w |= 1 << b
        wrel = int(_wrel_of(rules, cfg, np.uint64(w), np.uint64(unpl)))
        back = int(_abs_of_wrel(rules, cfg, np.uint64(wrel), np.uint64(unpl)))
        want = 0
        for s in range(4):
            us = _ranked(unpl & int(rules[R_SUIT + s]))
            mine = [b for b in us if (w >> b) & 1]
            if mine:
                want |= sum(1 << b for b in us if b >= mine[0])
        assert back == want


@pytest.mark.parametrize("seed", range(3))
def test_six_seats_wide_layout(seed):
    """Six hands of 1-3 cards in the wide layout (suit and no-trump contracts, the joker
    free or nominated), two teams of three or three pairs."""
    rng = random.Random(600 + seed)
    for _ in range(40):
        rules, _ = random_wide_rules(rng)
        n = rng.randint(1, 3)
        holder = rng.choice([None, None, rng.randrange(6)])
        hands = deal(rng, rules, 6, n, rng.choice([1, 2, 2, 3]), holder)
        leader = rng.randrange(6)
        side, count = six_sides(rng, leader)
        kw = {}
        if int(rules[R_FREE]):
            kw["suits_led"] = rng.randrange(16)
            if int(rules[R_FLAGS]) & int(F_FREE_NAME_NOT_VOID):
                kw["voids"] = [rng.randrange(16) for _ in range(6)]
        check(rules, hands, leader, side, count_side=count, **kw)


def test_six_seats_misere_one_out():
    """A seat sits out, the other four defend against a lone counted contractor (they
    maximise his tricks); a void holder of the free joker must play it."""
    rng = random.Random(61)
    for _ in range(50):
        order = rng.sample(range(4), 4)
        rules = wide_rules(NT_WIDTHS, order, None, int(F_FREE_MUST_PLAY))
        contractor = rng.randrange(6)
        out = rng.choice([s for s in range(6) if s != contractor])
        active = 63 & ~(1 << out)
        holder = rng.choice([None, contractor, rng.choice([s for s in range(6) if (active >> s) & 1])])
        hands = deal(rng, rules, 6, rng.randint(1, 3), rng.choice([1, 2, 3]), holder, active)
        if holder == contractor and rng.random() < 0.5:
            rules = nominate(rules, rng.randrange(4))
        leader = rng.choice([s for s in range(6) if (active >> s) & 1])
        check(rules, hands, leader, active & ~(1 << contractor), active=active,
              count_side=1 << contractor, suits_led=rng.randrange(16))


def test_six_seats_points_and_aligned_lanes():
    """Six hands in 16-bit lanes (bridge), tricks and card points (exact table entries),
    and in the wide layout with points."""
    rng = random.Random(62)
    for i in range(40):
        if i % 2:
            rules = bridge_rules(rng.randrange(5))
            pool = [16 * s + r for s in rng.sample(range(4), rng.choice([2, 3, 4])) for r in range(13)]
            rng.shuffle(pool)
            n = rng.randint(1, 3)
            hands = [sum(1 << pool.pop() for _ in range(n)) for _ in range(6)]
        else:
            rules, _ = random_wide_rules(rng, free_ok=False)
            hands = deal(rng, rules, 6, rng.randint(1, 3), rng.choice([1, 2]))
        if rng.random() < 0.4:
            pts = [rng.choice([0, 0, 1, 5, 10]) if (int(rules[R_DECK]) >> b) & 1 else 0 for b in range(64)]
            set_points(rules, pts, last_bonus=rng.choice([0, 10]))
        leader = rng.randrange(6)
        side, count = six_sides(rng, leader)
        check(rules, hands, leader, side, count_side=count)


@pytest.mark.parametrize("n_seats", [2, 3, 4, 5])
def test_wide_layout_smaller_tables(n_seats):
    """The wide layout at tables of two to five (any sides), longer hands."""
    rng = random.Random(630 + n_seats)
    for _ in range(30):
        rules, _ = random_wide_rules(rng)
        n = rng.randint(1, {2: 6, 3: 4, 4: 3, 5: 3}[n_seats])
        hands = deal(rng, rules, n_seats, n, rng.choice([1, 2, 3]), rng.choice([None, 0]))
        leader = rng.randrange(n_seats)
        side = rng.randrange(1, (1 << n_seats) - 1)
        kw = {"suits_led": rng.randrange(16)} if int(rules[R_FREE]) else {}
        check(rules, hands, leader, side, n_seats=n_seats, **kw)


def test_three_seats_lanes():
    """Three hands in 16-bit lanes, one side of one against two (either way)."""
    rng = random.Random(64)
    for _ in range(40):
        rules = bridge_rules(rng.randrange(5))
        pool = [16 * s + r for s in rng.sample(range(4), rng.choice([2, 3, 4])) for r in range(13)]
        rng.shuffle(pool)
        n = rng.randint(1, 5)
        hands = [sum(1 << pool.pop() for _ in range(n)) for _ in range(3)]
        leader = rng.randrange(3)
        check(rules, hands, leader, 1 << rng.randrange(3) if rng.random() < 0.5 else 7 & ~(1 << leader),
              n_seats=3)


def test_six_seats_moves_and_mid_trick():
    """Every root move's value at a table of six, and solves started mid-trick."""
    rng = random.Random(65)
    for _ in range(15):
        rules, _ = random_wide_rules(rng, free_ok=False)
        hands = deal(rng, rules, 6, 2, rng.choice([1, 2]))
        leader = rng.randrange(6)
        side, _ = six_sides(rng, leader)
        best = SOLVER.solve(rules, hands, leader, side)
        moves = SOLVER.moves(rules, hands, leader, side)
        pick = max if (side >> leader) & 1 else min
        assert pick(v for _, _, v in moves) == best
        for bit, _, v in moves:
            h = list(hands)
            h[leader] ^= 1 << bit
            assert SOLVER.solve(rules, h, leader, side, trick=[1 << bit]) == v
            assert brute(rules, h, leader, side, n_seats=6, trick=[1 << bit]) == v


def _permuted(rules, hands, perm):
    """The same position in another suit order: suit s of ``rules`` becomes suit
    ``perm[s]`` of the result, its cards moved to that suit's new range."""
    widths = [bin(int(rules[R_SUIT + s]) & ~(1 << JOKER)).count("1") for s in range(4)]
    new_order = sorted(range(4), key=lambda s: perm[s])
    base = {}
    b = 0
    for s in new_order:
        base[s] = b
        b += widths[s]

    def move(mask):
        out = 0
        for s in range(4):
            sm = int(rules[R_SUIT + s]) & ~(1 << JOKER)
            lo = (sm & -sm).bit_length() - 1
            out |= ((mask & sm) >> lo) << base[s]
        return out | (mask & (1 << JOKER))

    out = rules.copy()
    for s in range(4):
        out[R_SUIT + perm[s]] = np.uint64(move(int(rules[R_SUIT + s])) | (int(rules[R_SUIT + s]) & (1 << JOKER)))
    out[R_TRUMP] = np.uint64(move(int(rules[R_TRUMP])))
    out[R_DECK] = np.uint64(move(int(rules[R_DECK])))
    if int(rules[R_TRUMP_SUIT]) < 4:
        out[R_TRUMP_SUIT] = perm[int(rules[R_TRUMP_SUIT])]
    return out, [move(h) for h in hands]


def _larger_position(rng, i):
    """A six-hand position of 5-7 cards a hand: any contract of the wide layout, teams of
    three, three pairs or a lone counted seat against four (one seat out)."""
    rules, _ = random_wide_rules(rng, free_ok=i % 3 != 0)
    kind = i % 3
    active = 63
    if kind == 2:
        contractor = rng.randrange(6)
        active = 63 & ~(1 << rng.choice([s for s in range(6) if s != contractor]))
        side, count = active & ~(1 << contractor), 1 << contractor
    n = rng.choice([5, 6, 7] if kind < 2 else [5, 6])   # a lone seat's misère: slower without the table
    holder = rng.choice([None, rng.choice([s for s in range(6) if (active >> s) & 1])])
    hands = deal(rng, rules, 6, n, rng.choice([2, 3, 4]), holder, active)
    leader = rng.choice([s for s in range(6) if (active >> s) & 1])
    if kind < 2:
        side, count = six_sides(rng, leader)
    kw = {"active": active, "count_side": count}
    if int(rules[R_FREE]):
        kw["suits_led"] = rng.randrange(16)
        if int(rules[R_FLAGS]) & int(F_FREE_NAME_NOT_VOID):
            kw["voids"] = [rng.randrange(16) for _ in range(6)]
    return rules, hands, leader, side, kw


def test_six_seats_larger_positions_agree():
    """On 5-7 card six-hand positions in the wide layout (too big for the brute force),
    the table (its keys at six seats: planes of owners and the sixth hand's lengths and
    voids; relative ranks of wide suits) never changes a value: the solver agrees with
    itself without the table (exact without any key, see the brute-force tests above),
    with a tiny table, without the bounds, the ordering or equivalences; and so does
    the position with its suits in another order (other offsets, other 16-bit
    boundaries crossed) and with the seats rotated."""
    rng = random.Random(66)
    reference = dd.Solver(1.0, dd.O_ALL & ~dd.O_TT)
    solvers = [dd.Solver(mb, opts) for mb, opts in [
        (0.05, dd.O_ALL), (1.0, dd.O_ALL & ~dd.O_QUICK), (1.0, dd.O_ALL & ~dd.O_ORDER),
        (1.0, dd.O_ALL & ~dd.O_EQUIV), (1.0, dd.O_ALL & ~dd.O_SMALL)]]
    table_only = dd.Solver(1.0, dd.O_TT)   # slow beyond five cards
    for i in range(45):
        rules, hands, leader, side, kw = _larger_position(rng, i)
        v = reference.solve(rules, hands, leader, side, **kw)
        short = bin(hands[leader]).count("1") <= 5
        for s in [SOLVER] + solvers + ([table_only] if short else []):
            assert s.solve(rules, hands, leader, side, **kw) == v, ([hex(h) for h in hands], leader, side, kw)
        perm = rng.sample(range(4), 4)
        r2, h2 = _permuted(rules, hands, perm)
        kw2 = dict(kw)
        if "suits_led" in kw:   # suit s is suit perm[s] of the permuted rules
            kw2["suits_led"] = sum(1 << perm[t] for t in range(4) if (kw["suits_led"] >> t) & 1)
        if "voids" in kw:
            kw2["voids"] = [sum(1 << perm[t] for t in range(4) if (m >> t) & 1) for m in kw["voids"]]
        assert SOLVER.solve(r2, h2, leader, side, **kw2) == v
        k = rng.randrange(1, 6)

        def rot(mask):
            return sum(1 << ((t + k) % 6) for t in range(6) if (mask >> t) & 1)

        kw3 = dict(kw, active=rot(kw["active"]), count_side=rot(kw["count_side"]))
        if "voids" in kw:
            kw3["voids"] = [kw["voids"][(t - k) % 6] for t in range(6)]
        hands3 = [hands[(t - k) % 6] for t in range(6)]
        assert SOLVER.solve(rules, hands3, (leader + k) % 6, rot(side), **kw3) == v


@pytest.mark.parametrize("n_seats", [2, 3, 6])
def test_wide_suit_beyond_sixteen_unplayed(n_seats):
    """Positions where a wide suit has more than 16 unplayed cards (its relative ranks do
    not fit a 16-bit lane): hands drawn mostly from the widest suit, the table's values
    against the solver's without a table."""
    rng = random.Random(680 + n_seats)
    reference = dd.Solver(1.0, dd.O_ALL & ~dd.O_TT)
    tiny = dd.Solver(0.05)
    n_cards = {2: (9, 10, 11), 3: (6, 7), 6: (4, 5)}[n_seats]
    over = 0
    for _ in range(30):
        rules, wide = random_wide_rules(rng)
        while not wide:   # the unnominated joker leaves suits of 15-16 cards
            rules, wide = random_wide_rules(rng)
        n = rng.choice(n_cards)
        # every card of the widest suit first, then others
        order = sorted(range(4), key=lambda s: -bin(int(rules[R_SUIT + s])).count("1"))
        pools = [[b for b in range(64) if (int(rules[R_SUIT + s]) >> b) & 1] for s in order]
        for p in pools[1:]:
            rng.shuffle(p)
        cards = (pools[0] + pools[1] + pools[2])[:n_seats * n]
        rng.shuffle(cards)
        hands = [sum(1 << b for b in cards[h * n:(h + 1) * n]) for h in range(n_seats)]
        unpl = 0
        for h in hands:
            unpl |= h
        over += max(bin(unpl & int(rules[R_SUIT + s])).count("1") for s in range(4)) > 16
        leader = rng.randrange(n_seats)
        side = rng.randrange(1, (1 << n_seats) - 1)
        kw = {"n_seats": n_seats}
        if int(rules[R_FREE]):
            kw["suits_led"] = rng.randrange(16)
        v = reference.solve(rules, hands, leader, side, **kw)
        assert SOLVER.solve(rules, hands, leader, side, **kw) == v, ([hex(h) for h in hands], leader, side)
        assert tiny.solve(rules, hands, leader, side, **kw) == v
    assert over >= 10


def test_six_seats_joker_name_not_void():
    """No-trumps with the Queensland joker rule (a joker lead names any suit its leader
    has not shown void in): the voids of every seat, the sixth's included, are part of the
    table's key while the joker is out; the holder is mostly the sixth seat."""
    rng = random.Random(69)
    reference = dd.Solver(1.0, dd.O_ALL & ~dd.O_TT)
    for i in range(40):
        rules = wide_rules(NT_WIDTHS, rng.sample(range(4), 4), None, int(F_FREE_NAME_NOT_VOID))
        holder = 5 if i % 4 else rng.randrange(5)
        n = 3 if i < 8 else rng.choice([4, 5, 6])
        hands = deal(rng, rules, 6, n, rng.choice([2, 3]), holder)
        leader = rng.randrange(6)
        side, count = six_sides(rng, leader)
        kw = {"voids": [rng.randrange(16) for _ in range(6)], "count_side": count}
        v = reference.solve(rules, hands, leader, side, **kw)
        assert SOLVER.solve(rules, hands, leader, side, **kw) == v, ([hex(h) for h in hands], leader, side, kw)
        if n == 3:
            assert check(rules, hands, leader, side, **kw) == v   # and the brute force


def test_six_seats_target_and_limits():
    """Zero-window answers at six seats; hands the tables cannot key are refused."""
    rng = random.Random(67)
    for _ in range(10):
        rules, _ = random_wide_rules(rng)
        hands = deal(rng, rules, 6, 3, 2)
        leader = rng.randrange(6)
        side, _ = six_sides(rng, leader)
        want = check(rules, hands, leader, side)
        for target in (want, want + 1):
            assert SOLVER.solve(rules, hands, leader, side, target=target) == (1 if target <= want else 0)
    rules = wide_rules(TRUMP_WIDTHS[3], [0, 1, 2, 3], 3)
    trumps = int(rules[R_SUIT + 3])
    cards = [b for b in range(64) if (trumps >> b) & 1]
    with pytest.raises(ValueError):   # 16 trumps in one hand
        SOLVER.solve(rules, [sum(1 << b for b in cards[:16]), (1 << 16) - 1], 0, 1)
    with pytest.raises(ValueError):
        dd.make_cfg(7, 1)
