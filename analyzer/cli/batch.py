"""``analyzer batch``: one question a row of a file (being built)."""

from __future__ import annotations

import click

from ..errors import InputError


@click.command()
def batch():
    """Batch runs (not built yet)."""
    raise InputError("analyzer batch is not built yet")
