"""Rule tables: one ``uint64`` vector per contract that the trick kernels read.

Keeping the whole table in one small array gives every kernel the same signature (one
numba specialization) and lets a game build it once per contract, outside hot loops.
"""

import numpy as np

# Indices into a rule vector.
R_SUIT = 0          # R_SUIT + s, s = 0..3: cards of effective suit s
R_TRUMP = 4         # cards that beat every card outside this mask (trumps, a free joker)
R_FREE = 5          # a card of no suit that wins any trick (500's unnominated joker), else 0
R_FLAGS = 6         # F_* bits below
R_DUP_SHIFT = 7     # power of a bit = bit index >> shift (1: two identical copies per card)
R_DECK = 8          # every card in play
R_TRUMP_SUIT = 9    # index of the trump suit, or NO_TRUMP_SUIT
R_POINTS = 10       # R_POINTS + k, k = 0..3: bit-planes of card points (a card's points =
                    # sum of 2**k over the planes holding it), read when F_POINTS is set
R_LAST_BONUS = 14   # points for winning the last trick (F_POINTS objective)
R_CALLED = 15       # the called card of a called-card partnership (Sheepshead), else 0:
                    # while it is in a hand, moves obey engine.seat_called_duties
R_UNKNOWN = 16      # the caller's face-down "unknown" card (Sheepshead no_call=unknown), else 0:
                    # its holder may not lead it before the last trick (seat_called_duties)
R_LEAD = 17         # a root position in mid-trick: the card led to it (F_HEAD_LED), else 0
R_SIZE = 18

NO_TRUMP_SUIT = 4

F_FREE_MUST_PLAY = np.uint64(1)     # a player void in the suit led must play the free card (misère)
F_MUST_HEAD = np.uint64(2)          # following: beat the best card so far if able (Pinochle)
F_MUST_TRUMP = np.uint64(4)         # void in the suit led: trump if able (Pinochle)
F_MUST_OVERTRUMP = np.uint64(8)     # when trumping: beat the best trump if able (Pinochle)
F_FREE_LEAD_LAST = np.uint64(16)    # the free card may be led only to the last trick (500 option)
F_FREE_NAME_NOT_VOID = np.uint64(32)  # leading it, do not name a suit you showed void in (500 option)
F_POINTS = np.uint64(64)            # objective: card points (R_POINTS planes + R_LAST_BONUS), not tricks
F_NO_CALL_UNKNOWN = np.uint64(128)  # Sheepshead no_call=unknown: read by the game's kernels only
F_HEAD_LED = np.uint64(256)         # with F_MUST_HEAD: beat the card led, not the best so far (Pinochle option)


def new_rules() -> np.ndarray:
    rules = np.zeros(R_SIZE, np.uint64)
    rules[R_TRUMP_SUIT] = NO_TRUMP_SUIT
    return rules


def set_points(rules: np.ndarray, points_by_bit, last_bonus: int = 0) -> np.ndarray:
    """Give the cards points (``points_by_bit[b]`` for layout bit ``b``, 0..15 each) and the
    last trick a bonus, and make points the objective.  Modifies and returns ``rules``."""
    for k in range(4):
        rules[R_POINTS + k] = 0
    for b, p in enumerate(points_by_bit):
        if not 0 <= int(p) <= 15:
            raise ValueError(f"card points must be 0..15, got {p}")
        for k in range(4):
            if (int(p) >> k) & 1:
                rules[R_POINTS + k] |= np.uint64(1) << np.uint64(b)
    rules[R_LAST_BONUS] = last_bonus
    rules[R_FLAGS] |= F_POINTS
    return rules


def lane_mask(lane: int, positions) -> int:
    m = 0
    for p in positions:
        m |= 1 << (16 * lane + p)
    return m
