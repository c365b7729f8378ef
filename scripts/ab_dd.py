"""Time the bridge solver of the working tree against a git revision's, in one process.

Timing on a shared machine moves by several percent between identical runs, which hides
most solver changes.  This script imports the revision's ``analyzer`` package under
another name (``git archive REV analyzer`` into a temporary folder, absolute imports
renamed), then solves the same random 13-card deals with both solvers, alternating which
goes first deal by deal, and checks that the values agree.  Thread CPU time; a ratio
below 1 means the working tree is faster.  The copy compiles its own kernels on first
use (its sources hash differently), which takes a minute or two.

Know the noise floor before trusting a ratio: the same source compiled twice (the working
tree against HEAD with nothing changed) gave 1.03 and 1.09 in two runs here, so where
numba's code lands in memory moves one solver's time by several percent for the life of
a process.  A change worth less than ~5% needs several runs (or node counts, which are
exact: scripts/dd_nodes.py) to show.

    python scripts/ab_dd.py HEAD~1              # 200 deals
    python scripts/ab_dd.py v0.1 --deals 100 --reps 2
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))


def import_revision(rev: str, folder: Path):
    """The revision's analyzer package as ``analyzer_rev`` (its Solver and bridge helpers)."""
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "analyzer"], check=True,
                         capture_output=True).stdout
    subprocess.run(["tar", "x", "-C", str(folder)], input=tar, check=True)
    pkg = folder / "analyzer_rev"
    (folder / "analyzer").rename(pkg)
    for f in pkg.rglob("*.py"):
        text = f.read_text()
        text = re.sub(r"\banalyzer\.", "analyzer_rev.", text).replace("from analyzer import", "from analyzer_rev import")
        f.write_text(text)
    sys.path.insert(0, str(folder))
    from analyzer_rev.tricks.dd import Solver
    return Solver


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rev", help="git revision to compare with (e.g. HEAD, HEAD~1)")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--table-mb", type=float, default=None, help="table size for both (default: bridge's)")
    ap.add_argument("--separate-tables", action="store_true",
                    help="the revision allocates its own table (needed if its table layout differs)")
    a = ap.parse_args()

    import validate_dds

    from analyzer.games.bridge.play import BRIDGE_TABLE_MB, side_of
    from analyzer.games.bridge.rules import rule_table
    from analyzer.tricks.dd import Solver as New
    from analyzer.tricks.dd import new_table

    with tempfile.TemporaryDirectory() as tmp:
        Old = import_revision(a.rev, Path(tmp))
        mb = a.table_mb or BRIDGE_TABLE_MB
        old, new = Old(mb), New(mb)
        if not a.separate_tables:
            # both tables from this revision's allocator (2 MB pages where the OS grants
            # them): where 4 KB pages land in memory moves a process's times by percents
            old.tt = new_table(mb)
        deals = validate_dds.random_deals(a.deals, 13, seed=1)
        for s in (old, new):   # compile / warm up outside the timing
            hands, trump, leader = deals[0]
            s.solve(rule_table(trump), hands, leader, side_of(leader))
        t_old, t_new = np.zeros(a.deals), np.zeros(a.deals)
        for r in range(a.reps):
            for i, (hands, trump, leader) in enumerate(deals):
                rules = rule_table(trump)
                values = {}
                for s in ((old, new) if (i + r) % 2 == 0 else (new, old)):
                    t0 = time.thread_time()
                    values[s is new] = s.solve(rules, hands, leader, side_of(leader))
                    dt = time.thread_time() - t0
                    (t_new if s is new else t_old)[i] += dt
                if values[True] != values[False]:
                    sys.exit(f"deal {i}: values differ ({values[False]} at {a.rev}, {values[True]} now)")
    print(f"{a.deals} bridge deals x{a.reps}, {a.rev} -> working tree: total {t_old.sum():.2f} -> "
          f"{t_new.sum():.2f} s ({t_new.sum() / t_old.sum():.3f}); median {1e3 * np.median(t_old) / a.reps:.2f} -> "
          f"{1e3 * np.median(t_new) / a.reps:.2f} ms ({np.median(t_new) / np.median(t_old):.3f}); "
          f"median of per-deal ratios {np.median(t_new / t_old):.3f}; values identical")


if __name__ == "__main__":
    main()
