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
