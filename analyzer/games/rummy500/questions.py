"""Rummy 500 questions: the best melds of a hand, take the pile or draw, which card to
throw, and strategy tournaments.  Each validates its input once, up front (one-line
``InputError`` messages), then runs kernels on plain arrays."""

from __future__ import annotations

from collections import Counter

from ...errors import InputError
from .deck import card_text, format_cards
from .melds import arrange, format_table, parse_table
from .rules import Options, check_players


def melds(hand: str, players: int = 4, table: str | None = None, rules=None) -> dict:
    """The best way to lay ``hand`` down (with lay-offs on ``table``'s melds)."""
    check_players(players)
    options = Options.parse(rules)
    deck = options.deck(players)
    bits = deck.parse(hand, "hand")
    if not bits:
        raise InputError("the hand is empty")
    tab, ntab, tcards = parse_table(table)
    deck.check_copies(Counter(bits) + Counter(tcards), "hand and the table")
    a = arrange(bits, tab, ntab, options.values_table())
    return {
        "game": "rummy500", "question": "melds",
        "hand": format_cards(bits), "players": players, "deck": deck.describe(),
        "table": format_table(tab, ntab),
        "melds": [m.cards for m in a.melds],
        "declared": [m.declared for m in a.melds],
        "meld_values": [m.value for m in a.melds],
        "layoffs": [{"onto": lay.onto, "cards": lay.cards, "declared": lay.declared, "value": lay.value}
                    for lay in a.layoffs],
        "melded_value": a.melded_value,
        "left": [card_text(b) for b in a.left],
        "left_value": a.left_value,
        "rules": options.as_dict(),
    }
