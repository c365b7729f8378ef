"""Node counts of the double-dummy solver on fixed deal sets (deterministic).

Counts search nodes (the solver's ``stats`` vector) and thread CPU time per solve on
random 13-card bridge deals (``validate_dds.random_deals(n, 13, seed=1)``), full Five
Hundred deals (every strain) and policy-picked Sheepshead deals.  Node counts do not
depend on the machine's load, so they compare search changes exactly; times are given
for orientation.  With ``--values FILE`` the solved values are written (or, if the file
exists, compared with it: any difference is reported).

    python scripts/dd_nodes.py                       # bridge 60, 500 x 100, sheepshead 40
    python scripts/dd_nodes.py --bridge 200 --f500 0 --sheepshead 0
    python scripts/dd_nodes.py --values /tmp/values.json
    python scripts/dd_nodes.py --bridge 200 --f500 0 --sheepshead 0 --dds   # vs DDS's counts

With ``--dds`` the bridge deals are also solved by DDS (through endplay), and its count
of trick starts (``futureTricks.nodes``) is set against ours, per strain.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from analyzer.tricks.dd import S_NODES, S_POS_CUTS, S_POS_FIRST, S_POS_NODES  # noqa: E402


def _report(name, nodes, times, values):
    nodes = np.array(nodes, np.int64)
    t = np.array(times) * 1e3
    print(f"{name}: {len(nodes)} solves: nodes total {nodes.sum():,}, median {int(np.median(nodes)):,}, "
          f"max {nodes.max():,}; CPU median {np.median(t):.2f} ms, total {t.sum() / 1e3:.2f} s")
    return values


def _dds_trick_nodes(hands, trump, leader):
    """DDS's trick starts (futureTricks.nodes) for the same question as validate_dds."""
    import validate_dds

    board = validate_dds.dds_board(validate_dds.format_pbn(hands), trump, leader)
    return int(board._data.nodes)


def bridge(n, dds=False):
    import validate_dds
    from analyzer.games.bridge.play import BRIDGE_TABLE_MB, side_of
    from analyzer.games.bridge.rules import rule_table
    from analyzer.tricks.dd import Solver

    deals = validate_dds.random_deals(n, 13, seed=1)
    solver = Solver(BRIDGE_TABLE_MB)
    solver.solve(rule_table(4), *deals[0][0:1], 0, side_of(0))  # compile
    nodes, times, values, starts, dds_starts = [], [], [], [], []
    agg = np.zeros_like(solver.stats)
    for hands, trump, leader in deals:
        rules = rule_table(trump)
        solver.stats[:] = 0
        t0 = time.thread_time()
        v = solver.solve(rules, hands, leader, side_of(leader))
        times.append(time.thread_time() - t0)
        nodes.append(int(solver.stats[S_NODES]))
        values.append(v)
        starts.append(int(solver.stats[S_POS_NODES]))
        if dds:
            dds_starts.append(_dds_trick_nodes(hands, trump, leader))
        agg += solver.stats
    if os.environ.get("DD_POS_STATS"):
        print(f"  tt hits {agg[1]:,} qt cuts {agg[2]:,} stores {agg[3]:,} searches {agg[4]:,}")
        for p in range(4):
            print(f"  pos {p}: nodes {agg[S_POS_NODES + p]:,} cuts {agg[S_POS_CUTS + p]:,} "
                  f"first-move cuts {agg[S_POS_FIRST + p]:,}")
    if dds:
        ours, theirs = np.array(starts, float), np.array(dds_starts, float)
        strains = np.array([t for _, t, _ in deals])
        print(f"  trick starts: ours {int(ours.sum()):,}, DDS {int(theirs.sum()):,}; median ratio "
              f"{np.median(ours / np.maximum(theirs, 1)):.2f}")
        for t, name in enumerate("SCDHN"):
            m = strains == t
            if m.any():
                print(f"    {name}: {m.sum()} deals, ratio of totals {ours[m].sum() / theirs[m].sum():.2f}")
    return _report("bridge", nodes, times, values)


