"""Five Hundred: the agreement benchmark's decisions (``sim.trust``).

Random four-handed deals, the dealer drawn; the decision is the first-round call of one
seat drawn uniformly, the seats before it calling by the bidding policy (``bid`` with
that auction: the question conditions the other hands on it).
"""

from __future__ import annotations

from ...errors import InputError
from ...sim.trust import Bench, Decision, decision_seed

FAST_DEALS = 20_000
STRONG_DEALS = 100


def decisions(n: int, seed: int) -> list[Decision]:
    """``n`` decisions from the self-play deals of ``seed``."""
    from .deck import HAND_SIZE, KITTY_SIZE
    from .deck import table as table_of
    from .questions import policy_call

    tab = table_of(4)
    d = tab.deck
    rng = decision_seed(seed, 0x500)
    out: list[Decision] = []
    while len(out) < n:
        ids = rng.permutation(d.size)
        hands = [sorted(int(c) for c in ids[KITTY_SIZE + HAND_SIZE * s:KITTY_SIZE + HAND_SIZE * (s + 1)])
                 for s in range(4)]
        dealer = int(rng.integers(4))
        k = int(rng.integers(4))
        calls: list[str] = []
        for j in range(k):
            s = (dealer + 1 + j) % 4
            calls.append(policy_call(d.format_cards(hands[s]), seat=tab.seat_names[s], dealer=tab.seat_names[dealer],
                                     auction=" ".join(calls) or None).best)
        s = (dealer + 1 + k) % 4
        kw = {"hand": d.format_cards(hands[s]), "seat": tab.seat_names[s], "dealer": tab.seat_names[dealer],
              "auction": " ".join(calls) or None}
        out.append(Decision("bid", kw, f"bid {kw['hand']} {kw['seat']} after {kw['auction'] or '-'}"))
    return out


def _ask(d: Decision, play, deals, seed, worlds, threads):
    from .questions import bid
    return bid(**d.kwargs, deals=deals, seed=seed, play=play, worlds=worlds, threads=threads)


def bench(n: int = 200, seed: int = 0, strong: str = "pimc", fast_deals: int | None = None,
          strong_deals: int | None = None) -> Bench:
    if strong not in ("pimc", "dd"):
        raise InputError(f"--strong must be pimc or dd, not {strong!r}")
    return Bench("five-hundred", strong, fast_deals or FAST_DEALS, strong_deals or STRONG_DEALS,
                 decisions(n, seed), _ask, lambda t: t["action"], allowed=lambda t: t["allowed"],
                 notes=[f"Five Hundred, four players: each decision answered by the heuristic players and by "
                        f"{'single-dummy play (pimc) at every seat' if strong == 'pimc' else 'double-dummy play'}, "
                        "on the question's own deals (the auction after the call by the policies)"])
