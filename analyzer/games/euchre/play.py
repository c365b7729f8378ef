"""Euchre kernels: the auction, the dealer's pickup, heuristic play of five tricks, and the
batch kernels that deal, bid, play and fill histograms (numba).

Seats are numbered in playing order, 0 being the player who asks; the side of a seat is
``seat & 1`` (two-handed: each player alone; four-handed: partners opposite).  Hands
travel as natural masks (``deck``) until trump is known, then in the trump layout.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, low_index
from ...sim.constrained import (D_J, D_W, all_hands, begin_deal, book_deal, deal_scratch, end_deal,
                                first_from_table, keep_fits, next_hands, settle)
from ...sim.deal import _deal_into
from ...sim.leads import book_joint
from ...sim.rng import stream_key
from ...tricks.dd import C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.heuristic import follow_core, lead_core, rule_suits
from ...tricks.pimc import candidates, choose, choose_plain
from ...tricks.tables import R_DECK, R_DUP_SHIFT, R_FREE, R_TRUMP, R_TRUMP_SUIT
from .bidding import PASS, dealer_discard, joker_act, policy_tuple, round1_act, round2_act
from .dd import solve_tricks
from .deck import HAND_SIZE, JOKER_NAT_BIT, N_TRICKS
from .rules import LANE, to_trump
from .scoring import REDEAL, outcome
from .worlds import MAX_WORLD_SLOTS, MODE_PLAIN, MODE_SEE_ALL, seat_worlds, target_of

TRACE_COLS = 4          # trick, seat, layout bit, suit led
NO_SEAT = -1

# Option flags (an int bit set passed to the kernels).
OPT_STICK = 1           # stick the dealer
OPT_JOKER_REDEAL = 2    # joker turned up: redeal (else the dealer names trump)
OPT_NO_UP_DISCARD = 4   # the dealer may not discard the upcard


@njit(cache=True, forceinline=True)
def upcard_suit(up_nat):
    """Printed suit of the upcard's natural bit, -1 for the joker."""
    b = low_index(up_nat)
    if b == JOKER_NAT_BIT:
        return -1
    return b >> 4


@njit(cache=True, forceinline=True)
def deal_buffers(pool, counts, n):
    """Scratch for a kernel that deals and plays: (shuffle buffer, fixed cards (none), one
    deal's slots, n natural hands, n layout hands, a one-row trace)."""
    return (np.empty(pool.shape[0], np.int64), np.zeros(counts.shape[0], np.uint64),
            np.empty(counts.shape[0], np.uint64), np.empty(n, np.uint64), np.empty(n, np.uint64),
            np.empty((1, TRACE_COLS), np.int64))


@njit(cache=True, forceinline=True)
def _seat_hand(hs, p):
    """``hs[p]`` for a 4-tuple by selects (a tuple indexed by a variable costs a jump table)."""
    a = hs[1] if p & 1 else hs[0]
    b = hs[3] if p & 1 else hs[2]
    return b if p & 2 else a


@njit(cache=True)
def auction(hands, n, dealer, up, from_turn, to_turn, forced_turn, forced_act, flags, pol,
            passer=NO_SEAT):
    """Run bidding turns ``from_turn .. to_turn - 1`` (turn k: seat dealer+1+k; round two
    from k = n); the seat at ``forced_turn`` takes ``forced_act``, seat ``passer`` passes
    (the player's own passes before the question), the others follow their policy.

    Returns (maker, trump, alone, round) with maker -1 when nobody made trump (redeal, or
    simply no maker within the turns asked for).
    """
    # The arrays are read once, here: the rest works on scalars and tuples (see
    # bidding.policy_tuple).  With two hands, hs[2] and hs[3] repeat hands[0] and [1].
    hs = (hands[0], hands[1], hands[2 & (n - 1)], hands[3 & (n - 1)])
    pt = policy_tuple(pol)
    ut = upcard_suit(up)
    allow_up = (flags & OPT_NO_UP_DISCARD) == 0
    if ut < 0 and (flags & OPT_JOKER_REDEAL):
        return NO_SEAT, 0, 0, 0
    for k in range(from_turn, to_turn):
        p = (dealer + 1 + k) & (n - 1)   # n is 2 or 4
        if k < n:
            if ut < 0:
                if p != dealer:
                    continue
                act = forced_act if k == forced_turn else joker_act(_seat_hand(hs, p), n, allow_up, pt)
                return p, act >> 1, act & 1, 1
            if k == forced_turn:
                act = forced_act
            elif p == passer:
                act = PASS
            else:
                act = round1_act(_seat_hand(hs, p), p, n, dealer, up, ut, allow_up, pt)
            if act != PASS:
                return p, ut, act & 1, 1
        else:
            if ut < 0:
                break
            if k == forced_turn:
                act = forced_act
            elif p == passer:
                act = PASS
            else:
                act = round2_act(_seat_hand(hs, p), n, ut, (flags & OPT_STICK) != 0 and p == dealer, pt)
            if act != PASS:
                return p, act >> 1, act & 1, 2
    return NO_SEAT, 0, 0, 0


