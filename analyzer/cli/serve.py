"""``analyzer serve``: the local web page (being built)."""

from __future__ import annotations

import click

from ..errors import InputError


@click.command()
def serve():
    """The local web page (not built yet)."""
    raise InputError("analyzer serve is not built yet")
