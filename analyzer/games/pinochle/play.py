"""Pinochle card play in numba: the heuristic players for twelve tricks under the head,
trump and over-trump duties, for card points.

Seats 0..3 play clockwise; partners are ``s`` and ``s ^ 2``; the declarer leads the first
trick.  A player knows its own hand, the cards played and the suits each player has shown
void in (``unseen`` = the cards not played and not in its hand).  Policy:

- **leads**: cash a plain-suit master (an ace, or a card no unseen card beats) in a suit no
  opponent has shown void in; the declarer draws trumps with a master trump while the
  opponents may hold trumps, first when long in trumps (``DRAW_FIRST``) or after cashing;
  his partner leads trump to him; a defender leads to a partner's void and never leads a
  master trump while other cards are left (trump aces are kept); otherwise the cheapest
  card (fewest points, then lowest), from the shorter suit;
- **follows** (``tricks.points.follow_for_points``) among the cards the duties leave:
  schmear counters onto a trick the side surely wins (not trumps or aces: ``card_tables``),
  take a trick with a sure winner, as the last player win with the card that brings most
  points for least power, fight for a trick worth ``FIGHT`` points (the last trick's 10
  included) with the highest trump, else shed the cheapest card.  Identical cards: a copy
  equal to the best card so far does not beat it (the first played wins), and a card is
  a master when no unseen card ranks *above* it (an unseen twin cannot beat a lead).

Then the whole hand from the end of the auction (``finish_hand``: passes, meld, throw-in,
play; ``finish_hand_dd`` with the tricks solved double-dummy) and the batch kernels of the
questions and the benchmark (``hand_chunk``, ``bid_chunk``, ``pass_chunk``), which deal
the other hands to fit the calls heard (``deal_heard``).
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, above, high_bit, high_index, low_bit, low_index, popcount
from ...tricks.dd import C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.engine import beats, legal_follow_lead, shown_out, stronger
from ...tricks.heuristic import lowest_equivalent, winning_core
from ...tricks.points import V_POINTS, card_values, follow_for_points, mask_points, shed
from ...tricks.pimc import candidates, choose, choose_plain
from ...tricks.tables import R_DECK, R_LEAD, R_SUIT, R_TRUMP, R_TRUMP_SUIT
from ...sim.deal import _deal_into
from ...sim.constrained import BATCH, MAX_DRAWS, count_deal, draw_tail, drop, keep_one, mask_of_all
from ...sim.leads import book, book_products
from ...sim.rng import LOW32, bounded, next_u64, stream_key
from .bidding import (auction3, bidder_units3, choose_pass, forced_free3, heard3, play_limit3, run_auction, throws_in,
                      valuation)
from .deck import LANE, N_SEATS, RANK_BITS, RA, TOTAL_POINTS
from .dd import solve_points
from .meld import meld_cards, meld_points
from .rules import LAST_TRICK, Options, points_by_bit, rule_tables
from .scoring import SAVE_ALWAYS, hand_scores, made
from .worlds import MODE_PLAIN, MODE_SEE_ALL, known_cards, seat_worlds

ROLE_DECLARER, ROLE_PARTNER, ROLE_DEFENDER = 0, 1, 2
DRAW_FIRST = 6            # the declarer draws trumps before cashing side aces with this many trumps
FIGHT = np.array([20, 20], np.int64)   # trick points worth a high trump: defenders, declaring side
TRACE_COLS = 4            # trick, seat, layout bit, suit led
TR_WINNER = 4             # the trick's winner: written only into a trace that has the column
ACES = RANK_BITS[RA]


def card_tables(options: Options = Options()) -> np.ndarray:
    """(4 trumps, N_VALUES, 64): the card values ``tricks.points`` chooses by, per trump:
    points of the counting scheme, and trumps and aces kept from schmears."""
    rules = rule_tables(options)
    pts = points_by_bit(options)
    return np.stack([card_values(rules[t], pts, int(rules[t][R_TRUMP] | ACES)) for t in range(4)])


# ----------------------------------------------------------------------------- helpers
@njit(cache=True, forceinline=True)
def twin_or_above(card):
    """Positions whose power is at least ``card``'s (its identical copy included)."""
    return above(card) | (ONE << np.uint64(high_index(card) ^ 1))


@njit(cache=True, forceinline=True)
def lead_masters(cards, lane, unseen):
    """Cards of ``cards`` in ``lane`` that win if led: no unseen card of the lane ranks above
    them (an unseen identical copy played later does not beat the first)."""
    c = cards & lane
    u = unseen & lane
    if u == ZERO:
        return c
    return c & twin_or_above(high_bit(u))


@njit(cache=True, forceinline=True)
def top_lead(cards, lane, unseen):
    """The lowest card as good as the highest of ``cards`` (all in ``lane``) when led."""
    return lowest_equivalent(high_bit(cards), cards, lane, unseen)


# ----------------------------------------------------------------------------- leads
@njit(cache=True, forceinline=True)
def lead_card(rules, vals, hand, unseen, role, foe_voids, partner_voids, foes_may_trump, partner_may_trump):
    """Choose a lead (see the module docstring).  foe_voids / partner_voids: 4-bit masks of
    the suits an opponent / the partner has shown void in; *_may_trump: not shown void in
    trumps."""
    trump = rules[R_TRUMP]
    ts = np.int64(rules[R_TRUMP_SUIT])
    trumps = hand & trump
    plain = hand & ~trump
    unseen_trumps = unseen & trump
    foes_ruff = foes_may_trump and unseen_trumps != ZERO
    draw = role != ROLE_DEFENDER and trumps != ZERO and unseen_trumps != ZERO and foes_may_trump
    top_trumps = lead_masters(trumps, trump, unseen)
    if draw and role == ROLE_DECLARER and top_trumps and popcount(trumps) >= DRAW_FIRST:
        return top_lead(top_trumps, trump, unseen)
    # cash plain-suit masters where no opponent has shown a void (with trumps out)
    for s in range(4):
        if s == ts:
            continue
        m = plain & LANE[s]
        if m:
            top = lead_masters(m, LANE[s], unseen)
            if top and not (foes_ruff and (foe_voids >> s) & 1):
                return top_lead(top, LANE[s], unseen)
    if draw:
        if top_trumps:
            return top_lead(top_trumps, trump, unseen)
        if role == ROLE_PARTNER or popcount(trumps) >= popcount(unseen_trumps):
            return low_bit(trumps)           # strip the opponents' trumps / lead to the declarer
    if role == ROLE_DEFENDER and partner_may_trump and unseen_trumps:
        for s in range(4):
            if s != ts and ((partner_voids >> s) & 1) and not ((foe_voids >> s) & 1):
                m = plain & LANE[s]
                if m:
                    return low_bit(m)
    if plain:
        return shed(rules, vals, hand, plain)
    if role == ROLE_DEFENDER:
        return low_bit(trumps)               # keep the trump masters
    return shed(rules, vals, hand, trumps)


# ----------------------------------------------------------------------------- a hand
@njit(cache=True, forceinline=True)
def _side_voids(voids, seats):
    """4-bit mask of the suits any seat of ``seats`` (a seat mask) has shown void in."""
    out = 0
    for s in range(N_SEATS):
        if (seats >> s) & 1:
            out |= (voids >> (4 * s)) & 15
    return out


