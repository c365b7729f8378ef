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
    from .report import report, table
    cli.add_command(report)
    cli.add_command(table)


_register()


def main(argv=None):
    """Entry point: errors in the input become one line on stderr and exit status 2."""
    try:
        cli.main(args=argv, prog_name="analyzer", standalone_mode=False)
    except InputError as err:
        click.echo(f"analyzer: error: {err}", err=True)
        sys.exit(2)
    except Interrupted as err:
        click.echo(f"analyzer: interrupted: {err}", err=True)
        sys.exit(130)
    except click.exceptions.Abort:
        click.echo("analyzer: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as err:
        click.echo(f"analyzer: error: {err.format_message()}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("analyzer: interrupted", err=True)
        sys.exit(130)
    sys.exit(0)


if __name__ == "__main__":
    main()
