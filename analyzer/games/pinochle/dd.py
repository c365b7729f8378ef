"""Pinochle with double-dummy play: every hand visible, perfect play by both sides for the
declaring side's trick points (card points plus the last trick's 10), under the head,
trump and over-trump duties, identical copies tying (the first played wins).

The auction, the passes, the meld and the throw-in are the heuristic game's (``play``);
then the twelve tricks go to the shared solver (``tricks.dd``) with the trump's rule vector
carrying the points (``rules.rule_table(..., objective_points=True)``).  Seats are the
playing order, partners 0 & 2 and 1 & 3, the declarer leading.

``solve_points`` gives the exact points (MTD(f) from the heuristic play's result, so a
few zero-window searches); ``reaches`` answers one question — does the declaring side
take at least ``target`` points? — by one zero-window search, the cheap way to a scoring
class (does the side make its bid?).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ZERO, popcount
from ...tricks.dd import C_SIZE, MAX_SEATS, O_ALL, PEXT8, S_SIZE, _make_cfg, _solve_kernel, new_table
from .deck import N_SEATS

DD_TABLE_MB = 64.0   # twelve tricks: the hard deals store many times a smaller table's entries


@njit(cache=True, nogil=True)
def _prepare(rules, hands, declarer, tt, work, cfg, h5):
    for s in range(N_SEATS):
        h5[s] = hands[s]
    side = (1 << declarer) | (1 << (declarer ^ 2))
    work[0] += 1
    if work[0] > 0xFFFF:
        tt[:, :] = 0
        work[0] = 1
    _make_cfg(cfg, N_SEATS, (1 << N_SEATS) - 1, side, side, rules, O_ALL, work[0])


@njit(cache=True, nogil=True)
def solve_points(rules, hands, declarer, guess, tt, stats, work):
    """The declaring side's trick points with perfect play from the declarer's lead, to
    the end of the hand (twelve tricks after the deal; fewer in a test's ending: as many
    as the declarer holds cards) (``rules``: the trump's rule vector with points; ``guess``: where the searches start,
    e.g. the heuristic play's result, or -1).  ``work[0]`` is the table generation."""
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    _prepare(rules, hands, declarer, tt, work, cfg, h5)
    return _solve_kernel(rules, cfg, h5, v5, tt, stats, PEXT8, declarer, 0, declarer, 0, ZERO, declarer, ZERO, 0,
                         np.int64(popcount(hands[declarer])), -1, guess)


@njit(cache=True, nogil=True)
def reaches(rules, hands, declarer, target, tt, stats, work):
    """Does the declaring side take at least ``target`` trick points with perfect play?"""
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    _prepare(rules, hands, declarer, tt, work, cfg, h5)
    return _solve_kernel(rules, cfg, h5, v5, tt, stats, PEXT8, declarer, 0, declarer, 0, ZERO, declarer, ZERO, 0,
                         np.int64(popcount(hands[declarer])), target, -1) == 1


def new_dd_table(megabytes: float = DD_TABLE_MB) -> np.ndarray:
    return new_table(megabytes)


def new_stats() -> np.ndarray:
    return np.zeros(S_SIZE, np.int64)


def policy_deals(rng, options=None):
    """Endless random deals as the policies play them up to the first lead (for benchmarks
    and solver checks): the auction, the partner's pass and the declarer's pass back, hands
    thrown in skipped.  Yields ``(trump, hands, declarer, bid, meld, heuristic)``: ``hands``
    the four layout masks after the passes, ``meld`` the declaring side's, ``heuristic`` the
    declaring side's trick points when the heuristic players play the hand out.
    ``rng``: a ``random.Random``."""
    from .bidding import DEFAULT_POLICY, choose_pass, run_auction, throws_in
    from .deck import BIT_OF
    from .meld import meld_points
    from .play import TRACE_COLS, _values_of, card_tables, play_hand
    from .rules import Options, rule_tables

    options = Options() if options is None else options
    rules4, vals4 = rule_tables(options), card_tables(options)
    policies = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    reuse = options.reuse
    values = np.empty(N_SEATS, np.float64)
    trumps = np.empty(N_SEATS, np.int64)
    v4 = np.empty(4, np.float64)
    auction = np.empty(3, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    bits = [int(b) for b in BIT_OF]
    while True:
        rng.shuffle(bits)
        hands = np.array([sum(1 << b for b in bits[12 * s:12 * s + 12]) for s in range(N_SEATS)], np.uint64)
        _values_of(hands, policies, reuse, values, trumps, v4)
        run_auction(values, 0, 0, -1, 0, options.minimum, policies, auction)
        declarer, bid = int(auction[0]), int(auction[1])
        trump = int(trumps[declarer])
        partner = declarer ^ 2
        give = np.uint64(choose_pass(hands[partner], np.int64(trump), reuse, False))
        hands[partner] &= ~give
        hands[declarer] |= give
        back = np.uint64(choose_pass(hands[declarer], np.int64(trump), reuse, True))
        hands[declarer] &= ~back
        hands[partner] |= back
        meld = int(meld_points(hands[declarer], np.int64(trump), reuse) + meld_points(hands[partner], np.int64(trump), reuse))
        if throws_in(bid, meld, options.throw_in == "any", policies[declarer]):
            continue
        packed = play_hand(rules4[trump], vals4[trump], hands.copy(), np.int64(declarer), trace, False, np.int64(0), ZERO)
        yield trump, hands, declarer, bid, meld, int(packed >> 4)
