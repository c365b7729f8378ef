"""``analyzer euchre``: order (round one) and call (round two), two- or four-handed."""

from __future__ import annotations

import inspect

import click

from ..fmt import interval, pct, percent
from .common import (check_plot_path, condition_option, emit, examples_option, output_options, simulation_options,
                     unconditioned, wants_progress)


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


SCORE_OPTION = click.option(
    "--score", default=None, metavar="US:THEM",
    help="The game score before this hand, your side's points first, each 0-9 (e.g. 8:9): every "
         "action also gets P(win the game) to 10 (the hand's outcomes added to the score, the rest "
         "of the game valued by an equity table of self-play), and the recommendation is by it.")
WORLDS_OPTION = click.option("--worlds", type=int, default=None, metavar="W",
                             help="With --play pimc: sampled layouts per card played [default: 32].")
PLAY_HELP = ("--play pimc: single-dummy play of the five tricks at every seat (each card chosen in "
             "--worlds sampled layouts of the cards that player cannot see, solved double-dummy).")

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
@condition_option
@simulation_options(default_deals=100_000, play_models=("heuristic", "dd", "pimc"),
                    deals_help="100,000; 20,000 with --play dd; with --play pimc 2,000, or 6,000 ÷ actions (at least 500) when more than 3 actions")
@WORLDS_OPTION
@SCORE_OPTION
@examples_option
@output_options
def order(hand, upcard, dealer, seat, players, deck, stick_the_dealer, condition, deals, seed, play,
          threads, rules, worlds, score, examples, as_json, as_csv, plot_path):
    """Round one: order up (accept, if you dealt) or pass, for HAND (your 5 cards).

    Every action open to you now is simulated on the same deals: the other hands are
    dealt consistent with your cards, the upcard and the passes before you; after your
    action everybody bids by sensible policies (a redeal scores 0) and plays the hand.
    EV is your side's points minus theirs for the hand; with --score, P(win the game).
    """
    from ..games.euchre.questions import order as ask

    check_plot_path(plot_path)
    answer = ask(hand, upcard, dealer=dealer, seat=seat, players=int(players), deck=int(deck),
                 stick_the_dealer=stick_the_dealer, deals=deals, seed=seed, play=play,
                 threads=threads, rules=list(rules), progress=wants_progress(as_json), worlds=worlds,
                 condition=condition, score=score, examples=examples)
    _finish(answer, plot_path, as_json, as_csv)


order.help = inspect.cleandoc(order.help) + "\n\n" + PLAY_HELP + "\n\n" + RULES_HELP


@euchre.command()
@click.argument("hand")
@click.option("--turned-down", "turned_down", required=True, metavar="CARD",
              help="The upcard everybody passed in round one, e.g. 9H.")
@game_options
@condition_option
@simulation_options(default_deals=100_000, play_models=("heuristic", "dd", "pimc"),
                    deals_help="100,000; 20,000 with --play dd; with --play pimc 2,000, or 6,000 ÷ actions (at least 500) when more than 3 actions")
@WORLDS_OPTION
@SCORE_OPTION
@examples_option
@output_options
def call(hand, turned_down, dealer, seat, players, deck, stick_the_dealer, condition, deals, seed, play,
         threads, rules, worlds, score, examples, as_json, as_csv, plot_path):
    """Round two: name a suit (not the turned-down one) or pass, for HAND (your 5 cards).

    The other hands are dealt consistent with everybody's passes in round one and the
    passes before you in round two.  EV is your side's points minus theirs for the hand;
    with --score, P(win the game).
    """
    from ..games.euchre.questions import call as ask

    check_plot_path(plot_path)
    answer = ask(hand, turned_down, dealer=dealer, seat=seat, players=int(players),
                 deck=int(deck), stick_the_dealer=stick_the_dealer, deals=deals, seed=seed,
                 play=play, threads=threads, rules=list(rules), progress=wants_progress(as_json),
                 worlds=worlds, condition=condition, score=score, examples=examples)
    _finish(answer, plot_path, as_json, as_csv)


call.help = inspect.cleandoc(call.help) + "\n\n" + PLAY_HELP + "\n\n" + RULES_HELP


@euchre.command()
@click.argument("hand")
@click.option("--trump", required=True, metavar="SUIT", help="The trump suit, e.g. H.")
@click.option("--maker", required=True, metavar="SEAT",
              help="Who made trump: a position after the dealer (1 you, on lead; 2 left of you; "
                   "3 your partner; 4 the dealer -- two-handed 1 you, 2 the dealer) or me, partner, dealer.")
@click.option("--alone", is_flag=True, help="The maker goes alone (four-handed; the maker's partner sits out).")
@click.option("--upcard", default=None, metavar="CARD",
              help="The upcard: of the trump suit the dealer picked it up, of another suit it was turned "
                   "down [default: not given, the undealt cards are unseen].")
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True,
              help="Two-handed (the seed game) or four-handed (partners opposite).")
@click.option("--deck", type=click.Choice(["24", "32", "25"]), default="24", show_default=True,
              help="24 cards (9-A), 32 (7-A) or 25 (24 + the joker, the top trump).")
@simulation_options(default_deals=20_000, play_models=("dd", "pimc", "heuristic"),
                    deals_help="20,000 with --play dd; 1,000 with pimc; 100,000 with heuristic")
