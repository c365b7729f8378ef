"""Intervals and expectations from sufficient statistics (counts and histograms)."""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def wilson(successes, n, z: float = Z95):
    """Wilson score interval for a binomial proportion; returns (lo, hi) (arrays allowed)."""
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = successes / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo, hi = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
    # Exact ends (rounding would otherwise put the bound a hair inside at 0 or n successes).
    lo = np.where(successes == 0, 0.0, lo)
    hi = np.where(successes == n, 1.0, hi)
    return lo, hi


def hist_mean_se(values, counts) -> tuple[float, float]:
    """Mean and its standard error of a variable given as a histogram (values, counts)."""
    values = np.asarray(values, dtype=float)
    counts = np.asarray(counts, dtype=float)
    n = counts.sum()
    if n == 0:
        return math.nan, math.nan
    mean = float((values * counts).sum() / n)
    if n < 2:
        return mean, math.nan
    var = float((counts * (values - mean) ** 2).sum() / (n - 1))
    return mean, math.sqrt(var / n)


def moments_mean_se(n: float, total: float, total_sq: float) -> tuple[float, float]:
    """Mean and standard error from a count, a sum and a sum of squares."""
    if n == 0:
        return math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, math.nan
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    return mean, math.sqrt(var / n)
