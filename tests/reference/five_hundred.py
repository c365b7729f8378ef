"""A slow, plain-Python reference of the Five Hundred rules (shared rules five_hundred.md).

Written from the rules file, not from the kernels, so that the two can be compared.
Cards are strings: rank ``A K Q J T 9 8 7 6 5 4`` then suit ``S C D H``, and ``JK``; the
six-handed pack adds the ranks ``11 12 13`` (``11H``), between the 10 and the jack.
Strains are ``'S' 'C' 'D' 'H' 'NT' 'MIS'`` (misère and open misère play alike).
``nominated`` is the suit the contractor named for the joker in no-trumps or misère
(``None``: not nominated).  Contracts are strings ``'6S'`` .. ``'10NT'``, ``'MIS'``,
``'OPENMIS'``.
"""

from __future__ import annotations

SUITS = "SCDH"                      # the bidding order: spades low, hearts high
RANK_ORDER = "456789TJQKA"          # plain order, low to high
STRAINS = ("S", "C", "D", "H", "NT", "MIS")
JOKER = "JK"

# 43 cards: hearts and diamonds 4..A, spades and clubs 5..A, one joker.
DECK = tuple([r + s for s in SUITS for r in RANK_ORDER if not (s in "SC" and r == "4")] + [JOKER])
# Every rank of every table size's pack, low to high (the 11, 12, 13 between T and J).
ALL_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")


