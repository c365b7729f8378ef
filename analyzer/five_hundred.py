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

from ._api import checked, fill_doc, rule_items, rules_fragment

__all__ = ["bid", "lead", "auction", "policy_call", "score", "equity"]

_RULES = rules_fragment(
    "Five Hundred's: misere=seven|any|none, misere_rank=ladder|value, joker_lead=any|last, "
    "joker_name=unled|not_void, auction=standard|american, own_raise=no|after_passes, "
    "defend_cap=none|490|480; at other table sizes five_partner=call|choose, six_teams=threes|pairs.")
_PLAYERS = """\
players : int, default 4
    Players at the table, 2 to 6 (decks of 33, 33, 43, 53, 63 cards)."""
_HERE = """\
seat : str, optional
    Your seat: N, E, S or W [default: S, or whose turn it is after ``auction`` with
    ``dealer``].
dealer : str, optional
    Who dealt: N E S W [default: the seat on your right (you speak first), or what
    ``auction`` implies].
auction : str, optional
    The calls so far, from the dealer's left up to you, e.g. "7S pass pass" (bids,
    pass, MIS, OPENMIS)."""


@fill_doc(rules=_RULES, players=_PLAYERS, here=_HERE)
def bid(hand, seat=None, dealer=None, auction=None, score=None, contract_only=False, over=None, contracts=None,
        condition="policy", deals=None, seed=0, play="heuristic", threads=None, rules=None, worlds=None, players=4,
        examples=0, progress=False):
    """What to call now with ``hand``: every allowed bid and pass (``analyzer five-hundred bid``).

    The other hands are dealt to fit the calls heard (each seat that spoke makes its
    calls under the bidding policy); after your call the auction goes on by the policy
    (an opponent may outbid you, your partner may raise), the contract is played and
    scored.  EV is your side's score minus theirs for the deal.

    Parameters
    ----------
    hand : str
        Your 10 cards, e.g. "JK JH JD AH KH TH AS KS 7C 5D".
    @here
    score : str, optional
        The game score before this deal, "US:THEM" (e.g. "380:440"): adds P(win the
        game) to every call, and the recommendation maximises it.  At other table sizes
        one score per player or team, yours first ("380:440:200").
    contract_only : bool, default False
        The old question: you contract each contract yourself (no auction after your
        call).
    over : str, optional
        The bid to beat, held by your right-hand opponent (without ``auction``; nobody
        conditioned).
    contracts : str, optional
        Only these contracts' rows, e.g. "8H,8NT,MIS" (pass stays).
    @condition
    deals : int, optional
        Simulated deals [default: 50,000; 200 with ``play="dd"``; 100 with "pimc" (200 a
        row with ``contract_only``)].
    @seed
    play : {"heuristic", "dd", "pimc"}, default "heuristic"
        Card-play model: the heuristic players, double-dummy, or single-dummy at every
        seat (each card chosen in ``worlds`` sampled layouts, solved double-dummy).
    @threads
    @rules
    @worlds
    @players
    @examples
    @progress

    Returns
    -------
    Answer
        ``table``: one row per call (action, call, p_make with p_make_lo/p_make_hi,
        p_we_contract, p_they_make, ev, ev_se; with ``score`` p_win, p_win_lo, p_win_hi);
        ``best``: the recommended call.  With ``contract_only`` and no auction, one row
        per contract (contract, allowed, p_make, mean_tricks, ev, ...).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.five_hundred.bid("JK JH JD AH KH TH AS KS 7C 5D", auction="7S pass pass",
    ...                               seat="S", dealer="S", deals=2_000)
    >>> a.best in set(a.table["action"])
    True
    """
    kw = checked(("five-hundred", "bid"), dict(locals()))
    from .games.five_hundred.questions import bid as ask

    return ask(**dict(kw, rules=rule_items(rules), progress=bool(progress)))


