"""``analyzer report GAME`` and ``analyzer table GAME``: strategy tables from large surveys."""

from __future__ import annotations

import shlex
import sys

import click

from .. import registry
from ..paths import check_unused, check_writable
from .common import wants_progress

PLAYERS_HELP = f"Players at the table, for the reports with table sizes: {registry.report_players_text(notes=True)}."


@click.command()
@click.argument("game", required=False)
@click.option("--check", "check_path", type=click.Path(), default=None, metavar="PATH",
              help="Say whether the report folder (or trust file, or folder of trust files) PATH was made by "
                   "today's code: exit 0 if so, 1 if not; runs nothing.")
@click.option("--deals", type=click.IntRange(min=1), default=1_000_000, show_default=True,
              help="Number of simulated deals.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Folder to write README.md, CSV/Parquet tables and PNG charts into (required).")
@click.option("--threads", type=click.IntRange(min=1), default=None, help="Worker threads (default: all cores).")
@click.option("--resume", is_flag=True,
              help="Continue a stopped run (Ctrl-C, a crash) from its checkpoint in --out; refused if --out holds "
                   "no stopped run or one asked with other parameters.")
@click.option("--force", is_flag=True,
              help="Replace the report or stopped run --out already holds (refused without it).")
@click.option("--dd-deals", type=click.IntRange(min=0), default=None,
              help="Deals for the double-dummy section (default: the game's; 0: none).")
@click.option("--pimc-deals", type=click.IntRange(min=0), default=None,
              help="Deals for the section comparing heuristic, single-dummy and double-dummy play on the same "
                   "deals (default: the game's; 0: none).")
@click.option("--players", type=int, default=None, metavar="N",
              help=PLAYERS_HELP)
def report(game, check_path, deals, seed, out_dir, threads, resume, dd_deals, pimc_deals, players, force):
    """Write a self-contained strategy report for GAME (e.g. five-hundred) into --out.

    A folder that already holds a report or a stopped run is refused (exit 2) unless
    --force; --resume continues a stopped run of the same parameters only.

    \b
    analyzer report five-hundred --deals 1000000 --out reports/five-hundred
    analyzer report --check reports/five-hundred     # made by today's code? (exit 0 yes, 1 no)"""
    import os

    from ..errors import InputError
    from ..report.build import write_report

    if check_path is not None:
        if game is not None or out_dir is not None:
            raise InputError("--check takes only the PATH to check (no GAME, no --out)")
        from ..stamp import check
        results = check(check_path)
        for label, ok, line in results:
            click.echo(f"{label}: {line}")
        sys.exit(0 if all(ok for _, ok, _ in results) else 1)
    if game is None:
        raise InputError("name the GAME to report on (e.g. analyzer report five-hundred --out DIR), "
                         "or give --check PATH")
    if out_dir is None:
        raise InputError("--out DIR is required: the folder to write the report into")
    from ..report.build import game_report
    game_report(game, players)          # an unknown game or table size is refused before --out is made

    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as err:
        raise InputError(f"--out: cannot create folder {out_dir!r} ({err.strerror})") from None
    check_writable(os.path.join(out_dir, "README.md"), "--out")
    command = "analyzer report " + " ".join(shlex.quote(a) for a in sys.argv[2:]) if len(sys.argv) > 2 else ""
    summary = write_report(game, deals, out_dir, seed=seed, threads=threads,
                           progress=wants_progress(False), resume=resume, command=command,
                           dd_deals=dd_deals, pimc_deals=pimc_deals, players=players, force=force)
    click.echo(f"wrote {len(summary['files']) + 1} files to {out_dir} "
               f"({summary['deals']:,} deals in {summary['elapsed']:.1f} s)")


@click.command()
@click.argument("game")
@click.option("--by", default=None,
              help="Comma-separated breakdown, e.g. trumps,top_count (default: Five Hundred "
                   "trumps,top_trumps,side_aces; Euchre seat,trumps,bowers; Sheepshead "
                   "seat,trumps,queens; Pinochle meld,trumps).")
@click.option("--table", "table_name", default=None,
              help="Which table (Five Hundred: suit, ladder, kitty, nt, misere; default suit. "
                   "Euchre: order2, call2, order4, call4, thresholds, strength, reach; "
                   "default order2. Sheepshead: pick, thresholds, strength, reach; default pick. "
                   "Pinochle: success, ladder, pass, tricks, declares, auction; default success).")
@click.option("--deals", type=click.IntRange(min=1), default=200_000, show_default=True)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True)
@click.option("--threads", type=click.IntRange(min=1), default=None)
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON records.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the table as CSV.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None,
              help="Save the table to a .csv or .parquet file instead of printing it (an existing file is "
                   "refused unless --force, or --resume of the run that wrote it).")
@click.option("--players", type=int, default=None, metavar="N",
              help=PLAYERS_HELP)
@click.option("--force", is_flag=True, help="Replace the file --out names if it exists.")
def table(game, by, table_name, deals, seed, threads, as_json, as_csv, out_file, players, force):
    """Print (or save) one bid-success table of GAME for a chosen breakdown."""
    from ..errors import InputError
    from ..report.build import breakdown_table

    keys = None if by is None else [b.strip() for b in by.split(",") if b.strip()]
    if out_file:
        if not out_file.endswith((".csv", ".parquet")):
            raise InputError(f"--out needs a .csv or .parquet file name, got {out_file!r}")
        check_unused(out_file, "--out", force, click.get_current_context().params.get("resume", False))
        check_writable(out_file, "--out")
    if as_json and as_csv:
        raise InputError("choose one of --json and --csv")
    df, result = breakdown_table(game, keys, deals, seed, table_name, threads,
                                 wants_progress(as_json), players)
    if out_file:
        (df.to_parquet if out_file.endswith(".parquet") else df.to_csv)(out_file, index=False)
        click.echo(f"wrote {len(df)} rows to {out_file}")
    elif as_json:
        click.echo(df.to_json(orient="records", force_ascii=False))
    elif as_csv:
        click.echo(df.to_csv(index=False), nl=False)
    else:
        click.echo(_render(df, result.n_done))


def _render(df, n) -> str:
    import pandas as pd

    show = pd.DataFrame()
    for col in df.columns:
        if col.endswith(("_lo", "_hi", "_se")):
            continue
        if col.startswith("p") and col[1:].isdigit() or col == "p_make":
            lo, hi = df[f"{col}_lo"], df[f"{col}_hi"]
            show[f"P({col[1:]})" if col != "p_make" else "P(make)"] = [
                f"{100 * p:5.1f}% ({100 * a:4.1f}-{100 * b:4.1f})" if p == p else "–"
                for p, a, b in zip(df[col], lo, hi)]
        elif col.startswith("ev") and col[2:].isdigit():
            continue
        elif col.startswith("p_") and f"{col}_lo" in df.columns and f"{col}_hi" in df.columns:
            show[col] = [f"{100 * p:5.1f}% ({100 * a:4.1f}-{100 * b:4.1f})" if p == p else "–"
                         for p, a, b in zip(df[col], df[f"{col}_lo"], df[f"{col}_hi"])]
        else:
            show[col] = df[col].round(3) if df[col].dtype.kind == "f" else df[col]
    return f"{n:,} deals\n" + show.to_string(index=False)
