"""Euchre survey: ordering-up and calling statistics by hand class, from fully random deals.

One *deal index* gives one two-handed and one four-handed deal (24 cards, default rules),
each from its own stream.  In each, one seat is the player being classified, by index:
its position after the dealer is ``1 + index mod n`` (two-handed 1 non-dealer, 2 dealer;
four-handed 1 left of the dealer ... 4 the dealer), so every position gets its own,
independent deals.  The other seats bid by the policies in ``bidding`` and everybody
plays by the heuristic players.

- **Round one** is *reached* when every seat before the player passed.  Then every action
  open to the player — pass, order up (the dealer: accept, with the heuristic discard)
  and, four-handed, order up alone — is played out on that **same** deal, the rest of the
  auction by policy (``play.play_forced``).  Features of the 5 cards as dealt, with the
  upcard's suit as trump: trumps (counting the left bower, not the upcard), bowers held,
  outside aces, the upcard's rank, and the policy's strength (``bidding.round1_strength``).
- **Round two** is reached when everybody, the player too, passed round one by policy and
  the seats before the player passed again.  The player's *best callable suit* is the one
  the policy would name (``bidding.best_suit``); the actions are pass, call it and
  (four-handed) call it alone.  Features in that suit, and whether it is *next* (the
  turned-down card's colour) or *cross*.

With ``play="dd"`` the same deals, auctions and discards, the five tricks solved
double-dummy (``run_survey_dd`` runs both plays of the same deals for the report).

The kernel fills joint histograms (hand class × action × outcome) and, per class and pair
of actions, the sum and sum of squares of the point difference on the same deals, so
every table can give EV(order) − EV(pass) with a paired standard error.  Breakdowns are
marginals of these histograms.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ZERO, low_index, popcount
from ...errors import InputError
from ...sim.deal import _deal_into
from ...sim.layout import StatsLayout
from ...sim.rng import mix64, seed_key, stream_key
from ...stats import Z95, hist_mean_se, moments_mean_se, wilson
from .bidding import (DEFAULT_POLICY, PASS, T_ALONE4, T_R1_DEALER2, T_R1_DEALER4, T_R1_OPP2,
                      T_R1_OPP4, T_R1_PARTNER4, T_R2_2, T_R2_4, best_suit, lane_of,
                      round1_strength)
from .deck import DECKS, HAND_SIZE, nat_bits
from .play import NO_SEAT, OPT_NO_UP_DISCARD, auction, deal_buffers, finish_deal
from .rules import ACES, LEFT_POS, RIGHT_POS, rule_tables, to_trump
from .scoring import N_OUTCOMES, OUTCOME_POINTS

PLAYERS = (2, 4)
DECK_SIZE = 24
PLAY_MODELS = ("heuristic", "dd")   # dd: the five tricks solved double-dummy (``dd``)
T = HAND_SIZE + 1                       # trumps held 0..5
BOWERS = ("none", "left", "right", "both")
N_ACES = 4                              # outside aces 0..3
UP_RANKS = ("9", "T", "J", "Q", "K", "A")   # by natural position - 7
UP_POWER = ("9", "T", "Q", "K", "A", "J")   # as trumps, low to high (J: the right bower)
UP_GROUP = {"9": "low", "T": "low", "Q": "low", "K": "king", "A": "ace", "J": "jack"}
UP_GROUPS = ("low", "king", "ace", "jack")
KINDS = ("next", "cross")               # best callable suit: the turned-down card's colour, or not
S_OFF, S_BINS = 10, 72                  # strength s goes to bin s + S_OFF (clipped)
POINTS = np.array(OUTCOME_POINTS, np.int64)
DECISIONS = ("order", "call")


def actions(n: int, decision: str) -> tuple[str, ...]:
    return ("pass", decision) + (("alone",) if n == 4 else ())


def pairs(n_actions: int) -> list[tuple[int, int]]:
    """Action pairs (a, b), a > b, in the kernel's order: (1, 0), (2, 0), (2, 1)."""
    return [(a, b) for a in range(1, n_actions) for b in range(a)]


