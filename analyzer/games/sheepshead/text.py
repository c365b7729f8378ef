"""The command line's text of Sheepshead's answers (``analyzer sheepshead ...``): one
rendering a question, named by its registration (``front.py``: ``render``)."""

from __future__ import annotations

from ...fmt import interval, pct, percent, top_lines, unconditioned


_LABELS = {"pick": "pick", "alone": "pick alone", "pass": "pass"}


def _header(answer, title) -> list[str]:
    m = answer.meta
    cond = unconditioned(m)
    if m.get("conditioned"):
        before = "seat 1" if m["seat"] == 2 else f"seats 1-{m['seat'] - 1}"
        cond = (f" ({m['effective_deals']:,.0f} effective), dealt so that {before} passed "
                f"(as {before} would {percent(m['p_offered'])} of the time)")
    model = (f"single-dummy play ({m['worlds']} worlds a card)" if m["play"] == "pimc" else f"{m['play']} play")
    return [f"Sheepshead — {title}",
            f"{m['deals']:,} deals{cond}; seed {m['seed']}, {model} ({answer.extra.get('elapsed', 0):.1f} s)",
            ""]


def _row_text(row, mark) -> str:
    return (f"{mark}{pct(row.p_win):>7}  {interval(row.p_win_lo, row.p_win_hi):>12}  {pct(row.p_schneider):>9}"
            f"  {pct(row.p_schneidered):>11}  {row.ev:+7.2f} {row.ev_se:5.2f}")


_COLUMNS = f"{'P(win)':>7}  {'95% interval':>12}  {'schneider':>9}  {'schneidered':>11}  {'EV':>7} {'±se':>5}"


def render_pick(answer) -> str:
    m = answer.meta
    lines = _header(answer, f"seat {m['seat']}, hand {m['hand']}")
    header = f"{'option':<13}" + _COLUMNS
    lines += [header, "-" * len(header)]
    for row in answer.table.itertuples():
        mark = "→ " if row.action == answer.best else "  "
        lines.append(_row_text(row, f"{mark}{_LABELS[row.action]:<11}"))
    calls = ", ".join(f"{k} {100 * v:.0f}%" for k, v in sorted(m["calls"].items(), key=lambda kv: -kv[1]))
    p = m["pass"]
    nobody = (f"leaster {100 * p['p_leaster']:.0f}%" if m["rules"]["nobody_picks"] == "leaster"
              else f"redeal {100 * p['p_redeal']:.0f}%")
    lines += ["", f"Calls when you pick: {calls}",
              f"If you pass: another seat picks {100 * p['p_other_picks']:.0f}% (you are the partner "
              f"{100 * p['p_partner']:.0f}%), {nobody}",
              "schneider: your side takes ≥ 91 points (as a defender ≥ 90); EV: your points per hand",
              "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_bury(answer, top=15) -> str:
    m = answer.meta
    lines = _header(answer, f"seat {m['seat']}, picker's cards {m['cards']}")
    w = max([6] + [len(c) for c in answer.table["call"]])
    header = f"{'bury':<7} {'call':<{w}}" + _COLUMNS
    lines += [header, "-" * len(header)]
    lines += top_lines(answer.table, top, lambda row, mark: _row_text(row, f"{mark}{row.bury:<7} {row.call:<{w}}"))
    lines += ["", "* the heuristic policy's own choice" if not answer.table.iloc[0]["policy"]
              else "the best row is also the heuristic policy's own choice",
              "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
