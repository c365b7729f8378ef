"""Sheepshead: the agreement benchmark's decisions (``sim.trust``).

Random deals; the blind is offered from seat 1 until the picking policy picks; the
decision is ``pick`` at one of the seats it was offered to, drawn uniformly.
"""

from __future__ import annotations

import numpy as np

from ...sim.trust import Bench, Decision, decision_seed

FAST_DEALS = 20_000
STRONG_DEALS = 300


def decisions(n: int, seed: int) -> list[Decision]:
    """``n`` decisions from the self-play deals of ``seed``."""
    from .bidding import PICK_THRESHOLDS, wants_to_pick
    from .deck import HAND_SIZE, N_SEATS
    from .questions import _pool
    from .rules import Options, format_layout

    options = Options()
    pool = _pool([], options)
    rng = decision_seed(seed, 0x5EE)
    out: list[Decision] = []
    while len(out) < n:
        bits = rng.permutation(pool)
        hands = [int(np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[2 + HAND_SIZE * s:2 + HAND_SIZE * (s + 1)]
                                                        .astype(np.uint64)))) for s in range(N_SEATS)]
        offered = N_SEATS
        for s in range(N_SEATS):
            if wants_to_pick(np.uint64(hands[s]), np.int64(s), PICK_THRESHOLDS):
                offered = s + 1
                break
        s = int(rng.integers(offered))
        hand = format_layout(hands[s], options)
        out.append(Decision("pick", {"hand": hand, "seat": s + 1}, f"pick {hand} seat {s + 1}"))
    return out


def _ask(d: Decision, play, deals, seed, worlds, threads):
    from .questions import pick
    return pick(**d.kwargs, deals=deals, seed=seed, play=play, worlds=worlds, threads=threads)


def bench(n: int = 200, seed: int = 0, fast_deals: int | None = None, strong_deals: int | None = None) -> Bench:
    return Bench("sheepshead", "pimc", fast_deals or FAST_DEALS, strong_deals or STRONG_DEALS, decisions(n, seed),
                 _ask, lambda t: t["action"],
                 notes=["Sheepshead: each decision answered by the heuristic players and by single-dummy play (pimc) "
                        "at every seat, on the question's own deals"])
