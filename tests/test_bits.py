"""Bit helpers against plain Python on random words: PEXT, as BMI2's instruction (where
numba compiles for a CPU with it) and as the solver's byte-table fallback used elsewhere."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from analyzer.bits import HAVE_PEXT, pext_bmi2
from analyzer.tricks.dd import PEXT8, _compress64

words = st.integers(min_value=0, max_value=2**64 - 1)


def pext_reference(x: int, m: int) -> int:
    out, k = 0, 0
    for b in range(64):
        if (m >> b) & 1:
            out |= ((x >> b) & 1) << k
            k += 1
    return out


@njit(cache=True)
def _table(x, m, pext8):
    return _compress64(x, m, pext8)


@njit(cache=True)
def _bmi2(x, m):
    return pext_bmi2(x, m)


def _check(x: int, m: int):
    want = pext_reference(x, m)
    assert int(_table(np.uint64(x), np.uint64(m), PEXT8)) == want
    if HAVE_PEXT:   # the instruction exists only there; the table is checked everywhere
        assert int(_bmi2(np.uint64(x), np.uint64(m))) == want


@settings(max_examples=300, deadline=None)
@given(words, words)
def test_pext_matches_reference(x, m):
    _check(x, m)


def test_pext_edge_cases():
    full = 2**64 - 1
    for x, m in ((0, 0), (full, 0), (0, full), (full, full), (1 << 63, 1 << 63), (0xF0F0, 0xFF00)):
        _check(x, m)
