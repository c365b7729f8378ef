"""Rummy 500's named rule options and the readings we chose where the rules are silent.

Rules: ``../shared/rules/rummy500.md`` (the seed, completed from pagat.com).  Options are
given as ``--rule NAME=VALUE``; defaults as the rules file marks them:

- ``jokers=yes|no`` — 2 jokers with one deck, 4 with two (``no``: none);
- ``values=pip|5-10-15`` — pip: 2-10 face value, J Q K 10, ace 15 (1 when melded low in a
  run, A-2-3), joker 15; ``5-10-15``: 2-9 are 5, 10-K 10, ace and joker 15 (the ace stays
  15 in a low run: the option names no exception);
- ``floating=no|yes`` — yes: a player who melds their whole hand without a discard is not
  out but *floating*: the hand goes on, and they go out only by discarding their last
  card on a later turn (drawing, melding and discarding as usual meanwhile);
- ``single_duty=no|yes`` — yes (pagat's "most books"): a single card taken from the pile
  must be melded or laid off at once too.  Default (the seed): it may simply not be
  discarded in the same turn;
- ``out_discard=any|dead`` — dead: going out by discarding, the last card must be one
  that could not be melded or laid off;
- ``two_hand=13|10`` — cards dealt to each of 2 players (7 each with 3 or more);
- ``two_decks_from=6`` (2..9; 9: never) — the player count from which two decks are used;
- ``rummy=on|off`` — the Rummy! call.

Readings where the rules file is silent (also in the README):

- **Melds and jokers.**  A new meld holds at least one natural card (three jokers are no
  meld).  A joker's card is declared when it is placed and never changes: in a run it
  takes its position, in a set a suit the set lacks (so a set still has 3-4 different
  suits).  A card may be declared that is also held or melded elsewhere.  Nobody may
  swap a joker out.  A run is at most 13 cards (it cannot hold the ace at both ends).
- **Lay-offs** go on any meld on the table: a set takes the rank's missing suits, a run
  extends at either end; the cards score for whoever lays them off.  Laying off an ace
  below a 2 is melding it low (ace-low value).
- **The deepest-card duty** (a take of two or more cards, or with ``single_duty=yes`` of
  one): the deepest card taken must be melded or laid off in the same turn, using any
  cards in hand, the cards taken and the table.  A draw whose deepest card cannot be used
  is not offered.
- **The card taken alone from the pile** may not be thrown back that turn; with two decks a
  player holding another copy of it may throw that copy (it is a different card).
- **Rummy!**  After a discard (one that does not end the hand) there is a Rummy! when the
  pile holds a card that could be melded or laid off using only cards of the pile at or
  above it and the melds on the table (the discard laid off, three pile cards that make a
  set ...).  Anyone may call it; the player to draw next has priority (if they take that
  part of the pile it is their ordinary draw), then the others in turn order after the
  discarder.  The caller takes the pile from the deepest card of the combination up, melds
  it at once (the deepest-card duty), completes a turn, and play continues from the
  caller's left (the players between are skipped).
- **End of the hand**: a player with no cards (without ``floating``); or the stock empty
  and the player to draw not taking from the pile.  Going out by discarding is allowed
  (subject to ``out_discard``).  A safety cap of ``MAX_TURNS`` turns ends a hand as if the
  stock were exhausted (no strategy here reaches it in practice; it is counted).
- **Our players, not the rules**: with the stock empty they take from the pile only what
  they meld at once, and after two rounds in which nobody drew from the stock or melded,
  the player to draw takes the stock (``play.IDLE_LIMIT``): players swapping single pile
  cards could otherwise go round for ever.
- **Game**: hands are dealt until someone has 500 or more after a hand; the highest
  score wins; a tie for the highest score (at 500 or more) is broken by another hand.
  A game that reaches ``MAX_HANDS`` hands is counted as unfinished (random players only).
- **A position** (``take`` / ``discard``): you are to move; the unseen cards (the stock
  and the opponents' hands) are dealt at random, consistent with what you see.  Scores in
  the answer are points *from now on* in this hand; with ``--scores`` (everyone's game
  score now, including what they melded so far this hand) the game is played on, later
  hands dealt by the player on your left first and rotating.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ...errors import InputError
from ...options import parse_rule_items
from .deck import (
    ACE,
    JOKER_BIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_BITS,
    NATURAL_BITS,
    DeckSpec,
)

TARGET = 500
MAX_TURNS = 1000     # safety cap of turns in a hand
MAX_HANDS = 200      # safety cap of hands in a game
HAND_SIZE_MANY = 7   # cards dealt with 3 or more players

CHOICES = {
    "jokers": ("yes", "no"),
    "values": ("pip", "5-10-15"),
    "floating": ("no", "yes"),
    "single_duty": ("no", "yes"),
    "out_discard": ("any", "dead"),
    "two_hand": ("13", "10"),
    "two_decks_from": tuple(str(n) for n in range(2, 10)),
    "rummy": ("on", "off"),
}

# Flags word read by the kernels (bit per boolean rule).
F_FLOATING = 1
F_SINGLE_DUTY = 2
F_OUT_DEAD = 4
F_RUMMY = 8
_FLAG_RULES = (("floating", "yes", F_FLOATING), ("single_duty", "yes", F_SINGLE_DUTY),
               ("out_discard", "dead", F_OUT_DEAD), ("rummy", "on", F_RUMMY))


@dataclass(frozen=True)
class Options:
    """Rule options; defaults as marked in the rules file."""

    jokers: str = "yes"
    values: str = "pip"
    floating: str = "no"
    single_duty: str = "no"
    out_discard: str = "any"
    two_hand: str = "13"
    two_decks_from: str = "6"
    rummy: str = "on"

    @classmethod
    def parse(cls, items=()) -> "Options":
        return cls(**parse_rule_items(items, CHOICES, "Rummy 500"))

    def as_dict(self) -> dict:
        return asdict(self)

    def decks(self, players: int) -> int:
        return 2 if players >= int(self.two_decks_from) else 1

    def deck(self, players: int) -> DeckSpec:
        d = self.decks(players)
        return DeckSpec(d, 2 * d if self.jokers == "yes" else 0)

    def hand_size(self, players: int) -> int:
        return int(self.two_hand) if players == 2 else HAND_SIZE_MANY

    @property
    def flags(self) -> int:
        return sum(flag for name, value, flag in _FLAG_RULES if getattr(self, name) == value)

    def values_table(self) -> np.ndarray:
        """Card value per bit: ``[0]`` the joker, ``[s*16+1]`` the ace (high or in a set),
        ``[ACE_LOW_SLOT]`` the ace melded low in a run."""
        return values_table(self.values)

    def check_players(self, players: int):
        check_players(players)
        deck = self.deck(players)
        need = players * self.hand_size(players) + 1
        if need > deck.size:
            raise InputError(f"{players} players need {need} cards (hands and the up-card) but "
                             f"{deck.describe()} hold {deck.size}; use --rule two_decks_from=<= {players}")


ACE_LOW_SLOT = 15    # values[15] (no card has rank 15): the ace's value low in a run
ACE_HIGH_SLOT = 14   # values[14] != 0: no ace-high runs (the OpenSpiel gin profile only)


def values_table(scheme: str = "pip") -> np.ndarray:
    v = np.zeros(N_BITS, np.int64)
    for b in NATURAL_BITS:
        r = b & 15
        if scheme == "pip":
            v[b] = 15 if r == ACE else min(r, 10)
        else:
            v[b] = 15 if r == ACE else (5 if r <= 9 else 10)
    v[JOKER_BIT] = 15
    v[ACE_LOW_SLOT] = 1 if scheme == "pip" else 15
    return v


def gin_values_table() -> np.ndarray:
    """OpenSpiel's gin rummy profile, for the differential test: the ace is 1 everywhere
    and low only (no Q-K-A)."""
    v = values_table("pip")
    for s in range(4):
        v[s * 16 + ACE] = 1
    v[ACE_HIGH_SLOT] = 1
    return v


def check_players(players):
    if players is None or not MIN_PLAYERS <= int(players) <= MAX_PLAYERS:
        raise InputError(f"--players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {players}")
