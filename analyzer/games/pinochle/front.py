"""Pinochle's questions, as every front end offers them (``analyzer.spec``): the
four-handed partnership game, the three-handed auction game (``--players 3``) and the
two-handed game with a stock (``deal``, ``play``)."""

from ...errors import InputError
from ...spec import Param, Question, condition, examples, hand, progress, rules, seed, simulation, threads, worlds

MELD_RULES_HELP = ("Rule options: --rule NAME=VALUE takes every option of the Pinochle rules; only "
                   "run_marriage_reuse=no|yes changes meld (yes: an extra K or Q of trump marries the run's partner "
                   "card, so run + K is 190).")
RULES_HELP = ("Rule options (--rule NAME=VALUE): head=best|led_card|none, overtrump=always|trump_led, "
              "counting=tens|fives|classic, run_marriage_reuse=no|yes, meld_save=counter|trick|always, min_bid=250 "
              "(a multiple of 10), raise=10_20|any, throw_in=short250|any, game=1500.")
TWO_RULES_HELP = ("Two-handed rule options: order=meld_then_draw|draw_then_meld, last_cards=fixed|winner_chooses, "
                  "double_meld=at_once|any, head=always|trump_led, count=tens|classic|fives, game=1000.")
SUIT = "S|H|D|C"
PINOCHLE_WORLDS = worlds("With --play pimc: sampled layouts per card played [default: 16].")
SIMPLE_RULES = rules("A rule option (repeatable).")

MELD = Question(
    "pinochle", "meld",
    (hand("Your 12 cards (a card twice for both copies)."),
     Param("trump", metavar=SUIT, help="Only this trump suit (default: each of the four)."),
     SIMPLE_RULES),
    "analyzer.games.pinochle.meld:meld_record",
    "The meld of HAND (your 12 cards) for each trump suit, itemised by class (arounds, sequence, pinochle, dix) "
    "with points.", MELD_RULES_HELP,
    returns="""\
dict
    The record the command line's ``--json`` prints: hand, rules, by_trump ({suit:
    {"total": points, "items": [{"meld", "class", "points"}, ...]}}).""",
    examples="""\
>>> import analyzer
>>> m = analyzer.pinochle.meld("AS AS TS KS QS QS JS JS 9H AD KC QD")
>>> {suit: v["total"] for suit, v in m["by_trump"].items()}
{'S': 150, 'C': 20, 'D': 20, 'H': 30}""",
    record=True, outputs=("json",), render="analyzer.games.pinochle.text:render_meld")

ODDS = Question(
    "pinochle", "odds",
    (Param("trump", default="H", metavar=SUIT, show_default=True, help=(
        "The trump suit of the meld distribution (♠ and ♦ hold the pinochle cards, so they differ a little from ♣ "
        "and ♥).")),
     Param("cards", "choice", 12, "Cards in the hand: 12 (four- and two-handed), 15 (three-handed), 18 (the "
           "three-handed bidder's hand with the widow).", choices=(12, 15, 18), show_default=True),
     SIMPLE_RULES),
    "analyzer.games.pinochle.odds:odds_record",
    "Exact odds of each meld in a random hand (by counting, not sampling), and of the hand's whole meld reaching "
    "20, 40, ... points with a named trump: 12 cards, or 15 and 18 for the three-handed game (with the odds of a "
    "widow without a counter).", MELD_RULES_HELP,
    returns="""\
dict
    The record the command line's ``--json`` prints: cards, odds ([{"meld", "p",
    "hands"}, ...]), hands (all hands of that size), meld_in_trump ({"trump",
    "rules", "at_least": [{"points", "p"}, ...]}); with 15 or 18 cards also
    widow_no_counter (P(the 3-card widow holds no A, 10 or K)).""",
    examples="""\
>>> import analyzer
>>> o = analyzer.pinochle.odds()
>>> o["hands"]
69668534468""",
    record=True, outputs=("json",), render="analyzer.games.pinochle.text:render_odds")

