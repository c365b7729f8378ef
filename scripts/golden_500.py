"""Record (or check) the four-handed Five Hundred answers that must not change.

    python scripts/golden_500.py            # check: exit 1 on any difference
    python scripts/golden_500.py --write    # rewrite tests/data/five_hundred_4p.json

Each entry is a CLI command and its ``--json`` output.  The test
``tests/test_five_hundred_sizes.py::test_four_handed_unchanged`` runs the same
commands.  Keys that a later version adds to the JSON (``players``; ``condition``, the
default ``policy``) are ignored by the comparison but must have their recorded value.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

HAND = "AH KH QH JH 10H JD AS KS 5C 6C"
DEAL = ("N: JK AH KH QH JH 10H AS KS 5C 6C; E: 9H 8H 7H 6H 5H AD KD QD 5D 4D; "
        "S: 4H JD 10D 9D 8D AC KC QC JC 10C; W: 7D 6D JS QS 10S 9S 8S 7S 9C 8C; K: 6S 7C 5S")
COMMANDS = {
    "bid_heuristic": ["500", "bid", HAND, "--contract-only", "--deals", "20000", "--seed", "3", "--json"],
    "bid_dd": ["500", "bid", HAND, "--contract-only", "--play", "dd", "--deals", "64", "--seed", "3", "--json"],
    "bid_pimc": ["500", "bid", HAND, "--contract-only", "--play", "pimc", "--contracts", "8H", "--deals", "4",
                 "--worlds", "8", "--seed", "3", "--json"],
    "bid_here": ["500", "bid", HAND, "--seat", "S", "--dealer", "N", "--auction", "7S", "--deals", "3000",
                 "--seed", "5", "--json"],
    "solve": ["500", "solve", "--deal", DEAL, "--contract", "8H", "--contractor", "N", "--json"],
    "solve_mis": ["500", "solve", "--deal", DEAL, "--contract", "MIS", "--contractor", "E", "--json"],
    "lead": ["500", "lead", HAND, "--contract", "8H", "--deals", "64", "--seed", "2", "--json"],
    "table": ["table", "five-hundred", "--deals", "20000", "--seed", "1", "--json"],
    "table_nt": ["table", "five-hundred", "--table", "nt", "--deals", "20000", "--seed", "1", "--json"],
}
IGNORED = {"players": 4, "condition": "policy"}
PATH = Path(__file__).resolve().parent.parent / "tests" / "data" / "five_hundred_4p.json"


def run(args: list[str]):
    from analyzer.cli.main import cli
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"{' '.join(args)} failed ({result.exit_code}): {result.output}")
    return json.loads(result.stdout)   # stderr may say the kernels are being compiled


def strip(value):
    """The JSON without the keys in IGNORED (checked to have their four-handed value)."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in IGNORED:
                if v != IGNORED[k]:
                    raise AssertionError(f"{k} = {v!r}, expected {IGNORED[k]!r}")
                continue
            out[k] = strip(v)
        return out
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def main(argv: list[str]) -> int:
    if "--write" in argv:
        PATH.write_text(json.dumps({name: run(args) for name, args in COMMANDS.items()}, indent=1,
                                   ensure_ascii=False) + "\n")
        print(f"wrote {PATH}")
        return 0
    want = json.loads(PATH.read_text())
    bad = [name for name, args in COMMANDS.items() if strip(run(args)) != strip(want[name])]
    print("unchanged" if not bad else f"changed: {', '.join(bad)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
