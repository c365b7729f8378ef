"""The cards a question's card picker shows, and which fields take cards.

A deck is a list of ``{"card": "AH", "copies": 1}`` in the order the picker lays them out
(suits S H D C, each from the highest rank down, jokers last).  Which deck depends on the
game and, for some, an option: Five Hundred's ``players``, Euchre's ``deck``, Rummy 500's
``players`` and rules (jokers, two decks).
"""

from __future__ import annotations

from ..cards import JOKER, format_code, rank_of, split_cards, suit_of
from ..errors import InputError

# Options that hold cards, by name: a list of cards, one card, or melds ("5S 6S 7S; 8H 8D 8C").
CARDS = {"hand", "cards", "discards", "received", "pile", "deal"}
CARD = {"upcard", "turned_down", "taken"}
MELDS = {"table"}
# Options whose value a deck depends on.
DECK_OPTIONS = {"five-hundred": ("players",), "euchre": ("deck",), "rummy500": ("players", "rules")}
_SUIT_ORDER = (0, 3, 2, 1)        # S H D C (codes: S C D H = 0..3)
# Power order of ranks for display, highest first (the six-handed pips 11-13 sit between 10 and J).
_RANK_ORDER = (14, 13, 12, 11, 1, 0, 15, 10, 9, 8, 7, 6, 5, 4, 3, 2)


def widget(game: str, question: str, option) -> str:
    """The control the page shows for an option (``ask.Option``)."""
    name = option.name
    if name in CARDS:
        return "cards"
    if name in CARD:
        return "card"
    if name in MELDS and game == "rummy500":
        return "melds"
    if name == "auction":
        return "auction"
    if name == "score" and option.metavar == "US:THEM":
        return "score"
    if name == "trump" and option.type == "text":
        return "suit"
    if option.kind == "multiple":
        return "list"
    if option.type == "bool":
        return "checkbox"
    if option.type == "choice":
        return "select"
    if option.type in ("int", "float"):
        return "number"
    return "text"


_PINOCHLE_ORDER = (14, 10, 13, 12, 11, 9)     # A 10 K Q J 9


def _codes_layout(codes, order=_RANK_ORDER) -> list[int]:
    def key(code):
        if code == JOKER:
            return (9, 0)
        return (_SUIT_ORDER.index(suit_of(code)), order.index(rank_of(code)))
    return sorted(codes, key=key)


def _listing(counts: dict[int, int], order=_RANK_ORDER) -> list[dict]:
    return [{"card": format_code(c), "copies": counts[c]} for c in _codes_layout(counts, order)]


def _first(value, default):
    if value is None or value == "":
        return default
    return value


def _rules(value) -> list[str]:
    if value is None:
        return []
    items = value if isinstance(value, (list, tuple)) else str(value).split(";")
    return [str(x).strip() for x in items if str(x).strip()]


def deck(game: str, values: dict | None = None) -> list[dict]:
    """The picker's cards for ``game`` asked with ``values`` (only the deck options are
    read; ``InputError`` when they are bad, with the command's words)."""
    values = values or {}
    if game in ("five-hundred", "500"):
        from ..games.five_hundred.deck import table
        codes = table(_first(values.get("players"), 4)).deck.codes
        return _listing({c: 1 for c in codes})
    if game == "euchre":
        from ..games.euchre.deck import DECKS
        try:
            size = int(_first(values.get("deck"), 24))
        except ValueError:
            raise InputError(f"--deck must be one of {', '.join(map(str, DECKS))}") from None
        if size not in DECKS:
            raise InputError(f"--deck must be one of {', '.join(map(str, DECKS))}")
        return _listing({c: 1 for c in DECKS[size].codes})
    if game == "sheepshead":
        from ..games.sheepshead.deck import DECK
        return _listing({c: 1 for c in DECK.codes})
    if game == "pinochle":
        from ..games.pinochle.deck import CODES
        counts: dict[int, int] = {}
        for c in CODES:
            counts[c] = counts.get(c, 0) + 1
        return _listing(counts, _PINOCHLE_ORDER)
    if game == "rummy500":
        from ..games.rummy500.deck import NATURAL_BITS, code_of_bit
        from ..games.rummy500.rules import Options
        try:
            players = int(_first(values.get("players"), 4))
        except ValueError:
            raise InputError(f"--players must be a number, not {values.get('players')!r}") from None
        spec = Options.parse(_rules(values.get("rules"))).deck(players)
        counts = {code_of_bit(b): spec.decks for b in NATURAL_BITS}
        if spec.jokers:
            counts[JOKER] = spec.jokers
        return _listing(counts)
    return []


def uses_cards(game: str) -> bool:
    return game in ("five-hundred", "euchre", "sheepshead", "pinochle", "rummy500")


def tokens(text) -> list[str]:
    """The card-like words of a field's value (melds' ``;`` dropped)."""
    return split_cards(str(text).replace(";", " ")) if text else []
