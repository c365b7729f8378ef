"""Sheepshead questions: "is this a pick?" and "what do I bury, and which ace do I call?".

Both condition on the question arising: every seat before the player holds a hand it
would pass with (by the heuristic policy), dealt seat by seat with the exact method of
``sim.constrained`` (the seat that passes least often first, from the list of its passing
hands; each other one from a batch of draws, or from all its possible hands when they are
few; the deal weighted by the number that fit); the later seats and the blind share what
is left.  Statistics are weighted,
and the answer states the effective number of deals, the acceptance rate (deals per hand
drawn) and the chance that the earlier seats all pass (``condition="none"``: the other
hands dealt uniformly, nobody conditioned).  The kernels histogram the picker
side's card points and trick class (``scoring``); scores are applied after the run, so
every option and every scoring rule comes from the same play-outs.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from ...answer import Answer
from ...errors import InputError
from ...fmt import percent
from ...options import check_condition, check_examples, unconditioned_note
from ...sim.constrained import (C_SIZE, C_W, C_W2, acceptance, constrained_note, deals_used, p_fit, table_size,
                               weight_scale)
from ...sim.layout import StatsLayout
from ...sim.leads import paired_products
from ...sim.question import Plan, solver_arrays
from ...sim.rng import seed_key
from ...sim.runner import run_chunks
from ...stats import Z95, weighted_mean_se, wilson
from .bidding import PICK_THRESHOLDS, callable_cards, unknown_calls, unknown_card
from .deck import DECK, HAND_SIZE, N_SEATS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER, TOTAL_POINTS
from .play import (ALONE_OPT, CALL_NAMES, LEASTER_CLASSES, N_OUT, N_PICK_OPTS, OUT_ALONE, OUT_DEFENDER,
                   OUT_DEFENDER_ALONE, OUT_PARTNER, OUT_PICKER, PASS_OPT, PICK_OPT)
from ...tricks.tables import R_SUIT
from .rules import BIT_OF, ID_OF, RULES, TRUMP_LANE, Options, from_layout, to_layout
from .scoring import leaster_value, score_grid
from .survey import SCALE, leaster_values, score_grids
from ...verdict import lead as lead_over, recommend

DEFAULT_PICK_DEALS = 200_000
DEFAULT_BURY_DEALS = 20_000
DEFAULT_PICK_DEALS_DD = 1_000    # double-dummy: about half a minute on 2 cores
DEFAULT_BURY_DEALS_DD = 100      # every bury x call solved on each deal: about a minute
DD_CHUNK = 32                    # deals per chunk with double-dummy play (progress, interrupts)
DEFAULT_PICK_DEALS_PIMC = 20     # single-dummy play at every seat: ~5-35 s on 2 cores (going alone: the slowest)
PIMC_CHUNK = 1
PLAY_MODELS = ("heuristic", "dd")
PIMC_NOTE = ("pimc: single-dummy play at every seat of a picked hand; each card chosen in {w} sampled layouts "
             "of the unseen cards (uniform given the play: voids, the hold card, the bury hidden to all but the "
             "picker; the policy's bury and the bidding are not used), solved double-dummy for the picker "
             "side's 61 (then the open schneider line); leasters are played by the heuristic")
DD_NOTE = ("dd: double-dummy play for card points, every hand visible and the partner known to "
           "the solver; results by scoring class (a side with all 120 points is counted as taking "
           "every trick); leasters are played by the heuristic")
SEAT_HELP = "1 is left of the dealer (first to pick, leads), 5 is the dealer"
_P = np.repeat(np.arange(TOTAL_POINTS + 1)[:, None], 3, axis=1)   # picker side points per cell
_HIST_SHAPE = (TOTAL_POINTS + 1, 3)
# Hands drawn for each constrained seat after the first (``sim.constrained``): a seat
# passes more often than not, so a few dozen give its chance closely; the weights stay
# small (three such seats: w < 2**18), and a seat whose possible hands are fewer (the
# last earlier seat, from 8 or 6 cards left) gets every one of them.
BATCH = 64


PICK_PLAN = Plan("Sheepshead", {"heuristic": DEFAULT_PICK_DEALS, "dd": DEFAULT_PICK_DEALS_DD,
                                "pimc": DEFAULT_PICK_DEALS_PIMC},
                 chunk_size={"dd": DD_CHUNK, "pimc": PIMC_CHUNK}, model_notes={"dd": DD_NOTE},
                 desc={"dd": "solving", "pimc": "single-dummy"})
BURY_PLAN = Plan("Sheepshead", {"heuristic": DEFAULT_BURY_DEALS, "dd": DEFAULT_BURY_DEALS_DD},
                 chunk_size={"dd": DD_CHUNK}, model_notes={"dd": DD_NOTE}, desc={"dd": "solving"})


def check_worlds(worlds, options: Options) -> int:
    """The number of sampled layouts per single-dummy decision (``--worlds``), validated;
    the single-dummy model does not cover the unknown call."""
    from .pimc import DEFAULT_WORLDS
    if options.no_call == "unknown":
        raise InputError("--play pimc does not model --rule no_call=unknown (the face-down card); "
                         "use --play heuristic or dd")
    if worlds is None:
        return DEFAULT_WORLDS
    if int(worlds) < 1 or int(worlds) > 4096:
        raise InputError(f"--worlds must be 1 to 4096, got {worlds}")
    return int(worlds)


def _check_seat(seat):
    if seat is None or not 1 <= seat <= N_SEATS:
        raise InputError(f"--seat must be 1..{N_SEATS} ({SEAT_HELP}), got {seat}")


def _pool(known_ids, options: Options) -> np.ndarray:
    known = set(known_ids)
    return np.array(sorted(int(BIT_OF[options.jack_index, c]) for c in range(DECK.size) if c not in known),
                    np.int64)


class _Outcomes:
    """The asking player's outcomes for one option, as weighted cells: a count, the
    player's score, whether its side schneidered / was schneidered, its side's points."""

    def __init__(self):
        self.parts = []

    def picked(self, hist, score, picker_side: bool):
        """hist: (121, 3) counts by picker side points and trick class; score: the asking
        player's score per cell."""
        if picker_side:
            ours, sch, sched = _P, _P >= SCHNEIDER_PICKER, _P <= SCHNEIDERED_PICKER
        else:
            ours, sch, sched = TOTAL_POINTS - _P, _P <= SCHNEIDERED_PICKER, _P >= SCHNEIDER_PICKER
        self.parts.append((hist.ravel(), score.ravel(), sch.ravel(), sched.ravel(), ours.ravel().astype(float)))

    def other(self, counts, scores):
        counts = np.asarray(counts).ravel()
        none = np.zeros(counts.size, bool)
        self.parts.append((counts, np.asarray(scores, float).ravel(), none, none, np.full(counts.size, np.nan)))

    def row(self, sw2) -> dict:
        """The option's row; the counts are sums of deal weights, ``sw2`` the sum of the
        squared weights (the intervals are on the effective number of deals)."""
        counts, values, sch, sched, ours = (np.concatenate(x) for x in zip(*self.parts))
        counts = counts.astype(float)
        n = counts.sum()
        wins = counts[values > 0].sum()
        ev, ev_se, n_eff = weighted_mean_se(n, float((counts * values).sum()),
                                            float((counts * values * values).sum()), float(sw2))
        lo, hi = wilson(wins / n * n_eff, n_eff)
        sided = ~np.isnan(ours)
        n_sided = counts[sided].sum()
        return {"p_win": wins / n, "p_win_lo": float(lo), "p_win_hi": float(hi),
                "p_schneider": counts[sch].sum() / n, "p_schneidered": counts[sched].sum() / n,
                "ev": ev, "ev_se": ev_se, "ev_lo": ev - Z95 * ev_se, "ev_hi": ev + Z95 * ev_se,
                "mean_points": float((ours[sided] * counts[sided]).sum() / n_sided) if n_sided else np.nan}


