"""``analyzer trust``: how far to trust the fast answer (``sim.trust``)."""

from __future__ import annotations

import click

from .. import registry
from ..errors import InputError
from ..paths import check_writable
from .common import emit, wants_progress

GAMES = tuple(registry.names(aliases=True))


@click.command()
@click.argument("game", type=click.Choice(GAMES), metavar="GAME")
@click.option("--decisions", type=click.IntRange(min=1), default=200, show_default=True,
              help="Decisions drawn from self-play.")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True,
              help="Seed of the decisions (and of each answer: the seed plus the decision's index).")
@click.option("--players", type=int, default=None, metavar="N",
              help=f"The table: {registry.trust_players_text()}.")
@click.option("--strong", type=click.Choice(["pimc", "dd"]), default="pimc", show_default=True,
              help="The stronger model (Five Hundred may use dd; the others pimc).")
@click.option("--fast-deals", type=click.IntRange(min=1), default=None,
              help="Deals a decision for the fast model [20,000].")
@click.option("--strong-deals", type=click.IntRange(min=1), default=None,
              help="Deals a decision for the stronger model [Five Hundred 100, Euchre 1,000, Sheepshead 300, "
              "Rummy 500 4,000].")
@click.option("--worlds", type=click.IntRange(min=1, max=4096), default=None,
              help="Single-dummy layouts sampled a card [32].")
@click.option("--threads", type=click.IntRange(min=1), default=None, help="Worker threads (default: all cores).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write each finished decision to this CSV (the parameters beside it, FILE.json).")
@click.option("--resume", is_flag=True, help="Continue the stopped benchmark in --out (same parameters).")
@click.option("--csv", "as_csv", is_flag=True, help="Print the decisions as CSV.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")
def trust(game, decisions, seed, players, strong, fast_deals, strong_deals, worlds, threads, out, resume, as_csv,
          as_json):
    """How far to trust the fast answer in GAME: a fixed set of decisions drawn from
    self-play (Five Hundred bids, Euchre order and call, Sheepshead pick, Rummy 500
    draws), each answered by the fast heuristic players and by single-dummy play (pimc;
    Five Hundred also dd; Rummy 500: the players' draw rule against the take question's
    simulation).  Prints the share of identical recommendations and the mean regret of the fast
    choice valued by the stronger model, with 95% intervals.

    \b
    analyzer trust euchre --decisions 200 --out euchre-trust.csv
    analyzer trust five-hundred --strong dd --decisions 200
    """
    if out is not None:
        check_writable(out, "--out")
    g = registry.game(game)
    if not g.trust:
        raise InputError(f"trust is offered for {', '.join(registry.names('trust'))}, not {g.name}")
    if strong not in g.trust_models:
        offered = [x.title for x in registry.GAMES.values() if strong in x.trust_models]
        raise InputError(f"--strong {strong} is only offered for {', '.join(offered)}")
    if not g.trust_simulates and fast_deals is not None:
        raise InputError(f"--fast-deals: {g.title}'s fast choice is the players' rule, not a simulation")
    if players is None:
        players = g.trust_players[0]
    elif players not in g.trust_players:
        raise InputError(f"--players: the {g.name} benchmark is for {registry.sizes_text(g.trust_players)} "
                         f"players, not {players}")
    b = registry.front(g.name).trust(decisions, seed, strong, players, fast_deals, strong_deals)
    from ..sim.trust import run_trust
    answer = run_trust(b, seed, worlds, out, resume, wants_progress(as_json), threads, players)
    emit(answer, as_json, as_csv, render_trust)


def render_trust(answer) -> str:
    m = answer.meta
    fast = (f"heuristic at {m['fast_deals']:,} deals" if m["fast_deals"] else "the players' rule")
    lines = [f"{answer.game}: {m['decisions']} decisions (seed {m['seed']}), fast = {fast}, "
             f"strong = {m['strong']} at {m['strong_deals']:,} deals",
             answer.recommendation, "",
             f"  {'decision':<10} {'n':>4}  {'identical':>9}  {'95% interval':>12}  {'mean regret':>11}  "
             f"{'95% interval':>17}  {'clearly worse':>13}"]
    for kind, s in [("all", m)] + sorted(m["by_kind"].items()):
        lines.append(f"  {kind:<10} {s['decisions']:>4}  {100 * s['agree']:8.1f}%  "
                     f"{100 * s['agree_lo']:5.1f}-{100 * s['agree_hi']:5.1f}%  {s['mean_regret']:11.3f}  "
                     f"{s['regret_lo']:8.3f}-{s['regret_hi']:.3f}  {100 * s['clear']:12.1f}%")
    worst = answer.table.sort_values("regret", ascending=False).head(5)
    if len(worst) and worst["regret"].iloc[0] > 0:
        lines += ["", "  largest regrets:"]
        for r in worst.itertuples():
            if r.regret > 0:
                lines.append(f"  {r.position}: fast {r.fast}, strong {r.strong}, regret {r.regret:.3f} "
                             f"± {r.regret_se:.3f}")
    return "\n".join(lines)
