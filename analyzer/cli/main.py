"""The ``analyzer`` command: a group for each game of ``analyzer.registry``, then the
commands that serve every game."""

from __future__ import annotations

import contextlib
import functools
import sys

import click

from .. import __version__
from ..errors import InputError, Interrupted
from .common import AliasGroup


@click.group(cls=AliasGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="analyzer")
def cli():
    """Monte Carlo strategy analyzer for card games.

    Deal thousands of hands consistent with what you know, play them out, and see which
    decision scores best.  Try: analyzer five-hundred bid "JK JH JD AH KH TH AS KS 7C 5D"
    """


def _register():
    import importlib

    from .. import registry
    for g in registry.GAMES.values():         # each game's group: analyzer.cli.<namespace>.<namespace>
        cli.add_command(getattr(importlib.import_module(f".{g.namespace}", __package__), g.namespace), g.name)
        if g.aliases:
            cli.add_alias(g.aliases[0], g.name)
    from .bridge import bridge
    cli.add_command(bridge)
    from .report import report, table
    cli.add_command(report)
    cli.add_command(table)
    from .warm import warm
    cli.add_command(warm)
    from .match import match
    cli.add_command(match)
    from .trust import trust
    cli.add_command(trust)
    from .batch import batch
    cli.add_command(batch)
    from .serve import serve
    cli.add_command(serve)


# Options of the runner's commands that say how or where to run, or how to print, not
# what is asked: left out of a resumable run's key.
_NOT_THE_QUESTION = {"threads", "resume", "scheduler", "cluster", "as_json", "as_csv", "plot", "csv_out",
                     "table_out", "progress", "force"}


def _add_run_options(cmd: click.Command, path: tuple[str, ...]):
    """Every command that runs the runner (it has --threads) also takes --scheduler,
    --cluster and --resume (``sim.executor``, ``sim.ledger``); without them nothing
    changes.  A report keeps its own --resume (its checkpoint in --out)."""
    if isinstance(cmd, click.Group):
        for name, sub in cmd.commands.items():
            _add_run_options(sub, path + (name,))
        return
    names = {p.name for p in cmd.params}
    if "threads" not in names or "scheduler" in names:
        return
    own_resume = "resume" in names
    cmd.params.append(click.Option(
        ["--scheduler"], metavar="ADDRESS", default=None,
        help="Run the chunks on the Dask cluster of this scheduler (tcp://HOST:8786; default: "
             "$ANALYZER_SCHEDULER, else local threads).  Same answer as on threads."))
    cmd.params.append(click.Option(
        ["--cluster"], metavar="local[:N]", default=None,
        help="Run the chunks on a Dask LocalCluster of N worker processes (default N: the cores)."))
    if not own_resume:
        cmd.params.append(click.Option(
            ["--resume"], is_flag=True, default=False,
            help="Continue this command's stopped run (Ctrl-C or a crash): only the chunks not yet stored "
                 "are computed.  Refused if the parameters changed."))
    callback = cmd.callback

    @functools.wraps(callback)
    def run(*args, scheduler=None, cluster=None, **kwargs):
        from ..sim import executor as executors
        from ..sim import ledger as ledgers
        resume = bool(kwargs.get("resume")) if own_resume else bool(kwargs.pop("resume", False))
        executor = executors.from_options(scheduler, cluster)
        with contextlib.ExitStack() as stack:
            if executor is not None:
                stack.enter_context(executors.using(executor))
            if not own_resume:
                key = {k: _jsonable(v) for k, v in kwargs.items() if k not in _NOT_THE_QUESTION}
                stack.enter_context(ledgers.using(ledgers.Ledger(" ".join(path), key, resume)))
            try:
                return callback(*args, **kwargs)
            except KeyboardInterrupt:
                if own_resume:
                    raise
                # Ctrl-C outside a run's chunks (compiling, or between two runs): still a stop
                raise Interrupted("stopped; the finished chunks are kept: rerun with --resume to continue") from None

    cmd.callback = run


def _one_format(cmd: click.Command):
    """A command with both --json and --csv refuses the two together before it runs
    anything (not after a run that may compile kernels for minutes)."""
    if isinstance(cmd, click.Group):
        for sub in cmd.commands.values():
            _one_format(sub)
        return
    params = {p.name: p for p in cmd.params}
    if "as_json" not in params or "as_csv" not in params:
        return

    def check(ctx, param, value):
        other = "as_csv" if param.name == "as_json" else "as_json"
        if value and ctx.params.get(other):
            raise click.UsageError("choose one of --json and --csv")
        return value

    for name in ("as_json", "as_csv"):
        params[name].callback = check


def _jsonable(value):
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


_register()
_add_run_options(cli, ())
_one_format(cli)


def main(argv=None):
    """Entry point: errors in the input become one line on stderr and exit status 2."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # a terminal without ♠♥: '?' rather than a crash
    args = sys.argv[1:] if argv is None else list(argv)
    old_term = _stop_on_term()
    try:
        _answer(args)
    finally:
        if old_term is not None:
            import signal
            signal.signal(signal.SIGTERM, old_term)
    sys.exit(0)


def _answer(args):
    from ..compiling import CLI_DELAY, announce, game_and_play
    try:
        with announce(*game_and_play(args), delay=CLI_DELAY):
            cli.main(args=args, prog_name="analyzer", standalone_mode=False)
    except InputError as err:
        _fail(str(err), 2)
    except Interrupted as err:
        _fail(f"interrupted: {err}", 130)
    except click.exceptions.NoArgsIsHelpError as err:
        click.echo(err.ctx.get_help())
    except click.exceptions.Abort:
        _fail("interrupted", 130)
    except click.ClickException as err:
        _fail(err.format_message(), 2)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except OSError as err:
        where = f" {err.filename}" if getattr(err, "filename", None) else ""
        _fail(f"cannot write or read{where}: {err.strerror or err}", 2)


def _on_term(signum, frame):
    raise KeyboardInterrupt


def _stop_on_term():
    """A kill (SIGTERM) stops a run as Ctrl-C does: the finished chunks are kept for
    --resume and the exit status is 130."""
    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        return signal.signal(signal.SIGTERM, _on_term)
    return None


def _fail(message: str, status: int):
    click.echo(f"analyzer: error: {message}" if status == 2 else f"analyzer: {message}", err=True)
    sys.exit(status)


if __name__ == "__main__":
    main()