def _solver_arrays(play):
    """(dd flag, transposition table, stats) for the chunk kernels; the table and stats are
    None for heuristic play, which then compiles without the solver (``question.solver_arrays``)."""
    from .dd import new_dd_table, new_stats
    return (play == "dd",) + solver_arrays(play == "dd", new_dd_table, new_stats)


# ----------------------------------------------------------------------------- whole hands
HANDS_LAYOUT = StatsLayout(hist=(1, N_OUT) + _HIST_SHAPE, leaster=(1, LEASTER_CLASSES),
                           calls=(1, len(CALL_NAMES)), pickers=(N_SEATS + 1,))


def simulate_hands(deals, seed, options: Options = Options(), threads=None, progress=False, thresholds=None):
    """Whole hands from full random deals: the picking round, bury, call, six tricks or a
    leaster, every seat by the heuristic policy (the benchmark's unit of work)."""
    from .play import hand_chunk

    pool = _pool([], options)
    counts = np.array([2] + [HAND_SIZE] * N_SEATS, np.int64)
    thresholds = PICK_THRESHOLDS if thresholds is None else np.asarray(thresholds, np.int64)
    key0 = seed_key(seed)

    def chunk(start, n):
        flat = HANDS_LAYOUT.zeros()
        if n:
            v = HANDS_LAYOUT.unpack(flat)
            hand_chunk(options.rules, key0, np.int64(start), np.int64(n), pool, counts, thresholds,
                       options.nobody_picks == "doubler", options.leaster_blind == "first",
                       v["hist"], v["leaster"], v["calls"], v["pickers"])
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="hands")


