"""Pinochle: example deals behind a ``bid`` answer (``--examples N``).

Deal i of the run is replayed alone by the run's own chunk (over deals i..i: its
statistics are that deal's values) for the recommended row and the next best (another bid
or trump, or passing); the deals where the two part ways most (``sim.examples.pick``)
are shown with the four hands as dealt, and for a bid the passes, the meld and the twelve
tricks as the heuristic players play them (``play.pass_and_meld``, ``play.play_hand``
recording); after a pass, who declared what and how it ended.
"""

from __future__ import annotations

import numpy as np

from ...bits import ZERO
from ...sim import examples as shared
from ...sim.rng import stream_key
from ...cards import SUIT_SYMBOLS, SUITS
from .deck import format_mask

SCAN = {"heuristic": 300, "dd": 24, "pimc": 3}     # deals replayed: a single-dummy deal takes the solver seconds
N_TRICKS = 12
SEAT_NAMES = [f"seat {s + 1}" for s in range(4)]


def _chosen(value, valid, n, scan, what):
    """(the deals to show, where the two options part ways, ``shared.pick``; the note when
    there are none)."""
    chosen = shared.pick(value[:, 0], value[:, 1], valid, n)
    return chosen, f"examples: the first {scan:,} deals come to the same for both {what}; nothing to show"


def _rows(table):
    """The rows an example may compare: the best trump at each bid level, and pass."""
    from .questions import best_trump_rows
    bids = best_trump_rows(table)
    return [("bid", int(r.bid), r.trump, float(r.ev)) for r in bids.itertuples()] + \
        [("pass", None, None, float(table.loc[table["action"] == "pass", "ev"].iloc[0]))]


def _label(row) -> str:
    return "pass" if row[0] == "pass" else f"bid {row[1]} {SUIT_SYMBOLS[SUITS.index(row[2])]}"


