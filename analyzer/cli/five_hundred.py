"""``analyzer five-hundred`` (alias ``500``): bid, score, solve and equity."""

from __future__ import annotations

import click

from ..games.five_hundred import front
from ..paths import check_writable
from .common import add_questions, click_param



@click.group()
def five_hundred():
    """Five Hundred (Australian rules, Avondale scoring).

    Cards: rank A K Q J T(10) 9..4 then suit S H D C (or ♠ ♥ ♦ ♣); the joker is JK.
    """


def read_deal_lines(path: str) -> list[str]:
    """Deals of a --file, one per line (blank lines and # comments skipped)."""
    from ..errors import InputError

    try:
        with open(path, encoding="utf-8") as fh:
            lines = [ln.strip() for ln in fh]
    except OSError as err:
        raise InputError(f"cannot read --file {path}: {err.strerror}") from None
    deals = [ln for ln in lines if ln and not ln.startswith("#")]
    if not deals:
        raise InputError(f"--file {path} has no deals")
    return deals


@five_hundred.command()
@click.option("--deal", "deal", metavar="DEAL", default=None,
              help='The deal: "N: ...; E: ...; S: ...; W: ...; K: ..." (K: the kitty).')
@click.option("--file", "file", metavar="DEALS", type=click.Path(dir_okay=False), default=None,
              help="Solve every deal of this file (one a line).")
@click.option("--contract", required=True, metavar="BID", help="e.g. 8H, 7NT, MIS.")
@click.option("--contractor", required=True, metavar="SEAT", help="N, E, S or W (leads first); at other table "
              "sizes the seats of --players (3: S W E; 5: S W NW NE E; 6: S SW NW N NE SE; 2: S N).")
@click.option("--no-kitty", is_flag=True, help="Solve the 10-card hands as given (no exchange).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (a list with --file).")
def solve(deal, file, contract, contractor, no_kitty, rules, players, as_json):
    """Double-dummy result of a deal: the contractor side's tricks with perfect play by
    everyone, and the value of each opening lead.  The contractor first exchanges with
    the kitty by the same policy as `bid` (unless --no-kitty)."""
    import json

    from ..errors import InputError
    from ..games.five_hundred.dd import solve_deal
    from ..tricks.dd import Solver

    if (deal is None) == (file is None):
        raise InputError("give exactly one of --deal or --file")
    deals = [deal] if file is None else read_deal_lines(file)
    solver = Solver(2.0)
    results = [solve_deal(d, contract, contractor, not no_kitty, list(rules), solver, players) for d in deals]
    if as_json:
        out = [{"players": r["players"], "contractor_tricks": r["contractor_tricks"], "made": r["made"],
                "nominated": r["nominated"], "discards": r["discards"], "leads": r["leads"]}
               | ({"partners": r["partners"]} if r["players"] != 4 else {})
               for r in results]
        click.echo(json.dumps(out if file is not None else out[0], ensure_ascii=False))
        return
    for i, r in enumerate(results):
        if file is not None:
            click.echo(f"deal {i + 1}: {deals[i]}")
        lines = [f"{r['contract']} by {r['contractor']}: {r['contractor_tricks']} trick"
                 f"{'s' if r['contractor_tricks'] != 1 else ''} with perfect play "
                 f"({'made' if r['made'] else 'failed'})"]
        if r["players"] != 4:
            lines.append(f"{r['players']} players; partners: {' '.join(r['partners']) or 'none'}")
        if r["discards"]:
            lines.append(f"discards: {r['discards']}")
        if r["nominated"]:
            lines.append(f"joker nominated as a {r['nominated']}")
        lines.append("leads: " + ", ".join(f"{x['card']} {x['tricks']}" for x in r["leads"]))
        click.echo("\n".join(lines))


solve.params.insert(-1, click_param(front.PLAYERS))     # before --json


def _equity_before(values):
    if values.get("table_out") is not None:
        _check_table_out(values["table_out"], values.get("force", False),
                         click.get_current_context().params.get("resume", False))


def _equity_after(answer, values):
    """--table-out: the whole table's files, with the command that made them."""
    table_out = values.get("table_out")
    if table_out is None:
        return
    import shlex

    from ..report.five_hundred import write_equity_files

    args = ["analyzer", "five-hundred", "equity", "--score", answer.meta["score"]]
    args += ["--dealer", values["dealer"]] if values.get("dealer") else []
    args += ["--deals", str(answer.meta["deals"]), "--seed", str(values["seed"])]
    args += [a for r in values["rules"] for a in ("--rule", r)]
    args += ["--threads", str(values["threads"])] if values.get("threads") else []
    args += ["--table-out", table_out]
    write_equity_files(answer.extra["table"], table_out, shlex.join(args))


def _check_table_out(folder: str, force: bool = False, resume: bool = False):
    import os

    from ..errors import InputError

    if os.path.exists(folder) and not os.path.isdir(folder):
        raise InputError(f"--table-out: {folder!r} is a file, not a folder")
    held = [f for f in ("equity.csv", "equity.md", "equity.png") if os.path.exists(os.path.join(folder, f))]
    if held and not (force or resume):
        raise InputError(f"--table-out: {folder} already holds {', '.join(held)} (another run's table); "
                         f"--force replaces them")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as err:
        raise InputError(f"--table-out: cannot create folder {folder!r}: {err.strerror}") from None
    check_writable(os.path.join(folder, "equity.csv"), "--table-out")


add_questions(five_hundred, "five-hundred", equity={"before": _equity_before, "after": _equity_after})
