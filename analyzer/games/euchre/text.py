"""The command line's text of Euchre's answers (``analyzer euchre ...``): one
rendering a question, named by its registration (``front.py``: ``render``)."""

from __future__ import annotations

from ...fmt import interval, lead_lines, pct, percent, unconditioned


def render_lead(answer) -> str:
    t = answer.table
    m = answer.meta
    model = {"dd": "double-dummy", "pimc": f"single-dummy ({m['worlds']} worlds a card)",
             "heuristic": "heuristic"}[m["play"]]
    alone = " alone" if m["alone"] else ""
    up = f", upcard {m['upcard']} {m['upcard_fate']}" if m.get("upcard") else ""
    lines = [f"Euchre ({m['players']}-handed, {m['rules']['deck']} cards) — lead with {m['hand']}, "
             f"trump {SUIT_SYMBOL[m['trump']]} made by {m['maker_position']}{alone}{up}",
             f"{m['deals']:,} deals, seed {m['seed']}, the rest played {model} "
             f"({answer.extra.get('elapsed', 0):.1f} s)", ""]
    what = "P(make)" if m["success"] == "make" else "P(set)"
    header = (f"  {'lead':<14} {what:>7}  {'95% interval':>12}  {'tricks':>6}  {'vs best':>7}  "
              f"{'95% interval':>14}")
    lines += [header, "-" * len(header)]
    lines += lead_lines(t, "p_success")
    lines += ["", f"{what}: your side {'makes (3+ tricks)' if m['success'] == 'make' else 'holds the makers to 2 or fewer'}; "
              "tricks: your side's; vs best: the paired difference from the best lead (points)",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def _conditioned(m) -> str:
    """How the deals were conditioned on the passes before you (nothing when none were)."""
    if not m.get("conditioned"):
        return unconditioned(m)
    seats = ", ".join(str(x) for x in m["conditioned"])
    return (f" ({m['effective_deals']:,.0f} effective: seat {seats} passing, "
            f"{percent(m['p_passes'])} of the time)")


def render(answer) -> str:
    t = answer.table
    m = answer.meta
    card = f"upcard {m['upcard']}" if "upcard" in m else f"turned down {m['turned_down']}"
    r = m["rules"]
    game = f"{m['players']}-handed, {r['deck']} cards" + (", stick the dealer" if r["stick_the_dealer"] else "")
    score = m.get("score")
    at = f", score {score} (you:them)" if score else ""
    lines = [f"Euchre ({game}) — hand {m['hand']}, {card}, you are {m['position']}{at}",
             f"{m['deals']:,} deals{_conditioned(m)}, seed {m['seed']}, {m['play']} play "
             f"({answer.extra.get('elapsed', 0):.1f} s)", ""]
    labels = [row.label + (f" (discard {row.discard})" if isinstance(row.discard, str) else "")
              for row in t.itertuples()]
    w = max(22, max(len(x) for x in labels))
    header = (f"  {'action':<{w}} {'P(make)':>7}  {'95% interval':>12}  {'march':>6}  {'euchred':>7}"
              f"  {'they make':>9}  {'set them':>8}  {'redeal':>6}  {'EV':>6} {'±se':>5}"
              + (f"  {'P(win)':>6}  {'95% interval':>12}" if score else ""))
    lines += [header, "-" * len(header)]
    for row, label in zip(t.itertuples(), labels):
        mark = "→ " if row.action == answer.best else "  "
        lines.append(f"{mark}{label:<{w}} {pct(row.p_make):>7}  {interval(row.p_make_lo, row.p_make_hi):>12}"
                     f"  {pct(row.p_march):>6}  {pct(row.p_euchred):>7}  {pct(row.p_they_make):>9}"
                     f"  {pct(row.p_they_euchred):>8}  {pct(row.p_redeal):>6}  {row.ev:+6.2f} {row.ev_se:5.2f}"
                     + (f"  {pct(row.p_win):>6}  {interval(row.p_win_lo, row.p_win_hi):>12}" if score else ""))
    lines += ["", "P(make), march, euchred: your side made trump and took 3+, 5, <3 tricks; "
                  "they make / set them: the other side made trump and took 3+ / <3.",
              m["ev_meaning"] + "."]
    if score:
        lines.append(m["p_win_meaning"] + "; the recommendation is by P(win).")
    lines += ["", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
