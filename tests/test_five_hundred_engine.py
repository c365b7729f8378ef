"""The engine kernels (legal_follow, beats, free_lead_names) against the reference on
thousands of random Five Hundred positions in every strain, with and without a
nominated joker."""

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from analyzer.tricks.engine import beats, free_lead_names, legal_follow, suit_of
from tests.conftest import SUIT_INDEX, from_mask, kernel_rules, suit_bits, to_mask
from tests.reference import five_hundred as ref

N_POSITIONS = 4000
OPTION_CHOICES = ({}, {"joker_lead": "last"}, {"joker_name": "not_void"})

# The batch wrappers are not cached on purpose: they inline engine functions, and numba's
# cache does not notice when a function inlined from another file changes.


@njit
def _follow_batch(rules, hands, leds, out):
    for i in range(hands.shape[0]):
        out[i] = legal_follow(rules[i], hands[i], leds[i], np.uint64(0))


@njit
def _winner_batch(rules, tricks, sizes, named, out):
    """Winner of each trick by ``beats``: the lead, then card by card."""
    for i in range(tricks.shape[0]):
        best = tricks[i, 0]
        led = suit_of(rules[i], best)
        if led < 0:
            led = named[i]
        win = 0
        for j in range(1, sizes[i]):
            if beats(rules[i], tricks[i, j], best, led):
                best = tricks[i, j]
                win = j
        out[i] = win


@njit
def _names_batch(rules, hands, led, void, out):
    for i in range(hands.shape[0]):
        out[i] = free_lead_names(rules[i], hands[i], led[i], void[i])


def random_contract(rng):
    strain = rng.choice(ref.STRAINS)
    nominated = rng.choice((None, None) + tuple(ref.SUITS)) if strain in ("NT", "MIS") else None
    return strain, nominated


def random_cards(rng, n, favour=("JK",)):
    """n distinct cards; half the time one of ``favour`` is forced in (jokers and jacks
    are where the rules are subtle)."""
    deck = list(ref.DECK)
    rng.shuffle(deck)
    cards = deck[:n]
    if rng.random() < 0.5:
        extra = rng.choice(favour)
        if extra not in cards:
            cards[-1] = extra
    return cards


def test_legal_follow_matches_reference_on_random_positions():
    rng = random.Random(500)
    cases = []
    for _ in range(N_POSITIONS):
        strain, nominated = random_contract(rng)
        hand = random_cards(rng, rng.randint(1, 10), ("JK", "JS", "JC", "JD", "JH"))
        cases.append((strain, nominated, hand, rng.choice(ref.SUITS)))
    rules = np.stack([kernel_rules(s, nom) for s, nom, _, _ in cases])
    hands = np.array([to_mask(h, s) for s, _, h, _ in cases], np.uint64)
    leds = np.array([SUIT_INDEX[led] for *_, led in cases], np.int64)
    out = np.zeros(len(cases), np.uint64)
    _follow_batch(rules, hands, leds, out)
    kinds = set()
    for (strain, nominated, hand, led), legal in zip(cases, out):
        expected = ref.legal_follows(hand, led, strain, nominated)
        assert from_mask(legal, strain) == expected, (strain, nominated, hand, led)
        kinds.add((strain, nominated is not None, len(expected) < len(hand)))
    # every strain was seen both following suit and void
    assert len({k[0] for k in kinds}) == 6 and any(not k[2] for k in kinds)


