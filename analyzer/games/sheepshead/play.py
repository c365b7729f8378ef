"""Sheepshead play-outs in numba: the called-suit duties, heuristic leads and follows for
the picker, the secret partner and the defenders, the leaster, and the batch kernels.

What each seat knows is explicit.  ``fr`` packs, for each seat, the 5-bit mask of the
seats it knows to be on its side: before the called card is played the picker knows only
himself, each defender only himself (the partner could be any of the others), and the
partner knows everything (he holds the called card); once it is played, or when the
picker is alone, everyone knows the sides.  A seat treats a player it does not know to be
a friend as an opponent: it never schmears to him, and counts him as a threat after it.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, above, high_bit, high_index, low_bit, low_index, popcount
from ...sim.constrained import (D_J, D_M, D_W, all_hands, begin_deal, book_deal, deal_scratch, end_deal,
                                first_from_table, keep_fits, mask_of_all, next_hands, settle)
from ...sim.deal import _deal_into
from ...sim.leads import book_products
from ...sim.rng import stream_key
from ...tricks.dd import C_SIZE, MAX_MOVES, MAX_SEATS
from ...tricks.engine import called_card_duties, legal_follow, stronger
from ...tricks.heuristic import lowest_equivalent, rank_pos
from ...tricks.pimc import candidates, choose_each, choose_plain_each
from ...tricks.points import by_key, follow_for_points, mask_points, masters, sure_winners
from ...tricks.tables import F_NO_CALL_UNKNOWN, R_CALLED, R_DECK, R_FLAGS, R_SUIT
from .bidding import (POLICY, W_ALONE, alone_strength, best_bury, callable_cards, choose_bury_call, policy_bury_call,
                      unknown_bury_call, unknown_card, wants_to_pick)
from .dd import DD_RULES, N_CLASSES, class_floors, solve_class
from .deck import HAND_SIZE, N_SEATS, N_TRICKS
from .rules import FAIL, FAIL_ACES, FAIL_ALL, FAIL_TENS, PTS, TRUMP_LANE, TRUMPS, VALS
from .worlds import MODE_PLAIN, MODE_SEE_ALL, _world_targets, seat_worlds

ROLE_PICKER, ROLE_PARTNER, ROLE_DEFENDER = 0, 1, 2
# Roles of one seat in a picked hand, as histogram rows.
OUT_PICKER, OUT_ALONE, OUT_PARTNER, OUT_DEFENDER, OUT_DEFENDER_ALONE = range(5)
N_OUT = 5
# Call kinds: ace of ♠ ♣ ♥, ten of ♠ ♣ ♥, alone, ace of ♠ ♣ ♥ as an unknown (no_call=unknown).
CALL_NAMES = ("AS", "AC", "AH", "TS", "TC", "TH", "alone", "AS unknown", "AC unknown", "AH unknown")
CALL_ALONE = 6
CALL_UNKNOWN = 7
MODE_POLICY, MODE_CALL, MODE_ALONE = 0, 1, 2
MODE_UNKNOWN = 4        # or-ed into a mode: with no legal call, call an unknown (no_call=unknown)
ALL_SEATS = (1 << N_SEATS) - 1
TRACE_COLS = 4          # trick, seat, layout bit, lane led
FIGHT = np.array([0, 10], np.int64)   # trick points worth a high trump: defenders, picker side
# Leaster keys (smallest first): fewest points then the strongest; most points then the
# strongest; shed power taking few points; the lowest.
_RANK = np.arange(64) & 15
L_FEW_POINTS = 16 * PTS - _RANK
L_MANY_POINTS = -4 * PTS - _RANK
L_SHED_POWER = PTS - 4 * _RANK
L_LOWEST = 2 * PTS + _RANK


def _after_table():
    after = np.zeros((N_SEATS, N_SEATS), np.int64)
    for leader in range(N_SEATS):
        for pos in range(N_SEATS):
            for later in range(pos + 1, N_SEATS):
                after[leader, pos] |= 1 << ((leader + later) % N_SEATS)
    return after


AFTER = _after_table()      # (leader, position) -> seats still to play after that position


# ----------------------------------------------------------------------------- legality
@njit(cache=True, forceinline=True)
def unknown_legal(rules, hand, unknown, leading, led, best, cs):
    """The legal cards of the picker while he holds his face-down ``unknown`` card (option
    no_call=unknown; see ``rules``): it is played when the called suit (lane ``cs``) is
    first led, and otherwise only as his last card; his other cards follow the usual rules
    without it (he holds no other card of the called suit, so no duty applies to them)."""
    if not leading and led == cs:
        return unknown
    rest = hand & ~unknown
    if rest == ZERO:
        return unknown
    if leading:
        return rest
    return legal_follow(rules, rest, led, best)


@njit(cache=True)
def legal_moves(rules, hand, leading, led, best, called, cs, hold_duty, last, unknown=ZERO):
    """Every legal card of ``hand``: follow suit (trumps one suit), then the called-suit
    duties (``engine.called_card_duties``).  cs: the called suit's lane, or -1;
    hold_duty: the hand is the picker's and the called suit was not led before;
    unknown: the picker's face-down card while he holds it (``unknown_legal``), else 0."""
    if hand & unknown:
        return unknown_legal(rules, hand, unknown, leading, led, best, cs)
    cs_mask = rules[R_SUIT + cs] if cs >= 0 else ZERO
    if leading:
        return called_card_duties(hand, hand, True, False, called, cs_mask, hold_duty, last)
    legal = legal_follow(rules, hand, led, best)
    return called_card_duties(hand, legal, False, cs >= 0 and led == cs, called, cs_mask, hold_duty, last)


