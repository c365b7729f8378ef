"""Five Hundred: example deals behind a ``bid`` answer (``--examples N``).

The question's first deals are replayed one by one by ``heard.here_examples`` (the same
deals, auctions and play as the run) for the recommended call and the next best; the
deals where the two part ways most are shown (``sim.examples.pick``) with the hands, the
kitty, the calls heard, and for each of the two calls the contract the auction reached,
the contractor's discards and the play trick by trick.
"""

from __future__ import annotations

import numpy as np

from ...sim import examples as shared
from .deck import N_TRICKS

# deals replayed to choose from, per play model (at most the run's deals)
SCAN = {"heuristic": 2048, "dd": 48, "pimc": 12}


def _cards(tab, mask: int) -> str:
    return tab.deck.format_cards([d for d in range(tab.deck.size) if (int(mask) >> d) & 1])


def _inverse(tab, bts, strain: int) -> np.ndarray:
    """Deck id of each bit of a strain's layout (``play.relabel``'s inverse)."""
    inv = np.full(64, -1, np.int64)
    bt = bts[strain]
    for d in range(tab.deck.size):
        m = int(bt[d // 8, 1 << (d % 8)])
        if m:
            inv[(m & -m).bit_length() - 1] = d
    return inv


def next_best(table, best: str, key: str) -> str | None:
    """The action of the best allowed row after ``best`` by ``key``."""
    rows = table[table["allowed"] & (table["action"] != best)]
    if rows.empty:
        return None
    return rows.loc[rows[key].idxmax()]["action"]


def bid_examples(n: int, *, table, best: str, key: str, rows: list, order_l, tab, seed: int, key0, play: str,
                 n_worlds: int, deals: int, history, kernel: dict, seat_name) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a ``bid`` answer (``questions.bid`` passes what its
    run used), and a note when none could be shown."""
    from ...sim.models import CODES
    from ...sim.question import solver_arrays
    from .auction import LAD_KIND, PASS
    from .dd import new_dd_table, new_stats
    from .heard import X_C, X_D, X_EV, X_MADE, X_SIDE, X_SIZE, X_TRICKS, X_W, here_examples
    from .play import TR_WINNER, TRACE_COLS
    from .rules import MISERE

    other = next_best(table, best, key)
    if other is None:
        return [], "examples: only one call may be made here, nothing to compare"
    actions = list(table["action"])
    pair = [best, other]
    calls = np.array([rows[actions.index(a)] for a in pair], np.int64)
    scan = min(SCAN[play], deals)
    n_seats = tab.n_seats
    hands = np.zeros((scan, n_seats + 2), np.uint64)
    res = np.zeros((scan, 2, X_SIZE), np.int64)
    traces = np.full((scan, 2, N_TRICKS * n_seats, TRACE_COLS), -1, np.int64)
    k = kernel
    tt, dstats = solver_arrays(play != "heuristic", new_dd_table, new_stats)
    here_examples(key0, np.int64(0), np.int64(scan), k["pool"], k["sizes"], np.int64(k["asker"]), k["my_hand"],
                  k["order"], k["free"], k["hist"], k["st0"], calls, bool(k["contract_only"]), k["lad"], k["acfg"],
                  k["pols"], k["tables"], k["bts"], k["fm"], np.int64(n_seats), k["sides"], np.int64(k["units"]),
                  np.int64(CODES[play]), np.int64(n_worlds) if play == "pimc" else None, tt, dstats,
                  hands, res, traces)
    units = k["units"]
    valid = res[:, 0, X_W] > 0
    chosen = shared.pick(res[:, 0, X_EV], res[:, 1, X_EV], valid, n)
    if not chosen:
        return [], (f"examples: the first {scan:,} deals give {pair[0]} and {pair[1]} the same score on every "
                    "deal; nothing to show")
    lad = k["lad"]
    labels = {a: table.loc[table["action"] == a, "call"].iloc[0] for a in pair}
    heard = [f"{seat_name(s)} {'pass' if c == PASS else order_l[c].label}" for s, c, _ in history]
    compass = ("N", "W", "E", "S") if n_seats == 4 else None
    out = []
    for i, kind in chosen:
        seats = {seat_name(s): _cards(tab, hands[i, s]) for s in range(n_seats)}
        you = seat_name(k["asker"])
        drawn = dict(seats, **{you: seats[you] + " (you)"})
        extra = {"Kitty": _cards(tab, hands[i, n_seats])}
        opts = []
        evs = []
        for r, action in enumerate(pair):
            rec = res[i, r]
            ev = rec[X_EV] / units
            evs.append(ev)
            opt = {"action": action, "call": labels[action], "ev": float(ev)}
            if rec[X_D] < 0:
                opt.update(contract=None, summary=f"{labels[action]}: everyone passes, the deal is thrown in (EV 0)")
                opts.append(opt)
                continue
            d, c = int(rec[X_D]), int(rec[X_C])
            kind_c = int(lad[LAD_KIND, c])
            strain = kind_c if kind_c < MISERE else MISERE
            inv = _inverse(tab, k["bts"], strain)
            tricks_list = []
            played_by = {}
            tr = traces[i, r]
            for row in tr:
                if row[0] < 0:
                    continue
                t = int(row[0])
                while len(tricks_list) <= t:
                    tricks_list.append({"trick": len(tricks_list) + 1, "cards": [], "winner": None})
                card = tab.deck.format_cards([int(inv[row[2]])])
                tricks_list[t]["cards"].append([seat_name(int(row[1])), card])
                tricks_list[t]["winner"] = seat_name(int(row[TR_WINNER])) if row[TR_WINNER] >= 0 else None
                played_by.setdefault(int(row[1]), 0)
                played_by[int(row[1])] |= 1 << int(inv[row[2]])
            contract = order_l[c].label
            made = bool(rec[X_MADE])
            side = [seat_name(s) for s in range(n_seats) if (rec[X_SIDE] >> s) & 1]
            summary = (f"{labels[action]}: the auction ends in {contract} by {seat_name(d)}, "
                       f"{int(rec[X_TRICKS])} trick{'s' if rec[X_TRICKS] != 1 else ''} "
                       f"({'made' if made else 'failed'}), your EV {ev:+.0f}")
            opt.update(contract=contract, contractor=seat_name(d), side=side, tricks=int(rec[X_TRICKS]), made=made,
                       play=tricks_list)
            if d in played_by:
                discards = (int(hands[i, d]) | int(hands[i, n_seats])) & ~played_by[d]
                opt["discards"] = _cards(tab, discards)
                summary += f"; {seat_name(d)} discards {opt['discards']}"
            if not tricks_list:
                summary += " (solved double-dummy: no play to show)"
            opt["summary"] = summary
            if n_seats == 4:
                deal_text = "; ".join(f"{seat_name(s)}: {_cards(tab, hands[i, s])}" for s in range(n_seats))
                opt["solve"] = (f'analyzer 500 solve --deal "{deal_text}; K: {_cards(tab, hands[i, n_seats])}" '
                                    f"--contract {order_l[c].name} --contractor {seat_name(d)}")
            opts.append(opt)
        why = (f"{labels[pair[0]]} (recommended) {'does worse' if kind == shared.WORSE else 'does better'} "
               f"here than {labels[pair[1]]}: EV {evs[0]:+.0f} against {evs[1]:+.0f}")
        out.append({"deal": int(i), "seed": seed, "why": why, "kind": kind, "you": you, "hands": seats,
                    "kitty": extra["Kitty"], "heard": heard, "diagram": shared.diagram(drawn, compass, extra),
                    "before": [f"  calls heard: {', '.join(heard)}"] if heard else [], "options": opts})
    return out, shared.fewer(len(out), n, scan)


def lead_examples(n: int, *, chunk, order: np.ndarray, labels: list[str], misere: bool, tab, seed: int, key0,
                  pool, counts, fixed, deals: int, play: str) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a ``lead`` answer (``sim.examples.lead_examples``):
    the contractor side's tricks (its own, fewer the better, in misère); the hands as
    dealt (``sim.deal._deal_into`` from the deal's stream)."""
    from ...sim.deal import _deal_into
    from ...sim.rng import stream_key

    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    names = tab.seat_names

    def hands_of(i):
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, fixed, buf, deal)
        seats = {names[s]: _cards(tab, deal[1 + s]) for s in range(tab.n_seats)}
        return seats, ({"discards": _cards(tab, deal[0])} if deal[0] else {})

    return shared.lead_examples(n, chunk=chunk, order=order, labels=labels, scan=min(SCAN[play], deals), seed=seed,
                                hands_of=hands_of, you=names[0],
                                compass=("N", "W", "E", "S") if tab.n_seats == 4 else None, play=play,
                                fewer_better=misere)
