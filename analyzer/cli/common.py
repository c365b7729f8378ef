"""Options, validation and rendering shared by every game's commands."""

from __future__ import annotations

import contextlib
import contextvars
import json
import os
import sys

import click

from ..errors import InputError
from ..fmt import PLUS_MINUS


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


def unconditioned(meta) -> str:
    """What a text rendering adds to its run line for an answer asked with --condition none."""
    return ", unconditioned deals (--condition none)" if meta.get("condition") == "none" else ""


def wants_progress(as_json: bool) -> bool:
    """A progress bar only for a person watching: both streams on a terminal, not JSON."""
    return not as_json and sys.stdout.isatty() and sys.stderr.isatty()


def check_plot_path(path: str | None):
    if path is None:
        return
    if not path.lower().endswith(".png"):
        raise InputError(f"--plot needs a .png file name, got {path!r}")
    check_writable(path, "--plot")


def check_writable(path: str, option: str):
    """Fail early, before a long run, if ``path`` cannot be written."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InputError(f"{option}: folder {os.path.dirname(path) or '.'!r} does not exist")
    import tempfile
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        raise InputError(f"{option}: cannot write into folder {os.path.dirname(path) or '.'!r}") from None


def check_unused(path: str, option: str, force: bool, resume: bool = False):
    """Refuse (one line) to replace a file that already holds another run's result,
    unless ``force``; ``resume`` (the run that wrote it continued) may rewrite it."""
    if os.path.exists(path) and not (force or resume):
        raise InputError(f"{option}: {path} already exists (another run's result); --force replaces it")


# Inside ``capturing()`` a command's answer is kept for the caller (``analyzer.ask``: the
# web page, batch runs) instead of printed.
_CAPTURE = contextvars.ContextVar("analyzer_capture", default=None)


@contextlib.contextmanager
def capturing():
    """Run a command's callback inside the block: what it would print with ``emit`` or
    ``emit_record`` is appended to the yielded list (an Answer or a JSON-ready dict)."""
    kept: list = []
    token = _CAPTURE.set(kept)
    try:
        yield kept
    finally:
        _CAPTURE.reset(token)


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
    kept = _CAPTURE.get()
    if kept is not None:
        kept.append(answer)
        return
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
    kept = _CAPTURE.get()
    if kept is not None:
        kept.append(record)
        return
    click.echo(json.dumps(record, ensure_ascii=False) if as_json else render_text(record))
