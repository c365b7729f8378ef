"""``analyzer sheepshead``: pick and bury."""

from __future__ import annotations

import click

from .common import add_questions

@click.group()
def sheepshead():
    """Sheepshead, five-handed, called ace (Wisconsin rules).

    Cards: rank A K Q J T(10) 9 8 7 then suit S H D C (or ♠ ♥ ♦ ♣).  Queens, jacks and
    diamonds are trumps.
    """


add_questions(sheepshead, "sheepshead")
