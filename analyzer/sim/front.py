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
    api="match", outputs=("json", "csv"), render="analyzer.sim.front:render_match")

QUESTIONS = (MATCH,)


def render_match(answer) -> str:
    m = answer.meta
    t = answer.table
    lines = [f"{m['title']}: {m['a']} (A) against {m['b']} (B), {m['deals']:,} deals, {m['played']:,} with a contract"
             + (f" ({m['left_out']:,} more left out)" if m.get("left_out") else "") + ", "
             f"each played three times (A contracting, B contracting, B everywhere), seed {m['seed']}"
             + (f", {m['worlds']} worlds a card" if m.get("worlds") else ""),
             answer.recommendation,
             f"A - B: {m['a_minus_b']:+.2f} points a deal (95% interval {m['lo']:+.2f} to {m['hi']:+.2f}; "
             f"se {m['se']:.2f})",
             "",
             f"  side  model      as {m['contract']:<11} P(make)   95% interval    net a deal  ±se"]
    for r in t.itertuples():
        lines.append(f"  {r.side[:4]:<4}  {r.model.split(' ')[0]:<9}  {r.contracts:>8,} times  {100 * r.p_make:5.1f}%  "
                     f"{100 * r.p_make_lo:5.1f}-{100 * r.p_make_hi:5.1f}%   {r.net:+9.2f}  {r.net_se:.2f}")
    lines.append(f"  P(make) A - B: {100 * m['p_make_a_minus_b']:+.1f} points (se {100 * m['p_make_diff_se']:.1f}, "
                 "paired)")
    lines.append(f"  A's gain over the baseline: as {m['contract']} {m['a_gain_contracting']:+.2f} "
                 f"± {m['a_gain_contracting_se']:.2f}, as defender {m['a_gain_defending']:+.2f} "
                 f"± {m['a_gain_defending_se']:.2f} points a deal")
    lines.append(f"  net: the contracting side's points for the deal minus the defenders'; base: {m['b']} at "
                 "every seat")
    if len(m.get("by_kind", [])) > 1:
        lines += ["", f"  by contract       deals   A - B  ±se   share   P(make) A / B / base   A's gain as "
                      f"{m['contract']} / defender"]
        for k in m["by_kind"]:
            lines.append(f"  {k['kind']:<14} {k['played']:>7,}  {k['a_minus_b']:+6.1f} {k['se']:4.1f}  "
                         f"{100 * k['share_of_difference']:5.0f}%   {100 * k['p_make_a']:5.1f} / "
                         f"{100 * k['p_make_b']:5.1f} / {100 * k['p_make_base']:5.1f}%   "
                         f"{k['a_gain_contracting']:+.2f} / {k['a_gain_defending']:+.2f}")
    return "\n".join(lines)