@njit(cache=True, forceinline=True)
def _next(seat, n, out):
    s = (seat + 1) & (n - 1)
    if s == out:
        s = (s + 1) & (n - 1)
    return s


@njit(cache=True, forceinline=True)
def _beats(trump, led_suit, card, best):
    """``engine.beats`` for Euchre's layouts (no identical cards): single-bit masks compare
    as numbers within a lane."""
    if card & trump:
        return (best & trump) == ZERO or card > best
    return (best & trump) == ZERO and (card & led_suit) != ZERO and card > best


@njit(cache=True, forceinline=True)
def heuristic_card(suits, trump, free, shift, ts, deck, hand, seat, pos, n, out, n_active, maker_side,
                   played, known, dealer, dealer_known, voids, led, led_suit, best, winner):
    """The heuristic player's card for ``seat`` (``hand``, two cards or more) at place ``pos``
    of the trick (``play_tricks``'s state: the rule scalars, the cards played, the voids
    shown, the suit led and its lane mask, the best card and its seat)."""
    side = seat & 1
    unseen = deck & ~played & ~hand & ~known
    if seat == dealer:
        unseen &= ~dealer_known
    if pos == 0:
        partner = seat ^ 2
        has_partner = n == 4 and partner != out
        p_voids = (voids >> (4 * partner)) & 15 if has_partner else 0
        o_voids = 0
        o_may_trump = False
        o = side ^ 1
        for _ in range(n >> 1):     # the opponents: seats side ^ 1 (and + 2)
            if o != out:
                v = (voids >> (4 * o)) & 15
                o_voids |= v
                if not ((v >> ts) & 1):
                    o_may_trump = True
            o += 2
        p_may_trump = has_partner and not ((p_voids >> ts) & 1)
        if n == 2:  # the same call with its constant arguments folded in
            return lead_core(suits, trump, free, ts, hand, unseen, side == maker_side,
                             0, o_voids, False, o_may_trump)
        return lead_core(suits, trump, free, ts, hand, unseen, side == maker_side,
                         p_voids, o_voids, p_may_trump, o_may_trump)
    follow = hand & led_suit
    legal = follow if follow else hand
    if n == 2:
        # Second to the opponent's lead, nobody after: the same call with its constant
        # arguments folded in.
        return follow_core(suits, trump, shift, hand, legal, led_suit, best, False,
                           False, False, False, unseen)
    partner_after = False
    opponents_after = False
    ruff_threat = False
    s2 = seat
    for _ in range(n_active - 1 - pos):
        s2 = _next(s2, n, out)
        if (s2 & 1) == side:
            partner_after = True
        else:
            opponents_after = True
            if (voids >> (4 * s2 + led)) & 1:
                ruff_threat = True
    return follow_core(suits, trump, shift, hand, legal, led_suit, best,
                       (winner & 1) == side, partner_after, opponents_after,
                       ruff_threat, unseen)