@WORLDS_OPTION
@examples_option
@output_options
def lead(hand, trump, maker, alone, upcard, players, deck, deals, seed, play, threads, rules, worlds, examples,
         as_json, as_csv, plot_path):
    """Which card to lead to the first trick, for HAND (your 5 cards), on lead left of the
    dealer: every distinct lead with P(make) (your side made trump) or P(set) (they did)
    and your side's mean tricks on the same deals, the rest played by --play (default:
    double-dummy).

    Seats are positions after the dealer, clockwise: 1 you (left of the dealer, on lead),
    2 left of you, 3 your partner, 4 the dealer; two-handed 1 you, 2 the dealer.
    """
    from ..games.euchre.questions import lead as ask

    if plot_path:
        from ..errors import InputError
        raise InputError("--plot is not available for euchre lead")
    answer = ask(hand, trump, maker, players=int(players), alone=alone, upcard=upcard, deck=int(deck),
                 deals=deals, seed=seed, play=play, worlds=worlds, threads=threads, rules=list(rules),
                 progress=wants_progress(as_json), examples=examples)
    emit(answer, as_json, as_csv, render_lead)


lead.help = inspect.cleandoc(lead.help) + "\n\n" + PLAY_HELP + "\n\n" + RULES_HELP


def render_lead(answer) -> str:
    t = answer.table
    m = answer.meta
    model = {"dd": "double-dummy", "pimc": f"single-dummy ({m['worlds']} worlds a card)",
             "heuristic": "heuristic"}[m["play"]]
    alone = " alone" if m["alone"] else ""
    up = f", upcard {m['upcard']} {m['upcard_fate']}" if m.get("upcard") else ""
    lines = [f"Euchre ({m['players']}-handed, {m['rules']['deck']} cards) — lead with {m['hand']}, "
             f"trump {SUIT_SYMBOL[m['trump']]} made by {m['maker_position']}{alone}{up}",
             f"{m['deals']:,} deals, seed {m['seed']}, the rest played {model} "
             f"({answer.extra.get('elapsed', 0):.1f} s)", ""]
    what = "P(make)" if m["success"] == "make" else "P(set)"
    header = (f"  {'lead':<14} {what:>7}  {'95% interval':>12}  {'tricks':>6}  {'vs best':>7}  "
              f"{'95% interval':>14}")
    lines += [header, "-" * len(header)]
    for row in t.itertuples():
        mark = "→ " if row.Index == 0 else "  "
        lead_ = row.lead if row.equivalent == row.lead else f"{row.lead} (={row.equivalent})"
        vs = "" if row.Index == 0 else f"{100 * row.vs_best:+.1f}"
        viv = "" if row.Index == 0 else f"{100 * row.vs_best_lo:+.1f} to {100 * row.vs_best_hi:+.1f}"
        lines.append(f"{mark}{lead_:<14} {pct(row.p_success):>7}  {interval(row.p_success_lo, row.p_success_hi):>12}"
                     f"  {row.mean_tricks:6.2f}  {vs:>7}  {viv:>14}")
    lines += ["", f"{what}: your side {'makes (3+ tricks)' if m['success'] == 'make' else 'holds the makers to 2 or fewer'}; "
              "tricks: your side's; vs best: the paired difference from the best lead (points)",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def _finish(answer, plot_path, as_json, as_csv):
    if plot_path:
        from ..report.euchre import plot_outcomes
        plot_outcomes(answer, plot_path)
    emit(answer, as_json, as_csv, render)


def _conditioned(m) -> str:
    """How the deals were conditioned on the passes before you (nothing when none were)."""
    if not m.get("conditioned"):
        return unconditioned(m)
    seats = ", ".join(str(x) for x in m["conditioned"])
    return (f" ({m['effective_deals']:,.0f} effective: seat {seats} passing, "
            f"{percent(m['p_passes'])} of the time)")


def render(answer) -> str:
    t = answer.table
    m = answer.meta
    card = f"upcard {m['upcard']}" if "upcard" in m else f"turned down {m['turned_down']}"
    r = m["rules"]
    game = f"{m['players']}-handed, {r['deck']} cards" + (", stick the dealer" if r["stick_the_dealer"] else "")
    score = m.get("score")
    at = f", score {score} (you:them)" if score else ""
    lines = [f"Euchre ({game}) — hand {m['hand']}, {card}, you are {m['position']}{at}",
             f"{m['deals']:,} deals{_conditioned(m)}, seed {m['seed']}, {m['play']} play "
             f"({answer.extra.get('elapsed', 0):.1f} s)", ""]
    labels = [row.label + (f" (discard {row.discard})" if isinstance(row.discard, str) else "")
              for row in t.itertuples()]
    w = max(22, max(len(x) for x in labels))
    header = (f"  {'action':<{w}} {'P(make)':>7}  {'95% interval':>12}  {'march':>6}  {'euchred':>7}"
              f"  {'they make':>9}  {'set them':>8}  {'redeal':>6}  {'EV':>6} {'±se':>5}"
              + (f"  {'P(win)':>6}  {'95% interval':>12}" if score else ""))
    lines += [header, "-" * len(header)]
    for row, label in zip(t.itertuples(), labels):
        mark = "→ " if row.action == answer.best else "  "
        lines.append(f"{mark}{label:<{w}} {pct(row.p_make):>7}  {interval(row.p_make_lo, row.p_make_hi):>12}"
                     f"  {pct(row.p_march):>6}  {pct(row.p_euchred):>7}  {pct(row.p_they_make):>9}"
                     f"  {pct(row.p_they_euchred):>8}  {pct(row.p_redeal):>6}  {row.ev:+6.2f} {row.ev_se:5.2f}"
                     + (f"  {pct(row.p_win):>6}  {interval(row.p_win_lo, row.p_win_hi):>12}" if score else ""))
    lines += ["", "P(make), march, euchred: your side made trump and took 3+, 5, <3 tricks; "
                  "they make / set them: the other side made trump and took 3+ / <3.",
              m["ev_meaning"] + "."]
    if score:
        lines.append(m["p_win_meaning"] + "; the recommendation is by P(win).")
    lines += ["", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
