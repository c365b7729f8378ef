"""Bridge rule vectors and deal parsing.

Layout: lane = suit in ``analyzer.cards`` order (S C D H), position 0..12 = rank 2..A,
so a deck id ``13 * suit + rank - 2`` sits at bit ``16 * suit + rank - 2``.
"""

from __future__ import annotations

import numpy as np

from ...cards import RANK_CHARS, SUITS, parse_suit
from ...errors import InputError
from ...tricks.tables import NO_TRUMP_SUIT, R_DECK, R_SUIT, R_TRUMP, R_TRUMP_SUIT, new_rules
from .deck import HAND_SIZE, N_SEATS, PBN_SUITS, SEAT_NAMES

STRAIN_TEXT = "SCDHN"   # trump suit index 0..3, or 4 = no-trumps
_RANK_OF_CHAR = {v: k for k, v in RANK_CHARS.items()}


def rule_table(trump: int) -> np.ndarray:
    """The rule vector for a trump suit (0..3, S C D H) or no-trumps (4)."""
    rules = new_rules()
    for s in range(4):
        m = np.uint64(0x1FFF) << np.uint64(16 * s)
        rules[R_SUIT + s] = m
        rules[R_DECK] |= m
    if trump < 4:
        rules[R_TRUMP] = rules[R_SUIT + trump]
        rules[R_TRUMP_SUIT] = trump
    else:
        rules[R_TRUMP_SUIT] = NO_TRUMP_SUIT
    return rules


def parse_strain(text: str) -> int:
    t = str(text).strip().upper()
    if t in ("N", "NT", "NOTRUMP", "NOTRUMPS", "NO-TRUMPS"):
        return 4
    try:
        return parse_suit(t)
    except InputError:
        raise InputError(f"unknown trump {text!r} (use S H D C or N for no-trumps)") from None


def parse_seat(text: str) -> int:
    t = str(text).strip().upper()[:1]
    if not t or t not in SEAT_NAMES:
        raise InputError(f"unknown seat {text!r} (use N E S W)")
    return SEAT_NAMES.index(t)


def card_bit(suit: int, rank: int) -> int:
    return 16 * suit + rank - 2


def parse_pbn(text: str) -> list[int]:
    """``"N:AKQ2.J9.T87.654 ..."`` -> four layout masks, seats N E S W.

    Validated once: four hands, known ranks, no duplicate card, equal hand sizes."""
    t = str(text).strip().strip('"')
    first, sep, rest = t.partition(":")
    if not sep:
        raise InputError(f"a PBN deal starts with the first seat and a colon, e.g. 'N:AKQ2.J9.T87.654 ...': {text!r}")
    start = parse_seat(first)
    hands_text = rest.split()
    if len(hands_text) != N_SEATS:
        raise InputError(f"a PBN deal has 4 hands, found {len(hands_text)} in {text!r}")
    hands = [0] * N_SEATS
    seen = 0
    for i, ht in enumerate(hands_text):
        seat = (start + i) % N_SEATS
        parts = ht.split(".")
        if len(parts) != 4:
            raise InputError(f"hand {ht!r} of {SEAT_NAMES[seat]} needs 4 suits separated by dots (S.H.D.C)")
        m = 0
        for suit, holding in zip(PBN_SUITS, parts):
            for ch in holding.upper():
                if ch == "-":
                    continue
                if ch not in _RANK_OF_CHAR:
                    raise InputError(f"unknown rank {ch!r} in {SEAT_NAMES[seat]}'s hand {ht!r}")
                bit = 1 << card_bit(suit, _RANK_OF_CHAR[ch])
                if bit & seen:
                    raise InputError(f"duplicate card {ch}{SUITS[suit]} in the deal")
                seen |= bit
                m |= bit
        hands[seat] = m
    sizes = {bin(h).count("1") for h in hands}
    if len(sizes) != 1:
        raise InputError("every hand of a PBN deal must hold the same number of cards, got "
                         + ", ".join(f"{SEAT_NAMES[s]} {bin(h).count('1')}" for s, h in enumerate(hands)))
    n = sizes.pop()
    if not 1 <= n <= HAND_SIZE:
        raise InputError(f"hands must hold 1 to 13 cards, got {n}")
    return hands


def format_pbn(hands: list[int], first: int = 0) -> str:
    out = []
    for i in range(N_SEATS):
        m = int(hands[(first + i) % N_SEATS])
        suits = []
        for suit in PBN_SUITS:
            suits.append("".join(RANK_CHARS[r] for r in range(14, 1, -1) if (m >> card_bit(suit, r)) & 1))
        out.append(".".join(suits))
    return SEAT_NAMES[first] + ":" + " ".join(out)


def format_card(bit: int) -> str:
    return RANK_CHARS[bit % 16 + 2] + SUITS[bit // 16]
