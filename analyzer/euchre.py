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

from ._api import checked, fill_doc, rule_items, rules_fragment

__all__ = ["order", "call", "lead"]

_RULES = rules_fragment(
    "Euchre's: joker_up=dealer|redeal (a turned-up joker: the dealer names trump, or redeal), "
    "discard_upcard=yes|no (may the dealer discard the card it picked up).")
_TABLE = """\
dealer : {"me", "them"}, optional
    Who dealt (two-handed; default "them").  Four-handed: ``dealer="me"`` is
    ``seat=4``.
seat : int, optional
    Your position after the dealer: 1 left of the dealer (speaks first), 2 the
    dealer's partner, 3 right of the dealer, 4 the dealer (two-handed: 1 non-dealer,
    2 dealer).
players : {2, 4}, default 2
    Two-handed (the seed game) or four-handed (partners opposite).
deck : {24, 32, 25}, default 24
    24 cards (9-A), 32 (7-A) or 25 (24 + the joker, the top trump).
stick_the_dealer : bool, default False
    When all pass twice the dealer must name a suit (default: redeal)."""
_SIM = """\
deals : int, optional
    Simulated deals [default: 100,000; 20,000 with ``play="dd"``; with "pimc" 2,000,
    or 6,000 / actions (at least 500) when more than 3 actions].
@seed
play : {"heuristic", "dd", "pimc"}, default "heuristic"
    Card-play model: the heuristic players, double-dummy, or single-dummy at every
    seat (each card chosen in ``worlds`` sampled layouts of the cards that player
    cannot see, solved double-dummy)."""
_SCORE = """\
score : str, optional
    The game score before this hand, "US:THEM", each 0-9 (e.g. "8:9"): every action
    also gets P(win the game) to 10, and the recommendation is by it."""
_RETURNS = """\
Answer
    ``table``: one row per action (action, label, discard, p_make with
    p_make_lo/p_make_hi, p_march, p_euchred, p_they_make, p_they_euchred, p_redeal,
    ev, ev_se; with ``score`` p_win, p_win_lo, p_win_hi); ``best``: the recommended
    action; ``meta``: position, rules, the conditioning (effective_deals, p_passes)."""


def _ask_bidding(question, values):
    values = checked(("euchre", question), values)
    values.update(players=int(values["players"]), deck=int(values["deck"]), rules=rule_items(values["rules"]),
                  progress=bool(values["progress"]))
    from .games.euchre import questions

    return getattr(questions, question)(**values)


@fill_doc(rules=_RULES, table=_TABLE, sim=_SIM, score=_SCORE, returns=_RETURNS)
def order(hand, upcard, dealer=None, seat=None, players=2, deck=24, stick_the_dealer=False, condition="policy",
          deals=None, seed=0, play="heuristic", threads=None, rules=None, worlds=None, score=None, examples=0,
          progress=False):
    """Round one: order up (accept, if you dealt) or pass (``analyzer euchre order``).

    Every action open to you now is simulated on the same deals: the other hands are
    dealt consistent with your cards, the upcard and the passes before you; after your
    action everybody bids by the policies (a redeal scores 0) and plays the hand.  EV is
    your side's points minus theirs for the hand.

    Parameters
    ----------
    hand : str
        Your 5 cards, e.g. "JH JD AH KH 9S".
    upcard : str
        The card turned up, e.g. "9H".
    @table
    @condition
    @sim
    @threads
    @rules
    @worlds
    @score
    @examples
    @progress

    Returns
    -------
    @returns

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.euchre.order("JH JD AH KH 9S", upcard="9H", deals=2_000)
    >>> a.best in set(a.table["action"])
    True
    """
    return _ask_bidding("order", dict(locals()))


@fill_doc(rules=_RULES, table=_TABLE, sim=_SIM, score=_SCORE, returns=_RETURNS)
def call(hand, turned_down, dealer=None, seat=None, players=2, deck=24, stick_the_dealer=False, condition="policy",
         deals=None, seed=0, play="heuristic", threads=None, rules=None, worlds=None, score=None, examples=0,
          progress=False):
    """Round two: name a suit (not the turned-down one) or pass (``analyzer euchre call``).

    The other hands are dealt consistent with everybody's passes in round one and the
    passes before you in round two.  EV is your side's points minus theirs for the hand.

    Parameters
    ----------
    hand : str
        Your 5 cards.
    turned_down : str
        The upcard everybody passed in round one, e.g. "9H".
    @table
    @condition
    @sim
    @threads
    @rules
    @worlds
    @score
    @examples
    @progress

    Returns
    -------
    @returns

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.euchre.call("JS JC AS KD 9D", turned_down="9H", deals=2_000)
    >>> a.best in set(a.table["action"])
    True
    """
    return _ask_bidding("call", dict(locals()))


@fill_doc(rules=_RULES)
def lead(hand, trump, maker, alone=False, upcard=None, players=2, deck=24, deals=None, seed=0, play="dd",
         threads=None, rules=None, worlds=None, examples=0, progress=False):
    """Which card to lead to the first trick, on lead left of the dealer (``analyzer euchre lead``).

    Every distinct lead is played on the same deals (the other hands dealt at random from
    the cards you do not see), the rest played by ``play`` (default: double-dummy).

    Parameters
    ----------
    hand : str
        Your 5 cards.
    trump : str
        The trump suit, e.g. "H".
    maker : int or str
        Who made trump: a position after the dealer (1 you, on lead; 2 left of you; 3
        your partner; 4 the dealer -- two-handed 1 you, 2 the dealer) or "me",
        "partner", "dealer".
    alone : bool, default False
        The maker goes alone (four-handed; the maker's partner sits out).
    upcard : str, optional
        The upcard: of the trump suit the dealer picked it up, of another suit it was
        turned down [default: not given, the undealt cards are unseen].
    players : {2, 4}, default 2
        Two-handed or four-handed.
    deck : {24, 32, 25}, default 24
        The deck.
    deals : int, optional
        Simulated deals [default: 20,000 with "dd"; 1,000 with "pimc"; 100,000 with
        "heuristic"].
    @seed
    play : {"dd", "pimc", "heuristic"}, default "dd"
        How the rest of the hand is played.
    @threads
    @rules
    @worlds
    @examples
    @progress

    Returns
    -------
    Answer
        ``table``: one row per lead, best first (lead, equivalent, p_success with
        p_success_lo/p_success_hi: P(make) when your side made trump, P(set) when they
        did; mean_tricks, vs_best with vs_best_lo/vs_best_hi).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.euchre.lead("JH JD AH KS 9C", trump="H", maker=1, play="heuristic", deals=2_000)
    >>> a.table.iloc[0]["lead"] == a.best
    True
    """
    values = checked(("euchre", "lead"), dict(locals()))
    from .games.euchre.questions import lead as ask

    values.update(players=int(values["players"]), deck=int(values["deck"]),
                  rules=rule_items(rules), progress=bool(progress))
    return ask(**values)
