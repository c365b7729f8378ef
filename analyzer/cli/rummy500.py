"""``analyzer rummy500``: melds, take, discard, tournament."""

from __future__ import annotations

import inspect

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


def _answer(ask, plotter: str, render, plot_path, as_json, as_csv, **kw):
    """Check the plot path, ask the question, draw the chart, print the answer."""
    from ..report import rummy500 as charts
    from .common import check_plot_path, emit, wants_progress

    check_plot_path(plot_path)
    answer = ask(progress=wants_progress(as_json), **kw)
    if plot_path:
        getattr(charts, plotter)(answer, plot_path)
    emit(answer, as_json, as_csv, render)


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

    from .common import emit_record

    emit_record(ask(hand, players=players, table=table, rules=list(rules)), as_json, render_melds)


melds.help = inspect.cleandoc(melds.help) + "\n\n" + RULES_HELP


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

    _answer(ask, "plot_tournament", render_tournament, plot_path, as_json, as_csv, strategies=strategies,
            players=players, games=games, seed=seed, threads=threads, rules=list(rules))


tournament.help = inspect.cleandoc(tournament.help) + "\n\n" + RULES_HELP


def render_tournament(answer) -> str:
    from ..fmt import interval, pct

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


def _position_options(f):
    from .common import examples_option, output_options
    opts = [
        click.option("--hand", required=True, help="Your cards."),
        click.option("--pile", default="", help='The discard pile, bottom to top (every card is visible).'),
        click.option("--table", default=None, help='Melds on the table, e.g. "5S 6S 7S; 8H 8D 8C".'),
        _players_option(),
        click.option("--held", default=None,
                     help="Cards each opponent holds, in turn order after you (default: the deal's size).",
                     metavar="N,N,..."),
        click.option("--scores", default=None, metavar="N,N,...",
                     help="Game scores now, yours first then the opponents in turn order: adds P(win the game)."),
        click.option("--strategy", default=None,
                     help="The strategy everyone plays after the decision (default holder; name:param=value)."),
        click.option("--deals", type=click.IntRange(min=1), default=None,
                     help="Deals [default: take 10,000, discard 8,000; 5,000 with --scores]."),
        click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
                     help="Random seed: the same seed gives the same answer on any number of threads."),
        click.option("--threads", type=click.IntRange(min=1), default=None, help="Worker threads (default: all cores)."),
        click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable)."),
        examples_option,
    ]
    for opt in reversed(opts):
        f = opt(f)
    return output_options(f)


@rummy500.command()
@_position_options
def take(hand, pile, table, players, held, scores, strategy, deals, seed, threads, rules, examples, as_json, as_csv,
         plot_path):
    """Take the pile or draw?  Every draw open now — the stock, or the pile from each
    depth whose deepest card can be used at once (with the meld that uses it) — played out
    to the end of the hand on the same deals: your mean hand score (points from now on),
    the margin over the best opponent, P(you go out first) and, with --scores, P(win the
    game), with 95% intervals.  The recommendation is the best margin (with --scores the
    best P(win the game)): you play to win, not to pile up your own points.

    The unseen cards (the opponents' hands and the stock) are dealt at random; everyone
    plays --strategy afterwards."""
    from ..games.rummy500.questions import take as ask

    _answer(ask, "plot_position", render_position, plot_path, as_json, as_csv, hand=hand, pile=pile, table=table,
            players=players, held=held, scores=scores, deals=deals, seed=seed, threads=threads, strategy=strategy,
            rules=list(rules), examples=examples)


take.help = inspect.cleandoc(take.help) + "\n\n" + RULES_HELP


@rummy500.command()
@click.option("--taken", default=None, help="The card you took alone from the pile this turn (it may not be thrown).")
@_position_options
def discard(taken, hand, pile, table, players, held, scores, strategy, deals, seed, threads, rules, examples, as_json,
            as_csv, plot_path):
    """Which card to throw?  You have drawn and melded; each card you could throw is
    played out on the same deals (the opponents' Rummy! calls and pile takes included):
    mean hand score, margin, P(out first), P(the next player takes it), P(it gives a
    Rummy!) and, with --scores, P(win the game).  Best first by the margin (with --scores
    by P(win the game))."""
    from ..games.rummy500.questions import discard as ask

    _answer(ask, "plot_position", render_position, plot_path, as_json, as_csv, hand=hand, pile=pile, table=table,
            players=players, held=held, scores=scores, taken=taken, deals=deals, seed=seed, threads=threads,
            strategy=strategy, rules=list(rules), examples=examples)


discard.help = inspect.cleandoc(discard.help) + "\n\n" + RULES_HELP


def render_position(answer) -> str:
    from ..fmt import interval, pct

    m = answer.meta
    game = m["scores"] is not None
    lines = [f"Rummy 500 — {answer.question}: hand {m['hand']}, pile {m['pile'] or '(empty)'}",
             f"{m['players']} players, {m['deck']}; table: {'; '.join(m['table']) or 'no melds'}; opponents hold "
             f"{', '.join(str(h) for h in m['held'])}; stock {m['stock']}",
             f"{m['deals']:,} deals, everyone {m['strategy']} afterwards; seed {m['seed']} "
             f"({answer.extra.get('elapsed', 0):.1f} s)", ""]
    w = max(8, *(len(a) for a in answer.table["action"]))
    take = answer.question == "take"
    # the ranking column first: P(win the game) with --scores, else the margin
    interval_head = f"{'95% interval':>12}"
    vs_stock = f"{'vs stock':>8} {'±se':>4}"
    cols = [(f"{'P(win)':>6} {interval_head}", lambda r: f"{pct(r.p_win):>6} {interval(r.p_win_lo, r.p_win_hi):>12}")
            ] if game else []
    cols += [(f"{'margin':>7} {'±se':>4}", lambda r: f"{r.mean_margin:>+7.1f} {r.margin_se:>4.1f}")]
    if take:
        cols += [(vs_stock, lambda r: f"{r.margin_vs_stock:>+8.1f} {r.margin_vs_stock_se:>4.1f}")]
    cols += [(f"{'P(out)':>6} {interval_head}", lambda r: f"{pct(r.p_out):>6} {interval(r.p_out_lo, r.p_out_hi):>12}"),
             (f"{'score':>6} {'±se':>4}", lambda r: f"{r.mean_score:>+6.1f} {r.score_se:>4.1f}")]
    if take:
        cols += [(vs_stock, lambda r: f"{r.gain_vs_stock:>+8.1f} {r.gain_vs_stock_se:>4.1f}")]
    else:
        cols += [(f"{'taken':>6}  {'Rummy!':>6}", lambda r: f"{pct(r.p_taken):>6}  {pct(r.p_rummy):>6}")]
    header = f"  {'option':<{w}}  " + "  ".join(h for h, _ in cols) + ("  meld" if take else "")
    lines += [header, "-" * len(header)]
    for r in answer.table.itertuples():
        mark = "→ " if r.action == answer.best else "  "
        lines.append(mark + f"{r.action:<{w}}  " + "  ".join(f(r) for _, f in cols)
                     + (f"  {r.meld}" if take and r.meld else ""))
    lines += ["", f"→ the best by {'P(win the game)' if game else 'the margin'}. margin: your points from now to "
              "the end of the hand (melded minus held)", "minus the best opponent's; P(out): you go out first; "
              "score: your points alone" + ("; vs stock: the column before it" if take else ""),
              *(["minus the first row's, on the same deals"] if take else []),
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
