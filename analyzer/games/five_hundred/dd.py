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
from .play import SIDES_OPPOSITE, TRACE_COLS, book_joint, exchange, play_out_table, relabel, table_seats
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
    """(active, maximising side, counted side) masks at the four-handed table."""
    partner = (contractor + 2) % N_SEATS
    side = (1 << contractor) | (1 << partner)
    if misere:
        active = 15 & ~(1 << partner)
        return active, active & ~(1 << contractor), 1 << contractor
    return 15, side, side


@njit(cache=True, nogil=True)
def solve_position_table(rules, hands, n_seats, active, side, contractor, misere, target, tt, stats, work):
    """Contractor side's tricks (misère: the contractor's tricks, the defenders
    maximising) from the first lead at a table of ``n_seats`` (``active`` seats play,
    ``side`` is the contractor's; seat masks); with ``target`` >= 0, 1 if it reaches
    ``target``.  The zero-window searches start from the heuristic play-out's result.

    ``work`` (int64, >= 8): work[0] is the table generation, bumped here."""
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    maxside = side
    count = side
    if misere:
        maxside = active & ~(1 << contractor)
        count = 1 << contractor
    for s in range(n_seats):
        if (active >> s) & 1:
            h5[s] = hands[s]
    work[0] += 1
    if work[0] > 0xFFFF:
        tt[:, :] = 0
        work[0] = 1
    _make_cfg(cfg, n_seats, active, maxside, count, rules, O_ALL, work[0])
    left = 0
    for s in range(n_seats):
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
        trace = np.empty((N_TRICKS * n_seats, TRACE_COLS), np.int64)
        guess = play_out_table(rules, hh, n_seats, active, side, contractor, ZERO, misere, False, trace, False)
    return _solve_kernel(rules, cfg, h5, v5, tt, stats, PEXT8, contractor, 0, contractor, 0,
                         ZERO, contractor, ZERO, 0, left, target, guess)


@njit(cache=True, nogil=True)
def solve_position(rules, hands, contractor, misere, target, tt, stats, work):
    """``solve_position_table`` at the four-handed table."""
    active, side, _ = _seats(contractor, misere)
    if misere:
        side = 1 << contractor
    return solve_position_table(rules, hands, np.int64(N_SEATS), np.int64(active), np.int64(side), contractor,
                                misere, target, tt, stats, work)


@njit(cache=True, nogil=True)
def best_choice_table(rules, hands, n_seats, active, side, contractor, misere, tt, stats, work):
    """(result, nomination): the contract's double-dummy result with the contractor's best
    joker nomination (-1: none).  Suit contracts and NT: tricks of the contractor's side;
    misère: 0 if the contractor avoids every trick, else 1."""
    holds_free = (hands[contractor] & rules[R_FREE]) != ZERO
    # typed, not literal, arguments: a literal makes numba compile (and link in) another
    # copy of the whole solver for solve_position_table
    yes = np.bool_(True)
    no = np.bool_(False)
    if misere:
        if not holds_free:
            return solve_position_table(rules, hands, n_seats, active, side, contractor, yes, np.int64(1), tt,
                                        stats, work), -1
        # an un-nominated joker wins the trick it is played to: always nominate
        for s in range(4):
            if solve_position_table(nominated(rules, s), hands, n_seats, active, side, contractor, yes,
                                    np.int64(1), tt, stats, work) == 0:
                return np.int64(0), s
        return np.int64(1), 0
    v = solve_position_table(rules, hands, n_seats, active, side, contractor, no, np.int64(-1), tt, stats, work)
    choice = -1
    if holds_free:
        for s in range(4):
            if v < N_TRICKS:
                r = nominated(rules, s)
                if solve_position_table(r, hands, n_seats, active, side, contractor, no, v + 1, tt, stats,
                                        work) == 1:
                    v = solve_position_table(r, hands, n_seats, active, side, contractor, no, np.int64(-1), tt,
                                             stats, work)
                    choice = s
    return v, choice


