"""Five Hundred: a duplicate match of two play models (``sim.match``), any table size.

Self-play deals at a table of 2 to 6 players, the dealer rotating, the auction and the
contractor's exchange by the bidding policy.  Every contract is played twice on the
same cards: model A at the contractor's side (his partners, whoever they are at this
table) and B at the defenders', then the other way round.  A side's net is its score
for the deal minus the defenders' 10 a trick (all defenders together).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import popcount
from ...sim.deal import _deal_into
from ...sim.match import REC_KIND, REC_MADE_A, REC_NET_A, REC_PLAYED, REC_SIZE, Match, check_match, run_match
from ...sim.models import match_seats
from ...sim.rng import seed_key, stream_key
from .auction import LAD_KIND, LAD_LEVEL, NO_SEAT, finish_auction, start_table, valuation
from .deck import HAND_SIZE, KITTY_SIZE
from .pimc import MODE_SAMPLE, pimc_deal_table, world_key
from .play import KIND_OPEN_MISERE
from .rules import DD_MISERE_MAX_ACTIVE, MISERE, NT
from .selfplay import contract_sides_table, play_contract_table, score_contract, table_buffers

DEFAULT_DEALS = 1_000
PIMC_CHUNK = 4


@njit(cache=True, nogil=True)
def match_chunk(key0, start, n, pool, counts, lad, acfg, pols, fm, tables, byte_tables, n_seats, sides, a_pimc,
                b_pimc, n_worlds, rec, tt, stats):
    """Deals ``start..start+n-1`` into ``rec`` (``sim.match.REC_*``): the dealer seat
    ``(start + i) % n_seats``, the auction by ``pols``; a contract is played with A's
    model at its side and B's at the others', then swapped (single-dummy when ``a_pimc``
    / ``b_pimc``, with ``n_worlds`` worlds keyed by the deal; a None ``tt`` compiles
    the heuristic match, which plays both the same way).  A misère against more than
    DD_MISERE_MAX_ACTIVE seats, beyond the solver, is left out (``REC_PLAYED`` -1)."""
    buf, fixed, deal, hands, lay, vals, st, trace, work = table_buffers(pool, counts, n_seats, tables)
    gen = np.ones(8, np.int64)
    for i in range(n):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        for s in range(n_seats):
            hands[s] = deal[1 + s]
            valuation(hands[s], fm, pols[s], vals[s])
        start_table(st, (start + i) % n_seats, n_seats, sides)
        d, c = finish_auction(vals, st, lad, acfg, pols)
        rec[i, :] = 0
        if d == NO_SEAT:
            continue
        rec[i, REC_PLAYED] = 1
        kind = lad[LAD_KIND, c]
        rec[i, REC_KIND] = 0 if kind < NT else (1 if kind == NT else (2 if kind == MISERE else 3))
        wkey = world_key(dkey)
        for rnd in range(3):
            if tt is None:
                tricks, side = play_contract_table(hands, deal[0], n_seats, sides, d, c, lad, tables, byte_tables,
                                                   lay, trace, work, False, tt, stats, gen)
            else:
                kind, strain, k, active, side = contract_sides_table(hands, deal[0], n_seats, sides, d, c, lad,
                                                                     byte_tables, lay, tables)
                misere = kind >= MISERE
                if misere and popcount(np.uint64(active)) > DD_MISERE_MAX_ACTIVE:
                    rec[i, REC_PLAYED] = -1     # beyond the solver: left out of the comparison
                    break
                tricks = pimc_deal_table(tables[strain], lay, k, n_seats, sides, np.int64(d), misere,
                                         kind == KIND_OPEN_MISERE, np.int64(lad[LAD_LEVEL, c]),
                                         np.int64(match_seats(side, n_seats, a_pimc, b_pimc, rnd)),
                                         n_worlds, np.int64(MODE_SAMPLE), wkey, tt, stats, gen, trace,
                                         np.bool_(False), work)
            pc, pd, made = score_contract(c, tricks, lad)
            rec[i, REC_NET_A + rnd] = pc - pd
            rec[i, REC_MADE_A + rnd] = 1 if made else 0


def match(a: str = "pimc", b: str = "heuristic", deals: int | None = None, seed: int | None = 0,
          worlds: int | None = None, players: int = 4, threads: int | None = None, rules: list[str] | None = None,
          progress: bool = False):
    """A duplicate match of play models ``a`` and ``b`` ("heuristic" or "pimc") on
    ``deals`` self-play deals at a table of ``players`` (``sim.match``): A - B points a
    deal with its 95% interval, and each side's P(make) as contractor."""
    from ...sim.question import solver_arrays
    from .auction import default_policy, feature_masks, ladder_tables
    from .dd import new_dd_table, new_stats
    from .questions import byte_tables, check_worlds, table_of
    from .rules import Options, rule_tables, sides_rule

    deals, seed = check_match(a, b, deals, DEFAULT_DEALS, seed, threads)
    n_worlds = check_worlds(worlds)
    tab = table_of(players)
    options = Options.parse(rules)
    lad, acfg = ladder_tables(options)
    pols = np.tile(default_policy(tab.players), (tab.n_seats, 1))
    fm = feature_masks(tab)
    tables = rule_tables(options, tab)
    bts = byte_tables(tab)
    pool = np.arange(tab.deck.size, dtype=np.int64)
    counts = np.array([KITTY_SIZE] + [HAND_SIZE] * (tab.n_seats + tab.dead_hands), np.int64)
    sides = np.int64(sides_rule(tab.players, options))
    key0 = seed_key(seed)
    pimc = "pimc" in (a, b)

    def chunk(start, count):
        rec = np.empty((count, REC_SIZE), np.int64)
        tt, st = solver_arrays(pimc, new_dd_table, new_stats)
        match_chunk(key0, np.int64(start), np.int64(count), pool, counts, lad, acfg, pols, fm, tables, bts,
                    np.int64(tab.n_seats), sides, np.bool_(a == "pimc"), np.bool_(b == "pimc"),
                    np.int64(n_worlds) if pimc else None, rec, tt, st)
        return rec

    notes = ["each deal's auction and exchange by the bidding policy; a side's net: its score for the deal minus "
             "the defenders' 10 a trick"]
    if pimc:
        notes.append(f"pimc: single-dummy play, {n_worlds} sampled layouts a card, aiming at the contract's level")
        if tab.players >= 5:
            notes.append(f"a misère against more than {DD_MISERE_MAX_ACTIVE} seats is left out of the match (the "
                         "solver's limit: single-dummy play cannot defend it)")
    m = Match("five-hundred", f"Five Hundred, {tab.players} players", "contractor",
              ("suit", "no trumps", "misère", "open misère"), chunk,
              chunk_size=PIMC_CHUNK if pimc else 1024, meta={"players": tab.players, "rules": options.shown(tab.players)},
              notes=notes)
    return run_match(m, a, b, deals, seed, n_worlds, threads, progress)
