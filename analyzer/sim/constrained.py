"""Dealing hands consistent with what a player knows of them: seat by seat, exact.

Each *constrained* seat's hand must satisfy a predicate of its own (e.g. "its bidding
policy makes the calls it made"); the other seats' hands are unconstrained.  Drawing whole
deals until every predicate holds is exact but hopeless when the predicates are rare
(two passes at Pinochle's minimum: about 2 in a million).  Here:

- the first constrained seat's hand is drawn from the unseen cards by rejection until its
  predicate holds: exactly uniform among its hands that do;
- each later constrained seat's hand is chosen from a *batch* of ``batch`` independent
  draws from the cards left: one of the ``k`` draws that satisfy its predicate, uniformly,
  and the deal is weighted by ``k`` (``k / batch`` is an unbiased estimate of the chance
  that a hand drawn from those cards satisfies it; ``batch`` is the same for every deal,
  so it cancels); a constrained hand that is simply what is left weighs 1 or 0;
- the unconstrained seats share what is left, uniformly.

Weighted this way the deals follow the exact conditional distribution — uniform over the
layouts in which every predicate holds — in the sense of sequential importance sampling
(the weights are unbiased for each seat's acceptance probability given the hands before
it).  Questions then keep weighted sums, and state the effective number of deals
``(sum w)^2 / sum w^2``.  These helpers are the dealing primitives.

numba cannot cache a kernel that takes a function, so the predicate stays in the game's
kernel, and the loop is shared by turning it inside out (``begin_deal``, then
``next_hands`` / ``settle`` until ``next_hands`` has none, then ``end_deal``)::

    begin_deal(pool, rem, deal)
    while True:
        count, state = next_hands(rem, sizes, constrained, deal, cand, state)
        if count == 0:
            break
        s = constrained[deal[D_J]]
        for c in range(count):
            fit[c] = <does cand[c] fit seat s?>
        state = settle(rem, hands, sizes, constrained, deal, cand, fit, count, state)
    state = end_deal(rem, hands, sizes, free, deal, state)
    if book_deal(counters, deal): ...play the deal with weight deal[D_W]...

``next_hands`` offers the hands of the seat being dealt: for the first seat a round of
draws (rounds of 1, 2, 4, ... up to ``batch`` hands, the first fit taken: rejection); for
a later seat ``batch`` draws; and for any seat whose possible hands number at most
``batch``, all of them (the weight is then the exact number that fit, and the seat's
choice among them exactly uniform; which seats are enumerated depends on the hand sizes
only, the same for every deal, so the scale cancels as ``batch`` does).

When the first seat's possible hands are few enough (``table_size``), the game can list
the ones that fit once per question (``all_hands``, then its predicate; ``keep_fits``)
and call ``first_from_table`` after ``begin_deal``: the first seat's hand is then drawn
from that table (uniform among the fits, as rejection gives, at one draw a deal whatever
its chance), and the chance that it fits is known exactly (``p_fit``'s ``p_first``).  A
game can list every constrained seat's fits this way and deal the rarest first.
"""

import numpy as np
from numba import njit

from ..bits import ONE, ZERO
from .rng import LOW32, SHIFT32, bounded, next_u64

MAX_DRAWS = 100_000       # hands drawn for the first constrained seat before a deal is given up
BATCH = 2048              # hands drawn for each later constrained seat
TABLE_MAX = 1 << 19       # a first seat with at most this many possible hands may use a table

# A question's dealing counters (int64, C_SIZE): deal indices, hands drawn, indices given
# up (the first seat found no fit in MAX_DRAWS), sum of weights, sum of squared weights;
# with ``book_deal`` also the first seat's draws (1 a deal when its hands are enumerated),
# for ``p_fit``.
C_INDICES, C_DRAWS, C_FAILED, C_W, C_W2, C_FIRST = range(6)
C_SIZE = 6

# A deal in progress (int64, D_SIZE): the index in ``constrained`` of the seat being dealt,
# the cards left (``rem[:m]``), the weight (-1: given up, 0: a later seat found no fit),
# hands counted as drawn, the current seat's draws so far, the first seat's draws, the
# next rejection round's size.
D_J, D_M, D_W, D_DRAWS, D_SEAT_DRAWS, D_FIRST, D_ROUND = range(7)
D_SIZE = 7


