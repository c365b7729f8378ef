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
``(sum w)^2 / sum w^2``.  These helpers are the dealing primitives; each game's kernel
runs the loop with its own predicate (numba cannot cache a kernel that takes a function).
"""

import numpy as np
from numba import njit

from ..bits import ONE, ZERO
from .rng import LOW32, SHIFT32, bounded, next_u64

MAX_DRAWS = 100_000       # hands drawn for the first constrained seat before a deal is given up
BATCH = 2048              # hands drawn for each later constrained seat

# A question's dealing counters (int64, C_SIZE): deal indices, hands drawn, indices given
# up (the first seat found no fit in MAX_DRAWS), sum of weights, sum of squared weights.
C_INDICES, C_DRAWS, C_FAILED, C_W, C_W2 = range(5)
C_SIZE = 5


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def drop(rem, m, mask):
    """Remove the cards of ``mask`` from ``rem[:m]``; returns the new count."""
    n = 0
    for i in range(m):
        c = rem[i]
        if not ((mask >> np.uint64(c)) & ONE):
            rem[n] = c
            n += 1
    return n


@njit(cache=True, inline="always")
def keep_one(count, state):
    """Reservoir choice: True with probability 1 / ``count`` (the ``count``-th success
    replaces the one kept so far).  Returns (keep, new state)."""
    state, bits = next_u64(state)
    return bounded(bits & LOW32, count) == 0, state


@njit(cache=True, inline="always")
def mask_of_all(rem, m):
    mask = ZERO
    for i in range(m):
        mask |= ONE << np.uint64(rem[i])
    return mask


@njit(cache=True, inline="always")
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


def deals_used(counters) -> tuple[int, float, float]:
    """(deal indices played, their effective number (sum w)^2 / sum w^2, hands drawn per
    deal index for the constrained seats)."""
    played = int(counters[C_INDICES] - counters[C_FAILED])
    n_eff = float(counters[C_W]) ** 2 / float(counters[C_W2]) if counters[C_W2] else 0.0
    return played, n_eff, counters[C_DRAWS] / max(1, counters[C_INDICES])


def acceptance(counters) -> float:
    """The share of hands drawn for the constrained seats that fit their facts: deals given
    a positive weight per hand drawn (1 when nothing was constrained)."""
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