def test_beats_gives_the_reference_winner_on_random_tricks():
    rng = random.Random(501)
    cases = []
    for _ in range(N_POSITIONS):
        strain, nominated = random_contract(rng)
        size = 3 if strain == "MIS" else rng.choice((2, 3, 4, 4))
        cards = random_cards(rng, size, ("JK", "JS", "JC", "JD", "JH"))
        rng.shuffle(cards)
        if "JK" in cards and rng.random() < 0.4:  # lead the joker more often
            cards.remove("JK")
            cards.insert(0, "JK")
        named = rng.choice(ref.SUITS) if ref.is_free_joker(cards[0], strain, nominated) else None
        cases.append((strain, nominated, cards, named))
    rules = np.stack([kernel_rules(s, nom) for s, nom, _, _ in cases])
    tricks = np.zeros((len(cases), 4), np.uint64)
    for i, (strain, _, cards, _) in enumerate(cases):
        tricks[i, :len(cards)] = [to_mask([c], strain) for c in cards]
    sizes = np.array([len(c[2]) for c in cases], np.int64)
    named = np.array([SUIT_INDEX[n] if n else -1 for *_, n in cases], np.int64)
    out = np.zeros(len(cases), np.int64)
    _winner_batch(rules, tricks, sizes, named, out)
    joker_led = 0
    for (strain, nominated, cards, name), win in zip(cases, out):
        assert win == ref.trick_winner(cards, strain, nominated, name), (strain, nominated, cards, name)
        joker_led += name is not None
    assert joker_led > 30


def test_free_lead_names_match_reference_on_random_positions():
    rng = random.Random(502)
    cases = []
    for _ in range(N_POSITIONS):
        strain, nominated = random_contract(rng)
        hand = random_cards(rng, rng.choice((1, 1, 2, 3, 5, 8, 10)))
        if rng.random() < 0.8 and "JK" not in hand:
            hand[0] = "JK"
        led = {s for s in ref.SUITS if rng.random() < 0.5}
        void = {s for s in ref.SUITS if rng.random() < 0.3}
        cases.append((strain, nominated, hand, led, void, rng.choice(OPTION_CHOICES)))
    rules = np.stack([kernel_rules(s, nom, **opt) for s, nom, *_, opt in cases])
    hands = np.array([to_mask(c[2], c[0]) for c in cases], np.uint64)
    led = np.array([suit_bits(c[3]) for c in cases], np.int64)
    void = np.array([suit_bits(c[4]) for c in cases], np.int64)
    out = np.zeros(len(cases), np.int64)
    _names_batch(rules, hands, led, void, out)
    outcomes = set()
    for (strain, nominated, hand, led_suits, void_suits, opt), names in zip(cases, out):
        expected = ref.joker_lead_names(hand, led_suits, strain, nominated, void_suits, **opt)
        got = {s for i, s in enumerate(ref.SUITS) if (names >> i) & 1}
        assert got == expected, (strain, nominated, hand, led_suits, void_suits, opt)
        outcomes.add(len(expected))
    assert outcomes == {0, 1, 2, 3, 4}


# Property tests: hypothesis shrinks any disagreement to a small position.
contracts = st.sampled_from(ref.STRAINS).flatmap(
    lambda s: st.tuples(st.just(s), st.sampled_from((None,) + tuple(ref.SUITS)) if s in ("NT", "MIS")
                        else st.just(None)))
hands = st.lists(st.sampled_from(ref.DECK), min_size=1, max_size=10, unique=True)


@settings(max_examples=300, deadline=None)
@given(contract=contracts, hand=hands, led=st.sampled_from(ref.SUITS))
def test_property_follow_is_a_nonempty_subset_and_matches(contract, hand, led):
    strain, nominated = contract
    rules = kernel_rules(strain, nominated)
    legal = from_mask(legal_follow(rules, to_mask(hand, strain), SUIT_INDEX[led], np.uint64(0)), strain)
    assert legal and legal <= set(hand)
    assert legal == ref.legal_follows(hand, led, strain, nominated)


@settings(max_examples=300, deadline=None)
@given(contract=contracts, cards=st.lists(st.sampled_from(ref.DECK), min_size=2, max_size=4, unique=True),
       named=st.sampled_from(ref.SUITS))
def test_property_one_winner_whatever_the_order(contract, cards, named):
    """The reference winner is the same card in every order of play that keeps the lead,
    and the kernel agrees."""
    strain, nominated = contract
    from tests.conftest import kernel_winner
    name = named if ref.is_free_joker(cards[0], strain, nominated) else None
    win = ref.trick_winner(cards, strain, nominated, name)
    assert kernel_winner(cards, strain, nominated, name) == win
    rest = cards[1:][::-1]
    reordered = [cards[0]] + rest
    assert reordered[ref.trick_winner(reordered, strain, nominated, name)] == cards[win]
