"""Pinochle's policies in numba: how much a hand is worth, the auction for all four seats,
the two passes and the throw-in.

**Valuation.**  For each trump a hand could name, the policy predicts what the side will
total if this hand declares it: the side's meld after the passes plus its trick points
(at most 250, so that prediction is capped there).  Both predictions are linear in a few
features of the hand (``features``: its meld in that trump, trumps, trump aces and tens,
plain aces and tens, plain voids); the weights are least-squares fits in self-play
(``scripts/tune_pinochle.py``).  A hand's value is its best trump's prediction, and the
trump it would name is that trump.

**Auction.**  A seat bids the next bid (the minimum, or 10 more than the bid to beat) while
that is at most its value less ``P_MARGIN``, and over its partner only with ``P_PARTNER``
more; otherwise it passes, and a seat that passed never bids again.  The bid is always the
smallest raise; the auction ends when three have passed, and if all four pass the dealer
is stuck with the minimum.

**Passes.**  The declarer's partner passes the 4 cards with the highest scores: weights
(``GIVE_W``, fitted by rollouts of every pass in self-play, ``scripts/fit_passes.py``) on
what each card is (trump and its rank, ace, ten, king, queen, jack, a Q♠ or J♦, a nine of
trump), what it does for a meld (his own meld, the suits in which he holds its rank: aces
around and the like) and his hand (trumps held, the suit's length, both copies held).  The
declarer passes back the 4 cards he values least: never a card of his meld, a trump or an
ace while others are left; plain cards of short suits first (voids to trump in), low
before high.

**Throw-in.**  Under the default rule (the side 250 or more short after the meld) the
declarer throws in whenever he may: the bid can be made only by taking every point.  With
``throw_in=any`` he concedes when the shortfall exceeds ``P_CONCEDE``.
"""

import math

import numpy as np
from numba import njit

from ...bits import ZERO, high_index, low_bit, popcount
from .deck import COPY0, DIAMONDS, LANE, N_SEATS, RANK_BITS, RA, RJ, RK, RQ, RT, SPADES
from .meld import meld_all, meld_cards

ACES = RANK_BITS[RA]
TENS = RANK_BITS[RT]
PINOCHLE_CARDS = np.uint64((3 << (16 * SPADES + 2 * RQ)) | (3 << (16 * DIAMONDS + 2 * RJ)))   # Q♠ and J♦
N_FEATURES = 8
F_CONST, F_MELD, F_TRUMPS, F_TRUMP_ACES, F_TRUMP_TENS, F_ACES, F_TENS, F_VOIDS = range(N_FEATURES)
FEATURE_NAMES = ("const", "meld", "trumps", "trump_aces", "trump_tens", "plain_aces", "plain_tens", "plain_voids")

# Policy vector: the weights of the side's meld and of its trick points, then the
# auction's and the throw-in's numbers.
P_MELD_W = 0                   # P_MELD_W + i: weight of feature i in the side's meld
P_POINTS_W = N_FEATURES        # P_POINTS_W + i: in the side's trick points
P_MARGIN = 2 * N_FEATURES      # bid while the next bid <= value - margin
P_PARTNER = P_MARGIN + 1       # ... and over a partner's bid only with this much more
P_CONCEDE = P_MARGIN + 2       # throw_in=any: concede when short by more than this
POLICY_SIZE = P_MARGIN + 3
MAX_POINTS = 250.0

# python scripts/tune_pinochle.py --fit --margins --deals 400000 --rounds 3: least squares
# on 1.6 M play-outs (residual sd: meld 73, trick points 39), then best-response margins
# (margin 0 and 10, partner margin 30 and 40, within a point of each other)
MELD_WEIGHTS = (58.39, 0.81, 9.54, 8.88, 2.44, 9.80, -3.28, -4.33)
POINTS_WEIGHTS = (90.26, -0.08, 15.21, 11.80, 6.53, 9.76, 2.07, 4.84)
DEFAULT_POLICY = np.array(MELD_WEIGHTS + POINTS_WEIGHTS + (10.0, 30.0, 200.0), np.float64)

PASS = 0


# ----------------------------------------------------------------------------- valuation
@njit(cache=True, forceinline=True)
def features(hand, trump, meld, f):
    """Fill ``f`` (N_FEATURES) with the hand's features for ``trump`` given its meld there."""
    lane = LANE[trump]
    plain = hand & ~lane
    f[F_CONST] = 1.0
    f[F_MELD] = meld
    f[F_TRUMPS] = popcount(hand & lane)
    f[F_TRUMP_ACES] = popcount(hand & lane & ACES)
    f[F_TRUMP_TENS] = popcount(hand & lane & TENS)
    f[F_ACES] = popcount(plain & ACES)
    f[F_TENS] = popcount(plain & TENS)
    voids = 0
    for s in range(4):
        if s != trump and not (hand & LANE[s]):
            voids += 1
    f[F_VOIDS] = voids


