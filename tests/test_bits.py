"""The bit helpers against plain Python: pext (BMI2's instruction where numba targets a
CPU with it, and the portable loop used elsewhere) on random words."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from analyzer.bits import HAVE_PEXT, pext, pext_bmi2, pext_loop

words = st.integers(min_value=0, max_value=2**64 - 1)


def pext_reference(x: int, m: int) -> int:
    out, k = 0, 0
    for b in range(64):
        if (m >> b) & 1:
            out |= ((x >> b) & 1) << k
            k += 1
    return out


@njit(cache=True)
def _both(x, m):
    return pext(x, m), pext_loop(x, m)


@njit(cache=True)
def _bmi2(x, m):
    return pext_bmi2(x, m)


@settings(max_examples=300, deadline=None)
@given(words, words)
def test_pext_matches_reference(x, m):
    want = pext_reference(x, m)
    got, loop = _both(np.uint64(x), np.uint64(m))
    assert int(got) == want and int(loop) == want
    if HAVE_PEXT:
        assert int(_bmi2(np.uint64(x), np.uint64(m))) == want


def test_pext_edge_cases():
    full = 2**64 - 1
    for x, m in ((0, 0), (full, 0), (0, full), (full, full), (1 << 63, 1 << 63), (0xF0F0, 0xFF00)):
        got, loop = _both(np.uint64(x), np.uint64(m))
        assert int(got) == int(loop) == pext_reference(x, m)
