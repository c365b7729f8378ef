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

from ...bits import ONE, ZERO, low_index, popcount
from ...sim.deal import _deal_into
from ...sim.hidden import seat_worlds as draw_seat_worlds
from ...sim.leads import book
from ...sim.rng import mix64, stream_key
from ...tricks.dd import C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.engine import beats, free_lead_names, lane_cards, legal_follow, suit_of
from ...tricks.pimc import candidates, choose, choose_each, choose_plain, choose_plain_each, solve_after_lead
from ...tricks.tables import F_FREE_MUST_PLAY, R_DECK, R_FLAGS, R_FREE, R_SUIT
from .deck import MAX_TABLE_SEATS, N_SEATS, N_TRICKS
from .play import (KIND_OPEN_MISERE, SIDES_CALL, SIDES_OPPOSITE, TR_WINNER, _next_seat, _voids, called_card, exchange,
                   heuristic_move, nominate_joker, play_deal_table, relabel, table_seats)
from .auction import LAD_LEVEL
from .rules import MISERE
from ...sim.models import DD, PIMC
from .selfplay import contract_sides_table, play_contract, play_contract_table, relabel_contract

DEFAULT_WORLDS = 32
MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # play_out_pimc's ``mode``
REJECTION_TRIES = 16
WORLD_SALT = np.uint64(0x5EED0F5D0A11)   # separates the worlds' streams from the deal's
SLOTS = 8                                 # seat_worlds' scratch: sim.hidden.MAX_SLOTS


@njit(cache=True, nogil=True)
def seat_worlds_table(rules, hands, n_seats, viewer, contractor, discards, exposed, played, voids, excl, active,
                      called, key, worlds, need, allowed, slots, slot_seat):
    """Fill ``worlds[:n]`` with layouts of what ``viewer`` cannot see at a table of
    ``n_seats``; returns the number (``sim.hidden.seat_worlds``'s code).

    Slots: every other seat's hand (the contractor's left out when ``exposed``; a seat
    out of ``active`` is dealt its cards but written to no seat), then one slot of the
    hidden cards in no hand (the contractor's three discards unless the viewer is the
    contractor, and a two-handed game's dead hand).  ``called``: the five-handed called
    card while unplayed (else 0), never in the contractor's hand nor out of play."""
    deck = rules[R_DECK]
    mine = hands[viewer]
    hidden = deck & ~played & ~mine
    if viewer == contractor:
        hidden &= ~discards
    if exposed:
        hidden &= ~hands[contractor]
    k = 0
    placed = 0
    for s in range(n_seats):
        if s == viewer or (exposed and s == contractor):
            continue
        need[k] = popcount(hands[s])
        allowed[k] = hidden & ~lane_cards(rules, _voids(voids, s)) & ~excl[s]
        if s == contractor:
            allowed[k] &= ~called
        slot_seat[k] = s
        placed += need[k]
        k += 1
    rest = popcount(hidden) - placed
    if rest > 0:
        need[k] = rest
        allowed[k] = hidden & ~called
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
def seat_worlds(rules, hands, viewer, contractor, discards, exposed, played, voids, excl, active,
                key, worlds, need, allowed, slots, slot_seat):
    """``seat_worlds_table`` at the four-handed table (no called card)."""
    return seat_worlds_table(rules, hands, np.int64(N_SEATS), viewer, contractor, discards, exposed, played, voids,
                             excl, active, ZERO, key, worlds, need, allowed, slots, slot_seat)


@njit(cache=True, forceinline=True)
def _tricks_of(won, n_seats, mask):
    """The tricks won by the seats of ``mask``."""
    n = 0
    for s in range(n_seats):
        if (mask >> s) & 1:
            n += won[s]
    return n


