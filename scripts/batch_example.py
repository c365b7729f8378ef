"""Write a batch of Five Hundred bid questions for ``analyzer batch`` (the timing in
docs/performance.md): N random four-handed hands drawn by a seed, each asked as the
opening bid with the same deals and seed.

    python scripts/batch_example.py --rows 100 --deals 20000 --seed 1 --out bids.csv
    analyzer batch bids.csv --out answers.csv --threads 2
"""

from __future__ import annotations

import argparse
import csv

import numpy as np

from analyzer.games.five_hundred.deck import DECK, HAND_SIZE


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=100)
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1, help="seed of the hands drawn (and of each question)")
    ap.add_argument("--out", default="bids.csv")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["game", "question", "hand", "deals", "seed"])
        for _ in range(args.rows):
            hand = rng.choice(DECK.size, HAND_SIZE, replace=False)
            out.writerow(["five-hundred", "bid", DECK.format_cards(sorted(hand.tolist())), args.deals, args.seed])
    print(f"wrote {args.rows} questions to {args.out}")


if __name__ == "__main__":
    main()