def _blocks() -> dict:
    shapes = {}
    for n in PLAYERS:
        a = len(actions(n, "order"))
        p = len(pairs(a))
        for decision, x in (("order", len(UP_RANKS)), ("call", len(KINDS))):
            shapes[f"{decision}{n}"] = (n, T, len(BOWERS), N_ACES, x, a, N_OUTCOMES)
            shapes[f"{decision}{n}_pair"] = (n, T, len(BOWERS), N_ACES, x, p, 2)
            shapes[f"{decision}{n}_strength"] = (n, S_BINS, a, N_OUTCOMES)
            shapes[f"{decision}{n}_strength_pair"] = (n, S_BINS, p, 2)
        shapes[f"reach{n}"] = (n, 3)    # deals of the position, round one reached, round two reached
    return shapes


LAYOUT = StatsLayout(**_blocks())
BLOCK_ORDER = ("order{n}", "order{n}_pair", "order{n}_strength", "order{n}_strength_pair",
               "call{n}", "call{n}_pair", "call{n}_strength", "call{n}_strength_pair", "reach{n}")


# ----------------------------------------------------------------------------- kernel
@njit(cache=True, forceinline=True)
def _features(hand_nat, t):
    """(trumps counting the left bower, bowers 0 none / 1 left / 2 right / 3 both, outside
    aces) of a natural hand with trump suit ``t``."""
    h = to_trump(hand_nat, t)
    trump = lane_of(t)
    base = np.uint64(16 * t)
    right = (h >> (base + np.uint64(RIGHT_POS))) & np.uint64(1)
    left = (h >> (base + np.uint64(LEFT_POS))) & np.uint64(1)
    return popcount(h & trump), np.int64(2 * right + left), popcount(h & ACES & ~trump)


@njit(cache=True, forceinline=True)
def _bin(s):
    return min(max(s + S_OFF, 0), S_BINS - 1)


@njit(cache=True)
def _decide_all(tables, hands, lay, n, dealer, up, turn, suit, flags, pol, points, trace,
                hist, pair, s_hist, s_pair, tt, stats, work):
    """Play every action open at ``turn`` (pass, make ``suit``, alone) on the same deal
    into ``hist[action, outcome]``, ``s_hist`` likewise, and the paired point differences
    into ``pair[k] / s_pair[k]`` as (sum, sum of squares)."""
    n_act = hist.shape[0]
    pts = np.empty(n_act, np.int64)
    for a in range(n_act):
        act = PASS if a == 0 else 2 * suit + (a - 1)
        cat, _, _ = finish_deal(tables, hands, lay, n, dealer, up, turn, act, ZERO, flags, pol,
                                trace, tt, stats, work)
        hist[a, cat] += 1
        s_hist[a, cat] += 1
        pts[a] = points[cat]
    k = 0
    for a in range(1, n_act):
        for b in range(a):
            d = pts[a] - pts[b]
            pair[k, 0] += d
            pair[k, 1] += d * d
            s_pair[k, 0] += d
            s_pair[k, 1] += d * d
            k += 1


@njit(cache=True, nogil=True)
def survey_chunk(key0, start, n_deals, n, pool, counts, tables, flags, pol, points,
                 o_hist, o_pair, o_str, o_str_pair, c_hist, c_pair, c_str, c_str_pair, reach,
                 tt, stats):
    """Deals ``start .. start+n_deals-1`` of the ``n``-handed game (see the module doc);
    ``tt`` not None: the tricks solved double-dummy with the solver's table ``tt``; None:
    heuristic play, compiled without the solver."""
    buf, fixed, deal, hands, lay, trace = deal_buffers(pool, counts, n)
    work = np.zeros(1, np.int64)
    allow_up = (flags & OPT_NO_UP_DISCARD) == 0
    for i in range(n_deals):
        index = start + i
        _deal_into(stream_key(key0, index), pool, counts, fixed, buf, deal)
        up = deal[0]
        for p in range(n):
            hands[p] = deal[1 + p]
        pos = index & (n - 1)           # the player (seat 0) speaks at turn pos
        dealer = n - 1 - pos
        reach[pos, 0] += 1
        ut = low_index(up) >> 4         # 24 cards: no joker
        m, _, _, _ = auction(hands, n, dealer, up, 0, pos, -2, 0, flags, pol)
        if m != NO_SEAT:
            continue
        reach[pos, 1] += 1
        h = hands[0]
        tr, bw, ac = _features(h, ut)
        up_rank = (low_index(up) & 15) - 7
        s, _ = round1_strength(h, 0, n, dealer, up, ut, allow_up, pol)
        b = _bin(s)
        _decide_all(tables, hands, lay, n, dealer, up, pos, ut, flags, pol, points, trace,
                    o_hist[pos, tr, bw, ac, up_rank], o_pair[pos, tr, bw, ac, up_rank],
                    o_str[pos, b], o_str_pair[pos, b], tt, stats, work)
        m, _, _, _ = auction(hands, n, dealer, up, pos, n + pos, -2, 0, flags, pol)
        if m != NO_SEAT:
            continue
        reach[pos, 2] += 1
        suit, s = best_suit(h, ut)
        tr, bw, ac = _features(h, suit)
        kind = 0 if suit == (ut ^ 1) else 1
        b = _bin(s)
        _decide_all(tables, hands, lay, n, dealer, up, n + pos, suit, flags, pol, points, trace,
                    c_hist[pos, tr, bw, ac, kind], c_pair[pos, tr, bw, ac, kind],
                    c_str[pos, b], c_str_pair[pos, b], tt, stats, work)