@njit(cache=True, nogil=True)
def best_choice(rules, hands, contractor, misere, tt, stats, work):
    """``best_choice_table`` at the four-handed table."""
    active, side, _ = _seats(contractor, misere)
    if misere:
        side = 1 << contractor
    return best_choice_table(rules, hands, np.int64(N_SEATS), np.int64(active), np.int64(side), contractor, misere,
                             tt, stats, work)


@njit(cache=True, nogil=True)
def dd_deal_table(rules, hands, kitty, n_seats, sides, contractor, misere, tt, stats, work):
    """Exchange with the kitty (``play.exchange``), form the sides (``play.table_seats``),
    then ``best_choice_table``.  ``hands`` is modified.  Returns (result, nomination)."""
    kept, discards = exchange(rules, hands[contractor] | kitty, misere)
    hands[contractor] = kept
    active, side = table_seats(rules, hands, n_seats, sides, contractor, discards, misere)
    return best_choice_table(rules, hands, n_seats, np.int64(active), np.int64(side), contractor, misere, tt,
                             stats, work)


@njit(cache=True, nogil=True)
def dd_deal(rules, hands, kitty, contractor, misere, tt, stats, work):
    """``dd_deal_table`` at the four-handed table."""
    return dd_deal_table(rules, hands, kitty, np.int64(N_SEATS), np.int64(SIDES_OPPOSITE), contractor, misere, tt,
                         stats, work)