# ----------------------------------------------------------------------------- pick
PICK_LAYOUT = StatsLayout(hist=(N_PICK_OPTS, N_OUT) + _HIST_SHAPE, leaster=(N_PICK_OPTS, LEASTER_CLASSES),
                          calls=(N_PICK_OPTS, len(CALL_NAMES)), prods=(N_PICK_OPTS, N_PICK_OPTS + 1),
                          counters=(C_SIZE,))


class Dealing:
    """How a question deals the other hands: the seats before ``seat0`` (each passed), in
    the order dealt — the one whose passing hands are rarest first, from its table of them
    (``sim.constrained``) — then the later seats; the blind is what is left.
    ``condition="none"``: no seat conditioned, every other hand dealt uniformly."""

    def __init__(self, seat0, pool, condition: str = "policy"):
        from .play import passing_hands

        self.condition = check_condition(condition)
        seats = list(range(seat0)) if condition == "policy" else []
        self.labels = [s + 1 for s in seats]        # the seats conditioned, numbered 1..5
        self.table, self.p_first = np.zeros(0, np.uint64), 1.0
        size = table_size(len(pool), HAND_SIZE)
        if seats and size:
            fits = {}
            for s in seats:
                buf = np.empty(size, np.uint64)
                kept = passing_hands(pool, np.int64(s), PICK_THRESHOLDS, buf)
                fits[s] = (buf[:kept].copy(), kept / size)
            never = [s + 1 for s in seats if fits[s][1] == 0]
            if never:
                raise InputError(f"seat {', '.join(map(str, never))} would pick with any hand of the cards you do "
                                 "not see (picking policy): this cannot happen")
            rarest = min(seats, key=lambda s: fits[s][1])
            seats = [rarest] + [s for s in seats if s != rarest]
            self.table, self.p_first = fits[rarest]
        self.constrained = np.array(seats, np.int64)
        self.free = np.array([s for s in range(N_SEATS) if s != seat0 and s not in seats], np.int64)
        self.sizes = np.full(N_SEATS, HAND_SIZE, np.int64)
        self.scale = weight_scale(len(pool), [HAND_SIZE] * len(seats), BATCH, table=len(self.table) > 0)

    def meta(self, counters, n_done, seat) -> tuple[dict, list[str]]:
        """The answer's facts on the conditioned dealing (meta entries, notes)."""
        p_offered = p_fit(counters, self.scale, self.p_first)
        played, n_eff, drawn = deals_used(counters)
        meta = {"deals": played, "deals_dealt": int(n_done), "effective_deals": n_eff,
                "p_offered": p_offered, "acceptance": acceptance(counters), "hands_drawn_per_deal": drawn,
                "condition": self.condition, "conditioned": self.labels}
        notes = []
        if self.labels:
            notes.append(constrained_note(self.labels, counters, "they would pass with under the picking policy",
                                          p_offered))
        if self.condition == "none":
            notes.append(unconditioned_note("the passes before you"))
        return meta, notes