def five_hundred(n):
    from analyzer.games.five_hundred import dd as d5
    from analyzer.games.five_hundred.play import relabel as to_layout
    from analyzer.games.five_hundred.questions import BYTE_TABLES
    from analyzer.games.five_hundred.rules import MISERE, Options, rule_tables
    from analyzer.sim.deal import deal_batch

    deals = deal_batch(7, 0, n, np.arange(43, dtype=np.int64), np.array([3, 10, 10, 10, 10], np.int64))
    tables = rule_tables(Options())
    tt, stats, work = d5.new_dd_table(), d5.new_stats(), np.zeros(8, np.int64)
    hands = np.empty(4, np.uint64)
    nodes, times, values = [], [], []
    first = True
    for strain in range(6):
        for d in deals:
            for s in range(4):
                hands[s] = to_layout(d[1 + s], BYTE_TABLES[strain])
            kitty = np.uint64(to_layout(d[0], BYTE_TABLES[strain]))
            if first:
                d5.dd_deal(tables[strain], hands, kitty, 0, strain == MISERE, tt, stats, work)
                first = False
            stats[:] = 0
            t0 = time.thread_time()
            res, choice = d5.dd_deal(tables[strain], hands, kitty, 0, strain == MISERE, tt, stats, work)
            times.append(time.thread_time() - t0)
            nodes.append(int(stats[S_NODES]))
            values.append([int(res), int(choice)])
    return _report("500", nodes, times, values)


def sheepshead(n):
    from analyzer.games.sheepshead.bidding import random_picked_deals
    from analyzer.games.sheepshead.dd import DD_RULES, new_dd_table, new_stats, solve_points

    tt, stats, work = new_dd_table(), new_stats(), np.zeros(8, np.int64)
    nodes, times, values = [], [], []
    first = True
    for hands, picker, partner, called, _ in random_picked_deals(random.Random(1)):
        if len(values) >= n:
            break
        if first:
            solve_points(DD_RULES, hands, picker, partner, called, 60, tt, stats, work)
            first = False
        stats[:] = 0
        t0 = time.thread_time()
        v = solve_points(DD_RULES, hands, picker, partner, called, 60, tt, stats, work)
        times.append(time.thread_time() - t0)
        nodes.append(int(stats[S_NODES]))
        values.append(int(v))
    return _report("sheepshead", nodes, times, values)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bridge", type=int, default=60)
    ap.add_argument("--f500", type=int, default=100)
    ap.add_argument("--sheepshead", type=int, default=40)
    ap.add_argument("--dds", action="store_true", help="also count DDS's trick starts on the bridge deals")
    ap.add_argument("--values", help="JSON file of solved values: written, or compared if it exists")
    a = ap.parse_args()
    vals = {}
    if a.bridge:
        vals["bridge"] = bridge(a.bridge, a.dds)
    if a.f500:
        vals["500"] = five_hundred(a.f500)
    if a.sheepshead:
        vals["sheepshead"] = sheepshead(a.sheepshead)
    if a.values:
        if os.path.exists(a.values):
            ref = json.loads(Path(a.values).read_text())
            bad = 0
            for k, v in vals.items():
                if k in ref:
                    diff = [i for i, (x, y) in enumerate(zip(v, ref[k])) if x != y]
                    bad += len(diff)
                    if diff:
                        print(f"{k}: {len(diff)} values differ from {a.values} (first: #{diff[0]}: "
                              f"{v[diff[0]]} vs {ref[k][diff[0]]})")
            print("values: all identical to the reference" if not bad else f"values: {bad} DIFFER")
        else:
            Path(a.values).write_text(json.dumps(vals))
            print(f"values written to {a.values}")


if __name__ == "__main__":
    main()
