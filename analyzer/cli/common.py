"""Options, validation and rendering shared by every game's commands."""

from __future__ import annotations

import json
import sys

import click

from ..errors import InputError
from ..fmt import PLUS_MINUS
from ..paths import check_writable


class AliasGroup(click.Group):
    """A group whose commands may have hidden aliases (``500`` for ``five-hundred``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.aliases: dict[str, str] = {}

    def add_alias(self, alias: str, name: str):
        self.aliases[alias] = name

    def get_command(self, ctx, cmd_name):
        return super().get_command(ctx, self.aliases.get(cmd_name, cmd_name))

    def resolve_command(self, ctx, args):
        name, cmd, rest = super().resolve_command(ctx, args)
        return (cmd.name if cmd else name), cmd, rest


def simulation_options(default_deals: int, play_models=("heuristic",), dd_deals: int | None = None,
                       deals_help: str | None = None):
    """--deals --seed --play --threads --rule, common to every simulation question.

    With ``dd_deals``, --deals defaults to None and the question picks ``default_deals``
    or, with --play dd, the smaller ``dd_deals``; with ``deals_help`` (what the default
    is), --deals defaults to None and the question picks."""

    def decorate(f):
        if deals_help is not None:
            deals_opt = click.option("--deals", type=click.IntRange(min=1), default=None,
                                     help=f"Number of simulated deals [default: {deals_help}].")
        elif dd_deals is None:
            deals_opt = click.option("--deals", type=click.IntRange(min=1), default=default_deals,
                                     show_default=True, help="Number of simulated deals.")
        else:
            deals_opt = click.option("--deals", type=click.IntRange(min=1), default=None,
                                     help=f"Number of simulated deals [default: {default_deals:,}; "
                                          f"{dd_deals:,} with --play dd].")
        options = [
            deals_opt,
            click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
                         help="Random seed: the same seed gives the same answer on any number of threads."),
            click.option("--play", type=click.Choice(play_models), default=play_models[0], show_default=True,
                         help="Card-play model."),
            click.option("--threads", type=click.IntRange(min=1), default=None,
                         help="Worker threads (default: all cores)."),
            click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                         help="A rule option (repeatable); see the game's rules."),
        ]
        for opt in reversed(options):
            f = opt(f)
        return f

    return decorate


def output_options(f):
    """--json --csv --plot."""
    f = click.option("--plot", "plot_path", type=click.Path(dir_okay=False), default=None,
                     help="Also write a chart to this PNG file.")(f)
    f = click.option("--csv", "as_csv", is_flag=True, help="Print the table as CSV.")(f)
    f = click.option("--json", "as_json", is_flag=True, help="Print one JSON object and nothing else.")(f)
    return f


def condition_option(f):
    """--condition policy|none: how a question that heard an auction deals the unseen hands."""
    from ..options import CONDITION_HELP, CONDITIONS
    return click.option("--condition", type=click.Choice(CONDITIONS), default=CONDITIONS[0], show_default=True,
                        help=CONDITION_HELP)(f)


def examples_option(f):
    """--examples N: deals behind the answer (``sim.examples``)."""
    from ..options import EXAMPLES_HELP, MAX_EXAMPLES
    return click.option("--examples", type=click.IntRange(0, MAX_EXAMPLES), default=0, metavar="N",
                        help=EXAMPLES_HELP)(f)


def wants_progress(as_json: bool) -> bool:
    """A progress bar only for a person watching: both streams on a terminal, not JSON."""
    return not as_json and sys.stdout.isatty() and sys.stderr.isatty()


def check_plot_path(path: str | None):
    if path is None:
        return
    if not path.lower().endswith(".png"):
        raise InputError(f"--plot needs a .png file name, got {path!r}")
    check_writable(path, "--plot")


def with_legend(text: str) -> str:
    """A rendering with a "±" column gets one line saying what "±" is (``fmt.PLUS_MINUS``),
    above the recommendation (else at the end): the same words in every game."""
    if "±" not in text or PLUS_MINUS in text:
        return text
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith("Recommendation")), len(lines))
    while at > 0 and not lines[at - 1].strip():
        at -= 1
    return "\n".join(lines[:at] + [PLUS_MINUS[0].upper() + PLUS_MINUS[1:] + "."] + lines[at:])


def emit(answer, as_json: bool, as_csv: bool, render_text):
    """Print an Answer as JSON, CSV or the game's text rendering."""
    if as_json and as_csv:
        raise InputError("choose one of --json and --csv")
    if as_json:
        click.echo(json.dumps(answer.to_json_dict(), ensure_ascii=False))
    elif as_csv:
        click.echo(answer.table.to_csv(index=False), nl=False)
        if getattr(answer, "examples", None):
            click.echo("note: the example deals are not in --csv (they are in --json and the text)", err=True)
    else:
        click.echo(with_legend(render_text(answer)))
        if getattr(answer, "examples", None):
            from ..sim.examples import render
            click.echo(render(answer.examples))
    for note in answer.notes:
        if not as_json:
            click.echo(f"note: {note}", err=True)


