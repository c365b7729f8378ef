"""Card notation, decks and bitmask helpers shared by every game.

A card is identified by a *code*: ``suit * 16 + rank`` with suits ``S C D H`` = 0..3
(Five Hundred's bidding order) and ranks 2..14 (ace high), or ``JOKER``.  Each game's
deck numbers its cards densely (ids 0..n-1); a set of cards is a ``uint64`` bitmask of
ids.  Kernels may relabel ids into their own bit layouts (see ``analyzer.tricks``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import InputError

SUITS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
              10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
JOKER = 64
# The six-handed Five Hundred pack's extra spot cards 11, 12 and 13 (they rank between the
# 10 and the jack).  Their codes use the rank slots no other card uses (15, 0, 1): a code's
# rank is a name, not an order; each game orders its cards itself.
PIP11, PIP12, PIP13 = 15, 0, 1
PIP_CHARS = {PIP11: "11", PIP12: "12", PIP13: "13"}

_RANK_FROM_TEXT = {v: k for k, v in RANK_CHARS.items()} | {"10": 10} | {v: k for k, v in PIP_CHARS.items()}
_SUIT_FROM_TEXT = {c: i for i, c in enumerate(SUITS)} | {
    c: i for i, c in enumerate(SUIT_SYMBOLS)} | {"♤": 0, "♧": 1, "♢": 2, "♡": 3}
_JOKER_TEXT = {"JK", "JO", "JOKER"}
_SPLIT = re.compile(r"[\s,]+")


def card_code(suit: int, rank: int) -> int:
    return suit * 16 + rank


def suit_of(code: int) -> int:
    return code >> 4


def rank_of(code: int) -> int:
    return code & 15


def same_colour_suit(suit: int) -> int:
    """Spades pair with clubs, diamonds with hearts (for the left bower)."""
    return suit ^ 1


def parse_suit(text: str) -> int:
    key = text.strip().upper()
    if key in _SUIT_FROM_TEXT:
        return _SUIT_FROM_TEXT[key]
    for i, name in enumerate(SUIT_NAMES):
        if key.lower() in (name, name[:-1]):
            return i
    raise InputError(f"unknown suit {text!r} (use S H D C or ♠ ♥ ♦ ♣)")


def parse_code(text: str) -> int:
    """Parse one card such as ``AH``, ``10♥``, ``th``, ``♥Q`` or ``JK`` into its code."""
    token = text.strip().replace("\ufe0f", "")  # emoji presentation selector after ♥ etc.
    upper = token.upper()
    if upper in _JOKER_TEXT:
        return JOKER
    for rank_text, suit_text in ((upper[:-1], upper[-1:]), (upper[1:], upper[:1])):
        if rank_text in _RANK_FROM_TEXT and suit_text in _SUIT_FROM_TEXT:
            return card_code(_SUIT_FROM_TEXT[suit_text], _RANK_FROM_TEXT[rank_text])
    raise InputError(f"unknown card {text!r} (write rank then suit, e.g. AH, 10S, QD, JK)")


def format_code(code: int) -> str:
    if code == JOKER:
        return "JK"
    rank = rank_of(code)
    return (RANK_CHARS[rank] if rank in RANK_CHARS else PIP_CHARS[rank]) + SUITS[suit_of(code)]


def split_cards(text: str) -> list[str]:
    return [t for t in _SPLIT.split(text.replace("\ufe0f", "").strip()) if t]


@dataclass(frozen=True)
class Deck:
    """A game's deck: dense ids 0..n-1 mapped to card codes."""

    name: str
    codes: tuple[int, ...]
    id_of: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "id_of", {c: i for i, c in enumerate(self.codes)})

    @property
    def size(self) -> int:
        return len(self.codes)

    @property
    def full_mask(self) -> int:
        return (1 << self.size) - 1

    def card_id(self, text: str) -> int:
        code = parse_code(text)
        if code not in self.id_of:
            raise InputError(f"{format_code(code)} is not a card of the {self.name} deck")
        return self.id_of[code]

    def parse_cards(self, text: str | list[str], what: str = "hand", size: int | None = None) -> list[int]:
        """Parse a list of cards, rejecting unknown cards, cards outside the deck and duplicates."""
        tokens = split_cards(text) if isinstance(text, str) else list(text)
        ids: list[int] = []
        for token in tokens:
            cid = self.card_id(token)
            if cid in ids:
                raise InputError(f"duplicate card {self.format(cid)} in the {what}")
            ids.append(cid)
        if size is not None and len(ids) != size:
            raise InputError(f"the {what} has {len(ids)} cards; {self.name} needs {size}")
        return ids

    def format(self, card_id: int) -> str:
        return format_code(self.codes[card_id])

    def format_cards(self, ids) -> str:
        return " ".join(self.format(i) for i in ids)

    def mask(self, ids) -> int:
        m = 0
        for i in ids:
            m |= 1 << int(i)
        return m

    def ids_in(self, mask: int) -> list[int]:
        return [i for i in range(self.size) if (int(mask) >> i) & 1]


def standard_deck(name: str, ranks_by_suit: dict[int, range], joker: bool = False) -> Deck:
    codes = [card_code(s, r) for s in range(4) for r in ranks_by_suit[s]]
    if joker:
        codes.append(JOKER)
    return Deck(name, tuple(codes))


_DEAL_PART = re.compile(r"^\s*([A-Za-z]+)\s*:\s*(.*)$", re.S)


def parse_deal(text: str, deck: Deck, seats: tuple[str, ...] = ("N", "E", "S", "W"),
               extra: dict[str, str] | None = None) -> dict[str, list[int]]:
    """Parse a whole deal ``"N: AH KH ...; E: ...; S: ...; W: ...; K: ..."``.

    ``seats`` are the hand labels allowed; ``extra`` maps other labels (e.g. ``{"K":
    "kitty"}``) to names used in messages.  Every card is validated once, here: unknown
    cards, cards outside the deck and duplicates anywhere in the deal are rejected.
    """
    extra = extra or {}
    allowed = {s.upper(): s for s in seats} | {k.upper(): k for k in extra}
    out: dict[str, list[int]] = {}
    seen: dict[int, str] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        m = _DEAL_PART.match(part)
        if not m or m.group(1).upper() not in allowed:
            labels = ", ".join(list(seats) + list(extra))
            raise InputError(f"cannot read deal part {part.strip()!r} (write LABEL: cards; labels {labels})")
        label = allowed[m.group(1).upper()]
        if label in out:
            raise InputError(f"{label} appears twice in the deal")
        what = extra.get(label, f"hand {label}")
        ids = deck.parse_cards(m.group(2), what)
        for cid in ids:
            if cid in seen:
                raise InputError(f"{deck.format(cid)} is in both {seen[cid]} and {what}")
            seen[cid] = what
        out[label] = ids
    return out
