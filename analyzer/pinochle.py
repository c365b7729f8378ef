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

from ._api import checked, fill_doc, rule_items, rules_fragment

__all__ = ["meld", "odds", "bid", "pass_", "pass_cards", "lead", "bury", "deal", "play"]

_WORLDS = """\
worlds : int, optional
    With ``play="pimc"``: sampled layouts per card played [default: 16]."""
_MELD_RULES = rules_fragment(
    "Every option of the Pinochle rules is taken; only run_marriage_reuse=no|yes changes meld (yes: an "
    "extra K or Q of trump marries the run's partner card, so run + K is 190).")
_RULES = rules_fragment(
    "Pinochle's: head=best|led_card|none, overtrump=always|trump_led, counting=tens|fives|classic, "
    "run_marriage_reuse=no|yes, meld_save=counter|trick|always, min_bid=250 (a multiple of 10), "
    "raise=10_20|any, throw_in=short250|any, game=1500.")


@fill_doc(rules=_MELD_RULES)
def meld(hand, trump=None, rules=None):
    """The meld of ``hand`` for each trump suit, itemised by class (``analyzer pinochle meld``).

    Classes: arounds, sequence, pinochle, dix, with points.

    Parameters
    ----------
    hand : str
        Your 12 cards, e.g. "AS AS TS KS QS QS JS JS 9H AD KC QD".
    trump : {"S", "H", "D", "C"}, optional
        Only this trump suit (default: each of the four).
    @rules

    Returns
    -------
    dict
        The record the command line's ``--json`` prints: hand, rules, by_trump ({suit:
        {"total": points, "items": [{"meld", "class", "points"}, ...]}}).

    Examples
    --------
    >>> import analyzer
    >>> m = analyzer.pinochle.meld("AS AS TS KS QS QS JS JS 9H AD KC QD")
    >>> {suit: v["total"] for suit, v in m["by_trump"].items()}
    {'S': 150, 'C': 20, 'D': 20, 'H': 30}
    """
    values = checked(("pinochle", "meld"), dict(hand=hand, trump=trump))
    from .games.pinochle.meld import meld_record

    return meld_record(values["hand"], trump=values["trump"], rules=rule_items(rules))


@fill_doc(rules=_MELD_RULES)
def odds(trump="H", rules=None, cards=12):
    """Exact odds of each meld in a random hand (``analyzer pinochle odds``).

    By counting every hand, not by sampling; also the odds of the hand's whole meld
    reaching 20, 40, ... points with ``trump``.

    Parameters
    ----------
    trump : {"S", "H", "D", "C"}, default "H"
        The trump suit of the meld distribution (♠ and ♦ hold the pinochle cards, so
        they differ a little from ♣ and ♥).
    @rules
    cards : {12, 15, 18}, default 12
        Cards in the hand: 12 (four- and two-handed), 15 (three-handed), 18 (the
        three-handed bidder's hand with the widow).

    Returns
    -------
    dict
        The record the command line's ``--json`` prints: cards, odds ([{"meld", "p",
        "hands"}, ...]), hands (all hands of that size), meld_in_trump ({"trump",
        "rules", "at_least": [{"points", "p"}, ...]}); with 15 or 18 cards also
        widow_no_counter (P(the 3-card widow holds no A, 10 or K)).

    Examples
    --------
    >>> import analyzer
    >>> o = analyzer.pinochle.odds()
    >>> o["hands"]
    69668534468
    """
    values = checked(("pinochle", "odds"), dict(trump=trump, cards=None if cards is None else str(cards)))
    from .games.pinochle.odds import odds_record

    return odds_record(trump=values["trump"], rules=rule_items(rules), cards=int(values["cards"] or 12))


