"""Whole Five Hundred deals by the policies: the auction, the contract played, the score.

Hands are deck-id masks (seats 0..3 as in ``auction``, the kitty apart); a contract is a
ladder index (``auction.ladder_tables``).  ``deal_outcomes`` is the distribution of one
deal's result that the game equity (``equity``) is built from.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...sim.deal import _deal_into
from ...sim.question import Plan
from ...sim.rng import seed_key, stream_key
from ...bits import popcount
from .auction import (A_AMERICAN, DEFAULT_POLICY, FM_JOKER, FM_LEFT, FM_RIGHT, FM_TRUMP, FMASKS, LAD_KIND, LAD_LEVEL,
                      LAD_STRAIN, LAD_VALUE, NO_SEAT, ST_NEXT, ST_PASSED, ST_SIZE, V_SIZE, apply_call, auction_over,
                      finish_auction, ladder_tables, seat_call, start_state, start_table, valuation)
from .bidding import ALL_CONTRACTS
from .deck import DECK, HAND_SIZE, KITTY_SIZE, N_SEATS, N_TRICKS
from .dd import dd_deal, dd_deal_table
from .play import TRACE_COLS, exchange, fixed_partners, play_deal, play_deal_table, relabel, table_seats
from .rules import (DD_MISERE_MAX_ACTIVE, MISERE, SIDES_OPPOSITE, SIDES_PAIRS, SIDES_THREES, Options, rule_tables,
                    sides_rule)

SLAM = 250
PER_TRICK = 10


@njit(cache=True, forceinline=True)
def table_buffers(pool, counts, n_seats, tables):
    """Scratch of a self-play kernel at a table of ``n_seats``: (shuffle buffer, fixed
    cards (none), one deal's slots, hands, their layout, valuations, auction state, a
    trace of every card, the rule vector's work copy)."""
    return (np.empty(pool.shape[0], np.int64), np.zeros(counts.shape[0], np.uint64),
            np.empty(counts.shape[0], np.uint64), np.empty(n_seats, np.uint64), np.empty(n_seats, np.uint64),
            np.empty((n_seats, V_SIZE), np.float64), np.empty(ST_SIZE, np.int64),
            np.empty((N_TRICKS * n_seats, TRACE_COLS), np.int64), np.empty(tables.shape[1], np.uint64))


@njit(cache=True, forceinline=True)
def score_contract(c, tricks, lad):
    """(the contractor side's points, the defenders', made) for ladder contract ``c`` when
    the contractor's side took ``tricks`` (``scoring.score_deal``)."""
    value = lad[LAD_VALUE, c]
    if lad[LAD_STRAIN, c] == MISERE:
        if tricks == 0:
            return value, 0, True
        return -value, 0, False
    defenders = PER_TRICK * (N_TRICKS - tricks)
    if tricks >= lad[LAD_LEVEL, c]:
        if tricks == N_TRICKS and value < SLAM:
            return SLAM, defenders, True
        return value, defenders, True
    return -value, defenders, False


@njit(cache=True, forceinline=True)
def relabel_contract(hands, kitty, c, lad, byte_tables, lay):
    """(kind, strain, kitty) of ladder contract ``c``, ``hands`` (deck ids) relabelled into
    its strain's layout in ``lay``."""
    kind = lad[LAD_KIND, c]
    strain = kind if kind < MISERE else MISERE
    bt = byte_tables[strain]
    for s in range(N_SEATS):
        lay[s] = relabel(hands[s], bt)
    return kind, strain, relabel(kitty, bt)


@njit(cache=True, forceinline=True)
def contract_sides_table(hands, kitty, n_seats, sides, contractor, c, lad, byte_tables, lay, tables):
    """Ladder contract ``c`` at a table of ``n_seats``: ``lay`` <- the hands (deck ids)
    relabelled into its strain's layout; returns (kind, strain, kitty relabelled, active
    seats, the side that scores the contract as a seat mask: in misère the contractor
    plays alone, but a fixed team scores with him), the sides as they are after the
    heuristic contractor's exchange (``play.table_seats``)."""
    kind = lad[LAD_KIND, c]
    strain = kind if kind < MISERE else MISERE
    bt = byte_tables[strain]
    for s in range(n_seats):
        lay[s] = relabel(hands[s], bt)
    k = relabel(kitty, bt)
    rules = tables[strain]
    misere = kind >= MISERE
    kept, discards = exchange(rules, lay[contractor] | k, misere)
    saved = lay[contractor]
    lay[contractor] = kept
    active, side = table_seats(rules, lay, n_seats, sides, contractor, discards, misere)
    if misere and (sides == SIDES_OPPOSITE or sides == SIDES_THREES or sides == SIDES_PAIRS):
        side |= fixed_partners(sides, n_seats, contractor)
    lay[contractor] = saved
    return kind, strain, k, active, side


@njit(cache=True)
def play_contract_table(hands, kitty, n_seats, sides, contractor, c, lad, tables, byte_tables, lay, trace, work, dd,
                        tt, stats, gen, record=False):
    """``play_contract`` at a table of ``n_seats`` whose sides form by ``sides``; returns
    (the contractor side's tricks, the side that scores the contract as a seat mask,
    ``contract_sides_table``).  With ``dd`` (and a table ``tt``; None compiles the kernel
    without the solver), a misère played by more than
    DD_MISERE_MAX_ACTIVE seats is played by the heuristic players
    (``rules.misere_seats``).  ``record`` (heuristic play): ``trace`` gets the play-out
    (``play.play_out_table``), each trick's winner included."""
    kind, strain, k, active, side = contract_sides_table(hands, kitty, n_seats, sides, contractor, c, lad,
                                                         byte_tables, lay, tables)
    rules = tables[strain]
    misere = kind >= MISERE
    if tt is not None and dd and (not misere or popcount(np.uint64(active)) <= DD_MISERE_MAX_ACTIVE):
        res, _ = dd_deal_table(rules, lay, k, n_seats, sides, np.int64(contractor), misere, tt, stats, gen)
        return res, side
    return play_deal_table(rules, lay, k, n_seats, sides, contractor, misere, kind == 6, trace, record, work), side


@njit(cache=True)
def play_contract(hands, kitty, contractor, c, lad, tables, byte_tables, lay, trace, work, dd, tt, stats, gen):
    """The contractor side's tricks when ``contractor`` plays ladder contract ``c`` on
    ``hands`` (deck ids; not modified) and ``kitty``: the exchange, the joker's nomination
    and ten tricks by the heuristic players, or with ``dd`` solved double-dummy (misère:
    0 when the contractor can avoid every trick, else 1) with the table ``tt`` (None: the
    kernel compiles without the solver).  ``lay`` (N_SEATS) and ``work``
    (R_SIZE) are scratch."""
    kind, strain, k = relabel_contract(hands, kitty, c, lad, byte_tables, lay)
    if tt is not None and dd:
        res, _ = dd_deal(tables[strain], lay, k, np.int64(contractor), kind >= MISERE, tt, stats, gen)
        return res
    return play_deal(tables[strain], lay, k, contractor, kind >= MISERE, kind == 6, trace, False, work)


@njit(cache=True, nogil=True)
def selfplay_chunk(key0, start, n, pool, counts, lad, acfg, pols, tables, byte_tables, out):
    """Deals ``start..start+n-1``: the dealer is seat ``(start + i) % 4``; every seat bids by
    its policy ``pols[seat]`` and the contract is played by the heuristic players (no
    solver is linked into this kernel, which keeps its compile short).
    ``out[side, c, t] += 1``: the side (0 the dealer's, 1 the other) contracted ladder
    contract ``c`` and took ``t`` tricks; ``out[2, 0, 0]``: thrown in."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    lay = np.empty(N_SEATS, np.uint64)
    vals = np.empty((N_SEATS, V_SIZE), np.float64)
    st = np.empty(ST_SIZE, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        for s in range(N_SEATS):
            hands[s] = deal[1 + s]
            valuation(hands[s], FMASKS, pols[s], vals[s])
        dealer = (start + i) % N_SEATS
        start_state(st, dealer)
        d, c = finish_auction(vals, st, lad, acfg, pols)
        if d == NO_SEAT:
            out[2, 0, 0] += 1
            continue
        kind, strain, k = relabel_contract(hands, deal[0], c, lad, byte_tables, lay)
        tricks = play_deal(tables[strain], lay, k, d, kind >= MISERE, kind == 6, trace, False, work)
        out[0 if (d & 1) == (dealer & 1) else 1, c, tricks] += 1


PLAN = Plan("Five Hundred", {"heuristic": 2_000_000}, chunk_size={"heuristic": 65_536}, desc={"heuristic": "deals"})


def deal_outcomes(deals: int, seed: int = 0, options: Options = Options(), threads: int | None = None,
                  progress: bool = False, policy=None):
    """The distribution of one deal's result under the policies, from ``deals`` self-play
    deals (the dealer rotating).  Returns (counts, thrown, n): ``counts[side, c, t]`` the
    deals where the side (0 the dealer's, 1 the other) contracted ``ALL_CONTRACTS[c]`` and
    took ``t`` tricks, ``thrown`` those all four passed, ``n`` the deals played."""
    from .questions import BYTE_TABLES

    lad, acfg = ladder_tables(options)
    pols = np.tile(DEFAULT_POLICY if policy is None else policy, (N_SEATS, 1))
    tables = rule_tables(options)
    pool = np.arange(DECK.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * N_SEATS, np.int64)
    key0 = seed_key(seed)
    n_lad = lad.shape[1]

    def chunk(start, n):
        out = np.zeros((3, n_lad, N_TRICKS + 1), np.int64)
        if n:
            selfplay_chunk(key0, np.int64(start), np.int64(n), pool, counts, lad, acfg, pols, tables, BYTE_TABLES,
                           out)
        return out

    run = PLAN.run(chunk, deals, "heuristic", threads, progress)
    out = run.stats
    from .auction import contract_of
    order = [ALL_CONTRACTS.index(contract_of(i, options)) for i in range(n_lad)]
    result = np.zeros((2, len(ALL_CONTRACTS), N_TRICKS + 1), np.int64)
    for i, j in enumerate(order):
        result[:, j] = out[:2, i]
    return result, int(out[2, 0, 0]), int(run.n_done)


# ----------------------------------------------------------------------------- calls by hand class
CALL_CATEGORIES = ("pass", "6", "7", "8", "9", "10", "misère", "open misère")
N_CALL_CATS = len(CALL_CATEGORIES)
CALLS_SHAPE = (N_SEATS, HAND_SIZE + 1, 4, N_CALL_CATS, 2)   # speaker position, trumps, top trumps, call, NT?


@njit(cache=True, nogil=True)
def calls_chunk(key0, start, n, pool, counts, lad, acfg, pols, out):
    """Deals ``start..start+n-1`` (the dealer rotating): the auction by the policies; each
    seat's *first* call goes to ``out[position, trumps, top, category, nt]``: its position
    in the auction (0 speaks first), the trumps (bowers and joker counted) and top trumps
    (joker, right and left bower) of its best suit by the valuation, the call's category
    (CALL_CATEGORIES) and 1 if it was a no-trump bid."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    vals = np.empty((N_SEATS, V_SIZE), np.float64)
    st = np.empty(ST_SIZE, np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        for s in range(N_SEATS):
            valuation(deal[1 + s], FMASKS, pols[s], vals[s])
        dealer = (start + i) % N_SEATS
        start_state(st, dealer)
        spoke = 0
        while not auction_over(st, acfg) and spoke != (1 << N_SEATS) - 1:
            seat = st[ST_NEXT]
            call = seat_call(vals, st, lad, acfg, pols)
            if not (spoke >> seat) & 1:
                spoke |= 1 << seat
                best = 0
                for t in range(1, 4):
                    if vals[seat, t] > vals[seat, best]:
                        best = t
                hand = deal[1 + seat]
                trumps = popcount(hand & FMASKS[best, FM_TRUMP])
                top = popcount(hand & (FMASKS[best, FM_JOKER] | FMASKS[best, FM_RIGHT] | FMASKS[best, FM_LEFT]))
                if call < 0:
                    cat = 0
                elif lad[LAD_STRAIN, call] == MISERE:
                    cat = 7 if lad[LAD_KIND, call] == 6 else 6
                else:
                    cat = lad[LAD_LEVEL, call] - 5
                nt = 1 if call >= 0 and lad[LAD_STRAIN, call] == 4 else 0
                out[(seat - dealer - 1) % N_SEATS, trumps, top, cat, nt] += 1
            apply_call(st, call)
            if acfg[A_AMERICAN]:
                st[ST_PASSED] |= 1 << seat
                st[ST_NEXT] = (seat + 1) % N_SEATS


CALLS_PLAN = Plan("Five Hundred", {"heuristic": 1_000_000}, chunk_size={"heuristic": 65_536}, desc={"heuristic": "auctions"})


def calls_survey(deals: int, seed: int = 0, options: Options = Options(), threads: int | None = None,
                 progress: bool = False):
    """The policy's first call of every seat by its position and hand class over ``deals``
    self-play auctions (``calls_chunk``); returns the RunResult (stats: CALLS_SHAPE)."""
    lad, acfg = ladder_tables(options)
    pols = np.tile(DEFAULT_POLICY, (N_SEATS, 1))
    pool = np.arange(DECK.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * N_SEATS, np.int64)
    key0 = seed_key(seed)

    def chunk(start, n):
        out = np.zeros(CALLS_SHAPE, np.int64)
        if n:
            calls_chunk(key0, np.int64(start), np.int64(n), pool, counts, lad, acfg, pols, out)
        return out

    return CALLS_PLAN.run(chunk, deals, "heuristic", threads, progress)


# ----------------------------------------------------------------------------- contracts by kind, any table
KIND_CATEGORIES = ("suit", "no-trumps", "misère", "open misère", "all pass")
K_THROWN = 4


@njit(cache=True, nogil=True)
def kinds_chunk(key0, start, n, pool, counts, lad, acfg, pols, tables, byte_tables, fm, n_seats, sides, out):
    """Self-play deals ``start..start+n-1`` at a table of ``n_seats`` (the dealer seat
    ``(start + i) % n_seats``, the auction by ``pols``, the contract played by the
    heuristic players): ``out[k, made] += 1`` for the contract's kind ``k``
    (KIND_CATEGORIES) and whether it was made; ``out[K_THROWN, 0]``: all passed.  No
    solver is linked in."""
    buf, fixed, deal, hands, lay, vals, st, trace, work = table_buffers(pool, counts, n_seats, tables)
    gen = np.zeros(8, np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        for s in range(n_seats):
            hands[s] = deal[1 + s]
            valuation(hands[s], fm, pols[s], vals[s])
        start_table(st, (start + i) % n_seats, n_seats, sides)
        d, c = finish_auction(vals, st, lad, acfg, pols)
        if d == NO_SEAT:
            out[K_THROWN, 0] += 1
            continue
        tricks, _ = play_contract_table(hands, deal[0], n_seats, sides, d, c, lad, tables, byte_tables, lay, trace,
                                        work, False, None, None, gen)
        kind = lad[LAD_KIND, c]
        _, _, made = score_contract(c, tricks, lad)
        out[0 if kind < 4 else kind - 3, 1 if made else 0] += 1     # suits; NT 4, misère 5, open 6


def contract_kinds(players: int = 4, deals: int = 1_000_000, seed: int = 0, options: Options = Options(),
                   threads: int | None = None, progress: bool = False, policy=None):
    """How often self-play at a table of ``players`` ends in each kind of contract and how
    often it is made: (table as a DataFrame, deals played).  ``policy``: every seat's
    policy vector (default: the table's, ``auction.default_policy``)."""
    import pandas as pd

    from ...stats import wilson
    from .auction import default_policy, feature_masks
    from .deck import table
    from .questions import byte_tables

    tab = table(players)
    lad, acfg = ladder_tables(options)
    pols = np.tile(default_policy(tab.players) if policy is None else policy, (tab.n_seats, 1))
    tables = rule_tables(options, tab)
    bts = byte_tables(tab)
    fm = feature_masks(tab)
    pool = np.arange(tab.deck.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * (tab.n_seats + tab.dead_hands), np.int64)
    key0 = seed_key(seed)
    n_seats, sides = np.int64(tab.n_seats), np.int64(sides_rule(tab.players, options))

    def chunk(start, n):
        out = np.zeros((len(KIND_CATEGORIES), 2), np.int64)
        if n:
            kinds_chunk(key0, np.int64(start), np.int64(n), pool, counts, lad, acfg, pols, tables, bts, fm, n_seats,
                        sides, out)
        return out

    run = PLAN.run(chunk, deals, "heuristic", threads, progress)
    out, played = run.stats, int(run.n_done)
    rows = []
    for k, name in enumerate(KIND_CATEGORIES):
        total = int(out[k].sum())
        lo, hi = wilson(total, played)
        row = {"players": tab.players, "contract": name, "deals": total, "p_contract": total / played,
               "p_contract_lo": float(lo), "p_contract_hi": float(hi)}
        if k != K_THROWN:
            made = int(out[k, 1])
            mlo, mhi = wilson(made, total) if total else (np.nan, np.nan)
            row |= {"p_make": made / total if total else np.nan, "p_make_lo": float(mlo), "p_make_hi": float(mhi)}
        rows.append(row)
    return pd.DataFrame(rows), played
