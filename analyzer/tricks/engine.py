"""Legal moves and trick winners for every trick game, read from a rule vector.

All functions take single-bit masks for cards and are inlined into the game kernels.
As in ``tricks.heuristic``, each rule-vector function has a *core* taking the rule
values it reads as scalars, for play loops that read the vector once (numba counts
references to an array at every inlined use, which costs as much as the decision).
"""

import numpy as np
from numba import njit

from ..bits import ONE, ZERO, above, high_index
from .tables import (F_FREE_LEAD_LAST, F_FREE_MUST_PLAY, F_FREE_NAME_NOT_VOID, F_HEAD_LED, F_MUST_HEAD, F_MUST_OVERTRUMP, F_MUST_TRUMP, R_DUP_SHIFT,
                     R_FLAGS, R_FREE, R_SUIT, R_TRUMP, R_UNKNOWN)


@njit(cache=True, forceinline=True)
def lane_cards(rules, lanes):
    """The cards of the effective suits in the 4-bit mask ``lanes`` (a seat's voids: the
    cards a single-dummy world may not give it)."""
    m = ZERO
    for s in range(4):
        if (lanes >> s) & 1:
            m |= rules[R_SUIT + s]
    return m


@njit(cache=True, forceinline=True)
def suit_core(suits, card):
    """``suit_of`` with the four suit masks given as a tuple."""
    for s in range(4):
        if suits[s] & card:
            return s
    return -1


@njit(cache=True, forceinline=True)
def suit_of(rules, card):
    """Effective suit 0..3 of a card, or -1 for a card of no suit (a free joker).  (Not
    through ``suit_core``: the solver reads the masks one at a time, as far as needed.)"""
    for s in range(4):
        if rules[R_SUIT + s] & card:
            return s
    return -1


@njit(cache=True, forceinline=True)
def stronger_core(shift, card):
    """``stronger`` with the rule vector's R_DUP_SHIFT given."""
    if shift == ZERO:
        return above(card)
    top = high_index(card) | 1
    return above(ONE << np.uint64(top))


@njit(cache=True, forceinline=True)
def stronger(rules, card):
    """Mask of positions whose power is strictly above ``card``'s (identical copies tie)."""
    return stronger_core(rules[R_DUP_SHIFT], card)


@njit(cache=True, forceinline=True)
def beats_core(trump, suit, shift, card, best):
    """``beats`` with the trump mask, the led suit's mask and R_DUP_SHIFT given."""
    if card & trump:
        if not (best & trump):
            return True
        return (stronger_core(shift, best) & card) != ZERO
    if best & trump:
        return False
    if card & suit:
        return (stronger_core(shift, best) & card) != ZERO
    return False


@njit(cache=True, forceinline=True)
def beats(rules, card, best, led):
    """Does ``card``, played after ``best``, take over the trick? Ties keep the first."""
    return beats_core(rules[R_TRUMP], rules[R_SUIT + led], rules[R_DUP_SHIFT], card, best)


@njit(cache=True, forceinline=True)
def legal_follow(rules, hand, led, best):
    """Cards of ``hand`` that may be played to a trick whose suit is ``led`` and best card
    ``best`` (for F_HEAD_LED, see ``legal_follow_lead``)."""
    return legal_follow_lead(rules, hand, led, best, best)


@njit(cache=True, forceinline=True)
def legal_follow_lead(rules, hand, led, best, lead):
    """``legal_follow`` knowing the card led, ``lead``: under F_HEAD_LED (with
    F_MUST_HEAD) a follower must beat the card led if able, whatever was played since."""
    return legal_core(rules[R_SUIT + led], rules[R_TRUMP], rules[R_FREE], rules[R_FLAGS],
                      rules[R_DUP_SHIFT], hand, best, lead)


@njit(cache=True, forceinline=True)
def legal_core(suit, trump, free, flags, shift, hand, best, lead):
    """``legal_follow_lead`` with the led suit's mask and the rule values given."""
    follow = hand & suit
    if follow:
        if flags & F_MUST_HEAD:
            if flags & F_HEAD_LED:
                higher = follow & stronger_core(shift, lead)
                if higher:
                    return higher
            elif not (best & trump & ~suit):
                # Pinochle: head the trick, unless a plain-suit lead has already been trumped.
                higher = follow & stronger_core(shift, best)
                if higher:
                    return higher
        return follow
    mine = hand & free
    if mine and (flags & F_FREE_MUST_PLAY):
        return mine
    if flags & F_MUST_TRUMP:
        trumps = hand & trump
        if trumps:
            if (flags & F_MUST_OVERTRUMP) and (best & trump):
                higher = trumps & stronger_core(shift, best)
                if higher:
                    return higher
            return trumps
    return hand


