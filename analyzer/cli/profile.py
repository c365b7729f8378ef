"""``python -m analyzer.cli.profile OUT ARGV...``: run ``analyzer ARGV`` in this process
under a ``compiling.Recorder`` and write what was built, with the wall time, to the JSON
file OUT (``warm`` and ``scripts/bench.py compile`` run it in a fresh process through
``compiling.profile_in_subprocess``).  ARGV ``solver`` builds the solver alone."""

from __future__ import annotations

import json
import sys
import time

from ..compiling import SOLVER, Recorder, build_solver


def profile_command(argv: list[str], out: str) -> None:
    t0 = time.perf_counter()
    status = 0
    with Recorder() as rec:
        if argv == [SOLVER]:
            build_solver()
        else:
            from .main import main
            try:
                main(argv)
            except SystemExit as stop:
                status = stop.code or 0
    with open(out, "w") as f:
        json.dump({"argv": argv, "status": status, "wall": time.perf_counter() - t0,
                   "compiling": rec.seconds, "built": rec.rows()}, f)


if __name__ == "__main__":
    profile_command(sys.argv[2:], sys.argv[1])
