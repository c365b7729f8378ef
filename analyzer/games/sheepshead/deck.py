"""The 32-card Sheepshead deck (7 8 9 10 J Q K A of each suit), seats and sizes.

Seats are numbered 0..4 from the dealer's left (seat 0 is offered the blind first and
leads the first trick; seat 4 deals).  Users see them as 1..5.
"""

from ...cards import standard_deck

N_SEATS = 5
HAND_SIZE = 6
BLIND_SIZE = 2
N_TRICKS = 6
TOTAL_POINTS = 120
WIN_POINTS = 61            # the picker's side needs 61; 60-60 goes to the defenders
SCHNEIDER_PICKER = 91      # picker side P >= 91: defenders schneidered
SCHNEIDERED_PICKER = 30    # picker side P <= 30: picker side schneidered

DECK = standard_deck("Sheepshead", {s: range(7, 15) for s in range(4)})