@njit(cache=True, forceinline=True)
def takes(card, best, led_mask):
    """Does ``card`` take the trick from ``best``?  Trumps are the top lane, so a card of
    the suit led or a trump wins exactly when it is the larger number."""
    return (card & (led_mask | TRUMPS)) != ZERO and card > best


@njit(cache=True, forceinline=True)
def winners(cards, best, led_mask):
    """The cards of ``cards`` that would take the trick from ``best``."""
    return cards & (led_mask | TRUMPS) & above(best)


# ----------------------------------------------------------------------------- leads
@njit(cache=True, forceinline=True)
def cash_master_fail(rules, cards, unseen, foe_voids):
    """A fail card no unseen card beats, in a suit no opponent has shown void in (or with
    no trump left out)."""
    out_trumps = unseen & TRUMPS
    for lane in range(3):
        m = cards & FAIL[lane]
        if m:
            top = masters(rules, m, FAIL[lane], unseen)
            if top and (out_trumps == ZERO or not ((foe_voids >> lane) & 1)):
                return lowest_equivalent(high_bit(top), m, FAIL[lane], unseen)
    return ZERO


@njit(cache=True, forceinline=True)
def short_low(hand, cards):
    """The lowest card of the suit (lane) of ``cards`` that ``hand`` is shortest in."""
    best = ZERO
    best_key = np.int64(1) << 40
    for lane in range(4):
        m = cards & (TRUMPS if lane == TRUMP_LANE else FAIL[lane])
        if m:
            c = low_bit(m)
            key = popcount(hand & (TRUMPS if lane == TRUMP_LANE else FAIL[lane])) * 64 + rank_pos(c)
            if key < best_key:
                best_key = key
                best = c
    return best


@njit(cache=True, forceinline=True)
def lead_card(rules, hand, legal, role, unseen, cs, cs_open, foe_voids, called):
    """Choose a lead.  Picker and partner draw trumps (a master, or the picker's highest
    with three or more; the partner leads trump whenever he can: 'partner leads trump'),
    then cash fail masters; the picker then leads his hold card to find the partner.
    Defenders lead the called suit while it is unopened, cash fail masters the picker is
    not known to ruff, then lead low from their shortest fail suit, trumps last."""
    trumps = legal & TRUMPS
    if role == ROLE_DEFENDER:
        if cs >= 0 and not cs_open:
            m = legal & FAIL[cs]
            if m:
                return low_bit(m)
        c = cash_master_fail(rules, legal, unseen, foe_voids)
        if c:
            return c
        fail = legal & FAIL_ALL
        if fail:
            return short_low(hand, fail)
        m = masters(rules, trumps, TRUMPS, unseen)
        return low_bit(m) if m else low_bit(trumps)
    if trumps and (unseen & TRUMPS):
        m = masters(rules, trumps, TRUMPS, unseen)
        if m:
            return low_bit(m)
        if role == ROLE_PARTNER or popcount(trumps) >= 3:
            return lowest_equivalent(high_bit(trumps), trumps, TRUMPS, unseen)
    cashable = legal
    if called & legal and (unseen & TRUMPS):
        cashable &= ~called                 # the called ace would likely be trumped
    c = cash_master_fail(rules, cashable, unseen, foe_voids)
    if c:
        return c
    if role == ROLE_PICKER and cs >= 0 and not cs_open:
        m = legal & FAIL[cs]
        if m:
            return low_bit(m)
    fail = legal & FAIL_ALL & ~called
    if fail:
        return short_low(hand, fail)
    if trumps:
        return low_bit(trumps)
    return low_bit(legal)