@njit(cache=True, nogil=True)
def play_out_table_pimc(rules, hands, n_seats, sides, contractor, discards, misere, open_misere, level, pimc_seats,
                        n_worlds, mode, first, key, tt, stats, genbox, trace, record):
    """``play.play_out_table`` with the sides of ``play.table_seats`` (``sides``: SIDES_*)
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
    if record:
        trace[:, :] = -1
    active, side = table_seats(rules, hands, n_seats, sides, contractor, discards, misere)
    pimc_seats = pimc_seats & active
    if pimc_seats != 0 and n_seats > MAX_SEATS:
        return np.int64(-1)
    me = np.int64(1) << contractor
    maxside = side
    count = side
    if misere:
        maxside = active & ~me
        count = me
    called = ZERO
    if sides == SIDES_CALL and not misere:
        called = called_card(rules, hands[contractor], discards)
    n_active = popcount(np.uint64(active))
    nw = max(n_worlds, 1)
    cfg1 = np.zeros((1, C_SIZE), np.int64)          # the true sides
    by_holder = np.zeros((MAX_TABLE_SEATS, C_SIZE), np.int64)   # the sides if seat s holds the called card
    cfgw = np.zeros((nw if called != ZERO else 1, C_SIZE), np.int64)
    targets = np.zeros(nw if called != ZERO else 1, np.int64)
    if pimc_seats != 0:
        _make_cfg(cfg1[0], np.int64(n_seats), np.int64(active), np.int64(maxside), np.int64(count), rules,
                  np.int64(O_ALL), np.int64(1))
        if called != ZERO:
            for s in range(n_seats):
                sw = me | (np.int64(1) << s)
                _make_cfg(by_holder[s], np.int64(n_seats), np.int64(active), np.int64(sw), np.int64(sw), rules,
                          np.int64(O_ALL), np.int64(1))
    free = rules[R_FREE]
    must_free = (rules[R_FLAGS] & F_FREE_MUST_PLAY) != ZERO
    worlds = np.zeros((nw, MAX_SEATS), np.uint64)
    slots = np.zeros((nw, SLOTS), np.uint64)
    need = np.zeros(SLOTS, np.int64)
    allowed = np.zeros(SLOTS, np.uint64)
    slot_seat = np.zeros(SLOTS, np.int64)
    excl = np.zeros(MAX_TABLE_SEATS, np.uint64)
    won = np.zeros(MAX_TABLE_SEATS, np.int64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    scores = np.zeros(MAX_MOVES, np.int64)
    values = np.zeros((nw, MAX_MOVES), np.int64) if mode == MODE_PLAIN else np.zeros((1, MAX_MOVES), np.int64)
    goal = np.int64(1) if misere else level
    played = ZERO
    voids = 0
    suits_led = 0
    leader = contractor
    revealed = False          # the called card has been played
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
            searching = ((pimc_seats >> seat) & 1) != 0
            # does this seat know who partners whom?  (only a called card's holder is hidden)
            knows = called == ZERO or revealed or (hand & called) != ZERO or mode == MODE_SEE_ALL
            hside = side if (knows or not searching) else me
            card, hled = heuristic_move(rules, hands, n_seats, hside, seat, pos, t, contractor, discards, misere,
                                        open_misere, active, n_active, played, voids, suits_led,
                                        leader, led, best, winner)
            open_ = False
            if searching and left > 1:
                if knows:
                    target = goal - _tricks_of(won, n_seats, count)
                    open_ = 0 < target <= left
                else:
                    # open for some seat that may hold the called card
                    for s in range(n_seats):
                        if s != contractor and s != seat:
                            tg = goal - _tricks_of(won, n_seats, me | (np.int64(1) << s))
                            if 0 < tg <= left:
                                open_ = True
            if t == 0 and pos == 0 and first >= 0:
                card = ONE << np.uint64(first & 63)
                hled = (first >> 6) - 1 if (card & free) else suit_of(rules, card)
            elif tt is not None and open_:     # tt None: compiled without the solver
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
                            worlds[0, s] = hands[s] if s < n_seats and (active >> s) & 1 else ZERO
                        got = 1
                    else:
                        got = seat_worlds_table(rules, hands, np.int64(n_seats), seat, contractor, discards, exposed,
                                                played, voids, excl, active, ZERO if revealed else called, wkey,
                                                worlds, need, allowed, slots, slot_seat)
                    go = got > 0
                    if go and not knows:
                        # each world's partner: the holder of the called card there
                        go = False
                        for w in range(got):
                            holder = -1
                            for s in range(n_seats):
                                if worlds[w, s] & called:
                                    holder = s
                            sw = me | ((np.int64(1) << holder) if holder >= 0 else 0)
                            if holder >= 0:
                                cfgw[w, :] = by_holder[holder]
                            else:
                                cfgw[w, :] = cfg1[0]
                            targets[w] = goal - _tricks_of(won, n_seats, sw)
                            if 0 < targets[w] <= left:
                                go = True
                    if go:
                        for s in range(n_seats):
                            v5[s] = _voids(voids, s)
                        if knows:
                            target = goal - _tricks_of(won, n_seats, count)
                            if mode == MODE_PLAIN:
                                code = choose_plain(rules, cfg1, worlds, got, v5, tt, stats, genbox,
                                                    seat, np.int64(pos), leader, np.int64(led), best, winner, trick,
                                                    np.int64(suits_led), np.int64(left), np.int64(target),
                                                    legal, np.int64(names), hint, values)
                            else:
                                code = choose(rules, cfg1, worlds, got, v5, tt, stats, genbox,
                                              seat, np.int64(pos), leader, np.int64(led), best, winner, trick,
                                              np.int64(suits_led), np.int64(left), np.int64(target),
                                              codes, members, n, hint, scores)
                        elif mode == MODE_PLAIN:
                            code = choose_plain_each(rules, cfgw[:got], worlds, got, v5, tt, stats, genbox,
                                                     seat, np.int64(pos), leader, np.int64(led), best, winner,
                                                     trick, np.int64(suits_led), np.int64(left), targets[:got],
                                                     legal, np.int64(names), hint, values)
                        else:
                            code = choose_each(rules, cfgw[:got], worlds, got, v5, tt, stats, genbox,
                                               seat, np.int64(pos), leader, np.int64(led), best, winner, trick,
                                               np.int64(suits_led), np.int64(left), targets[:got],
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
            if card & called:
                revealed = True
            hands[seat] = hand & ~card
            played |= card
            trick |= card
            if record:
                trace[row, 0] = t
                trace[row, 1] = seat
                trace[row, 2] = low_index(card)
                trace[row, 3] = led
                row += 1
            seat = _next_seat(seat, active, n_seats)
        if record and trace.shape[1] > TR_WINNER:
            for r in range(row - n_active, row):
                trace[r, TR_WINNER] = winner
        won[winner] += 1
        leader = winner
    return np.int64(_tricks_of(won, n_seats, count))


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
                   hist, hist_h, pair, tt, stats, n_seats, sides):
    """``play.bid_chunk`` with single-dummy play at every seat of a table of ``n_seats``
    (sides by ``sides``): row ``j`` plays kind ``kinds[j]`` aiming at ``levels[j]``
    tricks; ``hist[j, t]`` counts its deals by the contractor side's tricks, ``hist_h``
    the heuristic players' on the same deals, and ``pair[j, 2 * a + b]`` the deals
    single-dummy made (a) and the heuristic made (b).  Slots as ``play.bid_chunk``'s."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    trace = np.empty((N_TRICKS * n_seats, 4), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    genbox = np.ones(1, np.int64)
    no = np.bool_(False)
    every = (np.int64(1) << n_seats) - 1
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
    included."""
    if tt is None or n_worlds is None or model != PIMC:
        return play_contract_table(hands, kitty, n_seats, sides, contractor, c, lad, tables, byte_tables, lay, trace,
                                   work, model == DD, tt, stats, gen, record)
    kind, strain, k, active, side = contract_sides_table(hands, kitty, n_seats, sides, contractor, c, lad,
                                                         byte_tables, lay, tables)
    tricks = pimc_deal_table(tables[strain], lay, k, n_seats, sides, np.int64(contractor), kind >= MISERE,
                             kind == KIND_OPEN_MISERE, np.int64(lad[LAD_LEVEL, c]),
                             np.int64((1 << n_seats) - 1), n_worlds, np.int64(MODE_SAMPLE), key, tt, stats, gen,
                             trace, record, work)
    return tricks, side
