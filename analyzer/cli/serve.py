"""``analyzer serve``: the local web page (the app is ``analyzer.web.app``)."""

from __future__ import annotations

import os
import sys

import click

from ..errors import InputError


@click.command()
@click.option("--port", default=8000, show_default=True, type=int,
              help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (the default is this computer only).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser; just print the page's address.")
def serve(port, host, no_browser):
    """A local web page for every question: pick the game and the question, click your
    cards, run, and see the progress, the table, the chart and the recommendation.  The
    page's address holds the whole question, so a link reproduces the answer."""
    from ..web.server import make, url_of
    if not 0 <= port <= 65535:
        raise InputError(f"--port must be 0 to 65535, not {port}")
    server = make(host, port)           # InputError when the port is taken or the host unknown
    url = url_of(host, server.socket.getsockname()[1])
    click.echo(f"analyzer: the page is at {url}  (Ctrl-C stops)")
    if not no_browser and _has_display():
        import webbrowser
        webbrowser.open(url)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        click.echo("analyzer: stopped", err=True)
    finally:
        server.server_close()


def _has_display() -> bool:
    """A browser could show a page here (not a server over ssh without a display)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True