@njit(cache=True, forceinline=True)
def random_card(cards, state):
    """A uniformly random card of ``cards``; returns (card, new state)."""
    state, bits = next_u64(state)
    k = bounded(bits & LOW32, popcount(cards))
    for _ in range(k):
        cards &= cards - ONE
    return low_bit(cards), state


@njit(cache=True)
def play_hand(rules, vals, hands, declarer, trace, record, random_seats, state):
    """Twelve tricks by the heuristic players from the declarer's lead (``play_out``
    compiled without the single-dummy code); ``rules`` and ``vals`` are the trump's rule
    vector and card values (``card_tables``); ``hands`` (four layout masks) is emptied.
    Returns the declaring side's trick points (the last trick's 10 included) * 16 + its
    tricks.  With ``record``, ``trace`` (48, TRACE_COLS) gets every card: trick, seat,
    layout bit, suit led.  The seats of ``random_seats`` (a mask) play a random legal
    card instead, drawn from the stream ``state`` (the baseline the heuristic is measured
    against)."""
    return play_out(rules, vals, hands, declarer, trace, record, random_seats, state, np.int64(-1), np.int64(0),
                    np.int64(0), np.int64(0), np.int64(0), None, ZERO, None, None, None, None)


@njit(cache=True, nogil=True)   # single-dummy deal loops call it from Python threads
def play_out(rules, vals, hands, declarer, trace, record, random_seats, state, first, pimc_seats, n_worlds, mode,
             need, known, key, rules_dd, tt, stats, genbox):
    """The one trick loop of Pinochle for every play model and table: ``hands`` holds four
    seats (partners ``s`` and ``s ^ 2``, twelve tricks) or three (the declarer alone
    against the other two, fifteen tricks).  ``play_hand`` (the heuristic at
    every seat, ``random_seats`` random) and, when the solver's table ``tt`` is given
    (None: compiled without it), single-dummy play at the seats of ``pimc_seats`` (mask).

    ``first``: the declarer's opening lead (a layout bit; -1: his own choice).  A
    single-dummy seat samples ``n_worlds`` layouts of the cards it cannot see
    (``worlds.seat_worlds``: ``known`` is ``worlds.known_cards``'s table of what each seat
    saw of the others' hands; the duties' inferences are gathered here) from the stream
    ``stream_key(key, card number)``, and plays the card by which the declaring side
    reaches ``need`` trick points (from the first trick) in most worlds, or misses it for
    a defender (``tricks.pimc.choose``, the heuristic's card breaking ties; ``rules_dd``:
    the trump's rule vector with points for the solver; ``genbox``: its table's
    generation).  Once ``need`` is reached or out of reach the heuristic plays.  ``mode``:
    MODE_SAMPLE; MODE_SEE_ALL, the one world is the true deal (threshold double-dummy
    play, for tests); MODE_PLAIN, the same worlds decided by ``tricks.pimc.choose_plain``
    (every legal card, exact values: the tests' and the benchmark's baseline)."""
    if record:
        trace[:, :] = -1
    deck = rules[R_DECK]
    trump = rules[R_TRUMP]
    ts = np.int64(rules[R_TRUMP_SUIT])
    n_seats = hands.shape[0]   # 4: two partnerships; 3: the bidder against the other two
    everyone = (1 << n_seats) - 1
    dmask = (1 << declarer) | (1 << (declarer ^ 2)) if n_seats == 4 else 1 << declarer    # the declaring side
    held = 0
    for s in range(n_seats):
        held += popcount(hands[s])
    n_tricks = held // n_seats
    played = ZERO
    voids = 0              # seat s's shown voids at bits 4s..4s+3
    leader = declarer
    points = 0
    tricks = 0
    row = 0
    if tt is not None:        # the single-dummy state (None: compiled without it)
        r = rules_dd.copy()
        nw = max(n_worlds, 1)
        worlds = np.zeros((nw, MAX_SEATS), np.uint64)
        cfgs = np.zeros((1, C_SIZE), np.int64)
        _make_cfg(cfgs[0], np.int64(n_seats), np.int64(everyone), np.int64(dmask), np.int64(dmask), r,
                  np.int64(O_ALL), np.int64(1))
        excl = np.zeros(N_SEATS, np.uint64)
        v5 = np.zeros(MAX_SEATS, np.int64)
        codes = np.zeros(MAX_MOVES, np.int64)
        members = np.zeros(MAX_MOVES, np.uint64)
        scores = np.zeros(MAX_MOVES, np.int64)
        values = np.zeros((nw if mode == MODE_PLAIN else 1, MAX_MOVES), np.int64)
        gone = 0               # the points of the tricks completed
        suits_led = 0
    for t in range(n_tricks):
        last = t == n_tricks - 1
        best = ZERO
        lead = ZERO
        winner = leader
        led = 0
        lane = ZERO
        trick = ZERO
        trick_points = LAST_TRICK if last else 0
        for pos in range(n_seats):
            seat = leader + pos
            if seat >= n_seats:
                seat -= n_seats
            hand = hands[seat]
            side = (dmask >> seat) & 1          # 1: the declaring side
            mine = dmask if side else everyone & ~dmask
            unseen = deck & ~played & ~hand
            rand = (random_seats >> seat) & 1
            if pos == 0:
                legal = hand
                if first >= 0 and t == 0:
                    card = ONE << np.uint64(first)
                elif rand:
                    card, state = random_card(hand, state)
                elif hand & (hand - ONE):
                    foes = everyone & ~mine
                    partner = mine & ~(1 << seat)
                    fv = _side_voids(voids, foes)
                    pv = _side_voids(voids, partner)
                    foes_may_trump = False
                    for s in range(n_seats):
                        if (foes >> s) & 1 and not (voids >> (4 * s + ts)) & 1:
                            foes_may_trump = True
                    role = ROLE_DEFENDER if not side else (ROLE_DECLARER if seat == declarer else ROLE_PARTNER)
                    card = lead_card(rules, vals, hand, unseen, role, fv, pv, foes_may_trump, (pv >> ts) & 1 == 0)
                else:
                    card = hand
            else:
                legal = legal_follow_lead(rules, hand, led, best, lead)
                if rand:
                    card, state = random_card(legal, state)
                elif legal & (legal - ONE):
                    friend_winning = ((dmask >> winner) & 1) == side
                    foes_after = 0
                    for p in range(pos + 1, n_seats):
                        later = leader + p
                        if later >= n_seats:
                            later -= n_seats
                        if ((dmask >> later) & 1) != side:
                            foes_after |= 1 << later
                    ruff_threat = False
                    if led != ts:
                        for s in range(n_seats):
                            if (foes_after >> s) & 1 and (voids >> (4 * s + led)) & 1 and not (voids >> (4 * s + ts)) & 1:
                                ruff_threat = True
                    secure = False
                    if friend_winning:
                        if foes_after == 0:
                            secure = True
                        else:
                            best_lane = trump if best & trump else lane
                            secure = ((unseen & best_lane & stronger(rules, best)) == ZERO
                                      and ((best & trump) != ZERO or not ruff_threat))
                    win = winning_core(lane, trump, ONE, legal, best)
                    card = follow_for_points(rules, vals, hand, legal, win, led, trick_points, FIGHT[side],
                                             friend_winning, secure, foes_after != 0, ruff_threat, unseen)
                else:
                    card = legal
            # ---- single-dummy
            if (tt is not None and ((pimc_seats >> seat) & 1) and not rand and (legal & (legal - ONE))
                    and not last and not (first >= 0 and t == 0 and pos == 0)):
                target = need - points
                if 0 < target <= TOTAL_POINTS - gone:
                    n = candidates(r, hand, legal, np.int64(0), (deck & ~played) | trick, codes, members)
                    if n > 1:
                        if mode == MODE_SEE_ALL:
                            for s in range(MAX_SEATS):
                                worlds[0, s] = hands[s] if s < n_seats else ZERO
                            got = 1
                        else:
                            got = seat_worlds(hands, np.int64(seat), known, excl, played, stream_key(key, t * n_seats + pos),
                                              worlds)
                        if got > 0:
                            r[R_LEAD] = lead if pos else ZERO
                            hint = np.int64(low_index(card))
                            lt = np.int64(n_tricks - t)
                            if mode == MODE_PLAIN:
                                code = choose_plain(r, cfgs, worlds, np.int64(got), v5, tt, stats, genbox,
                                                    np.int64(seat), np.int64(pos), np.int64(leader), np.int64(led),
                                                    best, np.int64(winner), trick, np.int64(suits_led), lt,
                                                    np.int64(target), legal, np.int64(0), hint, values)
                            else:
                                code = choose(r, cfgs, worlds, np.int64(got), v5, tt, stats, genbox, np.int64(seat),
                                              np.int64(pos), np.int64(leader), np.int64(led), best, np.int64(winner),
                                              trick, np.int64(suits_led), lt, np.int64(target), codes, members,
                                              np.int64(n), hint, scores)
                            card = ONE << np.uint64(code & 63)
            # ---- play it
            if pos == 0:
                led = high_index(card) >> 4
                lane = rules[R_SUIT + led]
                best = card
                lead = card
                if tt is not None:
                    suits_led |= 1 << led
            else:
                if tt is not None:
                    excl[seat] |= shown_out(rules, card, np.int64(led), best, lead)
                if not (hand & lane):
                    voids |= 1 << (4 * seat + led)
                    if not (hand & trump):
                        voids |= 1 << (4 * seat + ts)
                if beats(rules, card, best, led):
                    best = card
                    winner = seat
            trick_points += vals[V_POINTS, low_index(card)]
            hands[seat] = hand & ~card
            played |= card
            trick |= card
            if record:
                trace[row, 0] = t
                trace[row, 1] = seat
                trace[row, 2] = low_index(card)
                trace[row, 3] = led
                row += 1
        if record and trace.shape[1] > TR_WINNER:
            for r_ in range(row - n_seats, row):
                trace[r_, TR_WINNER] = winner
        if (dmask >> winner) & 1:
            points += trick_points
            tricks += 1
        if tt is not None:
            gone += trick_points
        leader = winner
    return points * 16 + tricks