def emit_record(record: dict, as_json: bool, render_text):
    """Print a question's answer that is a plain record (meld counts, a score) as JSON
    or as the game's text rendering."""
    click.echo(json.dumps(record, ensure_ascii=False) if as_json else render_text(record))


# ----------------------------------------------------------------------------- commands from the registry


def click_param(p) -> click.Parameter:
    """The click parameter of a registered question's parameter (``spec.Param``)."""
    if p.type == "rules":
        return click.Option([p.option, p.name], multiple=True, metavar=p.metavar or "NAME=VALUE", help=p.help)
    if p.type == "bool":
        return click.Option([p.option, p.name], is_flag=True, default=bool(p.default), help=p.help)
    if p.type == "choice":
        kind = click.Choice([str(c) for c in p.choices])
    elif p.type == "int":
        kind = click.IntRange(p.low, p.high) if (p.low is not None or p.high is not None) else click.INT
    elif p.type == "float":
        kind = click.FLOAT
    else:
        kind = click.STRING
    default = None if p.default is None else (str(p.default) if p.type == "choice" else p.default)
    if p.argument:
        return click.Argument([p.name], type=kind, required=p.required, default=None if p.required else default)
    return click.Option([p.option, p.name], type=kind, default=default, required=p.required, metavar=p.metavar,
                        show_default=p.show_default, help=p.help)


def add_questions(group: click.Group, game: str, **hooks) -> None:
    """Every registered question of ``game`` as a command of ``group``; ``hooks``:
    question name -> {"before": ..., "after": ...} (``command``)."""
    from .. import spec
    for q in spec.questions(game):
        group.add_command(command(q, **hooks.get(q.name, {})))


def command(q, before=None, after=None) -> click.Command:
    """The click command of a registered question ``q`` (``spec.Question``): its
    parameters, then --json (--csv, --plot as the question offers); the callback asks
    the question through ``spec.answer`` (the same path as the API, the page and batch)
    and prints the question's text (``q.render``, given the command line's own values
    it takes by name, e.g. ``top``).  ``before(values)`` runs before the question (checks
    of the command line's own options), ``after(answer, values)`` after it (files the
    command writes)."""
    from .. import spec

    params = [click_param(p) for p in q.takes("cli")]
    if "json" in q.outputs:
        params.append(click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object and nothing else."))
    if "csv" in q.outputs and not q.record:
        params.append(click.Option(["--csv", "as_csv"], is_flag=True, help="Print the table as CSV."))
    if "plot" in q.outputs and q.plot:
        params.append(click.Option(["--plot", "plot_path"], type=click.Path(dir_okay=False), default=None,
                                   help="Also write a chart to this PNG file."))
    wants = any(p.name == "progress" for p in q.params)

    def callback(as_json=False, as_csv=False, plot_path=None, **values):
        if plot_path is not None:
            check_plot_path(plot_path)
            spec.plot_allowed(q, values)
        if before is not None:
            before(values)
        if wants:
            values["progress"] = wants_progress(as_json)
        result = spec.answer(q, values, spelling="flag")
        if plot_path is not None:
            spec.draw(q, result, plot_path, values)
        if after is not None:
            after(result, values)
        render = spec.load(q.render) if q.render else _json_text
        extra = spec.takes_own(render, q, values)
        if q.record:
            emit_record(result, as_json, lambda r: render(r, **extra))
        else:
            emit(result, as_json, as_csv, lambda a: render(a, **extra))

    return click.Command(q.name, params=params, callback=callback, help=q.help)


def _json_text(result, **extra) -> str:
    return json.dumps(result if isinstance(result, dict) else result.to_json_dict(), ensure_ascii=False, indent=1)