@njit(cache=True, forceinline=True)
def draw_tail(rem, m, k, state):
    """Draw ``k`` of the cards ``rem[:m]`` (layout bits) uniformly, by a partial
    Fisher-Yates shuffle that leaves them at ``rem[m - k:m]`` (the order of ``rem[:m]``
    changes, not its set).  Returns (their mask, the new stream state)."""
    mask = ZERO
    have = 0
    bits = ZERO
    for i in range(k):
        if have == 0:
            state, bits = next_u64(state)
            have = 2
        r = bits & LOW32
        bits = bits >> SHIFT32
        have -= 1
        top = m - 1 - i
        j = bounded(r, top + 1)
        c = rem[j]
        rem[j] = rem[top]
        rem[top] = c
        mask |= ONE << np.uint64(c)
    return mask, state


@njit(cache=True, forceinline=True)
def drop(rem, m, mask):
    """Remove the cards of ``mask`` from ``rem[:m]``; returns the new count."""
    n = 0
    for i in range(m):
        c = rem[i]
        if not ((mask >> np.uint64(c)) & ONE):
            rem[n] = c
            n += 1
    return n


@njit(cache=True, forceinline=True)
def keep_one(count, state):
    """Reservoir choice: True with probability 1 / ``count`` (the ``count``-th success
    replaces the one kept so far).  Returns (keep, new state)."""
    state, bits = next_u64(state)
    return bounded(bits & LOW32, count) == 0, state


@njit(cache=True, forceinline=True)
def mask_of_all(rem, m):
    mask = ZERO
    for i in range(m):
        mask |= ONE << np.uint64(rem[i])
    return mask


@njit(cache=True, forceinline=True)
def count_deal(counters, weight, draws):
    """Book one deal index in ``counters``; returns whether it gave a deal to play."""
    counters[C_INDICES] += 1
    counters[C_DRAWS] += draws
    if weight < 0:
        counters[C_FAILED] += 1
        return False
    counters[C_W] += weight
    counters[C_W2] += weight * weight
    return weight > 0


@njit(cache=True, forceinline=True)
def subsets(m, k):
    """The number of ``k``-card hands of ``m`` cards, capped at 2**62."""
    if k > m:
        return 0
    c = 1
    for i in range(min(k, m - k)):
        c = c * (m - i) // (i + 1)
        if c > (1 << 62) // max(1, m):
            return 1 << 62
    return c


@njit(cache=True, forceinline=True)
def enumerated(m, k, batch):
    """Are a seat's hands (``k`` of ``m`` cards) all offered rather than drawn?"""
    return m <= 62 and subsets(m, k) <= batch


def weight_scale(m, ks, batch, table: bool = False) -> int:
    """The weights' scale (the same for every deal): the hands offered each constrained
    seat but a first one dealt by rejection or from a table (``table``), multiplied; ``m``
    cards to deal, ``ks`` the constrained seats' hand sizes in order."""
    scale = 1
    for j, k in enumerate(ks):
        if j == 0 and table:
            pass
        elif enumerated(m, k, batch):
            scale *= int(subsets(m, k))
        elif j > 0:
            scale *= batch
        m -= k
    return scale