@fill_doc(rules=_RULES, worlds=_WORLDS)
def bid(hand, seat=None, over=None, auction=None, trump=None, condition="policy", deals=None, seed=0,
        play="heuristic", threads=None, rules=None, examples=0, progress=False, worlds=None, players=4):
    """How much can you bid on ``hand``? (``analyzer pinochle bid``).

    For each bid from the next allowed up to where P(make) is negligible and each trump:
    P(make) -- your side's saved meld plus trick points reach the bid -- with its 95%
    interval, the mean meld after the passes, the mean trick points and EV (your side's
    score minus the other side's) if you declare at that bid; and passing, valued by
    letting the auction go on by the policy.  Recommendation: the highest bid whose EV
    beats passing.

    Parameters
    ----------
    hand : str
        Your 12 cards.
    seat : int, optional
        Your seat: 1 is left of the dealer and speaks first, 4 is the dealer [default: 1,
        or whose turn it is after ``auction``].
    over : int, optional
        The bid to beat (without ``auction``: your right-hand opponent's; the other hands
        are then not conditioned on the bidding).
    auction : str, optional
        The calls so far from seat 1, in order, e.g. "250 pass 260": the other hands are
        dealt so that the policy makes them.
    trump : {"S", "H", "D", "C"}, optional
        Only this trump's rows (faster, above all with ``play="dd"``) [default: every
        trump].
    @condition
    deals : int, optional
        Simulated deals [default: 100,000; 20,000 when other seats' calls condition the
        deal; 50 with ``play="dd"``; 10 with ``play="pimc"``].
    @seed
    play : {"heuristic", "dd", "pimc"}, default "heuristic"
        Card-play model: the heuristic players, the twelve tricks solved double-dummy, or
        single-dummy play at every seat (each trump's hand played once, aiming at the level
        the bidding policy would reach with that trump).
    @threads
    @rules
    @examples
    @progress
    @worlds
    players : {4, 3}, default 4
        4: the partnership game; 3: the three-handed auction game (``hand`` of 15 cards;
        each row the result as the bidder at that bid, the trump named after the widow or
        fixed, in settlement units; its rule options: min_bid, skip_40_90, count, units,
        double, run_marriage_reuse).

    Returns
    -------
    Answer
        ``table``: one row per bid and trump (action "bid", bid, trump, p_make with
        p_make_lo/p_make_hi, mean_meld, mean_tricks, ev, ev_se) and one for passing
        (action "pass"); ``best``: e.g. "bid 300 S" or "pass"; ``meta``: the hand's meld
        by trump and what follows a pass.

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.pinochle.bid("AS AS TS KS QS QS JS JS 9H AD KC QD", trump="S", deals=2_000)
    >>> a.best.split()[0] in ("bid", "pass")
    True
    """
    values = checked(("pinochle", "bid"), dict(locals(), players=None if players is None else str(players)))
    from .games.pinochle.questions import bid as ask

    return ask(**dict(values, rules=rule_items(rules), progress=bool(progress), players=int(values["players"] or 4)))


@fill_doc(rules=_RULES)
def pass_(hand, trump, bid=None, received=None, deals=20_000, seed=0, play="heuristic", threads=None, rules=None,
          examples=0, progress=False):
    """Which four cards to pass? (``analyzer pinochle pass``; also ``pass_cards``).

    As the declarer's partner (``hand``: your 12 cards), or with ``received`` as the
    declarer passing back (``hand``: your 16 cards).  Every distinct set of four -- or,
    when there are more than 40, the best 40 by the policy's card scores -- and always
    the policy's own choice, played on the same deals and ranked by EV with 95%
    intervals.  Named ``pass_`` because ``pass`` is a Python keyword.

    Parameters
    ----------
    hand : str
        Your 12 cards (16 with ``received``).
    trump : {"S", "H", "D", "C"}
        The trump the declarer named.
    bid : int, optional
        The winning bid [default: the minimum] (the command line's ``--bid``).
    received : str, optional
        You are the declarer: the 4 cards your partner passed you.
    deals : int, default 20,000
        Simulated deals.
    @seed
    play : {"heuristic"}, default "heuristic"
        Card-play model.
    @threads
    @rules
    @examples
    @progress

    Returns
    -------
    Answer
        ``table``: one row per pass, best first (action, cards, policy: the policy's own
        choice; p_make with p_make_lo/p_make_hi, mean_meld, mean_tricks, ev, ev_se).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.pinochle.pass_("AS AS TS KS QS QS JS JS 9H AD KC QD", trump="S", deals=1_000)
    >>> a.table.iloc[0]["action"] == a.best
    True
    """
    values = checked(("pinochle", "pass"), dict(locals()), renamed={"bid": "bid_"})
    from .games.pinochle.questions import pass_cards as ask

    return ask(**dict(values, rules=rule_items(rules), progress=bool(progress)))


pass_cards = pass_


