"""Rummy 500 (500 Rum), 2-8 players: the questions of ``analyzer rummy500``, from Python.

- :func:`melds` -- the best way to lay a hand down, with lay-offs (a record).
- :func:`take` -- take the pile (from which depth) or draw from the stock?
- :func:`discard` -- which card to throw?
- :func:`tournament` -- strategies seated in every rotation play whole games to 500.

Cards: rank A K Q J T(10) 9 ... 2 then suit S H D C (or ♠ ♥ ♦ ♣), any case; the joker is
JK (or Jo).  Several cards: spaces or commas; melds on the table: separated by ";", a
joker's card as JK=7D where the order does not say it.  :func:`take`, :func:`discard`
and :func:`tournament` return an :class:`analyzer.answer.Answer`; :func:`melds` returns
the dict the command line's ``--json`` prints.  See docs/api.md.

Examples
--------
>>> import analyzer
>>> a = analyzer.rummy500.take("KS KH KD 4C 9D 2H 7S", pile="KC 3D 8C", players=3, deals=1_000)
>>> a.table[["action", "mean_margin", "p_out"]]          # doctest: +SKIP
"""

from __future__ import annotations

from .spec import api_functions

__all__ = ["melds", "take", "discard", "tournament"]

melds, take, discard, tournament = api_functions("rummy500", "melds", "take", "discard", "tournament")