def simulate_pick(hand_ids, seat0, deals, seed, options: Options, threads=None, progress=False,
                  play="heuristic", dealing=None, worlds=None, lines=None):
    """Run the pick question's kernel; returns the RunResult (flat stats, PICK_LAYOUT).
    ``dealing``: the question's ``Dealing`` (made here when not given); ``worlds``: the
    layouts a card with ``play="pimc"``."""
    from .play import pick_chunk

    if play == "pimc":
        from .dd import new_dd_table, new_stats
        from .pimc import PIMC_LINES, pick_chunk_pimc
        lines = PIMC_LINES if lines is None else lines
    my_hand = np.uint64(to_layout(hand_ids, options))
    pool = _pool(hand_ids, options)
    d = dealing or Dealing(seat0, pool)
    key0 = seed_key(seed)
    grids, lvals = score_grids(options), leaster_values()

    def chunk(start, n):
        flat = PICK_LAYOUT.zeros()
        if n and play == "pimc":
            v = PICK_LAYOUT.unpack(flat)
            pick_chunk_pimc(options.rules, key0, np.int64(start), np.int64(n), pool, d.sizes, np.int64(seat0),
                            my_hand, d.constrained, d.free, d.table, PICK_THRESHOLDS,
                            options.nobody_picks == "doubler", options.leaster_blind == "first", np.int64(BATCH),
                            v["hist"], v["leaster"], v["calls"], v["counters"], grids, lvals, v["prods"],
                            np.int64(worlds), np.int64(lines),
                            new_dd_table(), new_stats())
        elif n:
            v = PICK_LAYOUT.unpack(flat)
            pick_chunk(options.rules, key0, np.int64(start), np.int64(n), pool, d.sizes, np.int64(seat0), my_hand,
                       d.constrained, d.free, d.table, PICK_THRESHOLDS, options.nobody_picks == "doubler",
                       options.leaster_blind == "first", np.int64(BATCH), v["hist"], v["leaster"], v["calls"],
                       v["counters"], grids, lvals, v["prods"], *_solver_arrays(play))
        return flat

    return PICK_PLAN.run(chunk, deals, play, threads, progress)


