"""One recommendation rule for every question: the best option against the next best by
their paired difference on the same deals, and a tie called a tie.

The options of a question are played on the same deals, so the difference between two of
them is measured deal by deal (its standard error from the per-deal differences, far
smaller than the two options' own errors combined).  When the 95% interval of the best's
lead over the next best holds 0, the deals cannot tell them apart: the answer says "no
measurable difference between A and B" and names both, as ``analyzer match`` does.  The
fields travel in the answer's meta under ``match``'s names (``a``, ``b``, ``a_minus_b``,
``se``, ``lo``, ``hi``) with ``tie``.
"""

from __future__ import annotations

import math

from .stats import Z95


def paired_se(n: float, sum_a2: float, sum_b2: float, sum_ab: float, d: float) -> float:
    """The standard error of the mean per-deal difference a - b over ``n`` deals, from the
    sums of a², b² and a·b over the deals and the mean difference ``d``."""
    if n < 2:
        return math.nan
    var = (sum_a2 + sum_b2 - 2.0 * sum_ab) / n - d * d
    return math.sqrt(max(var, 0.0) * n / (n - 1) / n)


def lead(best: str, nxt: str, d: float, se: float) -> dict:
    """The fields of ``best``'s lead ``d`` (standard error ``se``) over ``nxt``: ``tie`` is
    true when the 95% interval holds 0 (an undefined ``se`` counts as a tie)."""
    lo, hi = d - Z95 * se, d + Z95 * se
    tie = not (lo > 0.0 or hi < 0.0)
    return {"a": best, "b": nxt, "a_minus_b": d, "se": se, "lo": lo, "hi": hi, "tie": bool(tie)}


def sentence(f: dict, unit: str = "", digits: int = 1) -> str:
    """The comparison in words: "ahead of B by d unit (95% interval lo to hi)", or "no
    measurable difference between A and B: ..." for a tie."""
    if f["tie"]:
        return (f"no measurable difference between {f['a']} and {f['b']}: {f['a']} - {f['b']} = "
                f"{f['a_minus_b']:+.{digits}f}{unit} (95% interval {f['lo']:+.{digits}f} to {f['hi']:+.{digits}f}, "
                "same deals)")
    return (f"ahead of {f['b']} by {f['a_minus_b']:.{digits}f}{unit} (95% interval {f['lo']:.{digits}f} to "
            f"{f['hi']:.{digits}f}, same deals)")
