"""Rummy 500's cards: one or two 52-card decks with 2 or 4 jokers, as per-card counts.

A card is a *bit* ``suit * 16 + rank`` with suits ``S C D H`` = 0..3 (as ``analyzer.cards``)
and ranks ``A 2 .. K`` = 1..13 (the ace low); bit 0 is the joker.  In a suit's 16-bit lane
the ace also has position 14 (above the king) in runs: a run is an interval of positions
1..14 that does not hold both 1 and 14 (Q-K-A and A-2-3 are runs, K-A-2 is not).

A set of cards is a count array over the 64 bits (``counts[0]`` = jokers): with two decks
a card can be held twice.  Kernels keep those counts; the ``mask`` helpers give the cards
held at least once (and twice) as ``uint64`` bitmasks for the fast checks.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from ...cards import (
    JOKER,
    RANK_CHARS,
    SUITS,
    format_code,
    parse_code,
    rank_of,
    split_cards,
    suit_of,
)
from ...errors import InputError

JOKER_BIT = 0
N_BITS = 64
ACE = 1
KING = 13
ACE_HIGH = 14                    # the ace's position above the king in a run
SUIT_ORDER = (0, 3, 2, 1)        # display order S H D C (ids are S C D H)
RANKS = tuple(range(1, 14))
NATURAL_BITS = tuple(s * 16 + r for s in range(4) for r in RANKS)
MIN_PLAYERS, MAX_PLAYERS = 2, 8


def bit_of_code(code: int) -> int:
    """``analyzer.cards`` code (rank 2..14) -> our bit (ace 1, joker 0)."""
    if code == JOKER:
        return JOKER_BIT
    rank = rank_of(code)
    return suit_of(code) * 16 + (ACE if rank == 14 else rank)


def code_of_bit(bit: int) -> int:
    if bit == JOKER_BIT:
        return JOKER
    rank = bit & 15
    return (bit >> 4) * 16 + (14 if rank == ACE else rank)


def card_text(bit: int) -> str:
    """``AS``, ``TH``, ``JK``."""
    return format_code(code_of_bit(int(bit)))


def position_bit(suit: int, pos: int) -> int:
    """The card at run position ``pos`` (1..14) of ``suit``: 14 is the ace."""
    return suit * 16 + (ACE if pos == ACE_HIGH else pos)


def position_text(suit: int, pos: int) -> str:
    return card_text(position_bit(suit, pos))


def rank_text(rank: int) -> str:
    return RANK_CHARS[14 if rank == ACE else rank]


def suit_text(suit: int) -> str:
    return SUITS[suit]


def natural_bit(bit: int) -> bool:
    return bit != JOKER_BIT and 1 <= (bit & 15) <= 13


class DeckSpec:
    """The cards in play: ``decks`` copies of the 52 cards and ``jokers`` jokers."""

    def __init__(self, decks: int, jokers: int):
        self.decks, self.jokers = int(decks), int(jokers)

    @property
    def size(self) -> int:
        return 52 * self.decks + self.jokers

    def __repr__(self):
        return f"DeckSpec(decks={self.decks}, jokers={self.jokers})"

    def describe(self) -> str:
        d = "one deck" if self.decks == 1 else "two decks"
        return f"{d} ({self.size} cards{f', {self.jokers} jokers' if self.jokers else ', no jokers'})"

    def copies(self, bit: int) -> int:
        return self.jokers if bit == JOKER_BIT else self.decks

    def full_counts(self) -> np.ndarray:
        counts = np.zeros(N_BITS, np.int64)
        for b in NATURAL_BITS:
            counts[b] = self.decks
        counts[JOKER_BIT] = self.jokers
        return counts

    def cards(self) -> np.ndarray:
        """Every card of the deck as an array of bits (duplicates repeated)."""
        return counts_to_cards(self.full_counts())

    def parse(self, text, what: str = "hand") -> list[int]:
        """Cards (``"AS 10h JK ♥Q"``, spaces or commas) -> bits; rejects unknown cards
        and more copies of a card than these decks hold."""
        tokens = split_cards(text) if isinstance(text, str) else list(text)
        bits = [parse_bit(t) for t in tokens]
        self.check_copies(Counter(bits), what)
        return bits

    def check_copies(self, counts: Counter, what: str):
        for bit, n in counts.items():
            if bit == JOKER_BIT and self.jokers == 0 and n:
                raise InputError(f"JK in the {what}, but this game has no jokers")
            if n > self.copies(bit):
                held = self.copies(bit)
                raise InputError(f"{n} copies of {card_text(bit)} in the {what}; {self.describe()} "
                                 f"hold{'s' if self.decks == 1 else ''} {held}")


def parse_bit(token: str) -> int:
    code = parse_code(token)
    if code != JOKER and not 2 <= rank_of(code) <= 14:
        # the six-handed Five Hundred spot cards 11, 12, 13: no card of a standard pack
        raise InputError(f"unknown card {token!r} (a standard pack has no {format_code(code)})")
    return bit_of_code(code)


def counts_to_cards(counts) -> np.ndarray:
    out = []
    for b in range(N_BITS):
        out += [b] * int(counts[b])
    return np.array(out, np.int64)


def cards_to_counts(bits) -> np.ndarray:
    counts = np.zeros(N_BITS, np.int64)
    for b in bits:
        counts[int(b)] += 1
    return counts


def sort_key(bit: int):
    """Display order: jokers last, suits S H D C, ranks A K Q ... 2."""
    if bit == JOKER_BIT:
        return (9, 0)
    return (SUIT_ORDER.index(bit >> 4), -(14 if (bit & 15) == ACE else bit & 15))


def format_cards(bits) -> str:
    return " ".join(card_text(b) for b in sorted((int(b) for b in bits), key=sort_key))
