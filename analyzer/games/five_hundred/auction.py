"""Five Hundred's auction: the bidding policy of every seat, in numba, and the calls heard.

Seats are 0..n-1 clockwise (``deck.SEAT_NAMES``: S W N E at four players; partners have
the same parity there; other sizes: ``deck.table(players)``, the sides of
``rules.sides_rule``); the auction starts left of the dealer (dealer + 1).  A partner
known during the auction is a fixed one (four players; six, both team rules); a
five-handed partner is only chosen after it, so there every seat bids for itself.  Calls are *ladder indices* (the
position of a contract on ``bidding.ladder(options)``) or PASS.

**Valuation.**  For each suit strain and no-trumps the policy predicts the tricks its
side takes if this hand contracts there (it takes the kitty and its partner is a random
hand), linear in a few features of the hand (``features``); for misère and open misère
it predicts the chance of taking no trick, linear too (clipped to 0..1).  The weights are
least-squares fits to heuristic play-outs (``python scripts/tune_five_hundred.py --fit``).

**Calls.**  In each strain a seat may go up to the highest level its prediction reaches
less ``P_MARGIN`` (plus ``P_PARTNER`` when its partner holds the bid).  When its partner
has bid that strain the prediction is the two hands together: the partner's bid level
plus the margin the bid promised, plus what this hand adds over an average hand
(``P_MEAN_*``).  Of the strains where some level is allowed now, it names the one whose
highest level ranks highest on the ladder, at that level (overtricks score nothing, so a
seat bids what it expects to make rather than the cheapest bid that is allowed); it
prefers open misère (when allowed and its chance is at least ``P_OPEN``) and misère
(allowed, at least ``P_MIS``, and no suit call worth more than 250) to a suit call worth
less.  Otherwise it passes, and a seat that passed never bids again.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import popcount
from ...cards import ACE, JACK, JOKER, KING, QUEEN, rank_of, same_colour_suit, suit_of
from ...errors import InputError
from .bidding import MISERE_CONTRACT, OPEN_MISERE_CONTRACT, Contract, ladder, parse_contract
from functools import lru_cache

from .deck import FOUR, MAX_TABLE_SEATS, SEAT_NAMES, Table
from .play import fixed_partners
from .rules import MISERE, NT, SIDES_OPPOSITE, Options, sides_rule

PASS = -1
NO_SEAT = -1

# ----------------------------------------------------------------------------- ladder
# ``lad`` (int64, LAD_ROWS x len(ladder)): per ladder index its level (0 misère), strain
# (0-4, MISERE), open flag, value and play kind (0-4, 5 misère, 6 open misère).
LAD_LEVEL, LAD_STRAIN, LAD_OPEN, LAD_VALUE, LAD_KIND = range(5)
LAD_ROWS = 5
# ``acfg`` (int64): the auction's rule switches and where contracts sit on the ladder.
A_MISERE, A_AMERICAN, A_OWN_RAISE, A_MIS_INDEX, A_OPEN_INDEX, A_POS = 0, 1, 2, 3, 4, 5   # A_POS + 5 (level-6) + strain
A_SIZE = A_POS + 25
MISERE_CODES = {"seven": 0, "any": 1, "none": 2}


def ladder_tables(options: Options = Options()) -> tuple[np.ndarray, np.ndarray]:
    """(lad, acfg) for the kernels."""
    order = ladder(options)
    lad = np.zeros((LAD_ROWS, len(order)), np.int64)
    acfg = np.zeros(A_SIZE, np.int64)
    for i, c in enumerate(order):
        lad[:, i] = (c.level, c.strain, int(c.open), c.value, (6 if c.open else 5) if c.is_misere else c.strain)
        if c == MISERE_CONTRACT:
            acfg[A_MIS_INDEX] = i
        elif c == OPEN_MISERE_CONTRACT:
            acfg[A_OPEN_INDEX] = i
        else:
            acfg[A_POS + 5 * (c.level - 6) + c.strain] = i
    acfg[A_MISERE] = MISERE_CODES[options.misere]
    acfg[A_AMERICAN] = options.auction == "american"
    acfg[A_OWN_RAISE] = options.own_raise == "after_passes"
    return lad, acfg


def contract_of(index: int, options: Options = Options()) -> Contract:
    return ladder(options)[index]


# ----------------------------------------------------------------------------- features
# Deck-id masks the features count: per suit strain s, FM[s, k]; no-trumps/misère use row 4.
FM_TRUMP, FM_JOKER, FM_RIGHT, FM_LEFT, FM_TACE, FM_TKING, FM_SIDE_ACES, FM_SIDE_KINGS = range(8)
FM_SUIT = 8        # FM_SUIT + t: the cards of suit t as they are in strain s (bowers moved, joker out)
FM_ACES, FM_KINGS, FM_QUEENS, FM_JACKS, FM_LOW = 12, 13, 14, 15, 16   # row 4: plain ranks; LOW: 7 and below
FM_SIZE = 17

N_SUIT_F = 12
SUIT_FEATURES = ("const", "trumps", "joker", "right", "left", "trump_ace", "trump_king", "side_aces",
                 "side_kings", "side_voids", "side_singletons", "long_trumps")
N_NT_F = 10
NT_FEATURES = ("const", "joker", "aces", "kings", "queens", "jacks", "longest", "voids", "stoppers", "long_excess")
N_MIS_F = 10
MIS_FEATURES = ("const", "joker", "aces", "kings", "queens", "jacks", "low", "voids", "suits_without_low",
                "longest")


@lru_cache(maxsize=None)
def feature_masks(tab: Table = FOUR) -> np.ndarray:
    """The deck-id masks the features count, for a table's deck (FM_*); low cards are the
    7 and below in the suit's order (the six-handed 11-13 are not low)."""
    fm = np.zeros((5, FM_SIZE), np.uint64)
    codes = tab.deck.codes
    for cid, code in enumerate(codes):
        bit = np.uint64(1) << np.uint64(cid)
        if code == JOKER:
            for s in range(4):
                fm[s, FM_TRUMP] |= bit
                fm[s, FM_JOKER] |= bit
            fm[4, FM_JOKER] |= bit
            continue
        suit, rank = suit_of(code), rank_of(code)
        for s in range(4):
            if suit == s or (rank == JACK and suit == same_colour_suit(s)):
                fm[s, FM_TRUMP] |= bit
                if rank == JACK:
                    fm[s, FM_RIGHT if suit == s else FM_LEFT] |= bit
                elif rank == ACE:
                    fm[s, FM_TACE] |= bit
                elif rank == KING:
                    fm[s, FM_TKING] |= bit
            else:
                fm[s, FM_SUIT + suit] |= bit
                if rank == ACE:
                    fm[s, FM_SIDE_ACES] |= bit
                elif rank == KING:
                    fm[s, FM_SIDE_KINGS] |= bit
        fm[4, FM_SUIT + suit] |= bit
        for rk, k in ((ACE, FM_ACES), (KING, FM_KINGS), (QUEEN, FM_QUEENS), (JACK, FM_JACKS)):
            if rank == rk:
                fm[4, k] |= bit
        order = tab.ranks(suit)
        if order.index(rank) <= order.index(7):
            fm[4, FM_LOW] |= bit
    fm.setflags(write=False)
    return fm