@fill_doc(rules=_RULES, worlds=_WORLDS)
def lead(hand, trump, bid=None, passed=None, deals=None, seed=0, play=None, worlds=None, threads=None, rules=None,
         examples=0, progress=False, players=4, buried=None):
    """Which card should the declarer lead to the first trick? (``analyzer pinochle lead``).

    Every distinct lead is played on the same deals (the other hands dealt at random from
    the cards you do not see), the rest by ``play``; ranked by P(make) -- your side's saved
    meld plus trick points reach the bid -- and mean trick points, with paired 95%
    intervals against the best lead.

    Parameters
    ----------
    hand : str
        Your 12 cards after the passes (three-handed: your 15 after the burial).
    trump : {"S", "H", "D", "C"}
        The trump you named.
    bid : int, optional
        The bid you won [default: the minimum] (the command line's ``--bid``).
    passed : str, optional
        The 4 cards you passed back to your partner (dealt into his hand).
    deals : int, optional
        Simulated deals [default: 40 with "dd", 10 with "pimc", 20,000 with "heuristic"].
    @seed
    play : {"dd", "pimc", "heuristic"}, optional
        How the rest of the hand is played [default: "dd"; three-handed "heuristic", the
        only model there so far].
    @worlds
    @threads
    @rules
    @examples
    @progress
    players : {4, 3}, default 4
        3: the three-handed bidder's first lead.
    buried : str, optional
        Three-handed: the 3 cards you buried (their points count for you; without them
        three unseen cards stand for the burial, at random).

    Returns
    -------
    Answer
        ``table``: one row per distinct lead, best first (lead, equivalent, p_make with
        p_make_lo/p_make_hi, mean_points with mean_points_se, vs_best and points_vs_best
        with their paired 95% ranges); ``best``: the card.

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.pinochle.lead("AS AS TS KS QS QS JS 9S AH KH QH JD", trump="S", bid=400,
    ...                            play="heuristic", deals=500)
    >>> a.table.iloc[0]["lead"] == a.best
    True
    """
    values = checked(("pinochle", "lead"), dict(locals()), renamed={"bid": "bid_"})
    from .games.pinochle.questions import lead as ask

    return ask(**dict(values, rules=rule_items(rules), progress=bool(progress)))


@fill_doc()
def bury(hand, trump, bid=None, deals=4_000, seed=0, play="heuristic", threads=None, rules=None, progress=False,
         players=3):
    """Which three cards should the three-handed bidder bury? (``analyzer pinochle bury``).

    Every legal burial (three cards none of which he melds; the best 40 by the policy's
    card scores when there are more, and always the policy's own) is made and the fifteen
    tricks played on the same deals, the other two hands dealt at random from the unseen
    cards.

    Parameters
    ----------
    hand : str
        The bidder's 18 cards (his 15 and the widow).
    trump : {"S", "H", "D", "C"}
        The trump he named.
    bid : int, optional
        His bid [default: the minimum, 300].
    deals : int, default 4,000
        Simulated deals.
    @seed
    play : {"heuristic"}, default "heuristic"
        Card-play model (the heuristic players only, for now).
    @threads
    rules : list of str or dict, optional
        The three-handed game's options: min_bid=300|250|200, skip_40_90=no|yes,
        count=tens|classic|fives, units=3-5-10|1-2-4-6-8-10, double=spades|none|spades_hearts,
        run_marriage_reuse=no|yes.
    @progress
    players : {3}, default 3
        The three-handed game (the only one with a burial).

    Returns
    -------
    Answer
        ``table``: one row per burial, best first (burial, points, policy: the simulated
        bidder's own; p_make with p_make_lo/p_make_hi, ev and ev_se in units from each
        other player, mean_total, vs_best with vs_best_lo/vs_best_hi: P(make) minus the
        best's on the same deals).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.pinochle.bury("AS TS KS QS JS QS JD KD QD 9H AC AC AH KH TC 9S TD 9C", trump="S",
    ...                            deals=500)
    >>> a.best.startswith("bury ")
    True
    """
    values = checked(("pinochle", "bury"), dict(locals(), players=None if players is None else str(players)),
                     renamed={"bid": "bid_"})
    from .games.pinochle.questions import bury as ask

    return ask(**dict(values, rules=rule_items(rules), progress=bool(progress), players=int(values["players"] or 3)))


