"""Five Hundred "here": deals consistent with the calls heard, and every call played on.

``deal_heard`` deals the other hands so that each seat that has spoken makes its calls
under its bidding policy (``auction.fits``), by the seat-by-seat method of
``sim.constrained`` (exact, weighted).  ``here_chunk`` then, for every call the player
could make now, lets the auction go on by the policies, plays the contract and books the
result for the player's side.
"""

import numpy as np
from numba import njit

from ...sim.constrained import (D_J, D_SIZE, D_W, begin_deal, book_deal, draw_tail, end_deal, next_hands,
                                settle)
from ...sim.rng import stream_key
from .auction import (A_AMERICAN, LAD_STRAIN, NO_SEAT, ST_NEXT, ST_PASSED, ST_SIZE, V_SIZE, apply_call,
                      finish_auction, fits, valuation)
from .deck import N_SEATS, N_TRICKS
from .equity import p_win_after, p_win_of_deal
from .pimc import play_contract_model, play_contract_model_table, world_key
from .play import TRACE_COLS
from .rules import MISERE, SIDES_OPPOSITE
from .selfplay import play_contract, play_contract_table, score_contract
from .tablegame import (M_DEFEND_CAP, M_GAMES, M_ME, M_NEXT, M_ON, M_TOT, M_UNITS, add_deal, end_of_deal, p_win_mc,
                        unit_tricks)

KITTY = N_SEATS          # slot of the kitty in ``hands``
BATCH = 32               # hands drawn for each later heard seat (about 22 fits for a common pass)
PWIN_SCALE = float(1 << 20)   # P(win) is booked in fixed point (integer statistics merge exactly)

# here_chunk's statistics per row (int64, weighted by the deal's weight w)
RS_W, RS_EV, RS_EV2, RS_WE_CONTRACT, RS_I_CONTRACT, RS_WE_MADE, RS_THEY_MADE, RS_THROWN = range(8)
RS_OUR_TRICKS, RS_AS_CALLED, RS_AS_CALLED_MADE, RS_PWIN, RS_PWIN2 = range(8, 13)
RS_SIZE = 13
# here_chunk's cross sums of two rows on the same deal
CX_EV, CX_PWIN = range(2)

# ``esc`` (int64): the game score for P(win) and the equity table's grid (``equity``)
E_ON, E_US, E_THEM, E_WE_DEAL_NEXT, E_LO, E_STEP, E_CAP, E_DEFEND_CAP = range(8)
E_SIZE = 8


@njit(cache=True)
def deal_heard(state, pool, rem, hands, sizes, order, free, hist, lad, acfg, pols, v, cand, fit, deal, fm):
    """Deal ``pool`` (deck ids) by the shared loop of ``sim.constrained``: the seats
    ``order`` (rarest first) must each make their calls in ``hist`` (``auction.fits``;
    the first by rejection, each later one from a batch of ``len(cand)`` draws, the deal
    weighted by how many fit), then the ``free`` slots (seats, or KITTY) get what is
    left.  ``deal`` holds the result (weight ``deal[D_W]``); returns the new state."""
    begin_deal(pool, rem, deal)
    while True:
        count, state = next_hands(rem, sizes, order, deal, cand, state)
        if count == 0:
            break
        s = order[deal[D_J]]
        for c in range(count):
            valuation(cand[c], fm, pols[s], v)
            fit[c] = fits(v, s, hist, lad, acfg, pols)
        state = settle(rem, hands, sizes, order, deal, cand, fit, count, state)
    return end_deal(rem, hands, sizes, free, deal, state)


@njit(cache=True)
def fit_rates(state, pool, n, seats, hist, lad, acfg, pols, out, fm):
    """out[j] = how many of ``n`` random hands of the unseen cards make seat ``seats[j]``'s
    calls (the pilot that orders the constrained seats, rarest first)."""
    rem = pool.copy()
    m = pool.shape[0]
    v = np.empty(V_SIZE, np.float64)
    for _ in range(n):
        h, state = draw_tail(rem, m, 10, state)
        for j in range(seats.shape[0]):
            valuation(h, fm, pols[seats[j]], v)
            if fits(v, seats[j], hist, lad, acfg, pols):
                out[j] += 1


