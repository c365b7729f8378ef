"""The command line's text of Pinochle's answers (``analyzer pinochle ...``): one
rendering a question, named by its registration (``front.py``: ``render``)."""

from __future__ import annotations

from ...fmt import interval, pct, rate, top_lines, unconditioned


def render_meld(out) -> str:
    from ...cards import SUIT_SYMBOLS, SUITS

    lines = [f"Pinochle meld of {out['hand']} (run_marriage_reuse={out['rules']['run_marriage_reuse']})", ""]
    for suit, meld in out["by_trump"].items():
        lines.append(f"trump {SUIT_SYMBOLS[SUITS.index(suit)]}: {meld['total']}")
        for item in meld["items"]:
            lines.append(f"  {item['class']:<9} {item['meld']:<22} {item['points']:>5}")
        if not meld["items"]:
            lines.append("  no meld")
    if len(out["by_trump"]) > 1:
        best = max(out["by_trump"].values(), key=lambda m: m["total"])["total"]
        suits = " ".join(SUIT_SYMBOLS[SUITS.index(s)] for s, m in out["by_trump"].items() if m["total"] == best)
        lines += ["", f"Most meld: {best} with {suits} trump."]
    return "\n".join(lines)


def _pct(p: float) -> str:
    """Exact odds to 4 significant digits (``fmt.rate``)."""
    return rate(p, 4)


def _one_in(p: float) -> str:
    if not p:
        return "never"
    n = 1 / p
    return f"{n:.1f}" if n < 100 else f"{n:,.0f}"


def render_odds(out) -> str:
    from ...cards import SUIT_SYMBOLS, SUITS

    from .odds import HAND_SIZES

    width = max(len(r["meld"]) for r in out["odds"])
    lines = [f"Pinochle — exact meld odds of {HAND_SIZES[out['cards']]} (all {out['hands']:,} hands counted)", "",
             f"{'meld':<{width}}  {'P':>11}  {'1 in':>14}"]
    lines.append("-" * len(lines[-1]))
    for r in out["odds"]:
        lines.append(f"{r['meld']:<{width}}  {_pct(r['p']):>11}  {_one_in(r['p']):>14}")
    m = out["meld_in_trump"]
    lines += ["", f"The hand's whole meld with {SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump "
                  f"(run_marriage_reuse={m['rules']['run_marriage_reuse']}):", ""]
    for r in m["at_least"]:
        lines.append(f"  meld ≥ {r['points']:>4}  {_pct(r['p']):>11}  {_one_in(r['p']):>14}")
    if "widow_no_counter" in out:
        p = out["widow_no_counter"]
        lines += ["", f"The widow (3 cards) holds no counter (A, 10, K): {_pct(p)} (1 in {_one_in(p)})."]
    return "\n".join(lines)


# ----------------------------------------------------------------------------- bid and pass
def render_any_bid(answer) -> str:
    """The four-handed bid's text or the three-handed one's."""
    return render_bid3(answer) if answer.meta.get("players") == 3 else render_bid(answer)


