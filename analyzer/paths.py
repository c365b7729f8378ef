"""Checks of the files and folders a run will write, made before it runs (the command
line's ``--out``, ``--plot``, ``--table-out``; ``batch``'s output)."""

from __future__ import annotations

import os

from .errors import InputError


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