_TWO_HANDED = dict(rules=rules_fragment(
    "The two-handed game's options: order=meld_then_draw|draw_then_meld, last_cards=fixed|winner_chooses, "
    "double_meld=at_once|any, head=always|trump_led, count=tens|classic|fives, game=1000."),
    players2="players : {2}, default 2\n    The two-handed game.",
    two_handed="""\
play : {"heuristic"}, default "heuristic"
    Card-play model (the heuristic policy only, for now).
@threads
@rules
@progress
@players2""")


@fill_doc(**_TWO_HANDED)
def deal(hand, trump=None, upcard=None, dealer="them", score=None, deals=20_000, seed=0, play="heuristic",
         threads=None, rules=None, progress=False, players=2):
    """What is a two-handed hand worth? (``analyzer pinochle deal``).

    The opponent's 12 cards and the stock are dealt at random and the hand played out by
    the heuristic policy (phase 1: any card, the winner melds and both draw; phase 2:
    follow, head, trump); then the game is played on by random hands to its end.

    Parameters
    ----------
    hand : str
        Your 12 cards.
    trump : {"S", "H", "D", "C"}, optional
        The trump suit (the turned card is then any unseen card of it); or give ``upcard``.
    upcard : str, optional
        The turned card.
    dealer : {"them", "you"}, default "them"
        Who dealt: "them" (you lead first) or "you" (a turned nine scores you 10).
    score : str, optional
        "YOU:THEM" before this hand [default "0:0"].
    deals : int, default 20,000
        Simulated deals (each a game played on to its end).
    @seed
    @two_handed

    Returns
    -------
    Answer
        ``table``: one row per player (you, opponent): mean_meld, mean_counters (each with
        its standard error), mean_total; ``meta``: net (your total minus theirs) with
        net_se, p_win with p_win_lo/p_win_hi, how often each player called out, hands a
        game.

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.pinochle.deal("AS TS KS QS JS QS JD KD QD 9H AC AC", trump="S", deals=500)
    >>> a.meta["p_win"] > 0.5
    True
    """
    values = checked(("pinochle", "deal"), dict(hand=hand, trump=trump, upcard=upcard, dealer=dealer, score=score,
                                                 deals=deals, seed=seed, play=play, threads=threads,
                                                 players=None if players is None else str(players)))
    from .games.pinochle.questions import deal2

    values.pop("players")
    return deal2(**dict(values, rules=rule_items(rules), progress=bool(progress)))


@fill_doc(**_TWO_HANDED)
def play(hand, trump=None, upcard=None, seen=None, lead=None, melded=None, their_melded=None, deals=2_000, seed=0,
         play="heuristic", threads=None, rules=None, progress=False, players=2):
    """Which card now, in phase 1 of two-handed Pinochle? (``analyzer pinochle play``).

    Your opponent's concealed cards and the stock's order are dealt at random from the
    unseen cards, each of your cards played in every world and the hand played on by the
    heuristic policy.

    Parameters
    ----------
    hand : str
        Your 12 cards (those on your table too).
    trump : {"S", "H", "D", "C"}, optional
        The trump suit (the card under the stock then unknown); or give ``upcard``.
    upcard : str, optional
        The card under the stock.
    seen : str, optional
        The cards played to the tricks so far (both players').
    lead : str, optional
        The card your opponent led to this trick (None: you lead).
    melded : str, optional
        Your melds laid this hand, in order, comma-separated ("KS QS, AS AH AD AC"; a nine
        of trump alone: the dix shown).
    their_melded : str, optional
        Your opponent's, likewise.
    deals : int, default 2,000
        Sampled worlds.
    @seed
    @two_handed

    Returns
    -------
    Answer
        ``table``: one row per card, best first (card, from_table, net with net_se: your
        meld and counters from now minus your opponent's, vs_best with its interval,
        p_win_trick with its interval).

    Examples
    --------
    >>> import analyzer
    >>> a = analyzer.pinochle.play("AS TS KS QS JS QS JD KD QD 9H AC AC", trump="S", lead="TH",
    ...                            seen="9C JC 9H JH", deals=200)
    >>> a.best.startswith("play ")
    True
    """
    values = checked(("pinochle", "play"), dict(hand=hand, trump=trump, upcard=upcard, seen=seen, lead=lead,
                                                 melded=melded, their_melded=their_melded, deals=deals, seed=seed,
                                                 play=play, threads=threads,
                                                 players=None if players is None else str(players)))
    from .games.pinochle.questions import play2

    values.pop("players")
    return play2(**dict(values, rules=rule_items(rules), progress=bool(progress)))
