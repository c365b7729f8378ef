"""Compare the double-dummy solver configured as bridge with DDS (through endplay).

Deals are random (seeded), ``--cards`` per hand, with a random trump and leader each;
both solvers answer "tricks for the side on lead" on the same deals in the same run,
one thread.  Prints agreements and timings (median, p90, max, and the median ratio).

    python scripts/validate_dds.py --deals 200 --cards 13 --seed 1
    python scripts/validate_dds.py --quick        # a few small deals (used by the tests)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analyzer.games.bridge.rules import STRAIN_TEXT, format_pbn, rule_table  # noqa: E402
from analyzer.games.bridge.play import BRIDGE_TABLE_MB, side_of  # noqa: E402
from analyzer.tricks.dd import Solver  # noqa: E402

SEATS = "NESW"


def random_deals(n: int, cards: int, seed: int):
    """[(hands, trump, leader)]: ``cards`` per hand from a shuffled 52-card deck."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = [16 * s + r for s in range(4) for r in range(13)]
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[13 * h:13 * h + cards]) for h in range(4)]
        out.append((hands, rng.randrange(5), rng.randrange(4)))
    return out


def dds_available() -> str | None:
    """None if endplay/DDS can be used, else the reason."""
    try:
        from endplay.dds import solve_board  # noqa: F401
        from endplay.types import Deal  # noqa: F401
    except Exception as exc:  # pragma: no cover - depends on the machine
        return f"endplay is not installed ({exc.__class__.__name__}: {exc}); pip install 'analyzer[validate]'"
    return None


def dds_board(deal_pbn: str, trump: int, leader: int):
    """DDS's answer (endplay's SolvedBoard) for the side on lead: its best card's tricks."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    d = Deal(deal_pbn)
    # endplay Denom: spades=0 hearts=1 diamonds=2 clubs=3 nt=4; our suits S C D H
    d.trump = Denom([0, 3, 2, 1, 4][trump])
    d.first = Player("NESW".index(SEATS[leader]))
    return solve_board(d, SolveMode.OptimalOne)


def dds_solve(deal_pbn: str, trump: int, leader: int) -> int:
    return max(score for _, score in dds_board(deal_pbn, trump, leader))


def compare(deals, solver: Solver, with_dds: bool = True):
    rows = []
    for hands, trump, leader in deals:
        pbn = format_pbn(hands)
        rules = rule_table(trump)
        t0 = time.perf_counter()
        ours = solver.solve(rules, hands, leader, side_of(leader))
        t1 = time.perf_counter()
        theirs = dds_solve(pbn, trump, leader) if with_dds else None
        t2 = time.perf_counter()
        rows.append({"pbn": pbn, "trump": STRAIN_TEXT[trump], "leader": SEATS[leader], "ours": ours,
                     "dds": theirs, "t_ours": t1 - t0, "t_dds": t2 - t1 if with_dds else None})
    return rows


def summary(rows) -> dict:
    t_ours = np.array([r["t_ours"] for r in rows]) * 1e3
    out = {"deals": len(rows), "ours_ms": _dist(t_ours)}
    if rows and rows[0]["dds"] is not None:
        t_dds = np.array([r["t_dds"] for r in rows]) * 1e3
        out["dds_ms"] = _dist(t_dds)
        out["agree"] = int(sum(r["ours"] == r["dds"] for r in rows))
        out["median_ratio"] = float(np.median(t_ours) / np.median(t_dds))
        out["total_ratio"] = float(t_ours.sum() / t_dds.sum())
    return out


def _dist(a):
    return {"median": float(np.median(a)), "p90": float(np.percentile(a, 90)), "max": float(a.max()),
            "mean": float(a.mean())}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--cards", type=int, default=13)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tt-mb", type=float, default=BRIDGE_TABLE_MB)
    ap.add_argument("--quick", action="store_true", help="30 deals of 6 cards a hand")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--show", action="store_true", help="print every disagreement")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals, args.cards = 30, 6
    reason = dds_available()
    if reason:
        print(f"DDS unavailable: {reason}", file=sys.stderr)
        return 3
    deals = random_deals(args.deals, args.cards, args.seed)
    solver = Solver(args.tt_mb)
    compare(deals[:1], solver)  # compile / warm up both
    rows = compare(deals, solver)
    s = summary(rows)
    if args.json:
        print(json.dumps(s))
    else:
        o, d = s["ours_ms"], s["dds_ms"]
        print(f"{s['deals']} deals, {args.cards} cards a hand, seed {args.seed}: "
              f"{s['agree']}/{s['deals']} identical trick counts")
        print(f"ours: median {o['median']:.2f} ms  p90 {o['p90']:.2f}  max {o['max']:.2f}  mean {o['mean']:.2f}")
        print(f"DDS : median {d['median']:.2f} ms  p90 {d['p90']:.2f}  max {d['max']:.2f}  mean {d['mean']:.2f}")
        print(f"ratio ours/DDS: median {s['median_ratio']:.2f}x, total {s['total_ratio']:.2f}x")
    if args.show:
        for r in rows:
            if r["ours"] != r["dds"]:
                print("DIFF", r)
    return 0 if s["agree"] == s["deals"] else 1


if __name__ == "__main__":
    sys.exit(main())
