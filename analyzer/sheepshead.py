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

from ._api import checked, fill_doc, rule_items, rules_fragment

__all__ = ["pick", "bury"]

_RULES = rules_fragment(
    "Sheepshead's: jack_order=standard|seed, leaster_blind=last|first, no_call=alone|unknown "
    "(no legal call: play alone, or call an ace of a void suit and set a face-down fail card), "
    "nobody_picks=leaster|doubler and bump=single|double (as ``no_leaster`` and "
    "``double_on_bump``).")
_GAME = """\
seat : int, default 1
    Your seat: 1 is left of the dealer (offered the blind first, leads), 5 deals.
double_on_bump : bool, default False
    Every loss of the picker's side is doubled."""


@fill_doc(rules=_RULES, game=_GAME)
def pick(hand, seat=1, double_on_bump=False, no_leaster=False, worlds=None, condition="policy", deals=None, seed=0,
         play="heuristic", threads=None, rules=None, examples=0, progress=False):
    """Is ``hand`` a pick?  Pick, pick alone, or pass (``analyzer sheepshead pick``).

    Pick: you take the blind, bury and call by the heuristic policy (alone only when no
    call is legal).  Pass: the later seats decide by the policy; if nobody picks, a
    leaster (or, with ``no_leaster``, a redeal worth 0).  Deals in which an earlier seat
    would have picked are not counted.  EV is your score for the hand.

    Parameters
    ----------
    hand : str
        Your 6 cards, e.g. "QC QS JD AD TD 9C".
    @game
    no_leaster : bool, default False
        Nobody picks: redeal and double the next hand (doubler), instead of a leaster.
    @worlds
    @condition
    deals : int, optional
        Simulated deals [default: 200,000; 1,000 with ``play="dd"``; 20 with "pimc"].
    @seed
    play : {"heuristic", "dd", "pimc"}, default "heuristic"
        Card-play model: the heuristic players; picked hands solved double-dummy; or
        single-dummy play at every seat of a picked hand (``worlds`` sampled layouts a
        card).
    @threads
    @rules
    @examples
    @progress

    Returns
    -------
    Answer
        ``table``: one row per option (action: pick, alone, pass; p_win with
        p_win_lo/p_win_hi, p_schneider, p_schneidered, ev, ev_se); ``meta``: the calls
        made when you pick, what happens when you pass, the conditioning.

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.sheepshead.pick("QC QS JD AD TD 9C", seat=2, deals=2_000)
    >>> sorted(a.table["action"])
    ['alone', 'pass', 'pick']
    """
    values = checked(("sheepshead", "pick"), dict(locals()))
    from .games.sheepshead.questions import pick as ask

    values["leaster"] = not values.pop("no_leaster")
    return ask(**dict(values, rules=rule_items(rules), progress=bool(progress)))


@fill_doc(rules=_RULES, game=_GAME)
def bury(cards, seat=1, double_on_bump=False, no_leaster=False, condition="policy", deals=None, seed=0,
         play="heuristic", threads=None, rules=None, examples=0, progress=False):
    """After picking: every legal bury with every legal call, or alone (``analyzer sheepshead bury``).

    A call is the ace of a fail suit you hold but without its ace (a ten if you hold all
    three fail aces); a card of the called suit stays in your hand.  All options are
    played on the same deals, so their differences are more precise than each ±.

    Parameters
    ----------
    cards : str
        Your 8 cards: your hand with the blind.
    @game
    no_leaster : bool, default False
        Taken as the command line takes it; someone has picked, so it changes nothing
        here.
    @condition
    deals : int, optional
        Simulated deals [default: 20,000; 100 with ``play="dd"``].
    @seed
    play : {"heuristic", "dd"}, default "heuristic"
        Card-play model: the heuristic players or double-dummy.
    @threads
    @rules
    @examples
    @progress

    Returns
    -------
    Answer
        ``table``: one row per bury and call, best first (bury, call, policy: the
        heuristic's own choice; p_win with p_win_lo/p_win_hi, p_schneider,
        p_schneidered, ev, ev_se).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.sheepshead.bury("QC QS JD AD TD 9C KH 8S", deals=1_000)
    >>> a.table.iloc[0]["action"] == a.best
    True
    """
    values = checked(("sheepshead", "bury"), dict(locals()))
    from .games.sheepshead.questions import bury as ask

    values.pop("no_leaster")
    return ask(**dict(values, rules=rule_items(rules), progress=bool(progress)))
