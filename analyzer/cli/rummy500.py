"""``analyzer rummy500``: melds, take, discard, tournament."""

from __future__ import annotations

import json

import click

RULES_HELP = ("Rule options (--rule NAME=VALUE): jokers=yes|no, values=pip|5-10-15, floating=no|yes, "
              "single_duty=no|yes, out_discard=any|dead, two_hand=13|10, two_decks_from=2..9 (9: never), "
              "rummy=on|off.")


@click.group()
def rummy500():
    """Rummy 500 (500 Rum), 2-8 players.

    Cards: rank A K Q J T(10) 9 ... 2 then suit S H D C (or ♠ ♥ ♦ ♣), any case; the
    joker is JK (or Jo).  Several cards: spaces or commas; melds on the table: separated
    by ';', a joker's card as JK=7D where the order does not say it.
    """


def _players_option(default=4):
    return click.option("--players", type=int, default=default, show_default=True,
                        help="Players (2-8); two decks from 6 by default.")


@rummy500.command()
@click.argument("hand")
@click.option("--table", default=None, help='Melds on the table to lay off on, e.g. "5S 6S 7S; 8H 8D 8C".')
@_players_option()
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")
def melds(hand, table, players, rules, as_json):
    """The best way to lay HAND down: the melds (jokers' declared cards), the lay-offs on
    --table, the value melded and the value left in hand (least left, then most melded).

    Ace high (Q-K-A, 15) or low (A-2-3, 1), never round the corner (K-A-2)."""
    from ..games.rummy500.questions import melds as ask

    out = ask(hand, players=players, table=table, rules=list(rules))
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    click.echo(render_melds(out))


melds.help += "\n\n" + RULES_HELP


def _show(held, declared):
    return " ".join(h if h == d else f"{h}={d}" for h, d in zip(held, declared))


def render_melds(out) -> str:
    lines = [f"Rummy 500 — best melds for {out['hand']} ({out['deck']})", ""]
    if out["table"]:
        lines.append("table: " + "; ".join(f"[{i + 1}] {m}" for i, m in enumerate(out["table"])))
    for held, dec, v in zip(out["melds"], out["declared"], out["meld_values"]):
        kind = "set" if len({d[:-1] for d in dec}) == 1 else "run"
        lines.append(f"  {kind:<8}{_show(held, dec):<28}{v:>4}")
    for lay in out["layoffs"]:
        lines.append(f"  {'lay off':<8}{_show(lay['cards'], lay['declared']) + ' on [' + str(lay['onto'] + 1) + ']':<28}"
                     f"{lay['value']:>4}")
    if not out["melds"] and not out["layoffs"]:
        lines.append("  no meld")
    left = " ".join(out["left"]) or "nothing"
    lines += ["", f"melded {out['melded_value']}, left in hand {out['left_value']}: {left}"]
    return "\n".join(lines)




@rummy500.command()
@click.option("--strategies", default="greedy,holder,piler,random", show_default=True,
              help="Comma-separated strategies (name or name:param=value:...).")
@_players_option()
@click.option("--games", type=click.IntRange(min=1), default=2_000, show_default=True, help="Games to play.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="Random seed: the same seed gives the same answer on any number of threads.")
@click.option("--threads", type=click.IntRange(min=1), default=None, help="Worker threads (default: all cores).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), default=None, help="Also write a chart (PNG).")
@click.option("--csv", "as_csv", is_flag=True, help="Print the table as CSV.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")
def tournament(strategies, players, games, seed, threads, rules, plot_path, as_csv, as_json):
    """Strategies seated in every rotation play whole games to 500: per strategy P(win
    the game) with its 95% interval, mean points per hand, hands per game.

    Strategies: greedy, holder, piler, random (a random legal player, the baseline);
    parameters as name:param=value, e.g. holder:danger=2."""
    from ..games.rummy500.questions import tournament as ask
    from .common import check_plot_path, emit, wants_progress

    check_plot_path(plot_path)
    answer = ask(strategies, players=players, games=games, seed=seed, threads=threads, rules=list(rules),
                 progress=wants_progress(as_json))
    if plot_path:
        from ..report.rummy500 import plot_tournament
        plot_tournament(answer, plot_path)
    emit(answer, as_json, as_csv, render_tournament)


tournament.help += "\n\n" + RULES_HELP


def render_tournament(answer) -> str:
    from .common import interval, pct

    m = answer.meta
    lines = [f"Rummy 500 — tournament, {m['players']} players, {m['deck']}",
             f"{m['games']:,} games to {m['target']} ({m['hands_per_game']:.1f} ± {m['hands_per_game_se']:.1f} "
             f"hands a game); seed {m['seed']} ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    w = max(10, *(len(s) for s in answer.table["strategy"]))
    header = f"{'strategy':<{w}}  {'seat-games':>10}  {'P(win)':>7}  {'95% interval':>12}  {'points/hand':>11} {'±se':>5}  {'out/hand':>8}"
    lines += [header, "-" * len(header)]
    for r in answer.table.itertuples():
        lines.append(f"{r.strategy:<{w}}  {r.seat_games:>10,}  {pct(r.p_win):>7}  {interval(r.p_win_lo, r.p_win_hi):>12}"
                     f"  {r.mean_points_per_hand:>11.1f} {r.points_per_hand_se:>5.1f}  {pct(r.p_out_per_hand):>8}")
    lines += ["", f"A fair share is {100 / m['players']:.1f}% per seat.", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
