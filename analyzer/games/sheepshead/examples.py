"""Sheepshead: example deals behind a ``pick`` or ``bury`` answer (``--examples N``).

The question's first deals are replayed one by one (``replay.pick_examples``,
``replay.bury_examples``: the same deals, burials, calls and play as the run) for the
recommended option and the next best by EV; the deals where the two part ways most are
shown (``sim.examples.pick``) with the five hands and the blind, and for each option who
picked, the bury, the call and the partner, the picker side's points and tricks (or the
leaster), your score, and the play trick by trick (double-dummy: the scoring class only,
the tricks being solved rather than played).
"""

from __future__ import annotations

import numpy as np

from ...sim import examples as shared
from .deck import DECK, N_SEATS, N_TRICKS
from .rules import ID_OF, TRUMP_LANE

# deals replayed to choose from, per play model (at most the run's deals)
SCAN = {"heuristic": 2048, "dd": 32, "pimc": 4}
LABELS = {"pick": "pick", "alone": "pick alone", "pass": "pass"}


def seat_name(s: int) -> str:
    """Seats by their number: P1 left of the dealer ... P5 the dealer."""
    return f"P{s + 1}"


def next_best(table, best: str) -> str | None:
    """The action of the best row after ``best`` by EV."""
    rows = table[table["action"] != best]
    return None if rows.empty else rows.loc[rows["ev"].idxmax()]["action"]


def _cards(options, mask) -> str:
    from .rules import from_layout
    return DECK.format_cards(from_layout(int(mask), options))


def _card(options, bit: int) -> str:
    return DECK.format(int(ID_OF[options.jack_index, int(bit)]))


def tricks_of(trace, options) -> list[dict]:
    """The play (trace rows: trick, seat, layout bit, lane led) as tricks of [seat, card]
    with their winner: the next trick's leader; the last trick's, the highest trump, else
    the highest card of the lane led (trumps are the top lane, higher bits stronger)."""
    out = []
    for t in range(N_TRICKS):
        rows = [r for r in trace if r[0] == t]
        if rows:
            out.append({"trick": t + 1, "cards": [[seat_name(int(r[1])), _card(options, r[2])] for r in rows],
                        "rows": rows})
    for k, t in enumerate(out):
        if k + 1 < len(out):
            t["winner"] = out[k + 1]["cards"][0][0]
        else:
            rows = t["rows"]
            lane = TRUMP_LANE if any(int(r[2]) >> 4 == TRUMP_LANE for r in rows) else int(rows[0][3])
            t["winner"] = seat_name(int(max((r for r in rows if int(r[2]) >> 4 == lane), key=lambda r: r[2])[1]))
        del t["rows"]
    return out


def _none(scan: int, what: str) -> str:
    return f"examples: the first {scan:,} deals give {what} the same score on every deal; nothing to show"


def _tclass(tricks: int) -> int:
    return 0 if tricks == 0 else (2 if tricks == N_TRICKS else 1)


def _arrays(scan, n_opts):
    """A replay kernel's outputs: (hands and blind, X_* records, traces)."""
    from .replay import X_SIZE
    return (np.zeros((scan, N_SEATS + 1), np.uint64), np.zeros((scan, n_opts, X_SIZE), np.int64),
            np.full((scan, n_opts, N_TRICKS * N_SEATS, 4), -1, np.int64))


def _picked_text(options, rec, bury, you, dd: bool, who: str) -> tuple[dict, str]:
    """The facts and words of a picked hand (``who``: how the picking is said, or ""):
    who picked, bury, call and partner, points, tricks."""
    from .play import CALL_NAMES
    from .replay import X_CALLED, X_KIND, X_PACKED, X_PARTNER, X_PICKER
    picker, partner = int(rec[X_PICKER]), int(rec[X_PARTNER])
    points, tricks = int(rec[X_PACKED]) >> 3, int(rec[X_PACKED]) & 7
    called = None if rec[X_CALLED] < 0 else _card(options, rec[X_CALLED])
    facts = {"picker": seat_name(picker), "bury": _cards(options, bury), "called": called,
             "partner": None if partner < 0 else seat_name(partner), "points": points, "tricks": tricks}
    text = (f"{who}; " if who else "") + f"bury {facts['bury']}, "
    if called is None:
        text += "alone"
    else:
        unknown = "unknown" in CALL_NAMES[int(rec[X_KIND])]
        mate = "you" if partner == you else facts["partner"]
        text += f"call {called}{' (unknown)' if unknown else ''} (partner {mate})"
    if dd:
        text += (f"; solved double-dummy, the picker's side's scoring class: {points} points"
                 f"{' (all the tricks)' if tricks == N_TRICKS else ' (no trick)' if tricks == 0 else ''}"
                 " (no play to show)")
    else:
        text += f"; the picker's side takes {points} points in {tricks} trick{'s' if tricks != 1 else ''}"
    return facts, text


