"""Plain-Python reference of the Sheepshead rules, written from ``rules/sheepshead.md``
and nothing else: slow, obvious, on card strings such as "QC", "TD", "7H".

Used by the tests to check the numba kernels (legal moves with the called-suit duties,
trick winners, play-out traces, scoring, leasters).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

SUITS = "CSHD"
RANKS = "789TJQKA"
DECK = [r + s for s in SUITS for r in RANKS]

# "Trumps — one suit of 14 cards, high to low: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦."
TRUMPS_HIGH_TO_LOW = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D"]
# "option jack_order=seed gives the seed's order" (J♠ above J♣)
TRUMPS_SEED = ["QC", "QS", "QH", "QD", "JS", "JC", "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D"]
# "Fail suits ♣ ♠ ♥, 6 cards each, high to low: A 10 K 9 8 7."
FAIL_HIGH_TO_LOW = ["A", "T", "K", "9", "8", "7"]
# "A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def random_deal(rng):
    """Five random six-card hands and the two-card blind from a deck shuffled by ``rng``
    (a ``random.Random``)."""
    deck = list(DECK)
    rng.shuffle(deck)
    return [deck[6 * i: 6 * i + 6] for i in range(5)], deck[30:]


def trump_order(jack_order="standard"):
    return TRUMPS_SEED if jack_order == "seed" else TRUMPS_HIGH_TO_LOW


def is_trump(card):
    return card in TRUMPS_HIGH_TO_LOW


def suit(card):
    """'T' for a trump (queens and jacks are not of their printed suit), else C/S/H."""
    return "T" if is_trump(card) else card[1]


def points(card):
    return POINTS[card[0]]


def trick_winner(cards, jack_order="standard", unknown=None, called=None):
    """Index of the winning card: the highest trump, else the highest card of the suit led.
    unknown: the picker's face-down card, if it is in this trick (option no_call=unknown:
    "counts as a card of the called suit but can never win the trick")."""
    order = trump_order(jack_order)
    trumps = [i for i, c in enumerate(cards) if is_trump(c) and c != unknown]
    if trumps:
        return min(trumps, key=lambda i: order.index(cards[i]))
    led = suit(called) if cards[0] == unknown else suit(cards[0])
    same = [i for i, c in enumerate(cards) if suit(c) == led and c != unknown]
    return min(same, key=lambda i: FAIL_HIGH_TO_LOW.index(cards[i][0]))


def legal_plays(hand, trick, called=None, is_picker=False, called_suit_led_before=False, unknown=None):
    """Cards of ``hand`` that may be played now.

    trick: cards played so far to this trick (empty: ``hand`` leads).  called: the called
    card (None when alone or in a leaster); its holder is the partner.  is_picker: the
    player is the picker.  called_suit_led_before: the called suit was led in an earlier
    trick.  The last trick is the one where every hand holds one card.  unknown: the
    picker's face-down card (option no_call=unknown), while he holds it.
    """
    last_trick = len(hand) == 1
    if is_picker and unknown is not None and unknown in hand:
        # "when the called suit is first led, the picker must play the unknown card"; it is
        # face down, out of his hand for any other play, so it is otherwise his last card.
        if trick and led_suit(trick, unknown, called) == suit(called):
            return [unknown]
        rest = [c for c in hand if c != unknown]
        if not rest:
            return [unknown]
        if not trick:
            return rest
        follow = [c for c in rest if suit(c) == led_suit(trick, unknown, called)]
        return follow if follow else rest
    if trick:
        led = led_suit(trick, unknown, called)
        follow = [c for c in hand if suit(c) == led]    # trump led: play a trump if able
        allowed = follow if follow else list(hand)
    else:
        led = None
        allowed = list(hand)
    if called is None:
        return allowed
    called_suit = suit(called)
    if called in hand:
        # "if the partner leads the called suit, the called card must be the card led"
        if led is None:
            return [c for c in allowed if suit(c) != called_suit or c == called]
        # "when the called suit is first led, the partner must play the called ace (ten)"
        if led == called_suit:
            return [called]
        # "the partner may not discard the called card on another suit before the last trick"
        if not last_trick:
            return [c for c in allowed if c != called]
        return allowed
    if is_picker and not called_suit_led_before and led is not None and led != called_suit and not last_trick:
        # "the picker must keep at least one card of the called suit until that suit is led"
        hold = [c for c in hand if suit(c) == called_suit]
        if len(hold) == 1:
            return [c for c in allowed if c != hold[0]]
    return allowed


def led_suit(trick, unknown=None, called=None):
    """The suit led: the unknown card, led, leads the called suit."""
    return suit(called) if trick[0] == unknown else suit(trick[0])


def unknown_calls(hand8):
    """Option no_call=unknown: with no legal call, the picker may call "an ace of a suit he
    lacks" (no card of that fail suit among his 8 cards) and set a face-down fail card."""
    if legal_calls(hand8):
        return []
    return ["A" + s for s in "CSH" if not any(suit(c) == s for c in hand8)]