BID = Question(
    "pinochle", "bid",
    (hand("Your 12 cards (15 with --players 3)."),
     Param("seat", "int", None, "Your seat: 1 is left of the dealer and speaks first, 4 is the dealer [default: 1, "
           "or whose turn it is after --auction]."),
     Param("over", "int", None, "The bid to beat (without --auction: your right-hand opponent's; the other hands "
           "are then not conditioned on the bidding).", metavar="BID"),
     Param("auction", metavar="CALLS", help="The calls so far from seat 1, in order, e.g. \"250 pass 260\": the "
           "other hands are dealt so that the policy makes them."),
     Param("trump", metavar=SUIT, help="Only this trump's rows (faster, above all with --play dd) [default: every "
           "trump]."),
     PINOCHLE_WORLDS, condition())
    + simulation(said="100,000; 20,000 when other seats' calls condition the deal; 50 with --play dd; 10 with --play "
                      "pimc")
    + (examples(),
       Param("players", "choice", 4, (
           "4: the partnership game (12 cards); 3: the three-handed auction game (15 cards, a widow of 3; its rule "
           "options: min_bid=300|250|200, skip_40_90=no|yes, count=tens|classic|fives, units=3-5-10|1-2-4-6-8-10, "
           "double=spades|none|spades_hearts, run_marriage_reuse=no|yes, all_pass=eldest_forced|redeal|"
           "dealer_stuck, forced_concede=free|single; --auction: the calls from the eldest, seat 1, on)."),
           choices=(4, 3), show_default=True),
       progress()),
    "analyzer.games.pinochle.questions:bid",
    "How much can you bid on HAND (your 12 cards)?",
    """For each bid from the next allowed up to where P(make) is negligible and each trump:
    P(make) — your side's saved meld plus trick points reach the bid — with its 95%
    interval, the mean meld after the passes, the mean trick points and EV (your side's
    score minus the other side's) if you declare at that bid.  Then the calls, compared
    like with like: pass, or each bid now, the auction going on by the policy and the
    contract it reaches played -- your side's EV for the whole hand on the same deals.
    Recommendation: the best call, its lead over the next best (a tie called a tie), the
    trump to name, the highest bid not measurably worse.  --play pimc: single-dummy play
    at every seat, each trump's hand played once, aiming at the level the bidding policy
    would reach with that trump (no calls: the declare rows against passing).

    """ + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per bid and trump (action "bid", bid, trump, p_make with
    p_make_lo/p_make_hi, mean_meld, mean_tricks, ev, ev_se) and one for passing
    (action "pass"); ``best``: e.g. "bid 300 S" or "pass"; ``meta``: the hand's meld
    by trump and what follows a pass.""",
    examples="""\
>>> import analyzer
>>> a = analyzer.pinochle.bid("AS AS TS KS QS QS JS JS 9H AD KC QD", trump="S", deals=2_000)
>>> a.best.split()[0] in ("bid", "pass")
True""",
    plot="analyzer.report.pinochle:plot_bid", plot_check="analyzer.games.pinochle.front:four_handed_plot",
    render="analyzer.games.pinochle.text:render_any_bid")

BURY = Question(
    "pinochle", "bury",
    (hand("Your 18 cards: your 15 and the widow."),
     Param("trump", required=True, metavar=SUIT, help="The trump you named."),
     Param("bid", "int", None, "Your bid [default: the minimum, 300].", metavar="BID"),
     Param("top", "int", 15, "Rows to print (JSON and CSV have them all).", low=1, show_default=True, where="cli"),
     Param("players", "choice", 3, "The three-handed game (the only one with a burial).", choices=(3,),
           show_default=True))
    + simulation(4_000, models=("heuristic",)) + (progress(),),
    "analyzer.games.pinochle.questions:bury",
    "Which three cards to bury as the three-handed bidder?  HAND: your 18 cards (your 15 and the widow).",
    """Every legal burial (three cards none of which you meld -- or, when there are more
    than 40, the best 40 by the policy's card scores -- and always the policy's own) is
    made and the fifteen tricks played on the same deals, the other two hands dealt at
    random: P(make) at your bid with its 95% interval, EV in settlement units from each
    other player, and each burial against the best on the same deals.""",
    returns="""\
Answer
    ``table``: one row per burial, best first (burial, points, policy: the simulated
    bidder's own; p_make with p_make_lo/p_make_hi, ev and ev_se in units from each
    other player, mean_total, vs_best with vs_best_lo/vs_best_hi: P(make) minus the
    best's on the same deals).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.pinochle.bury("AS TS KS QS JS QS JD KD QD 9H AC AC AH KH TC 9S TD 9C", trump="S",
...                            deals=500)
>>> a.best.startswith("bury ")
True""", vs_best="probability", render="analyzer.games.pinochle.text:render_bury")

DEAL = Question(
    "pinochle", "deal",
    (hand("Your 12 cards."),
     Param("players", "choice", 2, "The two-handed game with a stock (the only one dealt this way).", choices=(2,),
           show_default=True),
     Param("trump", metavar=SUIT, help="The trump suit (the turned card then any unseen card of it); or give "
           "--upcard."),
     Param("upcard", metavar="CARD", help="The turned card (it names the trump).", holds="card"),
     Param("dealer", "choice", "them", "Who dealt: them (you lead first) or you (a turned nine scores you 10).",
           choices=("them", "you"), show_default=True),
     Param("score", metavar="YOU:THEM", help="The scores before this hand [default: 0:0]."))
    + simulation(20_000, models=("heuristic",)) + (progress(),),
    "analyzer.games.pinochle.questions:deal2",
    "What is a two-handed hand worth?  HAND: your 12 cards.",
    """The opponent's hand and the stock are dealt at random and the hand played out by the
    policy (phase 1 with melding after each trick won and the draw, phase 2 with the
    duties): each player's expected meld, counters and total; then the game played on to
    its end: P(you win the game from --score).

    """ + TWO_RULES_HELP,
    returns="""\
Answer
    ``table``: one row per player (you, opponent): mean_meld, mean_counters (each with
    its standard error), mean_total; ``meta``: net (your total minus theirs) with
    net_se, p_win with p_win_lo/p_win_hi, how often each player called out, hands a
    game.""",
    examples="""\
>>> import analyzer
>>> a = analyzer.pinochle.deal("AS TS KS QS JS QS JD KD QD 9H AC AC", trump="S", deals=500)
>>> a.meta["p_win"] > 0.5
True""",
    adapt="analyzer.games.pinochle.front:without_players", render="analyzer.games.pinochle.text:render_deal")

PLAY = Question(
    "pinochle", "play",
    (hand("Your 12 cards (those on your table too)."),
     Param("players", "choice", 2, "The two-handed game with a stock (phase 1: the stock not yet gone).",
           choices=(2,), show_default=True),
     Param("trump", metavar=SUIT, help="The trump suit (the card under the stock then unknown); or give --upcard."),
     Param("upcard", metavar="CARD", help="The card under the stock (it names the trump).", holds="card"),
     Param("seen", metavar="CARDS", help="The cards played to the tricks so far (both players').", holds="cards"),
     Param("lead", metavar="CARD", help="The card your opponent led to this trick (none: you lead).", holds="card"),
     Param("melded", metavar="GROUPS", help="Your melds laid this hand, in order, comma-separated (\"KS QS, AS AH AD "
           "AC\"; a nine of trump alone: the dix shown)."),
     Param("their_melded", metavar="GROUPS", help="Your opponent's melds laid this hand, likewise."))
    + simulation(2_000, models=("heuristic",)) + (examples(), progress()),
    "analyzer.games.pinochle.questions:play2",
    "Which card now, in phase 1 of two-handed Pinochle -- and should you win this trick to meld?",
    """HAND: your 12 cards (those on your table too).  Your opponent's concealed cards and
    the stock's order are dealt at random from the unseen cards, each of your cards played
    in every world and the hand played on by the policy: your net gain for the rest of the
    hand, each card against the best on the same worlds, and how often it wins the trick.
    From trick 13 (phase 2) both hands are known and each card is valued exactly.

    """ + TWO_RULES_HELP,
    returns="""\
Answer
    ``table``: one row per card, best first (card, from_table, net with net_se: your
    meld and counters from now minus your opponent's, vs_best with its interval,
    p_win_trick with its interval).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.pinochle.play("AS TS KS QS JS QS JD KD QD 9H AC AC", trump="S", lead="TH",
...                            seen="9C JC 9H JH", deals=200)
>>> a.best.startswith("play ")
True""",
    adapt="analyzer.games.pinochle.front:without_players", render="analyzer.games.pinochle.text:render_play")

PASS = Question(
    "pinochle", "pass",
    (hand("Your 12 cards (16 with --received)."),
     Param("trump", required=True, metavar=SUIT, help="The trump the declarer named."),
     Param("bid", "int", None, "The winning bid [default: the minimum].", metavar="BID"),
     Param("received", metavar="CARDS", help="You are the declarer: the 4 cards your partner passed you (HAND is "
           "then your 16 cards).", holds="cards"),
     Param("top", "int", 15, "Rows to print (JSON and CSV have them all).", low=1, show_default=True, where="cli"))
    + simulation(20_000, models=("heuristic",)) + (examples(), progress()),
    "analyzer.games.pinochle.questions:pass_cards",
    "Which four cards to pass?",
    """As the declarer's partner (HAND: your 12 cards), or with --received as the declarer
    passing back (HAND: your 16 cards).  Every distinct set of four — or, when there are
    more than 40, the best 40 by the policy's card scores — and always the policy's own
    choice, played on the same deals and ranked by EV with 95% intervals.

    """ + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per pass, best first (action, cards, policy: the policy's own
    choice; p_make with p_make_lo/p_make_hi, mean_meld, mean_tricks, ev, ev_se).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.pinochle.pass_("AS AS TS KS QS QS JS JS 9H AD KC QD", trump="S", deals=1_000)
>>> a.table.iloc[0]["action"] == a.best
True""",
    plot="analyzer.report.pinochle:plot_pass", api="pass_", render="analyzer.games.pinochle.text:render_pass")

