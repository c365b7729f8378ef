"""Sheepshead's questions, as every front end offers them (``analyzer.spec``)."""

from ...spec import Param, Question, condition, examples, hand, progress, simulation, worlds

RULES_HELP = ("Rule options: jack_order=standard|seed, leaster_blind=last|first, no_call=alone|unknown (no legal "
              "call: play alone, or call an ace of a void suit and set a face-down fail card) (also "
              "nobody_picks=leaster|doubler and bump=single|double, as the flags below).")
TABLE = (
    Param("seat", "int", 1, "Your seat: 1 is left of the dealer (offered the blind first, leads), 5 deals.",
          show_default=True),
    Param("double_on_bump", "bool", False, "Every loss of the picker's side is doubled.",
          flag="--double-on-the-bump"),
    Param("no_leaster", "bool", False, "Nobody picks: redeal and double the next hand (doubler), instead of a "
          "leaster."),
)

PICK = Question(
    "sheepshead", "pick",
    (hand("Your 6 cards, e.g. \"QC QS JD AD TD 9C\"."),)
    + TABLE + (worlds(), condition())
    + simulation(said="200,000; 1,000 with --play dd; 20 with --play pimc")
    + (examples(), progress()),
    "analyzer.games.sheepshead.questions:pick",
    "Is HAND (your 6 cards) a pick?  Pick, pick alone, or pass, with P(win), schneider both ways and expected "
    "points per hand.",
    """Pick: you take the blind, bury and call by the heuristic policy (alone only when no
    call is legal).  Pass: the later seats decide by the policy; if nobody picks, a
    leaster (or, with --no-leaster, a redeal worth 0).  Deals in which an earlier seat
    would have picked are not counted.  EV is your score for the hand.

    --play dd: picked hands solved double-dummy (every hand visible).  --play pimc:
    single-dummy play at every seat of a picked hand: each card chosen in --worlds
    sampled layouts of the cards that seat cannot see, aiming at the picker side's 61.

    """ + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per option (action: pick, alone, pass; p_win with
    p_win_lo/p_win_hi, p_schneider, p_schneidered, ev, ev_se); ``meta``: the calls
    made when you pick, what happens when you pass, the conditioning.""",
    examples="""\
>>> import analyzer
>>> a = analyzer.sheepshead.pick("QC QS JD AD TD 9C", seat=2, deals=2_000)
>>> sorted(a.table["action"])
['alone', 'pass', 'pick']""",
    plot="analyzer.report.sheepshead:plot_pick", adapt="analyzer.games.sheepshead.front:adapt_pick",
    render="analyzer.games.sheepshead.text:render_pick")

BURY = Question(
    "sheepshead", "bury",
    (hand("Your 8 cards: your hand and the blind.", "cards"),
     Param("top", "int", 15, "Rows to print (JSON and CSV have them all).", low=1, show_default=True, where="cli"))
    + TABLE + (condition(),)
    + simulation(said="20,000; 100 with --play dd", models=("heuristic", "dd"))
    + (examples(), progress()),
    "analyzer.games.sheepshead.questions:bury",
    "After picking: every legal bury (2 of CARDS, your 8 cards with the blind) with every legal call, or alone, "
    "ranked by expected points with 95% intervals.",
    """A call is the ace of a fail suit you hold but without its ace (a ten if you hold
    all three fail aces); a card of the called suit stays in your hand.  All options
    are played on the same deals, so their differences are more precise than each ±.

    """ + RULES_HELP,
    returns="""\
Answer
    ``table``: one row per bury and call, best first (bury, call, policy: the
    heuristic's own choice; p_win with p_win_lo/p_win_hi, p_schneider,
    p_schneidered, ev, ev_se).""",
    examples="""\
>>> import analyzer
>>> a = analyzer.sheepshead.bury("QC QS JD AD TD 9C KH 8S", deals=1_000)
>>> a.table.iloc[0]["action"] == a.best
True""",
    plot="analyzer.report.sheepshead:plot_bury", adapt="analyzer.games.sheepshead.front:adapt_bury",
    render="analyzer.games.sheepshead.text:render_bury")

QUESTIONS = (PICK, BURY)


def adapt_pick(kw: dict) -> dict:
    """--no-leaster is the question's ``leaster=False``."""
    kw["leaster"] = not kw.pop("no_leaster")
    return kw


def adapt_bury(kw: dict) -> dict:
    """The bury comes after the pick: what happens when nobody picks does not enter."""
    kw.pop("no_leaster")
    return kw


def match(players=None, deck=None, **kw):
    """``analyzer match sheepshead``: five players, always."""
    from ...errors import InputError
    from .match import match as play
    if players not in (None, 5):
        raise InputError(f"Sheepshead is played by 5 players, not {players}")
    return play(**kw)


def trust(decisions, seed, strong, players, fast_deals, strong_deals):
    """``analyzer trust sheepshead``: the pick, against pimc."""
    from .trust import bench
    return bench(decisions, seed, fast_deals, strong_deals)


DECK_OPTIONS = ()


def deck(values: dict) -> tuple[dict, tuple | None]:
    """The 32 cards ({code: 1}), the usual rank order."""
    from .deck import DECK
    return {c: 1 for c in DECK.codes}, None
