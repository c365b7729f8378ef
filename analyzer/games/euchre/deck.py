"""Euchre decks (24, 32 or 25 cards) and their *natural* bit layout.

Every deck card has a natural bit ``16 * suit + rank - 2`` (suits S C D H, so a lane per
printed suit, ace at position 12); the joker sits at bit 63, a position no printed card
uses.  Hands are dealt straight into natural masks; ``rules.to_trump`` moves the bowers
and the joker into the trump lane for a given trump suit.
"""

from ...cards import CLUBS, DIAMONDS, HEARTS, JOKER, SPADES, Deck, rank_of, standard_deck, suit_of

HAND_SIZE = 5
N_TRICKS = 5
DECK_SIZES = (24, 32, 25)
JOKER_NAT_BIT = 63

_RANKS = {24: range(9, 15), 25: range(9, 15), 32: range(7, 15)}


def make_deck(size: int) -> Deck:
    ranks = _RANKS[size]
    return standard_deck(f"{size}-card euchre",
                         {SPADES: ranks, CLUBS: ranks, DIAMONDS: ranks, HEARTS: ranks},
                         joker=size == 25)


DECKS = {size: make_deck(size) for size in DECK_SIZES}


def nat_bit(code: int) -> int:
    """The natural bit of a card code."""
    if code == JOKER:
        return JOKER_NAT_BIT
    return 16 * suit_of(code) + rank_of(code) - 2


def nat_bits(deck: Deck) -> list[int]:
    """Natural bit of every deck id."""
    return [nat_bit(c) for c in deck.codes]


def nat_mask(deck: Deck, ids) -> int:
    m = 0
    for i in ids:
        m |= 1 << nat_bit(deck.codes[i])
    return m


def ids_of_nat(deck: Deck, mask: int) -> list[int]:
    bits = nat_bits(deck)
    return [i for i, b in enumerate(bits) if (int(mask) >> b) & 1]
