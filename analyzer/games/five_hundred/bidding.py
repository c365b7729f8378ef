"""Five Hundred's contracts, their order on the bidding ladder, and which may be bid now."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import InputError
from .rules import MISERE, NT, Options

STRAIN_LABELS = ("♠", "♣", "♦", "♥", "NT")
_STRAIN_TEXT = {"S": 0, "♠": 0, "C": 1, "♣": 1, "D": 2, "♦": 2, "H": 3, "♥": 3,
                "NT": 4, "N": 4, "NOTRUMPS": 4, "NOTRUMP": 4}
_MISERE_TEXT = {"MIS", "MISERE", "MISÈRE", "M"}
_OPEN_MISERE_TEXT = {"OM", "OPENMIS", "OPENMISERE", "OPENMISÈRE", "OPEN"}


@dataclass(frozen=True, order=True)
class Contract:
    level: int          # 6..10 tricks; 0 for misère
    strain: int         # 0..4 for suits and NT, MISERE for both misères
    open: bool = False  # open misère

    @property
    def is_misere(self) -> bool:
        return self.strain == MISERE

    @property
    def name(self) -> str:
        if self.is_misere:
            return "OPENMIS" if self.open else "MIS"
        return f"{self.level}{'SCDH'[self.strain] if self.strain < NT else 'NT'}"

    @property
    def label(self) -> str:
        if self.is_misere:
            return "open misère" if self.open else "misère"
        return f"{self.level}{STRAIN_LABELS[self.strain]}"

    @property
    def value(self) -> int:
        if self.is_misere:
            return 500 if self.open else 250
        return 40 + 20 * self.strain + 100 * (self.level - 6)

    def __str__(self):
        return self.name


MISERE_CONTRACT = Contract(0, MISERE)
OPEN_MISERE_CONTRACT = Contract(0, MISERE, True)
ALL_CONTRACTS = tuple(Contract(level, strain) for level in range(6, 11) for strain in range(5)) + (
    MISERE_CONTRACT, OPEN_MISERE_CONTRACT)


def parse_contract(text: str) -> Contract:
    if not text.strip():
        raise InputError("empty contract (use 6S..10NT, MIS or OPENMIS)")
    key = re.sub(r"[\s_\-]", "", text.strip().upper())
    if key in _MISERE_TEXT:
        return MISERE_CONTRACT
    if key in _OPEN_MISERE_TEXT:
        return OPEN_MISERE_CONTRACT
    m = re.fullmatch(r"(10|[6-9])(.+)", key)
    if m and m.group(2) in _STRAIN_TEXT:
        return Contract(int(m.group(1)), _STRAIN_TEXT[m.group(2)])
    raise InputError(f"unknown contract {text!r} (use 6S..10NT, MIS or OPENMIS)")


def parse_contracts(text: str) -> list[Contract]:
    out = []
    for part in text.split(","):
        if part.strip():
            c = parse_contract(part)
            if c not in out:
                out.append(c)
    if not out:
        raise InputError("--contracts names no contract")
    return out


def ladder(options: Options = Options()) -> list[Contract]:
    """All contracts from lowest to highest bid."""
    suits = [Contract(level, strain) for level in range(6, 11) for strain in range(5)]
    order = [c for c in suits if c.level <= 7]
    if options.misere_rank == "value":      # between 8♠ and 8♣
        order += [Contract(8, 0), MISERE_CONTRACT]
    else:                                    # above 7NT, below 8♠ (seed, pagat)
        order += [MISERE_CONTRACT, Contract(8, 0)]
    for c in suits:
        if c.level >= 8 and c != Contract(8, 0):
            order.append(c)
            if c == Contract(10, 2):          # open misère: above 10♦, below 10♥
                order.append(OPEN_MISERE_CONTRACT)
    return order


def allowed(contract: Contract, over: Contract | None, options: Options = Options()) -> bool:
    """May ``contract`` be bid when the current bid is ``over`` (None: nobody has bid)?"""
    order = ladder(options)
    if over is not None and order.index(contract) <= order.index(over):
        return False
    if contract == MISERE_CONTRACT:
        if options.misere == "none":
            return False
        if options.misere == "seven":
            return over is not None and not over.is_misere and over.level == 7
    return True
