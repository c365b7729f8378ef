"""Euchre's questions, as every front end offers them (``analyzer.spec``)."""

from ...errors import InputError
from ...spec import Param, Question, condition, examples, hand, progress, simulation, worlds

RULES_HELP = ("Rule options (--rule NAME=VALUE): joker_up=dealer|redeal (a turned-up joker: the dealer names "
              "trump, or redeal), discard_upcard=yes|no (may the dealer discard the card it picked up).")
PLAY_HELP = ("--play pimc: single-dummy play of the five tricks at every seat (each card chosen in --worlds "
             "sampled layouts of the cards that player cannot see, solved double-dummy).")
BIDDING_DEALS = ("100,000; 20,000 with --play dd; with --play pimc 2,000, or 6,000 ÷ actions (at least 500) "
                 "when more than 3 actions")

PLAYERS = Param("players", "choice", 2, "Two-handed (the seed game) or four-handed (partners opposite).",
                choices=(2, 4), show_default=True)
DECK = Param("deck", "choice", 24, "24 cards (9-A), 32 (7-A) or 25 (24 + the joker, the top trump).",
             choices=(24, 32, 25), show_default=True)
TABLE = (
    Param("dealer", "choice", None, "Who dealt (two-handed; default them).  Four-handed: --dealer me = --seat 4.",
          choices=("me", "them")),
    Param("seat", "int", None, "Your position after the dealer: 1 left of the dealer (speaks first), 2 the "
          "dealer's partner, 3 right of the dealer, 4 the dealer (two-handed: 1 non-dealer, 2 dealer)."),
    PLAYERS, DECK,
    Param("stick_the_dealer", "bool", False, "When all pass twice the dealer must name a suit (default: redeal)."),
)
SCORE = Param("score", "text", None, metavar="US:THEM", help=(
    "The game score before this hand, your side's points first, each 0-9 (e.g. 8:9): every action also gets "
    "P(win the game) to 10 (the hand's outcomes added to the score, the rest of the game valued by an equity "
    "table of self-play), and the recommendation is by it."))
BIDDING_RETURNS = """\
Answer
    ``table``: one row per action (action, label, discard, p_make with
    p_make_lo/p_make_hi, p_march, p_euchred, p_they_make, p_they_euchred, p_redeal,
    ev, ev_se; with ``score`` p_win, p_win_lo, p_win_hi); ``best``: the recommended
    action; ``meta``: position, rules, the conditioning (effective_deals, p_passes)."""


def _bidding(name, card: Param, summary, body, example):
    return Question(
        "euchre", name,
        (hand("Your 5 cards, e.g. \"JH JD AH KH 9S\"."),
         card) + TABLE + (condition(),)
        + simulation(said=BIDDING_DEALS)
        + (worlds(), SCORE, examples(), progress()),
        f"analyzer.games.euchre.questions:{name}", summary, body + "\n\n" + PLAY_HELP + "\n\n" + RULES_HELP,
        returns=BIDDING_RETURNS, examples=example, plot="analyzer.report.euchre:plot_outcomes",
        render="analyzer.games.euchre.text:render")


ORDER = _bidding(
    "order", Param("upcard", required=True, metavar="CARD", help="The card turned up, e.g. 9H.", holds="card"),
    "Round one: order up (accept, if you dealt) or pass, for HAND (your 5 cards).",
    """Every action open to you now is simulated on the same deals: the other hands are
    dealt consistent with your cards, the upcard and the passes before you; after your
    action everybody bids by sensible policies (a redeal scores 0) and plays the hand.
    EV is your side's points minus theirs for the hand; with --score, P(win the game).""",
    """\
>>> import analyzer
>>> a = analyzer.euchre.order("JH JD AH KH 9S", upcard="9H", deals=2_000)
>>> a.best in set(a.table["action"])
True""")

CALL = _bidding(
    "call", Param("turned_down", required=True, metavar="CARD",
                  help="The upcard everybody passed in round one, e.g. 9H.", holds="card"),
    "Round two: name a suit (not the turned-down one) or pass, for HAND (your 5 cards).",
    """The other hands are dealt consistent with everybody's passes in round one and the
    passes before you in round two.  EV is your side's points minus theirs for the hand;
    with --score, P(win the game).""",
    """\
>>> import analyzer
>>> a = analyzer.euchre.call("JS JC AS KD 9D", turned_down="9H", deals=2_000)
>>> a.best in set(a.table["action"])
True""")

LEAD = Question(
    "euchre", "lead",
    (hand("Your 5 cards."),
     Param("trump", required=True, metavar="SUIT", help="The trump suit, e.g. H."),
     Param("maker", required=True, metavar="SEAT", help=(
         "Who made trump: a position after the dealer (1 you, on lead; 2 left of you; 3 your partner; 4 the "
         "dealer -- two-handed 1 you, 2 the dealer) or me, partner, dealer.")),
     Param("alone", "bool", False, "The maker goes alone (four-handed; the maker's partner sits out)."),
     Param("upcard", metavar="CARD", help=(
         "The upcard: of the trump suit the dealer picked it up, of another suit it was turned down [default: "
         "not given, the undealt cards are unseen]."), holds="card"),
     PLAYERS, DECK)
    + simulation(said="20,000 with --play dd; 1,000 with pimc; 100,000 with heuristic",
                 models=("dd", "pimc", "heuristic"))
    + (worlds(), examples(), progress()),
    "analyzer.games.euchre.questions:lead",
    "Which card to lead to the first trick, for HAND (your 5 cards), on lead left of the dealer: every distinct "
    "lead with P(make) (your side made trump) or P(set) (they did) and your side's mean tricks on the same deals, "
    "the rest played by --play (default: double-dummy).",
    """Seats are positions after the dealer, clockwise: 1 you (left of the dealer, on lead),
    2 left of you, 3 your partner, 4 the dealer; two-handed 1 you, 2 the dealer.

    """ + PLAY_HELP + "\n\n" + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per lead, best first (lead, equivalent, p_success with
    p_success_lo/p_success_hi: P(make) when your side made trump, P(set) when they
    did; mean_tricks, vs_best with vs_best_lo/vs_best_hi).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.euchre.lead("JH JD AH KS 9C", trump="H", maker=1, play="heuristic", deals=2_000)
>>> a.table.iloc[0]["lead"] == a.best
True""", vs_best="probability", render="analyzer.games.euchre.text:render_lead")

QUESTIONS = (ORDER, CALL, LEAD)


def match(players=None, deck=24, **kw):
    """``analyzer match euchre``: two-handed [default] or four-handed, on its deck."""
    from .match import match as play
    return play(players=2 if players is None else players, deck=int(deck), **kw)


def trust(decisions, seed, strong, players, fast_deals, strong_deals):
    """``analyzer trust euchre``: order and call from every seat, against pimc."""
    from .trust import bench
    return bench(decisions, seed, int(players), fast_deals, strong_deals)


DECK_OPTIONS = ("deck",)        # the options the page's card picker reads (``deck``)


def deck(values: dict) -> tuple[dict, tuple | None]:
    """The cards of the deck ``values`` ask about ({code: copies}), the usual rank order."""
    from .deck import DECKS
    size = values.get("deck")
    try:
        size = 24 if size in (None, "") else int(size)
    except ValueError:
        size = None
    if size not in DECKS:
        raise InputError(f"--deck must be one of {', '.join(map(str, DECKS))}")
    return {c: 1 for c in DECKS[size].codes}, None