@njit(cache=True, forceinline=True)
def predict(policy, f):
    """The side's predicted meld plus trick points (capped at 250) for features ``f``."""
    meld = 0.0
    points = 0.0
    for i in range(N_FEATURES):
        meld += policy[P_MELD_W + i] * f[i]
        points += policy[P_POINTS_W + i] * f[i]
    return meld + min(points, MAX_POINTS)


@njit(cache=True)
def valuation(hand, policy, reuse, values):
    """``values[t]``: the side's predicted total if this hand declares trump t (0..3);
    returns the best trump."""
    melds = np.empty(4, np.int64)
    meld_all(hand, reuse, melds)
    f = np.empty(N_FEATURES, np.float64)
    best = 0
    for t in range(4):
        features(hand, t, melds[t], f)
        values[t] = predict(policy, f)
        if values[t] > values[best]:
            best = t
    return best


# ----------------------------------------------------------------------------- auction
@njit(cache=True, forceinline=True)
def next_bid(current, minimum):
    """The smallest bid allowed now (``current`` 0: nobody has bid)."""
    return minimum if current == 0 else current + 10


@njit(cache=True, forceinline=True)
def policy_call(value, current, partner_holds, minimum, policy):
    """The policy's call: the next bid, or PASS."""
    nxt = next_bid(current, minimum)
    need = policy[P_MARGIN] + (policy[P_PARTNER] if partner_holds else 0.0)
    if nxt <= value - need:
        return nxt
    return PASS


@njit(cache=True)
def run_auction(values, first, current, holder, passed, minimum, policies, out):
    """Continue an auction by the policies (``policies[s]``: seat s's) from seat ``first``
    to speak, the bid to beat ``current`` (0: none) held by ``holder`` (-1) and the seats
    that have passed (``passed``, a seat mask); ``values`` are the seats' valuations.  The
    dealer is seat 3.
    out <- (declarer, bid, 1 if nobody bid and the dealer is stuck with the minimum)."""
    seat = first
    while True:
        n_passed = popcount(np.uint64(passed))
        if n_passed >= N_SEATS - 1 and (current > 0 or n_passed == N_SEATS):
            break
        if (passed >> seat) & 1 == 0:
            call = policy_call(values[seat], current, holder >= 0 and holder == (seat ^ 2), minimum, policies[seat])
            if call == PASS:
                passed |= 1 << seat
            else:
                current = call
                holder = seat
        seat = (seat + 1) & 3
    out[2] = 0
    if current == 0:        # everybody passed: the dealer is stuck with the minimum
        holder = 3
        current = minimum
        out[2] = 1
    out[0] = holder
    out[1] = current


# ----------------------------------------------------------------------------- passes
@njit(cache=True, forceinline=True)
def _rank(c):
    return (high_index(c) & 15) >> 1


# What the partner's pass weighs (``pass_features``); GIVE_W: the weights, fitted by
# ``scripts/fit_passes.py`` (rollouts of every pass on self-play deals).
N_PASS_F = 19
GIVE_W = (7.28, 0.435, 3.661, -2.485, 4.849, -2.126, -0.2493, 0.8581, 2.912, 1.093, -0.7, 1.292, 1.576, -0.3096,
          -0.685, 0.1254, -1.246, 0.1805, -4.503)


@njit(cache=True, forceinline=True)
def pass_features(hand, c, trump, keep, f):
    """The features of the partner passing card ``c`` of ``hand`` (``keep``: the cards of
    his own meld, ``meld.meld_cards``) into ``f`` (N_PASS_F)."""
    b = high_index(c)
    s = b >> 4
    r = (b & 15) >> 1
    tr = 1.0 if s == trump else 0.0
    pl = 1.0 - tr
    kinds = (hand | (hand >> np.uint64(1))) & COPY0          # the kinds held, at copy 0
    f[0] = tr
    f[1] = r                                                  # rank: 0 the nine .. 5 the ace
    f[2] = pl if r == RA else 0.0
    f[3] = pl if r == RT else 0.0
    f[4] = pl if (c & PINOCHLE_CARDS) else 0.0
    f[5] = pl if (c & keep) else 0.0
    f[6] = tr * r
    f[7] = pl if r == RK else 0.0
    f[8] = pl if r == RQ else 0.0
    f[9] = pl if r == RJ else 0.0
    f[10] = tr if (c & keep) else 0.0
    f[11] = tr * popcount(hand & LANE[trump])
    around = popcount(kinds & RANK_BITS[r])                   # suits in which this rank is held
    f[12] = pl * around if r == RA else 0.0
    f[13] = pl * around if r == RK else 0.0
    f[14] = pl * around if r == RQ else 0.0
    f[15] = pl * around if r == RJ else 0.0
    pair = np.uint64(3) << np.uint64(b & ~1)
    f[16] = 1.0 if (hand & pair) == pair else 0.0              # both copies held
    f[17] = pl * popcount(hand & LANE[s])
    f[18] = tr if r == 0 else 0.0                              # a nine of trump (the dix)