@njit(cache=True, nogil=True)
def bid_chunk_dd(key0, start, n, pool, counts, fixed, kinds, tables, byte_tables, joint, tt, stats, n_seats, sides):
    """``play.bid_chunk`` with double-dummy play: same deals (same dealing kernel and
    streams), ``joint`` as there: kind ``kinds[k]`` gave ``t`` (misère and open misère: 0
    made, 1 failed; with every hand visible they are the same question)."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    work = np.zeros(8, np.int64)
    out = np.empty(kinds.shape[0], np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        misere_result = -1
        for k in range(kinds.shape[0]):
            kind = kinds[k]
            strain = kind if kind < MISERE else MISERE
            if kind >= MISERE and misere_result >= 0:
                out[k] = misere_result
                continue
            bt = byte_tables[strain]
            for s in range(n_seats):
                hands[s] = relabel(deal[1 + s], bt)
            kitty = relabel(deal[0], bt)
            res, _ = dd_deal_table(tables[strain], hands, kitty, n_seats, sides, np.int64(0), kind >= MISERE, tt,
                                   stats, work)
            if kind >= MISERE:
                misere_result = res
            out[k] = res
        book_joint(joint, out)


def new_dd_table(megabytes: float = DD_TABLE_MB) -> np.ndarray:
    return new_table(megabytes)


def new_stats() -> np.ndarray:
    return np.zeros(S_SIZE, np.int64)


# ----------------------------------------------------------------------------- one deal
DEAL_SEATS = ("N", "E", "S", "W")


def solve_deal(deal: str, contract: str, contractor: str, kitty: bool = True,
               rules: list[str] | None = None, solver=None, players: int = 4) -> dict:
    """Double-dummy result of one deal ``"N: ...; E: ...; S: ...; W: ...; K: ..."`` (at
    other table sizes its seats, ``deck.table(players).seat_names``; two-handed, an
    optional ``D:`` dead hand).

    Returns {"contract", "contractor", "contractor_tricks", "made", "nominated", "discards",
    "leads": [{"card", "tricks"}, ...], "partners"} with the leads best first for the
    contractor.  In misère ``contractor_tricks`` counts the contractor's tricks with the
    defenders trying to give him tricks (0 = made)."""
    from ...cards import parse_deal
    from ...errors import InputError
    from ...tricks.dd import Solver
    from .bidding import parse_contract
    from .deck import KITTY_SIZE, table
    from .rules import STRAIN_NAMES, Options, from_layout, layouts, rule_table, sides_rule, to_layout

    tab = table(players)
    options = Options.parse(rules)
    c = parse_contract(contract)
    names = DEAL_SEATS if tab.players == 4 else tab.seat_names
    who = str(contractor).strip().upper()
    if tab.players == 4:
        who = who[:1]
    if who not in names:
        raise InputError(f"--contractor must be one of {' '.join(names)} at the {tab.players}-player table, "
                         f"not {contractor!r}")
    extra = {"K": "kitty"} | ({"D": "dead hand"} if tab.dead_hands else {})
    parts = parse_deal(deal, tab.deck, names, extra)
    for s in names:
        if s not in parts:
            raise InputError(f"the deal has no hand for {s}")
        if len(parts[s]) != HAND_SIZE:
            raise InputError(f"hand {s} has {len(parts[s])} cards; Five Hundred needs {HAND_SIZE}")
    if "D" in parts and len(parts["D"]) != HAND_SIZE:
        raise InputError(f"the dead hand (D:) has {len(parts['D'])} cards; it needs {HAND_SIZE}")
    if kitty:
        if len(parts.get("K", [])) != KITTY_SIZE:
            raise InputError(f"the kitty (K:) must have {KITTY_SIZE} cards (or use --no-kitty)")
    if tab.n_seats > MAX_SEATS:
        raise InputError(f"the double-dummy solver takes at most {MAX_SEATS} seats so far, not {tab.n_seats}")
    strain = c.strain if not c.is_misere else MISERE
    rtable = rule_table(strain, options, tab)
    id_of = layouts(tab)[1]
    seat_of = {name: tab.seat_names.index(name) for name in names}
    cseat = seat_of[who]

    def layout(ids):
        return to_layout(tab.deck.mask(ids), strain, tab)

    hands = np.zeros(tab.n_seats, np.uint64)
    for name in names:
        hands[seat_of[name]] = layout(parts[name])
    discards = []
    disc_mask = ZERO
    if kitty:
        kept, disc_mask = exchange(rtable, np.uint64(int(hands[cseat]) | layout(parts["K"])), c.is_misere)
        hands[cseat] = kept
        discards = from_layout(disc_mask, strain, tab)
    active, side = (int(x) for x in table_seats(rtable, hands, np.int64(tab.n_seats),
                                                  np.int64(sides_rule(tab.players, options)), np.int64(cseat),
                                                  np.uint64(disc_mask), c.is_misere))
    maxside, count = side, side
    if c.is_misere:
        maxside, count = active & ~(1 << cseat), 1 << cseat
    solver = solver or Solver(DD_TABLE_MB)
    play_hands = [int(h) if (active >> s) & 1 else 0 for s, h in enumerate(hands)]
    kw = dict(n_seats=tab.n_seats, count_side=count, active=active)
    choices = [None]
    if strain >= NT and int(hands[cseat]) & int(rtable[R_FREE]):
        choices = ([] if c.is_misere else [None]) + [0, 1, 2, 3]
    best = None
    for ch in choices:
        r = rtable if ch is None else nominated(rtable, ch)
        v = solver.solve(r, play_hands, cseat, maxside, **kw)
        better = best is None or (v < best[0] if c.is_misere else v > best[0])
        if better:
            best = (v, ch, r)
    value, choice, r = best
    leads = []
    for bit, name, v in solver.moves(r, play_hands, cseat, maxside, **kw):
        card = tab.deck.format(int(id_of[strain, bit]))
        if name is not None:
            card += f" (names {'SCDH'[name]})"
        leads.append({"card": card, "tricks": v})
    made = value == 0 if c.is_misere else value >= c.level
    partners = [tab.seat_names[s] for s in range(tab.n_seats) if (side >> s) & 1 and s != cseat]
    return {"contract": c.name, "contractor": who, "contractor_tricks": int(value), "made": bool(made),
            "nominated": None if choice is None else "SCDH"[choice],
            "discards": tab.deck.format_cards(discards) if kitty else None, "leads": leads,
            "strain": STRAIN_NAMES[strain], "players": tab.players, "partners": partners}
