"""One recommendation rule for every question: the best option against the next best by
their paired difference on the same deals, and a tie called a tie.

The options of a question are played on the same deals, so the difference between two of
them is measured deal by deal (its standard error from the per-deal differences,
``sim.leads.paired``: far smaller than the two options' own errors combined).  When the
95% interval of the best's lead over the next best holds 0, the deals cannot tell them
apart: the answer says "no measurable difference between A and B" first and names both,
as ``analyzer match`` does.  The fields travel in the answer's meta under ``match``'s
names (``a``, ``b``, ``a_minus_b``, ``se``, ``lo``, ``hi``) with ``tie``.  Where a
question has many near-equal options (a bid at every level), ``modest`` recommends the
least committal of those not measurably worse than the best.
"""

from __future__ import annotations

from .stats import Z95


def lead(best: str, nxt: str, d: float, se: float) -> dict:
    """The fields of ``best``'s lead ``d`` (standard error ``se``) over ``nxt``: ``tie`` is
    true when the 95% interval holds 0 (an undefined ``se`` counts as a tie)."""
    lo, hi = d - Z95 * se, d + Z95 * se
    return {"a": best, "b": nxt, "a_minus_b": float(d), "se": float(se), "lo": float(lo), "hi": float(hi),
            "tie": not (lo > 0.0 or hi < 0.0)}


def modest(order, worse) -> object:
    """The option to recommend among many: the first of ``order`` (the question's
    preference among equals, the least committal first: pass before a bid, a low bid before
    a high one) that is not measurably worse than the best (``worse(k)``: the 95% interval
    of its difference from the best lies below 0).  Picking the highest of many near-equal
    estimates picks noise; the answer names the best as the tie's other side."""
    for k in order:
        if not worse(k):
            return k
    return order[0]


def lead_in(best: str, nxt: str, d: float, lo: float, hi: float) -> dict:
    """``lead`` from a 95% interval ``lo``..``hi`` already computed (symmetric about ``d``)."""
    return lead(best, nxt, d, (hi - lo) / (2 * Z95))


def sentence(f: dict, unit: str = "", digits: int = 1) -> str:
    """The comparison in words: "ahead of B by d unit (95% interval lo to hi, same deals)",
    or "no measurable difference between A and B: A - B = d ..." for a tie."""
    if f["tie"]:
        return (f"no measurable difference between {f['a']} and {f['b']}: {f['a']} - {f['b']} = "
                f"{f['a_minus_b']:+.{digits}f}{unit} (95% interval {f['lo']:+.{digits}f} to {f['hi']:+.{digits}f}, "
                "same deals)")
    return (f"ahead of {f['b']} by {f['a_minus_b']:.{digits}f}{unit} (95% interval {f['lo']:.{digits}f} to "
            f"{f['hi']:.{digits}f}, same deals)")


def recommend(head: str, f: dict, unit: str = "", digits: int = 1) -> str:
    """The recommendation: ``head`` (the best option and its figures) with its lead over
    the next best after it, or, for a tie, the tie first.  ``f``: ``lead``'s fields, or
    empty when there is one option."""
    if not f:
        return head
    if f["tie"]:
        return f"{sentence(f, unit, digits)}; {head}"
    return f"{head}, {sentence(f, unit, digits)}"


def lead_versus(table) -> dict:
    """The first row's lead over the second in a lead question's table (rows best first;
    ``vs_best``, ``vs_best_lo``, ``vs_best_hi``: each row's probability minus the best's
    on the same deals, with its 95% interval): ``lead_in``'s fields in percentage points,
    empty with one row."""
    if len(table) < 2:
        return {}
    best, nxt = table.iloc[0], table.iloc[1]
    return lead_in(str(best["lead"]), str(nxt["lead"]), -100 * float(nxt["vs_best"]), -100 * float(nxt["vs_best_hi"]),
                   -100 * float(nxt["vs_best_lo"]))
