"""``analyzer pinochle``: a hand's meld, and the exact meld odds of a random hand."""

from __future__ import annotations

import inspect
import json

import click
import numpy as np

RULES_HELP = ("Rule options: --rule NAME=VALUE takes every option of the Pinochle rules; only "
              "run_marriage_reuse=no|yes changes meld (yes: an extra K or Q of trump marries the run's "
              "partner card, so run + K is 190).")


@click.group()
def pinochle():
    """Partnership Pinochle: four players, partners opposite, 48 cards (two each of
    A 10 K Q J 9 in four suits), 12 cards each.

    Cards: rank A T(10) K Q J 9 then suit S H D C (or ♠ ♥ ♦ ♣); write a card twice to hold
    both copies.
    """


def _rule_option(f):
    return click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                        help="A rule option (repeatable).")(f)


def _json_option(f):
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")(f)


@pinochle.command()
@click.argument("hand")
@click.option("--trump", default=None, metavar="S|H|D|C", help="Only this trump suit (default: each of the four).")
@_rule_option
@_json_option
def meld(hand, trump, rules, as_json):
    """The meld of HAND (your 12 cards) for each trump suit, itemised by class
    (arounds, sequence, pinochle, dix) with points."""
    from ..cards import parse_suit
    from ..games.pinochle.deck import HAND_SIZE, format_mask, mask_of, parse_hand
    from ..games.pinochle.meld import N_TRUMPS, hand_meld
    from ..games.pinochle.rules import Options

    mask = mask_of(parse_hand(hand, size=HAND_SIZE))
    trumps = [parse_suit(trump)] if trump is not None else range(N_TRUMPS)
    options = Options.parse(rules)
    out = {"hand": format_mask(mask), "rules": options.as_dict(), "by_trump": hand_meld(mask, trumps, options)}
    click.echo(json.dumps(out, ensure_ascii=False) if as_json else render_meld(out))


meld.help = inspect.cleandoc(meld.help) + "\n\n" + RULES_HELP


def render_meld(out) -> str:
    from ..cards import SUIT_SYMBOLS, SUITS

    lines = [f"Pinochle meld of {out['hand']} (run_marriage_reuse={out['rules']['run_marriage_reuse']})", ""]
    for suit, meld in out["by_trump"].items():
        lines.append(f"trump {SUIT_SYMBOLS[SUITS.index(suit)]}: {meld['total']}")
        for item in meld["items"]:
            lines.append(f"  {item['class']:<9} {item['meld']:<22} {item['points']:>5}")
        if not meld["items"]:
            lines.append("  no meld")
    if len(out["by_trump"]) > 1:
        best = max(out["by_trump"].values(), key=lambda m: m["total"])["total"]
        suits = " ".join(SUIT_SYMBOLS[SUITS.index(s)] for s, m in out["by_trump"].items() if m["total"] == best)
        lines += ["", f"Most meld: {best} with {suits} trump."]
    return "\n".join(lines)


@pinochle.command()
@click.option("--trump", default="H", show_default=True, metavar="S|H|D|C",
              help="The trump suit of the meld distribution (♠ and ♦ hold the pinochle cards, so they "
                   "differ a little from ♣ and ♥).")
@_rule_option
@_json_option
def odds(trump, rules, as_json):
    """Exact odds of each meld in a random 12-card hand (by counting, not sampling), and
    of the hand's whole meld reaching 20, 40, ... points with a named trump."""
    from ..cards import SUITS, parse_suit
    from ..games.pinochle.odds import TOTAL_HANDS, meld_at_least, odds_table
    from ..games.pinochle.rules import Options

    t = parse_suit(trump)
    options = Options.parse(rules)
    table = odds_table()
    at_least = meld_at_least(t, options.reuse)
    out = {"odds": [{"meld": r.meld, "p": float(r.p), "hands": int(r.hands)} for r in table.itertuples()],
           "hands": TOTAL_HANDS,
           "meld_in_trump": {"trump": SUITS[t], "rules": options.as_dict(),
                             "at_least": [{"points": int(r.points), "p": float(r.p)} for r in at_least.itertuples()]}}
    click.echo(json.dumps(out, ensure_ascii=False) if as_json else render_odds(out))


odds.help = inspect.cleandoc(odds.help) + "\n\n" + RULES_HELP


def _pct(p: float) -> str:
    """A percentage to 4 significant digits, never in exponent notation."""
    return np.format_float_positional(100 * p, precision=4, unique=False, fractional=False, trim="-") + "%"


def _one_in(p: float) -> str:
    if not p:
        return "never"
    n = 1 / p
    return f"{n:.1f}" if n < 100 else f"{n:,.0f}"


def render_odds(out) -> str:
    from ..cards import SUIT_SYMBOLS, SUITS

    width = max(len(r["meld"]) for r in out["odds"])
    lines = [f"Pinochle — exact meld odds of a random 12-card hand (all {out['hands']:,} hands counted)", "",
             f"{'meld':<{width}}  {'P':>11}  {'1 in':>14}"]
    lines.append("-" * len(lines[-1]))
    for r in out["odds"]:
        lines.append(f"{r['meld']:<{width}}  {_pct(r['p']):>11}  {_one_in(r['p']):>14}")
    m = out["meld_in_trump"]
    lines += ["", f"The hand's whole meld with {SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump "
                  f"(run_marriage_reuse={m['rules']['run_marriage_reuse']}):", ""]
    for r in m["at_least"]:
        lines.append(f"  meld ≥ {r['points']:>4}  {_pct(r['p']):>11}  {_one_in(r['p']):>14}")
    return "\n".join(lines)
