"""``match``, the question every trick game shares, as every front end offers it
(``analyzer.spec``)."""

from .. import registry
from ..spec import Param, Question, progress, rules, seed, threads

MODELS = ("pimc", "heuristic")

MATCH = Question(
    "match", "match",
    (Param("game", argument=True, required=True, metavar="GAME",
           help="The game: " + ", ".join(registry.names("match", aliases=True)) + "."),
     Param("a", "choice", "pimc", "Model A: pimc (single-dummy play, --worlds layouts a card) or heuristic.",
           flag="--a", choices=MODELS, show_default=True),
     Param("b", "choice", "heuristic", "Model B.", flag="--b", choices=MODELS, show_default=True),
     Param("players", "int", None, "Table size: Five Hundred 2-6 [4], Euchre 2 or 4 [2] (Sheepshead: 5, "
           "Pinochle: 4)."),
     Param("deck", "choice", 24, "Euchre's deck.", choices=(24, 32, 25), show_default=True),
     Param("deals", "int", None, "Self-play deals, each played three times [default: Five Hundred 1,000, Euchre "
           "2,000, Sheepshead 1,000, Pinochle 200].", low=1),
     seed(),
     Param("worlds", "int", None, "Single-dummy layouts sampled a card [32; Pinochle 16].", low=1, high=4096),
     threads(), rules("A rule option (repeatable)."), progress()),
    "analyzer.sim.match:duplicate_match",
    "A duplicate match of two play models in GAME (five-hundred, euchre, sheepshead, pinochle).",
    """Self-play deals (the auction by the bidding policy), each played with the same
    cards three times: model A at the contracting side and B at the defenders, the other
    way round, and B everywhere.  The luck of the cards cancels: A - B points a deal with
    its 95% interval, and each side's P(make) as contractor.  A model against itself
    gives exactly 0.

    \b
    analyzer match five-hundred --a pimc --b heuristic --deals 1000
    analyzer match euchre --players 4
    analyzer match sheepshead --deals 500 --worlds 16
    analyzer match pinochle --deals 100""",
    returns="""\
Answer
    ``table``: one row per side (model, contracts, p_make with p_make_lo/p_make_hi,
    net, net_se); ``meta``: a_minus_b with se, lo, hi, the gains as contractor and
    as defender, and by_kind (per kind of contract).""",
    examples="""\
>>> import analyzer
>>> m = analyzer.match("euchre", a="heuristic", b="heuristic", deals=200)
>>> m.meta["a_minus_b"]
0.0""",
    api="match", outputs=("json", "csv"))

QUESTIONS = (MATCH,)
