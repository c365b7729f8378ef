"""Five Hundred's decks and tables, for 2 to 6 players.

Every size deals 10 cards a player and 3 to the kitty; the deck grows with the table
(``../shared/rules/five_hundred.md``, "Players, deck, deal"):

- 2 players: 33 cards (A-7 of each suit and the joker); a third, *dead* hand of 10 is
  dealt face down and not played (bicyclecards.com, "Two-Hand Five Hundred").
- 3 players: the same 33 cards.
- 4 players (default): 43 cards, red suits 4-A, black suits 5-A, and the joker.
- 5 players: the 52-card pack and the joker, 53 cards.
- 6 players: 63 cards: 2-A of every suit, the 11s and 12s of every suit, the 13s of
  hearts and diamonds, and the joker.  The spot cards 11, 12 and 13 rank between the 10
  and the jack (pagat.com/euchre/500.html; the Avondale/Southern Cross six-handed pack).

The module-level names (``DECK``, ``N_SEATS``, ``SEAT_NAMES``, ...) are the four-handed
game's; ``table(players)`` gives any size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...cards import CLUBS, DIAMONDS, HEARTS, PIP11, PIP12, PIP13, SPADES, Deck, card_code, JOKER
from ...errors import InputError

HAND_SIZE = 10
KITTY_SIZE = 3
N_TRICKS = 10
PLAYERS = (2, 3, 4, 5, 6)
MAX_TABLE_SEATS = 6

# Seat 0 is the player asking; seats run clockwise (to the left).
_SEAT_NAMES = {
    2: ("S", "N"),
    3: ("S", "W", "E"),
    4: ("S", "W", "N", "E"),
    5: ("S", "W", "NW", "NE", "E"),
    6: ("S", "SW", "NW", "N", "NE", "SE"),
}

_SPOTS = tuple(range(2, 11))
_HIGH = (11, 12, 13, 14)          # J Q K A


def _ranks(players: int, suit: int) -> tuple[int, ...]:
    """A suit's ranks in the deck for ``players``, weakest first (power order)."""
    red = suit in (DIAMONDS, HEARTS)
    if players <= 3:
        return tuple(range(7, 15))
    if players == 4:
        return tuple(range(4 if red else 5, 15))
    if players == 5:
        return tuple(range(2, 15))
    return _SPOTS + (PIP11, PIP12) + ((PIP13,) if red else ()) + _HIGH


@dataclass(frozen=True)
class Table:
    """One table size: its deck (ids in suit order, each suit weakest first, the joker
    last), seat names, and the hands dealt that nobody plays (two-handed: the dead hand)."""

    players: int
    deck: Deck
    seat_names: tuple[str, ...]
    dead_hands: int = 0

    @property
    def n_seats(self) -> int:
        return self.players

    @property
    def joker_id(self) -> int:
        return self.deck.size - 1

    @property
    def kitty_share(self) -> float:
        """P(a given unseen card is in the kitty) for a player who sees only his own hand."""
        return KITTY_SIZE / (self.deck.size - HAND_SIZE)

    def ranks(self, suit: int) -> tuple[int, ...]:
        return _ranks(self.players, suit)

    def seat(self, text: str, what: str = "--seat") -> int:
        key = str(text).strip().upper()
        if key not in self.seat_names:
            raise InputError(f"{what} {text!r} is not a seat at the {self.players}-player table "
                             f"(seats: {' '.join(self.seat_names)})")
        return self.seat_names.index(key)

    def describe(self) -> str:
        return f"{self.players} players, {self.deck.size} cards"


@lru_cache(maxsize=None)
def table(players: int = 4) -> Table:
    """The table for ``players`` (2 to 6; exit-2 error otherwise)."""
    try:
        players = int(players)
    except (TypeError, ValueError):
        raise InputError(f"--players must be 2 to 6, not {players!r}") from None
    if players not in PLAYERS:
        raise InputError(f"--players must be 2 to 6, not {players}")
    codes = [card_code(s, r) for s in (SPADES, CLUBS, DIAMONDS, HEARTS) for r in _ranks(players, s)]
    codes.append(JOKER)
    name = "Five Hundred" if players == 4 else f"{players}-player Five Hundred"
    deck = Deck(name, tuple(codes))
    return Table(players, deck, _SEAT_NAMES[players], 1 if players == 2 else 0)


FOUR = table(4)
N_SEATS = 4
DECK = FOUR.deck
JOKER_ID = DECK.size - 1
SEAT_NAMES = FOUR.seat_names