LEAD = Question(
    "pinochle", "lead",
    (hand("Your 12 cards after the passes (15 with --players 3)."),
     Param("trump", required=True, metavar=SUIT, help="The trump you named."),
     Param("bid", "int", None, "The bid you won [default: the minimum].", metavar="BID"),
     Param("passed", metavar="CARDS", holds="cards",
           help="The 4 cards you passed back to your partner (dealt into his hand)."),
     PINOCHLE_WORLDS,
     Param("deals", "int", None, "Number of simulated deals [default: 40 with --play dd, 10 with --play pimc, "
           "20,000 with --play heuristic].", low=1))
    + (seed(),
       Param("play", "choice", None, "Card-play model [default: dd; heuristic with --players 3].",
             choices=("dd", "pimc", "heuristic")),
       threads(), rules())
    + (examples(),
       Param("players", "choice", 4, "3: the three-handed bidder's lead (HAND: his 15 cards after the burial; "
             "heuristic play, the default there).", choices=(4, 3), show_default=True),
       Param("buried", metavar="CARDS", help="Three-handed: the 3 cards you buried (their points count for you) "
             "[default: three unseen cards at random].", holds="cards"),
       progress()),
    "analyzer.games.pinochle.questions:lead",
    "Which card should you, the declarer, lead to the first trick?",
    """HAND: your 12 cards after the passes.  Every distinct lead is played on the same deals
    (the other hands dealt at random from the cards you do not see), the rest double-dummy
    (dd), single-dummy at every seat (pimc) or by the heuristic players; ranked by P(make)
    -- your side's saved meld plus trick points reach the bid -- and mean trick points,
    with paired 95% intervals against the best lead.""",
    returns="""\
Answer
    ``table``: one row per distinct lead, best first (lead, equivalent, p_make with
    p_make_lo/p_make_hi, mean_points with mean_points_se, vs_best and points_vs_best
    with their paired 95% ranges); ``best``: the card.""",
    examples="""\
>>> import analyzer
>>> a = analyzer.pinochle.lead("AS AS TS KS QS QS JS 9S AH KH QH JD", trump="S", bid=400,
...                            play="heuristic", deals=500)
>>> a.table.iloc[0]["lead"] == a.best
True""",
    plot="analyzer.report.pinochle:plot_lead", vs_best="probability", render="analyzer.games.pinochle.text:render_lead")

