"""The books of paired comparisons: options played on the same deals, with what the paired
intervals between any two of them need.  The ``lead`` questions (Five Hundred, Euchre,
Pinochle): every distinct opening lead's successes and tricks (or points) with the sums of
products over the deals.  Questions whose options end in one of a few outcomes (Euchre's
order and call): the joint outcome counts of every two options (``book_joint``,
``paired_outcomes``).  Questions whose outcomes are too many cells for that (Sheepshead's
pick): each option's value on the deal, and the products of every two (``book_products``,
``paired_products``).

A chunk returns one integer array (``pack``), so chunks add up exactly and the answer does
not depend on the thread count; ``unpack`` and ``paired`` turn the sums into the table's
figures."""

import numpy as np
from numba import njit

from ..stats import weighted_mean_se


@njit(cache=True, forceinline=True)
def book(ok, got, sums, cross_m, cross_t):
    """One deal: lead ``j`` succeeded (``ok[j]``, 0 or 1) and took ``got[j]`` ->
    ``sums[j]`` += (success, tricks, tricks²); ``cross_m`` / ``cross_t`` += the products
    of every pair of leads."""
    nl = ok.shape[0]
    for j in range(nl):
        sums[j, 0] += ok[j]
        sums[j, 1] += got[j]
        sums[j, 2] += got[j] * got[j]
        for k in range(nl):
            cross_m[j, k] += ok[j] * ok[k]
            cross_t[j, k] += got[j] * got[k]


@njit(cache=True)
def book_joint(joint, cats, w):
    """One deal of weight ``w`` on which option a ended in outcome ``cats[a]``:
    ``joint[a, b, cats[a], cats[b]] += w`` for every pair."""
    na = cats.shape[0]
    for a in range(na):
        for b in range(na):
            joint[a, b, cats[a], cats[b]] += w


def paired_outcomes(joint, a: int, b: int, values, sw2: float) -> tuple[float, float]:
    """Mean and standard error of option a's value minus option b's over weighted deals:
    ``joint`` as ``book_joint`` fills it, ``values[k]`` the value of outcome k, ``sw2`` the
    sum of the squared weights (every weight 1: the number of deals)."""
    jab = np.asarray(joint[a, b], float)
    v = np.asarray(values, float)
    diff = v[:, None] - v[None, :]
    d, se, _ = weighted_mean_se(float(jab.sum()), float((jab * diff).sum()), float((jab * diff * diff).sum()), sw2)
    return d, se


@njit(cache=True)
def book_products(prods, vals, w):
    """One deal of weight ``w`` on which option a was worth ``vals[a]`` (integers):
    ``prods[a, b] += w vals[a] vals[b]`` for every pair and ``prods[a, n] += w vals[a]``
    (``prods``: (n, n + 1))."""
    na = vals.shape[0]
    for a in range(na):
        prods[a, na] += w * vals[a]
        for b in range(na):
            prods[a, b] += w * vals[a] * vals[b]


def paired_products(prods, a: int, b: int, sw: float, sw2: float, scale: float = 1.0) -> tuple[float, float]:
    """Mean and standard error of option a's value minus option b's (divided by
    ``scale``) over weighted deals: ``prods`` as ``book_products`` fills it, ``sw`` and
    ``sw2`` the sums of the weights and of their squares."""
    n = prods.shape[0]
    sx = int(prods[a, n]) - int(prods[b, n])
    sxx = int(prods[a, a]) + int(prods[b, b]) - 2 * int(prods[a, b])
    d, se, _ = weighted_mean_se(sw, sx / scale, sxx / (scale * scale), sw2)
    return d, se


def books(nl: int):
    """Zeroed (sums, cross_m, cross_t) for ``nl`` leads, as ``book`` fills them."""
    return np.zeros((nl, 3), np.int64), np.zeros((nl, nl), np.int64), np.zeros((nl, nl), np.int64)


def pack(nl: int, filled=None) -> np.ndarray:
    """A chunk's statistics: the three books of ``filled`` (None: an empty chunk) in one array."""
    out = np.zeros((3, nl, max(nl, 3)), np.int64)
    if filled is not None:
        sums, cm, ct = filled
        out[0, :, :3] = sums
        out[1, :, :nl] = cm
        out[2, :, :nl] = ct
    return out


def unpack(stats: np.ndarray, nl: int):
    """(sums, cross_m, cross_t) as floats from a run's added-up ``pack`` arrays."""
    return stats[0, :, :3].astype(float), stats[1, :, :nl].astype(float), stats[2, :, :nl].astype(float)


def paired(cross, diag, i: int, j: int, n: int) -> tuple[float, float]:
    """Mean and standard error of x_i - x_j over ``n`` deals, from the sums of products
    ``cross`` and the sums ``diag``."""
    e2 = (cross[i, i] + cross[j, j] - 2 * cross[i, j]) / n
    d = diag[i] / n - diag[j] / n
    var = max(e2 - d * d, 0.0) * n / max(n - 1, 1)
    return float(d), float(np.sqrt(var / n))