@njit(cache=True, nogil=True)
def play_out(rules, hands, n, leader, out, maker, known, dealer, dealer_known, up, up_free,
             pimc_seats, n_worlds, mode, first, key, tt, stats, genbox, trace, record):
    """Play five tricks from layout ``hands`` (modified); returns the makers' tricks.  The
    one trick loop of Euchre, for every play model.

    ``out``: the seat sitting out (partner of a lone maker) or -1; ``known``: cards every
    player knows are out of play (a turned-down upcard); ``dealer_known``: the dealer's
    discard.  With ``record`` every play goes to ``trace`` (unused rows -1).  ``first``
    >= 0: the layout bit of the opening lead, forced (the lead question).  Each card is
    the heuristic's (``heuristic_card``: the rule values read once into scalars, a card's
    effective suit its lane, ``bit >> 4``), except:

    Single-dummy play (``pimc``), when the solver's table ``tt`` is given (None: compiled
    without it): the seats of ``pimc_seats`` (mask) decide from ``n_worlds`` sampled
    layouts (``worlds.seat_worlds``); ``up``: the upcard the dealer picked up (layout; 0
    when none was), ``up_free``: he may have discarded it; ``key`` seeds the worlds (one
    stream per card played); ``genbox`` (int64, >= 1) carries the solver table's
    generation.  ``mode``: MODE_SAMPLE; MODE_SEE_ALL, the one world is the true deal (the
    threshold's double-dummy play, for tests); MODE_PLAIN, the same worlds decided by
    ``tricks.pimc.choose_plain`` (every legal card, exact values: the benchmark's
    baseline)."""
    if record:
        trace[:, :] = -1
    deck = rules[R_DECK]
    trump = rules[R_TRUMP]
    free = rules[R_FREE]
    shift = rules[R_DUP_SHIFT]
    ts = np.int64(rules[R_TRUMP_SUIT])
    suits = rule_suits(rules)
    n_active = n - 1 if out >= 0 else n
    maker_side = maker & 1
    if tt is not None:     # the single-dummy state (None: compiled without it)
        active = (1 << n) - 1
        if out >= 0:
            active &= ~(1 << out)
        makers = 0
        for s in range(n):
            if (active >> s) & 1 and (s & 1) == maker_side:
                makers |= 1 << s
        cfgs = np.empty((1, C_SIZE), np.int64)
        _make_cfg(cfgs[0], np.int64(n), np.int64(active), np.int64(makers), np.int64(makers), rules, np.int64(O_ALL),
                  np.int64(1))
        nw = max(n_worlds, 1)
        worlds = np.zeros((nw, MAX_SEATS), np.uint64)
        need = np.zeros(MAX_WORLD_SLOTS, np.int64)
        allowed = np.zeros(MAX_WORLD_SLOTS, np.uint64)
        slot_seat = np.zeros(MAX_WORLD_SLOTS, np.int64)
        v5 = np.zeros(MAX_SEATS, np.int64)
        codes = np.zeros(MAX_MOVES, np.int64)
        members = np.zeros(MAX_MOVES, np.uint64)
        scores = np.zeros(MAX_MOVES, np.int64)
        values = np.zeros((nw if mode == MODE_PLAIN else 1, MAX_MOVES), np.int64)
    played = ZERO
    voids = 0           # 4 bits per seat: suits shown void
    suits_led = 0
    taken = 0
    row = 0
    for t in range(N_TRICKS):
        seat = leader
        best = ZERO
        winner = leader
        led = 0
        led_suit = ZERO
        trick = ZERO
        if tt is not None:
            left = N_TRICKS - t
            target = target_of(taken, t)
        for pos in range(n_active):
            hand = hands[seat]
            if hand & (hand - ONE) == ZERO:
                card = hand     # the last card: nothing to choose
            elif t == 0 and pos == 0 and first >= 0:
                card = ONE << np.uint64(first & 63)
            else:
                card = heuristic_card(suits, trump, free, shift, ts, deck, hand, seat, pos, n, out,
                                      n_active, maker_side, played, known, dealer, dealer_known,
                                      voids, led, led_suit, best, winner)
                if tt is not None:   # None: compiled without the solver (heuristic play only)
                    if ((pimc_seats >> seat) & 1) and target > 0:
                        if pos == 0:
                            legal = hand
                        else:
                            legal = hand & led_suit
                            if legal == ZERO:
                                legal = hand
                        unpl = (deck & ~played & ~known) | trick
                        if seat == dealer:
                            unpl &= ~dealer_known
                        nc = candidates(rules, hand, legal, np.int64(0), unpl, codes, members)
                        if nc > 1:
                            if mode == MODE_SEE_ALL:
                                for s in range(MAX_SEATS):
                                    worlds[0, s] = hands[s] if s < n and (active >> s) & 1 else ZERO
                                got = 1
                            else:
                                got = seat_worlds(rules, hands, n, seat, out, dealer, up, up_free, dealer_known,
                                                  known, played, voids, stream_key(key, t * 8 + pos), worlds,
                                                  need, allowed, slot_seat)
                            if got > 0:
                                for s in range(n):
                                    v5[s] = (voids >> (4 * s)) & 15
                                hint = np.int64(low_index(card))
                                if mode == MODE_PLAIN:
                                    code = choose_plain(rules, cfgs, worlds, np.int64(got), v5, tt, stats, genbox,
                                                        np.int64(seat), np.int64(pos), np.int64(leader), np.int64(led),
                                                        best, np.int64(winner), trick, np.int64(suits_led),
                                                        np.int64(left), np.int64(target), legal, np.int64(0), hint,
                                                        values)
                                else:
                                    code = choose(rules, cfgs, worlds, np.int64(got), v5, tt, stats, genbox,
                                                  np.int64(seat), np.int64(pos), np.int64(leader), np.int64(led), best,
                                                  np.int64(winner), trick, np.int64(suits_led), np.int64(left),
                                                  np.int64(target), codes, members, np.int64(nc), hint, scores)
                                card = ONE << np.uint64(code & 63)
            if pos == 0:
                led = low_index(card) >> 4
                led_suit = deck & (LANE << np.uint64(16 * led))
                suits_led |= 1 << led
                best = card
                winner = seat
            else:
                if not (hand & led_suit):
                    voids |= 1 << (4 * seat + led)
                if _beats(trump, led_suit, card, best):
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
            seat = _next(seat, n, out)
        if (winner & 1) == maker_side:
            taken += 1
        leader = winner
    return taken