FMASKS = feature_masks(FOUR)


@njit(cache=True, forceinline=True)
def suit_features(hand, fm, s, f):
    """Fill ``f`` (N_SUIT_F) with the features of ``hand`` (deck ids) for trumps ``s``."""
    row = fm[s]
    trumps = popcount(hand & row[FM_TRUMP])
    f[0] = 1.0
    f[1] = trumps
    f[2] = popcount(hand & row[FM_JOKER])
    f[3] = popcount(hand & row[FM_RIGHT])
    f[4] = popcount(hand & row[FM_LEFT])
    f[5] = popcount(hand & row[FM_TACE])
    f[6] = popcount(hand & row[FM_TKING])
    f[7] = popcount(hand & row[FM_SIDE_ACES])
    f[8] = popcount(hand & row[FM_SIDE_KINGS])
    voids = 0
    singles = 0
    for t in range(4):
        if t != s:
            n = popcount(hand & row[FM_SUIT + t])
            if n == 0:
                voids += 1
            elif n == 1:
                singles += 1
    f[9] = voids
    f[10] = singles
    f[11] = max(0, trumps - 4)


@njit(cache=True, forceinline=True)
def _plain_ranks(hand, row, f):
    """f[0..5]: 1, the joker, aces, kings, queens, jacks (no-trump layout ``row``)."""
    f[0] = 1.0
    f[1] = popcount(hand & row[FM_JOKER])
    f[2] = popcount(hand & row[FM_ACES])
    f[3] = popcount(hand & row[FM_KINGS])
    f[4] = popcount(hand & row[FM_QUEENS])
    f[5] = popcount(hand & row[FM_JACKS])


