"""``analyzer pinochle``: a hand's meld, and the exact meld odds of a random hand."""

from __future__ import annotations

import click

from .common import add_questions


@click.group()
def pinochle():
    """Partnership Pinochle: four players, partners opposite, 48 cards (two each of
    A 10 K Q J 9 in four suits), 12 cards each.

    Cards: rank A T(10) K Q J 9 then suit S H D C (or ♠ ♥ ♦ ♣); write a card twice to hold
    both copies.
    """


add_questions(pinochle, "pinochle")