@njit(cache=True, forceinline=True)
def cheap_trump(win_trumps, following, led, trick_points, fight, no_foe_to_beat):
    """The lowest winning trump when a foe is winning and another may still play (else
    0: ``follow_for_points`` decides): void in a fail suit led, ruff low rather than
    discard, spend a master or fight with the highest trump; on a trump lead worth
    ``fight``, overtake with the lowest trump that wins.  (Against single-dummy play in
    duplicate matches these cheap trumps cost the heuristic least: see
    docs/performance.md, "Sheepshead: heuristic against single-dummy play".)"""
    if win_trumps == ZERO or no_foe_to_beat:
        return ZERO
    if led != TRUMP_LANE:
        return low_bit(win_trumps) if following == ZERO else ZERO
    return low_bit(win_trumps) if trick_points >= fight else ZERO


# ----------------------------------------------------------------------------- picked hands
@njit(cache=True, forceinline=True)
def _log(trace, row, t, seat, card, led):
    trace[row, 0] = t
    trace[row, 1] = seat
    trace[row, 2] = low_index(card)
    trace[row, 3] = led


@njit(cache=True, forceinline=True)
def heuristic_card(rules, hands, seat, pos, leader, picker, partner, side, fr, voids, played, bury, unknown, cs,
                   cs_open, called, cs_mask, last, led, best, winner, trick_points):
    """(legal cards, the heuristic players' card) for ``seat`` at a position of
    ``play_called`` (its state as there; ``led``, ``best``, ``winner`` and
    ``trick_points`` describe the trick when following)."""
    deck = rules[R_DECK]
    hand = hands[seat]
    if pos == 0:
        legal = hand
        if hand & unknown:
            legal = unknown_legal(rules, hand, unknown, True, 0, ZERO, cs)
        elif not cs_open:
            legal = called_card_duties(hand, hand, True, False, called, cs_mask, False, last)
        if legal & (legal - ONE):
            unseen = deck & ~played & ~hand
            if seat == picker:
                unseen &= ~bury
            role = ROLE_PICKER if seat == picker else (ROLE_PARTNER if seat == partner else ROLE_DEFENDER)
            friends = (fr >> (5 * seat)) & ALL_SEATS
            foe_voids = 0
            for lane in range(4):
                if (voids >> (5 * lane)) & ~friends & ALL_SEATS:
                    foe_voids |= 1 << lane
            card = lead_card(rules, hand, legal, role, unseen, cs, cs_open, foe_voids, called)
        else:
            card = legal
        return legal, card
    led_mask = rules[R_SUIT + led]
    if hand & unknown:
        legal = unknown_legal(rules, hand, unknown, False, led, best, cs)
    else:
        legal = legal_follow(rules, hand, led, best)
        if not cs_open:
            legal = called_card_duties(hand, legal, False, led == cs, called, cs_mask, seat == picker, last)
    if legal & (legal - ONE):
        unseen = deck & ~played & ~hand
        if seat == picker:
            unseen &= ~bury
        friends = (fr >> (5 * seat)) & ALL_SEATS
        foes = AFTER[leader, pos] & ~friends
        ruff_threat = led != TRUMP_LANE and (foes & (voids >> (5 * led)) & ~(voids >> (5 * TRUMP_LANE))) != 0
        # a defender who does not know the partner yet: a trick won by a seat other than
        # the picker, after the picker has played, is two to one a fellow defender's
        probable = (seat != picker and friends == (1 << seat) and winner != picker
                    and not ((AFTER[leader, pos] >> picker) & 1))
        friend_winning = ((friends >> winner) & 1) != 0 or probable
        secure = False
        if friend_winning:
            if foes == 0:
                secure = True
            else:
                lane_cards = TRUMPS if best & TRUMPS else rules[R_SUIT + led]
                secure = ((unseen & lane_cards & stronger(rules, best)) == ZERO
                          and ((best & TRUMPS) != ZERO or not ruff_threat))
        if probable and not secure:
            friend_winning = False          # schmear to it only when it holds; else as before
        win = winners(legal, best, led_mask)
        card = cheap_trump(win & TRUMPS, legal & led_mask, led, trick_points, FIGHT[(side >> seat) & 1],
                           friend_winning or foes == 0)
        if card == ZERO:
            card = follow_for_points(rules, VALS, hand & ~unknown, legal, win, led, trick_points,
                                     FIGHT[(side >> seat) & 1], friend_winning, secure, foes != 0, ruff_threat,
                                     unseen)
    else:
        card = legal
    return legal, card