def render_bid3(answer) -> str:
    """The three-handed bid: the calls (pass or each bid now, the auction going on by the
    policy; net units for the hand), then P(make) and EV by bid as the bidder, the trump
    named after the widow first, then each suit."""
    from ...cards import SUIT_SYMBOLS, SUITS
    from ...fmt import pct

    t = answer.table
    m = answer.meta
    melds = ", ".join(f"{SUIT_SYMBOLS[SUITS.index(s)]} {v}" for s, v in m["meld"].items())
    heard = " ".join(str(c) for c in m["auction"]) or "none"
    lines = [f"Three-handed Pinochle — bid: hand {m['hand']} (meld before the widow: {melds})",
             f"seat {m['seat']} (1 is the eldest, 3 the dealer); calls heard: {heard}",
             f"{m['deals']:,} deals{unconditioned(m)}, seed {m['seed']}; rules: "
             + ", ".join(f"{k}={v}" for k, v in m["rules"].items()), "",
             "Your call now, the auction going on by the policy, the hand played out:",
             f"  {'call':<9}  {'EV':>8}  {'±se':>5}  {'vs best':>8}  {'95% interval':>16}  {'you bid':>7}  "
             f"{'you make':>8}  {'they make':>9}  {'conceded':>8}  {'final bid':>9}"]
    calls = t[t["action"].isin(["pass", "call"])]
    for r in calls.itertuples():
        name = "pass" if r.action == "pass" else f"bid {r.bid}"
        lines.append(f"  {name:<9}  {r.ev:>+8.2f}  {r.ev_se:>5.2f}  {r.vs_best:>+8.2f}  "
                     f"{r.vs_best_lo:>+7.2f} to {r.vs_best_hi:>+6.2f}  {pct(r.p_i_bid):>7}  {pct(r.p_make):>8}  "
                     f"{pct(r.p_they_make):>9}  {pct(r.p_concede):>8}  {r.mean_final_bid:>9.0f}")
    lines += ["", "If you end up the bidder at a bid:"]
    bids = t[t["action"] == "bid"]
    for trump, rows in bids.groupby("trump", sort=False):
        name = trump if trump not in SUITS else f"{SUIT_SYMBOLS[SUITS.index(trump)]} trump"
        r0 = rows.iloc[0]
        lines.append(f"{name}: meld {r0['mean_meld']:.0f}, buried {r0['mean_buried']:.0f}, total "
                     f"{r0['mean_total']:.0f} on average")
        lines.append(f"  {'bid':>5}  {'P(make)':>7}  {'95% interval':>12}  {'conceded':>8}  {'EV':>8}  {'±se':>5}")
        for r in rows.itertuples():
            lines.append(f"  {r.bid:>5}  {pct(r.p_make):>7}  {interval(r.p_make_lo, r.p_make_hi):>12}"
                         f"  {pct(r.p_concede):>8}  {r.ev:>+8.2f}  {r.ev_se:>5.2f}")
        lines.append("")
    lines.append("EV: your net units for the hand from both other players (± a standard error); vs best: the call's "
                 "EV minus the best call's on the same deals, with its 95% interval; 95% intervals of P(make) are "
                 "Wilson's")
    return "\n".join(lines + [f"Recommendation: {answer.recommendation}"])


