"""``analyzer sheepshead``: pick and bury."""

from __future__ import annotations

import inspect

import click

from ..fmt import interval, pct, percent
from .common import (check_plot_path, condition_option, emit, examples_option, output_options, simulation_options,
                     unconditioned, wants_progress)

PLAY_CHOICES = ("heuristic", "dd")
PICK_PLAY_CHOICES = ("heuristic", "dd", "pimc")
RULES_HELP = ("Rule options: jack_order=standard|seed, leaster_blind=last|first, no_call=alone|unknown "
              "(no legal call: play alone, or call an ace of a void suit and set a face-down fail card) "
              "(also nobody_picks=leaster|doubler and bump=single|double, as the flags below).")


def _game_options(f):
    f = click.option("--no-leaster", "no_leaster", is_flag=True,
                     help="Nobody picks: redeal and double the next hand (doubler), instead of a leaster.")(f)
    f = click.option("--double-on-the-bump", "double_on_bump", is_flag=True,
                     help="Every loss of the picker's side is doubled.")(f)
    f = click.option("--seat", type=int, default=1, show_default=True,
                     help="Your seat: 1 is left of the dealer (offered the blind first, leads), 5 deals.")(f)
    return f


@click.group()
def sheepshead():
    """Sheepshead, five-handed, called ace (Wisconsin rules).

    Cards: rank A K Q J T(10) 9 8 7 then suit S H D C (or ♠ ♥ ♦ ♣).  Queens, jacks and
    diamonds are trumps.
    """


@sheepshead.command()
@click.argument("hand")
@_game_options
@click.option("--worlds", type=int, default=None, metavar="W",
              help="With --play pimc: sampled layouts per card played [default: 32].")
@condition_option
@simulation_options(default_deals=200_000, play_models=PICK_PLAY_CHOICES,
                    deals_help="200,000; 1,000 with --play dd; 20 with --play pimc")
@examples_option
@output_options
def pick(hand, seat, double_on_bump, no_leaster, worlds, condition, deals, seed, play, threads, rules, examples,
         as_json, as_csv, plot_path):
    """Is HAND (your 6 cards) a pick?  Pick, pick alone, or pass, with P(win),
    schneider both ways and expected points per hand.

    Pick: you take the blind, bury and call by the heuristic policy (alone only when no
    call is legal).  Pass: the later seats decide by the policy; if nobody picks, a
    leaster (or, with --no-leaster, a redeal worth 0).  Deals in which an earlier seat
    would have picked are not counted.  EV is your score for the hand.

    --play dd: picked hands solved double-dummy (every hand visible).  --play pimc:
    single-dummy play at every seat of a picked hand: each card chosen in --worlds
    sampled layouts of the cards that seat cannot see, aiming at the picker side's 61.
    """
    from ..games.sheepshead.questions import pick as ask

    check_plot_path(plot_path)
    answer = ask(hand, seat=seat, deals=deals, seed=seed, play=play, threads=threads, rules=list(rules),
                 double_on_bump=double_on_bump, leaster=not no_leaster, progress=wants_progress(as_json),
                 worlds=worlds, condition=condition, examples=examples)
    if plot_path:
        from ..report.sheepshead import plot_pick
        plot_pick(answer, plot_path)
    emit(answer, as_json, as_csv, render_pick)


pick.help = inspect.cleandoc(pick.help) + "\n\n" + RULES_HELP


@sheepshead.command()
@click.argument("cards")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True,
              help="Rows to print (JSON and CSV have them all).")