@njit(cache=True, forceinline=True)
def shown_out(rules, card, led, best, lead):
    """The cards a player cannot hold, seen from its playing ``card`` to a trick of suit
    ``led`` (best card so far ``best``, card led ``lead``) under the duties of
    ``legal_follow_lead``: what single-dummy worlds may not give it.  A discard shows the
    suit led (and under F_MUST_TRUMP the trumps) gone, a follower that did not head the
    trick shows no higher card of the suit, a trump that did not over-trump no higher
    trump.  Exact: a card of the result added to a hand that may play ``card`` would
    forbid it (``tests/test_shown_out.py``)."""
    suit = rules[R_SUIT + led]
    trump = rules[R_TRUMP]
    free = rules[R_FREE]
    flags = rules[R_FLAGS]
    shift = rules[R_DUP_SHIFT]
    if card & suit:
        if flags & F_MUST_HEAD:
            if flags & F_HEAD_LED:
                higher = stronger_core(shift, lead)
            elif not (best & trump & ~suit):
                higher = stronger_core(shift, best)
            else:
                return ZERO
            if not (card & higher):
                return suit & higher
        return ZERO
    out = suit
    if card & free:
        return out
    if flags & F_FREE_MUST_PLAY:
        out |= free
    if flags & F_MUST_TRUMP:
        if card & trump:
            if (flags & F_MUST_OVERTRUMP) and (best & trump):
                higher = stronger_core(shift, best)
                if not (card & higher):
                    out |= trump & higher
        else:
            out |= trump
    return out


@njit(cache=True, forceinline=True)
def free_lead_names(rules, hand, suits_led, shown_void):
    """Suits (4-bit mask) that a leader may name when leading the free card (500's joker);
    0 when it may not be led now.  The named suit must not have been led before; once
    every suit has been led, the joker may be led only to the last trick (a one-card hand).
    Options: F_FREE_LEAD_LAST (only ever to the last trick) and F_FREE_NAME_NOT_VOID (any
    suit the leader has not shown void in, led before or not: the Queensland rule, which
    replaces the "not led before" rule; with the default rule it would add nothing, since
    a player can only show void in a suit that has been led)."""
    return names_core(rules[R_FREE], rules[R_FLAGS], hand, suits_led, shown_void)


@njit(cache=True, forceinline=True)
def names_core(free, flags, hand, suits_led, shown_void):
    """``free_lead_names`` with the free card's mask and the flags given."""
    if not (hand & free):
        return 0
    if hand == (hand & free):
        return 15
    if flags & F_FREE_LEAD_LAST:
        return 0
    if flags & F_FREE_NAME_NOT_VOID:
        return 15 & ~shown_void   # Queensland: instead of "a suit not led before"
    return 15 & ~suits_led


@njit(cache=True, forceinline=True)
def called_card_duties(hand, legal, leading, led_called, called, called_suit, hold_duty, last):
    """Restrict ``legal`` by the duties of a called-card partnership (Sheepshead's called
    ace; also Schafkopf's).  The partner is whoever holds ``called`` (0: no call):

    - leading, he may lead the called suit only with the called card;
    - when the called suit is led (necessarily for the first time), he must play it;
    - on another suit he may not throw it off before the last trick.

    hold_duty: this hand is the caller's and the called suit has not been led in an
    earlier trick: he may not throw off his last card of that suit (the hold card) on
    another suit before the last trick.  called_suit: the called suit's cards;
    led_called: the trick's led suit is the called suit; last: the last trick.
    """
    if called & hand:
        if leading:
            return legal & ~(called_suit & ~called)
        if led_called:
            return called
        if not last:
            rest = legal & ~called
            if rest:
                return rest
        return legal
    if hold_duty and not leading and not led_called and not last:
        hold = hand & called_suit
        if hold and (hold & (hold - ONE)) == ZERO:
            rest = legal & ~hold
            if rest:
                return rest
    return legal


@njit(cache=True, forceinline=True)
def seat_called_duties(rules, hands, n_seats, seat, side, leading, legal, led, called, last):
    """``called_card_duties`` for ``seat`` in a position where every hand is known (the
    double-dummy solver): while ``called`` is in a hand, its holder has the partner's
    duties and the other seat of the holder's side (``side``: ``seat``'s side as a seat
    mask) the caller's hold duty; once it is played, no duty remains (the called suit has
    been led, or it is the last trick).

    ``rules[R_UNKNOWN]`` (Sheepshead's "unknown" call, else 0): the caller's face-down card,
    given to the solver as his one card of the called suit, so the hold duty and following
    suit play it exactly when the rules do; besides, it may not be led before the last
    trick."""
    holder = -1
    for s in range(n_seats):
        if hands[s] & called:
            holder = s
    if holder < 0:
        return legal
    lane = suit_of(rules, called)
    hold_duty = seat != holder and ((side >> holder) & 1) != 0
    if hold_duty and leading and not last:
        unknown = rules[R_UNKNOWN] & hands[seat]
        if unknown:
            rest = legal & ~unknown
            if rest:
                legal = rest
    return called_card_duties(hands[seat], legal, leading, not leading and led == lane, called,
                              rules[R_SUIT + lane], hold_duty, last)

