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


def weighted_mean_se(sw: float, swx: float, swx2: float, sw2: float) -> tuple[float, float, float]:
    """(mean, its standard error, effective n) of a variable from weighted sums: the sum
    of the weights, of w x, of w x^2 and of w^2 (importance-weighted samples; with every
    weight 1 this is ``moments_mean_se``)."""
    if sw <= 0:
        return math.nan, math.nan, 0.0
    mean = swx / sw
    n_eff = sw * sw / sw2
    if n_eff <= 1:
        return mean, math.nan, n_eff
    var = max(swx2 / sw - mean * mean, 0.0) * n_eff / (n_eff - 1)
    return mean, math.sqrt(var / n_eff), n_eff


BOOTSTRAP = 1000


def break_even(deals, total, total_sq, offset: int, policy: int, n_boot: int = BOOTSTRAP) -> dict:
    """The break-even threshold of a binned paired gain (EV(act) − EV(don't) per deal).

    ``deals``, ``total``, ``total_sq``: per bin (bin i holds strength i − offset) the
    deals, the sum and the sum of squares of the gain.  The threshold T is the one for
    which the rule "act iff strength ≥ T" gains most over never acting, summed over all
    the deals (where the gain crosses zero when it rises with strength); thresholds among
    empty bins are the same rule, so T stays within the observed strengths (one past the
    last: never).  Its 95% range comes from a parametric bootstrap of the per-bin sums
    (seeded: the same sums give the same range).  Also: the share of deals acting, the
    gain per deal, and what the rule gains over the ``policy`` threshold on the same
    deals, with its standard error.  ``rule`` is a template with ``{what}`` to fill.
    """
    deals = np.asarray(deals, float)
    s1, s2 = np.asarray(total, float), np.asarray(total_sq, float)
    n_bins = len(deals)
    n = int(deals.sum())
    if n == 0:
        return {"deals": 0, "threshold": None, "lo": None, "hi": None, "rule": "no deals",
                "p_act": math.nan, "gain_per_deal": math.nan, "p_act_policy": math.nan,
                "gain_vs_policy": math.nan, "gain_vs_policy_se": math.nan}
    observed = np.flatnonzero(deals)
    first, past = int(observed[0]), int(observed[-1]) + 1
    tail = np.append(np.cumsum(s1[::-1])[::-1], 0.0)
    b_best = int(np.clip(np.argmax(tail), first, past))
    with np.errstate(invalid="ignore", divide="ignore"):
        var = np.where(deals > 1, (s2 - s1 * s1 / np.maximum(deals, 1)) * deals / np.maximum(deals - 1, 1), s2)
    draws = s1 + np.random.default_rng(0).standard_normal((n_boot, n_bins)) * np.sqrt(np.maximum(var, 0))
    tails = np.concatenate([np.cumsum(draws[:, ::-1], axis=1)[:, ::-1], np.zeros((n_boot, 1))], axis=1)
    boot = np.clip(np.argmax(tails, axis=1), first, past)
    lo = int(np.percentile(boot, 2.5, method="lower")) - offset
    hi = int(np.percentile(boot, 97.5, method="higher")) - offset
    b_pol = int(np.clip(policy + offset, 0, n_bins))
    between = slice(min(b_best, b_pol), max(b_best, b_pol))
    sign = 1.0 if b_best <= b_pol else -1.0
    d_mean, d_se = moments_mean_se(n, sign * s1[between].sum(), s2[between].sum())
    theta = b_best - offset
    rule = ("always {what}" if b_best == first else "never {what}" if b_best == past
            else f"{{what}} with strength >= {theta}")
    return {"deals": n, "threshold": theta, "lo": lo, "hi": hi, "rule": rule,
            "p_act": deals[b_best:].sum() / n, "gain_per_deal": float(tail[b_best]) / n,
            "p_act_policy": deals[b_pol:].sum() / n, "gain_vs_policy": d_mean + 0.0,
            "gain_vs_policy_se": d_se}