@njit(cache=True, forceinline=True)
def nt_features(hand, fm, f):
    """Fill ``f`` (N_NT_F) with the no-trump features of ``hand``."""
    row = fm[4]
    _plain_ranks(hand, row, f)
    longest = 0
    voids = 0
    stoppers = 0
    for t in range(4):
        m = hand & row[FM_SUIT + t]
        n = popcount(m)
        longest = max(longest, n)
        if n == 0:
            voids += 1
        elif (m & row[FM_ACES]) or ((m & row[FM_KINGS]) and n >= 2) or ((m & row[FM_QUEENS]) and n >= 3):
            stoppers += 1
    f[6] = longest
    f[7] = voids
    f[8] = stoppers
    f[9] = max(0, longest - 4)


@njit(cache=True, forceinline=True)
def misere_features(hand, fm, f):
    """Fill ``f`` (N_MIS_F) with the misère features of ``hand``."""
    row = fm[4]
    _plain_ranks(hand, row, f)
    f[6] = popcount(hand & row[FM_LOW])
    voids = 0
    no_low = 0
    longest = 0
    for t in range(4):
        m = hand & row[FM_SUIT + t]
        n = popcount(m)
        longest = max(longest, n)
        if n == 0:
            voids += 1
        elif not (m & row[FM_LOW]):
            no_low += 1
    f[7] = voids
    f[8] = no_low
    f[9] = longest


# ----------------------------------------------------------------------------- policy
# The policy vector: the weights, the average predictions, then the auction's margins.
P_SUIT = 0
P_NT = P_SUIT + N_SUIT_F
P_MIS = P_NT + N_NT_F
P_OPEN = P_MIS + N_MIS_F
P_MEAN_SUIT = P_OPEN + N_MIS_F    # a random hand's mean suit prediction (for raising a partner)
P_MEAN_NT = P_MEAN_SUIT + 1
P_MARGIN = P_MEAN_NT + 1          # tricks below the prediction a seat bids up to
P_PARTNER = P_MARGIN + 1          # ... and this many more over its partner's bid
P_MIS_T = P_PARTNER + 1           # bid misère at this chance or more
P_OPEN_T = P_MIS_T + 1            # open misère
POLICY_SIZE = P_OPEN_T + 1
V_SIZE = 7                        # valuation: 4 suits, NT (tricks), misère, open misère (chances)

