"""The cards a question's card picker shows, and which fields take cards.

A deck is a list of ``{"card": "AH", "copies": 1}`` in the order the picker lays them out
(suits S H D C, each from the highest rank down, jokers last).  Which deck depends on the
game and, for some, an option: Five Hundred's ``players``, Euchre's ``deck``, Rummy 500's
``players`` and rules (jokers, two decks); each game's registration deals it
(``games/<game>/front.py``: ``deck`` and ``DECK_OPTIONS``).
"""

from __future__ import annotations

from ..cards import JOKER, format_code, rank_of, split_cards, suit_of

_SUIT_ORDER = (0, 3, 2, 1)        # S H D C (codes: S C D H = 0..3)
# Power order of ranks for display, highest first (the six-handed pips 11-13 sit between 10 and J).
_RANK_ORDER = (14, 13, 12, 11, 1, 0, 15, 10, 9, 8, 7, 6, 5, 4, 3, 2)


def widget(game: str, question: str, option) -> str:
    """The control the page shows for an option (``ask.Option``)."""
    name = option.name
    if option.holds:                 # the registration says: cards, one card, or melds ("5S 6S 7S; 8H 8D 8C")
        return option.holds
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


def _codes_layout(codes, order=_RANK_ORDER) -> list[int]:
    def key(code):
        if code == JOKER:
            return (9, 0)
        return (_SUIT_ORDER.index(suit_of(code)), order.index(rank_of(code)))
    return sorted(codes, key=key)


def _listing(counts: dict[int, int], order=_RANK_ORDER) -> list[dict]:
    return [{"card": format_code(c), "copies": counts[c]} for c in _codes_layout(counts, order)]


def _front(game: str):
    from .. import registry
    name = registry.canonical(game)
    return None if name is None else registry.front(name)


def deck(game: str, values: dict | None = None) -> list[dict]:
    """The picker's cards for ``game`` asked with ``values`` (only the deck options are
    read: the game's registration says which, ``front.DECK_OPTIONS``, and deals the deck,
    ``front.deck``; ``InputError`` when they are bad, with the command's words)."""
    front = _front(game)
    if front is None or not hasattr(front, "deck"):
        return []
    counts, order = front.deck(values or {})
    return _listing(counts, order or _RANK_ORDER)


def deck_options(game: str) -> tuple:
    """The options a game's deck depends on (the page redraws the picker when they change)."""
    front = _front(game)
    return tuple(getattr(front, "DECK_OPTIONS", ()))


def uses_cards(game: str) -> bool:
    front = _front(game)
    return front is not None and hasattr(front, "deck")


def tokens(text) -> list[str]:
    """The card-like words of a field's value (melds' ``;`` dropped)."""
    return split_cards(str(text).replace(";", " ")) if text else []