@njit(cache=True, forceinline=True)
def play_tricks(rules, hands, n, leader, out, maker, known, dealer, dealer_known, trace, record):
    """Five tricks by the heuristic at every seat (``play_out`` compiled without the
    single-dummy code); returns the makers' tricks."""
    return play_out(rules, hands, n, leader, out, maker, known, dealer, dealer_known, ZERO, False, np.int64(0),
                    np.int64(0), np.int64(0), np.int64(-1), ZERO, None, None, None, trace, record)


@njit(cache=True, forceinline=True)
def prepare_play(tables, hands_nat, lay, n, dealer, up, maker, trump, alone, rnd, my_discard,
                 flags):
    """Pickup and discard (round one) into ``lay`` (n masks, trump's layout).  Returns
    (leader, the seat sitting out or -1, cards known out of play, the dealer's discard).
    ``my_discard`` (natural mask, 0: the heuristic) is what seat 0 throws when it is the
    dealer and picks up."""
    out = (maker ^ 2) if (alone and n == 4) else NO_SEAT
    for p in range(n):
        lay[p] = to_trump(hands_nat[p], trump)
    u = to_trump(up, trump)
    known = ZERO
    dealer_known = ZERO
    if rnd == 1 and dealer != out:
        h6 = lay[dealer] | u
        if dealer == 0 and my_discard != ZERO:
            d = to_trump(my_discard, trump)
        else:
            d = dealer_discard(h6, u, trump, (flags & OPT_NO_UP_DISCARD) == 0)
        lay[dealer] = h6 & ~d
        dealer_known = d
    else:
        known = u
    leader = (dealer + 1) & (n - 1)
    if leader == out:
        leader = (leader + 1) & (n - 1)
    return leader, out, known, dealer_known


@njit(cache=True)
def play_made(tables, hands_nat, lay, n, dealer, up, maker, trump, alone, rnd, my_discard,
              flags, trace, record):
    """Pickup and discard (round one), then play; returns the makers' tricks.

    ``lay`` (n masks) receives the hands in trump's layout.  ``my_discard`` (natural mask,
    0: the heuristic) is what seat 0 throws when it is the dealer and picks up.
    """
    leader, out, known, dealer_known = prepare_play(tables, hands_nat, lay, n, dealer, up, maker,
                                                    trump, alone, rnd, my_discard, flags)
    return play_tricks(tables[trump], lay, n, leader, out, maker, known, dealer, dealer_known,
                       trace, record)


@njit(cache=True)
def solve_made(tables, hands_nat, lay, n, dealer, up, maker, trump, alone, rnd, my_discard,
               flags, trace, tt, stats, work):
    """``play_made`` with double-dummy play: the same pickup and discard, then the makers'
    tricks with every hand visible and perfect play by both sides (``dd.solve_tricks``;
    the heuristic play-out's result is where its searches start)."""
    leader, out, known, dealer_known = prepare_play(tables, hands_nat, lay, n, dealer, up, maker,
                                                    trump, alone, rnd, my_discard, flags)
    dealt = np.zeros(MAX_SEATS, np.uint64)
    for p in range(n):
        if p != out:
            dealt[p] = lay[p]
    rules = tables[trump]
    guess = play_tricks(rules, lay, n, leader, out, maker, known, dealer, dealer_known, trace,
                        False)
    # typed: a literal guess would compile another copy of the solver
    return solve_tricks(rules, dealt, n, leader, out, maker, np.int64(guess), tt, stats, work)


