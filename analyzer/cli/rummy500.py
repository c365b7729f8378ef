"""``analyzer rummy500``: melds, take, discard, tournament."""

from __future__ import annotations

import click

from .common import add_questions

@click.group()
def rummy500():
    """Rummy 500 (500 Rum), 2-8 players.

    Cards: rank A K Q J T(10) 9 ... 2 then suit S H D C (or ♠ ♥ ♦ ♣), any case; the
    joker is JK (or Jo).  Several cards: spaces or commas; melds on the table: separated
    by ';', a joker's card as JK=7D where the order does not say it.
    """


add_questions(rummy500, "rummy500")
