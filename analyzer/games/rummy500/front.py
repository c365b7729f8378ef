"""Rummy 500's questions, as every front end offers them (``analyzer.spec``)."""

from ...spec import Param, Question, examples, hand, progress, rules, seed, threads

RULES_HELP = ("Rule options (--rule NAME=VALUE): jokers=yes|no, values=pip|5-10-15, floating=no|yes, "
              "single_duty=no|yes, out_discard=any|dead, two_hand=13|10, two_decks_from=2..9 (9: never), "
              "rummy=on|off.")
PLAYERS = Param("players", "int", 4, "Players (2-8); two decks from 6 by default.", show_default=True)
RULES = rules("A rule option (repeatable).")
POSITION = (
    Param("hand", required=True, help="Your cards.", holds="cards"),
    Param("pile", default="", help="The discard pile, bottom to top (every card is visible).", holds="cards"),
    Param("table", help="Melds on the table, e.g. \"5S 6S 7S; 8H 8D 8C\".", holds="melds"),
    PLAYERS,
    Param("held", metavar="N,N,...", help="Cards each opponent holds, in turn order after you (default: the deal's "
          "size)."),
    Param("scores", metavar="N,N,...", help="Game scores now, yours first then the opponents in turn order: adds "
          "P(win the game)."),
    Param("strategy", help="The strategy everyone plays after the decision (default holder; name:param=value)."),
    Param("deals", "int", None, "Deals [default: take 10,000, discard 8,000; 5,000 with --scores].", low=1),
    seed(), threads(), RULES, examples(), progress(),
)

MELDS = Question(
    "rummy500", "melds",
    (hand("Your cards."),
     Param("table", help="Melds on the table to lay off on, e.g. \"5S 6S 7S; 8H 8D 8C\".", holds="melds"),
     PLAYERS, RULES),
    "analyzer.games.rummy500.questions:melds",
    "The best way to lay HAND down: the melds (jokers' declared cards), the lay-offs on --table, the value melded "
    "and the value left in hand (least left, then most melded).",
    "Ace high (Q-K-A, 15) or low (A-2-3, 1), never round the corner (K-A-2).\n\n" + RULES_HELP,
    returns="""\
dict
    The record the command line's ``--json`` prints: hand, deck, table, melds,
    declared, meld_values, layoffs, left, melded_value, left_value.""",
    examples="""\
>>> import analyzer
>>> m = analyzer.rummy500.melds("5S 6S 7S 8H 8D 8C KD")
>>> m["left"], m["left_value"]
(['KD'], 10)""",
    record=True, outputs=("json",), render="analyzer.games.rummy500.text:render_melds")

TOURNAMENT = Question(
    "rummy500", "tournament",
    (Param("strategies", default="greedy,holder,piler,random", show_default=True,
           help="Comma-separated strategies (name or name:param=value:...)."),
     PLAYERS,
     Param("games", "int", 2_000, "Games to play.", low=1, show_default=True),
     seed(), threads(), RULES, progress()),
    "analyzer.games.rummy500.questions:tournament",
    "Strategies seated in every rotation play whole games to 500: per strategy P(win the game) with its 95% "
    "interval, mean points per hand, hands per game.",
    """Strategies: greedy, holder, piler, random (a random legal player, the baseline);
    parameters as name:param=value, e.g. holder:danger=2.

    """ + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per strategy (strategy, seat_games, p_win with
    p_win_lo/p_win_hi, mean_points_per_hand, points_per_hand_se, p_out_per_hand).""",
    examples="""\
>>> import analyzer
>>> t = analyzer.rummy500.tournament("greedy,random", players=2, games=200)
>>> t.best
'greedy'""",
    plot="analyzer.report.rummy500:plot_tournament", render="analyzer.games.rummy500.text:render_tournament")

TAKE = Question(
    "rummy500", "take", POSITION,
    "analyzer.games.rummy500.questions:take",
    "Take the pile or draw?",
    """Every draw open now — the stock, or the pile from each depth whose deepest card can
    be used at once (with the meld that uses it) — played out to the end of the hand on
    the same deals: your mean hand score (points from now on), the margin over the best
    opponent, P(you go out first) and, with --scores, P(win the game), with 95%
    intervals.  The recommendation is the best margin (with --scores the best P(win the
    game)): you play to win, not to pile up your own points.

    The unseen cards (the opponents' hands and the stock) are dealt at random; everyone
    plays --strategy afterwards.

    """ + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per draw (action, meld, mean_margin, margin_se,
    margin_vs_stock, p_out with p_out_lo/p_out_hi, mean_score, score_se,
    gain_vs_stock; with ``scores`` p_win, p_win_lo, p_win_hi).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.rummy500.take("KS KH KD 4C 9D 2H 7S", pile="KC 3D 8C", players=3, deals=1_000)
>>> "draw from the stock" in set(a.table["action"])
True""",
    plot="analyzer.report.rummy500:plot_position", render="analyzer.games.rummy500.text:render_position")

DISCARD = Question(
    "rummy500", "discard",
    POSITION[:1] + (Param("taken", help="The card you took alone from the pile this turn (it may not be "
                          "thrown).", holds="card"),) + POSITION[1:],
    "analyzer.games.rummy500.questions:discard",
    "Which card to throw?",
    """You have drawn and melded; each card you could throw is played out on the same deals
    (the opponents' Rummy! calls and pile takes included): mean hand score, margin, P(out
    first), P(the next player takes it), P(it gives a Rummy!) and, with --scores, P(win
    the game).  Best first by the margin (with --scores by P(win the game)).

    """ + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per card to throw (action, mean_margin, margin_se, p_out
    with p_out_lo/p_out_hi, mean_score, score_se, p_taken, p_rummy; with
    ``scores`` p_win, p_win_lo, p_win_hi).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.rummy500.discard("5H 6H 9C 2S KD QC 4D 7H", pile="8S 3C", taken="7H", deals=1_000)
>>> "throw 7H" in set(a.table["action"])
False""",
    plot="analyzer.report.rummy500:plot_position", render="analyzer.games.rummy500.text:render_position")

QUESTIONS = (MELDS, TAKE, DISCARD, TOURNAMENT)


def trust(decisions, seed, strong, players, fast_deals, strong_deals):
    """``analyzer trust rummy500``: the players' draws and discards, against the questions."""
    from .trust import bench
    return bench(decisions, seed, int(players), strong_deals)


DECK_OPTIONS = ("players", "rules")     # the options the page's card picker reads (``deck``)


def deck(values: dict) -> tuple[dict, tuple | None]:
    """The cards of the table ``values`` ask about: one or two decks, the jokers the rules
    deal ({code: copies}), the usual rank order."""
    from ...cards import JOKER
    from ...errors import InputError
    from ...spec import rule_items
    from .deck import NATURAL_BITS, code_of_bit
    from .rules import Options
    players = values.get("players")
    try:
        players = 4 if players in (None, "") else int(players)
    except ValueError:
        raise InputError(f"--players must be a number, not {players!r}") from None
    rules = values.get("rules")
    if isinstance(rules, str):
        rules = [x.strip() for x in rules.split(";") if x.strip()]
    spec = Options.parse(rule_items(rules)).deck(players)
    counts = {code_of_bit(b): spec.decks for b in NATURAL_BITS}
    if spec.jokers:
        counts[JOKER] = spec.jokers
    return counts, None
