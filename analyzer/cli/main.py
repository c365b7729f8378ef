"""The ``analyzer`` command.  Game groups are registered here, one line each."""

from __future__ import annotations

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
    from .five_hundred import five_hundred
    cli.add_command(five_hundred, "five-hundred")
    cli.add_alias("500", "five-hundred")
    from .bridge import bridge
    cli.add_command(bridge)
    from .sheepshead import sheepshead
    cli.add_command(sheepshead)
    from .report import report, table
    cli.add_command(report)
    cli.add_command(table)
    from .euchre import euchre
    cli.add_command(euchre, "euchre")
    from .pinochle import pinochle
    cli.add_command(pinochle)
    from .rummy500 import rummy500
    cli.add_command(rummy500, "rummy500")


_register()


def main(argv=None):
    """Entry point: errors in the input become one line on stderr and exit status 2."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # a terminal without ♠♥: '?' rather than a crash
    try:
        cli.main(args=argv, prog_name="analyzer", standalone_mode=False)
    except InputError as err:
        _fail(str(err), 2)
    except Interrupted as err:
        _fail(f"interrupted: {err}", 130)
    except click.exceptions.NoArgsIsHelpError as err:
        click.echo(err.ctx.get_help())
        sys.exit(0)
    except click.exceptions.Abort:
        _fail("interrupted", 130)
    except click.ClickException as err:
        _fail(err.format_message(), 2)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except OSError as err:
        where = f" {err.filename}" if getattr(err, "filename", None) else ""
        _fail(f"cannot write or read{where}: {err.strerror or err}", 2)
    sys.exit(0)


def _fail(message: str, status: int):
    click.echo(f"analyzer: error: {message}" if status == 2 else f"analyzer: {message}", err=True)
    sys.exit(status)


if __name__ == "__main__":
    main()