def pick(hand: str, seat: int = 1, deals: int | None = None, seed: int | None = None,
         play: str = "heuristic", threads: int | None = None, rules: list[str] | None = None,
         double_on_bump: bool = False, leaster: bool = True, progress: bool = False,
         worlds: int | None = None, condition: str = "policy", examples: int = 0) -> Answer:
    """Pick (policy bury and call), pick alone, or pass, for these 6 cards at ``seat``.
    ``deals`` defaults to DEFAULT_PICK_DEALS (heuristic play), DEFAULT_PICK_DEALS_DD or
    DEFAULT_PICK_DEALS_PIMC (``play="pimc"``: single-dummy play at every seat with
    ``worlds`` sampled layouts a card, default ``pimc.DEFAULT_WORLDS``).  ``condition``:
    "policy" (the earlier seats hold hands they pass with) or "none" (dealt uniformly).
    ``examples``: also show this many deals behind the answer (``examples``: where the
    recommended option does worse than the next best, and better), in ``Answer.examples``."""
    check_condition(condition)
    check_examples(examples)
    deals, seed = PICK_PLAN.check(deals, seed, threads, play)
    _check_seat(seat)
    options = Options.parse(rules, double_on_bump=double_on_bump, leaster=leaster)
    n_worlds = check_worlds(worlds, options) if play == "pimc" else None
    hand_ids = DECK.parse_cards(hand, "hand", HAND_SIZE)
    dealing = Dealing(seat - 1, _pool(hand_ids, options), condition)
    run = simulate_pick(hand_ids, seat - 1, deals, seed, options, threads, progress, play, dealing, n_worlds)
    notes = PICK_PLAN.notes(run, deals, play)
    if play == "pimc":
        notes.insert(0, PIMC_NOTE.format(w=n_worlds))
    v = PICK_LAYOUT.unpack(run.stats)
    hist, lst, calls, counters = v["hist"], v["leaster"], v["calls"], v["counters"]
    offered = float(counters[C_W])       # the deals' total weight
    if offered == 0:
        raise InputError(f"in none of the {run.n_done:,} deals did {_earlier(seat)} pass; "
                         "try more --deals")
    dealt, dealt_notes = dealing.meta(counters, run.n_done, seat)
    bump = options.double_on_bump
    rows = []
    for opt, action in ((PICK_OPT, "pick"), (ALONE_OPT, "alone"), (PASS_OPT, "pass")):
        out = _Outcomes()
        if opt != PASS_OPT:
            out.picked(hist[opt, OUT_PICKER], score_grid("picker", False, bump), True)
            out.picked(hist[opt, OUT_ALONE], score_grid("picker", True, bump), True)
        else:
            out.picked(hist[opt, OUT_PARTNER], score_grid("partner", False, bump), True)
            out.picked(hist[opt, OUT_DEFENDER], score_grid("defender", False, bump), False)
            out.picked(hist[opt, OUT_DEFENDER_ALONE], score_grid("defender", True, bump), False)
            out.other(lst[opt], [leaster_value(k) for k in range(LEASTER_CLASSES - 1)] + [0.0])
        rows.append({"action": action, **out.row(counters[C_W2])})
    table = pd.DataFrame(rows)
    if play == "dd":
        table["mean_points"] = np.nan     # classes only: no exact points
    best = table.loc[table["ev"].idxmax(), "action"]
    verdict = _lead(table, v["prods"], offered, float(counters[C_W2]))
    call_share = {name: calls[PICK_OPT, k] / offered for k, name in enumerate(CALL_NAMES) if calls[PICK_OPT, k]}
    others_pick = hist[PASS_OPT].sum() / offered
    pass_detail = {
        "p_other_picks": float(others_pick),
        "p_partner": float(hist[PASS_OPT, OUT_PARTNER].sum() / offered),
        "p_leaster": float(lst[PASS_OPT, :LEASTER_CLASSES - 1].sum() / offered),
        "p_redeal": float(lst[PASS_OPT, LEASTER_CLASSES - 1] / offered),
    }
    meta = {"hand": DECK.format_cards(hand_ids), "seat": seat, **dealt, "seed": seed, "play": play,
            "rules": options.as_dict(), "calls": {k: float(x) for k, x in call_share.items()}, "pass": pass_detail,
            **verdict}
    if play == "pimc":
        meta["worlds"] = n_worlds
    notes += dealt_notes
    recommendation = recommend(_pick_sentence(table, best, seat, condition), verdict, " points", 2)
    extra = {"elapsed": run.elapsed,
             "points": {a: _points_distribution(hist[o]) for o, a in ((PICK_OPT, "pick"), (ALONE_OPT, "alone"))}}
    shown = []
    if examples:
        from .examples import pick_examples
        shown, why_none = pick_examples(examples, table=table, best=best, hand_ids=hand_ids, seat0=seat - 1,
                                        options=options, dealing=dealing, seed=seed, play=play, n_worlds=n_worlds,
                                        deals=deals)
        if why_none:
            notes.append(why_none)
    return Answer("sheepshead", "pick", table, best, recommendation, meta, extra, notes, examples=shown)


def _points_distribution(hist_opt):
    """P(the picker side ends with P card points), P = 0..120, over all roles."""
    by_points = hist_opt.sum(axis=(0, 2)).astype(float)
    return by_points / by_points.sum() if by_points.sum() else by_points


def _earlier(seat) -> str:
    return "seat 1" if seat == 2 else f"seats 1-{seat - 1}"


def _pick_sentence(table, best, seat, condition="policy") -> str:
    row = table.set_index("action").loc[best]
    what = {"pick": "pick", "alone": "pick and go alone", "pass": "pass"}[best]
    cond = ""
    if seat > 1:
        cond = (f" (given that {_earlier(seat)} passed)" if condition == "policy"
                else f" (after {_earlier(seat)} passed, their hands dealt uniformly)")
    return (f"{what}: expected {row['ev']:+.2f} points a hand (95% interval {row['ev_lo']:+.2f} to "
            f"{row['ev_hi']:+.2f}), wins {percent(row['p_win'])}{cond}")


