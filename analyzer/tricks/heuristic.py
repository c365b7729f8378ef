"""Fast rule-based card play for trick-taking games where each side wants tricks.

The decisions are bit operations over a table's suit and trump masks, so the same code
plays Five Hundred, Euchre or bridge.  What a player knows is passed in explicitly:
``unseen`` (cards that might be in other hands), the suits other seats have shown void
in, and the trick so far.  Policy, in short: win cheaply, don't overtake partner's
winner, play second hand low and third hand high, lead masters, draw trumps as the
declaring side, in no-trumps play on the longest suit, lead for partner's ruff, and
throw the least useful card.

Each decision has a *core* taking the rule values it reads as scalars (the four suit
masks as a tuple ``suits``, the trump mask, ...) and a wrapper taking the rule vector.
Both are inlined.  The cores hold no array, so a game's kernel can call them in its
play loop without numba's reference counting on the rule vector at every card (an
atomic increment and decrement per call, which cost as much as a decision did); the
wrappers read the vector once, at the top.  The decisions are the same either way.
"""

import numpy as np
from numba import njit

from ..bits import ONE, ZERO, above, below, high_bit, high_index, low_bit, popcount
from .engine import stronger_core
from .tables import NO_TRUMP_SUIT, R_DUP_SHIFT, R_FREE, R_SUIT, R_TRUMP, R_TRUMP_SUIT

NT_SETUP_LENGTH = 4   # no-trumps: lead low from a long suit of at least this length to set it up


@njit(cache=True, forceinline=True)
def rank_pos(card):
    """Rank position of a card within its lane (0 weakest)."""
    return high_index(card) & 15


@njit(cache=True, forceinline=True)
def is_master(card, suit_cards, unseen):
    """No unseen card of the same suit ranks above ``card``."""
    return (unseen & suit_cards & above(card)) == ZERO


@njit(cache=True, forceinline=True)
def lowest_equivalent(card, mine, suit_cards, unseen):
    """The lowest of ``mine`` that is as good as ``card``: only cards that are not unseen
    (played, or ours) lie between them."""
    c = card
    while True:
        nxt = high_bit(mine & below(c))
        if nxt == ZERO or (unseen & suit_cards & above(nxt) & below(c)) != ZERO:
            return c
        c = nxt


@njit(cache=True, forceinline=True)
def rule_suits(rules):
    """The four effective suits' masks of a rule vector, as a tuple."""
    return (rules[R_SUIT], rules[R_SUIT + 1], rules[R_SUIT + 2], rules[R_SUIT + 3])


@njit(cache=True, forceinline=True)
def cheapest_core(suits, trump, cards):
    """``cheapest`` with the suit masks and the trump mask given."""
    plain = cards & ~trump
    if plain == ZERO:
        return low_bit(cards)
    best = ZERO
    best_key = 1 << 30
    for s in range(4):
        m = plain & suits[s]
        if m:
            c = low_bit(m)
            key = rank_pos(c) * 16 + popcount(m)
            if key < best_key:
                best_key = key
                best = c
    if best == ZERO:  # a card of no suit that is not a trump cannot happen; be safe
        return low_bit(plain)
    return best


@njit(cache=True, forceinline=True)
def cheapest(rules, cards):
    """The card a player would most gladly give up: the lowest-ranked non-trump card,
    from the shorter suit on ties (it brings a void closer); the lowest trump if only
    trumps are left."""
    return cheapest_core(rule_suits(rules), rules[R_TRUMP], cards)


@njit(cache=True, forceinline=True)
def winning_core(suit, trump, shift, legal, best):
    """``winning_cards`` with the led suit's mask, the trump mask and R_DUP_SHIFT given."""
    if best & trump:
        return legal & trump & stronger_core(shift, best)
    return (legal & suit & stronger_core(shift, best)) | (legal & trump)


@njit(cache=True, forceinline=True)
def winning_cards(rules, legal, best, led):
    """The legal cards that would take over the trick from ``best``."""
    return winning_core(rules[R_SUIT + led], rules[R_TRUMP], rules[R_DUP_SHIFT], legal, best)


@njit(cache=True, forceinline=True)
def follow_core(suits, trump, shift, hand, legal, suit, best, partner_winning, partner_after,
                opponents_after, ruff_threat, unseen):
    """``follow_for_tricks`` with the rule values given (see the module doc); ``suit`` is
    the mask of the suit led (indexing ``suits`` by a variable would cost a jump table)."""
    if legal & (legal - ONE) == ZERO:
        return legal  # a single legal card
    if legal & ~suit == ZERO:
        # Following suit: one suit, so the lowest bit is the cheapest card.
        cheap = low_bit(legal)
    else:
        cheap = cheapest_core(suits, trump, legal)
    unseen_trumps = unseen & trump
    if partner_winning:
        if not opponents_after:
            return cheap
        # Partner's card is safe when nothing unseen beats it (and no ruff threatens it);
        # otherwise third hand plays high over it, but never trumps it.
        if best & trump:
            if is_master(best, trump, unseen):
                return cheap
        elif is_master(best, suit, unseen) and not (ruff_threat and unseen_trumps):
            return cheap
        if partner_after or (legal & suit) == ZERO:
            return cheap
    win = winning_core(suit, trump, shift, legal, best)
    if win == ZERO:
        return cheap
    plain_win = win & ~trump
    if not opponents_after:
        if plain_win:
            return low_bit(plain_win)
        return low_bit(win)
    # A sure winner: nothing unseen can beat it.
    if plain_win:
        top = high_bit(plain_win)
        if is_master(top, suit, unseen) and not (ruff_threat and unseen_trumps):
            return lowest_equivalent(top, plain_win, suit, unseen)
    else:
        top = high_bit(win)
        if is_master(top, trump, unseen):
            return lowest_equivalent(top, win, trump, unseen)
    if partner_after:
        # Second hand low: partner still to play.
        if plain_win:
            return cheap
        # Void: ruff low only a card partner cannot beat in its suit.
        if not (best & trump) and is_master(best, suit, unseen):
            return low_bit(win)
        return cheap
    # Last of our side with opponents to come: third hand high (cheapest of equal cards),
    # or trump as cheaply as possible.
    if plain_win:
        return lowest_equivalent(high_bit(plain_win), plain_win, suit, unseen)
    return low_bit(win)


