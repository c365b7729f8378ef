"""Pinochle meld: the points of a hand's melds in a trump suit, by bit operations on its
layout mask (numba), and the same melds itemised for people (plain Python).

The rules (``shared/rules/pinochle.md``): four classes, and a card may serve melds of
different classes but only one meld within a class.

- arounds: one card of a rank in every suit — aces 100, kings 80, queens 60, jacks 40;
  both copies in every suit ten times as much (1000 / 800 / 600 / 400);
- sequence: the run A 10 K Q J of trump 150 (both copies: double run 1500), royal
  marriage K Q of trump 40, marriage K Q of a plain suit 20.  A run's K and Q are not a
  royal marriage as well, so a run marries only an extra K *and* an extra Q (190); with
  ``run_marriage_reuse`` an extra K or Q marries the run's partner card (190 / 190 / 230);
  a double run leaves no K or Q to marry;
- pinochle: J♦ Q♠ 40; both copies of each 300 (double pinochle);
- dix: each 9 of trump 10.

Kernels see, per kind, "at least one copy" (``one``) and "both copies" (``two``): the two
copies of a kind sit side by side, so ``(m | m >> 1) & COPY0`` and ``m & (m >> 1) & COPY0``
(both at the copy-0 bit).  An around is an AND of the four lanes; a marriage in every suit
at once is ``one & one << 2`` at the king bits (the queen sits two bits below the king);
the count of a kind is ``one + two``.  ``min(kings, queens)`` of a suit is then
``[K and Q] + [KK and QQ]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ONE, popcount
from ...cards import SUIT_SYMBOLS, SUITS
from .deck import COPY0, DIAMONDS, R9, RA, RJ, RK, RQ, RT, SPADES, counts_of, kind_bit
from .rules import Options

N_TRUMPS = 4
LANE_BITS = np.uint64(16)
LANE12 = np.uint64(0xFFF)                      # one suit's 12 cards at the bottom of a lane

# Copy-0 bits within one lane.
_BJ, _BQ, _BK, _BA = (np.uint64(2 * r) for r in (RJ, RQ, RK, RA))
NINES = np.uint64(3 << (2 * R9))               # both copies of the 9
RUN_RANKS = (RA, RT, RK, RQ, RJ)
RUN_LANE = np.uint64(sum(1 << (2 * r) for r in RUN_RANKS))
KQ_LANE = np.uint64((1 << (2 * RK)) | (1 << (2 * RQ)))
AROUND_RANKS = np.uint64(sum(1 << (2 * r) for r in (RA, RK, RQ, RJ)))    # ranks that meld around
KINGS = np.uint64(sum(1 << kind_bit(s, RK) for s in range(4)))           # copy-0 king bit of each suit
QUEEN_TO_KING = np.uint64(2 * (RK - RQ))
BIT_QS = np.uint64(kind_bit(SPADES, RQ))
BIT_JD = np.uint64(kind_bit(DIAMONDS, RJ))
PINOCHLE_KINDS = (ONE << BIT_QS) | (ONE << BIT_JD)

# Points (the rules file's table).
AROUND_POINTS = {RA: 100, RK: 80, RQ: 60, RJ: 40}
AROUND_DOUBLE_FACTOR = 10
RUN, DOUBLE_RUN = 150, 1500
ROYAL_MARRIAGE, MARRIAGE = 40, 20
PINOCHLE, DOUBLE_PINOCHLE = 40, 300
DIX = 10

_PA, _PK, _PQ, _PJ = (np.int64(AROUND_POINTS[r]) for r in (RA, RK, RQ, RJ))
_AROUND_EXTRA = np.int64(AROUND_DOUBLE_FACTOR - 1)      # a doubled around adds 9x the single one
_DOUBLE_RUN_EXTRA = np.int64(DOUBLE_RUN - RUN)
_DOUBLE_PINOCHLE_EXTRA = np.int64(DOUBLE_PINOCHLE - PINOCHLE)

CLASSES = ("arounds", "sequence", "pinochle", "dix")
_AROUND_NAMES = {RA: "aces", RK: "kings", RQ: "queens", RJ: "jacks"}


# ---------------------------------------------------------------------------------------
# Kernels


@njit(cache=True, forceinline=True)
def _one(m):
    """Copy-0 bit of every kind held at least once."""
    return (m | (m >> ONE)) & COPY0


@njit(cache=True, forceinline=True)
def _two(m):
    """Copy-0 bit of every kind held twice."""
    return m & (m >> ONE) & COPY0


@njit(cache=True, forceinline=True)
def _all_lanes(x):
    """Lane bits set in all four lanes (at the bottom lane)."""
    x = x & (x >> np.uint64(32))
    return x & (x >> LANE_BITS) & LANE12


@njit(cache=True, forceinline=True)
def _every_lane(x):
    """Bottom-lane bits copied to all four lanes."""
    x = x | (x << LANE_BITS)
    return x | (x << np.uint64(32))


@njit(cache=True, forceinline=True)
def _bit(x, b):
    return np.int64((x >> b) & ONE)


@njit(cache=True, forceinline=True)
def _around_value(a):
    """Points of the single arounds whose rank bits are set in ``a`` (a bottom-lane mask)."""
    return _PA * _bit(a, _BA) + _PK * _bit(a, _BK) + _PQ * _bit(a, _BQ) + _PJ * _bit(a, _BJ)


@njit(cache=True, forceinline=True)
def _shared(one, two):
    """What does not depend on trump: (arounds + pinochle points, marriages counted over
    all suits, the marriage bits of one and of two marriages (at each suit's king bit))."""
    arounds = _around_value(_all_lanes(one)) + _AROUND_EXTRA * _around_value(_all_lanes(two))
    pin = np.int64(PINOCHLE) * _bit(one & (one >> (BIT_JD - BIT_QS)), BIT_QS) \
        + _DOUBLE_PINOCHLE_EXTRA * _bit(two & (two >> (BIT_JD - BIT_QS)), BIT_QS)
    mar1 = one & (one << QUEEN_TO_KING) & KINGS
    mar2 = two & (two << QUEEN_TO_KING) & KINGS
    return arounds + pin, popcount(mar1) + popcount(mar2), mar1, mar2


@njit(cache=True, forceinline=True)
def _trump_part(m, one, two, marriages, mar1, mar2, shift, reuse):
    """Sequence and dix points in the trump whose lane starts at bit ``shift``."""
    l1 = (one >> shift) & LANE12
    l2 = (two >> shift) & LANE12
    r1 = np.int64((l1 & RUN_LANE) == RUN_LANE)
    r2 = np.int64((l2 & RUN_LANE) == RUN_LANE)
    in_trump = _bit(mar1, shift + _BK) + _bit(mar2, shift + _BK)        # min(kings, queens) of trump
    royal = in_trump - r1 - r2                                          # a run takes one K and one Q
    if reuse:
        # An extra K or Q marries the run's partner: max(kings, queens) - runs more.
        kq_max = _bit(l1 | (l1 << QUEEN_TO_KING), _BK) + _bit(l2 | (l2 << QUEEN_TO_KING), _BK)
        royal += r1 * (kq_max - r1 - r2)
    seq = np.int64(RUN) * r1 + _DOUBLE_RUN_EXTRA * r2 + np.int64(ROYAL_MARRIAGE) * royal \
        + np.int64(MARRIAGE) * (marriages - in_trump)
    dix = np.int64(DIX) * popcount((m >> shift) & NINES)
    return seq + dix


@njit(cache=True, nogil=True)
def meld_points(m, trump, reuse):
    """Meld of the hand with layout mask ``m`` (``np.uint64``) when ``trump`` (0..3,
    ``np.int64``) is trump; ``reuse`` (bool) is the ``run_marriage_reuse`` option."""
    one, two = _one(m), _two(m)
    base, marriages, mar1, mar2 = _shared(one, two)
    return base + _trump_part(m, one, two, marriages, mar1, mar2, np.uint64(trump) * LANE_BITS, reuse)


@njit(cache=True, forceinline=True)
def _meld_all_into(m, reuse, out):
    one, two = _one(m), _two(m)
    base, marriages, mar1, mar2 = _shared(one, two)
    for t in range(N_TRUMPS):
        out[t] = base + _trump_part(m, one, two, marriages, mar1, mar2, np.uint64(t) * LANE_BITS, reuse)


@njit(cache=True, nogil=True)
def meld_all(m, reuse, out):
    """``out[t]`` = the hand's meld with trump ``t``, for the four trumps."""
    _meld_all_into(m, reuse, out)


@njit(cache=True, nogil=True)
def meld_batch(masks, reuse, out):
    """``out[i, t]`` = meld of hand ``masks[i]`` with trump ``t`` (out: (n, 4) int64)."""
    for i in range(masks.shape[0]):
        _meld_all_into(masks[i], reuse, out[i])


@njit(cache=True, nogil=True)
def meld_cards(m, trump, reuse):
    """Layout mask of the cards of ``m`` that serve some counted meld with that trump (the
    cards a passing policy keeps).  Identical copies are interchangeable: where a meld
    needs one copy of a kind held twice, the mask has copy 0."""
    one, two = _one(m), _two(m)
    shift = np.uint64(trump) * LANE_BITS
    _, _, mar1, mar2 = _shared(one, two)
    # Kinds of which some class needs one copy (need1) or both (need2), at the copy-0 bit.
    need1 = _every_lane(_all_lanes(one) & AROUND_RANKS) | mar1 | (mar1 >> QUEEN_TO_KING)
    need2 = _every_lane(_all_lanes(two) & AROUND_RANKS) | mar2 | (mar2 >> QUEEN_TO_KING)
    l1 = (one >> shift) & LANE12
    l2 = (two >> shift) & LANE12
    run1 = (l1 & RUN_LANE) == RUN_LANE
    if run1:
        need1 |= RUN_LANE << shift
        if reuse:                       # every K and Q of trump marries or is in the run
            need1 |= one & (KQ_LANE << shift)
            need2 |= two & (KQ_LANE << shift)
    if (l2 & RUN_LANE) == RUN_LANE:
        need2 |= RUN_LANE << shift
    if (one & PINOCHLE_KINDS) == PINOCHLE_KINDS:
        need1 |= PINOCHLE_KINDS
    if (two & PINOCHLE_KINDS) == PINOCHLE_KINDS:
        need2 |= PINOCHLE_KINDS
    nine = (NINES & COPY0) << shift     # dix: every 9 of trump
    need1 |= one & nine
    need2 |= two & nine
    single = need1 & ~need2
    return (need2 | (need2 << ONE)) | (single & m) | ((single & ~m) << ONE)


# ---------------------------------------------------------------------------------------
# Items for people (plain Python)


def royal_marriages(kings: int, queens: int, runs: int, reuse: bool) -> int:
    """Royal marriages counted beside ``runs`` (0..2) runs, of the trump's K and Q copies:
    a run keeps its K and Q, except that with ``reuse`` each extra K or Q marries the
    run's partner card."""
    if runs and reuse:
        return kings + queens - 2 * runs
    return min(kings, queens) - runs


def itemize(mask, trump: int, options: Options = Options()) -> list[tuple[str, str, int]]:
    """The hand's melds with ``trump`` as (name, class, points) items, one per meld, whose
    points add up to ``meld_points``."""
    c = counts_of(int(mask))
    items: list[tuple[str, str, int]] = []
    for r in (RA, RK, RQ, RJ):
        held = int(c[:, r].min())
        if held:
            name = f"{_AROUND_NAMES[r]} around"
            points = AROUND_POINTS[r] * (AROUND_DOUBLE_FACTOR if held == 2 else 1)
            items.append(("double " + name if held == 2 else name, "arounds", points))

    t = c[trump]
    runs = int(min(t[r] for r in RUN_RANKS))
    if runs == 2:
        items.append(("double run", "sequence", DOUBLE_RUN))
    elif runs == 1:
        items.append(("run", "sequence", RUN))
    royals = royal_marriages(int(t[RK]), int(t[RQ]), runs, options.reuse)
    items += [("royal marriage", "sequence", ROYAL_MARRIAGE)] * royals
    for s in range(4):
        if s != trump:
            items += [(f"marriage {SUIT_SYMBOLS[s]}", "sequence", MARRIAGE)] * int(min(c[s, RK], c[s, RQ]))

    pinochles = int(min(c[SPADES, RQ], c[DIAMONDS, RJ]))
    if pinochles == 2:
        items.append(("double pinochle", "pinochle", DOUBLE_PINOCHLE))
    elif pinochles == 1:
        items.append(("pinochle", "pinochle", PINOCHLE))
    items += [("dix", "dix", DIX)] * int(t[R9])
    return items


def hand_meld(mask, trumps=range(N_TRUMPS), options: Options = Options()) -> dict:
    """{suit letter: {"total": points, "items": [{"meld", "class", "points"}]}} for each
    trump of ``trumps``; the totals from the kernel, the items from ``itemize``."""
    out = {}
    for t in trumps:
        total = int(meld_points(np.uint64(mask), np.int64(t), options.reuse))
        items = [{"meld": name, "class": cls, "points": points} for name, cls, points in itemize(mask, t, options)]
        out[SUITS[t]] = {"total": total, "items": items}
    return out


def meld_record(hand: str, trump: str | None = None, rules: list[str] | None = None) -> dict:
    """The meld of ``hand`` (12 cards) for ``trump`` (default: each of the four), itemised
    by class with points: the ``analyzer pinochle meld`` record (hand, rules, by_trump)."""
    from ...cards import parse_suit
    from .deck import HAND_SIZE, format_mask, mask_of, parse_hand

    mask = mask_of(parse_hand(hand, size=HAND_SIZE))
    trumps = [parse_suit(trump)] if trump is not None else range(N_TRUMPS)
    options = Options.parse(rules)
    return {"hand": format_mask(mask), "rules": options.as_dict(), "by_trump": hand_meld(mask, trumps, options)}
