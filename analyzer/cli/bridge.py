"""``analyzer bridge``: double-dummy bridge, the solver's check against DDS."""

from __future__ import annotations

import click


@click.group()
def bridge():
    """Bridge card play (double dummy), used to validate the solver against DDS.

    Deals in PBN: "N:AKQ2.J9.T87.654 ..." — four hands clockwise from the named seat,
    each spades.hearts.diamonds.clubs, T for ten.
    """


@bridge.command()
@click.argument("deal", required=False)
@click.option("--file", "file", metavar="DEALS", type=click.Path(dir_okay=False), default=None,
              help="Solve every deal of this file (one PBN deal a line).")
@click.option("--trump", required=True, metavar="S|H|D|C|N", help="Trump suit, or N for no-trumps.")
@click.option("--leader", required=True, metavar="N|E|S|W", help="The seat on lead.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (a list with --file).")
def solve(deal, file, trump, leader, as_json):
    """Tricks for the side on lead with perfect play (as DDS reports them)."""
    import json

    from ..errors import InputError
    from ..games.bridge.play import BRIDGE_TABLE_MB, solve_tricks
    from ..games.bridge.rules import STRAIN_TEXT, parse_pbn, parse_seat, parse_strain
    from ..games.bridge.deck import SEAT_NAMES
    from ..tricks.dd import Solver
    from .five_hundred import read_deal_lines

    if (deal is None) == (file is None):
        raise InputError("give exactly one of DEAL or --file")
    strain = parse_strain(trump)
    seat = parse_seat(leader)
    texts = [deal] if file is None else read_deal_lines(file)
    parsed = [parse_pbn(t) for t in texts]       # validate every deal before solving
    solver = Solver(BRIDGE_TABLE_MB)
    out = [{"tricks": solve_tricks(h, strain, seat, solver), "leader": SEAT_NAMES[seat],
            "trump": STRAIN_TEXT[strain]} for h in parsed]
    if as_json:
        click.echo(json.dumps(out if file is not None else out[0]))
        return
    for t, r in zip(texts, out):
        prefix = f"{t}: " if file is not None else ""
        click.echo(f"{prefix}{r['tricks']} tricks for {r['leader']}'s side on lead, trump {r['trump']}")
