"""Five Hundred's card layouts and rule tables per strain, and its named rule options.

Strains: 0-3 suits (S C D H), 4 no-trumps, 5 misère (no-trumps rules, three players,
the joker must be played by a player void in the suit led).  In a suit strain the
trump lane holds, low to high, the suit's ranks without its jack, then the left bower,
the right bower and the joker; the left bower leaves its own suit's lane.  In no-trumps
and misère the joker sits alone at bit 63 as a *free* card: in no suit, beating all.
Those are the 16-bit lanes of the 2- to 5-player decks; the six-handed deck's trump suit
has 17 or 18 cards, so its layouts pack the suits into contiguous ranges instead
(``_packed_bits``).

Sides (who plays with whom) at each table size, with their sources:

- 2 players: one against one, a dead hand out of play (bicyclecards.com).
- 3 players: each for himself; the two others defend together for the deal, each
  scoring 10 a trick he takes (pagat.com/euchre/500.html, "Three players").
- 4 players: fixed partnerships, partners opposite (the seed; pagat).
- 5 players: the contractor takes a partner for the deal, each scoring for himself.
  ``five_partner=call`` (default): after the kitty he calls a card, and its holder is his
  partner (pagat; "in some games ... by naming a card", bicyclecards.com);
  ``five_partner=choose``: he names a player (bicyclecards.com "Five-Hand Five Hundred";
  we take the player opposite-left of him, seat + 2, since the other hands are unseen).
- 6 players: ``six_teams=threes`` (default): two teams of three, every player between two
  opponents (bicyclecards.com "Six-Hand Five Hundred"); ``six_teams=pairs``: three teams of
  two, partners opposite (pagat; the other sources' "three teams of two").
- Misère at every size: the contractor alone; any partners sit out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...cards import JACK, JOKER, card_code, rank_of, same_colour_suit, suit_of
from ...errors import InputError
from ...tricks.tables import (F_FREE_LEAD_LAST, F_FREE_MUST_PLAY, F_FREE_NAME_NOT_VOID,
                              NO_TRUMP_SUIT, R_DECK, R_FLAGS, R_FREE, R_SUIT, R_TRUMP,
                              R_TRUMP_SUIT, new_rules)
from .deck import FOUR, Table

STRAIN_NAMES = ("S", "C", "D", "H", "NT", "MIS")
N_STRAINS = 6
NT = 4
MISERE = 5
JOKER_FREE_BIT = 63
LEFT_BOWER_POS, RIGHT_BOWER_POS, TRUMP_JOKER_POS = 13, 14, 15


@dataclass(frozen=True)
class Options:
    """Rule options (``--rule NAME=VALUE``); defaults as in the rules file."""

    misere: str = "seven"          # seven: only while the bid is at the 7 level | any | none
    misere_rank: str = "ladder"    # ladder: above 7NT, below 8S | value: between 8S and 8C
    joker_lead: str = "any"        # any (name an unled suit) | last (only to the last trick)
    joker_name: str = "unled"      # unled (a suit not led before) | not_void (Queensland: any suit you have not shown void in)
    auction: str = "standard"      # standard: until three pass after a bid | american: one call each, highest wins
    own_raise: str = "no"          # no: the auction ends when three have passed | after_passes: the last bidder may then raise his own bid
    defend_cap: str = "none"       # none | 490 | 480: a side at or above that total scores nothing for defensive
                                   # tricks (game level only: equity.py; the deal's play is unchanged)
    five_partner: str = "call"     # five players: call (the holder of a called card) | choose (a named player)
    six_teams: str = "threes"      # six players: threes (two teams of three) | pairs (three teams of two)

    CHOICES = {
        "misere": ("seven", "any", "none"),
        "misere_rank": ("ladder", "value"),
        "joker_lead": ("any", "last"),
        "joker_name": ("unled", "not_void"),
        "auction": ("standard", "american"),
        "own_raise": ("no", "after_passes"),
        "defend_cap": ("none", "490", "480"),
        "five_partner": ("call", "choose"),
        "six_teams": ("threes", "pairs"),
    }
    SIZE_ONLY = {"five_partner": 5, "six_teams": 6}   # options of one table size only

    def shown(self, players: int = 4) -> dict:
        """The options that apply at a table of ``players`` (for answers' metadata)."""
        return {k: v for k, v in self.__dict__.items() if self.SIZE_ONLY.get(k, players) == players}

    @classmethod
    def parse(cls, items) -> "Options":
        values = {}
        for item in items or ():
            name, sep, value = item.partition("=")
            name, value = name.strip().lower().replace("-", "_"), value.strip().lower()
            if not sep or name not in cls.CHOICES:
                known = ", ".join(f"{k}={'|'.join(v)}" for k, v in cls.CHOICES.items())
                raise InputError(f"unknown rule {item!r} (Five Hundred rules: {known})")
            if value not in cls.CHOICES[name]:
                raise InputError(f"rule {name} takes {' | '.join(cls.CHOICES[name])}, not {value!r}")
            if name in values and values[name] != value:
                raise InputError(f"rule {name} is given twice ({values[name]} and {value})")
            values[name] = value
        return cls(**values)


# How the contractor's side is formed (the code the play kernels read; see the module doc).
SIDES_ALONE = 0       # 2 and 3 players: the contractor alone against the rest
SIDES_OPPOSITE = 1    # 4 players: the partner opposite (seat + 2)
SIDES_CALL = 2        # 5 players: the holder of the card the contractor calls after the kitty
SIDES_CHOOSE = 3      # 5 players: a named partner (seat + 2)
SIDES_THREES = 4      # 6 players: two teams of three (seats + 2, + 4)
SIDES_PAIRS = 5       # 6 players: three teams of two (seat + 3)


def sides_rule(players: int, options: Options = Options()) -> int:
    """The SIDES_* code of a table size under the options."""
    if players <= 3:
        return SIDES_ALONE
    if players == 4:
        return SIDES_OPPOSITE
    if players == 5:
        return SIDES_CALL if options.five_partner == "call" else SIDES_CHOOSE
    return SIDES_THREES if options.six_teams == "threes" else SIDES_PAIRS


DD_MISERE_MAX_ACTIVE = 4   # double-dummy misère is solved with at most this many seats playing


def misere_seats(players: int, options: Options = Options()) -> int:
    """How many seats play a misère (the contractor and his defenders; fixed partners sit
    out).  Double-dummy misère with four defenders (five players; six in pairs) can take
    minutes a deal -- proving the contractor escapes every trick against four hands -- so
    above DD_MISERE_MAX_ACTIVE seats the double-dummy questions leave misère to the
    heuristic players and say so."""
    if players <= 3:
        return players
    if players == 4:
        return 3
    if players == 5:
        return 5
    return 4 if options.six_teams == "threes" else 5


def opponent_units(players: int, options: Options = Options(), misere: bool = False) -> int:
    """How many scoring units (players or teams) the contractor's opponents form: the
    expected score "ours minus theirs" divides their defensive points among them."""
    if players == 2 or players == 4:
        return 1
    if players == 3:
        return 2
    if players == 5:
        return 4 if misere else 3
    if options.six_teams == "threes":
        return 1
    return 2


def card_bit(card_id: int, strain: int, tab: Table = FOUR) -> int:
    """Bit position of a deck card in a strain's layout."""
    return int(layouts(tab)[0][strain, card_id])


def _aligned_bit(code: int, strain: int) -> int:
    """Layouts of the 2- to 5-player decks: suit s in the 16-bit lane s at rank - 2; in a
    suit strain the bowers and the joker at the top of the trump lane (13, 14, 15)."""
    if code == JOKER:
        return 16 * strain + TRUMP_JOKER_POS if strain < NT else JOKER_FREE_BIT
    suit, rank = suit_of(code), rank_of(code)
    if strain < NT and rank == JACK:
        if suit == strain:
            return 16 * strain + RIGHT_BOWER_POS
        if suit == same_colour_suit(strain):
            return 16 * strain + LEFT_BOWER_POS
    return 16 * suit + rank - 2


def _packed_bits(tab: Table, strain: int) -> dict[int, int]:
    """The six-handed deck's layouts: its trump suit has 17 or 18 cards, more than a 16-bit
    lane, so every effective suit takes a contiguous range of bits in power order, suit 0
    from bit 0 and each next suit right above; the joker of no-trumps and misère at bit 63."""
    ids = {code: i for i, code in enumerate(tab.deck.codes)}
    out: dict[int, int] = {}
    pos = 0
    for e in range(4):
        members = []
        for r in tab.ranks(e):
            code = card_code(e, r)
            if strain < NT and r == JACK and e in (strain, same_colour_suit(strain)):
                continue
            members.append(code)
        if e == strain:
            members += [card_code(same_colour_suit(strain), JACK), card_code(strain, JACK), JOKER]
        for code in members:
            out[ids[code]] = pos
            pos += 1
    if strain >= NT:
        out[ids[JOKER]] = JOKER_FREE_BIT
    return out


@lru_cache(maxsize=None)
def layouts(tab: Table = FOUR) -> tuple[np.ndarray, np.ndarray]:
    """(bit_of, id_of): deck id -> layout bit and layout bit -> deck id, per strain."""
    bit_of = np.full((N_STRAINS, 64), -1, np.int64)
    id_of = np.full((N_STRAINS, 64), -1, np.int64)
    for strain in range(N_STRAINS):
        packed = _packed_bits(tab, strain) if tab.players == 6 else None
        for cid, code in enumerate(tab.deck.codes):
            b = packed[cid] if packed is not None else _aligned_bit(code, strain)
            bit_of[strain, cid] = b
            id_of[strain, b] = cid
    bit_of.setflags(write=False)
    id_of.setflags(write=False)
    return bit_of, id_of


BIT_OF, ID_OF = layouts(FOUR)


def suit_masks(strain: int, tab: Table = FOUR) -> list[int]:
    """The layout masks of the four effective suits (the joker: the trump suit's)."""
    bit_of = layouts(tab)[0]
    masks = [0, 0, 0, 0]
    for cid, code in enumerate(tab.deck.codes):
        b = int(bit_of[strain, cid])
        if code == JOKER:
            if strain < NT:
                masks[strain] |= 1 << b
            continue
        suit = suit_of(code)
        if strain < NT and rank_of(code) == JACK and suit == same_colour_suit(strain):
            suit = strain
        masks[suit] |= 1 << b
    return masks


def rule_table(strain: int, options: Options = Options(), tab: Table = FOUR) -> np.ndarray:
    """The rule vector for a strain (joker not nominated)."""
    rules = new_rules()
    bit_of = layouts(tab)[0]
    joker_bit = np.uint64(1) << np.uint64(bit_of[strain, tab.joker_id])
    for s, m in enumerate(suit_masks(strain, tab)):
        rules[R_SUIT + s] = np.uint64(m)
    for cid in range(tab.deck.size):
        rules[R_DECK] |= np.uint64(1) << np.uint64(bit_of[strain, cid])
    if strain < NT:
        rules[R_TRUMP] = rules[R_SUIT + strain]
        rules[R_TRUMP_SUIT] = strain
    else:
        rules[R_TRUMP] = joker_bit
        rules[R_FREE] = joker_bit
        rules[R_TRUMP_SUIT] = NO_TRUMP_SUIT
        flags = np.uint64(0)
        if strain == MISERE:
            flags |= F_FREE_MUST_PLAY
        if options.joker_lead == "last":
            flags |= F_FREE_LEAD_LAST
        if options.joker_name == "not_void":
            flags |= F_FREE_NAME_NOT_VOID
        rules[R_FLAGS] = flags
    return rules


def rule_tables(options: Options = Options(), tab: Table = FOUR) -> np.ndarray:
    """All strains' rule vectors, shape (N_STRAINS, R_SIZE)."""
    return np.stack([rule_table(s, options, tab) for s in range(N_STRAINS)])


def nominate(rules: np.ndarray, suit: int) -> np.ndarray:
    """No-trumps/misère rules with the joker nominated as the top card of ``suit``."""
    out = rules.copy()
    joker = out[R_FREE]
    out[R_SUIT + suit] |= joker
    out[R_TRUMP] &= ~joker
    out[R_FREE] = 0
    return out


def to_layout(mask: int, strain: int, tab: Table = FOUR) -> int:
    bit_of = layouts(tab)[0]
    out = 0
    for cid in tab.deck.ids_in(mask):
        out |= 1 << int(bit_of[strain, cid])
    return out


def from_layout(mask: int, strain: int, tab: Table = FOUR) -> list[int]:
    id_of = layouts(tab)[1]
    return [int(id_of[strain, b]) for b in range(64) if (int(mask) >> b) & 1]
