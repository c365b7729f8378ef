"""Five Hundred with double-dummy play: every hand visible, perfect play by both sides.

Conventions as in ``play``: seats 0..3 clockwise, the contractor's side is the seats of
the same parity, the contractor exchanges with the kitty by ``play.exchange`` and leads.
Misère: the contractor's partner sits out; the two defenders try to make the contractor
take a trick (the result recorded is 0 when the contractor can avoid every trick, else 1).
No-trumps and misère: a contractor holding the joker may nominate its suit before the
first lead; every choice is solved and the best one for the contractor is taken.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ZERO
from ...sim.deal import _deal_into
from ...sim.rng import stream_key
from ...tricks.dd import PEXT8, O_ALL, S_SIZE, C_SIZE, MAX_SEATS, _make_cfg, _solve_kernel, new_table
from ...tricks.tables import R_FREE, R_SUIT, R_TRUMP
from .deck import HAND_SIZE, N_SEATS, N_TRICKS
from .play import TRACE_COLS, exchange, play_out, relabel
from .rules import MISERE, NT

DD_TABLE_MB = 16.0   # transposition table per thread for Five Hundred solves


@njit(cache=True, nogil=True)
def nominated(rules, suit):
    """No-trumps/misère rules with the joker nominated as the top card of ``suit``."""
    out = rules.copy()
    joker = out[R_FREE]
    out[R_SUIT + suit] |= joker
    out[R_TRUMP] &= ~joker
    out[R_FREE] = ZERO
    return out


@njit(cache=True, nogil=True)
def _seats(contractor, misere):
    """(active, maximising side, counted side) masks."""
    partner = (contractor + 2) % N_SEATS
    side = (1 << contractor) | (1 << partner)
    if misere:
        active = 15 & ~(1 << partner)
        return active, active & ~(1 << contractor), 1 << contractor
    return 15, side, side


@njit(cache=True, nogil=True)
def solve_position(rules, hands, contractor, misere, target, tt, stats, work):
    """Contractor side's tricks (misère: the contractor's tricks, the defenders
    maximising) from the first lead; with ``target`` >= 0, 1 if it reaches ``target``.
    The zero-window searches start from the heuristic play-out's result.

    ``work`` (int64, >= 8): work[0] is the table generation, bumped here."""
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    active, maxside, count = _seats(contractor, misere)
    for s in range(N_SEATS):
        if (active >> s) & 1:
            h5[s] = hands[s]
    work[0] += 1
    if work[0] > 0xFFFF:
        tt[:, :] = 0
        work[0] = 1
    _make_cfg(cfg, N_SEATS, active, maxside, count, rules, O_ALL, work[0])
    left = 0
    for s in range(N_SEATS):
        if (active >> s) & 1:
            n = 0
            m = h5[s]
            while m:
                m &= m - np.uint64(1)
                n += 1
            left = n
    guess = -1
    if target < 0:
        hh = hands.copy()
        trace = np.empty((N_TRICKS * N_SEATS, TRACE_COLS), np.int64)
        guess = play_out(rules, hh, contractor, ZERO, misere, False, trace, False)
    return _solve_kernel(rules, cfg, h5, v5, tt, stats, PEXT8, contractor, 0, contractor, 0,
                         ZERO, contractor, ZERO, 0, left, target, guess)


@njit(cache=True, nogil=True)
def best_choice(rules, hands, contractor, misere, tt, stats, work):
    """(result, nomination): the contract's double-dummy result with the contractor's best
    joker nomination (-1: none).  Suit contracts and NT: tricks of the contractor's side;
    misère: 0 if the contractor avoids every trick, else 1."""
    holds_free = (hands[contractor] & rules[R_FREE]) != ZERO
    # typed, not literal, arguments: a literal makes numba compile (and link in) another
    # copy of the whole solver for solve_position
    yes = np.bool_(True)
    no = np.bool_(False)
    if misere:
        if not holds_free:
            return solve_position(rules, hands, contractor, yes, np.int64(1), tt, stats, work), -1
        # an un-nominated joker wins the trick it is played to: always nominate
        for s in range(4):
            if solve_position(nominated(rules, s), hands, contractor, yes, np.int64(1), tt, stats, work) == 0:
                return np.int64(0), s
        return np.int64(1), 0
    v = solve_position(rules, hands, contractor, no, np.int64(-1), tt, stats, work)
    choice = -1
    if holds_free:
        for s in range(4):
            if v < N_TRICKS:
                r = nominated(rules, s)
                if solve_position(r, hands, contractor, no, v + 1, tt, stats, work) == 1:
                    v = solve_position(r, hands, contractor, no, np.int64(-1), tt, stats, work)
                    choice = s
    return v, choice


@njit(cache=True, nogil=True)
def dd_deal(rules, hands, kitty, contractor, misere, tt, stats, work):
    """Exchange with the kitty (``play.exchange``), then ``best_choice``.  ``hands`` is
    modified.  Returns (result, nomination)."""
    kept, _ = exchange(rules, hands[contractor] | kitty, misere)
    hands[contractor] = kept
    return best_choice(rules, hands, contractor, misere, tt, stats, work)


@njit(cache=True, nogil=True)
def bid_chunk_dd(key0, start, n, pool, counts, fixed, kinds, tables, byte_tables, hist, tt, stats):
    """``play.bid_chunk`` with double-dummy play: same deals (same dealing kernel and
    streams), ``hist[k, t]`` counts deals where kind ``kinds[k]`` gave ``t`` (misère and
    open misère: 0 made, 1 failed; with every hand visible they are the same question)."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    work = np.zeros(8, np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        misere_result = -1
        for k in range(kinds.shape[0]):
            kind = kinds[k]
            strain = kind if kind < MISERE else MISERE
            if kind >= MISERE and misere_result >= 0:
                hist[k, misere_result] += 1
                continue
            bt = byte_tables[strain]
            for s in range(N_SEATS):
                hands[s] = relabel(deal[1 + s], bt)
            kitty = relabel(deal[0], bt)
            res, _ = dd_deal(tables[strain], hands, kitty, np.int64(0), kind >= MISERE, tt, stats, work)
            if kind >= MISERE:
                misere_result = res
            hist[k, res] += 1