def _game_key(seed: int, n: int) -> np.uint64:
    """Independent streams for the two- and four-handed deals of the same index."""
    return np.uint64(mix64(seed_key(seed) ^ np.uint64(n)))


def _survey_chunk_fn(seed: int, play: str):
    """chunk(start, count) -> LAYOUT vector of the survey with ``play``."""
    from .questions import solver_arrays

    pool = np.array(nat_bits(DECKS[DECK_SIZE]), np.int64)
    counts = {n: np.array([1] + [HAND_SIZE] * n + [DECK_SIZE - 1 - HAND_SIZE * n], np.int64)
              for n in PLAYERS}
    keys = {n: _game_key(seed, n) for n in PLAYERS}
    tables = rule_tables(DECK_SIZE)

    def chunk(start, count):
        flat = LAYOUT.zeros()
        if count:
            v = LAYOUT.unpack(flat)
            solver = solver_arrays(play)     # a fresh table per chunk: thread-count independent
            for n in PLAYERS:
                survey_chunk(keys[n], np.int64(start), np.int64(count), np.int64(n), pool,
                             counts[n], tables, np.int64(0), DEFAULT_POLICY, POINTS,
                             *[v[name.format(n=n)] for name in BLOCK_ORDER], *solver)
        return flat

    return chunk


def run_survey(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
               on_chunk=None, skip=None, initial=None, play: str = "heuristic"):
    """Run the survey (both games, default rules, 24 cards); ``stats`` is a LAYOUT vector.
    ``play="dd"``: the same deals with the tricks solved double-dummy."""
    from ...sim.runner import run_chunks

    if play not in PLAY_MODELS:
        raise InputError(f"the Euchre survey has no {play!r} play (choose: {', '.join(PLAY_MODELS)})")
    return run_chunks(_survey_chunk_fn(seed, play), deals, threads=threads, progress=progress,
                      desc="euchre survey" + (" (dd)" if play == "dd" else ""),
                      on_chunk=on_chunk, skip=skip, initial=initial)


def run_survey_dd(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
                  on_chunk=None, skip=None, initial=None):
    """The report's double-dummy run: per chunk, the survey with dd play and with heuristic
    play of the same deals (the heuristic half is cheap).  ``stats`` is the two LAYOUT
    vectors end to end (``split_dd``)."""
    from ...sim.runner import run_chunks

    dd, heuristic = _survey_chunk_fn(seed, "dd"), _survey_chunk_fn(seed, "heuristic")

    def chunk(start, count):
        return np.concatenate([dd(start, count), heuristic(start, count)])

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="euchre survey (dd)",
                      on_chunk=on_chunk, skip=skip, initial=initial)


