"""The Python front end: ``make_cfg`` (validated) and ``Solver``."""

from __future__ import annotations

import numpy as np

from ..tables import (
    R_DUP_SHIFT,
    R_FREE,
    R_LEAD,
    R_SIZE,
    R_SUIT,
    R_TRUMP,
)
from .core import (
    C_ACTIVE,
    C_MAX,
    C_NACT,
    C_NEXT,
    C_SIZE,
    MAX_MOVES,
    MAX_SEATS,
    O_ALL,
    PEXT8,
    S_SIZE,
)
from .search import _make_cfg, _root_moves, _solve_kernel
from .table import new_table


def make_cfg(n_seats: int, max_side: int, count_side: int | None = None, active: int | None = None,
             rules: np.ndarray | None = None, options: int = O_ALL, gen: int = 1) -> np.ndarray:
    """The seat configuration vector of a solve (see C_*), validated."""
    if not 2 <= n_seats <= MAX_SEATS:
        raise ValueError(f"the solver plays 2 to {MAX_SEATS} seats, not {n_seats}")
    full = (1 << n_seats) - 1
    active = full if active is None else int(active)
    if active & ~full or bin(active).count("1") < 2:
        raise ValueError("active seats must be at least two of the table's seats")
    max_side = int(max_side) & active
    count_side = max_side if count_side is None else int(count_side) & active
    if max_side in (0, active):
        raise ValueError("both sides need at least one active seat")
    if rules is None:
        from .tables import new_rules
        rules = new_rules()
    cfg = np.zeros(C_SIZE, np.int64)
    _make_cfg(cfg, n_seats, active, max_side, count_side, np.ascontiguousarray(rules, np.uint64),
              options, gen)
    return cfg