@njit(cache=True, forceinline=True)
def outcome_of(maker, tricks, alone):
    """Outcome category (see scoring.OUTCOMES) from the side of seat 0."""
    return outcome((maker & 1) == 0, tricks, alone != 0)


@njit(cache=True)
def play_forced(tables, hands, lay, n, dealer, up, turn, act, discard, flags, pol, trace):
    """Finish the auction from bidding turn ``turn``, whose seat takes ``act`` (the other
    seats, and that seat's later turns, by policy), then pick up, discard and play.

    ``discard`` (natural mask, 0: the heuristic) is what seat 0 throws when it deals and
    picks up.  ``hands`` (natural masks) are not modified.  Returns (outcome category from
    seat 0's side, the maker or -1 on a redeal, seat 0's side's tricks).
    """
    maker, trump, alone, rnd = auction(hands, n, dealer, up, turn, 2 * n, turn, act, flags, pol)
    if maker == NO_SEAT:
        return REDEAL, NO_SEAT, 0
    tricks = play_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, discard,
                       flags, trace, False)
    ours = tricks if (maker & 1) == 0 else N_TRICKS - tricks
    return outcome_of(maker, tricks, alone), maker, ours


@njit(cache=True)
def solve_forced(tables, hands, lay, n, dealer, up, turn, act, discard, flags, pol, trace, tt,
                 stats, work):
    """``play_forced`` with double-dummy play of the five tricks (``solve_made``)."""
    maker, trump, alone, rnd = auction(hands, n, dealer, up, turn, 2 * n, turn, act, flags, pol)
    if maker == NO_SEAT:
        return REDEAL, NO_SEAT, 0
    tricks = solve_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, discard,
                        flags, trace, tt, stats, work)
    ours = tricks if (maker & 1) == 0 else N_TRICKS - tricks
    return outcome_of(maker, tricks, alone), maker, ours


@njit(cache=True, forceinline=True)
def finish_deal(tables, hands, lay, n, dealer, up, turn, act, discard, flags, pol, trace, tt,
                stats, work):
    """``solve_forced`` with the solver's table ``tt``, or ``play_forced`` when ``tt`` is
    None (numba then drops the solver branch when it compiles: no solver is linked)."""
    if tt is not None:
        return solve_forced(tables, hands, lay, n, dealer, up, turn, act, discard, flags, pol,
                            trace, tt, stats, work)
    return play_forced(tables, hands, lay, n, dealer, up, turn, act, discard, flags, pol, trace)


@njit(cache=True)
def _seat_passes(hand, p, n, dealer, up, decision_turn, flags, pol):
    """Would seat ``p`` with ``hand`` pass at all its turns before ``decision_turn``?
    (A seat's decisions depend on its own hand only.)"""
    pt = policy_tuple(pol)
    ut = upcard_suit(up)
    allow_up = (flags & OPT_NO_UP_DISCARD) == 0
    for k in range(decision_turn):
        if (dealer + 1 + k) & (n - 1) != p:
            continue
        if k < n:
            if ut < 0:
                if p == dealer:
                    return False
                continue
            if round1_act(hand, p, n, dealer, up, ut, allow_up, pt) != PASS:
                return False
        elif round2_act(hand, n, ut, (flags & OPT_STICK) != 0 and p == dealer, pt) != PASS:
            return False
    return True


@njit(cache=True)
def passing_hands(pool, p, n, dealer, up, decision_turn, flags, pol, out):
    """Every hand of the cards ``pool`` with which seat ``p`` passes at all its turns before
    ``decision_turn`` into ``out`` (``sim.constrained.table_size`` long); returns how
    many (``sim.constrained``'s first-seat table)."""
    count = all_hands(pool, HAND_SIZE, out)
    fit = np.empty(count, np.bool_)
    for c in range(count):
        fit[c] = _seat_passes(out[c], p, n, dealer, up, decision_turn, flags, pol)
    return keep_fits(out, fit, count)


