"""Hidden-hand sampler: every world honours every fact, the count matches enumeration,
the worlds are uniform (chi-square against enumeration, for rejection, the counting
fallback and their mixture; fixed seeds), the statistic rejects a biased sampler, and
the return codes."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from analyzer.sim.hidden import (MAX_SLOTS, count_layouts, draw_worlds, layout_count,
                                 sample_worlds)
from analyzer.sim.rng import seed_key

SUIT = [0x1FFF << (16 * s) for s in range(4)]      # 4 suits of 13 ranks, 16 bits apart
DECK = sum(SUIT)


def bits_of(mask):
    return [b for b in range(64) if (mask >> b) & 1]


def check_worlds(worlds, hidden, need, allowed):
    """Every fact holds in every world: sizes, within allowed, disjoint, union is hidden."""
    worlds = np.asarray(worlds, np.uint64)
    assert worlds.shape[1] == len(need)
    assert (np.bitwise_count(worlds) == np.asarray(need)).all()
    assert (worlds & ~np.asarray(allowed, np.uint64) == 0).all()
    union = np.bitwise_or.reduce(worlds, axis=1)
    assert (union == np.uint64(hidden)).all()
    # sizes add up to popcount(hidden) and the union is hidden: so the slots are disjoint
    assert sum(need) == int(hidden).bit_count()


def sample(seed, hidden, need, allowed, n, tries):
    out = np.zeros((n, len(need)), np.uint64)
    rc = sample_worlds(seed_key(seed), np.uint64(hidden), np.asarray(need, np.int64),
                       np.asarray(allowed, np.uint64), out, np.int64(tries))
    return rc, out


# ------------------------------------------------------------------ facts, randomly

def random_position(rng):
    """A true deal of some hidden cards, and facts it satisfies: voids, cards known out."""
    n_slots = int(rng.integers(1, 6))
    suit_len = int(rng.integers(1, 11))
    cards = [16 * s + r for s in range(4) for r in range(suit_len)]
    where = rng.integers(-1, n_slots, len(cards))          # -1: not hidden (seen)
    true = [0] * n_slots
    for c, k in zip(cards, where):
        if k >= 0:
            true[k] |= 1 << c
    hidden = sum(true)
    strength = rng.random()                                # how much is known
    allowed = []
    for k in range(n_slots):
        a = DECK
        for s in range(4):
            if true[k] & SUIT[s] == 0 and rng.random() < strength:
                a &= ~SUIT[s]                              # showed out of suit s
        for c in bits_of(hidden & ~true[k]):
            if rng.random() < strength * 0.3:
                a &= ~(1 << c)                             # c known not to be here
        allowed.append(a)
    need = [t.bit_count() for t in true]
    return hidden, need, allowed


def test_random_positions_honour_every_fact():
    rng = np.random.default_rng(20240601)
    for case in range(3000):
        hidden, need, allowed = random_position(rng)
        assert count_layouts(hidden, need, allowed) >= 1
        tries = (0, 1, 16)[case % 3]
        rc, out = sample(case, hidden, need, allowed, 8, tries)
        assert rc == 8
        check_worlds(out, hidden, need, allowed)
        rc2, again = sample(case, hidden, need, allowed, 8, tries)
        assert rc2 == 8 and (again == out).all()


@st.composite
def positions(draw):
    n_slots = draw(st.integers(1, MAX_SLOTS))
    suit_len = draw(st.integers(1, 8))
    where = draw(st.lists(st.integers(-1, n_slots - 1), min_size=4 * suit_len, max_size=4 * suit_len))
    true = [0] * n_slots
    for i, k in enumerate(where):
        if k >= 0:
            true[k] |= 1 << (16 * (i // suit_len) + i % suit_len)
    hidden = sum(true)
    allowed = []
    for k in range(n_slots):
        voids = draw(st.lists(st.booleans(), min_size=4, max_size=4))
        out = draw(st.integers(0, 2**64 - 1)) & draw(st.integers(0, 2**64 - 1))
        a = (2**64 - 1) & ~(out & hidden & ~true[k])
        for s in range(4):
            if voids[s] and true[k] & SUIT[s] == 0:
                a &= ~SUIT[s]
        allowed.append(a)
    return hidden, [t.bit_count() for t in true], allowed


@settings(max_examples=300, deadline=None)
@given(positions(), st.integers(0, 2**64 - 1), st.sampled_from([0, 1, 16]))
def test_hypothesis_positions_honour_every_fact(position, seed, tries):
    hidden, need, allowed = position
    assert count_layouts(hidden, need, allowed) >= 1
    worlds = draw_worlds(seed, hidden, need, allowed, 6, tries)
    check_worlds(worlds, hidden, need, allowed)
    assert (draw_worlds(seed, hidden, need, allowed, 6, tries) == worlds).all()


# -------------------------------------------------------------- against enumeration

def enumerate_layouts(hidden, need, allowed):
    """Every consistent layout, as a tuple of slot masks, by brute force: every split of
    the hidden cards into slots of the needed sizes, kept if each slot is within its
    allowed cards."""
    found = []

    def split(left, k, masks):
        if k == len(need):
            if all(m & ~a == 0 for m, a in zip(masks, allowed)):
                found.append(tuple(masks))
            return
        for chosen in itertools.combinations(bits_of(left), need[k]):
            m = sum(1 << c for c in chosen)
            split(left & ~m, k + 1, masks + [m])

    split(hidden, 0, [])
    return found


def p_uniform(worlds, layouts):
    """Chi-square p-value of the drawn worlds against uniform over ``layouts``."""
    index = {lay: i for i, lay in enumerate(layouts)}
    counts = np.zeros(len(layouts), np.int64)
    for row in map(tuple, worlds.tolist()):
        counts[index[row]] += 1          # KeyError: an inconsistent world
    return chisquare(counts).pvalue


S, H, D, C = (SUIT[s] for s in range(4))
# 8 cards (3 spades, 3 hearts, 2 diamonds) to 3 slots: slot 0 is void in spades, slot 1
# in hearts, and the 2 of diamonds (bit 32) is known not to be in slot 2.
CASE_A = (0x7 | 0x7 << 16 | 0x3 << 32, [3, 3, 2], [DECK & ~S, DECK & ~H, DECK & ~(1 << 32)])
# 9 cards to 4 slots (a blind of 1): slot 1 void in clubs, slot 2 void in spades and
# hearts, two cards known out of slot 0.
CASE_B = (0x7 | 0x3 << 16 | 0x3 << 32 | 0x3 << 48, [2, 3, 3, 1],
          [DECK & ~(1 << 16 | 1 << 33), DECK & ~C, DECK & ~(S | H), DECK])
# Mild facts, where rejection often succeeds (about 1 split in 3): 8 cards to 3 slots,
# one card known out of slot 0, another out of slot 1, the 2 of spades out of slot 2.
CASE_C = (0xF | 0xF << 16, [3, 3, 2], [DECK & ~(1 << 16), DECK & ~(1 << 17), DECK & ~1])
N = 40_000


@pytest.mark.parametrize("case", [CASE_A, CASE_B, CASE_C], ids=["A", "B", "C"])
@pytest.mark.parametrize("tries", [16, 0])
def test_uniform_against_enumeration(case, tries):
    # A and B defeat rejection often (about 1 split in 19 and 1 in 47 is consistent), so
    # their worlds come mostly from the counts; C's (1 in 3) from rejection
    hidden, need, allowed = case
    layouts = enumerate_layouts(hidden, need, allowed)
    assert count_layouts(hidden, need, allowed) == len(layouts)
    rc, worlds = sample(1, hidden, need, allowed, N, tries)
    assert rc == N
    assert p_uniform(worlds, layouts) > 1e-4


def test_uniform_when_rejection_and_counts_mix():
    """One try a world on C: about 1 world in 3 from rejection, the rest from the counts."""
    hidden, need, allowed = CASE_C
    rc, worlds = sample(1, hidden, need, allowed, N, 1)
    assert rc == N
    # world 0 is the first split of its stream (as with any number of tries): it was
    # accepted, so the call goes on trying rejection first for every world
    assert (worlds[0] == sample(1, hidden, need, allowed, 1, 1000)[1][0]).all()
    assert p_uniform(worlds, enumerate_layouts(hidden, need, allowed)) > 1e-4


def test_count_matches_enumeration_on_random_small_positions():
    rng = np.random.default_rng(5)
    for _ in range(200):
        n_slots = int(rng.integers(1, 5))
        cards = rng.choice(52, int(rng.integers(0, 9)), replace=False)
        hidden = sum(1 << (16 * (c // 13) + c % 13) for c in cards.tolist())
        cut = np.sort(rng.integers(0, len(cards) + 1, n_slots - 1))
        need = np.diff(np.concatenate([[0], cut, [len(cards)]])).tolist()
        allowed = [hidden if rng.random() < 0.3 else hidden & int.from_bytes(rng.bytes(8), "little")
                   for _ in range(n_slots)]
        assert count_layouts(hidden, need, allowed) == len(enumerate_layouts(hidden, need, allowed))


def biased_worlds(rng, hidden, need, allowed, n):
    """Slot by slot, each slot's cards uniform among what it may still take; restart on
    a dead end.  Plausible, but not uniform over layouts."""
    out = np.zeros((n, len(need)), np.uint64)
    for w in range(n):
        while True:
            left = hidden
            row = []
            for k in range(len(need)):
                pool = bits_of(left & allowed[k])
                if len(pool) < need[k]:
                    break
                take = rng.choice(len(pool), need[k], replace=False)
                m = sum(1 << pool[i] for i in take.tolist())
                row.append(m)
                left &= ~m
            else:
                if left == 0:
                    break
        out[w] = row
    return out


def test_the_statistic_rejects_a_biased_sampler():
    hidden, need, allowed = CASE_A
    layouts = enumerate_layouts(hidden, need, allowed)
    worlds = biased_worlds(np.random.default_rng(3), hidden, need, allowed, 10_000)
    check_worlds(worlds, hidden, need, allowed)       # consistent, yet ...
    assert p_uniform(worlds, layouts) < 1e-6          # ... not uniform, and seen not to be


# ------------------------------------------------------------------- return codes

def test_infeasible_facts_give_zero():
    # cards 2 and 3 may only go to slot 2, which takes one card: no slot is short of
    # allowed cards on its own, yet no layout exists
    hidden, need, allowed = 0xF, [1, 2, 1], [0x3, 0x3, 0xF]
    assert count_layouts(hidden, need, allowed) == 0.0
    for tries in (0, 16):
        assert sample(1, hidden, need, allowed, 5, tries)[0] == 0
    # a slot short of allowed cards; a card allowed nowhere
    assert sample(1, 0xF, [2, 2], [0xF, 0x1], 5, 16)[0] == 0
    assert sample(1, 0xF, [2, 2], [0x7, 0x7], 5, 0)[0] == 0
    with pytest.raises(ValueError, match="no layout"):
        draw_worlds(1, hidden, need, allowed, 3)


def test_bad_counts_give_minus_one():
    assert sample(1, 0xF, [2, 1], [0xF, 0xF], 3, 16)[0] == -1       # 3 needed, 4 hidden
    assert sample(1, 0xF, [5, -1], [0xF, 0xF], 3, 16)[0] == -1      # a negative need
    assert sample(1, 0x1FF, [1] * 9, [0x1FF] * 9, 3, 16)[0] == -1   # too many slots
    out = np.zeros((3, 3), np.uint64)                               # out of the wrong width
    assert sample_worlds(seed_key(1), np.uint64(0xF), np.array([2, 2]),
                         np.array([0xF, 0xF], np.uint64), out, np.int64(0)) == -1
    assert layout_count(np.uint64(0xF), np.array([2, 1]), np.array([0xF, 0xF], np.uint64)) == -1.0
    with pytest.raises(ValueError, match="need 3 cards but 4"):
        draw_worlds(1, 0xF, [2, 1], [0xF, 0xF], 3)
    for bad in ([[2, 2], [0xF]], [[2.5, 1.5], [0xF, 0xF]], [[2, 2], [0xF, 2**64]], [[4] + [0] * 8, [0xF] * 9]):
        with pytest.raises(ValueError):
            count_layouts(0xF, *bad)
    with pytest.raises(ValueError):
        draw_worlds(1, 0xF, [2, 2], [0xF, 0xF], -1)


def test_too_many_states_for_the_fallback():
    full, need = 2**64 - 1, [8] * 8                    # 9**8 states
    allowed = [full & ~(1 << k) for k in range(8)]     # card k is not in slot k
    assert sample(1, full, need, allowed, 2, 0)[0] == -2
    # rejection alone needs no table: a mild fact and many tries succeed
    rc, worlds = sample(1, full, need, allowed, 50, 1000)
    assert rc == 50
    check_worlds(worlds, full, need, allowed)


def test_nothing_hidden_and_a_single_slot():
    rc, out = sample(1, 0, [0, 0], [0, 0], 4, 16)
    assert rc == 4 and (out == 0).all()
    assert count_layouts(0, [0, 0], [0, 0]) == 1.0
    rc, out = sample(1, 0xF0, [4], [0xFF], 3, 0)
    assert rc == 3 and (out == 0xF0).all()


@pytest.mark.parametrize("tries", [0, 1, 16])
def test_worlds_depend_on_key_and_index_only(tries):
    hidden, need, allowed = CASE_C
    a = sample(11, hidden, need, allowed, 200, tries)[1]
    b = sample(11, hidden, need, allowed, 50, tries)[1]
    assert (a[:50] == b).all()                         # a prefix of a longer call
    assert not (sample(12, hidden, need, allowed, 200, tries)[1] == a).all()
    assert (draw_worlds(11, hidden, need, allowed, 200, tries) == a).all()
