"""``analyzer match``: a duplicate match of two play models in a trick game."""

from __future__ import annotations

from ..sim import front
from .common import command


def render_match(answer) -> str:
    m = answer.meta
    t = answer.table
    lines = [f"{m['title']}: {m['a']} (A) against {m['b']} (B), {m['deals']:,} deals, {m['played']:,} with a contract"
             + (f" ({m['left_out']:,} more left out)" if m.get("left_out") else "") + ", "
             f"each played three times (A contracting, B contracting, B everywhere), seed {m['seed']}"
             + (f", {m['worlds']} worlds a card" if m.get("worlds") else ""),
             answer.recommendation,
             f"A - B: {m['a_minus_b']:+.2f} points a deal (95% interval {m['lo']:+.2f} to {m['hi']:+.2f}; "
             f"se {m['se']:.2f})",
             "",
             f"  side  model      as {m['contract']:<11} P(make)   95% interval    net a deal  ±se"]
    for r in t.itertuples():
        lines.append(f"  {r.side[:4]:<4}  {r.model.split(' ')[0]:<9}  {r.contracts:>8,} times  {100 * r.p_make:5.1f}%  "
                     f"{100 * r.p_make_lo:5.1f}-{100 * r.p_make_hi:5.1f}%   {r.net:+9.2f}  {r.net_se:.2f}")
    lines.append(f"  P(make) A - B: {100 * m['p_make_a_minus_b']:+.1f} points (se {100 * m['p_make_diff_se']:.1f}, "
                 "paired)")
    lines.append(f"  A's gain over the baseline: as {m['contract']} {m['a_gain_contracting']:+.2f} "
                 f"± {m['a_gain_contracting_se']:.2f}, as defender {m['a_gain_defending']:+.2f} "
                 f"± {m['a_gain_defending_se']:.2f} points a deal")
    lines.append(f"  net: the contracting side's points for the deal minus the defenders'; base: {m['b']} at "
                 "every seat")
    if len(m.get("by_kind", [])) > 1:
        lines += ["", f"  by contract       deals   A - B  ±se   share   P(make) A / B / base   A's gain as "
                      f"{m['contract']} / defender"]
        for k in m["by_kind"]:
            lines.append(f"  {k['kind']:<14} {k['played']:>7,}  {k['a_minus_b']:+6.1f} {k['se']:4.1f}  "
                         f"{100 * k['share_of_difference']:5.0f}%   {100 * k['p_make_a']:5.1f} / "
                         f"{100 * k['p_make_b']:5.1f} / {100 * k['p_make_base']:5.1f}%   "
                         f"{k['a_gain_contracting']:+.2f} / {k['a_gain_defending']:+.2f}")
    return "\n".join(lines)


match = command(front.MATCH, render_match)
