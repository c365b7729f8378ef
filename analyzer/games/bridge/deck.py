"""The 52-card bridge deck and its seats."""

from ...cards import CLUBS, DIAMONDS, HEARTS, SPADES, standard_deck

N_SEATS = 4
HAND_SIZE = 13
SEAT_NAMES = "NESW"          # seat index 0..3, clockwise
PBN_SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)   # PBN writes a hand as S.H.D.C

DECK = standard_deck("bridge", {s: range(2, 15) for s in (SPADES, CLUBS, DIAMONDS, HEARTS)})