@njit(cache=True, forceinline=True)
def give_score(hand, c, trump, keep):
    """How gladly the declarer's partner passes card ``c`` (higher: sooner): GIVE_W on
    ``pass_features``."""
    return _give_score(hand, c, trump, keep, np.empty(N_PASS_F, np.float64))


@njit(cache=True, forceinline=True)
def _give_score(hand, c, trump, keep, f):
    """``give_score`` with the features' scratch ``f`` given (one for a whole pass)."""
    pass_features(hand, c, trump, keep, f)
    x = 0.0
    for i in range(N_PASS_F):
        x += GIVE_W[i] * f[i]
    return x


@njit(cache=True, forceinline=True)
def keep_score(hand, c, trump, keep):
    """How much the declarer wants to keep card ``c`` (lower: passed back sooner)."""
    r = _rank(c)
    s = (high_index(c) >> 4) & 3
    if c & keep:
        return 5000 + r
    if c & LANE[trump]:
        return 4000 + r
    if c & ACES:
        return 3000 + r
    return 100 * popcount(hand & LANE[s]) + 10 * r


@njit(cache=True)
def choose_pass(hand, trump, reuse, back):
    """The policy's 4 cards to pass: the partner's (``back`` False: the highest
    ``give_score``) or the declarer's back (the lowest ``keep_score``)."""
    keep = meld_cards(hand, trump, reuse)
    f = np.empty(N_PASS_F, np.float64)
    out = ZERO
    for _ in range(4):
        best = ZERO
        best_score = -1e300
        rest = hand & ~out
        while rest:
            c = low_bit(rest)
            rest ^= c
            if back:
                sc = -keep_score(hand, c, trump, keep)
            else:
                sc = _give_score(hand, c, trump, keep, f)
            if sc > best_score:
                best_score = sc
                best = c
        out |= best
    return out


@njit(cache=True, forceinline=True)
def throws_in(bid, side_meld, any_shortfall, policy):
    """Does the declarer throw in (see the module docstring)?"""
    short = bid - side_meld
    if any_shortfall:
        return short > policy[P_CONCEDE]
    return short >= 250



# ----------------------------------------------------------------------------- three-handed auction
# The three-handed game (``shared/rules/pinochle-three-handed.md``): seats 0..2 clockwise,
# 0 the eldest (left of the dealer), 2 the dealer.  A seat's value is the policy's
# prediction of its total as the bidder (meld after the widow, burial and trick points)
# from its fifteen cards (``valuation`` with POLICY3); it bids while the next allowed bid
# is at most its value less P_MARGIN, and then the bid up to that limit that pays most
# (``call3``: the stakes rise with the bid).  Bids are indices into the ladder of allowed
# bids (``Options3.bids``); -1 is a pass (or no bid yet).
ALL_PASS_FORCED, ALL_PASS_REDEAL, ALL_PASS_STUCK = range(3)   # eldest_forced | redeal | dealer_stuck
ALL_PASS_RULES = ("eldest_forced", "redeal", "dealer_stuck")
N3 = 3

# python scripts/fit_pinochle3.py --deals 200000 --seed 1: least squares of the bidder's
# meld (after the widow) and points (burial and tricks) on the fifteen cards' features,
# every trump of every seat of 200,000 deals (residual sd of the total 59.9); the margin
# from the break-even of a bid in the stakes game (made +1 unit from each, failed -2: bid
# while P(make) > 2/3): the 2/3 quantile of value less the total reached
MELD3_WEIGHTS = (35.06, 0.94, 2.79, 2.10, -2.03, 1.38, -2.68, -2.53)
POINTS3_WEIGHTS = (12.68, -0.03, 12.96, 11.87, 7.51, 11.79, 4.40, 12.03)
MARGIN3 = 25.6
TOTAL3_SD = 59.9           # the residual sd of the bidder's total about the value (the same fit)
DEFAULT_POLICY3 = np.array(MELD3_WEIGHTS + POINTS3_WEIGHTS + (MARGIN3, 0.0, 0.0), np.float64)