@njit(cache=True, nogil=True)
def play_out(rules, hands, leader, picker, partner, called, bury, pimc_seats, n_worlds, mode, lines, key, tt, stats,
             genbox, trace, record):
    """Play six tricks of a picked hand, the one trick loop of Sheepshead for every play
    model; ``hands`` (5 layout masks, the picker's after his bury) is modified.  partner:
    the seat holding ``called`` (-1 and called 0: alone).  A call of a suit the picker
    holds no card of is an unknown call (no_call=unknown): he sets
    ``bidding.unknown_card`` face down (``unknown_legal``); it never takes a trick.
    Returns the picker side's card points (bury included) * 8 + its tricks.  With
    ``record``, ``trace`` (30 x 4) gets the play.  Each card is the heuristic's
    (``heuristic_card``), except:

    Single-dummy play (``pimc``), when the solver's table ``tt`` is given (None: compiled
    without it): the seats of ``pimc_seats`` (mask) decide from ``n_worlds`` sampled
    layouts (``worlds``); ``key`` seeds the worlds (one stream per card played);
    ``genbox`` (int64, >= 1) carries the solver table's generation.  ``mode``:
    MODE_SAMPLE; MODE_SEE_ALL, the one world is the true deal (the threshold's
    double-dummy play, for tests); MODE_PLAIN, the same worlds decided by
    ``tricks.pimc.choose_plain_each`` (every legal card, exact values: the benchmark's
    baseline).  ``lines``: LINES_61, or LINES_ALL (then the open schneider line)."""
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
            pimc_seats = 0            # an unknown call: not modelled (pimc's docstring)
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
    if tt is not None:        # the single-dummy state (None: compiled without it)
        r = DD_RULES.copy()
        r[R_CALLED] = called
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
            if tt is not None and ((pimc_seats >> seat) & 1) and (legal & (legal - ONE)) and not last:
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
                    if tt is not None:
                        vseat[seat] |= 1 << led
                if takes(card, best, led_mask) and not (card & unknown):
                    best = card
                    winner = seat
            if tt is not None and led == cs and not cs_open and card != called and called != ZERO:
                excl[seat] |= called                 # the partner would have had to play it
            trick_points += VALS[0, low_index(card)]
            if card == called:                   # the partner is revealed
                fr = revealed_fr
                if tt is not None:
                    revealed = seat
            hands[seat] = hand & ~card
            played |= card
            trick |= card
            if record:
                _log(trace, row, t, seat, card, led)
                row += 1
            seat = seat + 1 if seat < N_SEATS - 1 else 0
        if led == cs:
            cs_open = True
        if tt is not None:
            won[t] = winner
            tpts[t] = trick_points
        if (side >> winner) & 1:
            points += trick_points
            tricks += 1
        leader = winner
    return points * 8 + tricks


@njit(cache=True)
def play_called(rules, hands, leader, picker, partner, called, bury, trace, record):
    """Six tricks of a picked hand by the heuristic at every seat (``play_out`` compiled
    without the single-dummy code): the picker side's card points (bury included) * 8 +
    its tricks."""
    return play_out(rules, hands, leader, picker, partner, called, bury, np.int64(0), np.int64(0), np.int64(0),
                    np.int64(0), ZERO, None, None, None, trace, record)