# ----------------------------------------------------------------------------- whole hands
# finish_hand's outcome vector
O_MELD_D, O_MELD_O, O_POINTS_D, O_TRICKS_D, O_THROWN, O_MELD_BEFORE = range(6)
O_SIZE = 6
ALREADY_PASSED = ~ZERO    # finish_hand's ``give``: the partner's pass has been made
ROLE_ASK_PARTNER, ROLE_ASK_DECLARER = 0, 1


@njit(cache=True, forceinline=True)
def pass_and_meld(hands, declarer, trump, reuse, give, back, out):
    """The partner's pass (``give``, 0: the policy's; ALREADY_PASSED: made, the declarer
    holds 16 cards), the declarer's pass back (``back``, 0: the policy's) and the meld
    (``hands`` is modified): out[O_MELD_BEFORE, O_MELD_D, O_MELD_O].  Returns the passes
    made (give: ALREADY_PASSED when it was made before, back)."""
    partner = declarer ^ 2
    out[O_MELD_BEFORE] = meld_points(hands[declarer], trump, reuse) + meld_points(hands[partner], trump, reuse)
    if give != ALREADY_PASSED:
        if give == ZERO:
            give = choose_pass(hands[partner], trump, reuse, False)
        hands[partner] &= ~give
        hands[declarer] |= give
    if back == ZERO:
        back = choose_pass(hands[declarer], trump, reuse, True)
    hands[declarer] &= ~back
    hands[partner] |= back
    out[O_MELD_D] = meld_points(hands[declarer], trump, reuse) + meld_points(hands[partner], trump, reuse)
    out[O_MELD_O] = meld_points(hands[declarer ^ 1], trump, reuse) + meld_points(hands[declarer ^ 3], trump, reuse)
    return give, back


@njit(cache=True, forceinline=True)
def _thrown(bid, any_throw, policies, declarer, out):
    """The throw-in: out[O_THROWN] and, thrown, no trick points; returns it."""
    if throws_in(bid, out[O_MELD_D], any_throw, policies[declarer]):
        out[O_POINTS_D] = 0
        out[O_TRICKS_D] = 0
        out[O_THROWN] = 1
        return True
    out[O_THROWN] = 0
    return False


@njit(cache=True)
def finish_hand(rules, vals, hands, declarer, trump, bid, reuse, any_throw, save, policies, give, back, out, trace):
    """From the end of the auction: ``pass_and_meld``, the throw-in and the heuristic
    play (``hands`` is modified).  out <- (declaring side's meld, defenders' meld,
    declaring side's trick points and tricks, thrown in, the declaring side's meld before
    the passes)."""
    pass_and_meld(hands, declarer, trump, reuse, give, back, out)
    if _thrown(bid, any_throw, policies, declarer, out):
        return
    packed = play_hand(rules, vals, hands, declarer, trace, False, np.int64(0), ZERO)
    out[O_POINTS_D] = packed >> 4
    out[O_TRICKS_D] = packed & 15


def finish_hand_pimc(rules, vals, rules_dd, hands, declarer, trump, bid, aim, reuse, any_throw, save, policies, give,
                     back, received, out, trace, n_worlds, mode, key, tt, stats, genbox, pimc_seats=(1 << N_SEATS) - 1):
    """``finish_hand`` with single-dummy play at the seats of ``pimc_seats`` (a mask; every
    seat by default) and the heuristic at the others (``play_out``): the players aim
    at the declaring side's meld plus trick points reaching ``aim`` (the bid played, or
    the level a bid question plays at), its meld saved.  ``received``: with ``give`` =
    ALREADY_PASSED, the cards the partner had passed (what he knows of the declarer's
    hand).  ``key`` seeds the worlds.  A ``trace`` of more than one row records the play.

    Plain Python around the kernels: a single-dummy hand takes seconds, and every caller
    (the questions, the report, the examples, the tests) then shares the one compiled
    ``play_out`` with the solver instead of compiling its own copy of it."""
    declarer, trump = np.int64(declarer), np.int64(trump)
    give, back = pass_and_meld(hands, declarer, trump, reuse, np.uint64(give), np.uint64(back), out)
    if give == ALREADY_PASSED:
        give = np.uint64(received)
    if _thrown(np.int64(bid), any_throw, policies, declarer, out):
        return
    shown = np.array([meld_cards(h, trump, reuse) for h in hands], np.uint64)
    known = np.empty((N_SEATS, N_SEATS), np.uint64)
    known_cards(hands, declarer, shown, np.uint64(give), np.uint64(back), known)
    packed = play_out(rules, vals, hands, declarer, trace, trace.shape[0] > 1, np.int64(0), ZERO, np.int64(-1),
                      np.int64(pimc_seats), np.int64(n_worlds), np.int64(mode),
                      pimc_need(np.int64(aim), out[O_MELD_D], np.int64(save)), known, np.uint64(key), rules_dd, tt,
                      stats, genbox)
    out[O_POINTS_D] = packed >> 4
    out[O_TRICKS_D] = packed & 15