def legal_unknowns(hand6):
    """The cards the picker may set face down as the unknown: any fail card he keeps."""
    return [c for c in hand6 if not is_trump(c)]


def legal_calls(hand8):
    """Cards the picker may call, holding these 8 cards: "the ace of a fail suit in which
    the picker holds at least one card but not the ace"; with all three fail aces, "the
    picker calls a fail ten under the same conditions"."""
    aces = [c for c in hand8 if c[0] == "A" and not is_trump(c)]
    rank = "T" if len(aces) == 3 else "A"
    out = []
    for s in "CSH":
        target = rank + s
        if target not in hand8 and any(suit(c) == s for c in hand8):
            out.append(target)
    return out


def legal_buries(hand8, called):
    """Pairs of cards the picker may bury: never the hold card (keep one of the called suit)."""
    out = []
    for pair in combinations(hand8, 2):
        kept = [c for c in hand8 if c not in pair]
        if called is None or any(suit(c) == suit(called) for c in kept):
            out.append(pair)
    return out


def score(picker_points, picker_tricks, alone=False, double_on_bump=False):
    """Scores (picker, partner, each defender) from the table of the rules."""
    p = picker_points
    if picker_tricks == 6:
        row = (6, 3, -3)
    elif picker_tricks == 0:
        row = (-9, 0, 3)
    elif p >= 91:
        row = (4, 2, -2)
    elif p >= 61:
        row = (2, 1, -1)
    elif p <= 30:
        row = (-4, -2, 2)
    else:
        row = (-2, -1, 1)
    picker, partner, defender = row
    if alone:
        # "the picker takes the partner's share too (×4 defenders)"
        picker, partner = -4 * defender, 0
    if double_on_bump and picker < 0:
        picker, partner, defender = 2 * picker, 2 * partner, 2 * defender
    return picker, partner, defender


def leaster_scores(points_by_player, tricks_by_player):
    """+4 to the fewest points among players with a trick, -1 to the others; ties share
    the win (each tied winner: the average of being the winner)."""
    takers = [i for i in range(5) if tricks_by_player[i] > 0]
    low = min(points_by_player[i] for i in takers)
    winners = [i for i in takers if points_by_player[i] == low]
    out = []
    for i in range(5):
        if i in winners:
            out.append(Fraction(sum(4 if w == i else -1 for w in winners), len(winners)))
        else:
            out.append(Fraction(-1))
    return out


def replay(hands, plays, picker=None, called=None, bury=(), blind=(), jack_order="standard",
           leaster_blind="last", unknown=None):
    """Replay a hand from the start, checking each play's legality.

    hands: five lists of cards (the picker's after the bury); plays: (seat, card) in order;
    seat 0 leads the first trick.  Returns per-seat points and tricks (a leaster when
    ``picker`` is None: the blind goes to the winner of the last trick, or the first).
    Raises AssertionError on an illegal play or an out-of-turn player.
    """
    hands = [list(h) for h in hands]
    pts = [0] * 5
    tricks = [0] * 5
    leader = 0
    called_led_before = False
    k = 0
    for t in range(6):
        trick = []
        for pos in range(5):
            seat, card = plays[k]
            k += 1
            assert seat == (leader + pos) % 5, f"trick {t}: seat {seat} out of turn"
            allowed = legal_plays(hands[seat], trick, called, seat == picker, called_led_before, unknown)
            assert card in allowed, f"trick {t}: seat {seat} played {card}, allowed {allowed} (hand {hands[seat]}, trick {trick})"
            hands[seat].remove(card)
            trick.append(card)
        if called is not None and led_suit(trick, unknown, called) == suit(called):
            called_led_before = True
        w = (leader + trick_winner(trick, jack_order, unknown, called)) % 5
        pts[w] += sum(points(c) for c in trick)
        tricks[w] += 1
        if picker is None and t == (0 if leaster_blind == "first" else 5):
            pts[w] += sum(points(c) for c in blind)
        leader = w
    if picker is not None:
        pts[picker] += sum(points(c) for c in bury)
    return pts, tricks
