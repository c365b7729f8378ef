"""Hand-built Five Hundred positions with known outcomes: bowers, the joker in suit
contracts, no-trumps and misère.  Each case is checked against both the reference and
the engine kernels, so a wrong expectation and a wrong kernel both show up."""

import itertools

import pytest

from analyzer.games.five_hundred.deck import DECK
from analyzer.tricks.engine import suit_of
from analyzer.tricks.tables import R_DECK
from tests.conftest import (SUIT_INDEX, kernel_follows, kernel_lead_names, kernel_rules, kernel_winner,
                            layout_bit, to_mask)
from tests.reference import five_hundred as ref

ALL = set(ref.SUITS)

# (why, hand, suit led, strain, nominated suit, legal cards)
FOLLOW_CASES = [
    ("left bower follows a trump lead", ["JD", "5D", "KS"], "H", "H", None, {"JD"}),
    ("left bower does not follow its printed suit", ["JD", "5D", "KS"], "D", "H", None, {"5D"}),
    ("holding only the left bower of its printed suit is a void", ["JD", "KS", "QS"], "D", "H", None,
     {"JD", "KS", "QS"}),
    ("right bower follows trumps", ["JH", "AS"], "H", "H", None, {"JH"}),
    ("the jacks of the other colour are ordinary", ["JS", "5H", "JC"], "S", "H", None, {"JS"}),
    ("joker is a trump in a suit contract", ["JK", "AS"], "H", "H", None, {"JK"}),
    ("joker may not be played to a plain suit one holds", ["JK", "AS"], "S", "H", None, {"AS"}),
    ("spade contract: jack of clubs is a spade", ["JC", "AC"], "S", "S", None, {"JC"}),
    ("spade contract: jack of clubs is no club", ["JC", "AC"], "C", "S", None, {"AC"}),
    ("no-trumps: jacks are ordinary", ["JD", "5H"], "H", "NT", None, {"5H"}),
    ("no-trumps: free joker not while holding the suit led", ["JK", "5S", "AH"], "S", "NT", None, {"5S"}),
    ("no-trumps: void holder may play the joker but need not", ["JK", "5S", "AH"], "D", "NT", None,
     {"JK", "5S", "AH"}),
    ("misère: void holder must play the joker", ["JK", "5S", "AH"], "D", "MIS", None, {"JK"}),
    ("misère: holder of the suit led must not play the joker", ["JK", "5D", "AH"], "D", "MIS", None, {"5D"}),
    ("no-trumps: nominated joker follows its suit", ["JK", "5S"], "H", "NT", "H", {"JK"}),
    ("no-trumps: nominated joker is not free", ["JK", "5S"], "S", "NT", "H", {"5S"}),
    ("misère: nominated joker may be discarded when void", ["JK", "5S"], "D", "MIS", "H", {"JK", "5S"}),
    ("misère: nominated joker is a card of its suit", ["JK", "5S", "4H"], "H", "MIS", "H", {"JK", "4H"}),
    ("misère: nominated joker is a card of no other suit", ["JK", "5S", "4H"], "S", "MIS", "H", {"5S"}),
]


@pytest.mark.parametrize("why,hand,led,strain,nominated,expected", FOLLOW_CASES,
                         ids=[c[0] for c in FOLLOW_CASES])
def test_legal_follows(why, hand, led, strain, nominated, expected):
    assert ref.legal_follows(hand, led, strain, nominated) == expected
    assert kernel_follows(hand, led, strain, nominated) == expected


# (why, cards in order of play, strain, nominated, suit named with a free joker lead, winner)
WINNER_CASES = [
    ("joker is the top trump", ["AH", "JD", "JK", "JH"], "H", None, None, 2),
    ("right bower beats left bower", ["AH", "JD", "JH"], "H", None, None, 2),
    ("left bower beats the ace of trumps", ["AH", "JD", "KH"], "H", None, None, 1),
    ("left bower trumps a lead of its printed suit", ["AD", "JD", "5D"], "H", None, None, 1),
    ("left bower in clubs for spades", ["KC", "JC", "AC"], "S", None, None, 1),
    ("jack of the other colour is an ordinary card", ["AS", "JC", "5S"], "H", None, None, 0),
    ("lowest trump beats the ace led", ["AS", "4H", "KS", "QS"], "H", None, None, 1),
    ("off-suit discards never win", ["5S", "AC", "AD", "6S"], "H", None, None, 3),
    ("no-trumps: jack ranks between queen and ten", ["TS", "JS", "9S"], "NT", None, None, 1),
    ("no-trumps: queen beats jack", ["JS", "QS"], "NT", None, None, 1),
    ("no-trumps: joker led naming a suit wins", ["JK", "AD", "KD", "QD"], "NT", None, "D", 0),
    ("no-trumps: free joker played when void wins", ["AS", "JK", "KS", "QS"], "NT", None, None, 1),
    ("no-trumps: first card of the suit led wins over off-suit aces", ["5C", "AS", "AH", "6C"], "NT", None, None, 3),
    ("no-trumps: nominated joker discarded on another suit loses", ["AS", "JK", "KS"], "NT", "H", None, 0),
    ("no-trumps: nominated joker is the top of its suit", ["AH", "JK", "KH"], "NT", "H", None, 1),
    ("no-trumps: nominated joker led wins its suit", ["JK", "AS", "KS"], "NT", "S", None, 0),
    ("misère: free joker wins a three-card trick", ["5C", "JK", "6C"], "MIS", None, None, 1),
    ("misère: nominated joker thrown on another suit loses", ["5C", "JK", "6C"], "MIS", "D", None, 2),
]


