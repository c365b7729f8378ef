"""The command line's text of Rummy 500's answers (``analyzer rummy500 ...``): one
rendering a question, named by its registration (``front.py``: ``render``)."""

from __future__ import annotations




def _show(held, declared):
    return " ".join(h if h == d else f"{h}={d}" for h, d in zip(held, declared))


def render_melds(out) -> str:
    lines = [f"Rummy 500 — best melds for {out['hand']} ({out['deck']})", ""]
    if out["table"]:
        lines.append("table: " + "; ".join(f"[{i + 1}] {m}" for i, m in enumerate(out["table"])))
    for held, dec, v in zip(out["melds"], out["declared"], out["meld_values"]):
        kind = "set" if len({d[:-1] for d in dec}) == 1 else "run"
        lines.append(f"  {kind:<8}{_show(held, dec):<28}{v:>4}")
    for lay in out["layoffs"]:
        lines.append(f"  {'lay off':<8}{_show(lay['cards'], lay['declared']) + ' on [' + str(lay['onto'] + 1) + ']':<28}"
                     f"{lay['value']:>4}")
    if not out["melds"] and not out["layoffs"]:
        lines.append("  no meld")
    left = " ".join(out["left"]) or "nothing"
    lines += ["", f"melded {out['melded_value']}, left in hand {out['left_value']}: {left}"]
    return "\n".join(lines)




def render_tournament(answer) -> str:
    from ...fmt import interval, pct

    m = answer.meta
    lines = [f"Rummy 500 — tournament, {m['players']} players, {m['deck']}",
             f"{m['games']:,} games to {m['target']} ({m['hands_per_game']:.1f} ± {m['hands_per_game_se']:.1f} "
             f"hands a game); seed {m['seed']} ({answer.extra.get('elapsed', 0):.1f} s)", ""]
    w = max(10, *(len(s) for s in answer.table["strategy"]))
    header = f"{'strategy':<{w}}  {'seat-games':>10}  {'P(win)':>7}  {'95% interval':>12}  {'points/hand':>11} {'±se':>5}  {'out/hand':>8}"
    lines += [header, "-" * len(header)]
    for r in answer.table.itertuples():
        lines.append(f"{r.strategy:<{w}}  {r.seat_games:>10,}  {pct(r.p_win):>7}  {interval(r.p_win_lo, r.p_win_hi):>12}"
                     f"  {r.mean_points_per_hand:>11.1f} {r.points_per_hand_se:>5.1f}  {pct(r.p_out_per_hand):>8}")
    lines += ["", f"A fair share is {100 / m['players']:.1f}% per seat.", f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)


def render_position(answer) -> str:
    from ...fmt import interval, pct

    m = answer.meta
    game = m["scores"] is not None
    lines = [f"Rummy 500 — {answer.question}: hand {m['hand']}, pile {m['pile'] or '(empty)'}",
             f"{m['players']} players, {m['deck']}; table: {'; '.join(m['table']) or 'no melds'}; opponents hold "
             f"{', '.join(str(h) for h in m['held'])}; stock {m['stock']}",
             f"{m['deals']:,} deals, everyone {m['strategy']} afterwards; seed {m['seed']} "
             f"({answer.extra.get('elapsed', 0):.1f} s)", ""]
    w = max(8, *(len(a) for a in answer.table["action"]))
    take = answer.question == "take"
    # the ranking column first: P(win the game) with --scores, else the margin
    interval_head = f"{'95% interval':>12}"
    vs_stock = f"{'vs stock':>8} {'±se':>4}"
    cols = [(f"{'P(win)':>6} {interval_head}", lambda r: f"{pct(r.p_win):>6} {interval(r.p_win_lo, r.p_win_hi):>12}")
            ] if game else []
    cols += [(f"{'margin':>7} {'±se':>4}", lambda r: f"{r.mean_margin:>+7.1f} {r.margin_se:>4.1f}")]
    if take:
        cols += [(vs_stock, lambda r: f"{r.margin_vs_stock:>+8.1f} {r.margin_vs_stock_se:>4.1f}")]
    cols += [(f"{'P(out)':>6} {interval_head}", lambda r: f"{pct(r.p_out):>6} {interval(r.p_out_lo, r.p_out_hi):>12}"),
             (f"{'score':>6} {'±se':>4}", lambda r: f"{r.mean_score:>+6.1f} {r.score_se:>4.1f}")]
    if take:
        cols += [(vs_stock, lambda r: f"{r.gain_vs_stock:>+8.1f} {r.gain_vs_stock_se:>4.1f}")]
    else:
        cols += [(f"{'taken':>6}  {'Rummy!':>6}", lambda r: f"{pct(r.p_taken):>6}  {pct(r.p_rummy):>6}")]
    header = f"  {'option':<{w}}  " + "  ".join(h for h, _ in cols) + ("  meld" if take else "")
    lines += [header, "-" * len(header)]
    for r in answer.table.itertuples():
        mark = "→ " if r.action == answer.best else "  "
        lines.append(mark + f"{r.action:<{w}}  " + "  ".join(f(r) for _, f in cols)
                     + (f"  {r.meld}" if take and r.meld else ""))
    lines += ["", f"→ the best by {'P(win the game)' if game else 'the margin'}. margin: your points from now to "
              "the end of the hand (melded minus held)", "minus the best opponent's; P(out): you go out first; "
              "score: your points alone" + ("; vs stock: the column before it" if take else ""),
              *(["minus the first row's, on the same deals"] if take else []),
              f"Recommendation: {answer.recommendation}"]
    return "\n".join(lines)
