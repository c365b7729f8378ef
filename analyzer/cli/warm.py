"""``analyzer warm``: build the kernels ahead (an install step, a container image, a CI
cache, Dask workers), so that the first question answers at once."""

from __future__ import annotations

import sys

import click

from .. import registry
from ..compiling import PLAYS, QUESTIONS, SOLVER
from ..errors import InputError

MODELS = ("heuristic", "dd", "pimc")


@click.command()
@click.argument("games", nargs=-1, type=click.Choice(registry.names(aliases=True)), metavar="[GAME ...]")
@click.option("--play", "plays", multiple=True, type=click.Choice(MODELS + ("all",)),
              help="Play model to build for; repeat for several, or 'all' [default: heuristic].")
@click.option("--jobs", type=int, default=1, show_default=True, metavar="N",
              help="Processes building at once (independent kernels build in parallel).")
def warm(games, plays, jobs):
    """Build each GAME's kernels for its first question ahead of time (default: every
    game), in fresh processes, and print what each built and how long it took.  The
    kernels go to numba's cache ($NUMBA_CACHE_DIR, else ~/.cache/analyzer/numba),
    where every later run loads them in about a second.  With dd or pimc the double-dummy
    solver, which every game shares, is built first.

    \b
    analyzer warm                                # every game, heuristic play
    analyzer warm five-hundred euchre --play all --jobs 2
    """
    from ..compiling import warm as run_warm

    if jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {jobs}")
    games = list(dict.fromkeys(registry.game(g).name for g in games)) or list(QUESTIONS)
    every = "all" in plays
    plays = list(MODELS) if every else list(dict.fromkeys(plays)) or ["heuristic"]
    skipped = [f"{g} {p}" for g in games for p in plays if p not in PLAYS[g]]
    if skipped and not every:
        click.echo(f"skipped, no such question: {', '.join(skipped)}")
    failed = []

    def report(name, result):
        built = result["built"]
        if result["status"]:
            failed.append(name)
            last = (result.get("stderr") or "").splitlines()[-1:] or ["no output"]
            click.echo(f"{name:<24} failed (status {result['status']}): {last[0]}")
            return
        what = "solver" if name == SOLVER else name
        if not built:
            click.echo(f"{what:<24} already built ({result['wall']:.1f} s to load and answer)")
            return
        top = ", ".join(f"{b['kernel']} {b['seconds']:.1f} s" for b in built[:3])
        click.echo(f"{what:<24} built {len(built)} kernels in {result['compiling']:.1f} s "
                   f"({result['wall']:.1f} s wall); most: {top}")

    results = run_warm(games, plays, jobs, report)
    total = sum(r["compiling"] for r in results)
    click.echo(f"done: {len(results) - len(failed)} of {len(results)} builds, {total:.1f} s compiling in all")
    sys.stdout.flush()
    if failed:
        raise click.ClickException(f"{len(failed)} build(s) failed: {', '.join(failed)}")