@njit(cache=True)
def take_blind(hands, blind, picker, mode, info):
    """The picker takes the blind, buries and calls by the policy; returns the bury.

    mode: MODE_POLICY (call; alone when overwhelming), MODE_CALL (call; alone only when no
    call is legal) or MODE_ALONE; or-ed with MODE_UNKNOWN (no_call=unknown), a picker with
    no legal call calls an unknown (``bidding.unknown_bury_call``) where he would otherwise
    go alone for want of a call (MODE_POLICY: unless his six kept alone are overwhelming).
    ``hands[picker]`` becomes his six cards.  info[0] <-
    partner seat (-1 alone), info[1] <- call kind (CALL_NAMES index), info[2] <- the
    called card's bit (-1).
    """
    hand8 = hands[picker] | blind
    base = mode & 3
    if base == MODE_ALONE:
        bury, _ = best_bury(hand8, ZERO, POLICY)
        called = ZERO
    elif base == MODE_CALL:
        bury, called = choose_bury_call(hand8, POLICY)
    else:
        bury, called = policy_bury_call(hand8, POLICY)
    if (mode & MODE_UNKNOWN) and base != MODE_ALONE and called == ZERO and callable_cards(hand8) == ZERO:
        u_bury, u_called = unknown_bury_call(hand8, POLICY)
        if u_called and (base == MODE_CALL or alone_strength(hand8 & ~bury) < POLICY[W_ALONE]):
            bury = u_bury
            called = u_called
    hands[picker] = hand8 & ~bury
    partner = -1
    kind = CALL_ALONE
    if called:
        for s in range(N_SEATS):
            if hands[s] & called:
                partner = s
        lane = high_index(called) >> 4
        kind = lane + (3 if called & FAIL_TENS else 0)
        if not (hands[picker] & FAIL[lane]):
            kind = CALL_UNKNOWN + lane
    info[0] = partner
    info[1] = kind
    info[2] = high_index(called) if called else -1
    return bury


@njit(cache=True, forceinline=True)
def unknown_mode(rules):
    """MODE_UNKNOWN when the rule vector carries no_call=unknown, else 0."""
    return MODE_UNKNOWN if rules[R_FLAGS] & F_NO_CALL_UNKNOWN else 0


@njit(cache=True)
def pick_and_play(rules, hands, blind, picker, mode, info, trace, record):
    """``take_blind`` then the heuristic play-out (``hands`` is modified); returns the
    picker side's points * 8 + tricks."""
    bury = take_blind(hands, blind, picker, mode | unknown_mode(rules), info)
    called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
    return play_called(rules, hands, 0, picker, info[0], called, bury, trace, record)


@njit(cache=True)
def play_picked(rules, hands, picker, info, bury, trace, dd, tt, stats, work):
    """Play out a picked hand (after ``take_blind``): heuristic, or double-dummy (``dd``,
    with the solver's table ``tt``), when the result is the representative points of the
    picker side's scoring class (``dd.solve_class``) and its trick class read off them.
    A None ``tt`` compiles the kernel without the solver (heuristic play only).
    Returns points * 8 + tricks (tricks 0 or 6 only when the class says so)."""
    called = (ONE << np.uint64(info[2])) if info[2] >= 0 else ZERO
    if tt is None or not dd:
        return play_called(rules, hands, 0, picker, info[0], called, bury, trace, False)
    bury_points = mask_points(VALS, bury)
    work_hands = hands.copy()
    guess = (play_called(rules, work_hands, 0, picker, info[0], called, bury, trace, False) >> 3) - bury_points
    k = solve_class(DD_RULES, hands, picker, info[0], called, bury_points, guess, tt, stats, work)
    points = bury_points + class_floors(bury_points)[k]
    tricks = 0 if k == 0 else (N_TRICKS if k == N_CLASSES - 1 else 3)
    return points * 8 + tricks


# ----------------------------------------------------------------------------- leaster
@njit(cache=True, forceinline=True)
def leaster_lead(rules, hand, unseen):
    """Lead the low card with the most unseen cards above it (someone else should win)."""
    best = ZERO
    best_key = np.int64(-1)
    for lane in range(4):
        m = hand & rules[R_SUIT + lane]
        if m:
            c = low_bit(m)
            key = 16 * popcount(unseen & rules[R_SUIT + lane] & above(c)) + PTS[low_index(c)] // 4
            if key > best_key:
                best_key = key
                best = c
    return best


@njit(cache=True, forceinline=True)
def leaster_follow(rules, hand, legal, win, led, trick_points, need_trick, last, final, unseen):
    """A player without a trick takes a cheap one when he can (as the last to play, or a
    sure winner late in the hand); otherwise everyone ducks with the highest card that
    still loses, and throws points and power when void."""
    if legal & (legal - ONE) == ZERO:
        return legal
    if need_trick and win:
        if last and (trick_points <= 10 or final):
            return by_key(L_FEW_POINTS, win)         # fewest points, then the strongest
        if final:
            return high_bit(win)
        sure = sure_winners(rules, win, led, unseen, True)
        if sure and trick_points <= 10:
            return by_key(L_FEW_POINTS, sure)
    safe = legal & ~win
    if safe:
        following = safe & rules[R_SUIT + led]
        if following:
            return high_bit(following)
        return by_key(L_MANY_POINTS, safe)            # most points, then the strongest
    if last:
        return by_key(L_SHED_POWER, win)              # taking it anyway: shed power, few points
    return by_key(L_LOWEST, win)                   # lowest, hoping to be overtaken


