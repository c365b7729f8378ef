"""Pinochle (four players, partners opposite, 48 cards, 12 each; three-handed with
``players=3``): the questions of ``analyzer pinochle``, from Python.

- :func:`meld` -- the meld of a hand for each trump, itemised by class (a record).
- :func:`odds` -- the exact odds of each meld in a random hand, by counting (a record).
- :func:`bid` -- how much you can bid: P(make) and EV of every bid and trump, and of
  passing.
- :func:`pass_` (also :func:`pass_cards`) -- which four cards to pass, as the
  declarer's partner or, having received four, as the declarer.  ``pass`` is a Python
  keyword, hence the trailing underscore.
- :func:`lead` -- which card the declarer leads to the first trick, under double-dummy,
  single-dummy or heuristic play.
- :func:`bury` -- which three cards the three-handed bidder buries.
- :func:`deal` -- what a two-handed hand is worth: each player's expected meld and
  counters, and P(winning the game from the score).
- :func:`play` -- which card to play in phase 1 of the two-handed game (and whether to
  win the trick to meld).

Cards: rank A T(10) K Q J 9 then suit S H D C (or ♠ ♥ ♦ ♣); write a card twice to hold
both copies.  Seat 1 is left of the dealer and speaks first, 4 is the dealer.
:func:`bid` and :func:`pass_` return an :class:`analyzer.answer.Answer`; :func:`meld`
and :func:`odds` return the dicts the command line's ``--json`` prints.  See docs/api.md.

Examples
--------
>>> import analyzer
>>> analyzer.pinochle.meld("AS AS TS KS QS QS JS JS 9H AD KC QD", trump="S")["by_trump"]["S"]["total"]
150
"""

from __future__ import annotations

from .spec import api_functions

__all__ = ["meld", "odds", "bid", "bury", "deal", "play", "pass_", "pass_cards", "lead"]

(meld, odds, bid, bury, deal, play, pass_, lead) = \
    api_functions("pinochle", "meld", "odds", "bid", "bury", "deal", "play", "pass_", "lead")
pass_cards = pass_
