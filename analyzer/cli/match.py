"""``analyzer match``: a duplicate match of two play models in a trick game."""

from __future__ import annotations

import click

from ..sim.match import MATCH_GAMES as GAMES
from ..sim.match import MODELS, duplicate_match
from .common import emit, wants_progress


@click.command()
@click.argument("game", type=click.Choice(GAMES), metavar="GAME")
@click.option("--a", "a", type=click.Choice(MODELS), default="pimc", show_default=True, help="Model A.")
@click.option("--b", "b", type=click.Choice(MODELS), default="heuristic", show_default=True, help="Model B.")
@click.option("--players", type=int, default=None,
              help="Table size: Five Hundred 2-6 [4], Euchre 2 or 4 [2] (Sheepshead: 5, Pinochle: 4).")
@click.option("--deck", type=click.Choice(["24", "32", "25"]), default="24", show_default=True,
              help="Euchre's deck.")
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help="Self-play deals, each played twice [default: Five Hundred 1,000, Euchre 2,000, Sheepshead "
                   "1,000, Pinochle 200].")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="Random seed: the same seed gives the same answer on any number of threads.")
@click.option("--worlds", type=click.IntRange(min=1, max=4096), default=None,
              help="Single-dummy layouts sampled a card [32; Pinochle 16].")
@click.option("--threads", type=click.IntRange(min=1), default=None, help="Worker threads (default: all cores).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@click.option("--csv", "as_csv", is_flag=True, help="Print the table as CSV.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")
def match(game, a, b, players, deck, deals, seed, worlds, threads, rules, as_csv, as_json):
    """A duplicate match of two play models in GAME (five-hundred, euchre, sheepshead, pinochle):
    self-play deals (the auction by the bidding policy), each played twice with the same
    cards, model A at the contracting side and B at the defenders, then the other way
    round.  The luck of the cards cancels: A - B points a deal with its 95% interval,
    and each side's P(make) as contractor.  A model against itself gives exactly 0.

    \b
    analyzer match five-hundred --a pimc --b heuristic --deals 1000
    analyzer match euchre --players 4
    analyzer match sheepshead --deals 500 --worlds 16
    analyzer match pinochle --deals 100
    """
    emit(duplicate_match(game, a=a, b=b, players=players, deck=int(deck), deals=deals, seed=seed, worlds=worlds,
                         threads=threads, rules=list(rules), progress=wants_progress(as_json)),
         as_json, as_csv, render_match)


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