@njit(cache=True, forceinline=True)
def pimc_need(aim, meld, save):
    """The trick points the declaring side needs for meld + points to reach ``aim`` with
    its meld saved (under meld_save=counter a side that takes any point saves it)."""
    need = aim - meld
    if need < 1 and save != SAVE_ALWAYS:
        return np.int64(1)
    return np.int64(need)


@njit(cache=True)
def finish_hand_dd(rules, vals, rules_dd, hands, declarer, trump, bid, reuse, any_throw, policies, out, trace,
                   work_hands, tt, stats, work):
    """``finish_hand`` (the policies' passes) with the twelve tricks solved double-dummy
    (``dd.solve_points``, from the heuristic play's points); out[O_TRICKS_D] is then the
    heuristic's (with double-dummy play the meld is saved by points: meld_save=trick is
    not offered)."""
    pass_and_meld(hands, declarer, trump, reuse, ZERO, ZERO, out)
    if _thrown(bid, any_throw, policies, declarer, out):
        return
    work_hands[:] = hands
    packed = play_hand(rules, vals, work_hands, declarer, trace, False, np.int64(0), ZERO)
    out[O_POINTS_D] = solve_points(rules_dd, hands, declarer, packed >> 4, tt, stats, work)
    out[O_TRICKS_D] = packed & 15


@njit(cache=True, forceinline=True)
def _values_of(hands, policies, reuse, values, trumps, v4):
    for s in range(N_SEATS):
        trumps[s] = valuation(hands[s], policies[s], reuse, v4)
        values[s] = v4[trumps[s]]


# hand_chunk statistics
H_DEALS, H_THROWN, H_MADE, H_BID, H_SCORE_D, H_SCORE_O, H_POINTS_D, H_MELD_D, H_STUCK = range(9)
H_SIZE = 9


@njit(cache=True, nogil=True)
def hand_chunk(rules4, vals4, key0, start, n, pool, counts, policies, reuse, minimum, any_throw, save, stats):
    """Whole hands of self-play from full random deals (slots: seats 0..3; seat 3 deals):
    the auction, both passes, the meld, the throw-in and twelve tricks, every seat by its
    policy (``policies[s]``).  stats (H_SIZE) add up the hands (the benchmark's unit)."""
    buf, fixed, hands, values, trumps, v4, auction, out, trace = bid_buffers(pool)
    fixed[:] = 0           # no card dealt in advance
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, hands)
        _values_of(hands, policies, reuse, values, trumps, v4)
        run_auction(values, 0, 0, -1, 0, minimum, policies, auction)
        d = auction[0]
        bid = auction[1]
        t = trumps[d]
        finish_hand(rules4[t], vals4[t], hands, d, t, bid, reuse, any_throw, save, policies, ZERO, ZERO, out, trace)
        sd, so = hand_scores(bid, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D], out[O_THROWN] == 1,
                             save)
        stats[H_DEALS] += 1
        stats[H_THROWN] += out[O_THROWN]
        stats[H_MADE] += made(bid, out[O_MELD_D], out[O_POINTS_D], out[O_TRICKS_D], out[O_THROWN] == 1, save)
        stats[H_BID] += bid
        stats[H_SCORE_D] += sd
        stats[H_SCORE_O] += so
        stats[H_POINTS_D] += out[O_POINTS_D]
        stats[H_MELD_D] += out[O_MELD_D]
        stats[H_STUCK] += auction[2]


# ----------------------------------------------------------------------------- questions
@njit(cache=True, forceinline=True)
def _fits(hand, seat, lo, hi, want, policies, reuse, v4):
    """Does ``hand`` at ``seat`` make the calls heard: its value (its best trump's) in
    [lo, hi), and that trump ``want`` when ``want`` >= 0?"""
    best = valuation(hand, policies[seat], reuse, v4)
    v = v4[best]
    return v >= lo[seat] and v < hi[seat] and (want[seat] < 0 or best == want[seat])


@njit(cache=True)
def deal_heard(state, pool, rem, hands, sizes, constrained, free, lo, hi, want, policies, reuse, v4):
    """Deal ``pool`` (layout bits) to the seats ``constrained`` (in order; each hand must
    pass ``_fits``) and ``free`` (the rest, uniformly), ``sizes[s]`` cards each, by the
    seat-by-seat method of ``sim.constrained``.  Returns (weight, draws): weight 0 when a
    later seat found no fitting hand, -1 when the first found none in MAX_DRAWS."""
    m = pool.shape[0]
    rem[:m] = pool
    weight = 1
    draws = 0
    nc = constrained.shape[0]
    for j in range(nc):
        s = constrained[j]
        k = sizes[s]
        if j == nc - 1 and free.shape[0] == 0:        # the hand left over
            h = mask_of_all(rem, m)
            m = 0
            draws += 1
            if not _fits(h, s, lo, hi, want, policies, reuse, v4):
                return 0, draws
            hands[s] = h
        elif j == 0:                                  # rejection until it fits
            found = False
            for _ in range(MAX_DRAWS):
                h, state = draw_tail(rem, m, k, state)
                draws += 1
                if _fits(h, s, lo, hi, want, policies, reuse, v4):
                    found = True
                    break
            if not found:
                return -1, draws
            hands[s] = h
            m -= k                                    # the hand drawn last sits at the tail
        else:                                         # a batch: one fit kept, weight k
            n_fit = 0
            chosen = ZERO
            for _ in range(BATCH):
                h, state = draw_tail(rem, m, k, state)
                draws += 1
                if _fits(h, s, lo, hi, want, policies, reuse, v4):
                    n_fit += 1
                    keep, state = keep_one(n_fit, state)
                    if keep:
                        chosen = h
            if n_fit == 0:
                return 0, draws
            weight *= n_fit
            hands[s] = chosen
            m = drop(rem, m, chosen)
    for j in range(free.shape[0]):
        s = free[j]
        if j == free.shape[0] - 1:
            hands[s] = mask_of_all(rem, m)
        else:
            h, state = draw_tail(rem, m, sizes[s], state)
            hands[s] = h
            m -= sizes[s]
    return weight, draws


# bid_chunk's pass-row statistics
PS_N, PS_EV, PS_EV2, PS_WE_DECLARE, PS_PARTNER, PS_WE_MAKE, PS_THEY_MAKE, PS_THROWN, PS_STUCK, PS_BID = range(10)
PS_SIZE = 10
# per-trump statistics of the bid rows
T_N, T_MELD, T_POINTS, T_MELD_BEFORE = range(4)
T_SIZE = 4
# bid_chunk's "here" rows: row 0 passing, row 1 + L bidding bid0 + 10 L; then the auction
# goes on by the policy (the asker's own later calls too) and the contract it reaches is
# played: the asker's side's result for the whole hand, every row on the same deals
HS_N, HS_EV, HS_EV2, HS_WE_DECLARE, HS_WE_MAKE, HS_THEY_MAKE, HS_THROWN, HS_BID = range(8)
HS_SIZE = 8