@_game_options
@condition_option
@simulation_options(default_deals=20_000, play_models=PLAY_CHOICES, dd_deals=100)
@examples_option
@output_options
def bury(cards, top, seat, double_on_bump, no_leaster, condition, deals, seed, play, threads, rules, examples,
         as_json, as_csv, plot_path):
    """After picking: every legal bury (2 of CARDS, your 8 cards with the blind) with
    every legal call, or alone, ranked by expected points with 95% intervals.

    A call is the ace of a fail suit you hold but without its ace (a ten if you hold
    all three fail aces); a card of the called suit stays in your hand.  All options
    are played on the same deals, so their differences are more precise than each ±.
    """
    from ..games.sheepshead.questions import bury as ask

    check_plot_path(plot_path)
    answer = ask(cards, seat=seat, deals=deals, seed=seed, play=play, threads=threads, rules=list(rules),
                 double_on_bump=double_on_bump, progress=wants_progress(as_json), condition=condition,
                 examples=examples)
    if plot_path:
        from ..report.sheepshead import plot_bury
        plot_bury(answer, plot_path, top)
    emit(answer, as_json, as_csv, lambda a: render_bury(a, top))


bury.help = inspect.cleandoc(bury.help) + "\n\n" + RULES_HELP

_LABELS = {"pick": "pick", "alone": "pick alone", "pass": "pass"}


def _header(answer, title) -> list[str]:
    m = answer.meta
    cond = unconditioned(m)
    if m.get("conditioned"):
        before = "seat 1" if m["seat"] == 2 else f"seats 1-{m['seat'] - 1}"
        cond = (f" ({m['effective_deals']:,.0f} effective), dealt so that {before} passed "
                f"(as {before} would {percent(m['p_offered'])} of the time)")
    model = (f"single-dummy play ({m['worlds']} worlds a card)" if m["play"] == "pimc" else f"{m['play']} play")
    return [f"Sheepshead — {title}",
            f"{m['deals']:,} deals{cond}; seed {m['seed']}, {model} ({answer.extra.get('elapsed', 0):.1f} s)",
            ""]


def _row_text(row, mark) -> str:
    return (f"{mark}{pct(row.p_win):>7}  {interval(row.p_win_lo, row.p_win_hi):>12}  {pct(row.p_schneider):>9}"
            f"  {pct(row.p_schneidered):>11}  {row.ev:+7.2f} {row.ev_se:5.2f}")


_COLUMNS = f"{'P(win)':>7}  {'95% interval':>12}  {'schneider':>9}  {'schneidered':>11}  {'EV':>7} {'±se':>5}"


def render_pick(answer) -> str:
    m = answer.meta
    lines = _header(answer, f"seat {m['seat']}, hand {m['hand']}")
    header = f"{'option':<13}" + _COLUMNS
    lines += [header, "-" * len(header)]
    for row in answer.table.itertuples():
        mark = "→ " if row.action == answer.best else "  "
        lines.append(_row_text(row, f"{mark}{_LABELS[row.action]:<11}"))
    calls = ", ".join(f"{k} {100 * v:.0f}%" for k, v in sorted(m["calls"].items(), key=lambda kv: -kv[1]))
    p = m["pass"]
    nobody = (f"leaster {100 * p['p_leaster']:.0f}%" if m["rules"]["nobody_picks"] == "leaster"
              else f"redeal {100 * p['p_redeal']:.0f}%")
    lines += ["", f"Calls when you pick: {calls}",
              f"If you pass: another seat picks {100 * p['p_other_picks']:.0f}% (you are the partner "
              f"{100 * p['p_partner']:.0f}%), {nobody}",
              "schneider: your side takes ≥ 91 points (as a defender ≥ 90); EV: your points per hand",
              "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_bury(answer, top) -> str:
    m = answer.meta
    lines = _header(answer, f"seat {m['seat']}, picker's cards {m['cards']}")
    w = max([6] + [len(c) for c in answer.table["call"]])
    header = f"{'bury':<7} {'call':<{w}}" + _COLUMNS
    lines += [header, "-" * len(header)]
    for i, row in enumerate(answer.table.itertuples()):
        if i >= top:
            lines.append(f"  … {len(answer.table) - top} more (--top, --json or --csv for all)")
            break
        mark = "→ " if i == 0 else ("* " if row.policy else "  ")
        lines.append(_row_text(row, f"{mark}{row.bury:<7} {row.call:<{w}}"))
    lines += ["", "* the heuristic policy's own choice" if not answer.table.iloc[0]["policy"]
              else "the best row is also the heuristic policy's own choice",
              "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
