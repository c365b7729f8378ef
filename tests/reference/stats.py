"""Plain-Python statistics for the reference checks: the mean with its standard error and
the Wilson interval, written out (the package's own live in ``analyzer/stats.py``)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def mean_se(xs) -> tuple[float, float]:
    """Mean and standard error (sample standard deviation / sqrt(n))."""
    xs = list(xs)
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n)


def wilson(k: float, n: float) -> tuple[float, float]:
    """The 95% Wilson interval of k successes in n trials."""
    p = k / n
    d = 1 + Z95 ** 2 / n
    c = (p + Z95 ** 2 / (2 * n)) / d
    h = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / d
    return c - h, c + h
