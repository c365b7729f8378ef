"""Plain-Python reference of Pinochle's play and scoring rules (the kernels are tested
against it): legal cards with the head, trump and over-trump duties and their options,
the trick winner with identical cards (the first played wins), counting, meld saving,
throw-in and the hand's score.  Cards are (suit, rank) tuples, suit 'S' 'C' 'D' 'H',
rank '9' 'J' 'Q' 'K' 'T' 'A'; a hand is a list (a card may appear twice).
"""

from __future__ import annotations

RANKS = "9JQKTA"                     # weakest to strongest
COUNTING = {"tens": {"A": 10, "T": 10, "K": 10},
            "fives": {"A": 10, "T": 10, "K": 5, "Q": 5},
            "classic": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}}
LAST_TRICK = 10


def power(card) -> int:
    return RANKS.index(card[1])


def winner(trick, trump) -> int:
    """Index in ``trick`` (cards in play order) of the card that wins it: a trump beats
    every plain card, otherwise a higher card of the suit led; of two identical cards the
    first played wins."""
    win = 0
    for i, c in enumerate(trick[1:], 1):
        b = trick[win]
        if c[0] == trump and b[0] != trump:
            win = i
        elif c[0] == b[0] and power(c) > power(b):
            win = i
    return win


def legal(hand, trick, trump, head="best", overtrump="always") -> set:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, in order).

    Follow suit; head=best: beat the best card so far unless a plain-suit lead has been
    trumped; head=led_card: beat the card led; head=none: no duty to beat (nor to
    over-trump).  Void: trump if able, over-trump the best trump if able
    (overtrump=always; trump_led: any trump)."""
    if not trick:
        return set(hand)
    led = trick[0][0]
    best = trick[winner(trick, trump)]
    follow = [c for c in hand if c[0] == led]
    if follow:
        if head == "none":
            return set(follow)
        if head == "led_card":
            ref = trick[0]
        elif best[0] == trump and led != trump:
            return set(follow)
        else:
            ref = best
        higher = [c for c in follow if power(c) > power(ref)]
        return set(higher or follow)
    trumps = [c for c in hand if c[0] == trump]
    if trumps:
        if overtrump == "always" and head != "none" and best[0] == trump:
            over = [c for c in trumps if power(c) > power(best)]
            if over:
                return set(over)
        return set(trumps)
    return set(hand)


def card_points(card, counting="tens") -> int:
    return COUNTING[counting].get(card[1], 0)


def trick_points(cards, counting="tens", last=False) -> int:
    return sum(card_points(c, counting) for c in cards) + (LAST_TRICK if last else 0)


def meld_saved(points: int, tricks: int, rule="counter") -> bool:
    """counter: the side took a counter or the last trick (any trick points); trick: any
    trick; always."""
    if rule == "always":
        return True
    if rule == "trick":
        return tricks > 0
    return points > 0


def may_throw_in(bid: int, declarer_meld: int, rule="short250") -> bool:
    return rule == "any" or bid - declarer_meld >= 250


def hand_score(bid, meld, points, tricks, thrown_in=False, save="counter"):
    """(declaring side, defenders) scores of a hand.  meld, points, tricks: (declaring,
    defending) sides.  Thrown in: the declarers lose the bid, the defenders score their
    meld.  Played: a side's meld counts if saved; the declarers score meld + points if that
    reaches the bid, else lose the bid; the defenders score meld + points."""
    if thrown_in:
        return -bid, meld[1]
    m = [meld[i] if meld_saved(points[i], tricks[i], save) else 0 for i in range(2)]
    total = m[0] + points[0]
    return (total if total >= bid else -bid), m[1] + points[1]