@njit(cache=True)
def here_scratch(pool, n_seats):
    """The scratch arrays of a deal of ``deal_heard`` and its auctions: (rem, cand, fit,
    deal, hands (the seats, the kitty, a dead hand), lay, vals, v, st)."""
    return (np.empty(pool.shape[0], np.int64), np.empty(BATCH, np.uint64), np.zeros(BATCH, np.bool_),
            np.zeros(D_SIZE, np.int64), np.empty(n_seats + 2, np.uint64), np.empty(n_seats, np.uint64),
            np.empty((n_seats, V_SIZE), np.float64), np.empty(V_SIZE, np.float64), np.empty(ST_SIZE, np.int64))


@njit(cache=True, forceinline=True)
def auction_after(call, contract_only, asker, n_seats, st, st0, vals, lad, acfg, pols):
    """(contractor, ladder contract) when the player at ``asker`` makes ``call`` in
    auction state ``st0`` and the auction goes on by the policies (``contract_only``: it
    ends there, the player contracting); ``st`` is scratch."""
    if contract_only:
        return asker, call
    st[:] = st0
    apply_call(st, call)
    if acfg[A_AMERICAN]:
        st[ST_PASSED] |= 1 << asker
        st[ST_NEXT] = (asker + 1) % n_seats
    return finish_auction(vals, st, lad, acfg, pols)


