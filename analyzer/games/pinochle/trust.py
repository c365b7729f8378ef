"""Pinochle: the agreement benchmark's decisions (``sim.trust``).

The decisions are the calls the bidding policy makes inside every Pinochle answer (the
partner's and the opponents' calls a ``bid`` answer simulates, every seat's in self-play):
random deals, the auction by the policy from seat 1, one of its turns drawn uniformly.
The fast choice is the policy's call there (the next bid, or pass); the strong one is
the ``bid`` question asked from that seat with the calls heard (its calls: pass or each
bid now, the auction going on by the policy, the contract played; the other hands dealt
to fit the calls), so the benchmark measures the rule the answers rest on.
"""

from __future__ import annotations

import numpy as np

from ...errors import InputError
from ...sim.trust import Bench, Decision, decision_seed

STRONG_DEALS = 4_000


def decisions(n: int, seed: int) -> list[Decision]:
    """``n`` bidding turns from the self-play auctions of ``seed``."""
    from .bidding import DEFAULT_POLICY, PASS, P_MARGIN, P_PARTNER, next_bid, valuation
    from .deck import HAND_SIZE, N_SEATS, format_mask
    from .questions import _pool
    from .rules import Options

    options = Options()
    rng = decision_seed(seed, 0x91C)
    v4 = np.empty(4)
    pool = _pool([])
    out: list[Decision] = []
    while len(out) < n:
        bits = rng.permutation(pool)
        hands = [int(np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[HAND_SIZE * s:HAND_SIZE * (s + 1)]
                                                        .astype(np.uint64)))) for s in range(N_SEATS)]
        values = []
        for h in hands:
            t = valuation(np.uint64(h), DEFAULT_POLICY, options.reuse, v4)
            values.append(float(v4[t]))
        # the auction by the policy from seat 1, every turn kept: (seat, calls so far, the call)
        turns, calls, current, holder, passed, seat = [], [], 0, -1, 0, 0
        while True:
            n_passed = bin(passed).count("1")
            if n_passed >= N_SEATS - 1 and (current > 0 or n_passed == N_SEATS):
                break
            if not (passed >> seat) & 1:
                nxt = next_bid(current, options.minimum)
                need = DEFAULT_POLICY[P_MARGIN] + (DEFAULT_POLICY[P_PARTNER] if holder == (seat ^ 2) else 0.0)
                call = nxt if nxt <= values[seat] - need else PASS
                turns.append((seat, list(calls), call))
                calls.append(call)
                if call == PASS:
                    passed |= 1 << seat
                else:
                    current, holder = call, seat
            seat = (seat + 1) % N_SEATS
        seat, heard, call = turns[int(rng.integers(len(turns)))]
        text = " ".join("pass" if c == PASS else str(int(c)) for c in heard)
        hand = format_mask(hands[seat])
        kw = {"hand": hand, "seat": seat + 1}
        if heard:
            kw["auction"] = text
        fast = "pass" if call == PASS else f"bid {int(call)}"
        out.append(Decision("call", kw, f"call {hand} seat {seat + 1}" + (f" after {text!r}" if heard else ""),
                            fast=fast))
    return out


def _ask(d: Decision, play, deals, seed, worlds, threads):
    from .questions import bid
    return bid(**d.kwargs, deals=deals, seed=seed, threads=threads)


def _key(table):
    """A row's option: "pass", "bid B" (a call), or "declare B T" (the rows of what each
    trump is worth, which are not calls)."""
    return table.apply(lambda r: "pass" if r["action"] == "pass" else
                       (f"bid {int(r['bid'])}" if r["action"] == "call" else f"declare {int(r['bid'])} {r['trump']}"),
                       axis=1)


def _allowed(table):
    return table["action"].isin(["call", "pass"])


def _fast_key(d: Decision, table) -> str:
    if d.fast not in set(_key(table)):
        raise InputError(f"the policy's call {d.fast} is not among the answer's calls")
    return d.fast


def bench(n: int = 200, seed: int = 0, strong_deals: int | None = None) -> Bench:
    return Bench("pinochle", "simulation", 0, strong_deals or STRONG_DEALS, decisions(n, seed), _ask, _key,
                 allowed=_allowed, fast=_fast_key,
                 notes=["Pinochle: the fast choice is the bidding policy's call (the next bid or pass, as every "
                        "simulated seat calls in the answers); the strong one the bid question asked from that seat "
                        "with the calls heard (pass or each bid, the auction going on by the policy, the contract "
                        "played by the heuristic players)"])
