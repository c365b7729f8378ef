"""Five Hundred with single-dummy play: each player decides from what it can see.

At every card a seat of ``pimc_seats`` samples ``n_worlds`` layouts of the cards it
cannot see (``sim.hidden``) and plays the card that reaches what its side needs in most
of them (``tricks.pimc.choose``); the other seats play the heuristic (``play``).  Any
table of ``play.table_seats`` (2 to 6 seats): the ``*_table`` kernels take ``n_seats`` and the sides rule (SIDES_*), the
others are the four-handed game's.

What a seat knows: its hand, the cards played, the suits each seat has shown void in (a
suit contract's joker is a trump; in misère a void player who did not play the joker has
not got it), the contractor his discards, and in open misère the defenders the
contractor's hand from the second trick on.  The contractor's discards are three hidden
cards to the others, and so is a two-handed game's dead hand (ten more, never played);
the hands of partners sitting out of misère are hidden and out of play.

Who partners whom is public at every table but one: five-handed with a called card
(SIDES_CALL).  The card called is public once called (before the lead), its holder is
not until he plays it.  Every seat's worlds put the called card in a hand that is not
the contractor's (he called a card he lacks, never one of his discards), and in each
world the contractor's partner is whoever holds it there: each world gets its own
solver configuration and its own count of the tricks the contractor's side has taken
(``tricks.pimc.choose_each``).  The holder knows he is the partner (the card is in his
hand in every world of his); once the card is played every seat knows.  Before that,
a single-dummy seat's tie-break card and the card it plays when no world leaves the
contract open come from the heuristic told only what it knows (the contractor's side
is the contractor alone, as far as it can tell); the heuristic players themselves know
the sides (``play``'s module doc).

What it needs: the contractor's side ``level`` tricks (the defenders: fewer); in misère
the defenders want the contractor to take a trick.  Once the contract is made or beaten
the heuristic plays on (the overtricks' and the defenders' 10 a trick are not searched
for).  The auction is not among the facts yet: worlds are uniform among the layouts
consistent with the play.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, popcount
from ...sim.deal import _deal_into
from ...sim.leads import book
from ...sim.rng import mix64, stream_key
from ...tricks.dd import C_SIZE, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.engine import suit_of
from ...tricks.pimc import solve_after_lead
from ...tricks.tables import R_FREE
from .deck import N_SEATS, N_TRICKS
from .play import (KIND_OPEN_MISERE, SIDES_OPPOSITE, book_joint, exchange, nominate_joker, play_deal_table, relabel,
                   table_seats, trick_loop)
from .auction import LAD_LEVEL
from .rules import DD_MISERE_MAX_ACTIVE, MISERE
from ...sim.models import DD, PIMC
from .selfplay import contract_sides_table, play_contract, play_contract_table, relabel_contract
from .worlds import MODE_PLAIN, MODE_SAMPLE, MODE_SEE_ALL, seat_worlds, seat_worlds_table  # noqa: F401 (their home)

DEFAULT_WORLDS = 32
WORLD_SALT = np.uint64(0x5EED0F5D0A11)   # separates the worlds' streams from the deal's


@njit(cache=True, nogil=True)
def play_out_table_pimc(rules, hands, n_seats, sides, contractor, discards, misere, open_misere, level, pimc_seats,
                        n_worlds, mode, first, key, tt, stats, genbox, trace, record):
    """``play.trick_loop`` with the sides of ``play.table_seats`` (``sides``: SIDES_*)
    and the seats of ``pimc_seats`` (mask) playing single-dummy; returns the contractor
    side's tricks (misère: the contractor's), or -1 when single-dummy seats are asked for
    at more seats than the solver takes.  ``hands`` (``n_seats`` masks) is modified;
    ``key`` seeds the worlds (one stream per card played); ``genbox`` (int64, >= 1)
    carries the solver table's generation.  ``mode``: MODE_SAMPLE; MODE_SEE_ALL, the one
    world is the true deal (the threshold's double-dummy play, for tests); MODE_PLAIN,
    the same worlds decided by ``tricks.pimc.choose_plain`` (every legal card, exact
    values: the benchmark's baseline).  ``first`` >= 0: the move code of the opening
    lead, forced (the lead question).  ``trace``: (N_TRICKS * n_seats, 4) rows as
    ``play_out_table``'s."""
    active, side = table_seats(rules, hands, n_seats, sides, contractor, discards, misere)
    if pimc_seats & active and n_seats > MAX_SEATS:
        return np.int64(-1)
    return trick_loop(rules, hands, n_seats, np.int64(active), np.int64(side), sides, contractor, discards, misere,
                      open_misere, level, pimc_seats & active, n_worlds, mode, first, key, tt, stats, genbox, trace,
                      record)


# The wrappers are inlined: as functions of their own, numba would optimize the whole
# solver-linked module once more for each when compiling (minutes on a cold cache).
@njit(cache=True, nogil=True, forceinline=True)
def play_out_pimc(rules, hands, contractor, discards, misere, open_misere, level, pimc_seats,
                  n_worlds, mode, first, key, tt, stats, genbox, trace, record):
    """``play_out_table_pimc`` at the four-handed table (partners opposite; a misère
    contractor's partner sits out)."""
    return play_out_table_pimc(rules, hands, np.int64(N_SEATS), np.int64(SIDES_OPPOSITE), contractor, discards,
                               misere, open_misere, level, pimc_seats, n_worlds, mode, first, key, tt, stats,
                               genbox, trace, record)


@njit(cache=True, nogil=True, forceinline=True)
def pimc_deal_table(rules, hands, kitty, n_seats, sides, contractor, misere, open_misere, level, pimc_seats,
                    n_worlds, mode, key, tt, stats, genbox, trace, record, work):
    """Exchange with the kitty and nominate the joker as the heuristic contractor does
    (``play.play_deal_table``), then ``play_out_table_pimc``.  Returns the contractor
    side's tricks."""
    kept, discards = exchange(rules, hands[contractor] | kitty, misere)
    hands[contractor] = kept
    if rules[R_FREE]:
        rules = nominate_joker(rules, kept, work)
    return play_out_table_pimc(rules, hands, n_seats, sides, contractor, discards, misere, open_misere, level,
                               pimc_seats, n_worlds, mode, np.int64(-1), key, tt, stats, genbox, trace, record)


@njit(cache=True, nogil=True, forceinline=True)
def pimc_deal(rules, hands, kitty, contractor, misere, open_misere, level, pimc_seats, n_worlds,
              mode, key, tt, stats, genbox, trace, record, work):
    """``pimc_deal_table`` at the four-handed table."""
    return pimc_deal_table(rules, hands, kitty, np.int64(N_SEATS), np.int64(SIDES_OPPOSITE), contractor, misere,
                           open_misere, level, pimc_seats, n_worlds, mode, key, tt, stats, genbox, trace, record,
                           work)


@njit(cache=True, forceinline=True)
def world_key(deal_key):
    """The worlds' key of a deal (independent of the deal's own stream)."""
    return mix64(deal_key ^ WORLD_SALT)


# ----------------------------------------------------------------------------- batches
@njit(cache=True, nogil=True)
def bid_chunk_pimc(key0, start, n, pool, counts, fixed, kinds, levels, tables, byte_tables, n_worlds,
                   hist, hist_h, pair, joint, tt, stats, n_seats, sides):
    """``play.bid_chunk`` with single-dummy play at every seat of a table of ``n_seats``
    (sides by ``sides``): row ``j`` plays kind ``kinds[j]`` aiming at ``levels[j]``
    tricks; ``hist[j, t]`` counts its deals by the contractor side's tricks, ``hist_h``
    the heuristic players' on the same deals, and ``pair[j, 2 * a + b]`` the deals
    single-dummy made (a) and the heuristic made (b); ``joint`` (``play.book_joint``) every
    pair of rows' single-dummy tricks on the same deals.  Slots as ``play.bid_chunk``'s."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    trace = np.empty((N_TRICKS * n_seats, 4), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    genbox = np.ones(1, np.int64)
    no = np.bool_(False)
    every = (np.int64(1) << n_seats) - 1
    res = np.empty(kinds.shape[0], np.int64)
    for i in range(n):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        wkey = world_key(dkey)
        for j in range(kinds.shape[0]):
            kind = kinds[j]
            misere = kind >= MISERE
            strain = kind if kind < MISERE else MISERE
            bt = byte_tables[strain]
            kitty = relabel(deal[0], bt)
            for s in range(n_seats):
                hands[s] = relabel(deal[1 + s], bt)
            tricks = pimc_deal_table(tables[strain], hands, kitty, n_seats, sides, np.int64(0), misere,
                                     kind == KIND_OPEN_MISERE, levels[j], every, n_worlds, np.int64(MODE_SAMPLE),
                                     stream_key(wkey, j), tt, stats, genbox, trace, no, work)
            for s in range(n_seats):
                hands[s] = relabel(deal[1 + s], bt)
            th = play_deal_table(tables[strain], hands, kitty, n_seats, sides, 0, misere, kind == KIND_OPEN_MISERE,
                                 trace, False, work)
            hist[j, tricks] += 1
            hist_h[j, th] += 1
            a = (tricks == 0) if misere else (tricks >= levels[j])
            b = (th == 0) if misere else (th >= levels[j])
            pair[j, 2 * np.int64(a) + np.int64(b)] += 1
            res[j] = tricks
        book_joint(joint, res)


@njit(cache=True, nogil=True)
def lead_chunk(key0, start, n, pool, counts, fixed, rules, byte_table, misere, open_misere, level,
               known_discards, codes, model, n_worlds, sums, cross_m, cross_t, tt, stats, n_seats, sides):
    """The opening leads ``codes`` of the contractor (seat 0, hand ``fixed[1]`` after the
    exchange) at a table of ``n_seats`` (sides by ``sides``) on the same deals, the rest
    played by ``model`` (``sim.models``): HEURISTIC with ``tt`` None (compiled without the
    solver), DD with ``n_worlds`` None (without the single-dummy code), PIMC.  Slots: 0 the
    discards (``known_discards`` is their deck mask, or 0 when they are dealt), 1..n_seats
    the seats, then a two-handed game's dead hand.  ``sums[i]``: (deals made, tricks,
    tricks²) of lead ``i``; ``cross_m[i, k]`` / ``cross_t[i, k]``: sums of made_i * made_k
    and tricks_i * tricks_k over the deals (paired intervals).  ``rules``: the strain's
    rules, the joker already nominated."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    trace = np.empty((N_TRICKS * n_seats, 4), np.int64)
    genbox = np.ones(1, np.int64)
    nl = codes.shape[0]
    made = np.zeros(nl, np.int64)
    got = np.zeros(nl, np.int64)
    free = rules[R_FREE]
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    no = np.bool_(False)
    pimc_seats = (np.int64(1) << n_seats) - 1 if model == PIMC else np.int64(0)
    for i in range(n):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        wkey = world_key(dkey)
        discards = relabel(deal[0] | known_discards, byte_table)
        for j in range(nl):
            code = codes[j]
            for s in range(n_seats):
                hands[s] = relabel(deal[1 + s], byte_table)
            if n_worlds is None:        # DD: compiled without the single-dummy code
                if tt is not None:
                    card = ONE << np.uint64(code & 63)
                    led = (code >> 6) - 1 if (card & free) else suit_of(rules, card)
                    active, side = table_seats(rules, hands, n_seats, sides, np.int64(0), discards, misere)
                    maxside = side
                    count = side
                    if misere:
                        maxside = active & ~np.int64(1)
                        count = np.int64(1)
                    for s in range(MAX_SEATS):
                        h5[s] = hands[s] if s < n_seats and (active >> s) & 1 else ZERO
                    h5[0] ^= card
                    _make_cfg(cfg, np.int64(n_seats), np.int64(active), np.int64(maxside), np.int64(count), rules,
                              np.int64(O_ALL), np.int64(1))
                    v = solve_after_lead(rules, cfg, h5, v5, tt, stats, genbox, np.int64(0), np.int64(led), card,
                                         np.int64(N_TRICKS), np.int64(-1))
                else:
                    v = np.int64(0)     # never: DD is given the solver's table
            else:
                v = play_out_table_pimc(rules, hands, n_seats, sides, np.int64(0), discards, misere, open_misere,
                                        level, pimc_seats, n_worlds, np.int64(MODE_SAMPLE), code, stream_key(wkey, j),
                                        tt, stats, genbox, trace, no)
            got[j] = v
            made[j] = (v == 0) if misere else (v >= level)
        book(made, got, sums, cross_m, cross_t)


@njit(cache=True, nogil=True)
def play_contract_model(hands, kitty, contractor, c, lad, tables, byte_tables, lay, trace, work, model, n_worlds,
                        pimc_seats, key, tt, stats, gen):
    """``selfplay.play_contract`` for a play model (``sim.models``): HEURISTIC (``tt``
    None: compiled without the solver), DD, PIMC: single-dummy at the seats of
    ``pimc_seats`` and the heuristic at the others (``n_worlds`` worlds, seeded by
    ``key``, aiming at the contract's level; None compiles the kernel without the
    single-dummy code).  ``gen[0]``: the solver table's generation."""
    if tt is None or n_worlds is None or model != PIMC:
        return play_contract(hands, kitty, contractor, c, lad, tables, byte_tables, lay, trace, work, model == DD,
                             tt, stats, gen)
    kind, strain, k = relabel_contract(hands, kitty, c, lad, byte_tables, lay)
    return pimc_deal(tables[strain], lay, k, np.int64(contractor), kind >= MISERE, kind == KIND_OPEN_MISERE,
                     np.int64(lad[LAD_LEVEL, c]), pimc_seats, n_worlds, np.int64(MODE_SAMPLE), key, tt, stats, gen,
                     trace, np.bool_(False), work)


@njit(cache=True, nogil=True)
def play_contract_model_table(hands, kitty, n_seats, sides, contractor, c, lad, tables, byte_tables, lay, trace,
                              work, model, n_worlds, key, tt, stats, gen, record):
    """``selfplay.play_contract_table`` for a play model (``sim.models``: HEURISTIC with
    ``tt`` None, compiled without the solver; DD; PIMC, single-dummy at every seat with
    ``n_worlds`` worlds seeded by ``key``, aiming at the contract's level; a None
    ``n_worlds`` compiles it without the single-dummy code); returns (the
    contractor side's tricks, the side that scores the contract as a seat mask).
    ``record`` (HEURISTIC and PIMC): ``trace`` gets the play-out, each trick's winner
    included.  A misère against more than DD_MISERE_MAX_ACTIVE seats is played by the
    heuristic players, as double-dummy play does (its searches take minutes a deal)."""
    if tt is None or n_worlds is None or model != PIMC:
        return play_contract_table(hands, kitty, n_seats, sides, contractor, c, lad, tables, byte_tables, lay, trace,
                                   work, model == DD, tt, stats, gen, record)
    kind, strain, k, active, side = contract_sides_table(hands, kitty, n_seats, sides, contractor, c, lad,
                                                         byte_tables, lay, tables)
    if kind >= MISERE and popcount(np.uint64(active)) > DD_MISERE_MAX_ACTIVE:
        return play_contract_table(hands, kitty, n_seats, sides, contractor, c, lad, tables, byte_tables, lay, trace,
                                   work, False, tt, stats, gen, record)
    tricks = pimc_deal_table(tables[strain], lay, k, n_seats, sides, np.int64(contractor), kind >= MISERE,
                             kind == KIND_OPEN_MISERE, np.int64(lad[LAD_LEVEL, c]),
                             np.int64((1 << n_seats) - 1), n_worlds, np.int64(MODE_SAMPLE), key, tt, stats, gen,
                             trace, record, work)
    return tricks, side
