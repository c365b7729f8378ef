"""Pinochle: the agreement benchmark's decisions (``sim.trust``).

The decisions are the policy's choices inside every Pinochle answer (the partner's and
the opponents' calls a ``bid`` answer simulates, the partner's pass in every hand):
random deals, the auction by the policy from seat 1; a quarter of the decisions are the
declarer's partner's pass at its end, the rest one of its turns drawn uniformly.  The
fast choice is the policy's (the next bid or pass; ``choose_pass``'s four cards); the
strong one is the question asked from that seat: ``bid`` with the calls heard (pass or
each bid now, the auction going on by the policy, the contract played; the other hands
dealt to fit the calls), ``pass`` with the trump and the bid (every distinct four played
on the same deals).  So the benchmark measures the rules the answers rest on.  Three
players (``decisions3``): the three-seat policy's calls against ``bid --players 3``.
"""

from __future__ import annotations

import numpy as np

from ...errors import InputError
from ...sim.trust import Bench, Decision, decision_seed

STRONG_DEALS = 4_000
STRONG_DEALS3 = 20_000   # the three-handed bid question's default
PASS_SHARE = 0.25        # the share of decisions that are the partner's pass, the rest bidding turns


def decisions(n: int, seed: int) -> list[Decision]:
    """``n`` bidding turns from the self-play auctions of ``seed``."""
    from ...cards import SUITS
    from .bidding import DEFAULT_POLICY, PASS, choose_pass, policy_call, valuation
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
        # the auction by the policy from seat 1 (``run_auction``'s loop), every turn kept:
        # (seat, calls so far, the call)
        turns, calls, current, holder, passed, seat = [], [], 0, -1, 0, 0
        while True:
            n_passed = bin(passed).count("1")
            if n_passed >= N_SEATS - 1 and (current > 0 or n_passed == N_SEATS):
                break
            if not (passed >> seat) & 1:
                call = int(policy_call(values[seat], np.int64(current), holder >= 0 and holder == (seat ^ 2),
                                       np.int64(options.minimum), DEFAULT_POLICY))
                turns.append((seat, list(calls), call))
                calls.append(call)
                if call == PASS:
                    passed |= 1 << seat
                else:
                    current, holder = call, seat
            seat = (seat + 1) % N_SEATS
        if rng.random() < PASS_SHARE:
            # the declarer's partner passes four cards (the dealer stuck: the minimum)
            declarer, bid = (holder, current) if current else (N_SEATS - 1, options.minimum)
            t = valuation(np.uint64(hands[declarer]), DEFAULT_POLICY, options.reuse, v4)
            partner = declarer ^ 2
            give = choose_pass(np.uint64(hands[partner]), np.int64(t), options.reuse, False)
            hand = format_mask(hands[partner])
            kw = {"hand": hand, "trump": SUITS[t], "bid": int(bid)}
            out.append(Decision("pass", kw, f"pass {hand}, {SUITS[t]} trump at {int(bid)}",
                                fast=format_mask(int(give))))
            continue
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


def decisions3(n: int, seed: int) -> list[Decision]:
    """``n`` bidding turns from three-handed self-play auctions (``bidding.auction3``'s
    policy from the eldest, every turn kept, one drawn uniformly a deal)."""
    from .bidding import ALL_PASS_FORCED, DEFAULT_POLICY3, call3, valuation
    from .deck import format_mask
    from .questions import _pool
    from .rules import Options3

    options = Options3()
    ladder = options.bids(int(options.min_bid) + 1000)
    bids, units, _ = options.stakes(ladder[-1])
    rng = decision_seed(seed, 0x93C)
    v4 = np.empty(4)
    pool = _pool([])
    out: list[Decision] = []
    while len(out) < n:
        bits = rng.permutation(pool)
        hands = [int(np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[3 + 15 * s:3 + 15 * (s + 1)]
                                                        .astype(np.uint64)))) for s in range(3)]
        values = []
        for h in hands:
            valuation(np.uint64(h), DEFAULT_POLICY3, options.reuse, v4)
            values.append(float(v4.max()))
        turns, calls, cur, passed, seat = [], [], -1, 0, 0
        while not ((cur >= 0 and bin(passed).count("1") >= 2) or bin(passed).count("1") >= 3):
            if not (passed >> seat) & 1:
                k = int(call3(values[seat], np.int64(cur), np.int64(seat), bids, units, DEFAULT_POLICY3,
                              np.int64(ALL_PASS_FORCED)))
                turns.append((seat, list(calls), "pass" if k < 0 else f"bid {ladder[k]}"))
                if k >= 0:
                    cur = k
                    calls.append(str(ladder[k]))
                else:
                    passed |= 1 << seat
                    calls.append("pass")
            seat = (seat + 1) % 3
        seat, heard, call = turns[int(rng.integers(len(turns)))]
        hand = format_mask(hands[seat])
        kw = {"hand": hand, "players": 3}
        if heard:
            kw["auction"] = " ".join(heard)
        out.append(Decision("call3", kw, f"call {hand} seat {seat + 1}"
                            + (f" after {' '.join(heard)!r}" if heard else ""), fast=call))
    return out


def _ask(d: Decision, play, deals, seed, worlds, threads):
    from .questions import bid, pass_cards
    if d.kind == "pass":
        return pass_cards(**d.kwargs, deals=deals, seed=seed, threads=threads)
    return bid(**d.kwargs, deals=deals, seed=seed, threads=threads)


def _key(table):
    """A row's option: the cards passed (a pass answer); else "pass", "bid B" (a call),
    or "declare B T" (the rows of what each trump is worth, which are not calls)."""
    if "cards" in table:
        return table["cards"]
    return table.apply(lambda r: "pass" if r["action"] == "pass" else
                       (f"bid {int(r['bid'])}" if r["action"] == "call" else f"declare {int(r['bid'])} {r['trump']}"),
                       axis=1)


def _allowed(table):
    if "cards" in table:
        return table["action"].notna()
    return table["action"].isin(["call", "pass"])


def _fast_key(d: Decision, table) -> str:
    if d.fast not in set(_key(table)):
        raise InputError(f"the policy's choice {d.fast} is not among the answer's options")
    return d.fast


def bench(n: int = 200, seed: int = 0, strong_deals: int | None = None, players: int = 4) -> Bench:
    if players == 3:
        return Bench("pinochle", "simulation", 0, strong_deals or STRONG_DEALS3, decisions3(n, seed), _ask, _key,
                     allowed=_allowed, fast=_fast_key,
                     notes=["three-handed Pinochle: the fast choice is the three-seat policy's call (a bid while "
                            "the next is at most the hand's value less its margin, the one up to there that pays most; "
                            "the eldest opening at the minimum), as "
                            "every simulated seat calls in the answers; the strong one the bid question asked from "
                            "that seat (each call, the auction going on by the policy, the hand played; EV in net "
                            "units)"])
    if players != 4:
        raise InputError(f"--players: Pinochle's benchmark is for 4 or 3 players, not {players}")
    return Bench("pinochle", "simulation", 0, strong_deals or STRONG_DEALS, decisions(n, seed), _ask, _key,
                 allowed=_allowed, fast=_fast_key,
                 notes=["Pinochle: the fast choice is the policy's (its call: the next bid or pass; the partner's "
                        "four cards passed), as every simulated seat chooses in the answers; the strong one the bid "
                        "or pass question asked from that seat (the auction going on by the policy after each call; "
                        "every distinct pass played on the same deals)"])
