"""Five Hundred's card layouts and rule tables per strain, and its named rule options.

Strains: 0-3 suits (S C D H), 4 no-trumps, 5 misère (no-trumps rules, three players,
the joker must be played by a player void in the suit led).  In a suit strain the
trump lane holds, low to high, the suit's ranks without its jack, then the left bower,
the right bower and the joker; the left bower leaves its own suit's lane.  In no-trumps
and misère the joker sits alone at bit 63 as a *free* card: in no suit, beating all.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...cards import JACK, JOKER, rank_of, same_colour_suit, suit_of
from ...errors import InputError
from ...tricks.tables import (F_FREE_LEAD_LAST, F_FREE_MUST_PLAY, F_FREE_NAME_NOT_VOID,
                              NO_TRUMP_SUIT, R_DECK, R_FLAGS, R_FREE, R_SUIT, R_TRUMP,
                              R_TRUMP_SUIT, new_rules)
from .deck import DECK

STRAIN_NAMES = ("S", "C", "D", "H", "NT", "MIS")
N_STRAINS = 6
NT = 4
MISERE = 5
JOKER_FREE_BIT = 63
LEFT_BOWER_POS, RIGHT_BOWER_POS, TRUMP_JOKER_POS = 13, 14, 15


@dataclass(frozen=True)
class Options:
    """Rule options (``--rule NAME=VALUE``); defaults as in the rules file."""

    misere: str = "seven"          # seven: only while the bid is at the 7 level | any | none
    misere_rank: str = "ladder"    # ladder: above 7NT, below 8S | value: between 8S and 8C
    joker_lead: str = "any"        # any (name an unled suit) | last (only to the last trick)
    joker_name: str = "unled"      # unled (a suit not led before) | not_void (Queensland: any suit you have not shown void in)
    auction: str = "standard"      # standard: until three pass after a bid | american: one call each, highest wins
    own_raise: str = "no"          # no: the auction ends when three have passed | after_passes: the last bidder may then raise his own bid
    defend_cap: str = "none"       # none | 490 | 480: a side at or above that total scores nothing for defensive
                                   # tricks (game level only: equity.py; the deal's play is unchanged)

    CHOICES = {
        "misere": ("seven", "any", "none"),
        "misere_rank": ("ladder", "value"),
        "joker_lead": ("any", "last"),
        "joker_name": ("unled", "not_void"),
        "auction": ("standard", "american"),
        "own_raise": ("no", "after_passes"),
        "defend_cap": ("none", "490", "480"),
    }

    @classmethod
    def parse(cls, items) -> "Options":
        values = {}
        for item in items or ():
            name, sep, value = item.partition("=")
            name, value = name.strip().lower().replace("-", "_"), value.strip().lower()
            if not sep or name not in cls.CHOICES:
                known = ", ".join(f"{k}={'|'.join(v)}" for k, v in cls.CHOICES.items())
                raise InputError(f"unknown rule {item!r} (Five Hundred rules: {known})")
            if value not in cls.CHOICES[name]:
                raise InputError(f"rule {name} takes {' | '.join(cls.CHOICES[name])}, not {value!r}")
            if name in values and values[name] != value:
                raise InputError(f"rule {name} is given twice ({values[name]} and {value})")
            values[name] = value
        return cls(**values)


def card_bit(card_id: int, strain: int) -> int:
    """Bit position of a deck card in a strain's layout."""
    code = DECK.codes[card_id]
    if code == JOKER:
        return 16 * strain + TRUMP_JOKER_POS if strain < NT else JOKER_FREE_BIT
    suit, rank = suit_of(code), rank_of(code)
    if strain < NT and rank == JACK:
        if suit == strain:
            return 16 * strain + RIGHT_BOWER_POS
        if suit == same_colour_suit(strain):
            return 16 * strain + LEFT_BOWER_POS
    return 16 * suit + rank - 2


def _build_layouts():
    bit_of = np.full((N_STRAINS, 64), -1, np.int64)   # deck id -> layout bit
    id_of = np.full((N_STRAINS, 64), -1, np.int64)    # layout bit -> deck id
    for strain in range(N_STRAINS):
        for cid in range(DECK.size):
            b = card_bit(cid, strain)
            bit_of[strain, cid] = b
            id_of[strain, b] = cid
    return bit_of, id_of


BIT_OF, ID_OF = _build_layouts()


def rule_table(strain: int, options: Options = Options()) -> np.ndarray:
    """The rule vector for a strain (joker not nominated)."""
    rules = new_rules()
    joker_bit = np.uint64(1) << np.uint64(BIT_OF[strain, DECK.size - 1])
    for cid in range(DECK.size - 1):
        b = int(BIT_OF[strain, cid])
        rules[R_SUIT + b // 16] |= np.uint64(1) << np.uint64(b)
        rules[R_DECK] |= np.uint64(1) << np.uint64(b)
    rules[R_DECK] |= joker_bit
    if strain < NT:
        rules[R_SUIT + strain] |= joker_bit
        rules[R_TRUMP] = rules[R_SUIT + strain]
        rules[R_TRUMP_SUIT] = strain
    else:
        rules[R_TRUMP] = joker_bit
        rules[R_FREE] = joker_bit
        rules[R_TRUMP_SUIT] = NO_TRUMP_SUIT
        flags = np.uint64(0)
        if strain == MISERE:
            flags |= F_FREE_MUST_PLAY
        if options.joker_lead == "last":
            flags |= F_FREE_LEAD_LAST
        if options.joker_name == "not_void":
            flags |= F_FREE_NAME_NOT_VOID
        rules[R_FLAGS] = flags
    return rules


def rule_tables(options: Options = Options()) -> np.ndarray:
    """All strains' rule vectors, shape (N_STRAINS, R_SIZE)."""
    return np.stack([rule_table(s, options) for s in range(N_STRAINS)])


def nominate(rules: np.ndarray, suit: int) -> np.ndarray:
    """No-trumps/misère rules with the joker nominated as the top card of ``suit``."""
    out = rules.copy()
    joker = out[R_FREE]
    out[R_SUIT + suit] |= joker
    out[R_TRUMP] &= ~joker
    out[R_FREE] = 0
    return out


def to_layout(mask: int, strain: int) -> int:
    out = 0
    for cid in DECK.ids_in(mask):
        out |= 1 << int(BIT_OF[strain, cid])
    return out


def from_layout(mask: int, strain: int) -> list[int]:
    return [int(ID_OF[strain, b]) for b in range(64) if (int(mask) >> b) & 1]
