"""Five Hundred's questions, as every front end offers them (``analyzer.spec``)."""

from ...spec import Param, Question, condition, examples, hand, progress, rules, seed, simulation, threads, worlds

PLAYERS = Param("players", "int", 4, "Players at the table, 2 to 6 (decks of 33, 33, 43, 53, 63 cards).",
                metavar="N", show_default=True)
HAND = hand("Your 10 cards, e.g. \"JK JH JD AH KH TH AS KS 7C 5D\".")
HERE = (
    Param("seat", metavar="SEAT", help="Your seat: N, E, S or W [default: S, or whose turn it is after --auction "
          "with --dealer]."),
    Param("dealer", metavar="SEAT", help="Who dealt: N E S W [default: the seat on your right (you speak first), "
          "or what --auction implies]."),
    Param("auction", metavar="CALLS", help="The calls so far, from the dealer's left up to you, e.g. \"7S pass "
          "pass\" (bids, pass, MIS, OPENMIS)."),
)
PIMC_HELP = ("--play pimc: single-dummy play at every seat (each card chosen in --worlds sampled layouts of the cards "
             "that player cannot see, solved double-dummy).")

BID = Question(
    "five-hundred", "bid",
    (HAND,) + HERE + (
        Param("score", metavar="US:THEM", help=(
            "The game score before this deal: adds P(winning the game) to every call, and the recommendation "
            "maximises it.  At other table sizes one score per player or team, yours first, then on round to your "
            "left (three players: 380:440:200).")),
        Param("contract_only", "bool", False, "The old question: you contract each contract yourself (no auction "
              "after your call)."),
        Param("over", metavar="BID", help="The bid to beat, held by your right-hand opponent (without --auction; "
              "nobody conditioned)."),
        Param("contracts", metavar="LIST", help="Only these contracts' rows, e.g. 8H,8NT,MIS (pass stays)."),
        condition())
    + simulation(said="50,000; 200 with --play dd; 100 with pimc (200 a row with --contract-only)")
    + (worlds(), PLAYERS, examples(), progress()),
    "analyzer.games.five_hundred.questions:bid",
    "What to call now with HAND (your 10 cards): every allowed bid and pass.",
    """The other hands are dealt to fit the calls heard (each seat that spoke makes its calls
    under the bidding policy; --condition none deals them uniformly); after your call the
    auction goes on by the policy (an opponent may outbid you, your partner may raise), the
    contract is played and scored.  EV is your side's score minus theirs for the deal; with
    --score, P(win the game) from the score after it (`analyzer 500 equity`).  Rules
    options: misere=seven|any|none, misere_rank=ladder|value, joker_lead=any|last,
    joker_name=unled|not_void, auction=standard|american, own_raise=no|after_passes,
    defend_cap=none|490|480.

    """ + PIMC_HELP,
    returns="""\
Answer
    ``table``: one row per call (action, call, p_make with p_make_lo/p_make_hi,
    p_we_contract, p_they_make, ev, ev_se; with ``score`` p_win, p_win_lo, p_win_hi);
    ``best``: the recommended call.  With ``contract_only`` and no auction, one row
    per contract (contract, allowed, p_make, mean_tricks, ev, ...).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.five_hundred.bid("JK JH JD AH KH TH AS KS 7C 5D", auction="7S pass pass",
...                               seat="S", dealer="S", deals=2_000)
>>> a.best in set(a.table["action"])
True""",
    plot="analyzer.games.five_hundred.front:plot_bid", render="analyzer.games.five_hundred.text:render_bid_or_here")

LEAD = Question(
    "five-hundred", "lead",
    (hand("Your 10 cards, or 13 with --discards."),
     Param("contract", required=True, metavar="BID", help="The contract you play, e.g. 8H, 7NT, MIS."),
     Param("discards", metavar="CARDS", help=(
         "The 3 cards you put away (HAND then has your 13 cards: 10 and the kitty) [default: the policy's "
         "exchange; with a 10-card HAND the discards are unknown]."), holds="cards"))
    + simulation(said="1,000 with --play dd; 40 with pimc; 20,000 with heuristic", models=("dd", "pimc", "heuristic"))
    + (worlds(), PLAYERS, examples(), progress()),
    "analyzer.games.five_hundred.questions:lead",
    "Which card to lead to the first trick as contractor: every distinct lead with P(make) and mean tricks on the "
    "same deals, the rest played by --play (default: double-dummy).",
    """--players 2 to 6: the table's deck and sides (five players: five_partner=call|choose;
    six: six_teams=threes|pairs); --play dd and pimc where the double-dummy solver seats the
    table.""",
    returns="""\
Answer
    ``table``: one row per lead, best first (lead, equivalent, p_make with
    p_make_lo/p_make_hi, mean_tricks, vs_best with vs_best_lo/vs_best_hi: the paired
    difference from the best lead).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.five_hundred.lead("JK JH JD AH KH TH AS KS 7C 5D", "8H", play="heuristic", deals=1_000)
>>> a.table.iloc[0]["lead"] == a.best
True""",
    plot="analyzer.report.five_hundred:plot_leads", vs_best="probability",
    render="analyzer.games.five_hundred.text:render_lead")

