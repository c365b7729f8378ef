"""Counter-based random streams: every deal's randomness is a pure function of (seed, index).

SplitMix64 (Steele, Lea & Flood 2014) is a counter hashed by a strong 64-bit mixer, so
the stream for deal ``i`` can be started directly without generating deals 0..i-1.  That
is what makes a run identical on any number of threads or chunkings, and resumable.
"""

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, forceinline=True)
def mix64(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, forceinline=True)
def stream_key(seed_key, index):
    """The starting counter of the stream of item ``index`` under ``seed_key``."""
    return mix64(seed_key ^ (np.uint64(index) * GOLDEN))


@njit(cache=True, forceinline=True)
def next_u64(state):
    """Advance a counter; returns (new_state, 64 random bits)."""
    state = state + GOLDEN
    return state, mix64(state)


@njit(cache=True, forceinline=True)
def bounded(bits32, n):
    """Map 32 random bits to 0..n-1 (Lemire's multiply-shift; bias below n / 2**32)."""
    return np.int64((bits32 * np.uint64(n)) >> _S32)


def seed_key(seed: int) -> np.uint64:
    """Hash a user seed (any non-negative int) into the key all streams derive from."""
    # Add in Python integers: numpy warns when a uint64 scalar sum wraps around.
    return np.uint64(mix64(np.uint64((seed + int(GOLDEN)) & 0xFFFFFFFFFFFFFFFF)))


LOW32 = _LOW32
SHIFT32 = _S32
