"""Rummy 500: example deals behind a ``take`` or ``discard`` answer (``--examples N``).

Deal i of the run is replayed alone by the run's own kernel (``questions.position_kernel``
over deals i..i: its statistics are that deal's values, and its template board holds the
deal as dealt: the opponents' hands and the stock).  The deals where the recommended
option and the next best part ways most (``sim.examples.pick``, by the margin over the
best opponent, or by winning the game with ``scores``) are shown with the hands, the
stock's next cards and what each option came to.
"""

from __future__ import annotations

import numpy as np

from ...sim import examples as shared
from . import play as P
from .deck import card_text, format_cards
from .melds import format_table

SCAN = 400           # deals replayed to choose from (at most the run's)
STOCK_SHOWN = 6      # the stock's next cards shown


def _hand_text(counts) -> str:
    return format_cards([b for b in range(counts.shape[0]) for _ in range(int(counts[b]))])


def position_examples(n: int, pos, option_list, rows, b: int, rank_col: str, kind: int, seed: int,
                      deals: int) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a take/discard answer: option ``b`` (recommended)
    against the next best by ``rank_col``; and a note when none could be shown."""
    from .questions import position_kernel

    order = sorted((o for o in range(len(rows)) if o != b), key=lambda o: -rows[o][rank_col])
    if not order:
        return [], "examples: only one option here, nothing to compare"
    s = order[0]
    chunk, layout = position_kernel(pos, option_list, kind, seed)
    scan = min(SCAN, deals)
    by_game = rank_col == "p_win"
    per = np.zeros((scan, 2, P.POS_STATS), np.int64)
    for i in range(scan):
        st = layout.unpack(chunk(i, 1))["opt"]
        per[i, 0], per[i, 1] = st[b], st[s]
    value = (2 * per[:, :, P.PS_WIN] - 1) if by_game else per[:, :, P.PS_MARGIN]
    chosen = shared.pick(value[:, 0], value[:, 1], np.ones(scan, bool), n)
    if not chosen:
        return [], f"examples: the first {scan:,} deals come to the same for both options; nothing to show"
    names = ["you"] + [f"opponent {p}" for p in range(1, pos.players)]
    out = []
    for i, which in chosen:
        board = P.Board()
        chunk(i, 1, board)
        hands = {names[p]: _hand_text(board.hands[p]) for p in range(pos.players)}
        stock = [card_text(int(c)) for c in board.stock[:board.sv[P.SV_NSTOCK]][::-1][:STOCK_SHOWN]]
        extra = {"pile (top last)": " ".join(card_text(c) for c in pos.pile) or "empty",
                 "stock, next cards": " ".join(stock) or "empty"}
        if pos.ntab:
            extra["table"] = "; ".join(format_table(pos.tab, pos.ntab))
        opts = []
        for r, o in enumerate((b, s)):
            rec = per[i, r]
            score, margin = int(rec[P.PS_SCORE]), int(rec[P.PS_MARGIN])
            summary = (f"{rows[o]['action']}: you score {score:+d} this hand, the best opponent {score - margin:+d} "
                       f"(margin {margin:+d}); you {'go out' if rec[P.PS_OUT] else 'do not go out'}, "
                       f"{int(rec[P.PS_TURNS])} turns")
            opt = {"action": rows[o]["action"], "score": score, "margin": margin, "out": bool(rec[P.PS_OUT]),
                   "turns": int(rec[P.PS_TURNS])}
            if by_game:
                opt["won_game"] = bool(rec[P.PS_WIN])
                summary += f"; you {'win' if rec[P.PS_WIN] else 'do not win'} the game"
            opt["summary"] = summary
            opts.append(opt)
        what = "win" if by_game else "margin"
        vals = [opts[0]["won_game"], opts[1]["won_game"]] if by_game else [opts[0]["margin"], opts[1]["margin"]]
        why = (f"{rows[b]['action']} (recommended) {'does worse' if which == shared.WORSE else 'does better'} here "
               f"than {rows[s]['action']}: {what} {vals[0]} against {vals[1]}")
        out.append({"deal": int(i), "seed": seed, "why": why, "kind": which, "you": "you", "hands": hands,
                    "pile": extra["pile (top last)"], "stock_next": stock, "diagram": shared.diagram(hands, None, extra),
                    "before": [], "options": opts})
    return out, shared.fewer(len(out), n, scan)