@njit(cache=True, forceinline=True)
def _enumerate(rem, m, k, cand):
    """Every ``k``-subset of ``rem[:m]`` as a mask into ``cand`` (Gosper's hack over the
    positions); returns how many."""
    count = 0
    x = (1 << k) - 1
    limit = 1 << m
    while x < limit:
        mask = ZERO
        bits = x
        while bits:
            low = bits & -bits
            i = 0
            while (low >> i) != 1:
                i += 1
            mask |= ONE << np.uint64(rem[i])
            bits ^= low
        cand[count] = mask
        count += 1
        if k == 0:
            break
        u = x & -x
        v = x + u
        x = v + (((v ^ x) // u) >> 2)
    return count


def table_size(m, k) -> int:
    """How many ``k``-card hands of ``m`` cards a first-seat table would list, 0 when more
    than TABLE_MAX."""
    c = int(subsets(m, k))
    return c if m <= 62 and c <= TABLE_MAX else 0


@njit(cache=True)
def all_hands(pool, k, out):
    """Every ``k``-card hand of the cards ``pool`` into ``out`` (``table_size`` long);
    returns how many."""
    return _enumerate(pool, pool.shape[0], k, out)


@njit(cache=True, forceinline=True)
def keep_fits(hands, fit, count):
    """Compact ``hands[:count]`` to the ones with ``fit``; returns how many."""
    kept = 0
    for c in range(count):
        if fit[c]:
            hands[kept] = hands[c]
            kept += 1
    return kept


@njit(cache=True, forceinline=True)
def first_from_table(rem, hands, sizes, constrained, deal, table, state):
    """Give the first constrained seat a hand drawn uniformly from ``table`` (every hand of
    the dealt cards that fits it, at least one), weight 1; returns the new state."""
    state, bits = next_u64(state)
    h = table[bounded(bits & LOW32, table.shape[0])]
    hands[constrained[0]] = h
    deal[D_M] = drop(rem, deal[D_M], h)
    deal[D_J] = 1
    deal[D_DRAWS] += 1
    deal[D_FIRST] += 1
    return state


@njit(cache=True, forceinline=True)
def deal_scratch(pool, batch):
    """(rem, cand, fit, deal): the scratch arrays of the shared loop (``batch``: the hands
    drawn for each later constrained seat)."""
    return (np.empty(pool.shape[0], np.int64), np.empty(batch, np.uint64), np.zeros(batch, np.bool_),
            np.zeros(D_SIZE, np.int64))


@njit(cache=True, forceinline=True)
def begin_deal(pool, rem, deal):
    """Start a deal of the cards ``pool`` (layout bits)."""
    m = pool.shape[0]
    rem[:m] = pool
    deal[D_J] = 0
    deal[D_M] = m
    deal[D_W] = 1
    deal[D_DRAWS] = 0
    deal[D_SEAT_DRAWS] = 0
    deal[D_FIRST] = 0
    deal[D_ROUND] = 1


@njit(cache=True, forceinline=True)
def next_hands(rem, sizes, constrained, deal, cand, state):
    """Offer hands for the constrained seat ``constrained[deal[D_J]]`` (``sizes[s]`` cards)
    into ``cand`` (its length is the batch); returns (how many, new state), 0 when every
    constrained seat holds its hand or the deal has failed.  The caller marks which fit
    and calls ``settle``."""
    j = deal[D_J]
    if j >= constrained.shape[0] or deal[D_W] <= 0:
        return 0, state
    batch = cand.shape[0]
    m = deal[D_M]
    k = sizes[constrained[j]]
    if enumerated(m, k, batch):
        return _enumerate(rem, m, k, cand), state
    count = batch
    if j == 0:
        count = min(deal[D_ROUND], batch, MAX_DRAWS - deal[D_SEAT_DRAWS])
        deal[D_ROUND] = min(2 * deal[D_ROUND], batch)
    for c in range(count):
        h, state = draw_tail(rem, m, k, state)
        cand[c] = h
    return count, state


@njit(cache=True, forceinline=True)
def settle(rem, hands, sizes, constrained, deal, cand, fit, count, state):
    """Book the hands offered by ``next_hands`` (``fit[:count]``): give the seat a fitting
    one, or (the first seat, by rejection) ask for more, or end the deal.  Returns the new
    state."""
    j = deal[D_J]
    s = constrained[j]
    m = deal[D_M]
    if j == 0 and not enumerated(m, sizes[s], cand.shape[0]):    # rejection: the first fit
        first = -1
        for c in range(count):
            if fit[c]:
                first = c
                break
        used = count if first < 0 else first + 1
        deal[D_DRAWS] += used
        deal[D_SEAT_DRAWS] += used
        deal[D_FIRST] += used
        if first < 0:
            if deal[D_SEAT_DRAWS] >= MAX_DRAWS:
                deal[D_W] = -1
            return state
        chosen = cand[first]
    else:                                              # a batch or every hand: one fit, weight k
        n_fit = 0
        for c in range(count):
            if fit[c]:
                n_fit += 1
        deal[D_DRAWS] += count
        if j == 0:
            deal[D_FIRST] += 1
        if n_fit == 0:
            deal[D_W] = 0
            return state
        state, bits = next_u64(state)
        r = bounded(bits & LOW32, n_fit)
        chosen = ZERO
        for c in range(count):
            if fit[c]:
                if r == 0:
                    chosen = cand[c]
                    break
                r -= 1
        deal[D_W] *= n_fit
    hands[s] = chosen
    deal[D_M] = drop(rem, m, chosen)
    deal[D_J] = j + 1
    deal[D_SEAT_DRAWS] = 0
    return state


@njit(cache=True, forceinline=True)
def end_deal(rem, hands, sizes, free, deal, state):
    """Deal what is left to the seats ``free`` (``sizes[s]`` cards each, uniformly; the last
    of them takes what is left when it is all that is left).  Returns the new state; the
    cards still left stay in ``rem[:deal[D_M]]``."""
    if deal[D_W] <= 0:
        return state
    m = deal[D_M]
    for j in range(free.shape[0]):
        s = free[j]
        k = sizes[s]
        if k == m:
            hands[s] = mask_of_all(rem, m)
            m = 0
        else:
            h, state = draw_tail(rem, m, k, state)
            hands[s] = h
            m -= k
    deal[D_M] = m
    return state


@njit(cache=True, forceinline=True)
def book_deal(counters, deal):
    """``count_deal`` for a deal from the shared loop (with the first seat's draws, for
    ``p_fit``); returns whether it gave a deal to play (weight ``deal[D_W]``)."""
    counters[C_FIRST] += deal[D_FIRST]
    return count_deal(counters, deal[D_W], deal[D_DRAWS])


def p_fit(counters, scale: int, p_first: float = 1.0) -> float:
    """The chance that hands dealt at random from the unseen cards fit every constrained
    seat (the question arises), from a run of the shared loop: ``p_first`` (the first
    seat's exact chance when it was dealt from a table, else 1) x (sum w) / (the first
    seat's draws x ``scale``, ``weight_scale``), a consistent estimate (1 when nothing
    was constrained)."""
    if not counters[C_DRAWS]:
        return 1.0
    return p_first * float(counters[C_W]) / max(1, int(counters[C_FIRST])) / scale


def deals_used(counters) -> tuple[int, float, float]:
    """(deal indices played, their effective number (sum w)^2 / sum w^2, hands drawn per
    deal index for the constrained seats)."""
    played = int(counters[C_INDICES] - counters[C_FAILED])
    n_eff = float(counters[C_W]) ** 2 / float(counters[C_W2]) if counters[C_W2] else 0.0
    return played, n_eff, counters[C_DRAWS] / max(1, counters[C_INDICES])


def acceptance(counters) -> float:
    """The acceptance rate of the dealing: deals dealt (not given up) per hand drawn for
    the constrained seats (1 when nothing was constrained).  With rejection alone this is
    the share of the hands drawn that fit; a batch or an enumerated seat looks at more
    hands than the one it keeps."""
    drawn = int(counters[C_DRAWS])
    return float(counters[C_INDICES] - counters[C_FAILED]) / drawn if drawn else 1.0


def conditioning_note(seats, counters, what: str = "make the calls heard under the bidding policy") -> str:
    """One line on how the constrained ``seats`` (labels) were dealt."""
    played, n_eff, drawn = deals_used(counters)
    text = f"seat {', '.join(str(s) for s in seats)} dealt hands that {what} ({drawn:,.0f} hands drawn a deal)"
    if len(seats) > 1:
        text += f"; weighted deals (seat by seat), {n_eff:,.0f} effective of {played:,}"
    if counters[C_FAILED]:
        text += f"; {int(counters[C_FAILED]):,} deal numbers found no fitting hand and were left out"
    return text


def constrained_note(seats, counters, what: str, p: float | None = None) -> str:
    """``conditioning_note`` with the effective number of deals (one constrained seat: every
    deal weighs 1) and the acceptance rate (``acceptance``) always stated, and ``p``, the
    chance that a random deal fits (``p_fit``), when given."""
    played, n_eff, _ = deals_used(counters)
    text = conditioning_note(seats, counters, what)
    if len(seats) == 1:
        text += f"; {n_eff:,.0f} effective deals (every deal weighs 1)"
    text += f"; acceptance {100 * acceptance(counters):.3g}% (deals per hand drawn)"
    if p is not None:
        text += f"; {100 * p:.3g}% of random deals would fit"
    return text