def bid_examples(n: int, *, table, best: str, chunk, layout, kernel: dict, seed: int, deals: int, key0,
                 play: str) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a Pinochle ``bid`` answer, and a note when none."""
    from ...sim.constrained import C_W
    from .play import PS_BID, PS_EV, PS_PARTNER, PS_THROWN, PS_WE_DECLARE, PS_WE_MAKE

    if (table["action"] == "call").any():
        return _call_examples(n, table=table, best=best, chunk=chunk, layout=layout, kernel=kernel, seed=seed,
                              deals=deals, key0=key0, play=play)
    rows = _rows(table)
    if best == "pass":
        first = next(r for r in rows if r[0] == "pass")
    else:
        _, b_bid, b_trump = best.split()
        first = next(r for r in rows if r[0] == "bid" and r[1] == int(b_bid) and r[2] == b_trump)
    rest = [r for r in rows if r != first]
    if not rest:
        return [], "examples: only one option here, nothing to compare"
    second = max(rest, key=lambda r: r[3])
    pair = (first, second)
    bid0 = kernel["bid0"]
    scan = min(SCAN[play], deals)
    value = np.zeros((scan, 2))
    made = np.zeros((scan, 2), bool)
    valid = np.zeros(scan, bool)
    after_pass = np.zeros((scan, 5))
    for i in range(scan):
        v = layout.unpack(chunk(i, 1))
        w = float(v["counters"][C_W])
        if w <= 0:
            continue
        valid[i] = True
        p = v["pstats"]
        for k, row in enumerate(pair):
            if row[0] == "pass":
                value[i, k] = p[PS_EV] / w
                made[i, k] = p[PS_WE_MAKE] > 0
            else:
                t, L = SUITS.index(row[2]), (row[1] - bid0) // 10
                value[i, k] = v["levels"][t, L, 1] / w
                made[i, k] = v["levels"][t, L, 0] > 0
        after_pass[i] = (p[PS_WE_DECLARE] / w, p[PS_PARTNER] / w, p[PS_BID] / w, p[PS_THROWN] / w, p[PS_WE_MAKE] / w)
    chosen, note = _chosen(value, valid, n, scan, "options")
    if not chosen:
        return [], note
    k = kernel
    asker = k["asker"]
    names = SEAT_NAMES
    out = []
    for i, which in chosen:
        hands, seats, drawn = _dealt(i, asker, k, key0, names)
        opts = []
        for r, row in enumerate(pair):
            opt = {"action": _label(row), "ev": float(value[i, r]), "made": bool(made[i, r])}
            if row[0] == "pass":
                ours, partner, bid, thrown, we_make = after_pass[i]
                who = "your partner" if partner else ("you" if ours else "the other side")
                summary = (f"pass: the auction goes on; {who} declare{'s' if who != 'you' else ''} at {bid:.0f}"
                           f"{', thrown in' if thrown else ''}; your side's EV {value[i, r]:+.0f} "
                           "(the play after a pass is not shown)")
                opt.update(declarer_side="ours" if ours else "theirs", bid=int(bid), thrown_in=bool(thrown))
            else:
                t = SUITS.index(row[2])
                shown = play_shown(hands, asker, t, row[1], ZERO, ZERO, k, names,
                                   pimc=(stream_key(key0, np.int64(i)), k["aims"][t], t) if play == "pimc" else None)
                passed = shown["passes"]
                summary = (f"{_label(row)}: partner passes {passed['to the declarer']}, you pass back "
                           f"{passed['back']}; meld {shown['meld']} against {shown['meld_against']}"
                           f"{'; thrown in' if shown['thrown_in'] else ''}; {'made' if made[i, r] else 'set'}, "
                           f"your side's EV {value[i, r]:+.0f}")
                if play == "dd" and shown["play"]:
                    summary += " (the points solved double-dummy; the play shown is the heuristic players')"
                opt.update(shown)
            opt["summary"] = summary
            opts.append(opt)
        out.append(_entry(i, which, seed, names[asker], seats, drawn, opts, value))
    return out, shared.fewer(len(out), n, scan)


def _call_examples(n: int, *, table, best: str, chunk, layout, kernel: dict, seed: int, deals: int, key0,
                   play: str) -> tuple[list[dict], str | None]:
    """``bid_examples`` when the answer compares calls (the "here" rows: pass or a bid, then
    the auction by the policy): the recommended call against the next best by EV, each
    deal's outcome after the call (who declared at what, made or set)."""
    from ...sim.constrained import C_W
    from .play import HS_BID, HS_EV, HS_THROWN, HS_WE_DECLARE, HS_WE_MAKE

    bid0 = kernel["bid0"]
    ranked = table[table["action"].isin(["call", "pass"])].sort_values("ev", ascending=False)
    names_of = ["pass" if r.action == "pass" else f"bid {int(r.bid)}" for r in ranked.itertuples()]
    first = "pass" if best == "pass" else " ".join(best.split()[:2])
    if len(names_of) < 2:
        return [], "examples: only one call here, nothing to compare"
    second = next(x for x in names_of if x != first)
    pair = (first, second)
    row_of = {x: (0 if x == "pass" else 1 + (int(x.split()[1]) - bid0) // 10) for x in pair}
    scan = min(SCAN[play], deals)
    value = np.zeros((scan, 2))
    after = np.zeros((scan, 2, 4))
    valid = np.zeros(scan, bool)
    for i in range(scan):
        v = layout.unpack(chunk(i, 1))
        w = float(v["counters"][C_W])
        if w <= 0:
            continue
        valid[i] = True
        for r, x in enumerate(pair):
            h = v["here"][row_of[x]]
            value[i, r] = h[HS_EV] / w
            after[i, r] = (h[HS_WE_DECLARE] / w, h[HS_BID] / w, h[HS_THROWN] / w, h[HS_WE_MAKE] / w)
    chosen, note = _chosen(value, valid, n, scan, "calls")
    if not chosen:
        return [], note
    asker = kernel["asker"]
    names = SEAT_NAMES
    out = []
    for i, which in chosen:
        _, seats, drawn = _dealt(i, asker, kernel, key0, names)
        opts = []
        for r, x in enumerate(pair):
            ours, bid, thrown, we_make = after[i, r]
            who = "your side" if ours else "the other side"
            made = bool(we_make) if ours else None
            summary = (f"{x}: the auction goes on by the policy; {who} declares at {bid:.0f}"
                       f"{', thrown in' if thrown else ''}{'' if made is None else (', made' if made else ', set')}; "
                       f"your side's EV {value[i, r]:+.0f}")
            opts.append({"action": x, "ev": float(value[i, r]), "declarer_side": "ours" if ours else "theirs",
                         "bid": int(bid), "thrown_in": bool(thrown), "made": bool(we_make), "summary": summary})
        out.append(_entry(i, which, seed, names[asker], seats, drawn, opts, value))
    return out, shared.fewer(len(out), n, scan)


def play_shown(hands, declarer: int, t: int, bid: int, give, back, k: dict, names, pimc=None) -> dict:
    """The hand from the end of the auction as the run plays it (``play.finish_hand``'s
    steps): the passes (``give``/``back``: 0 the policy's, or the cards; ``give``
    ALREADY_PASSED when the declarer holds them), the meld, the throw-in and the twelve
    tricks recorded; ``hands`` is not modified.  ``pimc``: (the deal's key, the aim, the
    world stream) to record the single-dummy play the run played (``finish_hand_pimc``)."""
    from .play import (ALREADY_PASSED, O_MELD_D, O_MELD_O, O_SIZE, O_THROWN, TRACE_COLS, finish_hand_pimc,
                       pass_and_meld, play_hand)
    from .play import _thrown as thrown_in
    from .pimc import _stream
    from .worlds import MODE_SAMPLE, fresh_search, world_key

    work = hands.copy()
    o = np.zeros(O_SIZE, np.int64)
    given, passed_back = pass_and_meld(work, np.int64(declarer), np.int64(t), k["reuse"], np.uint64(give),
                                       np.uint64(back), o)
    # the cards passed, not the hands' differences (a card received may be passed back)
    passes = {"to the declarer": format_mask(given) if given != ALREADY_PASSED else None,
              "back": format_mask(passed_back)}
    tricks = []
    if not thrown_in(np.int64(bid), k["any_throw"], k["policies"], np.int64(declarer), o):
        trace = np.full((4 * N_TRICKS, TRACE_COLS + 1), -1, np.int64)     # with TR_WINNER
        if pimc is None:
            play_hand(k["rules4"][t], k["vals4"][t], work, np.int64(declarer), trace, True, np.int64(0), ZERO)
        else:
            from .dd import new_dd_table, new_stats
            dkey, aim, stream = pimc
            again = hands.copy()
            tt, st, gen = new_dd_table(), new_stats(), np.ones(1, np.int64)
            fresh_search(tt, st, gen)
            finish_hand_pimc(k["rules4"][t], k["vals4"][t], k["rules_dd4"][t], again, np.int64(declarer), np.int64(t),
                             np.int64(0), np.int64(aim), k["reuse"], k["any_throw"], k["save"], k["policies"],
                             np.uint64(give), np.uint64(back), ZERO, np.zeros(O_SIZE, np.int64), trace,
                             np.int64(k["n_worlds"]), np.int64(MODE_SAMPLE),
                             _stream(np.uint64(world_key(np.uint64(dkey))), stream), tt, st, gen)
        tricks = _tricks(trace, names)
    return {"passes": passes, "meld": int(o[O_MELD_D]), "meld_against": int(o[O_MELD_O]),
            "thrown_in": bool(o[O_THROWN]), "play": tricks}


def pass_examples(n: int, *, table, sets: list, chunk, layout, kernel: dict, role_partner: bool, trump: int,
                  bid: int, seed: int, deals: int, key0) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a Pinochle ``pass`` answer: the best pass against the
    next best, deal i replayed alone by the run's own chunk (``stats[o]``: weight, made,
    EV), the hands as dealt and each pass played on (``play_shown``)."""
    from ...sim.constrained import C_W
    from .play import ALREADY_PASSED

    if len(table) < 2:
        return [], "examples: only one pass here, nothing to compare"
    cards = [format_mask(m) for m in sets]
    pair = [cards.index(table.iloc[0]["cards"]), cards.index(table.iloc[1]["cards"])]
    scan = min(SCAN["heuristic"], deals)
    value = np.zeros((scan, 2))
    made = np.zeros((scan, 2), bool)
    valid = np.zeros(scan, bool)
    for i in range(scan):
        v = layout.unpack(chunk(i, 1))
        w = float(v["counters"][C_W])
        if w > 0:
            valid[i] = True
            for r, o in enumerate(pair):
                value[i, r] = v["stats"][o, 2] / w
                made[i, r] = v["stats"][o, 1] > 0
    chosen, note = _chosen(value, valid, n, scan, "passes")
    if not chosen:
        return [], note
    k = kernel
    asker = 2 if role_partner else 0
    names = ["declarer", "left", "partner", "right"]
    you = names[asker]
    hands = np.empty(4, np.uint64)
    out = []
    for i, which in chosen:
        _deal(hands, i, asker, k, key0)
        seats = {names[s]: format_mask(hands[s]) for s in range(4)}
        drawn = dict(seats, **{you: seats[you] + " (you)"})
        opts = []
        for r, o in enumerate(pair):
            give, back = (sets[o], ZERO) if role_partner else (ALREADY_PASSED, sets[o])
            shown = play_shown(hands, 0, trump, bid, give, back, k, names)
            summary = (f"pass {cards[o]}: the declaring side melds {shown['meld']} against {shown['meld_against']}"
                       f"{'; thrown in' if shown['thrown_in'] else ''}; {'made' if made[i, r] else 'set'}, "
                       f"EV {value[i, r]:+.0f}")
            opts.append({"action": f"pass {cards[o]}", "ev": float(value[i, r]), "made": bool(made[i, r]),
                         "summary": summary, **shown})
        out.append(_entry(i, which, seed, you, seats, drawn, opts, value))
    return out, shared.fewer(len(out), n, scan)


def _dealt(i: int, asker: int, k: dict, key0, names):
    """Deal i of the run: (the hands, each seat's cards as text, the same with the asker's
    marked "(you)")."""
    hands = np.empty(4, np.uint64)
    _deal(hands, i, asker, k, key0)
    seats = {names[s]: format_mask(hands[s]) for s in range(4)}
    return hands, seats, dict(seats, **{names[asker]: seats[names[asker]] + " (you)"})


def _entry(i: int, which, seed: int, you: str, seats: dict, drawn: dict, opts: list, value) -> dict:
    """One example deal: the recommended option against the next best on deal ``i``."""
    why = (f"{opts[0]['action']} (recommended) {'does worse' if which == shared.WORSE else 'does better'} here "
           f"than {opts[1]['action']}: EV {value[i, 0]:+.0f} against {value[i, 1]:+.0f}")
    return {"deal": int(i), "seed": seed, "why": why, "kind": which, "you": you, "hands": seats,
            "diagram": shared.diagram(drawn), "before": [], "options": opts}


def _deal(hands, i: int, asker: int, k: dict, key0) -> None:
    """Deal i of the run into ``hands`` (``play.deal_heard`` from the deal's stream)."""
    from .play import deal_heard
    hands[asker] = k["my_hand"]
    deal_heard(np.uint64(stream_key(key0, np.int64(i))), k["pool"], np.empty(k["pool"].shape[0], np.int64), hands,
               k["sizes"], k["constrained"], k["free"], k["lo"], k["hi"], k["want"], k["policies"], k["reuse"],
               np.empty(4, np.float64))


def _tricks(trace, names) -> list[dict]:
    """``play_hand``'s recorded trace (with the TR_WINNER column) as tricks."""
    tricks = []
    for row in trace:
        if row[0] < 0:
            continue
        t = int(row[0])
        while len(tricks) <= t:
            tricks.append({"trick": len(tricks) + 1, "cards": [], "winner": names[int(row[4])]})
        tricks[t]["cards"].append([names[int(row[1])], format_mask(1 << int(row[2]))])
    return tricks


def call_examples3(n: int, *, chunk, layout, rows: tuple, labels: tuple, kernel: dict, seed: int,
                   deals: int) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a three-handed ``bid`` answer: the recommended call
    (``rows[0]``, a row of the "here" stats) against the next best (``rows[1]``), deal i
    replayed alone by the run's own chunk; the three hands and the widow as dealt
    (``play.deal3_heard``: the draw that made the calls heard) and, after each call, who
    ended up the bidder at what and how it ended."""
    from .play import (H3_BID, H3_CONCEDED, H3_EV, H3_I_BID, H3_I_MADE, H3_REDEAL, H3_THEY_MADE, K3_DEALS,
                       deal3_heard)

    scan = min(SCAN["heuristic"], deals)
    value = np.zeros((scan, 2))
    after = np.zeros((scan, 2, 6))
    valid = np.zeros(scan, bool)
    for i in range(scan):
        v = layout.unpack(chunk(i, 1))
        if v["counters"][K3_DEALS] <= 0:
            continue
        valid[i] = True
        for j, r in enumerate(rows):
            h = v["here"][r]
            value[i, j] = h[H3_EV]
            after[i, j] = (h[H3_REDEAL], h[H3_I_BID], h[H3_BID], h[H3_I_MADE], h[H3_THEY_MADE], h[H3_CONCEDED])
    chosen, note = _chosen(value, valid, n, scan, "calls")
    if not chosen:
        return [], note
    k = kernel
    asker = k["asker"]
    names = [f"seat {s + 1}" for s in range(3)]
    deal, seats = np.empty(3, np.uint64), np.empty(3, np.uint64)
    out = []
    for i, which in chosen:
        deal3_heard(np.uint64(stream_key(k["key0"], np.int64(i))), k["pool"], k["counts"], k["mine"],
                    np.int64(asker), k["heard"], k["reuse"], k["bids"], k["units"], k["policy"], np.int64(k["all_pass"]),
                    np.int64(k["max_draws"]), k["conditioned"], np.zeros(3, np.uint64),
                    np.empty(k["pool"].shape[0], np.int64), deal, seats, np.empty(3), np.empty(4), np.empty(4, np.int64))
        shown = {names[s]: format_mask(seats[s]) for s in range(3)}
        shown["widow"] = format_mask(deal[0])
        drawn = dict(shown, **{names[asker]: shown[names[asker]] + " (you)"})
        opts = []
        for j, label in enumerate(labels):
            redeal, i_bid, bid, i_made, they_made, conceded = after[i, j]
            if redeal:
                what = "everybody passes: a redeal"
            else:
                made = i_made or they_made
                if i_bid:
                    end = "concede" if conceded else ("make it" if made else "are set")
                    what = f"you end up the bidder at {bid:.0f} and {end}"
                else:
                    end = "concedes" if conceded else ("makes it" if made else "is set")
                    what = f"another player ends up the bidder at {bid:.0f} and {end}"
            opts.append({"action": label, "ev": float(value[i, j]), "bidder": None if redeal else
                         ("you" if i_bid else "another"), "bid": None if redeal else int(bid),
                         "made": bool(i_made or they_made), "conceded": bool(conceded), "redeal": bool(redeal),
                         "summary": f"{label}: the auction goes on by the policy; {what}; your units "
                                    f"{value[i, j]:+.1f}"})
        out.append(_entry(i, which, seed, names[asker], shown, drawn, opts, value))
    return out, shared.fewer(len(out), n, scan)


def play_examples2(n: int, *, chunk, layout, cards: tuple, labels: tuple, kernel: dict, seed: int,
                   deals: int) -> tuple[list[dict], str | None]:
    """Up to ``n`` example worlds for a two-handed ``play`` answer: the recommended card
    (``cards[0]``, a candidate's index) against the next best, world i replayed alone by
    the run's own chunk; the world as dealt (``two.play_world``: your opponent's concealed
    cards, the card under the stock, the stock's order) and each card's net for the rest of
    the hand on it, and whether it won the trick."""
    from .two import STOCK, play_world

    scan = min(SCAN["heuristic"], deals)
    value = np.zeros((scan, 2))
    won = np.zeros((scan, 2), bool)
    for i in range(scan):
        v = layout.unpack(chunk(i, 1))
        for j, c in enumerate(cards):
            value[i, j] = v["stats"][c, 0]
            won[i, j] = v["stats"][c, 2] > 0
    chosen, note = _chosen(value, np.ones(scan, bool), n, scan, "cards")
    if not chosen:
        return [], note
    k = kernel
    stock = np.zeros(STOCK, np.int64)
    out = []
    for i, which in chosen:
        opp, turned = play_world(np.uint64(k["key0"]), np.int64(i), k["pool"], np.int64(k["n_hidden"]),
                                 np.int64(k["turned"]), np.int64(k["trump"]), np.int64(k["t0"]),
                                 np.empty(k["pool"].shape[0], np.int64), stock)
        order = " ".join(format_mask(1 << int(b)) for b in stock[2 * k["t0"]:])
        shown = {"you": k["hand"], "opponent (concealed)": format_mask(int(opp)),
                 "stock (next first)": order, "under the stock": format_mask(1 << int(turned))}
        if k["their_known"]:
            shown["opponent (known)"] = k["their_known"]
        opts = [{"action": f"play {labels[j]}", "ev": float(value[i, j]), "wins_trick": bool(won[i, j]),
                 "summary": f"play {labels[j]}: {'wins' if won[i, j] else 'loses'} the trick; net "
                            f"{value[i, j]:+.0f} points for the rest of the hand"} for j in range(2)]
        entry = _entry(i, which, seed, "you", shown, dict(shown), opts, value)
        entry["why"] = entry["why"].replace("EV ", "net ")
        out.append(entry)
    return out, shared.fewer(len(out), n, scan)
