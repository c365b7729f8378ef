"""``analyzer euchre``: order (round one) and call (round two), two- or four-handed."""

from __future__ import annotations

import click

from .common import add_questions


@click.group()
def euchre():
    """Euchre, two-handed (default) or four-handed: when to order up, accept, call or go alone.

    Cards: rank A K Q J T(10) 9 (8 7) then suit S H D C (or ♠ ♥ ♦ ♣); the joker is JK.
    """


add_questions(euchre, "euchre")
