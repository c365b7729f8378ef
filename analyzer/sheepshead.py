"""Sheepshead, five-handed, called ace (Wisconsin rules): the questions of
``analyzer sheepshead``, from Python.

- :func:`pick` -- is your 6-card hand a pick?  Pick, pick alone, or pass, with P(win),
  schneider both ways and expected points per hand.
- :func:`bury` -- after picking: every legal bury (2 of your 8 cards) with every legal
  call, or alone, ranked by expected points.

Cards: rank A K Q J T(10) 9 8 7 then suit S H D C (or ♠ ♥ ♦ ♣).  Queens, jacks and
diamonds are trumps.  Seat 1 is left of the dealer (offered the blind first, leads), 5
deals.  Every question returns an :class:`analyzer.answer.Answer`.  See docs/api.md.

Examples
--------
>>> import analyzer
>>> a = analyzer.sheepshead.pick("QC QS JD AD TD 9C", seat=2, deals=2_000)
>>> a.table[["action", "p_win", "ev"]]          # doctest: +SKIP
"""

from __future__ import annotations

from .spec import api_functions

__all__ = ["pick", "bury"]

pick, bury = api_functions("sheepshead", "pick", "bury")
