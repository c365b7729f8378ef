"""The dealing kernel: exact marginals of a uniform deal, partitions, and determinism
(a deal depends only on (seed, index), whatever the chunking)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.errors import InputError
from analyzer.games.five_hundred.deck import DECK, JOKER_ID
from analyzer.sim.deal import deal_batch
from tests.conftest import tolerance

FULL = np.arange(DECK.size)
COUNTS = np.array([3, 10, 10, 10, 10])      # kitty, then four hands
N = 200_000
MY_HAND = DECK.parse_cards("AH KH QH JH TH AS KS QS JS 5C")


def holds(deals, slot, card):
    return (deals[:, slot] >> np.uint64(card)) & np.uint64(1) == 1


@pytest.fixture(scope="module")
def free_deals():
    return deal_batch(1, 0, N, FULL, COUNTS)


@pytest.fixture(scope="module")
def my_deals():
    """My ten cards fixed in slot 1; the other 33 dealt to kitty, W, N (partner), E."""
    pool = np.array([c for c in range(DECK.size) if c not in MY_HAND])
    fixed = np.array([0, DECK.mask(MY_HAND), 0, 0, 0], np.uint64)
    return deal_batch(2, 0, N, pool, np.array([3, 0, 10, 10, 10]), fixed)


def test_every_deal_is_a_partition(free_deals, my_deals):
    for deals in (free_deals, my_deals):
        assert (np.bitwise_count(deals) == [3, 10, 10, 10, 10]).all()
        union = np.bitwise_or.reduce(deals, axis=1)
        assert (union == np.uint64(DECK.full_mask)).all()  # 43 cards in slots of 43: disjoint
    assert (my_deals[:, 1] == np.uint64(DECK.mask(MY_HAND))).all()


def test_joker_marginals_without_fixed_cards(free_deals):
    for slot, p in [(0, 3 / 43), (1, 10 / 43), (3, 10 / 43)]:
        f = holds(free_deals, slot, JOKER_ID).mean()
        assert abs(f - p) < tolerance(p, N), (slot, f, p)


def test_joker_marginals_given_my_hand(my_deals):
    assert JOKER_ID not in MY_HAND
    for slot, p in [(0, 3 / 33), (3, 10 / 33), (2, 10 / 33)]:
        f = holds(my_deals, slot, JOKER_ID).mean()
        assert abs(f - p) < tolerance(p, N), (slot, f, p)


def test_two_cards_together(free_deals):
    """Joint law: P(W holds the joker and the ace of hearts) = 10*9 / (43*42)."""
    ace = DECK.card_id("AH")
    p = 10 * 9 / (43 * 42)
    f = (holds(free_deals, 2, JOKER_ID) & holds(free_deals, 2, ace)).mean()
    assert abs(f - p) < tolerance(p, N)
    p_kitty = 3 * 2 / (43 * 42)
    f = (holds(free_deals, 0, JOKER_ID) & holds(free_deals, 0, ace)).mean()
    assert abs(f - p_kitty) < tolerance(p_kitty, N)


def chi_square_threshold(dof: int, z: float = 5.0) -> float:
    """Upper z-sigma point of chi-square(dof) (Wilson-Hilferty)."""
    a = 2 / (9 * dof)
    return dof * (1 - a + z * math.sqrt(a)) ** 3


def test_every_card_goes_to_every_slot_with_the_right_frequency(free_deals):
    """Chi-square of the 43 x 5 table card x slot against 3/43, 10/43, ... per card."""
    observed = np.array([[holds(free_deals, s, c).sum() for s in range(5)] for c in range(DECK.size)])
    assert (observed.sum(axis=1) == N).all()
    expected = N * COUNTS / COUNTS.sum()
    chi2 = ((observed - expected) ** 2 / expected).sum()
    assert chi2 < chi_square_threshold(DECK.size * 4), chi2
    # and the test can fail: a deal that never puts the joker in the kitty is far off
    biased = observed.copy()
    biased[JOKER_ID] = [0, N // 4, N // 4, N // 4, N - 3 * (N // 4)]
    assert ((biased - expected) ** 2 / expected).sum() > chi_square_threshold(DECK.size * 4)


def test_chunks_reproduce_the_long_batch():
    long = deal_batch(42, 0, 3000, FULL, COUNTS)
    cuts = [0, 1, 7, 500, 1024, 2999, 3000]
    pieces = [deal_batch(42, a, b - a, FULL, COUNTS) for a, b in zip(cuts, cuts[1:])]
    np.testing.assert_array_equal(np.concatenate(pieces), long)
    assert not (deal_batch(43, 0, 3000, FULL, COUNTS) == long).all(axis=1).any()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), start=st.integers(0, 10**12), n=st.integers(1, 50),
       cut=st.integers(0, 50))
def test_property_any_chunking(seed, start, n, cut):
    cut = min(cut, n)
    whole = deal_batch(seed, start, n, FULL, COUNTS)
    parts = np.concatenate([deal_batch(seed, start, cut, FULL, COUNTS),
                            deal_batch(seed, start + cut, n - cut, FULL, COUNTS)])
    np.testing.assert_array_equal(whole, parts)


@pytest.mark.parametrize("pool,counts", [
    (np.arange(42), COUNTS),                     # sizes add to 43, 42 cards unknown
    (np.array([1, 1, 2]), np.array([3])),        # duplicate card
    (np.array([0, 64, 2]), np.array([3])),       # id out of range
])
def test_deal_batch_rejects_bad_layouts(pool, counts):
    with pytest.raises(InputError):
        deal_batch(0, 0, 10, pool, counts)


def test_seed_key_wraps_large_seeds_without_warnings():
    """Seeds near 2**64 wrap around silently (a RuntimeWarning would reach the CLI's stderr)."""
    import warnings

    from analyzer.sim.rng import GOLDEN, mix64, seed_key
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        keys = [seed_key(s) for s in (0, 1, 2**63, 2**64 - 1)]
    assert keys[3] == mix64(np.uint64((2**64 - 1 + int(GOLDEN)) % 2**64))
    assert len(set(keys)) == 4