def deck_for(players: int) -> tuple[str, ...]:
    """The pack for 2-6 players, as the rules file lists them: 3 (and 2) players A-7 of
    each suit and the joker, 33 cards; 4 players DECK; 5 players the 52 and the joker; 6
    players the 52, the 11s and 12s of every suit, the red 13s and the joker, 63 cards."""
    if players == 4:
        return DECK
    if players in (2, 3):
        ranks = {s: ("7", "8", "9", "T", "J", "Q", "K", "A") for s in SUITS}
    elif players == 5:
        ranks = {s: ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A") for s in SUITS}
    else:
        base = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12")
        ranks = {s: base + (("13",) if s in "DH" else ()) + ("J", "Q", "K", "A") for s in SUITS}
    return tuple(r + s for s in SUITS for r in ranks[s]) + (JOKER,)


def contractor_side(players: int, contractor: int, rule: str | None = None, holder: int | None = None) -> set[int]:
    """The seats playing with the contractor (pagat; bicyclecards.com): three and two
    players alone; four the player opposite; five the holder of the called card
    (``rule='call'``, ``holder``) or a named player two seats on (``'choose'``); six two
    teams of three (``'threes'``: every other seat) or three pairs (``'pairs'``: opposite)."""
    c = contractor
    if players in (2, 3):
        return {c}
    if players == 4:
        return {c, (c + 2) % 4}
    if players == 5:
        return {c, holder} if rule == "call" and holder is not None else {c, (c + 2) % 5} if rule == "choose" else {c}
    if rule == "pairs":
        return {c, (c + 3) % 6}
    return {c, (c + 2) % 6, (c + 4) % 6}

SAME_COLOUR = {"S": "C", "C": "S", "D": "H", "H": "D"}


def is_suit_strain(strain: str) -> bool:
    return strain in SUITS


def is_free_joker(card: str, strain: str, nominated: str | None = None) -> bool:
    """The joker in no-trumps or misère when nobody nominated a suit for it: in no suit,
    and it wins any trick it is played to."""
    return card == JOKER and not is_suit_strain(strain) and nominated is None


def effective_suit(card: str, strain: str, nominated: str | None = None) -> str | None:
    """The suit a card belongs to for every purpose (following, voids, leading).

    Suit contracts: the joker and both bowers are trumps.  No-trumps and misère: the
    joker is in the nominated suit, or in no suit (None); jacks are ordinary.
    """
    if card == JOKER:
        return strain if is_suit_strain(strain) else nominated
    rank, suit = card[:-1], card[-1]
    if is_suit_strain(strain) and rank == "J" and suit == SAME_COLOUR[strain]:
        return strain  # the left bower
    return suit


def power(card: str, strain: str, nominated: str | None = None) -> int:
    """Rank of a card within its effective suit (higher wins)."""
    if card == JOKER:
        return 100  # top trump, top of the nominated suit, or (free) above everything
    rank, suit = card[:-1], card[-1]
    if is_suit_strain(strain) and rank == "J":
        if suit == strain:
            return 99           # right bower
        if suit == SAME_COLOUR[strain]:
            return 98           # left bower
    return ALL_RANKS.index(rank)


def trick_winner(cards: list[str], strain: str, nominated: str | None = None,
                 named: str | None = None) -> int:
    """Index (in order of play) of the card that wins a trick.

    ``named``: the suit named when the trick was led with a free joker.  A free joker
    wins outright; otherwise the highest trump; otherwise the highest card of the suit led.
    """
    for i, c in enumerate(cards):
        if is_free_joker(c, strain, nominated):
            return i
    led = named if is_free_joker(cards[0], strain, nominated) else effective_suit(cards[0], strain, nominated)
    if is_suit_strain(strain):
        trumps = [i for i, c in enumerate(cards) if effective_suit(c, strain) == strain]
        if trumps:
            return max(trumps, key=lambda i: power(cards[i], strain))
    following = [i for i, c in enumerate(cards) if effective_suit(c, strain, nominated) == led]
    return max(following, key=lambda i: power(cards[i], strain, nominated))


def legal_follows(hand: list[str], led: str, strain: str, nominated: str | None = None) -> set[str]:
    """Cards of ``hand`` that may follow to a trick whose (effective or named) suit is ``led``.

    Follow suit if able (a free joker is of no suit, so it may be played only when
    void); when void, anything, except that in misère a void player holding the free
    joker must play it.
    """
    follow = {c for c in hand if effective_suit(c, strain, nominated) == led}
    if follow:
        return follow
    if strain == "MIS" and any(is_free_joker(c, strain, nominated) for c in hand):
        return {JOKER}
    return set(hand)


def joker_lead_names(hand: list[str], suits_led: set[str], strain: str, nominated: str | None = None,
                     shown_void: set[str] = frozenset(), joker_lead: str = "any",
                     joker_name: str = "any") -> set[str]:
    """Suits the leader may name when leading a free joker (empty: it may not be led now).

    The named suit must not have been led in an earlier trick; once all four suits
    have been led, the joker may be led only to the last trick.  On the last trick
    every player has one card left, so the named suit cannot change anyone's play:
    any suit may be named.  Options: ``joker_lead='last'`` (only to the last trick),
    ``joker_name='not_void'`` (any suit the leader has not shown void in, instead of the
    not-led-before rule).
    """
    if JOKER not in hand or not is_free_joker(JOKER, strain, nominated):
        return set()
    if len(hand) == 1:
        return set(SUITS)
    if joker_lead == "last":
        return set()
    if joker_name == "not_void":
        # Queensland: any suit the leader has not shown void in, replacing "not led before".
        return set(SUITS) - set(shown_void)
    return set(SUITS) - set(suits_led)


def legal_leads(hand: list[str], suits_led: set[str], strain: str, nominated: str | None = None,
                shown_void: set[str] = frozenset(), **options) -> set[tuple[str, str]]:
    """(card, suit led) pairs a leader may choose: every other card leads its effective
    suit; a free joker leads any suit it may name."""
    out = set()
    for c in hand:
        if is_free_joker(c, strain, nominated):
            out |= {(c, s) for s in joker_lead_names(hand, suits_led, strain, nominated, shown_void, **options)}
        else:
            out.add((c, effective_suit(c, strain, nominated)))
    return out


# ------------------------------------------------------------------------- contracts
def parse(contract: str) -> tuple[int, str]:
    """'8NT' -> (8, 'NT'); misères -> (0, 'MIS') / (0, 'OPENMIS')."""
    if contract in ("MIS", "OPENMIS"):
        return 0, contract
    return int(contract[:-2] if contract.endswith("NT") else contract[:-1]), (
        "NT" if contract.endswith("NT") else contract[-1])


# The Avondale schedule exactly as the rules file prints it.
AVONDALE = {
    6: {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120},
    7: {"S": 140, "C": 160, "D": 180, "H": 200, "NT": 220},
    8: {"S": 240, "C": 260, "D": 280, "H": 300, "NT": 320},
    9: {"S": 340, "C": 360, "D": 380, "H": 400, "NT": 420},
    10: {"S": 440, "C": 460, "D": 480, "H": 500, "NT": 520},
}
SUIT_CONTRACTS = tuple(f"{level}{s}" for level in range(6, 11) for s in ("S", "C", "D", "H", "NT"))
ALL_CONTRACTS = SUIT_CONTRACTS + ("MIS", "OPENMIS")


def value(contract: str) -> int:
    level, strain = parse(contract)
    if strain == "MIS":
        return 250
    if strain == "OPENMIS":
        return 500
    return AVONDALE[level][strain]


def score(contract: str, tricks: int) -> tuple[int, int]:
    """(contractor's side, opponents) points for one deal; ``tricks`` = contractor side's."""
    level, strain = parse(contract)
    if level == 0:
        return (value(contract) if tricks == 0 else -value(contract)), 0
    theirs = 10 * (10 - tricks)
    if tricks < level:
        return -value(contract), theirs
    if tricks == 10 and value(contract) < 250:
        return 250, theirs
    return value(contract), theirs


def ladder_key(contract: str, misere_rank: str = "ladder") -> float:
    """Position on the bidding ladder: by level, then S C D H NT; misère just above 7NT
    (option ``value``: just above 8S); open misère just above 10D."""
    if contract == "MIS":
        return 7.45 if misere_rank == "ladder" else 8.05
    if contract == "OPENMIS":
        return 10.25
    level, strain = parse(contract)
    return level + ("S", "C", "D", "H", "NT").index(strain) / 10


def ladder(misere_rank: str = "ladder") -> list[str]:
    return sorted(ALL_CONTRACTS, key=lambda c: ladder_key(c, misere_rank))


def may_bid(contract: str, current: str | None, misere: str = "seven", misere_rank: str = "ladder") -> bool:
    """May ``contract`` be bid when the current bid is ``current`` (None: nobody has bid)?

    Higher on the ladder than the current bid; misère (default) only while the current
    bid is a 7-level bid; ``misere='any'`` any time, ``'none'`` never.  Open misère any time.
    """
    if current is not None and ladder_key(contract, misere_rank) <= ladder_key(current, misere_rank):
        return False
    if contract == "MIS":
        if misere == "none":
            return False
        if misere == "seven":
            return current is not None and parse(current)[0] == 7
    return True


def winner_after_deal(totals: tuple[int, int], contractor: int, made: bool) -> int | None:
    """Which side (0/1) has won after a deal, or None: a side wins after a deal in which it
    made a contract and reached 500; a side at -500 or below loses."""
    if made and totals[contractor] >= 500:
        return contractor
    for side in (0, 1):
        if totals[side] <= -500:
            return 1 - side
    return None


def defensive_points(total_before: int, points: int, defend_cap: int | None = None) -> int:
    """A defending side's trick points; with the option a side at or above ``defend_cap``
    (490 or 480) before the deal scores nothing for them."""
    return 0 if defend_cap is not None and total_before >= defend_cap else points


def game_equity(outcomes, p_thrown: float, start, cap: int, defend_cap: int | None = None):
    """P(we win the game) of every state reachable from ``start``, by exact linear solve.

    ``outcomes``: (probability, the dealer's side contracted?, contract, tricks) of one
    deal; ``p_thrown``: all four passed (no score, the deal passes to the left).  States
    are (our total, their total, we deal next?); a total above ``cap`` counts as ``cap``.
    Returns {state: P(we win)}.
    """
    import numpy as np

    def step(state, dealer_contracted, contract, tricks):
        us, them, we_deal = state
        we_contracted = dealer_contracted == we_deal
        pts, dfd = score(contract, tricks)
        level, _ = parse(contract)
        made = tricks == 0 if level == 0 else tricks >= level
        totals = [us, them]
        c = 0 if we_contracted else 1
        totals[1 - c] += defensive_points(totals[1 - c], dfd, defend_cap)
        totals[c] += pts
        won = winner_after_deal(tuple(totals), c, made)
        if won is not None:
            return 1.0 if won == 0 else 0.0
        return (min(totals[0], cap), min(totals[1], cap), not we_deal)

    index, order, todo = {start: 0}, [start], [start]
    moves = {}
    while todo:
        state = todo.pop()
        if len(order) > 5000:
            raise ValueError("too many reachable states for a dense solve: use coarser outcomes")
        nxt = [(p, step(state, dc, con, t)) for p, dc, con, t in outcomes]
        nxt.append((p_thrown, (state[0], state[1], not state[2])))
        moves[state] = nxt
        for _, s in nxt:
            if isinstance(s, tuple) and s not in index:
                index[s] = len(order)
                order.append(s)
                todo.append(s)
    a = np.eye(len(order))
    b = np.zeros(len(order))
    for state, nxt in moves.items():
        r = index[state]
        for p, s in nxt:
            if isinstance(s, tuple):
                a[r, index[s]] -= p
            else:
                b[r] += p * s
    x = np.linalg.solve(a, b)
    return {s: float(x[index[s]]) for s in order}
