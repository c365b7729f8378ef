"""Run the ``analyzer`` command in-process for a test: (exit status, stdout, stderr)."""

from __future__ import annotations


def run_cli(args, capsys):
    from analyzer.cli.main import main
    try:
        main(args)
        code = 0
    except SystemExit as stop:
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err
