"""Euchre, two-handed (default) or four-handed: the questions of ``analyzer euchre``,
from Python.

- :func:`order` -- round one: order up (accept, if you dealt), go alone, or pass, with
  the upcard showing.
- :func:`call` -- round two: name a suit (not the turned-down one), go alone, or pass.
- :func:`lead` -- which card to lead to the first trick, on lead left of the dealer.

Cards: rank A K Q J T(10) 9 (8 7) then suit S H D C (or ♠ ♥ ♦ ♣); the joker is JK.
Seats are positions after the dealer: 1 left of the dealer (speaks first, leads), 2 the
dealer's partner, 3 right of the dealer, 4 the dealer (two-handed: 1 non-dealer, 2
dealer).  Every question returns an :class:`analyzer.answer.Answer`.  See docs/api.md.

Examples
--------
>>> import analyzer
>>> a = analyzer.euchre.order("JH JD AH KH 9S", upcard="9H", deals=2_000)
>>> a.table[["label", "p_make", "ev"]]          # doctest: +SKIP
"""

from __future__ import annotations

from .spec import api_functions

__all__ = ["order", "call", "lead"]

order, call, lead = api_functions("euchre", "order", "call", "lead")