@njit(cache=True, forceinline=True)
def here_auction(values, state, k, bid0, asker, minimum, policies, auction):
    """The auction after the asker's call of "here" row ``k`` (0: pass, else bid
    bid0 + 10 (k - 1)), by the policy from ``state``: auction <- (declarer, bid, stuck)."""
    if k == 0:
        run_auction(values, state[0], state[1], state[2], state[3], minimum, policies, auction)
    else:
        run_auction(values, state[0], bid0 + 10 * (k - 1), asker, state[3] & ~(1 << asker), minimum, policies,
                    auction)


@njit(cache=True, forceinline=True)
def side_result(out, bid, thrown, d, asker, save):
    """The hand declarer ``d`` played at ``bid`` (``out``) from the asker's side: (EV,
    whether the asker's side declared, whether the declaring side made it)."""
    sd, so = hand_scores(bid, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D], thrown, save)
    ok = made(bid, out[O_MELD_D], out[O_POINTS_D], out[O_TRICKS_D], thrown, save)
    ours = (d & 1) == (asker & 1)
    return ((sd - so) if ours else (so - sd)), ours, ok


@njit(cache=True, forceinline=True)
def book_here(row, out, w, d, bid, asker, any_throw, policy, save):
    """The hand declarer ``d`` plays at ``bid`` (``out``: played at bid 0, so never thrown
    in; the throw-in at ``bid`` decided here) into a "here" row, from the asker's side;
    returns its EV (the asker's side's score minus the other side's)."""
    thrown = throws_in(bid, out[O_MELD_D], any_throw, policy)
    ev, ours, ok = side_result(out, bid, thrown, d, asker, save)
    row[HS_N] += w
    row[HS_EV] += w * ev
    row[HS_EV2] += w * ev * ev
    row[HS_WE_DECLARE] += w * ours
    row[HS_WE_MAKE] += w * (ours and ok)
    row[HS_THEY_MAKE] += w * ((not ours) and ok)
    row[HS_THROWN] += w * thrown
    row[HS_BID] += w * bid
    return ev


@njit(cache=True, forceinline=True)
def bid_buffers(pool):
    """Scratch of the deal loops (the bid question's ``bid_chunk`` and ``pimc.bid_deals``;
    self-play's ``hand_chunk`` and ``match.match_deals``): the dealing's, the hands and a
    copy to play on (self-play: the cards dealt in advance, zeroed, and the hands), the
    seats' values and trumps (and ``valuation``'s four), the auction's result,
    ``finish_hand``'s outcome and trace."""
    return (np.empty(pool.shape[0], np.int64), np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64),
            np.empty(N_SEATS, np.float64), np.empty(N_SEATS, np.int64), np.empty(4, np.float64),
            np.empty(3, np.int64), np.empty(O_SIZE, np.int64), np.empty((1, TRACE_COLS), np.int64))


@njit(cache=True, nogil=True)
def bid_chunk(rules4, vals4, key0, start, n, pool, sizes, asker, my_hand, constrained, free, lo, hi, want, state,
              policies, reuse, minimum, any_throw, save, bid0, trumps_asked, levels, tstats, pstats, counters,
              here, prods, dd, rules_dd4, tt, stats, gen):
    """Deals for the bid question: seat ``asker`` holds ``my_hand``; the other seats are
    dealt by ``deal_heard`` (``constrained`` seats make the calls heard: value in [lo, hi)).
    Every statistic is weighted by the deal's weight w.  On each deal:

    - for every trump t of ``trumps_asked`` (a 4-bit mask), the asker declares it (the
      partner passes by the policy, the
      asker passes back by the policy, everyone melds, twelve tricks): for every bid
      B = bid0 + 10 L (L < levels.shape[1]) the hand's result at that bid (a throw-in
      where the policy would) -> levels[t, L] += w (made, EV, EV^2), EV being the asker's
      side's score minus the other side's; tstats[t] += w (1, side meld, trick points,
      side meld before the passes);
    - the asker passes and the auction goes on by the policy from ``state`` = (next seat to
      speak, bid to beat, its holder, seats passed with the asker): pstats;
    - the "here" rows (``here``: (rows, HS_SIZE), no rows: none): the asker passes or bids
      bid0 + 10 L, the auction goes on by the policy (``here_auction``) and its contract
      is played (each declarer's hand once a deal, with his policy's trump): here[k] +=
      ``book_here``; ``prods`` += the weighted products of the rows' EVs (``book_products``:
      the paired differences between rows).

    counters += (deal indices, hands drawn, indices given up, sum w, sum w^2).  With ``dd``
    every hand's tricks are solved double-dummy (``finish_hand_dd``; ``rules_dd4``: the
    trumps' rule vectors with points; ``tt``, ``stats``, ``gen``: the solver's; ``tt``
    None compiles the kernel without the solver).  Single-dummy play: ``pimc.bid_deals``."""
    rem, hands, work, values, trumps, v4, auction, out, trace = bid_buffers(pool)
    spare = np.empty(N_SEATS, np.uint64)
    outs = np.empty((N_SEATS, O_SIZE), np.int64)
    evs = np.empty(here.shape[0], np.int64)
    for i in range(n):
        hands[asker] = my_hand
        w, draws = deal_heard(stream_key(key0, start + i), pool, rem, hands, sizes, constrained, free, lo, hi, want,
                              policies, reuse, v4)
        if not count_deal(counters, w, draws):
            continue
        _values_of(hands, policies, reuse, values, trumps, v4)
        for t in range(4):
            if not (trumps_asked >> t) & 1:
                continue
            work[:] = hands
            if tt is not None and dd:
                finish_hand_dd(rules4[t], vals4[t], rules_dd4[t], work, asker, t, 0, reuse, any_throw, policies, out,
                               trace, spare, tt, stats, gen)
            else:
                finish_hand(rules4[t], vals4[t], work, asker, t, 0, reuse, any_throw, save, policies, ZERO, ZERO, out,
                            trace)
            book_declare(levels[t], tstats[t], out, w, bid0, any_throw, policies[asker], save)
            if here.shape[0] and t == trumps[asker]:
                outs[asker] = out           # the "here" rows' hand when the asker declares: the same play
        # pass: the auction goes on without the asker
        run_auction(values, state[0], state[1], state[2], state[3], minimum, policies, auction)
        d = auction[0]
        bid = auction[1]
        t = trumps[d]
        work[:] = hands
        if tt is not None and dd:
            finish_hand_dd(rules4[t], vals4[t], rules_dd4[t], work, d, t, bid, reuse, any_throw, policies, out, trace,
                           spare, tt, stats, gen)
        else:
            finish_hand(rules4[t], vals4[t], work, d, t, bid, reuse, any_throw, save, policies, ZERO, ZERO, out,
                        trace)
        book_pass(pstats, out, w, d, bid, asker, auction[2], save)
        if here.shape[0] == 0:
            continue
        played = (1 << asker) if (trumps_asked >> trumps[asker]) & 1 else 0
        if out[O_THROWN] == 0 and not (played >> d) & 1:
            outs[d] = out                   # the pass row's hand, played at its bid and not thrown in: the same
            played |= 1 << d
        for k in range(here.shape[0]):
            here_auction(values, state, k, bid0, asker, minimum, policies, auction)
            d = auction[0]
            if not (played >> d) & 1:
                t = trumps[d]
                work[:] = hands
                if tt is not None and dd:
                    finish_hand_dd(rules4[t], vals4[t], rules_dd4[t], work, d, t, 0, reuse, any_throw, policies,
                                   outs[d], trace, spare, tt, stats, gen)
                else:
                    finish_hand(rules4[t], vals4[t], work, d, t, 0, reuse, any_throw, save, policies, ZERO, ZERO,
                                outs[d], trace)
                played |= 1 << d
            evs[k] = book_here(here[k], outs[d], w, d, auction[1], asker, any_throw, policies[d], save)
        book_products(prods, evs, w)