# Each table size's policy, made by ``python scripts/tune_five_hundred.py --players N --fit --deals 300000
# --margins --margin-deals 200000 --seed 1`` against that table's heuristic players: the valuation's
# least squares on 1.2 M suit and 300,000 no-trump, misère and open misère play-outs (its deck,
# its sides: three players alone, five with the called partner, six in teams of three), then the
# four thresholds as best responses in self-play, round after round until none moved.
TABLE_POLICIES = {
    # players: suit weights, no-trump weights, misère weights, open misère weights, the two means,
    #          the thresholds (margin, partner, misère chance, open misère chance)
    2: ((2.232, 0.85, 0.752, 0.539, 0.34, 0.153, 0.036, 0.716, 0.329, 0.347, 0.15, -0.333),
        (2.239, 1.794, 1.402, 0.466, 0.175, 0.085, 0.141, -0.047, -0.084, 0.394),
        (0.039, -0.028, -0.024, -0.021, -0.021, -0.021, 0.072, 0.062, 0.012, 0.006),
        (0.038, -0.032, -0.024, -0.021, -0.021, -0.02, 0.07, 0.062, 0.013, 0.005),
        (6.4, 5.76),
        (-0.25, 1, 0.25, 0.25)),
    3: ((-0.329, 0.804, 1.114, 0.688, 0.474, 0.354, 0.185, 0.941, 0.318, 0.261, 0.083, 0.26),
        (-0.022, 2.476, 1.802, 0.528, 0.163, 0.051, 0.167, 0.018, -0.144, 0.177),
        (0.107, -0.094, -0.079, -0.072, -0.071, -0.064, 0.152, 0.137, 0.085, 0.009),
        (0.054, -0.061, -0.045, -0.04, -0.039, -0.033, 0.09, 0.07, 0.034, 0.013),
        (4.22, 4.15),
        (0.25, 1, 0.35, 0.3)),
    4: ((3.159, 0.46, 0.787, 0.542, 0.298, 0.241, 0.164, 0.574, 0.234, 0.164, 0.063, 0.223),
        (3.393, 1.243, 1.032, 0.468, 0.192, 0.062, 0.12, -0.009, -0.04, 0.095),
        (0.08, -0.035, -0.029, -0.026, -0.024, -0.025, 0.06, 0.024, -0.037, 0.016),
        (-0.014, -0.029, -0.022, -0.02, -0.017, -0.016, 0.044, 0.03, -0.007, 0.014),
        (5.62, 5.73),
        (0, 0.5, 0.35, 0.3)),
    5: ((3.331, 0.469, 0.635, 0.551, 0.263, 0.201, 0.139, 0.636, 0.238, 0.148, 0.059, 0.218),
        (3.413, 0.986, 1.148, 0.62, 0.294, 0.119, 0.103, 0.029, -0.083, 0.185),
        (0.025, -0.053, -0.031, -0.029, -0.026, -0.024, 0.077, -0.011, -0.057, 0.029),
        (-0.099, -0.052, -0.026, -0.026, -0.023, -0.019, 0.065, 0.024, -0.015, 0.025),
        (5.57, 5.57),
        (-0.25, 1, 0.5, 0.45)),
    6: ((3.929, 0.305, 0.676, 0.438, 0.27, 0.213, 0.164, 0.459, 0.163, 0.124, 0.055, 0.265),
        (3.991, 0.922, 0.797, 0.428, 0.218, 0.105, 0.068, 0.015, -0.028, 0.049),
        (0.056, -0.044, -0.036, -0.035, -0.033, -0.028, 0.063, 0.015, -0.036, 0.018),
        (-0.049, -0.035, -0.023, -0.023, -0.02, -0.018, 0.057, 0.024, -0.014, 0.015),
        (5.44, 5.37),
        (0.5, 0.75, 0.35, 0.4)),
}


def default_policy(players: int = 4) -> np.ndarray:
    """The bidding policy vector of a table size (``TABLE_POLICIES``)."""
    return np.array([x for part in TABLE_POLICIES[players] for x in part], np.float64)


DEFAULT_POLICY = default_policy(4)


@njit(cache=True)
def valuation(hand, fm, pol, v):
    """``v`` (V_SIZE): predicted tricks of the hand's side contracting in each suit and in
    no-trumps, and its chance of taking no trick in misère and in open misère."""
    f = np.empty(N_SUIT_F, np.float64)
    for s in range(4):
        suit_features(hand, fm, s, f)
        x = 0.0
        for i in range(N_SUIT_F):
            x += pol[P_SUIT + i] * f[i]
        v[s] = min(max(x, 0.0), 10.0)
    nt_features(hand, fm, f)
    x = 0.0
    for i in range(N_NT_F):
        x += pol[P_NT + i] * f[i]
    v[4] = min(max(x, 0.0), 10.0)
    misere_features(hand, fm, f)
    x = 0.0
    y = 0.0
    for i in range(N_MIS_F):
        x += pol[P_MIS + i] * f[i]
        y += pol[P_OPEN + i] * f[i]
    v[5] = min(max(x, 0.0), 1.0)
    v[6] = min(max(y, 0.0), 1.0)