@fill_doc(rules=_RULES, players=_PLAYERS)
def lead(hand, contract, discards=None, deals=None, seed=0, play="dd", threads=None, rules=None, worlds=None,
         players=4, examples=0, progress=False):
    """Which card to lead to the first trick as contractor (``analyzer five-hundred lead``).

    Every distinct lead is played on the same deals, the other cards dealt at random,
    the rest played by ``play`` (default: double-dummy).

    Parameters
    ----------
    hand : str
        Your 13 cards (10 and the kitty) with ``discards``, or the 10 kept after the
        exchange (the discards are then any 3 of the unseen cards).
    contract : str
        The contract you play, e.g. "8H", "7NT", "MIS".
    discards : str, optional
        The 3 cards you put away [default: the policy's exchange; with a 10-card hand
        the discards are unknown].
    deals : int, optional
        Simulated deals [default: 1,000 with "dd"; 40 with "pimc"; 20,000 with
        "heuristic"].
    @seed
    play : {"dd", "pimc", "heuristic"}, default "dd"
        How the rest of the hand is played.
    @threads
    @rules
    @worlds
    @players
    @examples
    @progress

    Returns
    -------
    Answer
        ``table``: one row per lead, best first (lead, equivalent, p_make with
        p_make_lo/p_make_hi, mean_tricks, vs_best with vs_best_lo/vs_best_hi: the paired
        difference from the best lead).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.five_hundred.lead("JK JH JD AH KH TH AS KS 7C 5D", "8H", play="heuristic", deals=1_000)
    >>> a.table.iloc[0]["lead"] == a.best
    True
    """
    kw = checked(("five-hundred", "lead"), dict(locals()))
    from .games.five_hundred.questions import lead as ask

    return ask(**dict(kw, rules=rule_items(rules), progress=bool(progress)))


@fill_doc(rules=_RULES, players=_PLAYERS, here=_HERE)
def auction(hand, seat=None, dealer=None, auction=None, rules=None, players=4):
    """The bidding policy's call for ``hand`` now, and why (``analyzer five-hundred auction``).

    No simulation: the policy's predicted tricks in every strain (with the partner's bid,
    if any, counted in) and the highest level each reaches.  Also available as
    :func:`policy_call`.

    Parameters
    ----------
    hand : str
        Your 10 cards.
    @here
    @rules
    @players

    Returns
    -------
    Answer
        ``table``: one row per strain (strain, predicted, up_to); ``best`` and
        ``recommendation``: the policy's call.

    Examples
    --------
    >>> import analyzer
    >>> analyzer.five_hundred.auction("JK JH JD AH KH TH AS KS 7C 5D", auction="7S pass pass",
    ...                               seat="S", dealer="S").best
    '9H'
    """
    kw = checked(("five-hundred", "auction"), dict(locals()))
    from .games.five_hundred.questions import policy_call as ask

    return ask(**dict(kw, rules=rule_items(rules)))


policy_call = auction


def score(contract, tricks):
    """Both sides' points when ``contract`` takes ``tricks`` (``analyzer five-hundred score``).

    Parameters
    ----------
    contract : str
        The contract, e.g. "7S", "8NT", "MIS", "OPENMIS".
    tricks : int
        Tricks the contractor's side took, 0 to 10.

    Returns
    -------
    dict
        The record the command line's ``--json`` prints: contract, tricks, contractor
        (the contractor side's points), opponents.

    Examples
    --------
    >>> import analyzer
    >>> analyzer.five_hundred.score("7S", 10)
    {'contract': '7S', 'tricks': 10, 'contractor': 250, 'opponents': 0}
    """
    from .games.five_hundred.scoring import score_record

    kw = checked(("five-hundred", "score"), dict(contract=contract, tricks=tricks))
    return score_record(kw["contract"], kw["tricks"])


@fill_doc(rules=rules_fragment("Those of :func:`bid` (they shape the self-play deals) and "
                               "defend_cap=none|490|480 (a side at or above that total scores nothing "
                               "for defensive tricks)."))
def equity(score, dealer=None, deals=None, seed=0, threads=None, rules=None, progress=False):
    """P(winning the game) at a score, ours and theirs (``analyzer five-hundred equity``).

    The table behind it is an exact Markov chain over the game whose deal outcomes come
    from self-play deals (the policy's auction and play).  It is built once for the
    rules, deals and seed and cached on disk (ANALYZER_CACHE, else ~/.cache/analyzer):
    the first call with new settings takes a while (minutes at the default 1,000,000
    deals).

    Parameters
    ----------
    score : str
        Both sides' scores, ours first, e.g. "380:440" (multiples of 10).
    dealer : {"us", "them"}, optional
        The side that deals next (default: both rows).
    deals : int, optional
        Self-play deals behind the table [default: 1,000,000].
    @seed
    @threads
    @rules
    @progress

    Returns
    -------
    Answer
        ``table``: one row per dealing side (we_deal, p_win); ``meta``: us, them,
        p_thrown, p_dealer_contracts, mean points, cache facts; ``extra``: the
        neighbourhood grids and the whole table.  ``best`` is empty: there is nothing
        to choose.

    Examples
    --------
    >>> import analyzer
    >>> e = analyzer.five_hundred.equity("380:440", deals=20_000)     # doctest: +SKIP
    >>> e.table                                                     # doctest: +SKIP
    """
    kw = checked(("five-hundred", "equity"), dict(locals()))
    from .games.five_hundred.equity import equity as ask

    return ask(**dict(kw, rules=rule_items(rules), progress=bool(progress)))
