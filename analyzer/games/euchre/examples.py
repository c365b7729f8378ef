"""Euchre: example deals behind an ``order`` or ``call`` answer (``--examples N``).

The question's first deals are replayed one by one by ``replay.question_examples`` (the
same deals, auction, pickup and play as the run) for the recommended action and the next
best (by the answer's key: EV, or P(win) with a score); the deals where the two part ways
most are shown (``sim.examples.pick``) with the hands, the upcard (or the card turned
down), the dealer and the passes heard, and for each of the two actions who made trump
and in what, alone or not, the dealer's discard when he picked up, and the play trick by
trick (double-dummy: the result only, the tricks being solved rather than played).
"""

from __future__ import annotations

import numpy as np

from ...cards import SUIT_SYMBOLS
from ...fmt import percent
from ...sim import examples as shared
from .deck import JOKER_NAT_BIT, N_TRICKS, nat_bit
from .rules import JACK_POS, JOKER_POS, LEFT_POS, RIGHT_POS

# deals replayed to choose from, per play model (at most the run's deals)
SCAN = {"heuristic": 2048, "dd": 512, "pimc": 48}
OUTCOME_TEXT = ("you make it", "you march", "you march alone", "you are euchred",
                "they make it", "they march", "they march alone", "they are euchred", "redeal")


def seat_names(n: int) -> list[str]:
    """Seat 0 (you) is South; play goes clockwise: West, North (your partner), East."""
    return ["S", "W", "N", "E"] if n == 4 else ["S", "N"]


def next_best(table, best: str, key: str) -> str | None:
    """The action of the best row after ``best`` by ``key``."""
    rows = table[table["action"] != best]
    return None if rows.empty else rows.loc[rows[key].idxmax()]["action"]


def natural_of(bit: int, trump: int) -> int:
    """The natural bit of a card at layout bit ``bit`` of trump suit ``trump``
    (``rules.from_trump`` for one card)."""
    lane, pos = bit >> 4, bit & 15
    if lane == trump and pos in (RIGHT_POS, LEFT_POS, JOKER_POS):
        return {RIGHT_POS: 16 * trump + JACK_POS, LEFT_POS: 16 * (trump ^ 1) + JACK_POS,
                JOKER_POS: JOKER_NAT_BIT}[pos]
    return bit


def tricks_of(trace, trump: int, name, card_of) -> list[dict]:
    """The play (``play``'s trace rows: trick, seat, layout bit, lane led) as tricks of
    [seat, card] with their winner: the highest trump, else the highest card of the lane led
    (in trump's layout a higher bit is the stronger card of its lane)."""
    out = []
    for t in range(N_TRICKS):
        rows = [r for r in trace if r[0] == t]
        if not rows:
            continue
        led = int(rows[0][3])
        lane = trump if any(int(r[2]) >> 4 == trump for r in rows) else led
        win = max((r for r in rows if int(r[2]) >> 4 == lane), key=lambda r: int(r[2]))
        out.append({"trick": t + 1, "cards": [[name[int(r[1])], card_of(natural_of(int(r[2]), trump))] for r in rows],
                    "winner": name[int(win[1])]})
    return out


