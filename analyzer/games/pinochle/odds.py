"""Exact meld odds of a random hand from the 48-card deck (no sampling): 12 cards (the
four- and two-handed games), 15 (three-handed) or 18 (the three-handed bidder's hand and
widow).

A hand is a table of copies held per kind (0..2 of each of 24 kinds); the number of hands
with a given table is the product of C(2, copies).  Every meld event below is "each of
some disjoint groups of kinds satisfies its own condition" (or the complement of that),
so its count is one coefficient of a product of polynomials in x (x counting cards): one
polynomial per group — the hands of that group's kinds that satisfy the condition — and
``(1 + x)^(2 k)`` for the k kinds outside every group.  Python integers keep it exact.

The distribution of a hand's whole meld in a named trump (``meld_distribution``) couples
every suit (arounds, pinochle), so it is a dynamic programme over the suits instead: the
state is the cards dealt so far, the fewest copies of J Q K A in any suit so far, the
copies of Q♠ and J♦, and the points so far; counts stay exact in int64 (at most
C(48, 12) < 2^37).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import numpy as np
import pandas as pd

from .deck import COPIES, DECK_SIZE, DIAMONDS, HAND_SIZE, HEARTS, N_KINDS, R9, RA, RJ, RK, RQ, SPADES
from .meld import (AROUND_DOUBLE_FACTOR, AROUND_POINTS, DIX, DOUBLE_PINOCHLE, DOUBLE_RUN, MARRIAGE, PINOCHLE,
                   ROYAL_MARRIAGE, RUN, RUN_RANKS, royal_marriages)

N_SUITS = 4
N_RANKS = 6
AROUND_ORDER = (RJ, RQ, RK, RA)
_RANK_WORDS = {RA: "aces", RK: "kings", RQ: "queens", RJ: "jacks"}
DEFAULT_TRUMP = HEARTS          # a suit without a pinochle card: the distribution of a "typical" trump
POINT_UNIT = 10                 # every meld is a multiple of 10
TOTAL_HANDS = comb(DECK_SIZE, HAND_SIZE)         # 69,668,534,468
AT_LEAST = (20, 40, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 1000)
HAND_SIZES = {12: "a 12-card hand (four- and two-handed)", 15: "a 15-card hand (three-handed)",
              18: "the three-handed bidder's 18 cards (his hand and the widow)"}
WIDOW = 3
COUNTERS = 24                   # A, 10, K: two copies in each of four suits


def _ways(held) -> int:
    """Hands of some kinds holding ``held`` copies of each: the product of C(2, copies)."""
    ways = 1
    for c in held:
        ways *= comb(COPIES, c)
    return ways


def _group_poly(n_kinds: int, condition) -> list[int]:
    """Coefficients by cards held of the hands of ``n_kinds`` kinds whose copies
    (a tuple, in the group's order) satisfy ``condition``."""
    poly = [0] * (COPIES * n_kinds + 1)
    for held in product(range(COPIES + 1), repeat=n_kinds):
        if condition(held):
            poly[sum(held)] += _ways(held)
    return poly


def _times(a: list[int], b: list[int], top: int) -> list[int]:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x and i <= top:
            for j, y in enumerate(b[: top + 1 - i]):
                out[i + j] += x * y
    return out


def p_all(groups, hand_size: int = HAND_SIZE) -> Fraction:
    """P(every group meets its condition): ``groups`` is [(number of kinds, condition)],
    the groups' kinds all different."""
    poly = [1]
    rest = N_KINDS
    for n_kinds, condition in groups:
        poly = _times(poly, _group_poly(n_kinds, condition), hand_size)
        rest -= n_kinds
    poly = _times(poly, [comb(COPIES * rest, j) for j in range(COPIES * rest + 1)], hand_size)
    return Fraction(poly[hand_size], comb(DECK_SIZE, hand_size))


def _each_suit(n_kinds: int, condition):
    return [(n_kinds, condition)] * N_SUITS


def _at_least(k: int):
    return lambda held: all(c >= k for c in held)


def _not_all(k: int):
    return lambda held: not all(c >= k for c in held)


def meld_odds(hand_size: int = HAND_SIZE) -> list[tuple[str, Fraction]]:
    """(meld, exact probability) for a random hand of ``hand_size`` cards."""
    p = lambda groups: p_all(groups, hand_size)          # noqa: E731
    rows = [("marriage (K Q of some suit)", 1 - p(_each_suit(2, _not_all(1)))),      # groups: K Q of a suit
            ("marriage in a named suit", p([(2, _at_least(1))])),
            ("marriages around (K Q of every suit)", p(_each_suit(2, _at_least(1))))]
    around, double = p([(4, _at_least(1))]), p([(4, _at_least(2))])                  # one rank in 4 suits
    rows += [(f"{_RANK_WORDS[r]} around", around) for r in (RA, RK, RQ, RJ)]
    rows += [(f"double {_RANK_WORDS[r]} around", double) for r in (RA, RK, RQ, RJ)]
    rows += [("run in a named trump", p([(5, _at_least(1))])),
             ("run in some suit", 1 - p(_each_suit(5, _not_all(1)))),
             ("double run in a named trump", p([(5, _at_least(2))])),
             ("double run in some suit", 1 - p(_each_suit(5, _not_all(2)))),
             ("pinochle (J♦ Q♠)", p([(2, _at_least(1))])),
             ("double pinochle", p([(2, _at_least(2))])),
             ("no ace", p([(4, lambda held: max(held) == 0)]))]
    return rows


def odds_table(hand_size: int = HAND_SIZE) -> pd.DataFrame:
    """The exact meld odds as a DataFrame (meld, p, hands: how many of the C(48, hand_size)
    hands hold it)."""
    rows = meld_odds(hand_size)
    total = comb(DECK_SIZE, hand_size)
    return pd.DataFrame({"meld": [name for name, _ in rows], "p": [float(q) for _, q in rows],
                         "hands": [int(q * total) for _, q in rows]})


# ---------------------------------------------------------------------------------------
# The distribution of the whole meld in one trump


def _trump_units(held, reuse: bool) -> int:
    """Sequence and dix points (in POINT_UNITs) of the trump suit's copies ``held`` (by
    rank index): the run, royal marriages and dix."""
    runs = min(held[r] for r in RUN_RANKS)
    royals = royal_marriages(held[RK], held[RQ], runs, reuse)
    points = (0, RUN, DOUBLE_RUN)[runs] + ROYAL_MARRIAGE * royals + DIX * held[R9]
    return points // POINT_UNIT


def _around_units(fewest) -> int:
    """Arounds points (units) given the fewest copies of J Q K A in any suit."""
    points = sum(AROUND_POINTS[r] * (AROUND_DOUBLE_FACTOR if m == 2 else m) for r, m in zip(AROUND_ORDER, fewest))
    return points // POINT_UNIT


def _pinochle_units(qs: int, jd: int) -> int:
    return (0, PINOCHLE, DOUBLE_PINOCHLE)[min(qs, jd)] // POINT_UNIT


def _min_along(state: np.ndarray, axis: int, c: int) -> np.ndarray:
    """``state`` with its index on ``axis`` (a fewest-copies count) replaced by min(index, c)."""
    if c == COPIES:
        return state
    out = np.zeros_like(state)
    src, dst = np.moveaxis(state, axis, 0), np.moveaxis(out, axis, 0)
    dst[:c] = src[:c]
    dst[c] = src[c:].sum(axis=0)
    return out


_AXIS_QS, _AXIS_JD = 5, 6


def _by_suit_copies(state: np.ndarray, suit: int):
    """For every copies of (J, Q, K, A) the next suit may hold: (those copies, ``state``
    with its fewest copies updated and, for ♠ or ♦, its Q♠ or J♦ copies set)."""
    def walk(part, i, held):
        if i == len(AROUND_ORDER):
            if suit in (SPADES, DIAMONDS):       # Q♠ or J♦ copies: all hands at 0 until this suit
                axis = _AXIS_QS if suit == SPADES else _AXIS_JD
                c = held[AROUND_ORDER.index(RQ if suit == SPADES else RJ)]
                moved = np.zeros_like(part)
                np.moveaxis(moved, axis, 0)[c] = np.moveaxis(part, axis, 0)[0]
                part = moved
            yield held, part
            return
        for c in range(COPIES + 1):
            yield from walk(_min_along(part, 1 + i, c), i + 1, held + (c,))

    yield from walk(state, 0, ())


def meld_distribution(trump: int = DEFAULT_TRUMP, reuse: bool = False, hand_size: int = HAND_SIZE) -> np.ndarray:
    """Exact number of ``hand_size``-card hands by meld with ``trump``: entry k counts the
    hands whose meld is ``k * POINT_UNIT`` points (the entries add up to C(48, hand_size)).

    The plain suits first, leaving out their 9s and 10s (which meld nothing; C(12, j) ways
    to hold j of them at the end), then the trump suit, every card of which may meld."""
    plain_units = (N_SUITS - 1) * 2 * MARRIAGE // POINT_UNIT
    # state[n, mJ, mQ, mK, mA, qs, jd, p]: hands of the suits done so far with n cards
    # (no plain 9s and 10s), fewest J Q K A in a suit mJ..mA (2 before any suit), Q♠ and
    # J♦ copies, p units of marriage points.
    state = np.zeros((hand_size + 1,) + (COPIES + 1,) * 6 + (plain_units + 1,), np.int64)
    state[(0,) + (COPIES,) * 4 + (0, 0, 0)] = 1
    for suit in (s for s in range(N_SUITS) if s != trump):
        new = np.zeros_like(state)
        for held, part in _by_suit_copies(state, suit):
            cards = sum(held)
            units = MARRIAGE * min(held[AROUND_ORDER.index(RK)], held[AROUND_ORDER.index(RQ)]) // POINT_UNIT
            if cards <= hand_size:
                new[cards:, ..., units:] += _ways(held) * part[: hand_size + 1 - cards, ..., : plain_units + 1 - units]
        state = new

    fillers = (N_SUITS - 1) * 2 * COPIES          # the plain suits' 9s and 10s
    trump_cells: dict = {}                        # copies of J Q K A -> {(cards, units): hands}
    for held in product(range(COPIES + 1), repeat=N_RANKS):
        cells = trump_cells.setdefault(tuple(held[r] for r in AROUND_ORDER), {})
        cell = (sum(held), _trump_units(held, reuse))
        cells[cell] = cells.get(cell, 0) + _ways(held)
    top_units = _trump_units((COPIES,) * N_RANKS, reuse) + plain_units
    final = np.zeros(state.shape[1:-1] + (top_units + 1,), np.int64)
    dealt = np.arange(hand_size + 1)
    for held, part in _by_suit_copies(state, trump):
        for (cards, units), ways in trump_cells[held].items():
            fill = np.array([comb(fillers, int(j)) if j >= 0 else 0 for j in hand_size - cards - dealt], np.int64)
            if fill.any():
                final[..., units: units + plain_units + 1] += ways * np.tensordot(fill, part, axes=(0, 0))

    dist = np.zeros(_around_units((COPIES,) * 4) + _pinochle_units(COPIES, COPIES) + top_units + 1, np.int64)
    for idx in np.ndindex(final.shape[:-1]):
        base = _around_units(idx[:4]) + _pinochle_units(idx[4], idx[5])
        dist[base: base + top_units + 1] += final[idx]
    return dist


def meld_at_least(trump: int = DEFAULT_TRUMP, reuse: bool = False, thresholds=AT_LEAST,
                  hand_size: int = HAND_SIZE) -> pd.DataFrame:
    """P(meld >= points) with ``trump`` for each threshold, exactly, as a DataFrame
    (points, p)."""
    tail = np.cumsum(meld_distribution(trump, reuse, hand_size)[::-1])[::-1]
    total = comb(DECK_SIZE, hand_size)
    units = [t // POINT_UNIT for t in thresholds]
    return pd.DataFrame({"points": list(thresholds),
                         "p": [int(tail[u]) / total if u < tail.size else 0.0 for u in units]})


def widow_no_counter() -> Fraction:
    """P(the three-handed widow holds no counter: no A, 10 or K)."""
    return Fraction(comb(DECK_SIZE - COUNTERS, WIDOW), comb(DECK_SIZE, WIDOW))


def odds_record(trump: str = "H", rules: list[str] | None = None, cards: int = HAND_SIZE) -> dict:
    """Exact odds of each meld in a random hand of ``cards`` cards (12, 15 or 18), and of
    the whole meld reaching 20, 40, ... points with ``trump``: the ``analyzer pinochle
    odds`` record (cards, odds, hands, meld_in_trump; with 15 or 18 cards also
    widow_no_counter)."""
    from ...cards import SUITS, parse_suit
    from ...errors import InputError
    from .rules import Options

    if cards not in HAND_SIZES:
        raise InputError(f"--cards must be one of {', '.join(map(str, HAND_SIZES))} "
                         f"(a hand of the four-/two-handed game, the three-handed game, its bidder with the widow), "
                         f"got {cards}")
    t = parse_suit(trump)
    options = Options.parse(rules)
    table = odds_table(cards)
    at_least = meld_at_least(t, options.reuse, hand_size=cards)
    out = {"cards": cards, "odds": [{"meld": r.meld, "p": float(r.p), "hands": int(r.hands)} for r in table.itertuples()],
           "hands": comb(DECK_SIZE, cards),
           "meld_in_trump": {"trump": SUITS[t], "rules": options.as_dict(),
                             "at_least": [{"points": int(r.points), "p": float(r.p)} for r in at_least.itertuples()]}}
    if cards != HAND_SIZE:
        out["widow_no_counter"] = float(widow_no_counter())
    return out
