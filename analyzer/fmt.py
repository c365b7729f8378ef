"""One way to write numbers, for every question's sentences, the command line's tables and
the page.

Probabilities: never exponent notation, "0%" and "100%" only for exactly 0 and 1, and a
value short of either never reads as one of them ("< 0.1%", "> 99.9%" in prose; more
digits, then "<0.01" / ">99.99", in a table's column).  Intervals likewise: a range short
of certainty never reads as "100.0–100.0%".  "±" in a table is one standard error; the
sentences give 95% intervals as ranges ("95% interval lo to hi").
"""

from __future__ import annotations

import numpy as np

PLUS_MINUS = "± is one standard error; intervals are 95%"


def table_percent(p: float) -> str:
    """A probability in a table, one decimal, except that a value that is neither 0 nor 1
    never reads as "0.0" or "100.0": it gets two decimals, and "<0.01" / ">99.99" beyond."""
    x = 100.0 * float(p)
    if x != x:
        return "n/a"
    text = f"{x:.1f}"
    if 0.0 < x < 100.0 and text in ("0.0", "100.0"):
        text = f"{x:.2f}"
        if text in ("0.00", "100.00"):
            text = "<0.01" if x < 50.0 else ">99.99"
    return text


def pct(p: float) -> str:
    """A table's probability column: ``table_percent``, right-aligned in five."""
    return f"{table_percent(p):>5}%"


def interval(lo: float, hi: float) -> str:
    """A 95% interval in a table: "lo–hi%" as ``table_percent`` writes them."""
    return f"{table_percent(lo):>4}–{table_percent(hi):>4}%"


def percent(p: float) -> str:
    """A probability in prose, never misread: no exponent notation, "0%" and "100%" only
    for exactly 0 and 1, "< 0.1%" and "> 99.9%" at the edges, two decimals under 1%
    ("0.12%"), else one."""
    x = 100.0 * float(p)
    if x != x:
        return "n/a"
    if x <= 0.0 or x >= 100.0:
        return "0%" if x <= 0.0 else "100%"
    if x < 0.1 or x > 99.9:
        return "< 0.1%" if x < 0.1 else "> 99.9%"
    return f"{x:.2f}%" if x < 1.0 else f"{x:.1f}%"


def percent_range(lo: float, hi: float) -> str:
    """A 95% interval in prose: "lo–hi%", each end as ``table_percent`` writes it."""
    return f"{table_percent(lo)}–{table_percent(hi)}%"


def percent_with(p: float, lo: float, hi: float) -> str:
    """A probability and its 95% interval in prose: "30.1% (29.0–31.2%)"."""
    return f"{percent(p)} ({percent_range(lo, hi)})"


def rate(p: float, digits: int = 3) -> str:
    """A share in prose where its size matters (how often random hands make the calls
    heard, exact odds): ``digits`` significant digits, of the share or, above 50%, of what
    it falls short of 100% ("0.000412%", "99.998%"); never exponent notation, "0%" and
    "100%" only for exactly 0 and 1."""
    x = 100.0 * float(p)
    if x != x:
        return "n/a"
    if x <= 0.0 or x >= 100.0:
        return "0%" if x <= 0.0 else "100%"

    def sig(v):
        return np.format_float_positional(v, precision=digits, unique=False, fractional=False, trim="-").rstrip(".")

    if x <= 50.0:
        return sig(x) + "%"
    short = sig(100.0 - x)
    return f"{x:.{len(short.split('.')[1]) if '.' in short else 0}f}%"


def unconditioned(meta) -> str:
    """What a text rendering adds to its run line for an answer asked with --condition none."""
    return ", unconditioned deals (--condition none)" if meta.get("condition") == "none" else ""


def lead_lines(table, p: str, width: int = 14) -> list[str]:
    """The rows of a lead question's table (best first): the lead (its equivalent cards),
    P(``p``) with its interval, mean tricks, and the paired difference from the best in
    percentage points with its interval."""
    lines = []
    for row in table.itertuples():
        first = row.Index == 0
        lead = row.lead if row.equivalent == row.lead else f"{row.lead} (={row.equivalent})"
        vs = "" if first else f"{100 * row.vs_best:+.1f}"
        viv = "" if first else f"{100 * row.vs_best_lo:+.1f} to {100 * row.vs_best_hi:+.1f}"
        prob, lo, hi = getattr(row, p), getattr(row, p + "_lo"), getattr(row, p + "_hi")
        lines.append(f"{'→ ' if first else '  '}{lead:<{width}} {pct(prob):>7}  {interval(lo, hi):>12}"
                     f"  {row.mean_tricks:6.2f}  {vs:>7}  {viv:>14}")
    return lines


def top_lines(table, top: int, line) -> list[str]:
    """``line(row, mark)`` for the first ``top`` rows of a ranked table (the mark: → the
    best, * the policy's own choice), then how many more there are."""
    lines = []
    for i, row in enumerate(table.itertuples()):
        if i >= top:
            lines.append(f"  … {len(table) - top} more (--top, --json or --csv for all)")
            break
        lines.append(line(row, "→ " if i == 0 else ("* " if row.policy else "  ")))
    return lines