class Solver:
    """A solver with its own transposition table (fixed size, reused across solves).

    ``megabytes`` bounds the table: it holds ``tt_entries(megabytes)`` entries of
    ``TT_WORDS * 8`` bytes and never grows.  Not thread-safe: one Solver per thread.
    """

    def __init__(self, megabytes: float = 16.0, options: int = O_ALL):
        self.tt = new_table(megabytes)
        self.options = options
        self.gen = 0
        self.stats = np.zeros(S_SIZE, np.int64)

    def _next_gen(self) -> int:
        self.gen += 1
        if self.gen > 0xFFFF:
            self.tt[:] = 0
            self.gen = 1
        return self.gen

    def _prepare(self, rules, hands, leader, max_side, n_seats, count_side, active, trick, led,
                 suits_led, voids):
        rules = np.array(rules, np.uint64)   # a copy: R_LEAD is set below; writable (one signature)
        if rules.shape != (R_SIZE,):
            raise ValueError(f"rules must be a rule vector of {R_SIZE} words")
        hands_in = [int(h) for h in hands]
        n_seats = len(hands_in) if n_seats is None else n_seats
        cfg = make_cfg(n_seats, max_side, count_side, active, rules, self.options, self._next_gen())
        h = np.zeros(MAX_SEATS, np.uint64)
        seen = 0
        deck = int(rules[8])
        for s, m in enumerate(hands_in):
            if m & seen:
                raise ValueError("a card is in two hands")
            if m & ~deck:
                raise ValueError("a hand holds a card outside the rule table's deck")
            seen |= m
            h[s] = m
            for st in range(4):
                if bin(m & int(rules[R_SUIT + st])).count("1") > 15:
                    raise ValueError("a hand holds more than 15 cards of a suit (table keys count 0..15)")
        if not (cfg[C_ACTIVE] >> leader) & 1:
            raise ValueError(f"seat {leader} does not play")
        # the trick so far, played clockwise from the leader
        trick = [int(c) for c in trick]
        seat = leader
        pos = len(trick)
        if pos >= cfg[C_NACT]:
            raise ValueError("a trick in progress has fewer cards than active seats")
        best = 0
        winner = leader
        tmask = 0
        v = np.zeros(MAX_SEATS, np.int64)
        if voids is not None:
            v[:len(voids)] = voids
        for i, c in enumerate(trick):
            if c & seen or c & tmask or bin(c).count("1") != 1:
                raise ValueError("trick cards must be single cards not in any hand")
            if i == 0:
                if c & int(rules[R_FREE]):
                    if led is None:
                        raise ValueError("a free-card lead needs the suit it names")
                    lsuit = int(led)
                else:
                    lsuit = next(s for s in range(4) if int(rules[R_SUIT + s]) & c)
                best, winner = c, seat
                suits_led |= 1 << lsuit
            else:
                if _py_beats(rules, c, best, lsuit):
                    best, winner = c, seat
            tmask |= c
            seat = int(cfg[C_NEXT + seat])
        if pos == 0:
            lsuit = 0
        rules[R_LEAD] = trick[0] if pos else 0   # the card led (F_HEAD_LED)
        counts = {bin(int(h[s])).count("1") + (1 if self._played_in(s, leader, pos, cfg) else 0)
                  for s in range(n_seats) if (cfg[C_ACTIVE] >> s) & 1}
        if len(counts) != 1:
            raise ValueError("every playing hand must hold the same number of cards")
        left = counts.pop()
        if left + 3 > MAX_MOVES:
            raise ValueError(f"hands of at most {MAX_MOVES - 3} cards (the move buffers hold {MAX_MOVES} moves a ply)")
        return rules, cfg, h, v, seat, pos, leader, lsuit, best, winner, tmask, suits_led, left

    @staticmethod
    def _played_in(s, leader, pos, cfg):
        seat = leader
        for _ in range(pos):
            if seat == s:
                return True
            seat = int(cfg[C_NEXT + seat])
        return False

    def solve(self, rules, hands, leader, max_side, *, n_seats=None, count_side=None,
              active=None, trick=(), led=None, suits_led=0, voids=None, target=None) -> int:
        """Value (tricks or points of the counted side from here on, the current trick
        included) with perfect play; with ``target``, 1 if the value reaches it else 0."""
        a = self._prepare(rules, hands, leader, max_side, n_seats, count_side, active, trick, led,
                          suits_led, voids)
        rules, cfg, h, v, seat, pos, leader, lsuit, best, winner, tmask, suits_led, left = a
        return int(_solve_kernel(rules, cfg, h, v, self.tt, self.stats, PEXT8, seat, pos, leader,
                                 lsuit, np.uint64(best), winner, np.uint64(tmask), suits_led, left,
                                 -1 if target is None else int(target), -1))

    def moves(self, rules, hands, leader, max_side, **kw) -> list[tuple[int, int | None, int]]:
        """Every distinct move of the seat to play with its exact value:
        [(layout bit, named suit or None, value)], best for the seat's side first."""
        a = self._prepare(rules, hands, leader, max_side, kw.get("n_seats"), kw.get("count_side"),
                          kw.get("active"), kw.get("trick", ()), kw.get("led"), kw.get("suits_led", 0),
                          kw.get("voids"))
        rules, cfg, h, v, seat, pos, leader, lsuit, best, winner, tmask, suits_led, left = a
        out = np.zeros((MAX_MOVES, 2), np.int64)
        n = _root_moves(rules, cfg, h, v, self.tt, self.stats, PEXT8, seat, pos, leader, lsuit,
                        np.uint64(best), winner, np.uint64(tmask), suits_led, left, out)
        res = [(int(c) & 63, (int(c) >> 6) - 1 if c >> 6 else None, int(val)) for c, val in out[:n]]
        sign = -1 if (cfg[C_MAX] >> seat) & 1 else 1
        res.sort(key=lambda r: (sign * r[2], -r[0]))
        return res


def _py_beats(rules, card, best, led):
    trump = int(rules[R_TRUMP])
    shift = int(rules[R_DUP_SHIFT])

    def power(c):
        return (c.bit_length() - 1) >> shift

    if card & trump:
        return not (best & trump) or power(card) > power(best)
    if best & trump:
        return False
    if card & int(rules[R_SUIT + led]):
        return power(card) > power(best)
    return False