def new_dd_table(megabytes: float = DD_TABLE_MB) -> np.ndarray:
    return new_table(megabytes)


def new_stats() -> np.ndarray:
    return np.zeros(S_SIZE, np.int64)


# ----------------------------------------------------------------------------- one deal
DEAL_SEATS = ("N", "E", "S", "W")


def solve_deal(deal: str, contract: str, contractor: str, kitty: bool = True,
               rules: list[str] | None = None, solver=None) -> dict:
    """Double-dummy result of one deal ``"N: ...; E: ...; S: ...; W: ...; K: ..."``.

    Returns {"contract", "contractor", "contractor_tricks", "made", "nominated", "discards",
    "leads": [{"card", "tricks"}, ...]} with the leads best first for the contractor.  In
    misère ``contractor_tricks`` counts the contractor's tricks with the defenders trying
    to give him tricks (0 = made)."""
    from ...cards import parse_deal
    from ...errors import InputError
    from ...tricks.dd import Solver
    from .bidding import parse_contract
    from .rules import ID_OF, STRAIN_NAMES, Options, from_layout, rule_table, to_layout
    from .deck import DECK, KITTY_SIZE, SEAT_NAMES

    options = Options.parse(rules)
    c = parse_contract(contract)
    who = str(contractor).strip().upper()[:1]
    if who not in DEAL_SEATS:
        raise InputError(f"--contractor must be one of N E S W, not {contractor!r}")
    parts = parse_deal(deal, DECK, DEAL_SEATS, {"K": "kitty"})
    for s in DEAL_SEATS:
        if s not in parts:
            raise InputError(f"the deal has no hand for {s}")
        if len(parts[s]) != HAND_SIZE:
            raise InputError(f"hand {s} has {len(parts[s])} cards; Five Hundred needs {HAND_SIZE}")
    if kitty:
        if len(parts.get("K", [])) != KITTY_SIZE:
            raise InputError(f"the kitty (K:) must have {KITTY_SIZE} cards (or use --no-kitty)")
    strain = c.strain if not c.is_misere else MISERE
    table = rule_table(strain, options)
    seat_of = {name: SEAT_NAMES.index(name) for name in DEAL_SEATS}
    cseat = seat_of[who]

    def layout(ids):
        return to_layout(DECK.mask(ids), strain)

    hands = [0] * N_SEATS
    for name in DEAL_SEATS:
        hands[seat_of[name]] = layout(parts[name])
    discards = []
    if kitty:
        kept, disc = exchange(table, np.uint64(hands[cseat] | layout(parts["K"])), c.is_misere)
        hands[cseat] = int(kept)
        discards = from_layout(disc, strain)
    solver = solver or Solver(DD_TABLE_MB)
    active, maxside, count = (int(x) for x in _seats(cseat, c.is_misere))
    play_hands = [h if (active >> s) & 1 else 0 for s, h in enumerate(hands)]
    kw = dict(n_seats=N_SEATS, count_side=count, active=active)
    choices = [None]
    if strain >= NT and hands[cseat] & int(table[R_FREE]):
        choices = ([] if c.is_misere else [None]) + [0, 1, 2, 3]
    best = None
    for ch in choices:
        r = table if ch is None else nominated(table, ch)
        v = solver.solve(r, play_hands, cseat, maxside, **kw)
        better = best is None or (v < best[0] if c.is_misere else v > best[0])
        if better:
            best = (v, ch, r)
    value, choice, r = best
    leads = []
    for bit, name, v in solver.moves(r, play_hands, cseat, maxside, **kw):
        card = DECK.format(int(ID_OF[strain, bit]))
        if name is not None:
            card += f" (names {'SCDH'[name]})"
        leads.append({"card": card, "tricks": v})
    made = value == 0 if c.is_misere else value >= c.level
    return {"contract": c.name, "contractor": who, "contractor_tricks": int(value), "made": bool(made),
            "nominated": None if choice is None else "SCDH"[choice],
            "discards": DECK.format_cards(discards) if kitty else None, "leads": leads,
            "strain": STRAIN_NAMES[strain]}