AUCTION = Question(
    "five-hundred", "auction",
    (HAND,) + HERE + (rules("A rule option (repeatable)."), PLAYERS),
    "analyzer.games.five_hundred.questions:policy_call",
    "The bidding policy's call for HAND now, and the evaluation behind it.",
    returns="""\
Answer
    ``table``: one row per strain (strain, predicted, up_to); ``best`` and
    ``recommendation``: the policy's call.""",
    examples="""\
>>> import analyzer
>>> analyzer.five_hundred.auction("JK JH JD AH KH TH AS KS 7C 5D", auction="7S pass pass",
...                               seat="S", dealer="S").best
'9H'""",
    outputs=("json",), render="analyzer.games.five_hundred.text:render_policy")

SCORE = Question(
    "five-hundred", "score",
    (Param("contract", argument=True, required=True, help="The contract, e.g. 7S, 8NT, MIS."),
     Param("tricks", "int", argument=True, required=True, low=0, high=10, help="The contractor side's tricks, 0-10.")),
    "analyzer.games.five_hundred.scoring:score_record",
    "Both sides' points when CONTRACT takes TRICKS (e.g. 7S 10 → +250, slam).",
    returns="""\
dict
    The record the command line's ``--json`` prints: contract, tricks, contractor
    (the contractor side's points), opponents.""",
    examples="""\
>>> import analyzer
>>> analyzer.five_hundred.score("7S", 10)
{'contract': '7S', 'tricks': 10, 'contractor': 250, 'opponents': 0}""",
    record=True, outputs=("json",), render="analyzer.games.five_hundred.text:render_score")

EQUITY = Question(
    "five-hundred", "equity",
    (Param("score", required=True, metavar="US:THEM", help="Both sides' scores, ours first, e.g. 380:440 (multiples "
           "of 10)."),
     Param("dealer", metavar="us|them", help="The side that deals next (default: show both)."),
     Param("deals", "int", None, "Self-play deals behind the table [default: 1,000,000].", low=1),
     seed(), threads(), rules("A rule option (repeatable), e.g. defend_cap=490."),
     Param("table_out", metavar="DIR", where="cli", help=(
         "Also write equity.csv, equity.png and equity.md (the whole table) into DIR (refused if DIR already holds "
         "them, unless --force).")),
     Param("force", "bool", False, "Replace the equity files --table-out DIR already holds.", where="cli"),
     progress()),
    "analyzer.games.five_hundred.equity:equity",
    "P(winning the game) at a score: ours and theirs (--score 380:440), with either side dealing next.",
    """The table behind it is an exact Markov chain over the game whose deal outcomes come
    from self-play deals (the policy's auction and play; it ignores the score).  It is
    built once for the rules, deals and seed and cached on disk (ANALYZER_CACHE, else
    ~/.cache/analyzer).  Rule options: those of bid (they shape the self-play deals)
    and defend_cap=none|490|480 (a side at or above that total scores nothing for
    defensive tricks).""",
    returns="""\
Answer
    ``table``: one row per dealing side (we_deal, p_win); ``meta``: us, them,
    p_thrown, p_dealer_contracts, mean points, cache facts; ``extra``: the
    neighbourhood grids and the whole table.  ``best`` is empty: there is nothing
    to choose.""",
    examples="""\
>>> import analyzer
>>> e = analyzer.five_hundred.equity("380:440", deals=20_000)     # doctest: +SKIP
>>> e.table                                                     # doctest: +SKIP""",
    outputs=("json",), page=False, render="analyzer.games.five_hundred.text:render_equity")

QUESTIONS = (BID, LEAD, AUCTION, SCORE, EQUITY)


def plot_bid(answer, path):
    """The bid's chart: the trick distribution of each contract for the old question
    (``contract_only`` without an auction), else each call's outcomes."""
    from ...report import five_hundred as charts
    if "contract" in answer.table.columns:
        charts.plot_trick_distribution(answer, path)
    else:
        charts.plot_here(answer, path)


def match(players=None, deck=None, **kw):
    """``analyzer match five-hundred``: a table of 2-6 players [4]; the deck is the table's."""
    from .match import match as play
    return play(players=4 if players is None else players, **kw)


def trust(decisions, seed, strong, players, fast_deals, strong_deals):
    """``analyzer trust five-hundred``: four-handed first-round bids, against dd or pimc."""
    from .trust import bench
    return bench(decisions, seed, strong, fast_deals, strong_deals)


DECK_OPTIONS = ("players",)     # the options the page's card picker reads (``deck``)


def deck(values: dict) -> tuple[dict, tuple | None]:
    """The cards of the table ``values`` ask about ({code: copies}) and their rank order
    for the page's picker (None: the usual)."""
    from .deck import table
    players = values.get("players")
    return {c: 1 for c in table(4 if players in (None, "") else players).deck.codes}, None