def _example(i, kind, seed, seats, you, extra, opts, labels, pair, you_note=" (you)"):
    vals = [o["score"] for o in opts]
    why = (f"{labels[pair[0]]} (recommended) {'does worse' if kind == shared.WORSE else 'does better'} here than "
           f"{labels[pair[1]]}: {vals[0]:+g} against {vals[1]:+g} points")
    drawn = dict(seats, **{seat_name(you): seats[seat_name(you)] + you_note})
    return {"deal": int(i), "seed": seed, "why": why, "kind": kind, "you": seat_name(you), "hands": seats,
            **{k.lower(): v for k, v in extra.items()}, "diagram": shared.diagram(drawn, None, extra),
            "before": [], "options": opts}


def pick_examples(n: int, *, table, best: str, hand_ids, seat0: int, options, dealing, seed: int, play: str,
                  n_worlds, deals: int) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a ``pick`` answer (``questions.pick`` passes what its
    run used), and a note when none could be shown."""
    from ...sim.rng import seed_key
    from .bidding import PICK_THRESHOLDS
    from .play import LEASTER_CLASSES
    from .questions import BATCH, _pool, _solver_arrays
    from .replay import X_LCLASS, X_PACKED, X_PARTNER, X_PICKER, X_W, pick_examples as replay
    from .rules import to_layout
    from .scoring import leaster_value, score_grid

    other = next_best(table, best)
    pair = [best, other]
    opt_of = {"pick": 0, "alone": 1, "pass": 2}
    scan = min(SCAN[play], deals)
    hands, res, traces = _arrays(scan, 3)
    buries = np.zeros((scan, 3), np.uint64)
    lines = None
    dd, tt, dstats = _solver_arrays(play)
    if play == "pimc":
        from .dd import new_dd_table, new_stats
        from .pimc import PIMC_LINES
        lines, tt, dstats = np.int64(PIMC_LINES), new_dd_table(), new_stats()
    d = dealing
    replay(options.rules, seed_key(seed), np.int64(0), np.int64(scan), _pool(hand_ids, options), d.sizes,
           np.int64(seat0), np.uint64(to_layout(hand_ids, options)), d.constrained, d.free, d.table, PICK_THRESHOLDS,
           options.nobody_picks == "doubler", options.leaster_blind == "first", np.int64(BATCH),
           None if n_worlds is None else np.int64(n_worlds), lines, dd, tt, dstats, hands, buries, res, traces)
    bump = options.double_on_bump
    grids = {(r, a): score_grid(r, a, bump) for r in ("picker", "partner", "defender") for a in (False, True)}
    leaster = [leaster_value(k) for k in range(LEASTER_CLASSES - 1)] + [0.0]

    def score(rec) -> float:
        picker, partner = int(rec[X_PICKER]), int(rec[X_PARTNER])
        if picker < 0:
            return leaster[int(rec[X_LCLASS])]
        points, tricks = int(rec[X_PACKED]) >> 3, int(rec[X_PACKED]) & 7
        role = "picker" if picker == seat0 else ("partner" if partner == seat0 else "defender")
        return float(grids[role, partner < 0][points, _tclass(tricks)])

    values = np.array([[score(res[i, o]) for o in range(3)] for i in range(scan)])
    chosen = shared.pick(values[:, opt_of[best]], values[:, opt_of[other]], res[:, 0, X_W] > 0, n)
    if not chosen:
        return [], _none(scan, f"{best} and {other}")
    out = []
    for i, kind in chosen:
        seats = {seat_name(s): _cards(options, hands[i, s]) for s in range(N_SEATS)}
        extra = {"Blind": _cards(options, hands[i, N_SEATS])}
        opts = []
        for action in pair:
            o = opt_of[action]
            rec = res[i, o]
            v = float(values[i, o])
            opt = {"action": action, "label": LABELS[action], "score": v}
            if rec[X_PICKER] < 0:
                lclass = int(rec[X_LCLASS])
                if lclass == LEASTER_CLASSES - 1:
                    text = "nobody picks: redeal, the next hand doubled (0)"
                    opt["play"] = []
                else:
                    won = "you win it" if lclass == 1 else (f"you tie for it with {lclass - 1} other"
                                                            f"{'s' if lclass > 2 else ''}" if lclass else "you lose it")
                    text = f"nobody picks: a leaster, {won} ({v:+g})"
                    opt["play"] = tricks_of(traces[i, o], options)
                opt.update(picker=None, leaster_class=lclass, summary=f"{LABELS[action]}: {text}")
                opts.append(opt)
                continue
            who = "you pick" if action != "pass" else f"{seat_name(int(rec[X_PICKER]))} picks"
            facts, text = _picked_text(options, rec, buries[i, o], seat0, play == "dd", who)
            opt.update(facts)
            opt["play"] = [] if play == "dd" else tricks_of(traces[i, o], options)
            opt["summary"] = f"{LABELS[action]}: {text}; your score {v:+g}"
            opts.append(opt)
        out.append(_example(i, kind, seed, seats, seat0, extra, opts, LABELS, pair))
    return out, shared.fewer(len(out), n, scan)


def bury_examples(n: int, *, table, best: str, action_index: dict, opts_list, hand8_ids, seat0: int, options,
                  dealing, seed: int, play: str, deals: int) -> tuple[list[dict], str | None]:
    """Up to ``n`` example deals for a ``bury`` answer: the recommended bury and call
    against the next best (``action_index``: each table action's index in ``opts_list``,
    ``questions.bury_options``'s)."""
    from ...sim.rng import seed_key
    from .bidding import PICK_THRESHOLDS
    from .questions import BATCH, _pool, _solver_arrays
    from .replay import X_PACKED, X_PARTNER, X_W, bury_examples as replay
    from .rules import BIT_OF, to_layout
    from .scoring import score_grid

    other = next_best(table, best)
    if other is None:
        return [], "examples: only one bury is open here, nothing to compare"
    pair = [best, other]
    rows = np.array([action_index[a] for a in pair], np.int64)
    j = options.jack_index
    buries = np.array([to_layout(p, options) for p, _ in opts_list], np.uint64)
    called = np.array([0 if c is None else 1 << int(BIT_OF[j, c]) for _, c in opts_list], np.uint64)
    scan = min(SCAN[play], deals)
    hands, res, traces = _arrays(scan, 2)
    d = dealing
    hand8 = np.uint64(to_layout(hand8_ids, options))
    replay(options.rules, seed_key(seed), np.int64(0), np.int64(scan), _pool(hand8_ids, options), d.sizes,
           np.int64(seat0), hand8, d.constrained, d.free, d.table, PICK_THRESHOLDS, buries, called, rows,
           np.int64(BATCH), *_solver_arrays(play), hands[:, :N_SEATS], res, traces)
    bump = options.double_on_bump
    values = np.zeros((scan, 2))
    for i in range(scan):
        for r in range(2):
            p = int(res[i, r, X_PACKED])
            values[i, r] = score_grid("picker", bool(res[i, r, X_PARTNER] < 0), bump)[p >> 3, _tclass(p & 7)]
    chosen = shared.pick(values[:, 0], values[:, 1], res[:, 0, X_W] > 0, n)
    labels = {a: a for a in pair}
    if not chosen:
        return [], _none(scan, "the two best burials")
    out = []
    for i, kind in chosen:
        seats = {seat_name(s): _cards(options, hands[i, s]) for s in range(N_SEATS)}
        seats[seat_name(seat0)] = _cards(options, hand8)
        opts = []
        for r, action in enumerate(pair):
            o = int(rows[r])
            facts, text = _picked_text(options, res[i, r], buries[o], seat0, play == "dd", "")
            opt = {"action": action, "label": action, "score": float(values[i, r]), **facts,
                   "play": [] if play == "dd" else tricks_of(traces[i, r], options)}
            opt["summary"] = f"{action}: {text}; your score {values[i, r]:+g}"
            opts.append(opt)
        out.append(_example(i, kind, seed, seats, seat0, {}, opts, labels, pair, " (you, with the blind)"))
    return out, shared.fewer(len(out), n, scan)