QUESTIONS = (MELD, ODDS, BID, BURY, DEAL, PLAY, PASS, LEAD)


def four_handed_plot(values: dict) -> None:
    if str(values.get("players")) == "3":
        raise InputError("--plot: not offered with --players 3 yet")


def without_players(kw: dict) -> dict:
    """The two-handed questions are one table size: ``players`` only says so."""
    kw.pop("players")
    return kw


def match(players=None, deck=None, **kw):
    """``analyzer match pinochle``: the four-handed partnership game."""
    from .match import match as play
    if players not in (None, 4):
        raise InputError(f"partnership Pinochle is played by 4 players, not {players}")
    return play(**kw)


def trust(decisions, seed, strong, players, fast_deals, strong_deals):
    """``analyzer trust pinochle``: the policy's calls (and the partner's pass), against the questions."""
    from .trust import bench
    return bench(decisions, seed, strong_deals, int(players))


DECK_OPTIONS = ()


def deck(values: dict) -> tuple[dict, tuple | None]:
    """The 48 cards (two of each), ranked A 10 K Q J 9 in the page's picker."""
    from .deck import CODES
    counts: dict[int, int] = {}
    for c in CODES:
        counts[c] = counts.get(c, 0) + 1
    return counts, (14, 10, 13, 12, 11, 9)