# The bidder's concession after the widow (a single bete): he plays while the bid is at most
# his meld + buried points + the trick points predicted from the fifteen cards he keeps
# (``features`` in the trump named; least squares, the same script) + CONCEDE3_SLACK, the
# 2/3 quantile of that prediction's error: above it P(make) < 1/3, where conceding (-1 unit
# to each) beats playing (+1 made, -2 failed).  A forced eldest (he opened at the minimum
# only because he could not pass, and both others passed) concedes without looking at the
# widow; under the default ``forced_concede=free`` that costs nothing.
TRICKS3_WEIGHTS = (-35.61, 0.00, 14.55, 12.64, 8.33, 13.91, 4.01, 12.60)   # residual sd 23.0
CONCEDE3_SLACK = 8.5
DEFAULT_CONCEDE3 = np.array(TRICKS3_WEIGHTS + (CONCEDE3_SLACK,), np.float64)


@njit(cache=True)
def play_limit3(kept, trump, meld, buried_points, concede):
    """The highest bid the bidder plays rather than concede: meld + buried points +
    predicted trick points of ``kept`` (his fifteen cards after the burial) + slack."""
    f = np.empty(N_FEATURES, np.float64)
    features(kept, trump, meld, f)
    p = 0.0
    for i in range(N_FEATURES):
        p += concede[i] * f[i]
    return meld + buried_points + min(p, MAX_POINTS) + concede[N_FEATURES]


@njit(cache=True)
def forced_free3(bidder, k, eldest_value, bids, policy):
    """Does a forced eldest left at the minimum concede unseen (``forced_concede=free``)?
    He holds the bid at ladder index 0 and would not have bid it by his value."""
    return bidder == 0 and k == 0 and eldest_value - policy[P_MARGIN] < bids[0]


@njit(cache=True)
def bidder_units3(bid, limit, total, u):
    """The three-handed bidder's result from each other player, in units: he concedes
    above his play limit (a single bete, -u), else makes (+u) or fails (-2u) by his total;
    ``u`` = the bid's units times the trump's multiplier."""
    if bid > limit:
        return -u
    return u if total >= bid else -2 * u


@njit(cache=True, forceinline=True)
def call3(value, cur, seat, bids, units, policy, all_pass):
    """Seat ``seat``'s call by the policy with value ``value``: the ladder index of its bid,
    or -1 to pass.  It bids while the next bid is at most value less the margin, and then
    the bid of the ladder, from the next up to that limit, that pays most in expectation
    as the bidder: ``units[k]`` * (3 P(make) - 2) (made: +1 unit from each other player,
    failed: -2), P(make) read as P(total >= bid) for a total normal about ``value`` with
    sd TOTAL3_SD.  The stakes rise with the bid, so a hand worth far more than the next bid
    jumps.  Under ``eldest_forced`` the eldest opens at the minimum rather than pass before
    a bid."""
    k = cur + 1
    limit = value - policy[P_MARGIN]
    if k < bids.shape[0] and bids[k] <= limit:
        best = k
        best_ev = -1e300
        j = k
        while j < bids.shape[0] and bids[j] <= limit:
            p = 0.5 * (1.0 + math.erf((value - bids[j]) / (TOTAL3_SD * math.sqrt(2.0))))
            ev = units[j] * (3.0 * p - 2.0)
            if ev > best_ev:
                best_ev = ev
                best = j
            j += 1
        return best
    if all_pass == ALL_PASS_FORCED and seat == 0 and cur < 0:
        return 0
    return -1


@njit(cache=True, forceinline=True)
def heard3(value, cur, seat, call, bids, units, policy, all_pass):
    """Is the heard ``call`` (a ladder index, -1 a pass) one the policy makes with value
    ``value``?  A bid above the next one (a jump) is read as the policy's bidding at least
    that high: the value reaches it plus the margin."""
    if call < 0:
        return call3(value, cur, seat, bids, units, policy, all_pass) < 0
    if all_pass == ALL_PASS_FORCED and seat == 0 and cur < 0 and call == 0:
        return True
    return bids[call] <= value - policy[P_MARGIN]


@njit(cache=True)
def auction3(values, seat, cur, holder, passed, bids, units, policy, all_pass):
    """Continue a three-handed auction by the policy from ``seat`` to speak, the bid to
    beat ``cur`` (-1: none) held by ``holder``, ``passed`` a seat mask.  Returns (the
    bidder, his bid's ladder index), or (-1, -1) when all pass and the deal is redealt."""
    while True:
        n_passed = popcount(np.uint64(passed))
        if (cur >= 0 and n_passed >= N3 - 1) or n_passed >= N3:
            break
        if not (passed >> seat) & 1:
            k = call3(values[seat], cur, seat, bids, units, policy, all_pass)
            if k < 0:
                passed |= 1 << seat
            else:
                cur = k
                holder = seat
        seat = (seat + 1) % N3
    if cur < 0:
        if all_pass == ALL_PASS_STUCK:
            return N3 - 1, 0
        return -1, -1
    return holder, cur
