"""Sheepshead with single-dummy play: each player decides from what it can see.

At every card with a choice, a seat of ``pimc_seats`` samples ``n_worlds`` layouts of the
cards it cannot see (``sim.hidden``) and plays the card that reaches what its side needs
in most of them (``tricks.pimc.choose_each``), the heuristic's card (``play.play_called``,
whose decision code is repeated here) breaking ties; the other seats play the heuristic.

What a seat knows (the facts its worlds honour):

* its own hand, the cards played and who played them, who picked;
* the voids shown: a seat that did not follow the lane led holds none of it (trump is one
  lane: queens, jacks and diamonds; a fail suit's lane holds no queen or jack); the
  called-suit duties never make a seat play off-suit while it can follow, so a discard
  always shows a void;
* the picker knows his bury (out of play, its points his side's); to the others the
  bury is a hidden slot of 2 cards (the blind the picker took is part of the picker's
  8 cards, so only the bury is unseen);
* the called card: never in the picker's hand nor in the bury (he calls a card he does
  not hold, and may not bury it); its holder knows he is the partner (every world of his
  has the sides of the true deal), the picker only that one of the four others holds it,
  a defender that one of the three others does.  Until the called suit is led the
  picker keeps a card of it (the hold card): worlds of the other seats in which his
  hand has none are rejected (exactly uniform: a uniform draw conditioned on the event).
  A seat that plays another card to the called suit's first trick (or leads it with
  another card) does not hold the called card (the partner must play it there).  A
  called ten says the picker had all three fail aces: those not played are in his hand
  or his bury;
* in each world the partner is whoever holds the called card there (once it is played,
  the seat that played it), so each world has its own solver configuration
  (maximising and counted side: the picker and that seat) and its own count of the
  points the picker's side has so far (the tricks its seats won, plus the bury's
  points, which to a seat other than the picker are those of the world's bury).

What a seat needs, per world: the picker's side 61 card points (bury included); a seat
of that side wants the threshold reached, a defender missed.  Once 61 is decided in a
world (reached, or out of reach of the points still in play), that world's threshold
is the schneider line still open there: 91 if 61 was reached, 31 (the picker's side
escaping schneider) if it was missed; a world where every line is decided counts for no
card.  When every world is decided the heuristic plays (no-trick hands are not searched
for).  "Settled" is arithmetic: while 61 is lost double-dummy but not yet out of reach
the line stays 61, and a defender then keeps the picker under 61 whatever it costs at
the 31 line (ties go to the heuristic's card).  Measured on a hand worth going alone,
the schneider lines cost no measurable time (``lines``: LINES_61 against LINES_ALL), so
the questions use them.

Not modelled: what the auction, the picker's policy bury and the heuristic's style
reveal (worlds are uniform among the layouts consistent with the play); the "unknown"
call (``no_call=unknown``: its face-down card changes the solver's rule vector from
world to world): with an unknown call every seat plays the heuristic, and the
questions reject ``--play pimc`` under that rule.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, high_index, low_index, popcount
from ...sim.constrained import book_deal, deal_scratch, D_W
from ...sim.hidden import sample_worlds
from ...sim.rng import mix64, stream_key
from ...tricks.dd import C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.pimc import candidates, choose_each, choose_plain_each
from ...tricks.points import mask_points
from ...tricks.tables import R_CALLED, R_DECK, R_SUIT
from .bidding import unknown_card, wants_to_pick
from .dd import DD_RULES
from .deck import BLIND_SIZE, N_SEATS, N_TRICKS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER, WIN_POINTS
from .play import (ALL_SEATS, heuristic_card, LEASTER_CLASSES, MODE_ALONE, MODE_CALL, MODE_POLICY,
                   OUT_ALONE, OUT_DEFENDER, OUT_DEFENDER_ALONE, OUT_PARTNER, OUT_PICKER, PASS_OPT, PICK_OPT,
                   VALS, _record, deal_passed, leaster_class,
                   play_leaster, take_blind, takes, unknown_mode)
from .rules import FAIL_ACES, FAIL_TENS

DEFAULT_WORLDS = 32
MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN = 0, 1, 2   # play_out_pimc's ``mode``
REJECTION_TRIES = 16
HOLD_ROUNDS = 16          # draws of n_worlds layouts to find enough with the picker's hold card
WORLD_SALT = np.uint64(0x5EED05EE95EAD)   # separates the worlds' streams from the deal's
LINES_61, LINES_ALL = 1, 3      # play_out_pimc's ``lines``: 61 only, or then the open schneider line
PIMC_LINES = LINES_ALL          # the questions' choice
THRESHOLDS = np.array([WIN_POINTS, SCHNEIDER_PICKER, SCHNEIDERED_PICKER + 1], np.int64)   # 61, 91, 31


@njit(cache=True, forceinline=True)
def _lanes_cards(v):
    """The cards of the lanes in the 4-bit mask ``v``."""
    m = ZERO
    for lane in range(4):
        if (v >> lane) & 1:
            m |= DD_RULES[R_SUIT + lane]
    return m


@njit(cache=True, nogil=True)
def seat_worlds(hands, viewer, picker, called, cs, holds, bury, played, voids, excl, key, worlds, buries):
    """Fill ``worlds[:n]`` (five hands each) and ``buries[:n]`` (the bury of each world)
    with layouts of what ``viewer`` cannot see; returns the number (<= 0: none, see
    ``sample_worlds``).  ``voids[s]``: the lanes seat ``s`` showed void in; ``excl[s]``:
    cards known not to be in its hand; ``cs``: the called card's lane (-1 alone);
    ``holds``: the picker is known to hold a card of it (the called suit has not been led,
    or it is being led and the picker has not played to the trick yet).  Slots: every other seat's hand, and the bury (2 cards)
    unless the viewer is the picker."""
    n_worlds = worlds.shape[0]
    mine = hands[viewer]
    hidden = DD_RULES[R_DECK] & ~played & ~mine
    if viewer == picker:
        hidden &= ~bury
    need = np.zeros(N_SEATS + 1, np.int64)
    allowed = np.zeros(N_SEATS + 1, np.uint64)
    slot_seat = np.zeros(N_SEATS + 1, np.int64)
    k = 0
    pk = -1
    for s in range(N_SEATS):
        if s == viewer:
            continue
        need[k] = popcount(hands[s])
        allowed[k] = hidden & ~_lanes_cards(voids[s]) & ~excl[s]
        if s == picker:
            allowed[k] &= ~called
            pk = k
        slot_seat[k] = s
        k += 1
    if viewer != picker:
        need[k] = BLIND_SIZE
        allowed[k] = hidden & ~called
        slot_seat[k] = -1
        k += 1
    # the picker's hold card, while the called suit is unopened
    hold = DD_RULES[R_SUIT + cs] & ~called if (called != ZERO and holds and pk >= 0) else ZERO
    nk = need[:k].copy()
    ak = allowed[:k].copy()
    out = np.empty((n_worlds, k), np.uint64)
    filled = 0
    rounds = HOLD_ROUNDS if hold != ZERO else 1
    for r in range(rounds):
        got = sample_worlds(stream_key(key, r), hidden, nk, ak, out, np.int64(REJECTION_TRIES))
        if got <= 0:
            if r == 0:
                return got
            break
        for w in range(got):
            if hold != ZERO and (out[w, pk] & hold) == ZERO:
                continue
            for s in range(MAX_SEATS):
                worlds[filled, s] = ZERO
            worlds[filled, viewer] = mine
            buries[filled] = bury if viewer == picker else ZERO
            for j in range(k):
                s = slot_seat[j]
                if s >= 0:
                    worlds[filled, s] = out[w, j]
                else:
                    buries[filled] = out[w, j]
            filled += 1
            if filled == n_worlds:
                return filled
    return filled


@njit(cache=True, forceinline=True)
def _world_targets(worlds, buries, got, picker, called, revealed, won, tpts, n_done, trick_points, r, cfgs, targets,
                   lines):
    """Each world's side (cfgs) and threshold (targets, from here on); returns whether some
    world has a line still open.  ``revealed``: the partner's seat once the called card
    is played (-1 before, or alone)."""
    any_open = False
    for w in range(got):
        side = 1 << picker
        if revealed >= 0:
            side |= 1 << revealed
        elif called != ZERO:
            for s in range(N_SEATS):
                if worlds[w, s] & called:
                    side |= 1 << s
        have = mask_points(VALS, buries[w])
        for t in range(n_done):
            if (side >> won[t]) & 1:
                have += tpts[t]
        rest = trick_points
        for s in range(N_SEATS):
            rest += mask_points(VALS, worlds[w, s])
        tgt = np.int64(0)            # decided: every card alike
        for j in range(lines):
            need = THRESHOLDS[j] - have
            if 0 < need <= rest:
                tgt = need
                any_open = True
                break
        targets[w] = tgt
        _make_cfg(cfgs[w], np.int64(N_SEATS), np.int64(ALL_SEATS), np.int64(side), np.int64(side), r,
                  np.int64(O_ALL), np.int64(1))
    return any_open


@njit(cache=True, nogil=True)
def play_out_pimc(rules, hands, leader, picker, partner, called, bury, pimc_seats, n_worlds, mode, lines, key,
                  tt, stats, genbox, trace, record):
    """``play.play_called`` with the seats of ``pimc_seats`` (mask) playing single-dummy;
    returns the picker side's card points (bury included) * 8 + its tricks.  ``hands``
    (the picker's after his bury) is modified; ``key`` seeds the worlds (one stream per
    card played); ``genbox`` (int64, >= 1) carries the solver table's generation.
    ``mode``: MODE_SAMPLE; MODE_SEE_ALL, the one world is the true deal (the threshold's
    double-dummy play, for tests); MODE_PLAIN, the same worlds decided by
    ``tricks.pimc.choose_plain_each`` (every legal card, exact values: the benchmark's
    baseline).  ``record``: ``trace`` (30 x 4) gets the play as ``play.play_called``'s."""
    if record:
        trace[:, :] = -1
    row = 0
    deck = rules[R_DECK]
    side = (1 << picker) | ((1 << partner) if partner >= 0 else 0)
    cs = -1
    cs_mask = ZERO
    unknown = ZERO
    if called:
        cs = high_index(called) >> 4
        cs_mask = rules[R_SUIT + cs]
        if not (hands[picker] & cs_mask):
            unknown = unknown_card(hands[picker])
            pimc_seats = 0            # an unknown call: not modelled (module docstring)
    r = DD_RULES.copy()
    r[R_CALLED] = called
    fr = 0
    for s in range(N_SEATS):
        if partner < 0:
            f = side if s == picker else ALL_SEATS & ~side
        elif s == partner:
            f = side
        else:
            f = 1 << s
        fr |= f << (5 * s)
    revealed_fr = 0
    for s in range(N_SEATS):
        revealed_fr |= (side if (side >> s) & 1 else ALL_SEATS & ~side) << (5 * s)
    cs_open = cs < 0
    voids = 0
    played = ZERO
    points = mask_points(VALS, bury)
    tricks = 0
    # single-dummy state
    nw = max(n_worlds, 1)
    worlds = np.zeros((nw, MAX_SEATS), np.uint64)
    buries = np.zeros(nw, np.uint64)
    cfgs = np.zeros((nw, C_SIZE), np.int64)
    targets = np.zeros(nw, np.int64)
    vseat = np.zeros(N_SEATS, np.int64)
    excl = np.zeros(N_SEATS, np.uint64)
    v5 = np.zeros(MAX_SEATS, np.int64)
    won = np.zeros(N_TRICKS, np.int64)
    tpts = np.zeros(N_TRICKS, np.int64)
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, np.uint64)
    scores = np.zeros(MAX_MOVES, np.int64)
    values = np.zeros((nw if mode == MODE_PLAIN else 1, MAX_MOVES), np.int64)
    revealed = -1
    excl[picker] = called
    if called & FAIL_TENS:
        # a ten is called only by a picker who had all three fail aces: those not
        # played are in his hand or his bury
        for s in range(N_SEATS):
            if s != picker:
                excl[s] |= FAIL_ACES
    suits_led = 0
    for t in range(N_TRICKS):
        last = t == N_TRICKS - 1
        best = ZERO
        winner = leader
        led = 0
        trick_points = 0
        trick = ZERO
        seat = leader
        for pos in range(N_SEATS):
            hand = hands[seat]
            # ---- the heuristic's card
            legal, card = heuristic_card(rules, hands, seat, pos, leader, picker, partner, side, fr, voids, played,
                                         bury, unknown, cs, cs_open, called, cs_mask, last, led, best, winner,
                                         trick_points)
            # ---- single-dummy
            if ((pimc_seats >> seat) & 1) and (legal & (legal - ONE)) and not last:
                unpl = (deck & ~played) | trick
                if seat == picker:
                    unpl &= ~bury
                n = candidates(r, hand, legal, np.int64(0), unpl, codes, members)
                if n > 1:
                    if mode == MODE_SEE_ALL:
                        for s in range(MAX_SEATS):
                            worlds[0, s] = hands[s] if s < N_SEATS else ZERO
                        buries[0] = bury
                        got = 1
                    else:
                        holds = not cs_open and (pos == 0 or led != cs or (picker - leader) % N_SEATS >= pos)
                        got = seat_worlds(hands, np.int64(seat), np.int64(picker), called, np.int64(cs), holds, bury,
                                          played, vseat, excl, stream_key(key, t * 8 + pos), worlds, buries)
                    if got > 0 and _world_targets(worlds, buries, got, picker, called, revealed, won, tpts, t,
                                                  trick_points, r, cfgs, targets, lines):
                        hint = np.int64(low_index(card))
                        if mode == MODE_PLAIN:
                            code = choose_plain_each(r, cfgs, worlds, np.int64(got), v5, tt, stats, genbox,
                                                     np.int64(seat), np.int64(pos), np.int64(leader), np.int64(led),
                                                     best, np.int64(winner), trick, np.int64(suits_led),
                                                     np.int64(N_TRICKS - t), targets, legal, np.int64(0), hint,
                                                     values)
                        else:
                            code = choose_each(r, cfgs, worlds, np.int64(got), v5, tt, stats, genbox,
                                               np.int64(seat), np.int64(pos), np.int64(leader), np.int64(led), best,
                                               np.int64(winner), trick, np.int64(suits_led), np.int64(N_TRICKS - t),
                                               targets, codes, members, np.int64(n), hint, scores)
                        card = ONE << np.uint64(code & 63)
            # ---- play it
            if pos == 0:
                led = high_index(card) >> 4          # in this layout a lane is an effective suit
                best = card
                if card & unknown:                   # the unknown leads the called suit, wins nothing
                    led = cs
                    best = ZERO
                suits_led |= 1 << led
            else:
                led_mask = rules[R_SUIT + led]
                if not (hand & ~unknown & led_mask):
                    voids |= 1 << (5 * led + seat)
                    vseat[seat] |= 1 << led
                if takes(card, best, led_mask) and not (card & unknown):
                    best = card
                    winner = seat
            if led == cs and not cs_open and card != called and called != ZERO:
                excl[seat] |= called                 # the partner would have had to play it
            trick_points += VALS[0, low_index(card)]
            if card == called:                   # the partner is revealed
                fr = revealed_fr
                revealed = seat
            hands[seat] = hand & ~card
            played |= card
            trick |= card
            if record:
                trace[row, 0] = t
                trace[row, 1] = seat
                trace[row, 2] = low_index(card)
                trace[row, 3] = led
                row += 1
            seat = seat + 1 if seat < N_SEATS - 1 else 0
        if led == cs:
            cs_open = True
        won[t] = winner
        tpts[t] = trick_points
        if (side >> winner) & 1:
            points += trick_points
            tricks += 1
        leader = winner
    return points * 8 + tricks