@njit(cache=True, forceinline=True)
def misere_allowed(cur, lad, acfg):
    rule = acfg[A_MISERE]
    if rule == 2 or acfg[A_MIS_INDEX] <= cur:
        return False
    if rule == 1:
        return True
    return cur >= 0 and lad[LAD_STRAIN, cur] != MISERE and lad[LAD_LEVEL, cur] == 7


@njit(cache=True, forceinline=True)
def call_allowed(call, cur, lad, acfg):
    """May ladder index ``call`` be bid over ``cur`` (-1: nobody has bid)?"""
    if call <= cur:
        return False
    if call == acfg[A_MIS_INDEX]:
        return misere_allowed(cur, lad, acfg)
    return True


@njit(cache=True)
def policy_call(v, cur, partner_holds, partner_last, lad, acfg, pol):
    """The policy's call (a ladder index or PASS) for valuation ``v`` when the bid to beat
    is ``cur`` (-1 none), ``partner_holds`` it or not, and the partner's last bid is
    ``partner_last`` (-1 none)."""
    margin = pol[P_MARGIN] + (pol[P_PARTNER] if partner_holds else 0.0)
    best_top = -1
    best_value = 0
    for s in range(5):
        est = v[s]
        if partner_last >= 0 and lad[LAD_STRAIN, partner_last] == s:
            mean = pol[P_MEAN_NT] if s == NT else pol[P_MEAN_SUIT]
            together = lad[LAD_LEVEL, partner_last] + pol[P_MARGIN] + v[s] - mean
            est = max(est, together)
        top = int(np.floor(est - margin + 1e-9))
        if top > 10:
            top = 10
        if top < 6:
            continue
        top_index = acfg[A_POS + 5 * (top - 6) + s]
        if top_index > best_top and top_index > cur:
            best_top = top_index
            best_value = lad[LAD_VALUE, top_index]
    best = best_top if best_top >= 0 else PASS
    if not partner_holds:
        opn = acfg[A_OPEN_INDEX]
        if v[6] >= pol[P_OPEN_T] and opn > cur and best_value < 500:
            return opn
        if v[5] >= pol[P_MIS_T] and best_value < 250 and misere_allowed(cur, lad, acfg):
            return acfg[A_MIS_INDEX]
    return best


@njit(cache=True)
def own_raise(v, cur, lad, acfg, pol):
    """Rule own_raise=after_passes: the last bidder's extra call after three passes — the
    highest level of its strain it reaches (no raise in misère); ``cur`` if none."""
    s = lad[LAD_STRAIN, cur]
    if s == MISERE:
        return cur
    top = int(np.floor(v[s] - pol[P_MARGIN] + 1e-9))
    if top > 10:
        top = 10
    if top < 6:
        return cur
    t = acfg[A_POS + 5 * (top - 6) + s]
    return t if t > cur else cur


# ``st`` (int64, ST_SIZE): the auction's state between calls.
ST_NEXT, ST_CUR, ST_HOLDER, ST_PASSED, ST_SPOKE = range(5)
ST_LAST = 5            # ST_LAST + seat: that seat's last bid (-1 none)
ST_SEATS = ST_LAST + MAX_TABLE_SEATS   # seats at the table
ST_SIDES = ST_SEATS + 1                # rules.SIDES_*: who partners whom
ST_SIZE = ST_SIDES + 1


@njit(cache=True, forceinline=True)
def auction_over(st, acfg):
    passed = st[ST_PASSED]
    n_seats = st[ST_SEATS]
    if acfg[A_AMERICAN]:
        return st[ST_SPOKE] == (1 << n_seats) - 1
    n = popcount(np.uint64(passed))
    return n == n_seats or (n == n_seats - 1 and st[ST_CUR] >= 0)


@njit(cache=True, forceinline=True)
def partner_view(st, seat):
    """(a partner of ``seat`` holds the bid, the highest last bid of its partners or
    PASS): what the policy knows of its side in the auction (fixed partners only)."""
    partners = fixed_partners(st[ST_SIDES], st[ST_SEATS], seat)
    holder = st[ST_HOLDER]
    holds = holder >= 0 and ((partners >> holder) & 1) != 0
    last = PASS
    for p in range(st[ST_SEATS]):
        if (partners >> p) & 1 and st[ST_LAST + p] > last:
            last = st[ST_LAST + p]
    return holds, last


