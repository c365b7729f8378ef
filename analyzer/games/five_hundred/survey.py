"""Five Hundred survey: bid-success statistics by hand class, from fully random deals.

Each deal gives seat S a random hand.  It is played (after the kitty exchange) in one
suit — suit ``index % 4``, so every suit sample comes from its own deal and samples are
independent — in that suit again without the exchange (the kitty's value), in
no-trumps, in misère and in open misère.  The kernel fills joint histograms over hand
features and tricks; any breakdown is a marginal of them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from ...bits import ZERO, high_bit, popcount
from ...cards import JOKER, rank_of, suit_of
from ...sim.deal import _deal_into
from ...sim.layout import StatsLayout
from ...sim.rng import seed_key, stream_key
from ...stats import hist_mean_se, wilson
from ...tricks.tables import R_FREE, R_SUIT, R_TRUMP
from .bidding import Contract
from .deck import FOUR, HAND_SIZE, KITTY_SIZE, N_TRICKS, Table, table
from .play import TRACE_COLS, play_deal_table, play_out_table, relabel, table_seats
from .rules import MISERE, NT, Options, layouts, rule_tables, sides_rule
from .scoring import score_deal

T = N_TRICKS + 1
LAYOUT = StatsLayout(
    suit=(4, HAND_SIZE + 1, 8, 4, T),          # suit, trumps, top trumps (JK R L bits), side aces, tricks
    suit_no_kitty=(4, HAND_SIZE + 1, 8, 4, T),  # the same deals played without the exchange
    nt=(2, 5, T),                               # joker held, aces, tricks
    misere=(2, HAND_SIZE + 1, 5, T),            # closed/open, high cards (T..A, JK), short suits, tricks
)
SUIT_FEATURES = ("suit", "trumps", "top_trumps", "side_aces")
DERIVED = ("top_count", "colour")
TOP_LABELS = tuple(" ".join(n for bit, n in ((4, "JK"), (2, "R"), (1, "L")) if k & bit) or "none"
                   for k in range(8))


@njit(cache=True, forceinline=True)
def _hand_features(hand, rules):
    """trumps, top-trump bits (JK 4, right 2, left 1), side aces of a layout hand in a
    suit strain's ``rules`` (any deck's layout: the top three trumps are the joker and
    the bowers, a plain suit's top card its ace)."""
    trump = rules[R_TRUMP]
    trumps = popcount(hand & trump)
    top = 0
    rest = trump
    for bit in (4, 2, 1):
        c = high_bit(rest)
        if hand & c:
            top |= bit
        rest ^= c
    aces = 0
    for s in range(4):
        m = rules[R_SUIT + s]
        if not (m & trump) and hand & high_bit(m):
            aces += 1
    return trumps, top, aces


@njit(cache=True, forceinline=True)
def _nt_features(own, rules, high_cards):
    """In the no-trump layout: joker held (0/1), aces, high cards (10 or higher, and the
    joker; ``high_cards`` their layout mask), short suits (0 or 1 card)."""
    joker = 1 if own & rules[R_FREE] else 0
    aces = 0
    high = joker + popcount(own & high_cards)
    short = 0
    for s in range(4):
        m = rules[R_SUIT + s]
        if own & high_bit(m):
            aces += 1
        if popcount(own & m) <= 1:
            short += 1
    return joker, aces, high, short


def high_cards_mask(tab: Table = FOUR) -> np.uint64:
    """The no-trump layout's cards ranked 10 or higher (T J Q K A, and 11-13 at six
    players): ``_nt_features``' high cards besides the joker."""
    bit_of = layouts(tab)[0]
    m = 0
    for cid, code in enumerate(tab.deck.codes):
        if code != JOKER and tab.ranks(suit_of(code)).index(rank_of(code)) >= tab.ranks(suit_of(code)).index(10):
            m |= 1 << int(bit_of[NT, cid])
    return np.uint64(m)


