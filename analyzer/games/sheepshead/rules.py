"""Sheepshead's card layout, rule table and named rule options.

Layout (one for the whole game, since the trump suit never changes): four 16-bit lanes,
one per effective suit, a higher bit being a stronger card.  The fail suits ♠ ♣ ♥ take
lanes 0 1 2 and hold, low to high, 7 8 9 K 10 A (the ten ranks between king and ace).
Lane 3, the top lane, holds all 14 trumps low to high: 7♦ 8♦ 9♦ K♦ 10♦ A♦ J♦ J♥ J♠ J♣
Q♦ Q♥ Q♠ Q♣ (J♠ and J♣ swap under ``jack_order=seed``); queens and jacks leave their
printed suits.  With trumps on top, every trump is numerically above every fail card, so
a card beats the best so far exactly when it is of the suit led or a trump and is the
larger number (see ``play``).  Card points come from a per-bit table; the sets of
queens, jacks, aces... are the same masks under either jack order.

Option ``no_call`` — when the picker has no legal call (every fail suit he holds, he holds
with its ace; or, holding all three fail aces, with its ten): ``alone`` (default) he plays
alone; ``unknown``, our reading of the Wisconsin "unknown" (sheepsheadrules.com, "Choosing
a Partner"; the card "in the hole" of the Sheepshead program manuals; pagat.com shep.html):

- he calls the ace of a fail suit in which he holds no card (of his 8 cards; so he does
  not hold that ace and another player does: the partner, with every called-ace duty);
- one of his six kept cards, a **fail** card, is set face down as the *unknown*; with no
  fail card among them he cannot set one and plays alone (the bury then keeps a fail card
  whenever it can: ``bidding.unknown_bury_call``); the policy sets his fail card with the
  fewest points (then the lowest);
- the unknown is out of his hand for every other purpose: he may not lead it, follow suit
  or discard with it; when the called suit is first led he must play it, as a card of the
  called suit; if that suit is never led before the last trick it is his last card, played
  (or led, then leading the called suit) to the last trick;
- it never wins a trick (the called ace is always in the same trick, so under our layout
  it could not win anyway but as a card of its own suit); its card points go to the
  trick's winner; the picker's side has a partner, and scores as a called hand.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ...cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES, card_code, rank_of, suit_of
from ...options import parse_rule_items
from ...tricks.points import card_values
from ...tricks.tables import F_NO_CALL_UNKNOWN, R_DECK, R_FLAGS, R_SUIT, R_TRUMP, R_TRUMP_SUIT, new_rules
from .deck import DECK

FAIL_SUITS = (SPADES, CLUBS, HEARTS)           # printed suits of the fail lanes 0 1 2
FAIL_LANES = (0, 1, 2)
TRUMP_LANE = 3
LANE_OF_SUIT = {SPADES: 0, CLUBS: 1, HEARTS: 2}
LANE_NAMES = ("♠", "♣", "♥", "trump")
FAIL_RANKS = (7, 8, 9, KING, 10, ACE)          # low to high: position in a fail lane
_FAIL_POS = {r: i for i, r in enumerate(FAIL_RANKS)}
POINTS_OF_RANK = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2, 9: 0, 8: 0, 7: 0}

_TRUMPS_LOW_TO_HIGH = (
    [card_code(DIAMONDS, r) for r in (7, 8, 9, KING, 10, ACE)]
    + [card_code(s, JACK) for s in (DIAMONDS, HEARTS, SPADES, CLUBS)]
    + [card_code(s, QUEEN) for s in (DIAMONDS, HEARTS, SPADES, CLUBS)])
JACK_ORDERS = ("standard", "seed")
NO_CALL_CHOICES = ("alone", "unknown")


def trump_order(jack_order: str = "standard") -> list[int]:
    """Card codes of the 14 trumps, low to high."""
    order = list(_TRUMPS_LOW_TO_HIGH)
    if jack_order == "seed":               # J♠ above J♣
        i, j = order.index(card_code(SPADES, JACK)), order.index(card_code(CLUBS, JACK))
        order[i], order[j] = order[j], order[i]
    return order


def _bits(jack_order: str) -> np.ndarray:
    trump_pos = {c: i for i, c in enumerate(trump_order(jack_order))}
    out = np.empty(DECK.size, np.int64)
    for cid, code in enumerate(DECK.codes):
        if code in trump_pos:
            out[cid] = 16 * TRUMP_LANE + trump_pos[code]
        else:
            out[cid] = 16 * LANE_OF_SUIT[suit_of(code)] + _FAIL_POS[rank_of(code)]
    return out


BIT_OF = np.stack([_bits(j) for j in JACK_ORDERS])           # (jack order, deck id) -> bit
ID_OF = np.full((len(JACK_ORDERS), 64), -1, np.int64)        # (jack order, bit) -> deck id
for _j in range(len(JACK_ORDERS)):
    ID_OF[_j, BIT_OF[_j]] = np.arange(DECK.size)


def _mask(pred) -> np.uint64:
    m = 0
    for cid, code in enumerate(DECK.codes):
        if pred(code):
            m |= 1 << int(BIT_OF[0, cid])
    return np.uint64(m)


_trump_set = set(_TRUMPS_LOW_TO_HIGH)
TRUMPS = _mask(lambda c: c in _trump_set)
FAIL = np.array([_mask(lambda c, s=s: suit_of(c) == s and c not in _trump_set) for s in FAIL_SUITS]
                + [0], np.uint64)                             # by lane; FAIL[TRUMP_LANE] == 0
FAIL_ALL = np.uint64(FAIL[0] | FAIL[1] | FAIL[2])
FAIL_ACES = _mask(lambda c: c not in _trump_set and rank_of(c) == ACE)
FAIL_TENS = _mask(lambda c: c not in _trump_set and rank_of(c) == 10)
POINT_TRUMPS = _mask(lambda c: c in (card_code(DIAMONDS, KING), card_code(DIAMONDS, 10), card_code(DIAMONDS, ACE)))
QUEENS = _mask(lambda c: rank_of(c) == QUEEN)
TOP_QUEENS = _mask(lambda c: c in (card_code(CLUBS, QUEEN), card_code(SPADES, QUEEN)))
JACKS = _mask(lambda c: rank_of(c) == JACK)
DECK_MASK = np.uint64(TRUMPS | FAIL_ALL)

PTS = np.zeros(64, np.int64)                                  # card points per layout bit
for _cid, _code in enumerate(DECK.codes):
    PTS[BIT_OF[0, _cid]] = POINTS_OF_RANK[rank_of(_code)]


def rule_table() -> np.ndarray:
    """The rule vector: trumps are one suit (lane 3); no must-head or must-trump duties.
    (The called-suit duties are applied on top: ``engine.called_card_duties``.)"""
    rules = new_rules()
    for lane in range(4):
        rules[R_SUIT + lane] = TRUMPS if lane == TRUMP_LANE else FAIL[lane]
    rules[R_TRUMP] = TRUMPS
    rules[R_TRUMP_SUIT] = TRUMP_LANE
    rules[R_DECK] = DECK_MASK
    return rules


RULES = rule_table()
KEEP = int(QUEENS | JACKS)         # control trumps: never schmeared while other cards remain
VALS = card_values(RULES, PTS, KEEP)   # the card values (points, shed, schmear, win keys) of the layout


@dataclass(frozen=True)
class Options:
    """Rule options; defaults as marked in the rules file."""

    jack_order: str = "standard"     # standard: J♣ J♠ J♥ J♦ | seed: J♠ above J♣
    nobody_picks: str = "leaster"    # leaster | doubler (redeal, next hand doubled)
    leaster_blind: str = "last"      # the blind goes to the winner of the last | first trick
    bump: str = "single"             # single | double: every loss of the picker's side doubled
    no_call: str = "alone"           # alone | unknown: no legal call, call an ace of a void suit (below)

    CHOICES = {
        "jack_order": JACK_ORDERS,
        "nobody_picks": ("leaster", "doubler"),
        "leaster_blind": ("last", "first"),
        "bump": ("single", "double"),
        "no_call": NO_CALL_CHOICES,
    }

    @classmethod
    def parse(cls, items=(), double_on_bump: bool = False, leaster: bool = True) -> "Options":
        values = parse_rule_items(items, cls.CHOICES, "Sheepshead")
        if double_on_bump:
            values["bump"] = "double"
        if not leaster:
            values["nobody_picks"] = "doubler"
        return cls(**values)

    @property
    def jack_index(self) -> int:
        return JACK_ORDERS.index(self.jack_order)

    @property
    def double_on_bump(self) -> bool:
        return self.bump == "double"

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def rules(self) -> np.ndarray:
        """The rule vector the play kernels read: ``RULES``, with ``F_NO_CALL_UNKNOWN`` set
        under ``no_call=unknown`` (the layout does not depend on the other options)."""
        if self.no_call == "unknown":
            r = RULES.copy()
            r[R_FLAGS] |= F_NO_CALL_UNKNOWN
            return r
        return RULES


def to_layout(ids, options: Options = Options()) -> int:
    m = 0
    for cid in ids:
        m |= 1 << int(BIT_OF[options.jack_index, cid])
    return m


def from_layout(mask: int, options: Options = Options()) -> list[int]:
    """Deck ids of a layout mask, strongest first within each lane, trumps first."""
    j = options.jack_index
    out = []
    for lane in (TRUMP_LANE, LANE_OF_SUIT[CLUBS], LANE_OF_SUIT[SPADES], LANE_OF_SUIT[HEARTS]):
        for pos in range(15, -1, -1):
            b = 16 * lane + pos
            if (int(mask) >> b) & 1:
                out.append(int(ID_OF[j, b]))
    return out


def format_layout(mask: int, options: Options = Options()) -> str:
    return DECK.format_cards(from_layout(mask, options))
