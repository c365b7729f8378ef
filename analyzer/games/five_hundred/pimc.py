"""Five Hundred with single-dummy play: each player decides from what it can see.

At every card a seat of ``pimc_seats`` samples ``n_worlds`` layouts of the cards it
cannot see (``sim.hidden``) and plays the card that reaches what its side needs in most
of them (``tricks.pimc.choose``); the other seats play the heuristic (``play``).  What a
seat knows: its hand, the cards played, the suits each seat has shown void in (a suit
contract's joker is a trump; in misère a void player who did not play the joker has not
got it), the contractor his discards, and in open misère the defenders the contractor's
hand from the second trick on.  The contractor's discards are three hidden cards to the
others.  What it needs: the contractor's side ``level`` tricks (the defenders: fewer);
in misère the defenders want the contractor to take a trick.  Once the contract is made
or beaten the heuristic plays on (the overtricks' and the defenders' 10 a trick are not
searched for).  The auction is not among the facts yet: worlds are uniform among the
layouts consistent with the play.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, low_index, popcount
from ...sim.deal import _deal_into
from ...sim.hidden import seat_worlds as draw_seat_worlds
from ...sim.rng import mix64, stream_key
from ...tricks.dd import C_NEXT, C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, PEXT8, _make_cfg, _solve_kernel
from ...tricks.engine import beats, free_lead_names, legal_follow, suit_of
from ...tricks.pimc import candidates, choose, choose_plain
from ...tricks.tables import F_FREE_MUST_PLAY, R_DECK, R_FLAGS, R_FREE, R_SUIT
from .deck import KITTY_SIZE, N_SEATS, N_TRICKS
from .dd import _seats
from .play import KIND_OPEN_MISERE, _next_seat, _voids, exchange, heuristic_move, nominate_joker, play_deal, relabel
from .auction import FMASKS, LAD_LEVEL, ST_SIZE, V_SIZE, finish_auction, start_state, valuation
from .rules import MISERE
from .selfplay import play_contract, relabel_contract, score_contract

DEFAULT_WORLDS = 32
MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # play_out_pimc's ``mode``
REJECTION_TRIES = 16
WORLD_SALT = np.uint64(0x5EED0F5D0A11)   # separates the worlds' streams from the deal's


@njit(cache=True, inline="always")
def _void_cards(rules, v):
    m = ZERO
    for s in range(4):
        if (v >> s) & 1:
            m |= rules[R_SUIT + s]
    return m


@njit(cache=True, nogil=True)
def seat_worlds(rules, hands, viewer, contractor, discards, exposed, played, voids, excl, active,
                key, worlds, need, allowed, slots, slot_seat):
    """Fill ``worlds[:n]`` with layouts of what ``viewer`` cannot see; returns the number.

    Slots: every other seat's hand (the contractor's left out when ``exposed``), and the
    contractor's three discards unless the viewer is the contractor."""
    deck = rules[R_DECK]
    mine = hands[viewer]
    hidden = deck & ~played & ~mine
    if viewer == contractor:
        hidden &= ~discards
    if exposed:
        hidden &= ~hands[contractor]
    k = 0
    for s in range(N_SEATS):
        if s == viewer or (exposed and s == contractor):
            continue
        need[k] = popcount(hands[s])
        allowed[k] = hidden & ~_void_cards(rules, _voids(voids, s)) & ~excl[s]
        slot_seat[k] = s
        k += 1
    if viewer != contractor:
        need[k] = KITTY_SIZE
        allowed[k] = hidden
        slot_seat[k] = -1
        k += 1
    known = np.zeros(MAX_SEATS, np.uint64)
    known[viewer] = mine
    if exposed:
        known[contractor] = hands[contractor]
    for j in range(k):
        if slot_seat[j] >= 0 and not (active >> slot_seat[j]) & 1:
            slot_seat[j] = -1                  # a hand out of play (misère): no seat's in the worlds
    return draw_seat_worlds(key, hidden, need[:k].copy(), allowed[:k].copy(), slot_seat[:k].copy(), known,
                            worlds, np.int64(REJECTION_TRIES))