@njit(cache=True, nogil=True)
def book_declare(levels, tstats, out, w, bid0, any_throw, policy, save):
    """A hand the asker declared (``finish_hand``'s ``out``, played whatever the bid) into
    its trump's rows: for every bid B = bid0 + 10 L (L < levels.shape[0]) its result at
    that bid (a throw-in where the policy would) -> levels[L] += w (made, EV, EV^2);
    tstats += w (1, side meld, trick points, side meld before the passes)."""
    tstats[T_N] += w
    tstats[T_MELD] += w * out[O_MELD_D]
    tstats[T_POINTS] += w * out[O_POINTS_D]
    tstats[T_MELD_BEFORE] += w * out[O_MELD_BEFORE]
    for L in range(levels.shape[0]):
        bid = bid0 + 10 * L
        thrown = throws_in(bid, out[O_MELD_D], any_throw, policy)
        sd, so = hand_scores(bid, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D], thrown, save)
        ev = sd - so
        if made(bid, out[O_MELD_D], out[O_POINTS_D], out[O_TRICKS_D], thrown, save):
            levels[L, 0] += w
        levels[L, 1] += w * ev
        levels[L, 2] += w * ev * ev


@njit(cache=True, nogil=True)
def book_pass(pstats, out, w, d, bid, asker, stuck, save):
    """The hand after the asker passed (declarer ``d`` at ``bid``; ``stuck``: the dealer was
    stuck with it) into pstats, EV from the asker's side."""
    thrown = out[O_THROWN] == 1
    ev, ours, ok = side_result(out, bid, thrown, d, asker, save)
    pstats[PS_N] += w
    pstats[PS_EV] += w * ev
    pstats[PS_EV2] += w * ev * ev
    pstats[PS_WE_DECLARE] += w * ours
    pstats[PS_PARTNER] += w * (d == (asker ^ 2))
    pstats[PS_WE_MAKE] += w * (ours and ok)
    pstats[PS_THEY_MAKE] += w * ((not ours) and ok)
    pstats[PS_THROWN] += w * thrown
    pstats[PS_STUCK] += w * stuck
    pstats[PS_BID] += w * bid


