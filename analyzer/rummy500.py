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

from ._api import checked, fill_doc, rule_items, rules_fragment

__all__ = ["melds", "take", "discard", "tournament"]

_RULES = rules_fragment(
    "Rummy 500's: jokers=yes|no, values=pip|5-10-15, floating=no|yes, single_duty=no|yes, "
    "out_discard=any|dead, two_hand=13|10, two_decks_from=2..9 (9: never), rummy=on|off.")
_HAND = """\
hand : str
    Your cards."""
_POSITION = """\
pile : str, default ""
    The discard pile, bottom to top (every card is visible).
table : str, optional
    Melds on the table, e.g. "5S 6S 7S; 8H 8D 8C".
players : int, default 4
    Players (2-8); two decks from 6 by default.
held : str, optional
    Cards each opponent holds, "N,N,...", in turn order after you (default: the
    deal's size).
scores : str, optional
    Game scores now, "N,N,...", yours first then the opponents in turn order: adds
    P(win the game), and the recommendation is by it.
strategy : str, optional
    The strategy everyone plays after the decision (default "holder";
    "name:param=value")."""
_RUN = """\
@seed
@threads
@rules
@progress"""
_RUN_EXAMPLES = """\
@seed
@threads
@rules
@examples
@progress"""


def _position(question, values):
    values = checked(("rummy500", question), values)
    from .games.rummy500 import questions

    return getattr(questions, question)(**dict(values, rules=rule_items(values["rules"]),
                                               progress=bool(values["progress"])))


@fill_doc(rules=_RULES)
def melds(hand, table=None, players=4, rules=None):
    """The best way to lay ``hand`` down (``analyzer rummy500 melds``).

    The melds (jokers' declared cards), the lay-offs on ``table``, the value melded and
    the value left in hand (least left, then most melded).  Ace high (Q-K-A, 15) or low
    (A-2-3, 1), never round the corner (K-A-2).

    Parameters
    ----------
    hand : str
        Your cards, e.g. "5S 6S 7S 8H 8D 8C KD".
    table : str, optional
        Melds on the table to lay off on, e.g. "5S 6S 7S; 8H 8D 8C".
    players : int, default 4
        Players (2-8); two decks from 6 by default.
    @rules

    Returns
    -------
    dict
        The record the command line's ``--json`` prints: hand, deck, table, melds,
        declared, meld_values, layoffs, left, melded_value, left_value.

    Examples
    --------
    >>> import analyzer
    >>> m = analyzer.rummy500.melds("5S 6S 7S 8H 8D 8C KD")
    >>> m["left"], m["left_value"]
    (['KD'], 10)
    """
    values = checked(("rummy500", "melds"), dict(hand=hand, table=table, players=players))
    from .games.rummy500.questions import melds as ask

    return ask(values["hand"], players=values["players"], table=values["table"], rules=rule_items(rules))


@fill_doc(rules=_RULES, hand=_HAND, position=_POSITION, run=_RUN_EXAMPLES)
def take(hand, pile="", table=None, players=4, held=None, scores=None, strategy=None, deals=None, seed=0,
         threads=None, rules=None, examples=0, progress=False):
    """Take the pile or draw? (``analyzer rummy500 take``).

    Every draw open now -- the stock, or the pile from each depth whose deepest card can
    be used at once (with the meld that uses it) -- played out to the end of the hand on
    the same deals: your mean hand score, the margin over the best opponent, P(you go out
    first) and, with ``scores``, P(win the game), with 95% intervals.  The recommendation
    is the best margin (with ``scores`` the best P(win the game)).  The unseen cards are
    dealt at random; everyone plays ``strategy`` afterwards.

    Parameters
    ----------
    @hand
    @position
    deals : int, optional
        Simulated deals [default: 10,000; 5,000 with ``scores``].
    @run

    Returns
    -------
    Answer
        ``table``: one row per draw (action, meld, mean_margin, margin_se,
        margin_vs_stock, p_out with p_out_lo/p_out_hi, mean_score, score_se,
        gain_vs_stock; with ``scores`` p_win, p_win_lo, p_win_hi).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.rummy500.take("KS KH KD 4C 9D 2H 7S", pile="KC 3D 8C", players=3, deals=1_000)
    >>> "draw from the stock" in set(a.table["action"])
    True
    """
    return _position("take", dict(locals()))


@fill_doc(rules=_RULES, hand=_HAND, position=_POSITION, run=_RUN_EXAMPLES)
def discard(hand, taken=None, pile="", table=None, players=4, held=None, scores=None, strategy=None, deals=None,
            seed=0, threads=None, rules=None, examples=0, progress=False):
    """Which card to throw? (``analyzer rummy500 discard``).

    You have drawn and melded; each card you could throw is played out on the same deals
    (the opponents' Rummy! calls and pile takes included): mean hand score, margin, P(out
    first), P(the next player takes it), P(it gives a Rummy!) and, with ``scores``, P(win
    the game).  Best first by the margin (with ``scores`` by P(win the game)).

    Parameters
    ----------
    @hand
    taken : str, optional
        The card you took alone from the pile this turn (it may not be thrown).
    @position
    deals : int, optional
        Simulated deals [default: 8,000; 5,000 with ``scores``].
    @run

    Returns
    -------
    Answer
        ``table``: one row per card to throw (action, mean_margin, margin_se, p_out
        with p_out_lo/p_out_hi, mean_score, score_se, p_taken, p_rummy; with
        ``scores`` p_win, p_win_lo, p_win_hi).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.rummy500.discard("5H 6H 9C 2S KD QC 4D 7H", pile="8S 3C", taken="7H", deals=1_000)
    >>> "throw 7H" in set(a.table["action"])
    False
    """
    return _position("discard", dict(locals()))


@fill_doc(rules=_RULES)
def tournament(strategies="greedy,holder,piler,random", players=4, games=2_000, seed=0, threads=None, rules=None,
               progress=False):
    """Strategies seated in every rotation play whole games to 500 (``analyzer rummy500 tournament``).

    Per strategy: P(win the game) with its 95% interval, mean points per hand, hands per
    game.

    Parameters
    ----------
    strategies : str, default "greedy,holder,piler,random"
        Comma-separated strategies: greedy, holder, piler, random (a random legal
        player, the baseline); parameters as name:param=value, e.g. "holder:danger=2".
    players : int, default 4
        Players (2-8).
    games : int, default 2,000
        Games to play.
    @seed
    @threads
    @rules
    @progress

    Returns
    -------
    Answer
        ``table``: one row per strategy (strategy, seat_games, p_win with
        p_win_lo/p_win_hi, mean_points_per_hand, points_per_hand_se, p_out_per_hand).

    Examples
    --------
    >>> import analyzer
    >>> t = analyzer.rummy500.tournament("greedy,random", players=2, games=200)
    >>> t.best
    'greedy'
    """
    return _position("tournament", dict(locals()))