@njit(cache=True, forceinline=True)
def apply_call(st, call):
    """Make ``call`` for the seat whose turn it is and move to the next seat to speak."""
    seat = st[ST_NEXT]
    if call == PASS:
        st[ST_PASSED] |= 1 << seat
    else:
        st[ST_CUR] = call
        st[ST_HOLDER] = seat
        st[ST_LAST + seat] = call
    st[ST_SPOKE] |= 1 << seat
    n_seats = st[ST_SEATS]
    nxt = (seat + 1) % n_seats
    for _ in range(n_seats):
        if not ((st[ST_PASSED] >> nxt) & 1):
            break
        nxt = (nxt + 1) % n_seats
    st[ST_NEXT] = nxt


@njit(cache=True, forceinline=True)
def seat_call(vals, st, lad, acfg, pols):
    """The policy's call for the seat whose turn it is (``vals``: (seats, V_SIZE);
    ``pols``: each seat's policy vector)."""
    seat = st[ST_NEXT]
    holds, last = partner_view(st, seat)
    return policy_call(vals[seat], st[ST_CUR], holds, last, lad, acfg, pols[seat])


@njit(cache=True)
def finish_auction(vals, st, lad, acfg, pols):
    """Continue the auction from ``st`` (modified) by the policies; returns (contractor,
    contract's ladder index), or (NO_SEAT, PASS) when everybody passed (thrown in)."""
    while not auction_over(st, acfg):
        seat = st[ST_NEXT]
        apply_call(st, seat_call(vals, st, lad, acfg, pols))
        if acfg[A_AMERICAN]:       # one call each, in turn
            st[ST_PASSED] |= 1 << seat
            st[ST_NEXT] = (seat + 1) % st[ST_SEATS]
    if st[ST_CUR] < 0:
        return NO_SEAT, PASS
    holder = st[ST_HOLDER]
    cur = st[ST_CUR]
    if acfg[A_OWN_RAISE]:
        cur = own_raise(vals[holder], cur, lad, acfg, pols[holder])
    return holder, cur


@njit(cache=True, forceinline=True)
def start_table(st, dealer, n_seats, sides):
    """``st`` <- the state before the first call at a table of ``n_seats`` with the sides
    of ``sides`` (SIDES_*): left of ``dealer`` to speak, no bid."""
    st[ST_SEATS] = n_seats
    st[ST_SIDES] = sides
    st[ST_NEXT] = (dealer + 1) % n_seats
    st[ST_CUR] = PASS
    st[ST_HOLDER] = NO_SEAT
    st[ST_PASSED] = 0
    st[ST_SPOKE] = 0
    for s in range(MAX_TABLE_SEATS):
        st[ST_LAST + s] = PASS


@njit(cache=True, forceinline=True)
def start_state(st, dealer):
    """``start_table`` at the four-handed table."""
    start_table(st, dealer, 4, SIDES_OPPOSITE)


def new_state(dealer: int, n_seats: int = 4, sides: int = SIDES_OPPOSITE) -> np.ndarray:
    st = np.zeros(ST_SIZE, np.int64)
    start_table(st, np.int64(dealer), np.int64(n_seats), np.int64(sides))
    return st


# ----------------------------------------------------------------------------- calls heard
_PASS_WORDS = {"PASS", "P", "NO", "-"}
SEAT_HELP = "N E S W"


def parse_seat(text: str, what: str = "--seat", tab: Table = FOUR) -> int:
    if tab.players != 4:
        key = str(text).strip().upper()
        if key not in tab.seat_names:
            raise InputError(f"{what} must be one of {' '.join(tab.seat_names)} at the {tab.players}-player "
                             f"table, not {text!r}")
        return tab.seat_names.index(key)
    key = str(text).strip().upper()[:1]
    if key not in SEAT_NAMES or not str(text).strip():
        raise InputError(f"{what} must be one of {SEAT_HELP}, not {text!r}")
    return SEAT_NAMES.index(key)


