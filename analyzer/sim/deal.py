"""The dealing kernel: unknown cards shuffled into slots (hands, kitty) by a per-deal stream.

``pool`` holds the ids of the cards the player cannot see; ``counts[k]`` is how many of
them go to slot ``k``; slot ``k`` also receives ``fixed[k]`` (cards known to be there,
e.g. the player's own hand).  The shuffle is a partial Fisher-Yates restarted from
``pool`` for every deal, so each deal depends only on ``(seed, index)``.
"""

import numpy as np
from numba import njit

from ..errors import InputError
from .rng import LOW32, SHIFT32, bounded, next_u64, seed_key, stream_key


@njit(cache=True, nogil=True)
def _deal_into(key, pool, counts, fixed, buf, out):
    """Deal one layout into ``out`` (masks by slot); ``buf`` is scratch of len(pool).

    The slot with most cards should be last: it takes what remains without draws.
    """
    m = pool.shape[0]
    for i in range(m):
        buf[i] = pool[i]
    state = key
    bits = np.uint64(0)
    have = 0
    pos = 0
    n_slots = counts.shape[0]
    one = np.uint64(1)
    for k in range(n_slots - 1):
        mask = fixed[k]
        for _ in range(counts[k]):
            if have == 0:
                state, bits = next_u64(state)
                have = 2
            r = bits & LOW32
            bits = bits >> SHIFT32
            have -= 1
            j = pos + bounded(r, m - pos)
            c = buf[j]
            buf[j] = buf[pos]
            buf[pos] = c
            mask |= one << np.uint64(c)
            pos += 1
        out[k] = mask
    mask = fixed[n_slots - 1]
    for i in range(pos, m):
        mask |= one << np.uint64(buf[i])
    out[n_slots - 1] = mask


@njit(cache=True, nogil=True)
def _deal_batch(key0, start, n, pool, counts, fixed, out):
    buf = np.empty(pool.shape[0], np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, out[i])


def deal_batch(seed: int, start: int, n: int, pool, counts, fixed=None) -> np.ndarray:
    """Deal ``n`` layouts with indices ``start..start+n-1``; returns masks ``(n, slots)``.

    Validates once, up front, then runs the kernel.
    """
    pool = np.ascontiguousarray(pool, dtype=np.int64)
    counts = np.ascontiguousarray(counts, dtype=np.int64)
    if fixed is None:
        fixed = np.zeros(counts.shape[0], np.uint64)
    fixed = np.ascontiguousarray(fixed, dtype=np.uint64)
    if counts.sum() != pool.shape[0]:
        raise InputError(f"slot sizes add up to {counts.sum()} but {pool.shape[0]} cards are unknown")
    if len(set(pool.tolist())) != pool.shape[0] or (pool.size and (pool.min() < 0 or pool.max() > 63)):
        raise InputError("the pool of unknown cards must be distinct ids in 0..63")
    if n < 0:
        raise InputError("the number of deals must be non-negative")
    out = np.empty((n, counts.shape[0]), np.uint64)
    _deal_batch(seed_key(seed), np.int64(start), np.int64(n), pool, counts, fixed, out)
    return out