def question_examples(n: int, *, table, best: str, key: str, values, action_rows: dict, actions, deck, seed: int,
                      play: str, n_worlds: int, deals: int, kernel: dict,
                      question: str) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for an ``order`` or ``call`` answer (``questions._ask``
    passes what its run used: ``values``, the value of each outcome by ``key``;
    ``action_rows``, each table action's index in ``actions``, the kernel's), and a note
    when none could be shown."""
    from .bidding import DEFAULT_POLICY
    from .questions import BATCH, solver_arrays
    from .replay import (X_ALONE, X_CAT, X_DISCARD, X_MAKER, X_ROUND, X_SIZE, X_TRICKS, X_TRUMP, X_W,
                         question_examples as replay)
    from .scoring import OUTCOME_POINTS

    other = next_best(table, best, key)
    if other is None:
        return [], "examples: only one action is open here, nothing to compare"
    pair = [best, other]
    rows = np.array([action_rows[a] for a in pair], np.int64)
    scan = min(SCAN[play], deals)
    k = kernel
    nn = k["n"]
    hands = np.zeros((scan, nn), np.uint64)
    res = np.zeros((scan, 2, X_SIZE), np.int64)
    traces = np.full((scan, 2, N_TRICKS * nn, 4), -1, np.int64)
    tt, dstats = solver_arrays(play)
    replay(k["key0"], np.int64(0), np.int64(scan), k["pool"], k["sizes"], k["constrained"], k["free"], k["table"],
           k["my"], k["up"], np.int64(nn), np.int64(k["dealer"]), np.int64(k["decision_turn"]), k["acts"],
           k["discards"], rows, k["tables"], np.int64(k["flags"]), DEFAULT_POLICY, np.int64(BATCH),
           np.int64(n_worlds) if play == "pimc" else None, tt, dstats, hands, res, traces)
    values = np.asarray(values, float)
    per_deal = values[res[:, :, X_CAT]]
    valid = res[:, 0, X_W] > 0
    chosen = shared.pick(per_deal[:, 0], per_deal[:, 1], valid, n)
    labels = {a: table.loc[table["action"] == a, "label"].iloc[0] for a in pair}
    if not chosen:
        return [], (f"examples: the first {scan:,} deals give {labels[best]} and {labels[other]} the same "
                    f"result on every deal; nothing to show")
    name = seat_names(nn)
    id_of = {nat_bit(c): i for i, c in enumerate(deck.codes)}

    def card_of(bit: int) -> str:
        return deck.format(id_of[int(bit)])

    def cards_of(mask) -> str:
        m = int(mask)
        return deck.format_cards(sorted(id_of[b] for b in range(64) if (m >> b) & 1))

    dealer = k["dealer"]
    up_bit = int(k["up"]).bit_length() - 1
    up_text = card_of(up_bit)
    heard = ([] if up_bit == JOKER_NAT_BIT else
             [f"{name[(dealer + 1 + t) % nn]} pass" for t in range(k["decision_turn"])])
    what = "upcard" if question == "order" else "turned down"
    p_win = key == "p_win"

    def value_text(v: float) -> str:
        return f"P(win) {percent(v)}" if p_win else f"{v:+.0f}"

    out = []
    for i, kind in chosen:
        seats = {name[s]: cards_of(hands[i, s]) for s in range(nn)}
        you = name[0]
        drawn = dict(seats, **{you: seats[you] + " (you)"})
        dealt = (1 << up_bit) | int(np.bitwise_or.reduce(hands[i]))
        undealt = cards_of(sum(1 << b for b in id_of if not (dealt >> b) & 1))
        extra = {"Upcard" if question == "order" else "Turned down": up_text, "Dealer": name[dealer],
                 "Undealt": undealt}
        opts = []
        for r, action in enumerate(pair):
            rec = res[i, r]
            cat = int(rec[X_CAT])
            v = float(per_deal[i, r])
            opt = {"action": action, "label": labels[action], "value": v, "points": OUTCOME_POINTS[cat],
                   "outcome": OUTCOME_TEXT[cat]}
            if rec[X_MAKER] < 0:
                opt.update(maker=None, summary=f"{labels[action]}: nobody makes trump, redeal ({value_text(v)})")
                opts.append(opt)
                continue
            maker, trump, alone = int(rec[X_MAKER]), int(rec[X_TRUMP]), bool(rec[X_ALONE])
            makers = [name[s] for s in range(nn) if s % 2 == maker % 2 and not (alone and s != maker)]
            tricks = int(rec[X_TRICKS])
            play_list = tricks_of(traces[i, r], trump, name, card_of)
            opt.update(maker=name[maker], trump=SUIT_SYMBOLS[trump], alone=alone, round=int(rec[X_ROUND]),
                       makers=makers, tricks=tricks, play=play_list)
            summary = (f"{labels[action]}: {name[maker]} makes {SUIT_SYMBOLS[trump]}{' alone' if alone else ''}"
                       f" (round {int(rec[X_ROUND])})")
            if rec[X_DISCARD] >= 0:
                opt["discard"] = card_of(rec[X_DISCARD])
                summary += f", {name[dealer]} picks up {up_text} and discards {opt['discard']}"
            summary += (f"; the makers take {tricks} trick{'s' if tricks != 1 else ''}: {OUTCOME_TEXT[cat]} "
                        f"({OUTCOME_POINTS[cat]:+d}" + (f", {value_text(v)})" if p_win else ")"))
            if not play_list:
                summary += " (solved double-dummy: no play to show)"
            opt["summary"] = summary
            opts.append(opt)
        vs = (f"{value_text(opts[0]['value'])} against {value_text(opts[1]['value'])}" if p_win else
              f"{opts[0]['value']:+.0f} against {opts[1]['value']:+.0f} points")
        why = (f"{labels[best]} (recommended) {'does worse' if kind == shared.WORSE else 'does better'} here "
               f"than {labels[other]}: {vs}")
        before = [f"  {what} {up_text}, {name[dealer]} deals"]
        if heard:
            rounds = [heard[:nn], heard[nn:]] if len(heard) > nn else [heard]
            before.append("  heard: " + "; ".join(f"round {j + 1}: {', '.join(h)}" for j, h in enumerate(rounds)))
        out.append({"deal": int(i), "seed": seed, "why": why, "kind": kind, "you": you, "hands": seats,
                    what.replace(" ", "_"): up_text, "dealer": name[dealer], "undealt": undealt, "heard": heard,
                    "diagram": shared.diagram(drawn, ("N", "W", "E", "S") if nn == 4 else None, extra),
                    "before": before, "options": opts})
    return out, shared.fewer(len(out), n, scan)
