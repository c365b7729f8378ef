"""The HTTP server of ``analyzer serve``: werkzeug's threaded server (each request its own
thread, so a poll never waits behind a job) without a line per request."""

from __future__ import annotations

import errno
import ipaddress
import socket

from werkzeug.serving import WSGIRequestHandler, make_server

from ..errors import InputError


class _Quiet(WSGIRequestHandler):
    def log_request(self, code="-", size="-"):
        pass


def make(host: str, port: int, app=None):
    """A server listening on ``host:port`` (``InputError`` in the command line's words
    when it cannot)."""
    if app is None:
        from .app import create_app
        app = create_app()
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.create_server((host, port), family=family)
    except socket.gaierror:
        raise InputError(f"cannot listen on --host {host!r}: no such address") from None
    except OSError as err:
        code = err.errno
        if code == errno.EADDRINUSE:
            raise InputError(f"port {port} is in use on {host}: choose another with --port") from None
        if code in (errno.EACCES, errno.EPERM):
            raise InputError(f"not allowed to listen on port {port} (ports below 1024 need root): "
                             f"choose another with --port") from None
        if code == errno.EADDRNOTAVAIL or (code is not None and code < 0):     # < 0: getaddrinfo's
            raise InputError(f"cannot listen on --host {host!r}: not an address of this computer") from None
        raise InputError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    try:
        return make_server(host, sock.getsockname()[1], app, threaded=True, request_handler=_Quiet,
                           fd=sock.fileno())
    finally:
        sock.close()        # the server holds its own copy of the socket


def url_of(host: str, port: int) -> str:
    shown = host
    if host in ("0.0.0.0", "", "::"):
        shown = "127.0.0.1"
    try:
        if ipaddress.ip_address(shown).version == 6:
            shown = f"[{shown}]"
    except ValueError:
        pass
    return f"http://{shown}:{port}/"