@njit(cache=True, nogil=True)
def here_chunk(key0, start, n, pool, sizes, asker, my_hand, order, free, hist, st0, calls, contract_only,
               lad, acfg, pols, tables, bts, eq, esc, stats, cross, counters, model, n_worlds, tt, dstats, fm, n_seats,
               sides, units, mcum, mdelta, mside, mmade, msc):
    """Deals ``start..start+n-1`` for the player at seat ``asker`` holding ``my_hand``,
    the other hands dealt by ``deal_heard``.  For every row r, the player makes call
    ``calls[r]`` (a ladder index or PASS) in auction state ``st0``, the auction goes on by
    the policies (``contract_only``: it ends there, the player contracting), the contract
    is played (``model``, ``sim.models``: HEURISTIC with ``tt``/``dstats`` None, compiled
    without the solver; DD; PIMC with ``n_worlds`` worlds; ``pimc.play_contract_model``)
    and ``stats[r]`` books the RS_* sums, EV being the player's side's score minus the other side's; with a score
    (``esc[E_ON]``) also P(win the game) from the equity table ``eq``.  ``cross[r, q]`` books
    the weighted products of rows r and q on the same deal (CX_EV: EV times EV; CX_PWIN: P(win)
    times P(win), times PWIN_SCALE), from which the paired difference of any two rows and
    its standard error follow (``verdict``).

    The table: ``n_seats`` seats (the kitty in slot ``n_seats`` of the hands, a two-handed
    dead hand after it), sides by ``sides`` (SIDES_*; the four-handed table: 4,
    SIDES_OPPOSITE); the defenders' points are shared among ``units`` opposing scoring
    units, and EV is booked times ``units`` (exact integers; 1 at four players).

    A score at a table of three or more scoring units (``msc[M_ON]``, ``tablegame``):
    the play-outs are recorded for every unit's tricks, and P(win) after the deal is
    estimated by ``msc[M_GAMES]`` games played on from the outcome distribution (``mcum``
    ...), the same continuations for every row (their stream from the deal's), so rows
    reaching the same contract share one estimate."""
    rem, cand, fit, deal, hands, lay, vals, v, st = here_scratch(pool, n_seats)
    mc = msc[M_ON] != 0
    n_u = max(msc[M_UNITS], 1)
    trace = np.empty((N_TRICKS * n_seats if mc else 1, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    gen = np.zeros(8, np.int64)
    n_lad = lad.shape[1]
    cache = np.empty((n_seats, n_lad), np.int64)
    sides_of = np.empty((n_seats, n_lad), np.int64)
    cache_ut = np.zeros((n_seats, n_lad, n_u), np.int64)
    p_of = np.empty((n_seats, n_lad), np.float64)
    ut = np.zeros(n_u, np.int64)
    delta = np.zeros(n_u, np.int64)
    tot0 = msc[M_TOT:M_TOT + n_u].copy()
    tot = np.zeros(n_u, np.int64)
    scratch = np.zeros(n_u, np.int64)
    four = n_seats == 4 and sides == SIDES_OPPOSITE
    n_rows = calls.shape[0]
    ev_r = np.zeros(n_rows, np.int64)
    p_r = np.zeros(n_rows, np.float64)
    for i in range(n):
        hands[asker] = my_hand
        deal_heard(stream_key(key0, start + i), pool, rem, hands, sizes, order, free, hist, lad, acfg, pols, v, cand,
                   fit, deal, fm)
        if not book_deal(counters, deal):
            continue
        wkey = world_key(stream_key(key0, start + i))
        w = deal[D_W]
        for s in range(n_seats):
            valuation(hands[s], fm, pols[s], vals[s])
        cache[:, :] = -1
        p_of[:, :] = -1.0
        p_thrown = -1.0
        mkey = stream_key(wkey, np.int64(1) << 40)     # this deal's continuations (every row's)
        ev_r[:] = 0
        p_r[:] = 0.0
        for r in range(n_rows):
            call = calls[r]
            d, c = auction_after(call, contract_only, asker, n_seats, st, st0, vals, lad, acfg, pols)
            row = stats[r]
            row[RS_W] += w
            if d == NO_SEAT:
                row[RS_THROWN] += w
                if esc[E_ON] or mc:
                    if mc:
                        if p_thrown < 0.0:
                            p_thrown, _ = p_win_mc(mcum, mdelta, mside, mmade, n_u, n_seats, tot0, msc[M_NEXT],
                                                   msc[M_ME], msc[M_GAMES], mkey, msc[M_DEFEND_CAP], scratch)
                        p = p_thrown
                    else:
                        p = p_win_after(eq, esc[E_LO], esc[E_STEP], esc[E_CAP], esc[E_US], esc[E_THEM],
                                        esc[E_WE_DEAL_NEXT])
                    p_r[r] = p
                    row[RS_PWIN] += w * np.int64(p * PWIN_SCALE + 0.5)
                    row[RS_PWIN2] += w * np.int64(p * p * PWIN_SCALE + 0.5)
                continue
            tricks = cache[d, c]
            if tricks < 0:
                if tt is None:      # heuristic play: the play-out itself, one wrapper less to build
                    if four:
                        tricks = play_contract(hands, hands[KITTY], d, c, lad, tables, bts, lay, trace, work, False,
                                               tt, dstats, gen)
                    else:
                        tricks, side = play_contract_table(hands, hands[n_seats], n_seats, sides, d, c, lad, tables,
                                                           bts, lay, trace, work, False, tt, dstats, gen, mc)
                elif four:
                    tricks = play_contract_model(hands, hands[KITTY], d, c, lad, tables, bts, lay, trace, work, model,
                                                 n_worlds, np.int64(15), stream_key(wkey, d * 64 + c), tt, dstats, gen)
                else:
                    tricks, side = play_contract_model_table(hands, hands[n_seats], n_seats, sides, d, c, lad, tables,
                                                             bts, lay, trace, work, model, n_worlds,
                                                             stream_key(wkey, d * 64 + c), tt, dstats, gen, mc)
                if four:
                    side = (1 << d) | (1 << ((d + 2) % 4))
                else:
                    if mc:
                        unit_tricks(trace, n_seats, n_u, 0, ut)
                        cache_ut[d, c, :] = ut
                cache[d, c] = tricks
                sides_of[d, c] = side
            side = sides_of[d, c]
            pc, pd, made = score_contract(c, tricks, lad)
            ours = ((side >> asker) & 1) != 0
            ev = (pc * units - pd) if ours else (pd - pc * units)
            ev_r[r] = ev
            row[RS_EV] += w * ev
            row[RS_EV2] += w * ev * ev
            if ours:
                row[RS_WE_CONTRACT] += w
                row[RS_OUR_TRICKS] += w * tricks
                if made:
                    row[RS_WE_MADE] += w
            elif made:
                row[RS_THEY_MADE] += w
            if d == asker:
                row[RS_I_CONTRACT] += w
            if d == asker and c == call:
                row[RS_AS_CALLED] += w
                if made:
                    row[RS_AS_CALLED_MADE] += w
            if mc:
                p = p_of[d, c]
                if p < 0.0:
                    side_u = 0
                    for s in range(n_seats):
                        if (side >> s) & 1:
                            side_u |= 1 << (s % n_u)
                    misere = lad[LAD_STRAIN, c] == MISERE
                    for u in range(n_u):
                        if (side_u >> u) & 1:
                            delta[u] = pc
                        else:
                            delta[u] = 0 if misere else 10 * cache_ut[d, c, u]
                    tot[:] = tot0
                    add_deal(tot, n_u, 0, delta, side_u, msc[M_DEFEND_CAP])
                    p = end_of_deal(tot, n_u, side_u, made, msc[M_ME])
                    if p < 0.0:
                        p, _ = p_win_mc(mcum, mdelta, mside, mmade, n_u, n_seats, tot, msc[M_NEXT], msc[M_ME],
                                        msc[M_GAMES], mkey, msc[M_DEFEND_CAP], scratch)
                    p_of[d, c] = p
                p_r[r] = p
                row[RS_PWIN] += w * np.int64(p * PWIN_SCALE + 0.5)
                row[RS_PWIN2] += w * np.int64(p * p * PWIN_SCALE + 0.5)
            elif esc[E_ON]:
                p = p_win_of_deal(eq, esc[E_LO], esc[E_STEP], esc[E_CAP], esc[E_US], esc[E_THEM], ours, pc, pd,
                                  made, esc[E_DEFEND_CAP], esc[E_WE_DEAL_NEXT])
                p_r[r] = p
                row[RS_PWIN] += w * np.int64(p * PWIN_SCALE + 0.5)
                row[RS_PWIN2] += w * np.int64(p * p * PWIN_SCALE + 0.5)
        with_p = esc[E_ON] != 0 or mc
        for r in range(n_rows):
            for q in range(n_rows):
                cross[r, q, CX_EV] += w * ev_r[r] * ev_r[q]
                if with_p:
                    cross[r, q, CX_PWIN] += w * np.int64(p_r[r] * p_r[q] * PWIN_SCALE + 0.5)


# here_examples' record of a deal and call (int64)
X_W, X_D, X_C, X_TRICKS, X_SIDE, X_EV, X_MADE = range(7)
X_SIZE = 7


@njit(cache=True, nogil=True)
def here_examples(key0, start, n, pool, sizes, asker, my_hand, order, free, hist, st0, calls, contract_only,
                  lad, acfg, pols, tables, bts, fm, n_seats, sides, units, model, n_worlds, tt, dstats,
                  hands_out, res, traces):
    """``here_chunk``'s deals ``start..start+n-1`` one by one, for example deals: deal i's
    hands (deck ids, ``hands_out[i]``: the seats, the kitty, a dead hand), and for each
    call ``calls[r]`` the X_* record ``res[i, r]`` (weight, contractor, ladder contract,
    tricks, side, EV times ``units``, made; contractor -1 when thrown in) and the
    play-out in ``traces[i, r]`` (``play.TRACE_COLS``, strain layout bits; not written
    when solved double-dummy).  The same deals, auctions and play as ``here_chunk``."""
    rem, cand, fit, deal, hands, lay, vals, v, st = here_scratch(pool, n_seats)
    work = np.empty(tables.shape[1], np.uint64)
    gen = np.zeros(8, np.int64)
    res[:, :, :] = 0
    traces[:, :, :, :] = -1
    for i in range(n):
        hands[asker] = my_hand
        deal_heard(stream_key(key0, start + i), pool, rem, hands, sizes, order, free, hist, lad, acfg, pols, v, cand,
                   fit, deal, fm)
        hands_out[i, :] = hands
        w = deal[D_W]
        if w <= 0:
            continue
        wkey = world_key(stream_key(key0, start + i))
        for s in range(n_seats):
            valuation(hands[s], fm, pols[s], vals[s])
        for r in range(calls.shape[0]):
            call = calls[r]
            d, c = auction_after(call, contract_only, asker, n_seats, st, st0, vals, lad, acfg, pols)
            out = res[i, r]
            out[X_W] = w
            if d == NO_SEAT:
                out[X_D] = -1
                continue
            tricks, side = play_contract_model_table(hands, hands[n_seats], n_seats, sides, d, c, lad, tables, bts,
                                                     lay, traces[i, r], work, model, n_worlds,
                                                     stream_key(wkey, d * 64 + c), tt, dstats, gen, True)
            if n_seats == 4 and sides == SIDES_OPPOSITE:
                side = (1 << d) | (1 << ((d + 2) % 4))
            pc, pd, made = score_contract(c, tricks, lad)
            ours = ((side >> asker) & 1) != 0
            out[X_D] = d
            out[X_C] = c
            out[X_TRICKS] = tricks
            out[X_SIDE] = side
            out[X_EV] = (pc * units - pd) if ours else (pd - pc * units)
            out[X_MADE] = made
