"""Euchre's trump layouts, rule tables and named rule options.

Layout for trump suit ``t`` (see ``analyzer.tricks``): lane ``s`` holds the cards of
effective suit ``s``, ranks at ``rank - 2`` (9 at 7, ace at 12; 7 and 8 at 5 and 6).  In
the trump lane the right bower (J of ``t``) moves to 14, the left bower (J of the same
colour, ``t ^ 1`` in S C D H order) to 13 and the joker to 15, so bowers and joker are
trumps for every purpose and "higher bit = stronger" holds in every lane.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np
from numba import njit

from ...errors import InputError
from ...tricks.tables import R_DECK, R_SUIT, R_TRUMP, R_TRUMP_SUIT, new_rules
from .deck import DECK_SIZES, DECKS, JOKER_NAT_BIT, nat_bits

JACK_POS = 9
LEFT_POS, RIGHT_POS, JOKER_POS, ACE_POS = 13, 14, 15, 12
LANE = np.uint64(0xFFFF)
ACES = np.uint64(sum(1 << (16 * s + ACE_POS) for s in range(4)))
KINGS = np.uint64(sum(1 << (16 * s + ACE_POS - 1) for s in range(4)))

_U = np.uint64
_ONE = np.uint64(1)


@njit(cache=True, forceinline=True)
def to_trump(nat, t):
    """Relabel a natural mask into trump suit ``t``'s layout (bowers and joker to trumps)."""
    rb = np.uint64(16 * t + JACK_POS)
    lb = np.uint64(16 * (t ^ 1) + JACK_POS)
    jk = np.uint64(JOKER_NAT_BIT)
    base = np.uint64(16 * t)
    out = nat & ~((_ONE << rb) | (_ONE << lb) | (_ONE << jk))
    out |= ((nat >> rb) & _ONE) << (base + np.uint64(RIGHT_POS))
    out |= ((nat >> lb) & _ONE) << (base + np.uint64(LEFT_POS))
    out |= (nat >> jk) << (base + np.uint64(JOKER_POS))
    return out


@njit(cache=True, forceinline=True)
def from_trump(lay, t):
    """Inverse of ``to_trump``."""
    base = np.uint64(16 * t)
    rpos = base + np.uint64(RIGHT_POS)
    lpos = base + np.uint64(LEFT_POS)
    jpos = base + np.uint64(JOKER_POS)
    out = lay & ~((_ONE << rpos) | (_ONE << lpos) | (_ONE << jpos))
    out |= ((lay >> rpos) & _ONE) << np.uint64(16 * t + JACK_POS)
    out |= ((lay >> lpos) & _ONE) << np.uint64(16 * (t ^ 1) + JACK_POS)
    out |= ((lay >> jpos) & _ONE) << np.uint64(JOKER_NAT_BIT)
    return out


@dataclass(frozen=True)
class Options:
    """The game being played: players, deck and rule options (defaults as in the rules file)."""

    players: int = 2              # 2 (the seed game) or 4 (partners opposite)
    deck: int = 24                # 24, 32 (with 7s and 8s) or 25 (with the joker, top trump)
    stick_the_dealer: bool = False  # all pass twice: the dealer must name a suit (else redeal)
    joker_up: str = "dealer"      # joker turned up: the dealer names trump | redeal
    discard_upcard: str = "yes"   # the dealer may discard the upcard it took | no (OpenSpiel)

    RULE_CHOICES = {"joker_up": ("dealer", "redeal"), "discard_upcard": ("yes", "no")}

    @classmethod
    def make(cls, players: int = 2, deck: int = 24, stick_the_dealer: bool = False,
             rules=None) -> "Options":
        if players not in (2, 4):
            raise InputError(f"--players must be 2 or 4, got {players}")
        if deck not in DECK_SIZES:
            raise InputError(f"--deck must be 24, 32 or 25, got {deck}")
        if players == 4 and deck == 32:
            pass  # allowed: 20 cards dealt, 12 left over
        values = {}
        for item in rules or ():
            name, sep, value = item.partition("=")
            name, value = name.strip().lower().replace("-", "_"), value.strip().lower()
            if not sep or name not in cls.RULE_CHOICES:
                known = ", ".join(f"{k}={'|'.join(v)}" for k, v in cls.RULE_CHOICES.items())
                raise InputError(f"unknown rule {item!r} (Euchre rules: {known})")
            if value not in cls.RULE_CHOICES[name]:
                raise InputError(f"rule {name} takes {' | '.join(cls.RULE_CHOICES[name])}, not {value!r}")
            values[name] = value
        return cls(players=players, deck=deck, stick_the_dealer=stick_the_dealer, **values)

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def deck_obj(self):
        return DECKS[self.deck]


PASS = -1


def legal_calls(round_: int, is_dealer: bool, upcard_suit: int, stick: bool) -> list[int]:
    """What a seat may say in the auction: PASS and/or trump suits.  Round one: the upcard's
    suit (order up / accept) or pass; round two: any other suit, or pass, except that with
    stick the dealer the dealer may not pass."""
    if round_ == 1:
        return [PASS, upcard_suit]
    others = [s for s in range(4) if s != upcard_suit]
    return others if (stick and is_dealer) else [PASS] + others


def legal_discards(hand: list, upcard, discard_upcard: str = "yes") -> list:
    """Cards the dealer may throw after taking the upcard into ``hand``."""
    return list(hand) + ([upcard] if discard_upcard == "yes" else [])


def deck_nat_mask(size: int) -> int:
    m = 0
    for b in nat_bits(DECKS[size]):
        m |= 1 << b
    return m


def rule_table(trump: int, deck_size: int = 24) -> np.ndarray:
    """The rule vector for a trump suit (no special duties: follow suit, else anything)."""
    rules = new_rules()
    deck = int(to_trump(_U(deck_nat_mask(deck_size)), trump))
    for s in range(4):
        rules[R_SUIT + s] = _U(deck & (0xFFFF << (16 * s)))
    rules[R_TRUMP] = rules[R_SUIT + trump]
    rules[R_DECK] = _U(deck)
    rules[R_TRUMP_SUIT] = trump
    return rules


def rule_tables(deck_size: int = 24) -> np.ndarray:
    """All four trump suits' rule vectors, shape (4, R_SIZE)."""
    return np.stack([rule_table(t, deck_size) for t in range(4)])