def split_dd(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(dd stats, heuristic stats of the same deals) from ``run_survey_dd``'s vector."""
    return flat[:LAYOUT.size], flat[LAYOUT.size:]


# ----------------------------------------------------------------------------- tables
def position_label(n: int, seat: int) -> str:
    if n == 2:
        return ("non-dealer", "dealer")[seat - 1]
    return ("left of the dealer", "dealer's partner", "right of the dealer", "dealer")[seat - 1]


FEATURES = {"order": ("seat", "trumps", "bowers", "aces", "upcard_rank"),
            "call": ("seat", "trumps", "bowers", "aces", "suit_kind")}
DERIVED = {"order": ("upcard",), "call": ()}
BREAKDOWNS = tuple(dict.fromkeys(FEATURES["order"] + DERIVED["order"] + FEATURES["call"]))
_LABEL = {
    "seat": lambda r: int(r[0]) + 1,
    "trumps": lambda r: int(r[1]),
    "bowers": lambda r: BOWERS[r[2]],
    "aces": lambda r: int(r[3]),
    "upcard_rank": lambda r: UP_RANKS[r[4]],
    "upcard": lambda r: UP_GROUP[UP_RANKS[r[4]]],
    "suit_kind": lambda r: KINDS[r[4]],
}
_ORDER = {name: i for i, name in enumerate(BOWERS + UP_POWER + UP_GROUPS + KINDS)}


def _sort_key(key):
    return tuple((0, k) if isinstance(k, int) else (1, _ORDER.get(k, 99)) for k in key)


def check_breakdown(decision: str, by: list[str]):
    allowed = FEATURES[decision] + DERIVED[decision]
    bad = [b for b in by if b not in allowed]
    if bad:
        raise InputError(f"unknown breakdown {', '.join(bad)} for the {decision} tables "
                         f"(choose from {', '.join(allowed)})")


def _grouped(hist, pair, by) -> dict[tuple, tuple[np.ndarray, np.ndarray]]:
    """Per group key: the (actions, outcomes) histogram and the (pairs, 2) sums."""
    k = len(FEATURES["order"])
    idx = np.indices(hist.shape[:k]).reshape(k, -1).T
    h_cells = hist.reshape(len(idx), *hist.shape[k:])
    p_cells = pair.reshape(len(idx), *pair.shape[k:])
    occupied = h_cells[:, 0].sum(axis=1) > 0
    groups: dict[tuple, list] = {}
    for r, h, p in zip(idx[occupied], h_cells[occupied], p_cells[occupied]):
        key = tuple(_LABEL[b](r) for b in by)
        if key not in groups:
            groups[key] = [np.zeros_like(h), np.zeros_like(p)]
        groups[key][0] += h
        groups[key][1] += p
    return {key: (g[0], g[1]) for key, g in groups.items()}


def _pair_name(names, a, b) -> str:
    """gain (make - pass), gain_alone (alone - with partner), gain_alone_pass."""
    if (a, b) == (1, 0):
        return "gain"
    if (a, b) == (2, 1):
        return "gain_alone"
    return f"gain_{names[a]}_{names[b]}"


def _cell(h, p, names, min_deals) -> dict:
    """One hand class: P(make), P(march), P(euchred) and EV per action; paired gains."""
    n = int(h[0].sum())
    row = {"deals": n}
    evs = []
    for a, name in enumerate(names):
        ha = h[a]
        evs.append(hist_mean_se(POINTS, ha))
        if a > 0:
            suffix = "" if a == 1 else f"_{name}"
            made = int(ha[0] + ha[1] + ha[2])
            lo, hi = wilson(made, n) if n else (np.nan, np.nan)
            row[f"p_make{suffix}"] = made / n if n else np.nan
            row[f"p_make{suffix}_lo"] = float(lo)
            row[f"p_make{suffix}_hi"] = float(hi)
            row[f"p_march{suffix}"] = (ha[1] + ha[2]) / n if n else np.nan
            row[f"p_euchred{suffix}"] = ha[3] / n if n else np.nan
    for a, name in enumerate(names):
        row[f"ev_{name}"], row[f"ev_{name}_se"] = evs[a]
    diffs = {}
    for k, (a, b) in enumerate(pairs(len(names))):
        mean, se = moments_mean_se(n, float(p[k, 0]), float(p[k, 1]))
        diffs[a, b] = (mean, se)
        col = _pair_name(names, a, b)
        row[col], row[f"{col}_se"] = mean, se
        row[f"{col}_lo"], row[f"{col}_hi"] = mean - Z95 * se, mean + Z95 * se
    if n:
        order = sorted(range(len(names)), key=lambda a: -evs[a][0])
        best, second = order[0], order[1]
        mean, se = diffs[max(best, second), min(best, second)]
        row["best"] = names[best]
        row["clear"] = bool(abs(mean) - Z95 * se > 0) if se == se else False
    else:
        row["best"], row["clear"] = None, False
    row["note"] = "few deals" if n < min_deals else ""
    return row


def decision_table(flat: np.ndarray, n: int, decision: str, by: list[str],
                   min_deals: int = 200) -> pd.DataFrame:
    """Round one (``order``) or round two (``call``) of the ``n``-handed game, one row per
    hand class of the breakdown ``by``; rows with fewer than ``min_deals`` deals get the
    note "few deals" (kept, not hidden)."""
    check_breakdown(decision, by)
    hist = LAYOUT.view(flat, f"{decision}{n}")
    pair = LAYOUT.view(flat, f"{decision}{n}_pair")
    names = actions(n, decision)
    groups = _grouped(hist, pair, by)
    rows = []
    for key in sorted(groups, key=_sort_key):
        rows.append(dict(zip(by, key)) | _cell(*groups[key], names, min_deals))
    return pd.DataFrame(rows)


def reach_table(flat: np.ndarray) -> pd.DataFrame:
    """Per game and position: the deals, and how many reached the round-one and round-two
    decisions (the rest: somebody before made trump)."""
    rows = []
    for n in PLAYERS:
        r = LAYOUT.view(flat, f"reach{n}")
        for pos in range(n):
            deals, r1, r2 = (int(x) for x in r[pos])
            rows.append({"players": n, "seat": pos + 1, "position": position_label(n, pos + 1),
                         "deals": deals, "order_reached": r1, "call_reached": r2,
                         "p_order_reached": r1 / deals if deals else np.nan,
                         "p_call_reached": r2 / deals if deals else np.nan})
    return pd.DataFrame(rows)


def strength_table(flat: np.ndarray, min_deals: int = 200) -> pd.DataFrame:
    """Gain of each action over the next-weaker one by the policy's strength (tenths of a
    trick): one row per game, decision, seat, comparison and strength."""
    rows = []
    for n, decision, seat, comp, hist, sums in _strength_series(flat):
        for b in np.flatnonzero(hist):
            m, se = moments_mean_se(int(hist[b]), float(sums[b, 0]), float(sums[b, 1]))
            rows.append({"players": n, "decision": decision, "seat": seat, "comparison": comp,
                         "strength": int(b) - S_OFF, "deals": int(hist[b]), "gain": m,
                         "gain_se": se, "gain_lo": m - Z95 * se, "gain_hi": m + Z95 * se,
                         "note": "few deals" if hist[b] < min_deals else ""})
    return pd.DataFrame(rows)


def _strength_series(flat):
    """(players, decision, seat, comparison, deals per bin, (bins, 2) sums) for every
    comparison the thresholds are about: make vs pass, and alone vs with partner."""
    for n in PLAYERS:
        for decision in DECISIONS:
            names = actions(n, decision)
            hist = LAYOUT.view(flat, f"{decision}{n}_strength")
            sums = LAYOUT.view(flat, f"{decision}{n}_strength_pair")
            for pos in range(n):
                deals = hist[pos, :, 0].sum(axis=1)
                for k, (a, b) in enumerate(pairs(len(names))):
                    if (a, b) == (2, 0):
                        continue
                    yield n, decision, pos + 1, f"{names[a]} vs {names[b]}", deals, sums[pos, :, k]


def policy_threshold(n: int, decision: str, seat: int, comparison: str, pol=DEFAULT_POLICY) -> int:
    """The threshold the bidding policy uses for this decision (see bidding.DEFAULT_POLICY)."""
    if comparison.startswith("alone"):
        return int(pol[T_ALONE4])
    if decision == "call":
        return int(pol[T_R2_2 if n == 2 else T_R2_4])
    if n == 2:
        return int(pol[T_R1_OPP2 if seat == 1 else T_R1_DEALER2])
    return int(pol[{1: T_R1_OPP4, 2: T_R1_PARTNER4, 3: T_R1_OPP4, 4: T_R1_DEALER4}[seat]])


def best_threshold(gain: np.ndarray, offset: int) -> tuple[int, float]:
    """The threshold T maximizing the summed gain of all bins >= T (bin i is strength
    i - offset); T one past the last bin means never.  Returns (T, that summed gain)."""
    tail = np.append(np.cumsum(gain[::-1])[::-1], 0)
    i = int(np.argmax(tail))
    return i - offset, float(tail[i])


BOOTSTRAP = 1000


def threshold_table(flat: np.ndarray, pol=DEFAULT_POLICY, min_deals: int = 200) -> pd.DataFrame:
    """Break-even strength per game, decision, seat and comparison.

    The break-even threshold is the strength T for which "act iff strength >= T"
    gains most over never acting, summed over the reached deals (where EV(act) - EV(pass)
    crosses zero when the gain rises with strength).  Its 95% range comes from a
    parametric bootstrap of the per-strength sums (seeded: the same stats give the same
    range).  ``gain_vs_policy``: points per reached deal that the break-even rule gains
    over the policy's own threshold on the same deals, with its standard error.
    """
    rng = np.random.default_rng(0)
    rows = []
    for n, decision, seat, comp, deals, sums in _strength_series(flat):
        total = int(deals.sum())
        s1 = sums[:, 0].astype(float)
        s2 = sums[:, 1].astype(float)
        observed = np.flatnonzero(deals)
        first, past = (observed[0], observed[-1] + 1) if total else (0, S_BINS)
        theta, g = best_threshold(s1, S_OFF)
        # Thresholds among empty bins are all the same rule: always / never.
        theta = int(np.clip(theta + S_OFF, first, past)) - S_OFF
        pol_t = policy_threshold(n, decision, seat, comp, pol)
        lo = hi = np.nan
        if total:
            with np.errstate(invalid="ignore", divide="ignore"):
                var = np.where(deals > 1, (s2 - s1 * s1 / np.maximum(deals, 1))
                               * deals / np.maximum(deals - 1, 1), s2)
            draws = s1 + rng.standard_normal((BOOTSTRAP, len(s1))) * np.sqrt(np.maximum(var, 0))
            tails = np.concatenate([np.cumsum(draws[:, ::-1], axis=1)[:, ::-1],
                                    np.zeros((BOOTSTRAP, 1))], axis=1)
            boot = np.clip(np.argmax(tails, axis=1), first, past) - S_OFF
            lo, hi = np.percentile(boot, 2.5, method="lower"), np.percentile(boot, 97.5, method="higher")
        # Per reached deal: gain of the break-even rule minus the policy's rule.
        b_best = min(max(theta + S_OFF, 0), S_BINS)
        b_pol = min(max(pol_t + S_OFF, 0), S_BINS)
        sign = 1.0 if b_best <= b_pol else -1.0
        between = slice(min(b_best, b_pol), max(b_best, b_pol))
        d_mean, d_se = moments_mean_se(total, sign * s1[between].sum(), s2[between].sum())
        acting = int(deals[b_best:].sum())
        what = comp.split(" vs ")[0]
        rows.append({
            "players": n, "decision": decision, "seat": seat,
            "position": position_label(n, seat), "comparison": comp, "deals": total,
            "break_even": theta if total else None, "break_even_lo": lo, "break_even_hi": hi,
            "rule": ("no deals" if not total else f"always {what}" if b_best == first
                     else f"never {what}" if b_best == past else f"{what} with strength >= {theta}"),
            "p_act": acting / total if total else np.nan,
            "gain_per_deal": g / total if total else np.nan,
            "policy_threshold": pol_t,
            "p_act_policy": int(deals[b_pol:].sum()) / total if total else np.nan,
            "gain_vs_policy": d_mean + 0.0, "gain_vs_policy_se": d_se,
            "note": "few deals" if total < min_deals else "",
        })
    out = pd.DataFrame(rows)
    for col in ("break_even", "break_even_lo", "break_even_hi"):
        out[col] = out[col].astype("Int64")     # integer strengths; missing without deals
    return out


def difference_table(flat_a: np.ndarray, flat_b: np.ndarray, n: int, decision: str,
                     by: list[str], min_deals: int = 200) -> pd.DataFrame:
    """Per hand class, survey A's gain minus survey B's, with the standard errors added in
    quadrature: exact for independent deals, conservative for the same deals (heuristic
    and double-dummy play of ``run_survey_dd``, positively correlated)."""
    a = decision_table(flat_a, n, decision, by, min_deals)
    b = decision_table(flat_b, n, decision, by, min_deals)
    m = a[by + ["deals", "gain", "gain_se"]].merge(b[by + ["deals", "gain", "gain_se"]], on=by,
                                                   suffixes=("_a", "_b"))
    m["diff"] = m["gain_a"] - m["gain_b"]
    m["diff_se"] = np.hypot(m["gain_se_a"], m["gain_se_b"])
    m["diff_lo"] = m["diff"] - Z95 * m["diff_se"]
    m["diff_hi"] = m["diff"] + Z95 * m["diff_se"]
    m["note"] = np.where(np.minimum(m["deals_a"], m["deals_b"]) < min_deals, "few deals", "")
    return m
