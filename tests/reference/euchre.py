"""Plain-Python reference of Euchre's rules, written from the rules file (euchre.md).

Slow and obvious on purpose: cards are (rank, suit) pairs with rank 7..14 (J = 11, ace 14)
and suit one of "SHDC"; the joker is ("JK", None).  Nothing here knows about bit layouts.
"""

from __future__ import annotations


SUITS = "SCDH"
JOKER = ("JK", None)
SAME_COLOUR = {"S": "C", "C": "S", "D": "H", "H": "D"}


def deck(size: int = 24) -> list:
    low = 7 if size == 32 else 9
    cards = [(r, s) for s in SUITS for r in range(low, 15)]
    if size == 25:
        cards.append(JOKER)
    return cards


def is_right_bower(card, trump) -> bool:
    return card[0] == 11 and card[1] == trump


def is_left_bower(card, trump) -> bool:
    return card[0] == 11 and card[1] == SAME_COLOUR[trump]


def effective_suit(card, trump) -> str:
    """The joker and the left bower belong to the trump suit for every purpose."""
    if card == JOKER or is_left_bower(card, trump):
        return trump
    return card[1]


def is_trump(card, trump) -> bool:
    return effective_suit(card, trump) == trump


def power(card, trump, led) -> int:
    """Higher wins the trick: trumps (joker, right, left, A K Q 10 9 8 7) above cards of the
    suit led (A K Q J 10 9 8 7), other cards worth nothing."""
    if card == JOKER:
        return 200
    if is_trump(card, trump):
        if is_right_bower(card, trump):
            return 199
        if is_left_bower(card, trump):
            return 198
        return 100 + card[0]
    if card[1] == led:
        return card[0]
    return 0


def legal_plays(hand, led_suit, trump) -> list:
    """Follow the suit led (by effective suit) if able, else any card; any card to lead."""
    if led_suit is None:
        return list(hand)
    follow = [c for c in hand if effective_suit(c, trump) == led_suit]
    return follow if follow else list(hand)


def trick_winner(cards, trump) -> int:
    """Index (in playing order) of the card that wins the trick."""
    led = effective_suit(cards[0], trump)
    powers = [power(c, trump, led) for c in cards]
    return max(range(len(cards)), key=lambda i: (powers[i], -i))


def score(maker_tricks: int, alone: bool = False) -> tuple[int, int]:
    """(makers' points, defenders' points)."""
    if maker_tricks == 5:
        return (4 if alone else 2), 0
    if maker_tricks >= 3:
        return 1, 0
    return 0, 2


def round1_bidders(players: int, dealer: int) -> list:
    """Seats that speak in round one, in order: left of the dealer first, the dealer last."""
    return [(dealer + 1 + k) % players for k in range(players)]


def round2_suits(turned_down_suit: str) -> list:
    return [s for s in SUITS if s != turned_down_suit]


def first_leader(players: int, dealer: int, out: int | None) -> int:
    """The player left of the dealer leads; if that player sits out (partner of a lone
    maker), the next one does."""
    lead = (dealer + 1) % players
    if lead == out:
        lead = (lead + 1) % players
    return lead


def play_out(hands, trump, leader, players, out, choose):
    """Play five tricks; ``choose(seat, legal, trick_so_far)`` picks a card.  Returns the
    list of tricks as (leader, cards in order, winner seat)."""
    hands = [list(h) for h in hands]
    tricks = []
    for _ in range(5):
        seat = leader
        cards, seats = [], []
        for _ in range(players - (out is not None)):
            led = effective_suit(cards[0], trump) if cards else None
            legal = legal_plays(hands[seat], led, trump)
            card = choose(seat, legal, cards)
            assert card in legal
            hands[seat].remove(card)
            cards.append(card)
            seats.append(seat)
            seat = (seat + 1) % players
            if seat == out:
                seat = (seat + 1) % players
        winner = seats[trick_winner(cards, trump)]
        tricks.append((leader, cards, winner))
        leader = winner
    return tricks


def all_deals_marginal(size: int, hand: int) -> float:
    """P(a given card is in a given hand of ``hand`` cards) when dealing from ``size``."""
    return hand / size


__all__ = [n for n in dir() if not n.startswith("_") and n not in ("annotations", "itertools")]