@njit(cache=True, forceinline=True)
def world_key(deal_key):
    """The worlds' key of a deal (independent of the deal's own stream)."""
    return mix64(deal_key ^ WORLD_SALT)


@njit(cache=True, nogil=True)
def play_picked_pimc(rules, hands, picker, info, bury, pimc_seats, n_worlds, mode, lines, key, tt, stats, genbox,
                     trace, record):
    """``play.play_picked`` with single-dummy play (after ``take_blind``): points * 8 + tricks."""
    called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
    return play_out_pimc(rules, hands, np.int64(0), np.int64(picker), np.int64(info[0]), called, bury, pimc_seats,
                         n_worlds, mode, lines, key, tt, stats, genbox, trace, record)


@njit(cache=True, nogil=True)
def pick_chunk_pimc(rules, key0, start, n, pool, sizes, asker, my_hand, constrained, free, table, thresholds,
                    doubler, blind_first, batch, hist, leaster, calls, counters, n_worlds, lines, tt, stats):
    """``play.pick_chunk`` with single-dummy play at every seat in the picked hands
    (``n_worlds`` layouts a card; leasters stay heuristic).  The worlds of a deal come
    from its own key, so a chunk's results do not depend on which thread runs it."""
    scratch = deal_scratch(pool, batch)
    hands = np.empty(N_SEATS, np.uint64)
    work = np.empty(N_SEATS, np.uint64)
    info = np.empty(3, np.int64)
    lpts = np.empty(N_SEATS, np.int64)
    ltr = np.empty(N_SEATS, np.int64)
    trace = np.empty((1, 4), np.int64)
    genbox = np.ones(1, np.int64)
    no = np.bool_(False)
    unk = unknown_mode(rules)
    sd = np.int64(ALL_SEATS)
    mode = np.int64(MODE_SAMPLE)
    for i in range(n):
        hands[asker] = my_hand
        dkey = stream_key(key0, start + i)
        deal, blind = deal_passed(dkey, pool, hands, sizes, constrained, free, table, scratch, thresholds)
        if not book_deal(counters, deal):
            continue
        w = deal[D_W]
        wkey = world_key(dkey)
        for opt in range(2):
            work[:] = hands
            bury = take_blind(work, blind, asker, (MODE_CALL | unk) if opt == PICK_OPT else MODE_ALONE, info)
            packed = play_picked_pimc(rules, work, asker, info, bury, sd, n_worlds, mode, lines, stream_key(wkey, opt),
                                      tt, stats, genbox, trace, no)
            _record(hist, opt, OUT_PICKER if info[0] >= 0 else OUT_ALONE, packed, w)
            calls[opt, info[1]] += w
        picker = -1
        for s in range(asker + 1, N_SEATS):
            if wants_to_pick(hands[s], s, thresholds):
                picker = s
                break
        if picker >= 0:
            work[:] = hands
            bury = take_blind(work, blind, picker, MODE_POLICY | unk, info)
            packed = play_picked_pimc(rules, work, picker, info, bury, sd, n_worlds, mode, lines,
                                      stream_key(wkey, PASS_OPT), tt, stats, genbox, trace, no)
            if info[0] < 0:
                role = OUT_DEFENDER_ALONE
            elif info[0] == asker:
                role = OUT_PARTNER
            else:
                role = OUT_DEFENDER
            _record(hist, PASS_OPT, role, packed, w)
            calls[PASS_OPT, info[1]] += w
        elif doubler:
            leaster[PASS_OPT, LEASTER_CLASSES - 1] += w
        else:
            work[:] = hands
            play_leaster(rules, work, blind, blind_first, lpts, ltr, trace, False)
            leaster[PASS_OPT, leaster_class(lpts, ltr, asker)] += w
