"""Five Hundred (Australian rules, Avondale scoring): the questions of
``analyzer five-hundred``, from Python.

- :func:`bid` -- what to call now with your 10 cards (after the calls heard so far):
  every allowed bid and pass with its EV, who ends up contracting, P(make) and, with a
  game score, P(winning the game).
- :func:`lead` -- which card the contractor leads to the first trick.
- :func:`auction` (also :func:`policy_call`) -- the bidding policy's own call now, and
  the evaluation behind it.
- :func:`score` -- both sides' points for a contract and the tricks it took (a record).
- :func:`equity` -- P(winning the game) at a score, with either side dealing next.

Cards: rank A K Q J T(10) 9..4 then suit S H D C (or ♠ ♥ ♦ ♣); the joker is JK.
Every question returns an :class:`analyzer.answer.Answer` (``table``, ``best``,
``recommendation``, ``meta``, ``notes``, ``to_json()``), except :func:`score`, which
returns the record the command line's ``--json`` prints.  See docs/api.md.

Examples
--------
>>> import analyzer
>>> a = analyzer.five_hundred.bid("JK JH JD AH KH TH AS KS 7C 5D", auction="7S pass pass",
...                               seat="S", dealer="S", deals=2_000)
>>> a.table[["call", "p_make", "ev"]]          # doctest: +SKIP
"""

from __future__ import annotations

from .spec import api_functions

__all__ = ["bid", "lead", "auction", "policy_call", "score", "equity"]

bid, lead, auction, score, equity = api_functions("five-hundred", "bid", "lead", "auction", "score", "equity")
policy_call = auction