def parse_auction(text: str, dealer: int, options: Options = Options(), tab: Table = FOUR):
    """The calls of ``text`` in order from the dealer's left (each may name its seat,
    ``W:7S``), checked against the rules
    (each bid above the last on the ladder; misère only where the rule allows it; nobody
    bids after passing; under ``american`` one call each; the auction not over).

    Returns (history, state): history a list of (seat, call, state before the call) and
    ``state`` the auction's state for the seat to speak next (``st[ST_NEXT]``)."""
    lad, acfg = ladder_tables(options)
    order = ladder(options)
    st = new_state(dealer, tab.n_seats, sides_rule(tab.players, options))
    names = tab.seat_names
    history = []
    for k, token in enumerate(text.replace(",", " ").split()):
        if _over(st, acfg):
            raise InputError(f"the auction is over before call {k + 1} ({token!r})")
        seat = int(st[ST_NEXT])
        who, sep, word = token.upper().rpartition(":")
        if sep:
            named = parse_seat(who, f"the seat of call {k + 1} of --auction", tab)
            if (st[ST_PASSED] >> named) & 1:
                raise InputError(f"call {k + 1} of --auction: {names[named]} has passed and may not "
                                 "call again")
            if named != seat:
                raise InputError(f"call {k + 1} of --auction is {names[named]}'s, but it is "
                                 f"{names[seat]}'s turn")
            token = word
        if word in _PASS_WORDS:
            call = PASS
        else:
            try:
                c = parse_contract(token)
            except InputError:
                raise InputError(f"cannot read call {k + 1} of --auction, {token!r} (a bid such as 7S, 8NT, "
                                 "MIS, OPENMIS, or pass)") from None
            call = order.index(c)
            if not call_allowed(call, st[ST_CUR], lad, acfg):
                over = order[st[ST_CUR]].label if st[ST_CUR] >= 0 else None
                if over is not None and call <= st[ST_CUR]:
                    raise InputError(f"call {k + 1} of --auction, {c.label} by {names[seat]}, does not "
                                     f"outrank {over} on the ladder")
                raise InputError(f"call {k + 1} of --auction, {c.label} by {names[seat]}, is not allowed "
                                 f"{'over ' + over if over else 'as the first bid'} (rule misere="
                                 f"{options.misere})")
        history.append((seat, call, st.copy()))
        _apply(st, call, acfg)
    if _over(st, acfg):
        raise InputError("the auction is over: there is no call left to make")
    return history, st


def _over(st, acfg) -> bool:
    return bool(auction_over(st, acfg))


def _apply(st, call, acfg):
    seat = int(st[ST_NEXT])
    apply_call(st, np.int64(call))
    if acfg[A_AMERICAN]:
        st[ST_PASSED] |= 1 << seat
        st[ST_NEXT] = (seat + 1) % int(st[ST_SEATS])


def history_arrays(history) -> np.ndarray:
    """The calls heard as one int64 array (H_SIZE, k) for ``fits``: seat, call, the bid
    to beat, whether the partner held it, the partner's last bid."""
    out = np.zeros((H_ROWS, len(history)), np.int64)
    for k, (seat, call, st) in enumerate(history):
        holds, last = partner_view(st, np.int64(seat))
        out[:, k] = (seat, call, st[ST_CUR], int(holds), last)
    return out


H_SEAT, H_CALL, H_CUR, H_PARTNER_HOLDS, H_PARTNER_LAST = range(5)
H_ROWS = 5


@njit(cache=True)
def fits(v, seat, hist, lad, acfg, pols):
    """Does a hand of valuation ``v`` at ``seat`` make every call ``seat`` made in ``hist``?"""
    for k in range(hist.shape[1]):
        if hist[H_SEAT, k] == seat:
            if policy_call(v, hist[H_CUR, k], hist[H_PARTNER_HOLDS, k] == 1, hist[H_PARTNER_LAST, k], lad, acfg,
                           pols[seat]) != hist[H_CALL, k]:
                return False
    return True
