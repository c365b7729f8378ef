"""Rummy 500 strategies: named players with named parameters, and the decisions they make
inside the play kernels (draw, meld, discard, call Rummy!).

Every strategy values a draw the same way: the cards taken are added to the hand and the
best arrangement computed (with the deepest-card duty when it applies); the gain over the
hand as it is, ``(melded after - melded before) - junk * (deadwood after - deadwood
before)``, less ``margin``, is compared with a stock draw valued ``-stock``; the top card
taken alone when it melds nothing at once is valued as a card to hold, ``tval`` a point of
its value - ``tcost``, + ``tpartner`` with a partner in hand (same rank, or the same suit
within two), + ``tjoker`` a joker held, less ``margin`` (and not at all when the hand is
one card from going out: it could not be thrown this turn).  Those weights are fitted to
the ``take`` question's verdict on self-play draws (``analyzer trust rummy500``).  They
differ in their weights and in what they do with their melds:

- ``greedy``: melds everything at once; takes the pile when it gains more than a stock
  draw (by ``margin``), at most ``maxtake`` cards;
- ``holder``: melds only what the deepest-card duty forces, keeping melds in hand (no
  lay-offs for the others, no Rummy! chances) until it can go out (``out`` cards or fewer
  left after melding), an opponent holds ``danger`` cards or fewer, or the stock is down
  to ``stocklow``;
- ``piler``: melds at once and takes deep piles: the junk the pile brings weighs half
  (``junk`` = 0.05 a point), a take must gain ``margin`` = 3.5, up to ``maxtake`` = 40 cards;
- ``random``: a random legal player (uniform over the legal draws, melds a random share of
  its arrangement, throws a random legal card, calls Rummy! half the time).

Discards (all but ``random``): never a card kept in a held meld while another may go; of
the rest, the highest score: ``dvalue`` a point of the card's value (+ ``dace`` for an
ace) less ``keep`` for a partner in hand (same rank, or the same suit within two),
``feed`` for a card the table or the pile could use (a lay-off for the next player, a
Rummy! chance for everyone), ``dpair`` for each other suit of its rank held and ``drun``
for each card of its suit within two held.  The feature weights are fitted to the
``discard`` question's verdict on self-play positions (``python
scripts/fit_discards.py``).  The value weight is 0, set by self-play tournaments: when
everyone throws the highest card (``dvalue=1``, the rule before) one player who throws
low cards instead wins 55% of the four-handed games, and the reverse holds too; with
``dvalue=0`` neither deviation gains (docs/performance.md).
Rummy!: a player calls when taking the pile from the Rummy! card
gains at least ``call``.

A strategy is written ``name`` or ``name:param=value:param=value`` (e.g.
``holder:danger=2``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...bits import ONE
from ...errors import InputError
from ...sim.rng import LOW32, bounded, next_u64
from .deck import ACE_HIGH, JOKER_BIT
from .melds import (
    MAX_ROWS,
    R_HI,
    R_JMASK,
    R_KIND,
    R_LO,
    R_RANK,
    R_SUIT,
    R_SUITS,
    RES_DEAD,
    RES_MELDED,
    RES_OK,
    RES_ROWS,
    RES_TRUNCATED,
    ROW_LAY_SET,
    ROW_SET,
    best_arrangement,
    held_mask,
    pos_bit,
    potential_mask,
)
from .rules import F_SINGLE_DUTY

# parameter slots of a strategy's vector
PARAMS = ("margin", "junk", "stock", "maxtake", "hold", "out", "danger", "stocklow", "feed", "keep", "call",
          "random", "tval", "tcost", "tpartner", "tjoker", "dpair", "drun", "dvalue", "dace")
(P_MARGIN, P_JUNK, P_STOCK, P_MAXTAKE, P_HOLD, P_OUT, P_DANGER, P_STOCKLOW, P_FEED, P_KEEP, P_CALL,
 P_RANDOM, P_TVAL, P_TCOST, P_TPARTNER, P_TJOKER, P_DPAIR, P_DRUN, P_DVALUE, P_DACE) = range(len(PARAMS))
N_PARAMS = len(PARAMS)

# The draw weights (margin, junk, t*) are least-squares fits to the take question's verdict
# (each option's margin against the stock's) on 300-400 self-play draws from
# ``analyzer trust rummy500``'s positions, refitted under the players they produce until
# they stopped moving much: the pile's extra cards weigh little (0.1 a deadwood point), a
# high card taken alone is worth holding (melded it scores, held it can still be thrown
# later, and the next player does not get it), a low one alone is not.
_BASE = {"margin": 5.5, "junk": 0.1, "stock": 0.0, "maxtake": 10.0, "hold": 0.0, "out": 1.0, "danger": 3.0,
         "stocklow": 4.0, "feed": 15.82, "keep": 3.0, "call": 0.0, "random": 0.0,
         "tval": 0.9, "tcost": 6.5, "tpartner": 3.0, "tjoker": 0.5, "dpair": 5.45, "drun": 1.65, "dvalue": 0.0, "dace": 0.0}
STRATEGIES = {
    "greedy": dict(_BASE),
    "holder": dict(_BASE, hold=1.0),
    "piler": dict(_BASE, junk=0.05, maxtake=40.0, margin=3.5),
    "random": dict(_BASE, random=1.0),
}
DEFAULT_STRATEGY = "greedy"
DESCRIPTIONS = {
    "greedy": "melds at once; takes the pile when it gains more than a stock draw",
    "holder": "holds its melds until it can go out, an opponent is near out or the stock is low",
    "piler": "melds at once; takes deep piles (junk weighs half)",
    "random": "a random legal player (the baseline)",
}

DRAW_STOCK = -1
DRAW_DECLINE = -2        # the stock is empty and the player does not take from the pile
DRAW_POLICY = -3         # (engine) let the strategy choose
NODE_LIMIT = np.int64(20_000)   # meld searches inside play: best found within this many nodes
# (numpy scalars, not Python ints, so that numba compiles one version of each kernel)


def parse_strategy(text: str) -> tuple[str, np.ndarray]:
    """``name[:param=value...]`` -> (canonical text, parameter vector)."""
    parts = [p.strip() for p in str(text).strip().split(":") if p.strip()]
    if not parts or parts[0].lower() not in STRATEGIES:
        raise InputError(f"unknown strategy {text!r} (choose from {', '.join(STRATEGIES)}; "
                         f"parameters as name:param=value)")
    name = parts[0].lower()
    values = dict(STRATEGIES[name])
    for item in parts[1:]:
        key, sep, val = item.partition("=")
        key = key.strip().lower()
        if not sep or key not in values or key == "random":
            raise InputError(f"strategy {name}: unknown parameter {item!r} (parameters: "
                             f"{', '.join(k for k in PARAMS if k != 'random')})")
        try:
            values[key] = float(val)
        except ValueError:
            raise InputError(f"strategy {name}: {key} must be a number, not {val!r}") from None
    canon = name + "".join(f":{k}={values[k]:g}" for k in PARAMS if values[k] != STRATEGIES[name][k])
    return canon, np.array([values[k] for k in PARAMS], np.float64)


def parse_strategies(text: str) -> list[tuple[str, np.ndarray]]:
    items = [t for t in str(text).split(",") if t.strip()]
    if not items:
        raise InputError("--strategies needs at least one strategy")
    return [parse_strategy(t) for t in items]


# ============================================================================ kernels
@njit(cache=True, nogil=True, _nrt=False)
def rand_below(rng, n):
    """A random integer in 0..n-1 from the generator state ``rng[0]``."""
    s, bits = next_u64(rng[0])
    rng[0] = s
    return bounded(bits & LOW32, n)


@njit(cache=True, nogil=True, _nrt=False)
def has_partner(hand, b):
    """Does natural card ``b`` have a partner in hand: another suit of its rank, or a card
    of its suit within two places (the ace at both ends)?"""
    s = b >> 4
    r = b & 15
    for t in range(4):
        if t != s and hand[t * 16 + r] > 0:
            return True
    npos = 2 if r == 1 else 1
    for pi in range(npos):
        p = r if pi == 0 else ACE_HIGH
        for q in range(p - 2, p + 3):
            if q != p and 1 <= q <= ACE_HIGH and hand[pos_bit(s, q)] > 0 and pos_bit(s, q) != b:
                return True
    return False


@njit(cache=True, nogil=True, _nrt=False)
def is_target(b, tab, ntab, vals):
    """Could natural card ``b`` be laid off directly on a table meld?  (The meld check
    with ``b`` alone in hand and no joker.)"""
    return potential_mask(ONE << np.uint64(b), np.int64(0), b, tab, ntab, vals)


@njit(cache=True, nogil=True, _nrt=False)
def row_holds(rows, i, b):
    """Does arrangement row ``i`` hold card ``b`` (the joker: any joker)?"""
    kind = rows[i, R_KIND]
    if b == JOKER_BIT:
        return rows[i, R_JMASK] != 0
    s = b >> 4
    r = b & 15
    if kind == ROW_SET or kind == ROW_LAY_SET:
        return rows[i, R_RANK] == r and ((rows[i, R_SUITS] >> s) & 1) == 1 and ((rows[i, R_JMASK] >> s) & 1) == 0
    if rows[i, R_SUIT] != s:
        return False
    for q in range(rows[i, R_LO], rows[i, R_HI] + 1):
        if pos_bit(s, q) == b and ((rows[i, R_JMASK] >> q) & 1) == 0:
            return True
    return False


@njit(cache=True, nogil=True)
def rows_used(rows, k, used):
    """Counts of the cards rows ``0..k-1`` take from the hand."""
    for b in range(64):
        used[b] = 0
    for i in range(k):
        kind = rows[i, R_KIND]
        if kind == ROW_SET or kind == ROW_LAY_SET:
            r = rows[i, R_RANK]
            have = rows[i, R_SUITS] | rows[i, R_JMASK]
            for t in range(4):
                if (have >> t) & 1:
                    if (rows[i, R_JMASK] >> t) & 1:
                        used[JOKER_BIT] += 1
                    else:
                        used[t * 16 + r] += 1
        else:
            s = rows[i, R_SUIT]
            for q in range(rows[i, R_LO], rows[i, R_HI] + 1):
                if (rows[i, R_JMASK] >> q) & 1:
                    used[JOKER_BIT] += 1
                else:
                    used[pos_bit(s, q)] += 1


@njit(cache=True, nogil=True, _nrt=False)
def take_value(hand, pile, npile, d, tab, ntab, vals, flags, floating, ws_ops, ws_frames, ws_path, work,
               scratch, rows, res, tmp):
    """Feasibility (res[RES_OK]) and (dead, melded) after taking the pile from depth ``d``
    (the deepest card at once when that is a duty).  ``tmp``: scratch counts."""
    for b in range(64):
        tmp[b] = hand[b]
    for i in range(d, npile):
        tmp[pile[i]] += 1
    duty = (npile - d >= 2) or (flags & F_SINGLE_DUTY) != 0 or floating
    must = pile[d] if duty else -1
    best_arrangement(tmp, tab, ntab, vals, must, NODE_LIMIT, rows, res, ws_ops, ws_frames, ws_path, work, scratch)
    return res[RES_TRUNCATED]


@njit(cache=True, nogil=True, _nrt=False)
def choose_draw(p, hands, nheld, pile, npile, nstock, tab, ntab, vals, flags, sp, rng, ws_ops, ws_frames,
                ws_path, work, scratch, rows0, rows_draw, res, tmp, opts, only_depth):
    """The draw of player ``p``: a pile depth (0 = bottom), DRAW_STOCK or DRAW_DECLINE.
    ``only_depth`` >= 0: consider only taking from that depth (a Rummy! call; returns the
    depth if the strategy calls, else DRAW_DECLINE).  Returns (choice, truncated).

    For the meld phase to reuse (``opts`` tail, see ``play._meld_and_discard``): the
    arrangement of the hand as it is goes into ``rows_draw[:MAX_ROWS]`` (its player and
    row count in ``opts[-2]``, ``opts[-1]``; -1: none), the arrangement after the chosen
    pile take into ``rows_draw[2 * MAX_ROWS:]`` (its depth and rows in ``opts[-3]``,
    ``opts[-4]``; depth -1: none)."""
    hand = hands[p]
    par = sp[p]
    floating = nheld[p] == 0
    trunc = 0
    n_opts = opts.shape[0]
    opts[n_opts - 2] = -1
    opts[n_opts - 3] = -1
    rows_base = rows_draw[:MAX_ROWS]
    rows_eval = rows_draw[MAX_ROWS:2 * MAX_ROWS]
    rows_take = rows_draw[2 * MAX_ROWS:]
    if par[P_RANDOM] > 0:
        n = 0
        if only_depth >= 0:
            if rand_below(rng, np.int64(2)) == 0:
                return DRAW_DECLINE, 0
            return only_depth, 0
        if nstock > 0:
            opts[n] = DRAW_STOCK
            n += 1
        for d in range(npile):
            trunc += take_value(hand, pile, npile, d, tab, ntab, vals, flags, floating or nstock == 0, ws_ops,
                                ws_frames, ws_path, work, scratch, rows0, res, tmp)
            if res[RES_OK]:
                opts[n] = d
                n += 1
        if nstock == 0 or n == 0:
            opts[n] = DRAW_DECLINE
            n += 1
        return opts[rand_below(rng, n)], trunc
    best_arrangement(hand, tab, ntab, vals, np.int64(-1), NODE_LIMIT, rows_base, res, ws_ops, ws_frames, ws_path,
                     work, scratch)
    trunc += res[RES_TRUNCATED]
    dead0 = res[RES_DEAD]
    melded0 = res[RES_MELDED]
    rows_used(rows_base, res[RES_ROWS], tmp)
    near_out = nheld[p] - tmp.sum() <= par[P_OUT]
    opts[n_opts - 2] = p
    opts[n_opts - 1] = res[RES_ROWS]
    junk = par[P_JUNK]
    if only_depth >= 0:
        trunc += take_value(hand, pile, npile, only_depth, tab, ntab, vals, flags, npile > 0, ws_ops, ws_frames,
                            ws_path, work, scratch, rows0, res, tmp)
        if not res[RES_OK]:
            return DRAW_DECLINE, trunc
        gain = (res[RES_MELDED] - melded0) - junk * (res[RES_DEAD] - dead0)
        return (only_depth if gain >= par[P_CALL] else DRAW_DECLINE), trunc
    best = DRAW_STOCK if nstock > 0 else DRAW_DECLINE
    # the stock: an unknown card; declining (empty stock): the hand ends as it is
    best_gain = -par[P_STOCK] if nstock > 0 else 0.0
    lowest = max(0, npile - int(par[P_MAXTAKE]))
    held = held_mask(hand)
    taken = np.uint64(0)          # the cards from depth d up, as a mask, and their jokers
    taken_jk = 0
    for d in range(npile - 1, lowest - 1, -1):
        c = pile[d]
        taken |= ONE << np.uint64(c)
        if c == JOKER_BIT:
            taken_jk += 1
        single = d == npile - 1
        duty = floating or nstock == 0 or not single or (flags & F_SINGLE_DUTY) != 0
        usable = c == JOKER_BIT or potential_mask(held | taken, hand[JOKER_BIT] + taken_jk, c, tab, ntab, vals)
        searched = False
        if duty and not usable:
            continue              # the deepest card could not be used at once: no such draw
        gain = -1e9
        if usable:
            # with the stock empty a take must meld (else the hand could go round for ever)
            trunc += take_value(hand, pile, npile, d, tab, ntab, vals, flags, floating or nstock == 0, ws_ops,
                                ws_frames, ws_path, work, scratch, rows_eval, res, tmp)
            if not res[RES_OK]:
                continue
            gain = (res[RES_MELDED] - melded0) - (junk if duty else max(junk, 1.0)) * (res[RES_DEAD] - dead0)
            searched = True
            if single and c != JOKER_BIT and has_partner(hand, c):
                gain += par[P_KEEP]
        if not duty and c != JOKER_BIT and not (searched and res[RES_MELDED] > melded0):
            # the top card alone, melding nothing now: its value as a card to hold (P_TVAL
            # ...); none when the hand is about to go out (it could not be thrown this turn)
            if near_out:
                continue
            alone = par[P_TVAL] * vals[c] - par[P_TCOST] + par[P_TJOKER] * hand[JOKER_BIT]
            if has_partner(hand, c):
                alone += par[P_TPARTNER]
            gain = alone
            searched = False
        if c == JOKER_BIT:
            gain += 15.0
        if nstock > 0:
            gain -= par[P_MARGIN]
        if gain > best_gain:
            best_gain = gain
            best = d
            opts[n_opts - 3] = d if searched else -1
            if searched:
                nr = res[RES_ROWS]
                opts[n_opts - 4] = nr
                for i in range(nr):
                    for k in range(rows_take.shape[1]):
                        rows_take[i, k] = rows_eval[i, k]
    return best, trunc


@njit(cache=True, nogil=True, _nrt=False)
def rows_to_lay(p, rows, nrows, must, nheld, hands, nstock, n_players, sp, rng, used):
    """How many of the arrangement's rows (a prefix) player ``p`` lays down now.  ``used``:
    counts of the cards in all the rows (to see what would be left)."""
    par = sp[p]
    duty = 0
    if must >= 0:
        for i in range(nrows):
            if row_holds(rows, i, must):
                duty = i + 1
                break
    if par[P_RANDOM] > 0:
        return duty + rand_below(rng, nrows - duty + 1)
    if par[P_HOLD] <= 0:
        return nrows
    left = 0
    for b in range(64):
        left += hands[p, b] - used[b]
    if left <= par[P_OUT] or nstock <= par[P_STOCKLOW]:
        return nrows
    for i in range(n_players):
        if i != p and nheld[i] <= par[P_DANGER]:
            return nrows
    return duty


# A discard's score (the highest is thrown): ``dvalue`` a point of the card's value, plus
# ``dace`` for an ace, less the strategy's weights on its features (``discard_features``):
# a partner in hand (``keep``: another suit of its rank, or its suit within two), a card
# the table or the pile could use (``feed``), the other suits of its rank held
# (``dpair``), the cards of its suit within two held (``drun``).
F_PARTNER, F_FEED, F_PAIRS, F_RUN = range(4)
N_DISCARD_F = 4


@njit(cache=True, nogil=True, _nrt=False)
def discard_features(hand, b, tab, ntab, pile_held, pile_jk, vals):
    """The features of throwing natural card ``b`` from ``hand`` (a tuple in F_* order)."""
    s = b >> 4
    r = b & 15
    fed = is_target(b, tab, ntab, vals) or potential_mask(pile_held | (ONE << np.uint64(b)), pile_jk, b, tab,
                                                          np.int64(0), vals)
    pairs = 0
    for t in range(4):
        if t != s and hand[t * 16 + r] > 0:
            pairs += 1
    near = 0
    npos = 2 if r == 1 else 1
    for pi in range(npos):
        q0 = r if pi == 0 else ACE_HIGH
        for q in range(q0 - 2, q0 + 3):
            if q != q0 and 1 <= q <= ACE_HIGH and pos_bit(s, q) != b and hand[pos_bit(s, q)] > 0:
                near += 1
    return (1.0 if has_partner(hand, b) else 0.0, 1.0 if fed else 0.0, float(pairs), float(near))


@njit(cache=True, nogil=True, _nrt=False)
def discard_score(b, value, f, par):
    """How readily a player throws natural card ``b`` (worth ``value``) of features ``f``
    (the highest goes)."""
    return (par[P_DVALUE] * value + (par[P_DACE] if (b & 15) == 1 else 0.0) - par[P_KEEP] * f[F_PARTNER]
            - par[P_FEED] * f[F_FEED] - par[P_DPAIR] * f[F_PAIRS] - par[P_DRUN] * f[F_RUN])


@njit(cache=True, nogil=True, _nrt=False)
def choose_discard(p, hand, forbidden, kept, tab, ntab, pile_cnt, vals, sp, rng):
    """The card player ``p`` throws (a bit), or -1 if none may be.  ``forbidden``: the card
    taken alone from the pile this turn (another copy of it, from two decks, may go).
    ``kept``: counts of cards held back in melds (thrown only when nothing else may be)."""
    par = sp[p]
    if par[P_RANDOM] > 0:
        n = 0
        for b in range(64):
            if hand[b] > (1 if b == forbidden else 0):
                n += 1
        if n == 0:
            return -1
        k = rand_below(rng, n)
        for b in range(64):
            if hand[b] > (1 if b == forbidden else 0):
                if k == 0:
                    return b
                k -= 1
    best = -1
    best_score = -1e18
    pile_held = held_mask(pile_cnt)
    pile_jk = pile_cnt[JOKER_BIT]
    for b in range(64):
        if hand[b] <= (1 if b == forbidden else 0):     # the copy taken alone from the pile stays
            continue
        if b == JOKER_BIT:
            score = -1000.0
        else:
            score = discard_score(b, float(vals[b]), discard_features(hand, b, tab, ntab, pile_held, pile_jk, vals),
                                  par)
        if hand[b] <= kept[b]:
            score -= 500.0
        if score > best_score:
            best_score = score
            best = b
    return best
