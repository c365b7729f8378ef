"""Pinochle's rule table per trump and its named rule options (``--rule NAME=VALUE``).

Defaults are those of ``shared/rules/pinochle.md`` (pagat's partnership pinochle):

- play: follow suit and *head* the trick (beat the best card so far) unless a plain-suit
  lead has been trumped (``head=best``); void, trump and over-trump if able
  (``overtrump=always``).  Options: ``head=led_card`` (the seed's wording: beat the card
  led, whatever has been played since), ``head=none`` (follow and trump duties only: no
  duty to beat a card, none to over-trump), ``overtrump=trump_led`` (the seed: a higher
  trump is demanded only when trump is led, which is the head duty; a void player trumps
  with any trump);
- counters (``counting``): ``tens`` A 10 K = 10 (default), ``fives`` A 10 / 10 10 / K 5 /
  Q 5, ``classic`` 11 / 10 / 4 / 3 / 2; the last trick 10 under each: 250 points in play;
- meld (``run_marriage_reuse``): ``no`` (default: a run's K and Q do not also marry) or
  ``yes`` (an extra K or Q marries the run's partner card);
- meld saving (``meld_save``): ``counter`` (default: a side's meld counts only if it takes
  a counter or the last trick, i.e. any trick points), ``trick`` (any trick, Parlett),
  ``always``;
- auction: minimum bid (``min_bid``, default 250), raises of 10 or a jump of 20
  (``raise=10_20``) or any multiple of 10 (``raise=any``); the dealer is stuck with the
  minimum when everyone passes;
- throw-in (``throw_in``): ``short250`` (default: the declarer may throw in when the side
  is 250 or more short of the bid after the meld; the policy does when it is) or ``any``
  (concede at any shortfall; the policy concedes when the shortfall exceeds
  ``bidding.CONCEDE_SHORTFALL``);
- game to ``game`` points (default 1500; ``scoring.game_winner``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ...options import parse_rule_items
from ...tricks.tables import (F_HEAD_LED, F_MUST_HEAD, F_MUST_OVERTRUMP, F_MUST_TRUMP, R_DECK, R_DUP_SHIFT, R_FLAGS, R_SUIT,
                              R_TRUMP, R_TRUMP_SUIT, new_rules, set_points)
from .deck import DECK_MASK, LANE

COUNTING = {          # points of 9 J Q K 10 A (rank index order)
    "tens": (0, 0, 0, 10, 10, 10),
    "fives": (0, 0, 5, 5, 10, 10),
    "classic": (0, 2, 3, 4, 10, 11),
}
LAST_TRICK = 10
_NUMBERS = tuple(str(v) for v in range(100, 1010, 10))


@dataclass(frozen=True)
class Options:
    """Rule options; defaults as marked in the rules file."""

    head: str = "best"                 # best | led_card | none
    overtrump: str = "always"          # always | trump_led
    counting: str = "tens"             # tens | fives | classic
    run_marriage_reuse: str = "no"     # no | yes
    meld_save: str = "counter"         # counter | trick | always
    min_bid: str = "250"               # opening minimum, a multiple of 10
    raise_: str = "10_20"              # 10_20 | any  (named "raise" on the command line)
    throw_in: str = "short250"         # short250 | any
    game: str = "1500"                 # game target

    CHOICES = {
        "head": ("best", "led_card", "none"),
        "overtrump": ("always", "trump_led"),
        "counting": tuple(COUNTING),
        "run_marriage_reuse": ("no", "yes"),
        "meld_save": ("counter", "trick", "always"),
        "min_bid": _NUMBERS,
        "raise": ("10_20", "any"),
        "throw_in": ("short250", "any"),
        "game": tuple(str(v) for v in range(500, 5010, 10)),
    }

    @classmethod
    def parse(cls, items=()) -> "Options":
        values = parse_rule_items(items, cls.CHOICES, "Pinochle")
        if "raise" in values:
            values["raise_"] = values.pop("raise")
        return cls(**values)

    def as_dict(self) -> dict:
        d = asdict(self)
        d["raise"] = d.pop("raise_")
        return d

    @property
    def reuse(self) -> bool:
        return self.run_marriage_reuse == "yes"

    @property
    def minimum(self) -> int:
        return int(self.min_bid)

    @property
    def target(self) -> int:
        return int(self.game)

    @property
    def points(self) -> tuple[int, ...]:
        """Card points by rank index (9 J Q K 10 A)."""
        return COUNTING[self.counting]

    @property
    def flags(self) -> np.uint64:
        f = np.uint64(0)
        if self.head != "none":
            f |= F_MUST_HEAD
        if self.head == "led_card":
            f |= F_HEAD_LED
        f |= F_MUST_TRUMP
        if self.overtrump == "always" and self.head != "none":
            f |= F_MUST_OVERTRUMP
        return f


def points_by_bit(options: Options = Options()) -> np.ndarray:
    """Card points per layout bit (64 entries)."""
    pts = np.zeros(64, np.int64)
    for s in range(4):
        for r in range(6):
            for copy in range(2):
                pts[16 * s + 2 * r + copy] = options.points[r]
    return pts


def rule_table(trump: int, options: Options = Options(), objective_points: bool = False) -> np.ndarray:
    """The rule vector for a trump suit: lanes = suits, identical copies (``R_DUP_SHIFT``
    1), the play duties of ``options``; with ``objective_points`` the card points and the
    last trick's 10 as the solver's objective."""
    rules = new_rules()
    for s in range(4):
        rules[R_SUIT + s] = LANE[s]
    rules[R_TRUMP] = LANE[trump]
    rules[R_TRUMP_SUIT] = trump
    rules[R_DECK] = DECK_MASK
    rules[R_DUP_SHIFT] = 1
    rules[R_FLAGS] = options.flags
    if objective_points:
        set_points(rules, points_by_bit(options), LAST_TRICK)
    return rules


def rule_tables(options: Options = Options(), objective_points: bool = False) -> np.ndarray:
    """(4, R_SIZE): the rule vector of each trump suit."""
    return np.stack([rule_table(t, options, objective_points) for t in range(4)])



# ----------------------------------------------------------------------------- three-handed
@dataclass(frozen=True)
class Options3:
    """The three-handed game's rule options (``shared/rules/pinochle-three-handed.md``);
    play duties, counting and meld as in the partnership game.  Only what the questions
    built so far use is offered: the auction's and the points game's options come with
    them (``mode=points`` is refused, not ignored)."""

    min_bid: str = "300"               # 300 | 250 | 200
    skip_40_90: str = "no"             # yes: no bid ending in 40 or 90
    count: str = "tens"                # tens | classic | fives (the partnership game's ``counting``)
    units: str = "3-5-10"              # 3-5-10 | 1-2-4-6-8-10 (the settlement table)
    double: str = "spades"             # spades | none | spades_hearts (spades x2, hearts x3)
    run_marriage_reuse: str = "no"     # no | yes
    all_pass: str = "eldest_forced"    # eldest_forced | redeal | dealer_stuck
    forced_concede: str = "free"       # free | single: a forced eldest conceding unseen pays nothing, or single
    mode: str = "stakes"               # stakes (points: the cutthroat game, not built yet)

    CHOICES = {
        "min_bid": ("300", "250", "200"),
        "skip_40_90": ("no", "yes"),
        "count": tuple(COUNTING),
        "units": ("3-5-10", "1-2-4-6-8-10"),
        "double": ("spades", "none", "spades_hearts"),
        "run_marriage_reuse": ("no", "yes"),
        "all_pass": ("eldest_forced", "redeal", "dealer_stuck"),
        "forced_concede": ("free", "single"),
        "mode": ("stakes", "points"),
    }

    @classmethod
    def parse(cls, items=()) -> "Options3":
        from ...errors import InputError
        out = cls(**parse_rule_items(items, cls.CHOICES, "three-handed Pinochle"))
        if out.mode != "stakes":
            raise InputError("--rule mode=points (the three-handed cutthroat game) is not built yet: the questions "
                             "answer the stakes game")
        return out

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def reuse(self) -> bool:
        return self.run_marriage_reuse == "yes"

    def bids(self, top: int) -> list[int]:
        """The bids allowed from the minimum up to ``top``."""
        out = range(int(self.min_bid), top + 1, 10)
        return [b for b in out if not (self.skip_40_90 == "yes" and b % 100 in (40, 90))]

    def stakes(self, top: int):
        """The ladder of bids up to ``top`` as the kernels take it: the bids, each bid's
        base units (before the trump's multiplier) and the multiplier of each trump."""
        from .scoring import TRUMP_MULTIPLIERS, unit_value
        ladder = self.bids(top)
        return (np.array(ladder, np.int64),
                np.array([unit_value(b, self.units, 0, "none") for b in ladder], np.int64),
                np.array(TRUMP_MULTIPLIERS[self.double], np.int64))

    def play_options(self) -> Options:
        """The partnership game's options that decide play and counting."""
        return Options(counting=self.count, run_marriage_reuse=self.run_marriage_reuse)


# ----------------------------------------------------------------------------- two-handed
@dataclass(frozen=True)
class Options2:
    """The two-handed game's rule options (``shared/rules/pinochle-two-handed.md``): deck,
    ranking, identical cards and meld values as in the partnership game."""

    order: str = "meld_then_draw"      # meld_then_draw | draw_then_meld
    last_cards: str = "fixed"          # fixed (winner the last stock card, loser the turned trump) | winner_chooses
    double_meld: str = "at_once"       # at_once (all its cards in one meld) | any (the second completes it)
    head: str = "always"               # always | trump_led: in phase 2 beat the card led only when trump is led
    count: str = "tens"                # tens | classic | fives
    game: str = "1000"                 # the first target; 250 more each time both pass it with no call

    CHOICES = {
        "order": ("meld_then_draw", "draw_then_meld"),
        "last_cards": ("fixed", "winner_chooses"),
        "double_meld": ("at_once", "any"),
        "head": ("always", "trump_led"),
        "count": tuple(COUNTING),
        "game": tuple(str(v) for v in range(500, 5010, 10)),
    }

    @classmethod
    def parse(cls, items=()) -> "Options2":
        return cls(**parse_rule_items(items, cls.CHOICES, "two-handed Pinochle"))

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def target(self) -> int:
        return int(self.game)

    @property
    def points(self) -> tuple[int, ...]:
        return COUNTING[self.count]

    @property
    def flags(self) -> int:
        """The kernel's option bits (``two.O_*``)."""
        return ((1 if self.order == "draw_then_meld" else 0) | (2 if self.last_cards == "winner_chooses" else 0)
                | (4 if self.double_meld == "any" else 0) | (8 if self.head == "trump_led" else 0))
