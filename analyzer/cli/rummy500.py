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
