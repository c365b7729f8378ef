"""``analyzer euchre``: order (round one) and call (round two), two- or four-handed."""

from __future__ import annotations

import inspect

import click

from .common import (check_plot_path, emit, interval, output_options, pct, simulation_options,
                     wants_progress)


def game_options(f):
    """--dealer --seat --players --deck --stick-the-dealer."""
    options = [
        click.option("--dealer", type=click.Choice(["me", "them"]), default=None,
                     help="Who dealt (two-handed; default them).  Four-handed: --dealer me = --seat 4."),
        click.option("--seat", type=int, default=None,
                     help="Your position after the dealer: 1 left of the dealer (speaks first), "
                          "2 the dealer's partner, 3 right of the dealer, 4 the dealer "
                          "(two-handed: 1 non-dealer, 2 dealer)."),
        click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True,
                     help="Two-handed (the seed game) or four-handed (partners opposite)."),
        click.option("--deck", type=click.Choice(["24", "32", "25"]), default="24", show_default=True,
                     help="24 cards (9-A), 32 (7-A) or 25 (24 + the joker, the top trump)."),
        click.option("--stick-the-dealer", is_flag=True,
                     help="When all pass twice the dealer must name a suit (default: redeal)."),
    ]
    for opt in reversed(options):
        f = opt(f)
    return f


RULES_HELP = ("Rule options (--rule NAME=VALUE): joker_up=dealer|redeal (a turned-up joker: "
              "the dealer names trump, or redeal), discard_upcard=yes|no (may the dealer "
              "discard the card it picked up).")


@click.group()
def euchre():
    """Euchre, two-handed (default) or four-handed: when to order up, accept, call or go alone.

    Cards: rank A K Q J T(10) 9 (8 7) then suit S H D C (or ♠ ♥ ♦ ♣); the joker is JK.
    """


@euchre.command()
@click.argument("hand")
@click.option("--upcard", required=True, metavar="CARD", help="The card turned up, e.g. 9H.")
@game_options
@simulation_options(default_deals=100_000, play_models=("heuristic", "dd"), dd_deals=20_000)
@output_options
def order(hand, upcard, dealer, seat, players, deck, stick_the_dealer, deals, seed, play,
          threads, rules, as_json, as_csv, plot_path):
    """Round one: order up (accept, if you dealt) or pass, for HAND (your 5 cards).

    Every action open to you now is simulated on the same deals: the other hands are
    dealt consistent with your cards, the upcard and the passes before you; after your
    action everybody bids by sensible policies (a redeal scores 0) and plays the hand.
    EV is your side's points minus theirs for the hand.
    """
    from ..games.euchre.questions import order as ask

    check_plot_path(plot_path)
    answer = ask(hand, upcard, dealer=dealer, seat=seat, players=int(players), deck=int(deck),
                 stick_the_dealer=stick_the_dealer, deals=deals, seed=seed, play=play,
                 threads=threads, rules=list(rules), progress=wants_progress(as_json))
    _finish(answer, plot_path, as_json, as_csv)


order.help = inspect.cleandoc(order.help) + "\n\n" + RULES_HELP


@euchre.command()
@click.argument("hand")
@click.option("--turned-down", "turned_down", required=True, metavar="CARD",
              help="The upcard everybody passed in round one, e.g. 9H.")
@game_options
@simulation_options(default_deals=100_000, play_models=("heuristic", "dd"), dd_deals=20_000)
@output_options
def call(hand, turned_down, dealer, seat, players, deck, stick_the_dealer, deals, seed, play,
         threads, rules, as_json, as_csv, plot_path):
    """Round two: name a suit (not the turned-down one) or pass, for HAND (your 5 cards).

    The other hands are dealt consistent with everybody's passes in round one and the
    passes before you in round two.  EV is your side's points minus theirs for the hand.
    """
    from ..games.euchre.questions import call as ask

    check_plot_path(plot_path)
    answer = ask(hand, turned_down, dealer=dealer, seat=seat, players=int(players),
                 deck=int(deck), stick_the_dealer=stick_the_dealer, deals=deals, seed=seed,
                 play=play, threads=threads, rules=list(rules), progress=wants_progress(as_json))
    _finish(answer, plot_path, as_json, as_csv)


call.help = inspect.cleandoc(call.help) + "\n\n" + RULES_HELP


def _finish(answer, plot_path, as_json, as_csv):
    if plot_path:
        from ..report.euchre import plot_outcomes
        plot_outcomes(answer, plot_path)
    emit(answer, as_json, as_csv, render)


def _conditioned(m) -> str:
    """How the deals were conditioned on the passes before you (nothing when none were)."""
    if not m.get("conditioned"):
        return ""
    seats = ", ".join(str(x) for x in m["conditioned"])
    return (f" ({m['effective_deals']:,.0f} effective: seat {seats} passing, "
            f"{100 * m['p_passes']:.2g}% of the time)")


def render(answer) -> str:
    t = answer.table
    m = answer.meta
    card = f"upcard {m['upcard']}" if "upcard" in m else f"turned down {m['turned_down']}"
    r = m["rules"]
    game = f"{m['players']}-handed, {r['deck']} cards" + (", stick the dealer" if r["stick_the_dealer"] else "")
    lines = [f"Euchre ({game}) — hand {m['hand']}, {card}, you are {m['position']}",
             f"{m['deals']:,} deals{_conditioned(m)}, seed {m['seed']}, {m['play']} play "
             f"({answer.extra.get('elapsed', 0):.1f} s)", ""]
    labels = [row.label + (f" (discard {row.discard})" if isinstance(row.discard, str) else "")
              for row in t.itertuples()]
    w = max(22, max(len(x) for x in labels))
    header = (f"  {'action':<{w}} {'P(make)':>7}  {'95% interval':>12}  {'march':>6}  {'euchred':>7}"
              f"  {'they make':>9}  {'set them':>8}  {'redeal':>6}  {'EV':>6} {'±se':>5}")
    lines += [header, "-" * len(header)]
    for row, label in zip(t.itertuples(), labels):
        mark = "→ " if row.action == answer.best else "  "
        lines.append(f"{mark}{label:<{w}} {pct(row.p_make):>7}  {interval(row.p_make_lo, row.p_make_hi):>12}"
                     f"  {pct(row.p_march):>6}  {pct(row.p_euchred):>7}  {pct(row.p_they_make):>9}"
                     f"  {pct(row.p_they_euchred):>8}  {pct(row.p_redeal):>6}  {row.ev:+6.2f} {row.ev_se:5.2f}")
    lines += ["", "P(make), march, euchred: your side made trump and took 3+, 5, <3 tricks; "
                  "they make / set them: the other side made trump and took 3+ / <3.",
              m["ev_meaning"] + ".", "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
