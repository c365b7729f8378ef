"""Plain-Python reference of the Pinochle rules, written from ``rules/pinochle.md`` and
nothing else: slow and literal.

Meld: a hand is a table of copies held, ``counts[suit][rank]`` (suits S C D H, ranks
9 J Q K 10 A, 0..2 copies each).  The meld table is data; within each class the hand
melds the selection of table entries of most points in which no card is used twice ("a
card may be used in melds of different classes, but only once within a class").  So a
run's K and Q are not also a royal marriage, a double run leaves none, and two pinochles
are worth less than the double pinochle their cards make.  With ``run_marriage_reuse`` a
royal marriage may also use a card of a run as long as it has a card of its own outside
the runs ("the extra K or Q marries the run's partner card").

Probabilities: every table of counts a hand of a given size can have, with the number of
hands that have it (the product of C(2, copies)), for brute-force checks on small hands.

Play and scoring: legal cards with the head, trump and over-trump duties and their
options, the trick winner with identical cards (the first played wins), counting, meld
saving, throw-in and the hand's score.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import comb, prod

SUITS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
RANKS = ("9", "J", "Q", "K", "10", "A")
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
DECK_SIZE = 48

# "aces around (A of each suit) 100, 1000 (8 aces); kings 80 / 800; queens 60 / 600; jacks 40 / 400"
AROUNDS = ((ACE, "aces", 100, 1000), (KING, "kings", 80, 800), (QUEEN, "queens", 60, 600), (JACK, "jacks", 40, 400))
RUN_RANKS = (ACE, TEN, KING, QUEEN, JACK)


def meld_table(trump):
    """The rules file's meld table for a trump suit: (name, class, points, cards), where
    cards maps (suit, rank) to the copies the meld needs."""
    table = []
    for rank, name, single, double in AROUNDS:
        table.append((f"{name} around", "arounds", single, {(s, rank): 1 for s in range(4)}))
        table.append((f"double {name} around", "arounds", double, {(s, rank): 2 for s in range(4)}))
    table.append(("run", "sequence", 150, {(trump, r): 1 for r in RUN_RANKS}))
    table.append(("double run", "sequence", 1500, {(trump, r): 2 for r in RUN_RANKS}))
    table.append(("royal marriage", "sequence", 40, {(trump, KING): 1, (trump, QUEEN): 1}))
    for s in range(4):
        if s != trump:
            table.append((f"marriage {SUIT_SYMBOLS[s]}", "sequence", 20, {(s, KING): 1, (s, QUEEN): 1}))
    table.append(("pinochle", "pinochle", 40, {(DIAMONDS, JACK): 1, (SPADES, QUEEN): 1}))
    table.append(("double pinochle", "pinochle", 300, {(DIAMONDS, JACK): 2, (SPADES, QUEEN): 2}))
    table.append(("dix", "dix", 10, {(trump, NINE): 1}))
    return table


def _royal_marriages_possible(kings, queens, run_kings):
    """Most royal marriages under run_marriage_reuse: the kings and queens of trump as
    separate cards, the first ``run_kings`` of each in the runs; marriages share no card,
    and each has a card outside the runs."""
    best = 0
    for king_order in permutations(range(kings)):
        for queen_order in permutations(range(queens)):
            pairs = [(k, q) for k, q in zip(king_order, queen_order) if k >= run_kings or q >= run_kings]
            best = max(best, len(pairs))
    return best


def _feasible(entries, counts, chosen, trump, reuse):
    """Whether the ``chosen`` multiplicity of each table entry fits the hand."""
    used = {}
    royals = 0
    runs = 0
    for (name, _cls, _points, cards), times in zip(entries, chosen):
        if name == "royal marriage" and reuse:
            royals = times
            continue
        if name == "run":
            runs += times
        if name == "double run":
            runs += 2 * times
        for card, need in cards.items():
            used[card] = used.get(card, 0) + need * times
    if any(counts[s][r] < n for (s, r), n in used.items()):
        return False
    if royals:
        kings, queens = counts[trump][KING], counts[trump][QUEEN]
        return royals <= _royal_marriages_possible(kings, queens, runs)
    return True


def _best_in_class(entries, counts, trump, reuse):
    """(points, multiplicities) of the best selection of ``entries`` (one class)."""
    best = (0, (0,) * len(entries))

    def search(i, chosen):
        nonlocal best
        if i == len(entries):
            points = sum(e[2] * n for e, n in zip(entries, chosen))
            if points > best[0]:
                best = (points, tuple(chosen))
            return
        for times in range(3):
            trial = chosen + [times]
            if not _feasible(entries[: i + 1], counts, trial, trump, reuse):
                break
            search(i + 1, trial)

    search(0, [])
    return best


def meld_items(counts, trump, reuse=False):
    """The hand's melds with ``trump``: [(name, class, points)], one item per meld."""
    table = meld_table(trump)
    items = []
    for cls in ("arounds", "sequence", "pinochle", "dix"):
        entries = [e for e in table if e[1] == cls]
        _, chosen = _best_in_class(entries, counts, trump, reuse)
        for (name, _cls, points, _cards), times in zip(entries, chosen):
            items += [(name, cls, points)] * times
    return items


def meld(counts, trump, reuse=False):
    """The hand's meld in points with ``trump`` (0..3 = S C D H)."""
    return sum(points for _name, _cls, points in meld_items(counts, trump, reuse))


def counts_from_cards(cards):
    """Copies table of cards written as "AS", "10H", "QD" (rank then suit letter)."""
    counts = [[0] * 6 for _ in range(4)]
    for card in cards:
        counts[SUITS.index(card[-1])][RANKS.index(card[:-1])] += 1
    assert all(c <= 2 for row in counts for c in row), cards
    return counts


def count_tables(hand_size):
    """Every (counts, hands) of ``hand_size``-card hands from the 48-card deck: a copies
    table and the number of hands with it."""
    kinds = [(s, r) for s in range(4) for r in range(6)]

    def walk(i, left, held):
        if left == 0:
            counts = [[0] * 6 for _ in range(4)]
            for (s, r), c in zip(kinds, held):
                counts[s][r] = c
            yield counts, prod(comb(2, c) for c in held)
            return
        if i == len(kinds) or left > 2 * (len(kinds) - i):
            return
        for c in range(min(2, left) + 1):
            yield from walk(i + 1, left - c, held + [c])

    yield from walk(0, hand_size, [])


def probability(event, hand_size):
    """Exact P(event(counts)) for a random hand of ``hand_size`` cards, by enumeration."""
    hits = sum(n for counts, n in count_tables(hand_size) if event(counts))
    return Fraction(hits, comb(DECK_SIZE, hand_size))


# ----------------------------------------------------------------------------- play and scoring
# A card is (suit, rank) with the indices above (rank 0..5 = 9 J Q K 10 A, weakest to
# strongest); a hand is a list, in which a card may appear twice.
COUNTING = {"tens": {ACE: 10, TEN: 10, KING: 10},
            "fives": {ACE: 10, TEN: 10, KING: 5, QUEEN: 5},
            "classic": {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}}
LAST_TRICK = 10


def power(card) -> int:
    return card[1]


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