@njit(cache=True)
def play_leaster(rules, hands, blind, blind_first, points, tricks, trace, record):
    """Play a leaster (seat 0 leads); ``points``/``tricks`` (5) receive each seat's totals,
    the blind going to the winner of the last trick (or the first)."""
    if record:
        trace[:, :] = -1
    deck = rules[R_DECK]
    points[:] = 0
    tricks[:] = 0
    blind_points = mask_points(VALS, blind)
    played = ZERO
    leader = 0
    row = 0
    for t in range(N_TRICKS):
        best = ZERO
        winner = leader
        led = 0
        trick_points = 0
        seat = leader
        for pos in range(N_SEATS):
            hand = hands[seat]
            unseen = deck & ~played & ~hand
            if pos == 0:
                card = leaster_lead(rules, hand, unseen)
                led = high_index(card) >> 4
                led_mask = rules[R_SUIT + led]
                best = card
            else:
                legal = legal_follow(rules, hand, led, best)
                card = leaster_follow(rules, hand, legal, winners(legal, best, led_mask), led, trick_points,
                                      tricks[seat] == 0, pos == N_SEATS - 1, t == N_TRICKS - 1, unseen)
                if takes(card, best, led_mask):
                    best = card
                    winner = seat
            trick_points += PTS[low_index(card)]
            hands[seat] = hand & ~card
            played |= card
            if record:
                _log(trace, row, t, seat, card, led)
                row += 1
            seat = seat + 1 if seat < N_SEATS - 1 else 0
        if t == (0 if blind_first else N_TRICKS - 1):
            trick_points += blind_points
        points[winner] += trick_points
        tricks[winner] += 1
        leader = winner
    return 0


@njit(cache=True)
def leaster_class(points, tricks, seat):
    """0 if ``seat`` lost the leaster, else k: it is one of k tied winners."""
    if tricks[seat] == 0:
        return 0
    low = 1 << 20
    for s in range(N_SEATS):
        if tricks[s] > 0 and points[s] < low:
            low = points[s]
    if points[seat] != low:
        return 0
    k = 0
    for s in range(N_SEATS):
        if tricks[s] > 0 and points[s] == low:
            k += 1
    return k


# ----------------------------------------------------------------------------- batches
@njit(cache=True, forceinline=True)
def _record(hist, opt, role, packed, w):
    """Book a picked hand's result ``packed`` (points << 3 | tricks) for ``role`` in
    ``hist[opt]``; returns the cell (points, trick class)."""
    points = packed >> 3
    tricks = packed & 7
    tclass = 0 if tricks == 0 else (2 if tricks == N_TRICKS else 1)
    hist[opt, role, points, tclass] += w
    return points, tclass


@njit(cache=True, forceinline=True)
def _record_value(hist, opt, role, packed, w, grids):
    """``_record``, and the asking player's score in the cell (``grids``: the roles'
    integer score grids in ``survey.score_grids``' layout)."""
    points, tclass = _record(hist, opt, role, packed, w)
    return grids[role, points, tclass]


@njit(cache=True, forceinline=True)
def _earlier_pick(hands, asker, thresholds):
    for s in range(asker):
        if wants_to_pick(hands[s], s, thresholds):
            return True
    return False


PICK_OPT, ALONE_OPT, PASS_OPT = 0, 1, 2
N_PICK_OPTS = 3
LEASTER_CLASSES = 7     # 0 lost, k = 1..5 one of k tied winners, 6 redeal (doubler)


@njit(cache=True)
def passing_hands(pool, seat, thresholds, out):
    """Every hand of the cards ``pool`` that ``seat`` would pass with into ``out``
    (``sim.constrained.table_size`` long); returns how many (``sim.constrained``'s
    first-seat table)."""
    count = all_hands(pool, HAND_SIZE, out)
    fit = np.empty(count, np.bool_)
    for c in range(count):
        fit[c] = not wants_to_pick(out[c], seat, thresholds)
    return keep_fits(out, fit, count)