@njit(cache=True, nogil=True)
def play_out_pimc(rules, hands, contractor, discards, misere, open_misere, level, pimc_seats,
                  n_worlds, mode, first, key, tt, stats, genbox, trace, record):
    """``play.play_out`` with the seats of ``pimc_seats`` (mask) playing single-dummy;
    returns the contractor side's tricks (misère: the contractor's).  ``hands`` is
    modified; ``key`` seeds the worlds (one stream per card played); ``genbox`` (int64,
    >= 1) carries the solver table's generation.  ``mode``: MODE_SAMPLE; MODE_SEE_ALL, the
    one world is the true deal (the threshold's double-dummy play, for tests);
    MODE_PLAIN, the same worlds decided by ``tricks.pimc.choose_plain`` (every legal
    card, exact values: the benchmark's baseline).  ``first`` >= 0: the move code of the
    opening lead, forced (the lead question)."""
    if record:
        trace[:, :] = -1
    active, maxside, count = _seats(contractor, misere)
    side4 = (1 << contractor) | (1 << ((contractor + 2) % N_SEATS))   # heuristic_move's sides
    n_active = popcount(np.uint64(active))
    cfgs = np.empty((1, C_SIZE), np.int64)
    _make_cfg(cfgs[0], np.int64(N_SEATS), np.int64(active), np.int64(maxside), np.int64(count), rules,
              np.int64(O_ALL), np.int64(1))
    free = rules[R_FREE]
    must_free = (rules[R_FLAGS] & F_FREE_MUST_PLAY) != ZERO
    worlds = np.zeros((max(n_worlds, 1), MAX_SEATS), np.uint64)
    slots = np.zeros((max(n_worlds, 1), 8), np.uint64)
    need = np.zeros(8, np.int64)
    allowed = np.zeros(8, np.uint64)
    slot_seat = np.zeros(8, np.int64)
    excl = np.zeros(N_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    scores = np.zeros(MAX_MOVES, np.int64)
    values = np.zeros((max(n_worlds, 1), MAX_MOVES), np.int64) if mode == MODE_PLAIN else np.zeros((1, MAX_MOVES),
                                                                                                   np.int64)
    played = ZERO
    voids = 0
    suits_led = 0
    leader = contractor
    taken = 0
    row = 0
    for t in range(N_TRICKS):
        seat = leader
        best = ZERO
        winner = leader
        led = 0
        trick = ZERO
        left = N_TRICKS - t
        for pos in range(n_active):
            hand = hands[seat]
            card, hled = heuristic_move(rules, hands, N_SEATS, side4, seat, pos, t, contractor, discards, misere,
                                        open_misere, active, n_active, played, voids, suits_led,
                                        leader, led, best, winner)
            target = (1 if misere else level) - taken
            if t == 0 and pos == 0 and first >= 0:
                card = ONE << np.uint64(first & 63)
                hled = (first >> 6) - 1 if (card & free) else suit_of(rules, card)
            elif ((pimc_seats >> seat) & 1) and left > 1 and 0 < target <= left:
                if pos == 0:
                    legal = hand & ~free
                    names = free_lead_names(rules, hand, suits_led, _voids(voids, seat))
                else:
                    legal = legal_follow(rules, hand, led, best)
                    names = 16 if (legal & free) else 0
                unpl = (rules[R_DECK] & ~played) | trick
                n = candidates(rules, hand, legal, names, unpl, codes, members)
                hint = np.int64(low_index(card))
                if pos == 0 and (card & free):
                    hint |= np.int64(hled + 1) << 6
                if n > 1:
                    exposed = open_misere and t >= 1 and seat != contractor
                    wkey = stream_key(key, t * 8 + pos)
                    if mode == MODE_SEE_ALL:
                        for s in range(MAX_SEATS):
                            worlds[0, s] = hands[s] if s < N_SEATS and (active >> s) & 1 else ZERO
                        got = 1
                    else:
                        got = seat_worlds(rules, hands, seat, contractor, discards, exposed, played, voids,
                                          excl, active, wkey, worlds, need, allowed, slots, slot_seat)
                    if got > 0:
                        for s in range(N_SEATS):
                            v5[s] = _voids(voids, s)
                        if mode == MODE_PLAIN:
                            code = choose_plain(rules, cfgs, worlds, got, v5, tt, stats, genbox,
                                                seat, np.int64(pos), leader, np.int64(led), best, winner, trick,
                                                np.int64(suits_led), np.int64(left), np.int64(target),
                                                legal, np.int64(names), hint, values)
                        else:
                            code = choose(rules, cfgs, worlds, got, v5, tt, stats, genbox,
                                          seat, np.int64(pos), leader, np.int64(led), best, winner, trick,
                                          np.int64(suits_led), np.int64(left), np.int64(target),
                                          codes, members, n, hint, scores)
                        card = ONE << np.uint64(code & 63)
                        if pos == 0:
                            hled = (code >> 6) - 1 if (card & free) else suit_of(rules, card)
            if pos == 0:
                led = hled
                suits_led |= 1 << led
                best = card
                winner = seat
            else:
                if not (hand & rules[R_SUIT + led]):
                    voids |= 1 << (4 * seat + led)
                    if must_free and (played & free) == ZERO and not (card & free):
                        excl[seat] |= free
                if beats(rules, card, best, led):
                    best = card
                    winner = seat
            hands[seat] = hand & ~card
            played |= card
            trick |= card
            if record:
                trace[row, 0] = t
                trace[row, 1] = seat
                trace[row, 2] = low_index(card)
                trace[row, 3] = led
                row += 1
            seat = _next_seat(seat, active, N_SEATS)
        if misere:
            if winner == contractor:
                taken += 1
        elif (winner & 1) == (contractor & 1):
            taken += 1
        leader = winner
    return taken


@njit(cache=True, nogil=True)
def pimc_deal(rules, hands, kitty, contractor, misere, open_misere, level, pimc_seats, n_worlds,
              mode, key, tt, stats, genbox, trace, record, work):
    """Exchange with the kitty and nominate the joker as the heuristic contractor does
    (``play.play_deal``), then ``play_out_pimc``.  Returns the contractor side's tricks."""
    kept, discards = exchange(rules, hands[contractor] | kitty, misere)
    hands[contractor] = kept
    if rules[R_FREE]:
        rules = nominate_joker(rules, kept, work)
    return play_out_pimc(rules, hands, contractor, discards, misere, open_misere, level, pimc_seats,
                         n_worlds, mode, np.int64(-1), key, tt, stats, genbox, trace, record)


@njit(cache=True, inline="always")
def world_key(deal_key):
    """The worlds' key of a deal (independent of the deal's own stream)."""
    return mix64(deal_key ^ WORLD_SALT)


# ----------------------------------------------------------------------------- batches
@njit(cache=True, nogil=True)
def bid_chunk_pimc(key0, start, n, pool, counts, fixed, kinds, levels, tables, byte_tables, n_worlds,
                   hist, hist_h, pair, tt, stats):
    """``play.bid_chunk`` with single-dummy play at every seat: row ``j`` plays kind
    ``kinds[j]`` aiming at ``levels[j]`` tricks; ``hist[j, t]`` counts its deals by the
    contractor side's tricks, ``hist_h`` the heuristic players' on the same deals, and
    ``pair[j, 2 * a + b]`` the deals single-dummy made (a) and the heuristic made (b)."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    trace = np.empty((N_TRICKS * N_SEATS, 4), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    genbox = np.ones(1, np.int64)
    no = np.bool_(False)
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
            for s in range(N_SEATS):
                hands[s] = relabel(deal[1 + s], bt)
            tricks = pimc_deal(tables[strain], hands, kitty, np.int64(0), misere, kind == KIND_OPEN_MISERE,
                               levels[j], np.int64(15), n_worlds, np.int64(MODE_SAMPLE), stream_key(wkey, j), tt, stats,
                               genbox, trace, no, work)
            for s in range(N_SEATS):
                hands[s] = relabel(deal[1 + s], bt)
            th = play_deal(tables[strain], hands, kitty, 0, misere, kind == KIND_OPEN_MISERE, trace, False, work)
            hist[j, tricks] += 1
            hist_h[j, th] += 1
            a = (tricks == 0) if misere else (tricks >= levels[j])
            b = (th == 0) if misere else (th >= levels[j])
            pair[j, 2 * np.int64(a) + np.int64(b)] += 1


@njit(cache=True, nogil=True)
def lead_chunk(key0, start, n, pool, counts, fixed, rules, byte_table, misere, open_misere, level,
               known_discards, codes, model, n_worlds, sums, cross_m, cross_t, tt, stats):
    """The opening leads ``codes`` of the contractor (seat 0, hand ``fixed[1]`` after the
    exchange) on the same deals, the rest played by ``model`` (0 heuristic, 1 single-dummy,
    2 double-dummy).  Slots: 0 the discards (``known_discards`` is their deck mask, or 0
    when they are dealt), 1..4 seats 0..3.  ``sums[i]``: (deals made, tricks, tricks²) of
    lead ``i``; ``cross_m[i, k]`` / ``cross_t[i, k]``: sums of made_i * made_k and
    tricks_i * tricks_k over the deals (paired intervals).  ``rules``: the strain's rules,
    the joker already nominated."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    trace = np.empty((N_TRICKS * N_SEATS, 4), np.int64)
    genbox = np.ones(1, np.int64)
    nl = codes.shape[0]
    made = np.zeros(nl, np.int64)
    got = np.zeros(nl, np.int64)
    free = rules[R_FREE]
    cfg = np.empty(C_SIZE, np.int64)
    h5 = np.zeros(MAX_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    active, maxside, count = _seats(np.int64(0), misere)
    no = np.bool_(False)
    pimc_seats = np.int64(15) if model == 1 else np.int64(0)
    for i in range(n):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        wkey = world_key(dkey)
        discards = relabel(deal[0] | known_discards, byte_table)
        for j in range(nl):
            code = codes[j]
            for s in range(N_SEATS):
                hands[s] = relabel(deal[1 + s], byte_table)
            if model == 2:
                card = ONE << np.uint64(code & 63)
                led = (code >> 6) - 1 if (card & free) else suit_of(rules, card)
                for s in range(MAX_SEATS):
                    h5[s] = hands[s] if s < N_SEATS and (active >> s) & 1 else ZERO
                h5[0] ^= card
                genbox[0] += 1
                if genbox[0] > 0xFFFF:
                    tt[:, :] = 0
                    genbox[0] = 1
                _make_cfg(cfg, np.int64(N_SEATS), np.int64(active), np.int64(maxside), np.int64(count), rules,
                          np.int64(O_ALL), genbox[0])
                v = _solve_kernel(rules, cfg, h5, v5, tt, stats, PEXT8, cfg[C_NEXT + 0], np.int64(1),
                                  np.int64(0), np.int64(led), card, np.int64(0), card, np.int64(1 << led),
                                  np.int64(N_TRICKS), np.int64(-1), np.int64(-1))
            else:
                v = play_out_pimc(rules, hands, np.int64(0), discards, misere, open_misere, level, pimc_seats,
                                  n_worlds, np.int64(MODE_SAMPLE), code, stream_key(wkey, j), tt, stats, genbox,
                                  trace, no)
            got[j] = v
            made[j] = (v == 0) if misere else (v >= level)
        for j in range(nl):
            sums[j, 0] += made[j]
            sums[j, 1] += got[j]
            sums[j, 2] += got[j] * got[j]
            for k in range(nl):
                cross_m[j, k] += made[j] * made[k]
                cross_t[j, k] += got[j] * got[k]


@njit(cache=True, nogil=True)
def play_contract_model(hands, kitty, contractor, c, lad, tables, byte_tables, lay, trace, work, model, n_worlds,
                        pimc_seats, key, tt, stats, gen):
    """``selfplay.play_contract`` for a play model: 0 heuristic, 1 double-dummy, 2
    single-dummy at the seats of ``pimc_seats`` and the heuristic at the others
    (``n_worlds`` worlds, seeded by ``key``, aiming at the contract's level).  ``gen[0]``:
    the solver table's generation."""
    if model != 2:
        return play_contract(hands, kitty, contractor, c, lad, tables, byte_tables, lay, trace, work, model == 1,
                             tt, stats, gen)
    kind, strain, k = relabel_contract(hands, kitty, c, lad, byte_tables, lay)
    return pimc_deal(tables[strain], lay, k, np.int64(contractor), kind >= MISERE, kind == KIND_OPEN_MISERE,
                     np.int64(lad[LAD_LEVEL, c]), pimc_seats, n_worlds, np.int64(MODE_SAMPLE), key, tt, stats, gen,
                     trace, np.bool_(False), work)


@njit(cache=True, nogil=True)
def match_chunk(key0, start, n, pool, counts, lad, acfg, pols, tables, byte_tables, a_pimc, b_pimc, n_worlds, out,
                tt, stats):
    """A duplicate match of two play models (``a_pimc`` / ``b_pimc``: the side plays
    single-dummy, else heuristic) on self-play deals ``start..start+n-1`` (the dealer
    rotating, the auction and the exchange by the policies): every deal is played twice,
    model A at seats 0 and 2 then at 1 and 3.  ``out``: [deals, thrown in, sum and sum of
    squares of (A's points - B's points) over the two plays, contracts made by A's side
    as contractor, A's contracts, the same for B]."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    lay = np.empty(N_SEATS, np.uint64)
    vals = np.empty((N_SEATS, V_SIZE), np.float64)
    st = np.empty(ST_SIZE, np.int64)
    trace = np.empty((1, 4), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    gen = np.ones(8, np.int64)
    for i in range(n):
        dkey = stream_key(key0, start + i)
        _deal_into(dkey, pool, counts, fixed, buf, deal)
        for s in range(N_SEATS):
            hands[s] = deal[1 + s]
            valuation(hands[s], FMASKS, pols[s], vals[s])
        start_state(st, (start + i) % N_SEATS)
        d, c = finish_auction(vals, st, lad, acfg, pols)
        out[0] += 1
        if d < 0:
            out[1] += 1
            continue
        wkey = world_key(dkey)
        diff = np.int64(0)
        for rnd in range(2):
            a_seats = 5 if rnd == 0 else 10            # seats 0, 2 then 1, 3
            seats = (a_seats if a_pimc else 0) | ((15 & ~a_seats) if b_pimc else 0)
            tricks = play_contract_model(hands, deal[0], d, c, lad, tables, byte_tables, lay, trace, work,
                                         np.int64(2), n_worlds, np.int64(seats), stream_key(wkey, rnd), tt, stats,
                                         gen)
            pc, pd, made = score_contract(c, tricks, lad)
            a_contracts = ((a_seats >> d) & 1) != 0
            diff += (pc - pd) if a_contracts else (pd - pc)
            k = 4 if a_contracts else 6
            out[k] += np.int64(made)
            out[k + 1] += 1
        out[2] += diff
        out[3] += diff * diff