@njit(cache=True, nogil=True)
def pass_chunk(rules, vals, key0, start, n, pool, sizes, role, my_hand, trump, bid, constrained, free, lo, hi, want,
               options, policies, reuse, any_throw, save, stats, counters, prods):
    """Deals for the pass question; the declarer is seat 0, his partner seat 2; the other
    seats are dealt by ``deal_heard`` (weighted as in ``bid_chunk``).

    role ROLE_ASK_PARTNER: the asker is the partner, holding ``my_hand`` (12 cards).
    Option o: he passes ``options[o]``, the declarer passes back by the policy.  role
    ROLE_ASK_DECLARER: the asker is the declarer, holding ``my_hand`` (16 cards, the
    partner's four included; the partner holds 8).  Option o: he passes back
    ``options[o]``.  Then meld, throw-in, twelve tricks: stats[o] += w (1, made, EV, EV^2,
    side meld, trick points), EV the declaring side's score minus the defenders'; ``prods``
    += the weighted products of the options' EVs (``book_products``: paired differences)."""
    evs = np.empty(options.shape[0], np.int64)
    rem = np.empty(pool.shape[0], np.int64)
    hands = np.empty(N_SEATS, np.uint64)
    work = np.empty(N_SEATS, np.uint64)
    v4 = np.empty(4, np.float64)
    out = np.empty(O_SIZE, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    asker = 2 if role == ROLE_ASK_PARTNER else 0
    for i in range(n):
        hands[asker] = my_hand
        w, draws = deal_heard(stream_key(key0, start + i), pool, rem, hands, sizes, constrained, free, lo, hi, want,
                              policies, reuse, v4)
        if not count_deal(counters, w, draws):
            continue
        for o in range(options.shape[0]):
            work[:] = hands
            if role == ROLE_ASK_PARTNER:
                finish_hand(rules, vals, work, 0, trump, bid, reuse, any_throw, save, policies, options[o], ZERO, out,
                            trace)
            else:
                finish_hand(rules, vals, work, 0, trump, bid, reuse, any_throw, save, policies, ALREADY_PASSED,
                            options[o], out, trace)
            thrown = out[O_THROWN] == 1
            sd, so = hand_scores(bid, out[O_MELD_D], out[O_MELD_O], out[O_POINTS_D], out[O_TRICKS_D], thrown, save)
            ev = sd - so
            stats[o, 0] += w
            if made(bid, out[O_MELD_D], out[O_POINTS_D], out[O_TRICKS_D], thrown, save):
                stats[o, 1] += w
            stats[o, 2] += w * ev
            stats[o, 3] += w * ev * ev
            stats[o, 4] += w * out[O_MELD_D]
            stats[o, 5] += w * out[O_POINTS_D]
            evs[o] = ev
        book_products(prods, evs, w)


# ----------------------------------------------------------------------------- three-handed
# The three-handed auction game (``shared/rules/pinochle-three-handed.md``): the bidder
# (seat 0) takes the widow into his 15 cards, names trump, melds, buries three cards none
# of which he melded (their points count for him), and leads; the other two play as
# partners.  ``play_out`` plays the fifteen tricks with three hands.
N_BURY = 3
TRUMP_WEIGHT3 = 20        # the bidder's trump after the widow: most meld + this for each trump held
# the burial's card scores (``bury_score``), set by the bidder's mean total over random
# hands (docs/performance.md): a void made is worth more than three counters banked
ACE_KEEP = 10             # a plain ace is worth more in play than buried (it wins its trick and the counters in it)
SHORT_SUIT = 3            # burying from a suit this short or shorter makes a void: a bonus of
VOID_BONUS = 15
S3_N, S3_MADE, S3_EV, S3_EV2, S3_CONCEDED = range(5)
S3_SIZE = 5
TOT_SUM, TOT_SUM2, TOT_BURIED, TOT_MELD = range(4)
TOT_SIZE = 4


@njit(cache=True)
def bury_score(vals, hand, trump_lane, i):
    """How readily the bidder buries the card at layout bit ``i`` of ``hand``: its points
    (banked for him), a bonus where it empties a short suit, a penalty for a plain ace (it
    wins its own trick); the lower card first on ties."""
    b = ONE << np.uint64(i)
    score = 4 * vals[V_POINTS, i] - (i & 15)
    if popcount(hand & LANE[i >> 4]) <= SHORT_SUIT:
        score += 4 * VOID_BONUS
    if (i & 15) >> 1 == RA and not (trump_lane & b):
        score -= 4 * ACE_KEEP
    return score


@njit(cache=True)
def bury3(vals, hand, trump_lane, melded):
    """The three cards (a mask) the bidder buries from ``hand`` (18 cards): none that he
    melded; plain cards first (trumps only when too few are left), the highest
    ``bury_score`` first (scored on the cards still held)."""
    out = ZERO
    for _ in range(N_BURY):
        cand = hand & ~out & ~melded & ~trump_lane
        if cand == ZERO:
            cand = hand & ~out & ~melded
        if cand == ZERO:
            cand = hand & ~out
        best = ZERO
        best_score = -(1 << 30)
        c = cand
        while c:
            b = c & (~c + ONE)
            c ^= b
            score = bury_score(vals, hand & ~out, trump_lane, low_index(b))
            if score > best_score:
                best_score = score
                best = b
        out |= best
    return out


@njit(cache=True, nogil=True)
def bury_chunk(rules, vals, key0, start, n, pool, counts, full, meld, sets, bid, stats, prods):
    """Deals ``start..start+n-1`` of the three-handed ``bury`` question: the bidder holds
    ``full`` (18 cards, meld ``meld`` with this trump); ``pool`` (the 30 unseen cards)
    dealt to the two others (``counts`` 15, 15); each burial of ``sets`` (masks) is made
    and the fifteen tricks played.  ``stats[k]`` adds made (the total reaches ``bid``),
    the total and its square; ``prods`` the products of the made indicators of every two
    burials (``sim.leads.book_products``: their paired differences)."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(2, np.uint64)
    deal = np.empty(2, np.uint64)
    hands = np.empty(3, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    made = np.empty(sets.shape[0], np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        for k in range(sets.shape[0]):
            bp = mask_points(vals, sets[k])
            hands[0] = full & ~sets[k]
            hands[1] = deal[0]
            hands[2] = deal[1]
            packed = play_hand(rules, vals, hands, np.int64(0), trace, False, np.int64(0), ZERO)
            total = meld + bp + (packed >> 4)
            made[k] = 1 if total >= bid else 0
            stats[k, 0] += made[k]
            stats[k, 1] += total
            stats[k, 2] += total * total
        book_products(prods, made, 1)


@njit(cache=True)
def named_trump3(rules4, full, reuse):
    """The trump the bidder names after seeing the widow: the most meld plus TRUMP_WEIGHT3
    for each trump held in ``full`` (his 18 cards)."""
    named = 0
    named_value = -1
    for t in range(4):
        value = meld_points(full, np.int64(t), reuse) + TRUMP_WEIGHT3 * popcount(full & rules4[t][R_TRUMP])
        if value > named_value:
            named_value = value
            named = t
    return named


@njit(cache=True)
def bidder_total3(rules, vals, t, full, left, right, reuse, hands, trace, concede):
    """The bidder's total with trump ``t``: he holds ``full`` (18 cards), melds, buries
    (``bury3``) and plays the fifteen tricks against ``left`` and ``right`` (the next seats
    clockwise) by the heuristic.  Returns (total, meld, buried points, the highest bid he
    plays rather than concede: ``bidding.play_limit3`` with ``concede``)."""
    lane = rules[R_TRUMP]
    m = meld_points(full, np.int64(t), reuse)
    buried = bury3(vals, full, lane, meld_cards(full, np.int64(t), reuse))
    bp = mask_points(vals, buried)
    hands[0] = full & ~buried
    hands[1] = left
    hands[2] = right
    limit = play_limit3(hands[0], t, m, bp, concede)
    packed = play_hand(rules, vals, hands, np.int64(0), trace, False, np.int64(0), ZERO)
    return m + bp + (packed >> 4), m, bp, limit


@njit(cache=True, nogil=True)
def three_chunk(rules4, vals4, key0, start, n, pool, counts, mine, reuse, bids, units, mult, concede, stats, totals):
    """Deals ``start..start+n-1`` of the three-handed bid question: ``pool`` (layout bits)
    dealt to the widow and the two other seats (``counts`` 3, 15, 15); the asker (15 cards,
    ``mine``) as bidder takes the widow and, for each trump and for the trump the policy
    names after seeing it (row 4, ``named_trump3``), buries (``bury3``) and plays the
    fifteen tricks by the heuristic.  For each row and bid k, ``stats[row, k]`` adds S3_*:
    deals, made (played and made), and the bidder's net gain over both other players in
    units (each pays ``units[k] * mult[trump]``; he pays each twice that when he fails, once
    when he concedes above his play limit, ``bidding.play_limit3`` with ``concede``), its
    square, conceded; ``totals[row]`` the total's sum and square, the buried points, the
    meld (the total as if played)."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(3, np.uint64)
    deal = np.empty(3, np.uint64)
    hands = np.empty(3, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    total = np.empty(4, np.int64)
    buried_pts = np.empty(4, np.int64)
    meld = np.empty(4, np.int64)
    limit = np.empty(4, np.float64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        full = mine | deal[0]
        named = named_trump3(rules4, full, reuse)
        for t in range(4):
            total[t], meld[t], buried_pts[t], limit[t] = bidder_total3(rules4[t], vals4[t], t, full, deal[1],
                                                                       deal[2], reuse, hands, trace, concede)
        for row in range(5):
            t = row if row < 4 else named
            x = float(total[t])
            totals[row, TOT_SUM] += x
            totals[row, TOT_SUM2] += x * x
            totals[row, TOT_BURIED] += buried_pts[t]
            totals[row, TOT_MELD] += meld[t]
            for k in range(bids.shape[0]):
                conceded = bids[k] > limit[t]
                made = total[t] >= bids[k] and not conceded
                g = float(2 * units[k] * mult[t]) * (-1.0 if conceded else (1.0 if made else -2.0))
                stats[row, k, S3_N] += 1.0
                stats[row, k, S3_MADE] += made
                stats[row, k, S3_EV] += g
                stats[row, k, S3_EV2] += g * g
                stats[row, k, S3_CONCEDED] += conceded


# the three-handed auction question's row statistics (``auction3_chunk``)
H3_EV, H3_EV2, H3_I_BID, H3_I_MADE, H3_THEY_MADE, H3_BID, H3_REDEAL, H3_CONCEDED = range(8)
H3_SIZE = 8
K3_DEALS, K3_DRAWS, K3_MISSED = range(3)      # counters: deals used, hands drawn, deals without a match
K3_SIZE = 3


@njit(cache=True, nogil=True)
def deal3_heard(key, pool, counts, mine, asker, heard, reuse, bids, units, policy, all_pass, max_draws, conditioned,
                fixed, buf, deal, seats, values, v4, state):
    """One deal of the three-handed ``bid`` question with the calls ``heard``: the widow
    (``deal[0]``) and the other two hands dealt from ``pool`` by the deal's ``key``, redealt
    (stream d = 0, 1, ...; at most ``max_draws``) until the policy makes the calls heard
    (``bidding.heard3``; without ``conditioned`` the first deal stands); ``seats`` the three
    hands (the asker's ``mine``), ``values`` each seat's valuation.  ``state``: (a match?,
    the current bid's ladder index or -1, its holder or -1, the passed seats' bits) after
    the calls heard.  Returns the deals drawn."""
    drawn = 0
    state[0] = 0
    for d in range(max_draws):
        drawn += 1
        _deal_into(stream_key(key, d), pool, counts, fixed, buf, deal)
        seats[asker] = mine
        seats[(asker + 1) % 3] = deal[1]
        seats[(asker + 2) % 3] = deal[2]
        for s in range(3):
            valuation(seats[s], policy, reuse, v4)
            values[s] = v4.max()
        cur = -1
        holder = -1
        passed = 0
        seat = 0
        ok = True
        for j in range(heard.shape[0]):
            while (passed >> seat) & 1:
                seat = (seat + 1) % 3
            call = heard[j]
            if conditioned and seat != asker and not heard3(values[seat], cur, seat, call, bids, units, policy,
                                                            all_pass):
                ok = False
                break
            if call < 0:
                passed |= 1 << seat
            else:
                cur = call
                holder = seat
            seat = (seat + 1) % 3
        if ok:
            state[0] = 1
            state[1] = cur
            state[2] = holder
            state[3] = passed
            break
    return drawn


@njit(cache=True, nogil=True)
def auction3_chunk(rules4, vals4, key0, start, n, pool, mine, asker, heard, calls, reuse, bids, units, mult, policy,
                   concede, all_pass, forced_free, max_draws, conditioned, stats, prods, counters):
    """Deals ``start..start+n-1`` of the three-handed ``bid`` question with the auction: the
    asker at seat ``asker`` (0 eldest .. 2 dealer) holds ``mine``; the calls ``heard`` from
    the eldest on (ladder indices into ``bids``, -1 a pass) bring the turn to him.  The
    widow and the other two hands are dealt from ``pool`` and redealt (at most
    ``max_draws`` times; a deal without a match is dropped and counted) until the policy
    (``bidding.heard3``) makes the calls heard -- when ``conditioned``; else the first deal
    stands (the calls still set the auction's state).  For each row r the asker makes
    ``calls[r]`` (a ladder index, -1 a pass), the auction goes on by the policy (his own
    later calls too, ``bidding.auction3``), and the bidder takes the widow, names trump
    (``named_trump3``), buries and plays (``bidder_total3``), or concedes: above his play
    limit (``bidding.play_limit3`` with ``concede``: a single bete), or, a forced eldest
    (he opened at the minimum, which his policy would not have bid, and both others
    passed), before looking at the widow: for nothing with ``forced_free``, else as any
    bidder.  ``stats[r]`` adds H3_*: the asker's net units over both other players (as
    bidder: +2u made, -4u failed, -2u conceded; as a defender: -u when the bidder makes,
    +2u when he fails, +u when he concedes; u = ``units[k] * mult[trump]`` at the bid's
    index k; 0 when redealt or conceded for nothing), its square, how often he bids and
    makes, the other bidder makes, the final bid, redeals, concessions; ``prods[r, q]``
    the products of rows r and q on the same deal and ``prods[r, R]`` (R rows) row r's
    sum, from which ``questions.bid3`` reads each call's paired difference from the best."""
    counts = np.array([3, 15, 15], np.int64)
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(3, np.uint64)
    deal = np.empty(3, np.uint64)
    seats = np.empty(3, np.uint64)
    hands = np.empty(3, np.uint64)
    values = np.empty(3, np.float64)
    v4 = np.empty(4, np.float64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    total = np.empty(3, np.int64)
    trump = np.empty(3, np.int64)
    limit = np.empty(3, np.float64)
    n_rows = calls.shape[0]
    ev = np.empty(n_rows, np.float64)
    state = np.empty(4, np.int64)
    for i in range(n):
        draws = deal3_heard(stream_key(key0, start + i), pool, counts, mine, asker, heard, reuse, bids, units, policy,
                            all_pass, max_draws, conditioned, fixed, buf, deal, seats, values, v4, state)
        counters[K3_DRAWS] += draws
        ok = state[0] == 1
        cur = state[1]
        holder = state[2]
        passed = state[3]
        if not ok:
            counters[K3_MISSED] += 1
            continue
        counters[K3_DEALS] += 1
        for b in range(3):
            total[b] = -1
        for r in range(n_rows):
            call = calls[r]
            p2 = passed
            c2 = cur
            h2 = holder
            if call < 0:
                p2 |= 1 << asker
            else:
                c2 = call
                h2 = asker
            b, k = auction3(values, (asker + 1) % 3, c2, h2, p2, bids, units, policy, all_pass)
            row = stats[r]
            if b < 0:
                ev[r] = 0.0
                row[H3_REDEAL] += 1.0
                continue
            row[H3_BID] += bids[k]
            if b == asker:
                row[H3_I_BID] += 1.0
            if forced_free and forced_free3(b, k, values[0], bids, policy):
                ev[r] = 0.0          # the forced eldest concedes without looking at the widow
                row[H3_CONCEDED] += 1.0
                continue
            if total[b] < 0:
                full = seats[b] | deal[0]
                t = named_trump3(rules4, full, reuse)
                trump[b] = t
                total[b], _, _, limit[b] = bidder_total3(rules4[t], vals4[t], t, full, seats[(b + 1) % 3],
                                                         seats[(b + 2) % 3], reuse, hands, trace, concede)
            g = bidder_units3(bids[k], limit[b], total[b], float(units[k] * mult[trump[b]]))
            conceded = bids[k] > limit[b]
            made = g > 0.0
            row[H3_CONCEDED] += conceded
            if b == asker:
                g = 2.0 * g                  # from each of the other two
                row[H3_I_MADE] += made
            else:
                g = -g
                row[H3_THEY_MADE] += made
            ev[r] = g
            row[H3_EV] += g
            row[H3_EV2] += g * g
        for r in range(n_rows):
            prods[r, n_rows] += ev[r]
            for q in range(n_rows):
                prods[r, q] += ev[r] * ev[q]


@njit(cache=True, nogil=True)
def lead3_chunk(key0, start, n, pool, counts, mine, buried, meld, bid, rules, vals, codes, sums, cross_m, cross_t):
    """The three-handed bidder's opening leads ``codes`` (layout bits) on the same deals,
    the rest played by the heuristic.  He (seat 0) holds ``mine`` (15 cards after the
    burial) and buried ``buried`` (0: unknown, then ``counts[0]`` = 3 cards of ``pool``
    stand for it); the two others hold ``counts[1]`` and ``counts[2]`` cards of ``pool``.
    His total: ``meld`` + the burial's points + his trick points; ``sums[i]``: (deals his
    total reaches ``bid`` with lead ``i``, trick points, their square); ``cross_m`` /
    ``cross_t``: sums of products over the deals (``sim.leads.book``)."""
    buf = np.empty(pool.shape[0], np.int64)
    fixed = np.zeros(3, np.uint64)
    deal = np.empty(3, np.uint64)
    hands = np.empty(3, np.uint64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    nl = codes.shape[0]
    ok = np.zeros(nl, np.int64)
    got = np.zeros(nl, np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        bp = mask_points(vals, buried | deal[0])
        for j in range(nl):
            hands[0] = mine
            hands[1] = deal[1]
            hands[2] = deal[2]
            packed = play_out(rules, vals, hands, np.int64(0), trace, False, np.int64(0), ZERO, np.int64(codes[j]),
                              np.int64(0), np.int64(0), np.int64(0), np.int64(0), None, ZERO, None, None, None, None)
            got[j] = packed >> 4
            ok[j] = 1 if meld + bp + got[j] >= bid else 0
        book(ok, got, sums, cross_m, cross_t)