@njit(cache=True)
def deal_passed(state, pool, hands, sizes, constrained, free, table, scratch, thresholds):
    """Deal ``pool`` (layout bits) to the seats ``constrained`` (in order; each hand must
    be one its seat would pass with: ``not wants_to_pick``) and then to the seats
    ``free``, ``sizes[s]`` cards each, by the shared loop of ``sim.constrained``
    (``scratch``: its ``deal_scratch``; ``table``, unless empty: the first constrained
    seat's passing hands, ``passing_hands``).  Returns (the deal state, ``D_W`` the
    weight; the cards left over, the blind if any)."""
    rem, cand, fit, deal = scratch
    begin_deal(pool, rem, deal)
    if table.shape[0]:
        state = first_from_table(rem, hands, sizes, constrained, deal, table, state)
    while True:
        count, state = next_hands(rem, sizes, constrained, deal, cand, state)
        if count == 0:
            break
        s = constrained[deal[D_J]]
        for c in range(count):
            fit[c] = not wants_to_pick(cand[c], s, thresholds)
        state = settle(rem, hands, sizes, constrained, deal, cand, fit, count, state)
    end_deal(rem, hands, sizes, free, deal, state)
    return deal, mask_of_all(rem, deal[D_M])


@njit(cache=True, forceinline=True)
def pick_scratch(pool, batch):
    """The scratch of a pick question's kernel: (``deal_passed``'s scratch, the hands, a
    copy to play, take_blind's info, a leaster's points and tricks per seat)."""
    return (deal_scratch(pool, batch), np.empty(N_SEATS, np.uint64), np.empty(N_SEATS, np.uint64),
            np.empty(3, np.int64), np.empty(N_SEATS, np.int64), np.empty(N_SEATS, np.int64))


@njit(cache=True, nogil=True)
def pick_chunk(rules, key0, start, n, pool, sizes, asker, my_hand, constrained, free, table, thresholds,
               doubler, blind_first, batch, hist, leaster, calls, counters, grids, lvals, prods, dd, tt, stats):
    """Deals ``start..start+n-1`` for the pick question; seat ``asker`` holds ``my_hand``.

    The question arises only if every earlier seat passed: the seats ``constrained``
    (0 .. asker-1, in the order dealt) hold hands they would pass with (by the policy),
    the seats ``free`` and the blind share the rest (``deal_passed``: exact weighted
    deals; ``table``: the first one's passing hands, or empty; ``batch`` hands drawn for
    each constrained seat after the first; ``counters``, ``sim.constrained``'s C_SIZE,
    book them).  On each deal, three options from the asker's seat: pick (policy bury and
    call), pick alone, pass (later seats decide by the policy; nobody: leaster or redeal).
    Every statistic adds the deal's weight w: hist[opt, out role, points, trick class],
    leaster[opt, class], calls[opt, call kind]; ``prods`` the products of every two
    options' scores for the asker (``grids``: the roles' score grids, ``lvals`` the
    leaster classes', integers; ``sim.leads.book_products``).  ``dd``: picked hands are solved
    double-dummy (``play_picked``; leasters stay heuristic).
    """
    scratch, hands, work, info, lpts, ltr = pick_scratch(pool, batch)
    trace = np.empty((1, TRACE_COLS), np.int64)
    gen = np.zeros(8, np.int64)
    unk = unknown_mode(rules)
    vals = np.zeros(N_PICK_OPTS, np.int64)
    for i in range(n):
        hands[asker] = my_hand
        deal, blind = deal_passed(stream_key(key0, start + i), pool, hands, sizes, constrained, free, table,
                                  scratch, thresholds)
        if not book_deal(counters, deal):
            continue
        w = deal[D_W]
        for opt in range(2):
            work[:] = hands
            bury = take_blind(work, blind, asker, (MODE_CALL | unk) if opt == PICK_OPT else MODE_ALONE, info)
            packed = play_picked(rules, work, asker, info, bury, trace, dd, tt, stats, gen)
            vals[opt] = _record_value(hist, opt, OUT_PICKER if info[0] >= 0 else OUT_ALONE, packed, w, grids)
            calls[opt, info[1]] += w
        picker = -1
        for s in range(asker + 1, N_SEATS):
            if wants_to_pick(hands[s], s, thresholds):
                picker = s
                break
        if picker >= 0:
            work[:] = hands
            bury = take_blind(work, blind, picker, MODE_POLICY | unk, info)
            packed = play_picked(rules, work, picker, info, bury, trace, dd, tt, stats, gen)
            if info[0] < 0:
                role = OUT_DEFENDER_ALONE
            elif info[0] == asker:
                role = OUT_PARTNER
            else:
                role = OUT_DEFENDER
            vals[PASS_OPT] = _record_value(hist, PASS_OPT, role, packed, w, grids)
            calls[PASS_OPT, info[1]] += w
        elif doubler:
            leaster[PASS_OPT, LEASTER_CLASSES - 1] += w
            vals[PASS_OPT] = 0
        else:
            work[:] = hands
            play_leaster(rules, work, blind, blind_first, lpts, ltr, trace, False)
            k = leaster_class(lpts, ltr, asker)
            leaster[PASS_OPT, k] += w
            vals[PASS_OPT] = lvals[k]
        book_products(prods, vals, w)