def _lead(table: pd.DataFrame, prods, sw: float, sw2: float, option=None) -> dict:
    """The best row's lead in EV over the next best (``verdict.lead``'s fields; empty with
    one row), paired on the same deals from the kernel's products of the options' scores
    (``prods``, in twelfths; ``option[r]``: row r's option in the kernel, default r)."""
    if len(table) < 2:
        return {}
    ranked = table["ev"].sort_values(ascending=False, kind="stable").index
    a, b = ranked[0], ranked[1]
    oa, ob = (a, b) if option is None else (option[a], option[b])
    d, se = paired_products(prods, int(oa), int(ob), sw, sw2, SCALE)
    return lead_over(str(table.loc[a, "action"]), str(table.loc[b, "action"]), d, se)


# ----------------------------------------------------------------------------- bury
def bury_options(hand8_ids, options: Options):
    """Every legal (bury, call) for the picker's 8 cards, calls first then alone, as
    (bury ids, called id or None).  Under no_call=unknown, with no legal call, the unknown
    calls (an ace of a void suit) come first, with every bury that keeps a fail card."""
    j = options.jack_index
    m8 = np.uint64(to_layout(hand8_ids, options))
    calls = [int(ID_OF[j, b]) for b in range(64) if (int(callable_cards(m8)) >> b) & 1]
    unknown = (int(unknown_calls(m8)) if options.no_call == "unknown" else 0)
    calls += [int(ID_OF[j, b]) for b in range(64) if (unknown >> b) & 1]
    fail = {c for c in hand8_ids if int(BIT_OF[j, c]) >> 4 != TRUMP_LANE}
    out = []
    for called in calls + [None]:
        for pair in combinations(sorted(hand8_ids), 2):
            if called is not None:
                if unknown:
                    if not fail - set(pair):
                        continue
                else:
                    lane_cards = [c for c in hand8_ids if c not in pair
                                  and int(BIT_OF[j, c]) >> 4 == int(BIT_OF[j, called]) >> 4]
                    if not lane_cards:
                        continue
            out.append((pair, called))
    return out


def _policy_bury_call(m8, options: Options):
    """The policy's own bury and call (``play.take_blind`` in MODE_POLICY) for these 8 cards."""
    from .play import MODE_POLICY, MODE_UNKNOWN, take_blind

    hands = np.zeros(N_SEATS, np.uint64)
    hands[0] = m8
    info = np.zeros(3, np.int64)
    mode = MODE_POLICY | (MODE_UNKNOWN if options.no_call == "unknown" else 0)
    bury = take_blind(hands, np.uint64(0), 0, mode, info)
    return bury, (1 << int(info[2])) if info[2] >= 0 else 0


def simulate_bury(hand8_ids, seat0, opts, deals, seed, options: Options, threads=None, progress=False,
                  play="heuristic", dealing=None):
    from .play import bury_chunk

    j = options.jack_index
    layout = StatsLayout(hist=(len(opts), N_OUT) + _HIST_SHAPE, prods=(len(opts), len(opts) + 1), counters=(C_SIZE,))
    hand8 = np.uint64(to_layout(hand8_ids, options))
    buries = np.array([to_layout(pair, options) for pair, _ in opts], np.uint64)
    called = np.array([0 if c is None else 1 << int(BIT_OF[j, c]) for _, c in opts], np.uint64)
    pool = _pool(hand8_ids, options)
    d = dealing or Dealing(seat0, pool)
    key0 = seed_key(seed)
    grids = score_grids(options)

    def chunk(start, n):
        flat = layout.zeros()
        if n:
            v = layout.unpack(flat)
            bury_chunk(options.rules, key0, np.int64(start), np.int64(n), pool, d.sizes, np.int64(seat0), hand8,
                       d.constrained, d.free, d.table, PICK_THRESHOLDS, buries, called, np.int64(BATCH), v["hist"],
                       v["counters"], grids, v["prods"], *_solver_arrays(play))
        return flat

    return layout, BURY_PLAN.run(chunk, deals, play, threads, progress)


