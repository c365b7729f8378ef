"""The command line's text of Five Hundred's answers (``analyzer five-hundred ...``): one
rendering a question, named by its registration (``front.py``: ``render``)."""

from __future__ import annotations

from ...fmt import interval, lead_lines, pct, unconditioned


def render_bid_or_here(answer) -> str:
    """The old question's table (``--contract-only`` without an auction) or the calls'."""
    return render_bid(answer) if "contract" in answer.table.columns else render_here(answer)


def render_bid(answer) -> str:
    t = answer.table
    m = answer.meta
    sd = m.get("play") == "pimc"
    model = f"single-dummy play ({m['worlds']} worlds a card)" if sd else f"{m['play']} play"
    lines = [f"Five Hundred — hand {m['hand']} (you contract each contract)",
             f"{m['deals']:,} deals, seed {m['seed']}, {model}"
             + (f", over {m['over']}" if m.get("over") else "")
             + f" ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    header = f"{'contract':<12} {'P(make)':>7}  {'95% interval':>12}  {'tricks':>6}  {'EV':>6} {'±se':>5}"
    if sd:
        header += f"  {'heuristic':>9}  {'gain':>6}  {'95% interval':>14}"
    lines += [header, "-" * len(header)]
    for row in t.itertuples():
        flag = "" if row.allowed else "  (not allowed)"
        mark = "→ " if row.action == answer.best else "  "
        line = (f"{mark}{row.contract:<10} {pct(row.p_make):>7}  {interval(row.p_make_lo, row.p_make_hi):>12}"
                f"  {row.mean_tricks:6.2f}  {row.ev:+6.0f} {row.ev_se:5.1f}")
        if sd:
            giv = f"{100 * row.p_make_gain_lo:+.1f} to {100 * row.p_make_gain_hi:+.1f}"
            line += f"  {pct(row.p_make_heuristic):>9}  {100 * row.p_make_gain:>+6.1f}  {giv:>14}"
        lines.append(line + flag)
    if sd:
        lines += ["", "heuristic: P(make) by the heuristic players on the same deals; gain: single-dummy minus "
                  "heuristic, in points of P(make)"]
    lines += ["", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_lead(answer) -> str:
    t = answer.table
    m = answer.meta
    model = {"dd": "double-dummy", "pimc": f"single-dummy ({m['worlds']} worlds a card)",
             "heuristic": "heuristic"}[m["play"]]
    table = "" if m.get("players", 4) == 4 else f", {m['players']} players"
    lines = [f"Five Hundred — lead to {m['contract']} with {m['hand']}"
             + (f" (discards {m['discards']})" if m.get("discards") else "") + table,
             f"{m['deals']:,} deals, seed {m['seed']}, the rest played {model} ({answer.extra.get('elapsed', 0):.1f} s)",
             ""]
    header = f"{'lead':<16} {'P(make)':>7}  {'95% interval':>12}  {'tricks':>6}  {'vs best':>7}  {'95% interval':>14}"
    lines += [header, "-" * len(header)]
    lines += lead_lines(t, "p_make")
    lines += ["", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_here(answer) -> str:
    t = answer.table
    m = answer.meta
    heard = " ".join(m["auction"]) or "(none)"
    lines = [f"Five Hundred — hand {m['hand']}, you are {m['seat']}, {m['dealer']} dealt, calls so far: {heard}",
             f"{m['deals']:,} deals ({m['effective_deals']:,.0f} effective), seed {m['seed']}, {m['play']} play"
             + (f", score {_score_text(m['score'])}" if m.get("score") else "")
             + (", you contract every row" if m.get("contract_only") else "")
             + unconditioned(m)
             + f" ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    win = "p_win" in t
    header = (f"{'call':<12} {'P(make)':>7}  {'95% interval':>12}  {'we play':>7} {'they make':>9}  {'EV':>6} {'±se':>5}"
              + (f"  {'P(win)':>6}  {'95% interval':>12}" if win else ""))
    lines += [header, "-" * len(header)]
    for row in t.itertuples():
        mark = "→ " if row.action == answer.best else "  "
        made = "" if row.action == "pass" else pct(row.p_make)
        iv = "" if row.action == "pass" else interval(row.p_make_lo, row.p_make_hi)
        line = (f"{mark}{row.call:<10} {made:>7}  {iv:>12}  {pct(row.p_we_contract):>7} {pct(row.p_they_make):>9}"
                f"  {row.ev:+6.0f} {row.ev_se:5.1f}")
        if win:
            line += f"  {pct(row.p_win):>6}  {interval(row.p_win_lo, row.p_win_hi):>12}"
        lines.append(line)
    lines += ["", "P(make): when you play the contract you called; we play: your side ends up contracting; "
              "they make: the other side contracts and makes", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_policy(answer) -> str:
    m = answer.meta
    heard = " ".join(m["auction"]) or "(none)"
    lines = [f"Five Hundred — hand {m['hand']}, you are {m['seat']}, {m['dealer']} dealt, calls so far: {heard}", ""]
    header = f"{'strain':<12} {'predicted':>9}  {'up to':>6}"
    lines += [header, "-" * len(header)]
    for row in answer.table.itertuples():
        lines.append(f"  {row.strain:<10} {row.predicted:>9}  {row.up_to:>6}")
    lines += ["", f"Policy's call: {answer.recommendation}"]
    return "\n".join(lines)


def _score_text(score: dict) -> str:
    if "us" in score:
        return f"{score['us']}:{score['them']}"
    return ", ".join(f"{u} {v}" for u, v in zip(score["units"], score["scores"]))


def render_score(r) -> str:
    from .bidding import parse_contract

    c = parse_contract(r["contract"])
    tricks = r["tricks"]
    made = tricks == 0 if c.is_misere else tricks >= c.level
    return (f"{c.label} with {tricks} trick{'s' if tricks != 1 else ''} "
            f"({'made' if made else 'failed'}): contractor {r['contractor']:+d}, opponents {r['opponents']:+d}")


def render_equity(answer) -> str:
    m = answer.meta
    source = (f"table from the cache (built in {m['build_seconds']:.1f} s)" if m["cached"]
              else f"table built in {m['build_seconds']:.1f} s")
    lines = [f"Five Hundred — P(win the game) at {m['us']}:{m['them']} (us:them)",
             f"{m['deals']:,} self-play deals, seed {m['seed']}; {source}", ""]
    for row in answer.table.itertuples():
        lines.append(f"  {'we deal next' if row.we_deal else 'they deal next':<16}{pct(row.p_win)}")
    other = 1 - m["p_thrown"] - m["p_dealer_contracts"]
    lines += ["", f"One deal: thrown in {pct(m['p_thrown']).strip()}, the dealing side contracts "
                  f"{pct(m['p_dealer_contracts']).strip()}, the other side {pct(other).strip()}; "
                  f"mean points {m['mean_points_dealer_side']:+.0f} (dealing side), "
                  f"{m['mean_points_other_side']:+.0f} (other side)"]
    corner = "us \\ them"
    for who, grid in answer.extra["neighbourhood"].items():
        lines += ["", f"P(win), {'we' if who == 'us' else 'they'} deal next "
                      f"(rows: our score, columns: theirs; [ ] this score)"]
        lines.append(f"{corner:>10}" + "".join(f"{c:>8}" for c in grid.columns))
        for us, vals in grid.iterrows():
            cells = "".join((f"[{pct(v)}]" if (us, c) == (m["us"], m["them"]) else f" {pct(v)} ")
                            for c, v in vals.items())
            lines.append(f"{us:>10}{cells}".rstrip())
    return "\n".join(lines)