@njit(cache=True, forceinline=True)
def called_partner(work, hands, picker, hand8, bury, called, info):
    """The hands of a picked deal of the bury question into ``work``: ``hands`` with the
    picker's 8 cards ``hand8`` less ``bury``; ``info`` as ``take_blind`` leaves it: [0] the
    seat holding ``called`` (-1 alone: ``called`` 0), [2] its layout bit (-1 alone)."""
    work[:] = hands
    work[picker] = hand8 & ~bury
    partner = -1
    if called:
        for s in range(N_SEATS):
            if work[s] & called:
                partner = s
    info[0] = partner
    info[2] = high_index(called) if called else -1


@njit(cache=True, nogil=True)
def bury_chunk(rules, key0, start, n, pool, sizes, asker, hand8, constrained, free, table, thresholds,
               buries, called, batch, hist, counters, grids, prods, dd, tt, stats):
    """Deals for the bury question: seat ``asker`` has picked and holds ``hand8``; the
    earlier seats ``constrained`` hold hands they would pass with, the seats ``free`` the
    rest (``deal_passed``, weighted; ``counters`` books the dealing).  For every option o
    (bury ``buries[o]``, call ``called[o]``, 0 = alone) the hand is played:
    hist[o, out role (picker or alone), points, trick class] += the deal's weight
    (``dd``: solved double-dummy, see ``play_picked``), and the products of every two
    options' scores (``grids``, ``sim.leads.book_products``) into ``prods``."""
    scratch = deal_scratch(pool, batch)
    hands = np.empty(N_SEATS, np.uint64)
    work = np.empty(N_SEATS, np.uint64)
    info = np.empty(3, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    gen = np.zeros(8, np.int64)
    vals = np.zeros(buries.shape[0], np.int64)
    for i in range(n):
        hands[asker] = ZERO
        deal, _ = deal_passed(stream_key(key0, start + i), pool, hands, sizes, constrained, free, table,
                              scratch, thresholds)
        if not book_deal(counters, deal):
            continue
        w = deal[D_W]
        for o in range(buries.shape[0]):
            called_partner(work, hands, asker, hand8, buries[o], called[o], info)
            packed = play_picked(rules, work, asker, info, buries[o], trace, dd, tt, stats, gen)
            vals[o] = _record_value(hist, o, OUT_PICKER if info[0] >= 0 else OUT_ALONE, packed, w, grids)
        book_products(prods, vals, w)


@njit(cache=True, nogil=True)
def hand_chunk(rules, key0, start, n, pool, counts, thresholds, doubler, blind_first, hist, leaster,
               calls, pickers):
    """Whole hands from a full random deal (slots: blind, seats 0..4): the picking round,
    bury and call by the policy, six tricks or a leaster (the benchmark's unit, and
    self-play statistics): ``hist[0, picker's role (called or alone), points, trick
    class]``, seat 0's leaster class, the calls, and ``pickers[seat]`` (5: nobody)."""
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    hands = np.empty(N_SEATS, np.uint64)
    info = np.empty(3, np.int64)
    lpts = np.empty(N_SEATS, np.int64)
    ltr = np.empty(N_SEATS, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        blind = deal[0]
        for s in range(N_SEATS):
            hands[s] = deal[1 + s]
        picker = -1
        for s in range(N_SEATS):
            if wants_to_pick(hands[s], s, thresholds):
                picker = s
                break
        if picker >= 0:
            pickers[picker] += 1
            packed = pick_and_play(rules, hands, blind, picker, MODE_POLICY, info, trace, False)
            _record(hist, 0, OUT_PICKER if info[0] >= 0 else OUT_ALONE, packed, 1)
            calls[0, info[1]] += 1
        else:
            pickers[N_SEATS] += 1
            if doubler:
                leaster[0, LEASTER_CLASSES - 1] += 1
            else:
                play_leaster(rules, hands, blind, blind_first, lpts, ltr, trace, False)
                leaster[0, leaster_class(lpts, ltr, 0)] += 1
