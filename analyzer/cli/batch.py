"""``analyzer batch``: one question a row of a file (the work is ``analyzer.batch.run``)."""

from __future__ import annotations

import sys

import click


@click.command()
@click.argument("questions", metavar="FILE.csv|FILE.jsonl")
@click.option("--out", "out", required=True, metavar="FILE.csv|FILE.parquet",
              help="Write the answers here (CSV or Parquet by the suffix), a row per option of each answer.")
@click.option("--threads", type=click.IntRange(min=1), default=None,
              help="Worker threads of each question's simulation (default: all cores); the rows run one "
                   "after another and the answers do not depend on it.")
@click.option("--resume", is_flag=True,
              help="Continue a stopped run into the same --out: only the rows not in it are asked "
                   "(refused if the questions file changed since).")
@click.option("--force", is_flag=True, help="Replace the answers --out already holds.")
def batch(questions, out, threads, resume, force):
    """Answer every question of a CSV or JSON-lines file, one question a row.

    Columns: game, question, then the question's options by their Python names (hand,
    auction, seat, dealer, deals, seed, play, rules, contract_only yes/no, ...; see
    `analyzer GAME QUESTION --help`, with - as _). An empty cell is an option not given;
    several rules are separated by ; in CSV (a list in JSON lines). The same options and
    seed give the same answer as the single command.

    The answers: a row per option of each answer, with row (the input line), game,
    question, the input's values, the answer table's columns, best and recommendation.
    A bad row is reported on stderr with its line number and skipped. An --out that
    already holds answers is refused unless --resume or --force. Ctrl-C stops after the
    row under way and keeps every finished row (a sidecar OUT.batch.json records the
    run for --resume).

    Exit status: 0 when every row was answered, 1 when some rows were bad (the others
    are answered), 2 when the file cannot be read or --out is unusable, 130 when
    interrupted.
    """
    from ..batch import run

    summary = run(questions, out, threads=threads, resume=resume, force=force)
    click.echo(summary.line(), err=True)      # on Ctrl-C it says so, and how to go on
    if summary.interrupted:
        sys.exit(130)
    click.echo(f"wrote {out}")
    if not summary.ok:
        sys.exit(1)