@njit(cache=True, nogil=True)
def _survey_chunk(key0, start, n, pool, counts, fixed, tables, byte_tables, out_suit,
                  out_suit_nk, out_nt, out_mis, n_seats, sides, high_cards):
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    trace = np.empty((N_TRICKS * n_seats, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    for i in range(n):
        index = start + i
        _deal_into(stream_key(key0, index), pool, counts, fixed, buf, deal)
        # One suit per deal, by index: independent samples for the suit tables.
        strain = index & 3
        bt = byte_tables[strain]
        own = relabel(deal[1], bt)
        trumps, top, aces = _hand_features(own, tables[strain])
        for s in range(n_seats):
            hands[s] = relabel(deal[1 + s], bt)
        tricks = play_deal_table(tables[strain], hands, relabel(deal[0], bt), n_seats, sides, 0, False, False,
                                 trace, False, work)
        out_suit[strain, trumps, top, aces, tricks] += 1
        for s in range(n_seats):
            hands[s] = relabel(deal[1 + s], bt)
        active, side = table_seats(tables[strain], hands, n_seats, sides, 0, ZERO, False)
        tricks = play_out_table(tables[strain], hands, n_seats, active, side, 0, ZERO, False, False, trace, False)
        out_suit_nk[strain, trumps, top, aces, tricks] += 1
        # No-trumps: joker held, aces.
        bt = byte_tables[NT]
        joker, n_aces, high, short = _nt_features(relabel(deal[1], bt), tables[NT], high_cards)
        for s in range(n_seats):
            hands[s] = relabel(deal[1 + s], bt)
        tricks = play_deal_table(tables[NT], hands, relabel(deal[0], bt), n_seats, sides, 0, False, False, trace,
                                 False, work)
        out_nt[joker, n_aces, tricks] += 1
        # Misère, closed and open.
        bt = byte_tables[MISERE]
        for k in range(2):
            for s in range(n_seats):
                hands[s] = relabel(deal[1 + s], bt)
            tricks = play_deal_table(tables[MISERE], hands, relabel(deal[0], bt), n_seats, sides, 0, True, k == 1,
                                     trace, False, work)
            out_mis[k, high, short, tricks] += 1


def survey_inputs(seed: int, options: Options, tab: Table = FOUR):
    """Dealing inputs for fully random deals (no fixed cards), rule tables, stream key."""
    pool = np.arange(tab.deck.size, dtype=np.int64)
    n_hands = tab.n_seats + tab.dead_hands
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * n_hands, np.int64)
    return pool, counts, np.zeros(1 + n_hands, np.uint64), rule_tables(options, tab), seed_key(seed)


def run_survey(deals: int, seed: int = 0, threads: int | None = None, progress: bool = False,
               options: Options = Options(), on_chunk=None, skip=None, initial=None, players: int = 4):
    """Run the survey at a table of ``players``; returns the runner's result (``stats`` is
    a LAYOUT vector)."""
    from ...sim.runner import run_chunks
    from .questions import byte_tables

    tab = table(players)
    pool, counts, fixed, tables, key0 = survey_inputs(seed, options, tab)
    bts = byte_tables(tab)
    n_seats, sides, high = np.int64(tab.n_seats), np.int64(sides_rule(tab.players, options)), high_cards_mask(tab)

    def chunk(start, n):
        flat = LAYOUT.zeros()
        if n:
            v = LAYOUT.unpack(flat)
            _survey_chunk(key0, np.int64(start), np.int64(n), pool, counts, fixed, tables,
                          bts, v["suit"], v["suit_no_kitty"], v["nt"], v["misere"], n_seats, sides, high)
        return flat

    return run_chunks(chunk, deals, threads=threads, progress=progress, desc="five-hundred survey",
                      on_chunk=on_chunk, skip=skip, initial=initial)


# ----------------------------------------------------------------------------- tables
def _deal_values(c: Contract, units: int) -> list:
    """EV of the deal by the contractor side's tricks: its score minus the defenders'
    points shared among ``units`` opposing scoring units (``rules.opponent_units``)."""
    if units == 1:
        return [np.subtract(*score_deal(c, t)) for t in range(T)]
    return [score_deal(c, t)[0] - score_deal(c, t)[1] / units for t in range(T)]


def _levels_frame(hist: np.ndarray, strain: int | None = None, units: int = 1) -> dict:
    """P(make) with intervals and EV for levels 6..10.

    ``hist`` is a trick histogram of one strain (``strain`` given) or a (4, tricks) stack
    of the four suits, whose EV uses each suit's own bid values; ``units``: see
    ``_deal_values``.
    """
    stack = hist[None, :] if strain is not None else hist
    strains = [strain] if strain is not None else range(4)
    total = stack.sum(axis=0)
    n = int(total.sum())
    tricks = np.arange(T)
    row = {"deals": n, "mean_tricks": float((tricks * total).sum() / n) if n else np.nan}
    for level in range(6, 11):
        made = int(total[level:].sum())
        lo, hi = wilson(made, n) if n else (np.nan, np.nan)
        values = np.concatenate([_deal_values(Contract(level, s), units) for s in strains])
        ev, se = hist_mean_se(values, stack.reshape(-1))
        row[f"p{level}"] = made / n if n else np.nan
        row[f"p{level}_lo"] = float(lo)
        row[f"p{level}_hi"] = float(hi)
        row[f"ev{level}"] = ev
        row[f"ev{level}_se"] = se
    return row


def suit_table(flat: np.ndarray, by: list[str], kitty: bool = True, units: int = 1) -> pd.DataFrame:
    """Bid success for suit contracts, grouped by any of trumps, top_trumps, top_count,
    side_aces, suit, colour (``units``: see ``_deal_values``)."""
    hist = LAYOUT.view(flat, "suit" if kitty else "suit_no_kitty")
    unknown = [b for b in by if b not in SUIT_FEATURES + DERIVED]
    if unknown:
        from ...errors import InputError
        raise InputError(f"unknown breakdown {', '.join(unknown)} (choose from "
                         f"{', '.join(SUIT_FEATURES + DERIVED)})")
    groups = _grouped(hist, by)
    rows = []
    for key in sorted(groups, key=_sort_key):
        row = dict(zip(by, key))
        row.update(_levels_frame(groups[key], units=units))
        rows.append(row)
    return pd.DataFrame(rows)


_ORDER = {name: i for i, name in enumerate(TOP_LABELS + tuple("SCDH") + ("black", "red"))}


def _sort_key(key):
    """Numbers numerically; labels (top trumps, suits S C D H, colours) in their natural order."""
    return tuple((0, k) if isinstance(k, int) else (1, _ORDER.get(k, 99)) for k in key)


def nt_table(flat: np.ndarray, units: int = 1) -> pd.DataFrame:
    """No-trump bid success by joker held and number of aces."""
    hist = LAYOUT.view(flat, "nt")
    rows = []
    for joker in range(2):
        for aces in range(5):
            h = hist[joker, aces]
            if h.any():
                rows.append({"joker": bool(joker), "aces": aces} | _levels_frame(h, NT, units))
    return pd.DataFrame(rows)


def misere_table(flat: np.ndarray) -> pd.DataFrame:
    """Misère and open misère success by high cards (10 or better, and the joker) and
    short suits (0 or 1 card), from the hand before the kitty."""
    hist = LAYOUT.view(flat, "misere")
    rows = []
    for k, name in enumerate(("misère", "open misère")):
        for high in range(hist.shape[1]):
            for short in range(hist.shape[2]):
                h = hist[k, high, short]
                n = int(h.sum())
                if not n:
                    continue
                lo, hi = wilson(int(h[0]), n)
                c = Contract(0, MISERE, open=bool(k))
                ev, se = hist_mean_se([score_deal(c, t)[0] for t in range(T)], h)
                rows.append({"contract": name, "high_cards": high, "short_suits": short, "deals": n,
                             "p_make": h[0] / n, "p_make_lo": float(lo), "p_make_hi": float(hi),
                             "mean_tricks": float((np.arange(T) * h).sum() / n), "ev": ev, "ev_se": se})
    return pd.DataFrame(rows)


def kitty_table(flat: np.ndarray, by: list[str]) -> pd.DataFrame:
    """Tricks gained by the kitty exchange (same deals, played with and without it)."""
    with_k = suit_table(flat, by, kitty=True)
    without = suit_table(flat, by, kitty=False)
    merged = with_k[by + ["deals", "mean_tricks"]].merge(
        without[by + ["mean_tricks"]], on=by, suffixes=("", "_no_kitty"))
    merged["kitty_gain"] = merged["mean_tricks"] - merged["mean_tricks_no_kitty"]
    # The gain's standard error from the two trick histograms (a conservative bound that
    # ignores their positive correlation on the same deals).
    ses = [_group_tricks_se(LAYOUT.view(flat, name), by) for name in ("suit", "suit_no_kitty")]
    merged["kitty_gain_se"] = [np.hypot(a, b) for a, b in zip(ses[0], ses[1])]
    return merged


_KEYS = {
    "suit": lambda r: "SCDH"[r[0]],
    "colour": lambda r: "black" if r[0] < 2 else "red",
    "trumps": lambda r: int(r[1]),
    "top_trumps": lambda r: TOP_LABELS[r[2]],
    "top_count": lambda r: bin(int(r[2])).count("1"),
    "side_aces": lambda r: int(r[3]),
}


def _grouped(hist, by) -> dict[tuple, np.ndarray]:
    """Trick histograms per group, kept per suit: {key: (4, tricks)}."""
    idx = np.indices(hist.shape[:4]).reshape(4, -1).T
    groups: dict[tuple, np.ndarray] = {}
    for r, h in zip(idx, hist.reshape(-1, T)):
        if h.any():
            key = tuple(_KEYS[b](r) for b in by)
            if key not in groups:
                groups[key] = np.zeros((4, T), np.int64)
            groups[key][r[0]] += h
    return groups


def _group_tricks_se(hist, by) -> list[float]:
    groups = _grouped(hist, by)
    return [hist_mean_se(np.arange(T), groups[k].sum(axis=0))[1] for k in sorted(groups, key=_sort_key)]


def bid_ladder(flat: np.ndarray, by: list[str], units: int = 1) -> pd.DataFrame:
    """For each hand class: the suit-contract level with the best expected score (or pass
    when none is positive), from the suit tables."""
    table = suit_table(flat, by, units=units)
    best_level, best_ev, best_se = [], [], []
    for _, row in table.iterrows():
        evs = {level: row[f"ev{level}"] for level in range(6, 11)}
        level = max(evs, key=evs.get)
        if evs[level] < 0:
            best_level.append(0)
            best_ev.append(0.0)
            best_se.append(0.0)
        else:
            best_level.append(level)
            best_ev.append(evs[level])
            best_se.append(row[f"ev{level}_se"])
    out = table[by + ["deals", "mean_tricks"]].copy()
    out["best_level"] = best_level
    out["best"] = ["pass" if lv == 0 else str(lv) for lv in best_level]
    out["best_ev"] = best_ev
    out["best_ev_se"] = best_se
    return out