@pytest.mark.parametrize("why,cards,strain,nominated,named,expected", WINNER_CASES,
                         ids=[c[0] for c in WINNER_CASES])
def test_trick_winner(why, cards, strain, nominated, named, expected):
    assert ref.trick_winner(cards, strain, nominated, named) == expected
    assert kernel_winner(cards, strain, nominated, named) == expected


# (why, hand, suits led before, strain, nominated, shown void, options, names allowed)
LEAD_CASES = [
    ("first trick: any suit", ["JK", "5S", "7D"], set(), "NT", None, set(), {}, ALL),
    ("not a suit already led", ["JK", "5S", "7D"], {"S", "H"}, "NT", None, set(), {}, {"C", "D"}),
    ("a suit one holds may be named", ["JK", "5S", "7D"], {"H"}, "NT", None, set(), {}, {"S", "C", "D"}),
    ("all four suits led: not before the last trick", ["JK", "5S"], ALL, "NT", None, set(), {}, set()),
    ("all four suits led: the last trick", ["JK"], ALL, "NT", None, set(), {}, ALL),
    ("misère follows the same rule", ["JK", "5S", "7D"], {"C"}, "MIS", None, set(), {}, {"S", "D", "H"}),
    ("misère: all led, not yet the last trick", ["JK", "7D"], ALL, "MIS", None, set(), {}, set()),
    ("option joker_lead=last: not before", ["JK", "5S"], set(), "NT", None, set(), {"joker_lead": "last"}, set()),
    ("option joker_lead=last: the last trick", ["JK"], {"S"}, "NT", None, set(), {"joker_lead": "last"}, ALL),
    ("option joker_name=not_void: led suits allowed, shown voids not", ["JK", "5S", "7D"], {"S", "C"}, "NT",
     None, {"C"}, {"joker_name": "not_void"}, {"S", "D", "H"}),
    ("default: unled suits, whatever the voids", ["JK", "5S", "7D"], {"S", "C"}, "NT", None, {"C"}, {},
     {"D", "H"}),
    ("a nominated joker is led as a card of its suit", ["JK", "5S"], set(), "NT", "H", set(), {}, set()),
    ("in a suit contract the joker is a trump, never named", ["JK", "5S"], set(), "H", None, set(), {}, set()),
    ("no joker, nothing to name", ["AS", "5S"], set(), "NT", None, set(), {}, set()),
]


@pytest.mark.parametrize("why,hand,led,strain,nominated,void,options,expected", LEAD_CASES,
                         ids=[c[0] for c in LEAD_CASES])
def test_joker_lead_names(why, hand, led, strain, nominated, void, options, expected):
    assert ref.joker_lead_names(hand, led, strain, nominated, void, **options) == expected
    assert kernel_lead_names(hand, led, strain, nominated, void, **options) == expected


def test_legal_leads_pair_cards_with_their_suits():
    assert ref.legal_leads(["JK", "JD", "5S"], {"S"}, "H") == {("JK", "H"), ("JD", "H"), ("5S", "S")}
    assert ref.legal_leads(["JK", "JD", "5S"], {"S", "C"}, "NT") == {
        ("JK", "D"), ("JK", "H"), ("JD", "D"), ("5S", "S")}
    assert ref.legal_leads(["JK", "JD"], ALL, "NT", "C") == {("JK", "C"), ("JD", "D")}
    assert ref.legal_leads(["JK", "JD"], ALL, "MIS") == {("JD", "D")}


def test_reference_deck_is_the_kernel_deck():
    assert len(ref.DECK) == 43 == DECK.size
    assert set(ref.DECK) == {DECK.format(i) for i in range(DECK.size)}
    assert sum(c[1] == "H" for c in ref.DECK) == 11 and sum(c[1] == "S" for c in ref.DECK) == 10


@pytest.mark.parametrize("strain,nominated", [(s, None) for s in ref.STRAINS] + [
    (s, n) for s in ("NT", "MIS") for n in ref.SUITS])
def test_every_card_has_the_reference_suit_and_rank(strain, nominated):
    """The rule table puts each card in its effective suit (bowers, joker), and within a
    suit the layout's bit order is the reference's order of power."""
    rules = kernel_rules(strain, nominated)
    bits = {c: layout_bit(c, strain) for c in ref.DECK}
    assert len(set(bits.values())) == 43 and rules[R_DECK] == to_mask(ref.DECK, strain)
    for c in ref.DECK:
        suit = ref.effective_suit(c, strain, nominated)
        assert suit_of(rules, to_mask([c], strain)) == (SUIT_INDEX[suit] if suit else -1), c
    for a, b in itertools.combinations(ref.DECK, 2):
        suit = ref.effective_suit(a, strain, nominated)
        if suit is not None and suit == ref.effective_suit(b, strain, nominated):
            assert (bits[a] > bits[b]) == (ref.power(a, strain, nominated) > ref.power(b, strain, nominated)), (a, b)
