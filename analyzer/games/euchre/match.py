"""Euchre: a duplicate match of two play models (``sim.match``), two- or four-handed.

Self-play deals, the dealer rotating, the auction (and a lone hand) and the dealer's
pickup and discard by the bidding policy; a redeal is counted, not played.  Every hand
is played twice on the same cards: model A at the makers' seats and B at the
defenders', then the other way round.  A side's net: the makers' points minus the
defenders' (make +1, march +2, lone march +4, euchred -2).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ZERO
from ...sim.deal import _deal_into
from ...sim.match import REC_KIND, REC_MADE_A, REC_NET_A, REC_PLAYED, REC_SIZE, Match, check_match, run_match
from ...sim.models import match_seats
from ...sim.rng import seed_key, stream_key
from .deck import DECKS, HAND_SIZE, nat_bits
from .pimc import MAKE, MODE_SAMPLE, pimc_made, world_key
from .play import NO_SEAT, auction, deal_buffers, play_made
from .scoring import OUTCOME_POINTS, outcome

DEFAULT_DEALS = 2_000
PIMC_CHUNK = 25


@njit(cache=True, nogil=True)
def match_chunk(key0, start, n_deals, pool, counts, n, tables, flags, pol, a_pimc, b_pimc, n_worlds, rec, tt,
                stats):
    """Deals ``start..start+n_deals-1`` into ``rec`` (``sim.match.REC_*``): the dealer
    seat ``(start + i) % n``, the auction by ``pol``; the hand is played with A's model
    at the makers' seats and B's at the defenders', then swapped (single-dummy when
    ``a_pimc`` / ``b_pimc``, ``n_worlds`` worlds keyed by the deal; a None ``tt``
    compiles the heuristic match)."""
    buf, fixed, deal, hands, lay, trace = deal_buffers(pool, counts, n)
    genbox = np.ones(1, np.int64)
    for i in range(n_deals):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        up = deal[0]
        for p in range(n):
            hands[p] = deal[1 + p]
        dealer = (start + i) % n
        maker, trump, alone, rnd = auction(hands, n, dealer, up, 0, 2 * n, -2, 0, flags, pol)
        rec[i, :] = 0
        if maker == NO_SEAT:
            continue
        rec[i, REC_PLAYED] = 1
        rec[i, REC_KIND] = 1 if alone else 0
        side = 0
        for p in range(n):
            if (p & 1) == (maker & 1):
                side |= 1 << p
        wkey = stream_key(world_key(dkey), 0)
        for r in range(3):
            if tt is None:
                tricks = play_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, ZERO, flags, trace,
                                   False)
            else:
                tricks = pimc_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, ZERO, flags,
                                   np.int64(match_seats(side, n, a_pimc, b_pimc, r)), n_worlds,
                                   np.int64(MODE_SAMPLE), wkey, tt, stats, genbox, trace, np.bool_(False))
            rec[i, REC_NET_A + r] = OUTCOME_POINTS[outcome(True, tricks, alone != 0)]   # the makers' view
            rec[i, REC_MADE_A + r] = 1 if tricks >= MAKE else 0


def match(a: str = "pimc", b: str = "heuristic", deals: int | None = None, seed: int | None = 0,
          worlds: int | None = None, players: int = 2, deck: int = 24, stick_the_dealer: bool = False,
          threads: int | None = None, rules: list[str] | None = None, progress: bool = False):
    """A duplicate match of play models ``a`` and ``b`` ("heuristic" or "pimc") on
    ``deals`` self-play deals (``sim.match``): A - B points a deal with its 95% interval,
    and each side's P(make) as makers."""
    from ...sim.question import solver_arrays
    from .bidding import DEFAULT_POLICY
    from .dd import new_dd_table, new_stats
    from .questions import check_worlds, flags_of
    from .rules import Options, rule_tables

    deals, seed = check_match(a, b, deals, DEFAULT_DEALS, seed, threads)
    n_worlds = check_worlds(worlds)
    options = Options.make(players, deck, stick_the_dealer, rules)
    n = options.players
    pool = np.array(nat_bits(DECKS[options.deck]), np.int64)
    counts = np.array([1] + [HAND_SIZE] * n + [options.deck - 1 - HAND_SIZE * n], np.int64)
    tables = rule_tables(options.deck)
    flags = np.int64(flags_of(options))
    key0 = seed_key(seed)
    pimc = "pimc" in (a, b)

    def chunk(start, count):
        rec = np.empty((count, REC_SIZE), np.int64)
        tt, st = solver_arrays(pimc, new_dd_table, new_stats)
        match_chunk(key0, np.int64(start), np.int64(count), pool, counts, np.int64(n), tables, flags,
                    DEFAULT_POLICY, np.bool_(a == "pimc"), np.bool_(b == "pimc"),
                    np.int64(n_worlds) if pimc else None, rec, tt, st)
        return rec

    notes = ["each deal's auction, lone hands and the dealer's discard by the bidding policy; a redeal is not "
             "played; a side's net: the makers' points minus the defenders' (make +1, march +2, lone march +4, "
             "euchred -2)"]
    if pimc:
        notes.append(f"pimc: single-dummy play, {n_worlds} sampled layouts a card, the makers aiming at 3 tricks "
                     "(then the march)")
    hands = "two-handed" if n == 2 else "four-handed"
    m = Match("euchre", f"Euchre, {hands}, {options.deck} cards", "maker", ("with partner", "alone"), chunk,
              chunk_size=PIMC_CHUNK if pimc else 4096, meta={"players": n, "deck": options.deck}, notes=notes)
    return run_match(m, a, b, deals, seed, n_worlds, threads, progress)