def render_bury(answer, top: int = 15) -> str:
    from ...cards import SUIT_SYMBOLS, SUITS
    from ...fmt import pct

    m = answer.meta
    t = answer.table
    lines = [f"Three-handed Pinochle — bury: hand {m['hand']}, {SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump "
             f"(meld {m['meld']}), bid {m['bid']}", f"{m['deals']:,} deals, seed {m['seed']}", "",
             f"  {'burial':<12} {'points':>6}  {'P(make)':>7}  {'95% interval':>12}  {'EV':>7}  {'vs best':>8}  "
             f"{'95% interval':>16}  {'total':>6}"]
    for r in t.head(top).itertuples():
        mark = "→" if r.Index == 0 else ("*" if r.policy else " ")
        lines.append(f"{mark} {r.burial:<12} {r.points:>6}  {pct(r.p_make):>7}  {interval(r.p_make_lo, r.p_make_hi):>12}"
                     f"  {r.ev:>+7.2f}  {100 * r.vs_best:>+7.1f}%  {100 * r.vs_best_lo:>+6.1f} to "
                     f"{100 * r.vs_best_hi:>+5.1f}%  {r.mean_total:>6.0f}")
    if len(t) > top:
        lines.append(f"  … ({len(t) - top} more burials: --json or --csv for all)")
    lines += ["", "→ the best; * the simulated bidder's own burial. EV: units each other player pays you; vs best: "
              "P(make) minus the best's on the same deals (95% interval)",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_deal(answer) -> str:
    from ...cards import SUIT_SYMBOLS, SUITS

    m = answer.meta
    turned = f"{m['upcard']} turned" if m["upcard"] else f"{SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump"
    lines = [f"Two-handed Pinochle — hand {m['hand']}, {turned}, {'you' if m['dealer'] == 'you' else 'they'} dealt, "
             f"score {m['score']} (game {m['target']})", f"{m['deals']:,} deals, seed {m['seed']}, heuristic play", "",
             f"  {'player':<9} {'meld':>7} {'±se':>5} {'counters':>9} {'±se':>5} {'total':>7}"]
    for r in answer.table.itertuples():
        lines.append(f"  {r.player:<9} {r.mean_meld:>7.1f} {r.mean_meld_se:>5.1f} {r.mean_counters:>9.1f} "
                     f"{r.mean_counters_se:>5.1f} {r.mean_total:>7.1f}")
    lines += ["", f"P(you win the game): {pct(m['p_win'])} ({interval(m['p_win_lo'], m['p_win_hi'])}); "
                  f"called out by you {pct(m['p_called_out_you'])}, by them {pct(m['p_called_out_them'])}; "
                  f"{m['hands_per_game']:.2f} hands a game",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_play(answer) -> str:
    m = answer.meta
    t = answer.table
    from ...cards import SUIT_SYMBOLS, SUITS

    if m.get("phase") == 2:
        who = f"your opponent led {m['lead']}" if m["lead"] else "you lead"
        lines = [f"Two-handed Pinochle — trick {m['trick']} (phase 2, solved exactly), "
                 f"{SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump, {who}",
                 f"hand {m['hand']}; your opponent's {m['their_hand']}", "", f"  {'card':<5} {'points':>6}  {'vs best':>7}"]
        for r in t.itertuples():
            lines.append(f"{'→' if r.Index == 0 else ' '} {r.card:<5} {r.points:>6}  {r.vs_best:>+7}")
        lines += ["", "points: the counters you take from here on (this trick and the last trick's 10 included) with "
                      "perfect play by both", f"Recommendation: {answer.recommendation}"]
        return "\n".join(lines)
    under = (f"{m['upcard']} under the stock" if m["upcard"] else f"{SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump")
    who = f"your opponent led {m['lead']}" if m["lead"] else "you lead"
    lines = [f"Two-handed Pinochle — trick {m['trick']} (phase 1), {under}, {who}; hand {m['hand']}; meld so far "
             f"{m['meld_so_far']} to {m['their_meld_so_far']}", f"{m['deals']:,} worlds, seed {m['seed']}, heuristic play",
             "", f"  {'card':<5} {'net':>7} {'±se':>5}  {'vs best':>7}  {'95% interval':>16}  {'wins trick':>10}"]
    for r in t.itertuples():
        mark = "→" if r.Index == 0 else " "
        lines.append(f"{mark} {r.card + ('*' if r.from_table else ''):<5} {r.net:>+7.1f} {r.net_se:>5.1f}  "
                     f"{r.vs_best:>+7.1f}  {r.vs_best_lo:>+7.1f} to {r.vs_best_hi:>+5.1f}  {pct(r.p_win_trick):>10}")
    lines += ["", "net: your meld and counters from now to the end of the hand minus your opponent's; * a card from "
                  "your table; vs best: the card's net minus the best's on the same worlds",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_lead(answer) -> str:
    m = answer.meta
    lines = [f"{'Three-handed ' if m.get('players') == 3 else ''}Pinochle — lead, as the "
             f"{'bidder' if m.get('players') == 3 else 'declarer'}; {_sym(m['trump'])} trump at {m['bid']}"
             + (f", {m['passed']} passed back" if m["passed"] else "")
             + (f", {m['buried']} buried" if m.get("buried") else ""),
             f"hand {m['hand']}; your meld {m['meld_yours']}",
             f"{m['deals']:,} deals; seed {m['seed']}, {m['play']} play"
             + (f" ({m['worlds']} worlds a card)" if m["worlds"] else "")
             + f" ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    header = (f"  {'lead':<5} {'P(make)':>8} {'95% interval':>13} {'points':>7} {'vs best':>8} "
              f"{'paired 95%':>15} {'points vs best':>15}")
    lines += [header, "-" * len(header)]
    for i, r in enumerate(answer.table.itertuples()):
        mark = "→ " if i == 0 else "  "
        vs = "" if i == 0 else f"{100 * r.vs_best:+7.1f}% {interval(r.vs_best_lo, r.vs_best_hi):>15}"
        pv = "" if i == 0 else f"{r.points_vs_best:+7.1f} ({r.points_vs_best_lo:+.1f}, {r.points_vs_best_hi:+.1f})"
        lines.append(f"{mark}{r.lead:<5} {pct(r.p_make):>8} {interval(r.p_make_lo, r.p_make_hi):>13} "
                     f"{r.mean_points:7.1f} {vs:>24} {pv:>15}")
    lines += ["", ("points: your trick points" if m.get("players") == 3 else "points: your side's trick points")
              + " (the last trick's 10 included)", "",
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def _sym(suit: str | None) -> str:
    from ...cards import SUIT_SYMBOLS, SUITS
    return SUIT_SYMBOLS[SUITS.index(suit)] if suit else ""


def _run_line(answer) -> str:
    m = answer.meta
    cond = ""
    if m.get("effective_deals") and m["effective_deals"] < 0.99 * m["deals"]:
        cond = f" ({m['effective_deals']:,.0f} effective: weighted)"
    return (f"{m['deals']:,} deals; seed {m['seed']}, {m['play']} play ({answer.extra.get('elapsed', 0):.1f} s)"
            f"{cond}{unconditioned(m)}")


BID_WINDOW = 8      # bid rows printed either side of the recommended one


def render_bid(answer) -> str:
    m = answer.meta
    t = answer.table
    if m["auction"]:
        heard = " ".join(str(c) for c in m["auction"])
        where = f"after {heard!r}" + (f", the bid to beat {m['over']}" if m["over"] else "")
    elif m["over"]:
        where = f"over {m['over']}"
    else:
        where = "you open" + (" (the seats before you passed)" if m["seat"] > 1 else "")
    lines = [f"Pinochle — bid, seat {m['seat']} ({m['position']}), {where}",
             f"hand {m['hand']}; meld " + "  ".join(f"{_sym(s)} {v}" for s, v in m["meld"].items()),
             _run_line(answer), ""]
    from .questions import best_trump_rows
    best = best_trump_rows(t)
    bids = t[t["action"] == "bid"]
    header = (f"{'bid':>5} {'trump':<5} {'P(make)':>8} {'95% interval':>13} {'meld':>6} {'tricks':>6} {'EV':>8} "
              f"{'±se':>5}   P(make) by trump ♠ ♣ ♦ ♥")
    lines += [header, "-" * len(header)]
    rec = answer.best
    rows = list(best.itertuples())
    centre = next((i for i, r in enumerate(rows) if rec == f"bid {r.bid} {r.trump}"),
                  next((i for i, r in enumerate(rows) if r.p_make < 0.5), len(rows) - 1))
    lo, hi = max(0, centre - BID_WINDOW), min(len(rows), centre + BID_WINDOW + 1)
    for i, row in enumerate(rows):
        if i < lo or i >= hi:
            if i == lo - 1 or i == hi:
                lines.append(f"{'…':>5} ({lo if i < lo else len(rows) - hi} more bids: --json or --csv for all)")
            continue
        per = bids[bids["bid"] == row.bid].set_index("trump")["p_make"].reindex(list("SCDH"))
        mark = "→" if rec == f"bid {row.bid} {row.trump}" else " "
        lines.append(f"{mark}{row.bid:>4} {_sym(row.trump):<5} {pct(row.p_make):>8} "
                     f"{interval(row.p_make_lo, row.p_make_hi):>13} {row.mean_meld:6.0f} {row.mean_tricks:6.0f} "
                     f"{row.ev:+8.1f} {row.ev_se:5.1f}   "
                     + " ".join("  -" if per[s] != per[s] else f"{100 * per[s]:3.0f}" for s in "SCDH"))
    p = t[t["action"] == "pass"].iloc[0]
    pm = m["pass"]
    calls = t[t["action"] == "call"]
    mark = "→" if rec == "pass" and calls.empty else " "
    lines += [f"{mark}pass {'':<34}{p.ev:+8.1f} {p.ev_se:5.1f}   then: your side declares "
              f"{100 * pm['p_we_declare']:.0f}% (partner {100 * pm['p_partner_declares']:.0f}%), makes "
              f"{100 * pm['p_we_make']:.0f}%; they make {100 * pm['p_they_make']:.0f}%"]
    legend = "meld: your side's after the passes; tricks: its trick points"
    if not calls.empty:
        lines += _render_calls(calls, p, rec)
        legend = ("the rows above: if you declare at that bid naming that trump; " + legend + "; the calls: your "
                  "side's result for the whole hand after your call, the auction going on by the policy; vs best: "
                  "the call's EV minus the best call's on the same deals (95% interval)")
    lines += ["", legend + "; " + m["ev_meaning"], "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def _render_calls(calls, p, rec) -> list[str]:
    """The "here" rows: pass and each bid, then the auction by the policy."""
    best_call = "pass" if rec == "pass" else " ".join(rec.split()[:2])
    rows = [("pass", p)] + [(f"bid {int(r.bid)}", r) for _, r in calls.iterrows()]
    centre = next((i for i, (name, _) in enumerate(rows) if name == best_call), 0)
    lo, hi = max(1, centre - BID_WINDOW), min(len(rows), centre + BID_WINDOW + 1)
    header = (f"  {'call':<9} {'EV':>8} {'±se':>5} {'vs best':>8} {'95% interval':>16}  {'we declare':>10} "
              f"{'we make':>8} {'they make':>9}")
    out = ["", "after your call, the auction going on by the policy:", header, "-" * len(header)]
    for i, (name, r) in enumerate(rows):
        if i and (i < lo or i >= hi):
            if i == lo - 1 or i == hi:
                out.append(f"  … ({lo - 1 if i < lo else len(rows) - hi} more bids: --json or --csv for all)")
            continue
        mark = "→" if name == best_call else " "
        out.append(f"{mark} {name:<9} {r.ev:+8.1f} {r.ev_se:5.1f} {r.vs_best:+8.1f} "
                   f"{r.vs_best_lo:+7.1f} to {r.vs_best_hi:+5.1f}  {pct(r.p_we_declare):>10} "
                   f"{pct(r.p_make):>8} {pct(r.p_they_make):>9}")
    return out


def render_pass(answer, top=15) -> str:
    m = answer.meta
    who = ("the declarer's partner, passing to the declarer" if m["role"] == "partner"
           else f"the declarer, passing back (received {m['received']})")
    lines = [f"Pinochle — pass, as {who}; {_sym(m['trump'])} trump at {m['bid']}",
             f"hand {m['hand']}; {m['candidates']} candidate passes", _run_line(answer), ""]
    w = max(12, max(len(c) for c in answer.table["cards"]))
    header = (f"  {'pass':<{w}} {'P(make)':>8} {'95% interval':>13} {'meld':>6} {'tricks':>6} {'EV':>8} {'±se':>5}")
    lines += [header, "-" * len(header)]
    lines += top_lines(answer.table, top, lambda row, mark: (
        f"{mark}{row.cards:<{w}} {pct(row.p_make):>8} {interval(row.p_make_lo, row.p_make_hi):>13} "
        f"{row.mean_meld:6.0f} {row.mean_tricks:6.0f} {row.ev:+8.1f} {row.ev_se:5.1f}"))
    if not answer.table.iloc[0]["policy"]:
        lines.append("* the policy's own choice")
    lines += ["", "meld: the declaring side's after both passes; tricks: its trick points; " + m["ev_meaning"],
              "", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