@njit(cache=True)
def deal_passed(state, pool, hands, sizes, constrained, free, table, scratch, n, dealer, up,
                decision_turn, flags, pol):
    """Deal ``pool`` (natural bits) to the seats ``constrained`` (in order; each hand must
    pass at every turn it had before ``decision_turn``: ``_seat_passes``) and then to the
    seats ``free``, ``sizes[p]`` cards each, by the shared loop of ``sim.constrained``
    (``scratch``: its ``deal_scratch``; ``table``, unless empty: the first constrained
    seat's passing hands, ``passing_hands``); the stock is what is left (nothing reads
    it).  Returns the deal state (``D_W``: the weight)."""
    rem, cand, fit, deal = scratch
    begin_deal(pool, rem, deal)
    if table.shape[0]:
        state = first_from_table(rem, hands, sizes, constrained, deal, table, state)
    while True:
        count, state = next_hands(rem, sizes, constrained, deal, cand, state)
        if count == 0:
            break
        p = constrained[deal[D_J]]
        for c in range(count):
            fit[c] = _seat_passes(cand[c], p, n, dealer, up, decision_turn, flags, pol)
        state = settle(rem, hands, sizes, constrained, deal, cand, fit, count, state)
    end_deal(rem, hands, sizes, free, deal, state)
    return deal


@njit(cache=True, nogil=True)
def question_chunk(key0, start, n_deals, pool, sizes, constrained, free, table, my_hand, up, n,
                   dealer, decision_turn, acts, discards, tables, flags, pol, batch, hist,
                   trick_hist, joint, counters, tt, stats):
    """Deals ``start .. start+n_deals-1`` for a question asked at ``decision_turn``.

    The other seats' hands (``sizes[p]`` cards) are dealt from ``pool`` by
    ``deal_passed``: the seats ``constrained`` (every seat that spoke before the question)
    hold hands that pass at each of their turns so far under the policy, exactly (weighted
    deals; ``table``: the first one's passing hands, or empty; ``batch`` hands drawn for
    each constrained seat after the first); ``counters`` (``sim.constrained``: C_SIZE)
    books them (``book_deal``).  Then for every action ``acts[a]`` (with ``discards[a]``
    for a dealer's pickup) the auction continues by policy and the hand
    is played: ``hist[a, outcome] += w`` and ``trick_hist[a, maker side (0 us), our
    tricks] += w``, w the deal's weight; ``joint[a, b, outcome of a, outcome of b] += w``
    (``book_joint``) pairs every two actions on the same deal.  ``tt`` not None: the tricks are solved
    double-dummy with the solver's table ``tt`` (``solve_forced``; the results do not
    depend on what the table held before); None: heuristic play, no solver compiled.
    """
    hands = np.empty(n, np.uint64)
    lay = np.empty(n, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    work = np.zeros(1, np.int64)
    scratch = deal_scratch(pool, batch)
    cats = np.zeros(acts.shape[0], np.int64)
    for i in range(n_deals):
        hands[0] = my_hand
        deal = deal_passed(stream_key(key0, start + i), pool, hands, sizes, constrained, free,
                           table, scratch, n, dealer, up, decision_turn, flags, pol)
        if not book_deal(counters, deal):
            continue
        w = deal[D_W]
        for a in range(acts.shape[0]):
            cat, maker, ours = finish_deal(tables, hands, lay, n, dealer, up, decision_turn,
                                           acts[a], discards[a], flags, pol, trace, tt,
                                           stats, work)
            hist[a, cat] += w
            cats[a] = cat
            if maker != NO_SEAT:
                trick_hist[a, maker & 1, ours] += w
        book_joint(joint, cats, w)



@njit(cache=True, nogil=True)
def random_chunk(key0, start, n_deals, pool, counts, n, tables, flags, pol, hist):
    """Whole random deals (slot 0 the upcard, 1..n the hands, last the rest), the dealer
    alternating; everybody bids and plays by policy.  ``hist[dealer side?, outcome]``:
    ``hist[0 if seat 0 deals else 1, outcome from seat 0's side] += 1``.
    """
    buf, fixed, deal, hands, lay, trace = deal_buffers(pool, counts, n)
    for i in range(n_deals):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        up = deal[0]
        for p in range(n):
            hands[p] = deal[1 + p]
        dealer = (start + i) % n
        maker, trump, alone, rnd = auction(hands, n, dealer, up, 0, 2 * n, -2, 0, flags, pol)
        if maker == NO_SEAT:
            hist[dealer & 1, REDEAL] += 1
            continue
        tricks = play_made(tables, hands, lay, n, dealer, up, maker, trump, alone, rnd, ZERO,
                           flags, trace, False)
        hist[dealer & 1, outcome_of(maker, tricks, alone)] += 1