@njit(cache=True, forceinline=True)
def follow_for_tricks(rules, hand, legal, led, best, partner_winning, partner_after,
                      opponents_after, ruff_threat, unseen):
    """Choose a card to follow with.

    partner_winning: our side holds the trick now; partner_after: a partner plays later
    in this trick; opponents_after: an opponent plays later; ruff_threat: a later
    opponent has shown void in the suit led (and so may trump it).
    """
    return follow_core(rule_suits(rules), rules[R_TRUMP], rules[R_DUP_SHIFT], hand, legal,
                       rules[R_SUIT + led], best, partner_winning, partner_after, opponents_after,
                       ruff_threat, unseen)


@njit(cache=True, forceinline=True)
def lead_core(suits, trump, free, trump_suit, hand, unseen, declaring, partner_voids,
              opponent_voids, partner_may_trump, opponents_may_trump):
    """``lead_for_tricks`` with the rule values given (``trump_suit`` an int64)."""
    cards = hand & ~free
    if cards == ZERO:
        return hand
    my_trumps = cards & trump
    unseen_trumps = unseen & trump
    if trump_suit != NO_TRUMP_SUIT and declaring and my_trumps and unseen_trumps and opponents_may_trump:
        top = high_bit(my_trumps)
        if is_master(top, trump, unseen):
            return lowest_equivalent(top, my_trumps, trump, unseen)
        if popcount(my_trumps) >= 3:
            return lowest_equivalent(top, my_trumps, trump, unseen)
    if trump_suit == NO_TRUMP_SUIT:
        # No-trumps: play on the longest suit first: its master if it has one, else from
        # four cards on a low one to set it up, before cashing masters elsewhere (which
        # would set up the other side's suits).  On 40,000 random Five Hundred no-trump
        # deals (``python scripts/nt_leads.py``) the contractor's side took 5.33 tricks
        # before this rule, 5.60 with it on the contractor's side alone, 5.56 with it on
        # both sides (the defence gains too).
        ls = -1
        ll = 0
        for s in range(4):
            k = popcount(cards & suits[s])
            if k > ll:
                ll = k
                ls = s
        if ls >= 0:
            m = cards & suits[ls]
            top = high_bit(m)
            if is_master(top, suits[ls], unseen):
                return lowest_equivalent(top, m, suits[ls], unseen)
            if ll >= NT_SETUP_LENGTH:
                return low_bit(m)
    # Lead a master in a plain suit unless an opponent is known to ruff it.
    for s in range(4):
        if s == trump_suit:
            continue
        m = cards & suits[s]
        if m:
            top = high_bit(m)
            if is_master(top, suits[s], unseen):
                if trump_suit != NO_TRUMP_SUIT and ((opponent_voids >> s) & 1) and opponents_may_trump and unseen_trumps:
                    continue
                return lowest_equivalent(top, m, suits[s], unseen)
    # Give partner a ruff.
    if trump_suit != NO_TRUMP_SUIT and partner_may_trump and unseen_trumps:
        for s in range(4):
            if s != trump_suit and ((partner_voids >> s) & 1) and not ((opponent_voids >> s) & 1):
                m = cards & suits[s]
                if m:
                    return low_bit(m)
    # Otherwise low from the longest plain suit (ties: the lower card).
    plain = cards & ~trump
    if plain == ZERO:
        return low_bit(my_trumps)
    best = ZERO
    best_key = -1
    for s in range(4):
        m = plain & suits[s]
        if m:
            c = low_bit(m)
            key = popcount(m) * 16 + (15 - rank_pos(c))
            if key > best_key:
                best_key = key
                best = c
    return best


@njit(cache=True, forceinline=True)
def lead_for_tricks(rules, hand, unseen, declaring, partner_voids, opponent_voids,
                    partner_may_trump, opponents_may_trump):
    """Choose a card to lead (never the free joker; see ``free_lead_names``).

    partner_voids / opponent_voids: 4-bit masks of suits that partner / any opponent has
    shown void in; *_may_trump: that player has not shown void in trumps.
    """
    return lead_core(rule_suits(rules), rules[R_TRUMP], rules[R_FREE],
                     np.int64(rules[R_TRUMP_SUIT]), hand, unseen, declaring, partner_voids,
                     opponent_voids, partner_may_trump, opponents_may_trump)
