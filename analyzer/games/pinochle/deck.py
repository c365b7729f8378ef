"""The 48-card Pinochle deck: two copies each of A 10 K Q J 9 in ♠ ♣ ♦ ♥, and its bit layout.

Card ids 0..47 are ``2 * kind + copy`` with ``kind = 6 * suit + rank index``: suits S C D H
= 0..3 (as in ``analyzer.cards``), rank index 0..5 = 9 J Q K 10 A, weakest to strongest.

Layout (the same for every trump): a card's bit is ``16 * suit + 2 * rank index + copy``,
four 16-bit lanes, one per suit, the two copies of a kind side by side.  A card's power
within its suit is ``bit >> 1`` (``tables.R_DUP_SHIFT = 1``: identical copies tie, and the
first played wins); "at least one copy" and "both copies" of every kind are
``(m | m >> 1) & COPY0`` and ``m & (m >> 1) & COPY0``.  The trump suit is only the rule
table's ``R_TRUMP`` lane mask.

Hands are written as in every game (``AS TS KS QS JS 9S ...``, ``10`` for ``T``, ``♠ ♥ ♦ ♣``);
a card may appear twice in a hand (both copies), never three times.
"""

from __future__ import annotations

import numpy as np

from ...cards import ACE, JACK, KING, QUEEN, card_code, format_code, parse_code, rank_of, split_cards, suit_of
from ...errors import InputError

N_SEATS = 4
HAND_SIZE = 12
N_TRICKS = 12
PASS_SIZE = 4              # cards the declarer's partner passes, and the declarer passes back
N_KINDS = 24
DECK_SIZE = 48
COPIES = 2
TOTAL_POINTS = 250         # card points in play plus the last trick, under every counting scheme

RANKS = (9, JACK, QUEEN, KING, 10, ACE)      # rank index 0..5, weakest to strongest
R9, RJ, RQ, RK, RT, RA = range(6)
RANK_NAMES = ("9", "J", "Q", "K", "10", "A")
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)

CODES = tuple(card_code(s, RANKS[r]) for s in range(4) for r in range(6) for _ in range(COPIES))


def bit_of_id(card_id: int) -> int:
    kind, copy = divmod(card_id, COPIES)
    suit, r = divmod(kind, 6)
    return 16 * suit + 2 * r + copy


BIT_OF = np.array([bit_of_id(i) for i in range(DECK_SIZE)], np.int64)    # deck id -> layout bit
ID_OF = np.full(64, -1, np.int64)                                         # layout bit -> deck id
ID_OF[BIT_OF] = np.arange(DECK_SIZE)

LANE = np.array([0xFFF << (16 * s) for s in range(4)], np.uint64)        # all 12 cards of a suit
COPY0 = np.uint64(sum(0x555 << (16 * s) for s in range(4)))              # copy 0 of every kind
DECK_MASK = np.uint64(int(LANE[0] | LANE[1] | LANE[2] | LANE[3]))
RANK_BITS = np.array([sum(3 << (16 * s + 2 * r) for s in range(4)) for r in range(6)], np.uint64)  # both copies, every suit


def kind_bit(suit: int, r: int) -> int:
    """Layout bit of copy 0 of a kind."""
    return 16 * suit + 2 * r


def parse_hand(text, what: str = "hand", size: int | None = None) -> list[int]:
    """Deck ids of the cards in ``text`` (a string or a list of tokens): unknown cards, cards
    not in the Pinochle deck (8♠, 2♥, a joker) and a third copy of a card are rejected; with
    ``size``, so is a hand of another length.  The first copy of a card written takes copy 0."""
    tokens = split_cards(text) if isinstance(text, str) else list(text)
    ids: list[int] = []
    seen: dict[int, int] = {}
    for token in tokens:
        code = parse_code(token)
        if code >= 64 or rank_of(code) not in _RANK_INDEX:
            raise InputError(f"{format_code(code)} is not a Pinochle card (the deck has A 10 K Q J 9 of each suit)")
        n = seen.get(code, 0)
        if n >= COPIES:
            raise InputError(f"a third copy of {format_code(code)} in the {what} (the deck has two of each card)")
        seen[code] = n + 1
        ids.append(2 * (6 * suit_of(code) + _RANK_INDEX[rank_of(code)]) + n)
    if size is not None and len(ids) != size:
        raise InputError(f"the {what} has {len(ids)} cards; Pinochle needs {size}")
    return ids


def format_id(card_id: int) -> str:
    return format_code(CODES[card_id])


def mask_of(ids) -> int:
    """Layout mask of deck ids."""
    m = 0
    for i in ids:
        m |= 1 << int(BIT_OF[i])
    return m


def ids_of(mask: int) -> list[int]:
    """Deck ids of a layout mask."""
    return [int(ID_OF[b]) for b in range(64) if (int(mask) >> b) & 1]


def format_mask(mask: int) -> str:
    """Cards of a layout mask, suit by suit (♠ ♥ ♣ ♦), strongest first."""
    out = []
    for suit in (SPADES, HEARTS, CLUBS, DIAMONDS):
        for b in range(16 * suit + 11, 16 * suit - 1, -1):
            if (int(mask) >> b) & 1:
                out.append(format_id(int(ID_OF[b])))
    return " ".join(out)


def counts_of(mask: int) -> np.ndarray:
    """(4 suits, 6 ranks) copies held, 0..2."""
    m = int(mask)
    return np.array([[((m >> (16 * s + 2 * r)) & 1) + ((m >> (16 * s + 2 * r + 1)) & 1) for r in range(6)]
                     for s in range(4)], np.int64)

