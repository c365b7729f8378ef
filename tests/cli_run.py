"""Run the ``analyzer`` command in-process for a test: (exit status, stdout, stderr)."""

from __future__ import annotations

import types


def run_cli(args, capsys):
    from analyzer.cli.main import main
    try:
        main(args)
        code = 0
    except SystemExit as stop:
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err


def cli_result(args, capsys):
    """``run_cli`` as a finished process would be seen: ``returncode``, ``stdout`` and
    ``stderr`` (for checks written against ``subprocess.run``; in-process, it costs no
    interpreter start-up)."""
    code, out, err = run_cli(args, capsys)
    return types.SimpleNamespace(returncode=code, stdout=out, stderr=err)