def bury(cards: str, seat: int = 1, deals: int | None = None, seed: int | None = None,
         play: str = "heuristic", threads: int | None = None, rules: list[str] | None = None,
         double_on_bump: bool = False, progress: bool = False, condition: str = "policy",
         examples: int = 0) -> Answer:
    """Every legal bury (2 of the 8 cards) × every legal call (or alone), ranked by EV.
    ``deals`` defaults to DEFAULT_BURY_DEALS (heuristic play) or DEFAULT_BURY_DEALS_DD;
    ``condition`` and ``examples`` (the two best burials compared) as for ``pick``."""
    check_condition(condition)
    check_examples(examples)
    deals, seed = BURY_PLAN.check(deals, seed, threads, play)
    _check_seat(seat)
    options = Options.parse(rules, double_on_bump=double_on_bump)
    hand8_ids = DECK.parse_cards(cards, "hand with the blind", HAND_SIZE + 2)
    opts = bury_options(hand8_ids, options)
    dealing = Dealing(seat - 1, _pool(hand8_ids, options), condition)
    layout, run = simulate_bury(hand8_ids, seat - 1, opts, deals, seed, options, threads, progress, play, dealing)
    notes = BURY_PLAN.notes(run, deals, play)
    v = layout.unpack(run.stats)
    counters = v["counters"]
    if counters[C_W] == 0:
        raise InputError(f"in none of the {run.n_done:,} deals did {_earlier(seat)} pass; "
                         "try more --deals")
    bump = options.double_on_bump
    j = options.jack_index
    m8 = np.uint64(to_layout(hand8_ids, options))
    policy_bury, policy_call = _policy_bury_call(m8, options)
    rows = []
    for o, (pair, called) in enumerate(opts):
        out = _Outcomes()
        alone = called is None
        out.picked(v["hist"][o, OUT_ALONE if alone else OUT_PICKER], score_grid("picker", alone, bump), True)
        bury_text = DECK.format_cards(from_layout(to_layout(pair, options), options))
        call_text = "alone" if alone else DECK.format(called)
        if not alone and not (int(m8) & ~int(to_layout(pair, options)) & int(RULES[R_SUIT + (int(BIT_OF[j, called]) >> 4)])):
            unk = int(unknown_card(np.uint64(int(m8) & ~int(to_layout(pair, options)))))
            call_text += f" (unknown {DECK.format(int(ID_OF[j, unk.bit_length() - 1]))})"
        policy = (int(to_layout(pair, options)) == int(policy_bury)
                  and (0 if alone else 1 << int(BIT_OF[j, called])) == int(policy_call))
        rows.append({"action": f"bury {bury_text}, {'alone' if alone else 'call ' + call_text}",
                     "bury": bury_text, "call": call_text, **out.row(counters[C_W2]), "policy": policy})
    table = pd.DataFrame(rows).sort_values("ev", ascending=False, kind="stable")
    option = list(table.index)          # row -> the kernel's option
    table = table.reset_index(drop=True)
    verdict = _lead(table, v["prods"], float(counters[C_W]), float(counters[C_W2]), option)
    if play == "dd":
        table["mean_points"] = np.nan     # classes only: no exact points
    top = table.iloc[0]
    best = top["action"]
    recommendation = recommend(f"{best}: expected {top['ev']:+.2f} points (95% interval {top['ev_lo']:+.2f} to "
                               f"{top['ev_hi']:+.2f}), wins {percent(top['p_win'])}", verdict, " points", 2)
    dealt, dealt_notes = dealing.meta(counters, run.n_done, seat)
    meta = {"cards": DECK.format_cards(from_layout(m8, options)), "seat": seat, **dealt, "seed": seed, "play": play,
            "rules": options.as_dict(), **verdict}
    notes += dealt_notes
    shown = []
    if examples:
        from .examples import bury_examples
        shown, why_none = bury_examples(examples, table=table, best=best,
                                        action_index={r["action"]: o for o, r in enumerate(rows)}, opts_list=opts,
                                        hand8_ids=hand8_ids, seat0=seat - 1, options=options, dealing=dealing,
                                        seed=seed, play=play, deals=deals)
        if why_none:
            notes.append(why_none)
    return Answer("sheepshead", "bury", table, best, recommendation, meta, {"elapsed": run.elapsed}, notes,
                  examples=shown)
