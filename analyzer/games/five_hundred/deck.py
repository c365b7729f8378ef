"""The 43-card Five Hundred deck: red suits 4-A, black suits 5-A, one joker."""

from ...cards import CLUBS, DIAMONDS, HEARTS, SPADES, standard_deck

N_SEATS = 4
HAND_SIZE = 10
KITTY_SIZE = 3
N_TRICKS = 10

DECK = standard_deck(
    "Five Hundred",
    {SPADES: range(5, 15), CLUBS: range(5, 15), DIAMONDS: range(4, 15), HEARTS: range(4, 15)},
    joker=True,
)
JOKER_ID = DECK.size - 1
SEAT_NAMES = ("S", "W", "N", "E")  # seat 0 is the player asking; partner opposite
