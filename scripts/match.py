#!/usr/bin/env python
"""A duplicate match between two card-play models.

Every deal is played twice with the same cards, model A holding one pair of seats and
then the other, so the luck of the cards cancels: what remains is how the models play.
The auction and the kitty exchange are the bidding policy's, the same in both plays.
Prints the difference in points per deal (A minus B, summed over the two plays) with its
95% interval, and each side's P(make) as contractor.

    python scripts/match.py five-hundred --a pimc --b heuristic --deals 2000
    python scripts/match.py five-hundred --a heuristic --b heuristic --deals 500   # 0 exactly
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MODELS = ("pimc", "heuristic")


def five_hundred(a: str, b: str, deals: int, seed: int, worlds: int, threads: int | None, progress: bool) -> dict:
    from analyzer.games.five_hundred.auction import DEFAULT_POLICY, ladder_tables
    from analyzer.games.five_hundred.dd import new_dd_table, new_stats
    from analyzer.games.five_hundred.deck import DECK, HAND_SIZE, KITTY_SIZE, N_SEATS
    from analyzer.games.five_hundred.pimc import match_chunk
    from analyzer.games.five_hundred.questions import BYTE_TABLES
    from analyzer.games.five_hundred.rules import Options, rule_tables
    from analyzer.sim import runner
    from analyzer.sim.rng import seed_key

    options = Options()
    lad, acfg = ladder_tables(options)
    pols = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    tables = rule_tables(options)
    pool = np.arange(DECK.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * N_SEATS, np.int64)
    key0 = seed_key(seed)

    def chunk(start, n):
        out = np.zeros(8, np.int64)
        if n:
            match_chunk(key0, np.int64(start), np.int64(n), pool, counts, lad, acfg, pols, tables, BYTE_TABLES,
                        np.bool_(a == "pimc"), np.bool_(b == "pimc"), np.int64(worlds), out, new_dd_table(),
                        new_stats())
        return out

    t0 = time.perf_counter()
    run = runner.run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=4, desc="match")
    out = run.stats.astype(float)
    n = out[0]
    mean = out[2] / n
    var = max(out[3] / n - mean * mean, 0.0) * n / max(n - 1, 1)
    se = math.sqrt(var / n)
    return {"game": "five-hundred", "a": a, "b": b, "worlds": worlds, "deals": int(n), "thrown_in": int(out[1]),
            "seed": seed, "a_minus_b": mean, "se": se, "lo": mean - 1.96 * se, "hi": mean + 1.96 * se,
            "a_p_make": out[4] / out[5] if out[5] else math.nan, "a_contracts": int(out[5]),
            "b_p_make": out[6] / out[7] if out[7] else math.nan, "b_contracts": int(out[7]),
            "interrupted": run.interrupted, "elapsed": time.perf_counter() - t0}


GAMES = {"five-hundred": five_hundred}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("--a", default="pimc", choices=MODELS, help="model A [pimc]")
    parser.add_argument("--b", default="heuristic", choices=MODELS, help="model B [heuristic]")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=32, help="single-dummy worlds a card [32]")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.worlds < 1 or args.seed < 0:
        parser.error("--deals and --worlds must be positive, --seed non-negative")
    r = GAMES[args.game](args.a, args.b, args.deals, args.seed, args.worlds, args.threads, not args.json)
    if args.json:
        import json
        print(json.dumps(r))
        return
    print(f"{r['game']}: {r['a']} (A) against {r['b']} (B), {r['deals']:,} deals each played twice "
          f"({r['thrown_in']:,} thrown in), seed {r['seed']}, {r['worlds']} worlds a card"
          + (" [interrupted]" if r["interrupted"] else ""))
    print(f"A - B: {r['a_minus_b']:+.1f} points a deal (95% interval {r['lo']:+.1f} to {r['hi']:+.1f}; "
          f"se {r['se']:.1f})")
    print(f"as contractor: A makes {100 * r['a_p_make']:.1f}% of {r['a_contracts']:,}, "
          f"B {100 * r['b_p_make']:.1f}% of {r['b_contracts']:,}  ({r['elapsed']:.0f} s)")


if __name__ == "__main__":
    main()
