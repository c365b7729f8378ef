"""Five Hundred play-outs: kitty exchange, joker nomination and heuristic play, in numba.

A play-out takes the 10-card hands of a table (2 to 6 seats) and the kitty in a strain's
layout (see ``rules``), lets the contractor exchange with the kitty, forms the sides
(``table_seats``), then plays ten tricks with every seat following the heuristic
policies below, and returns the tricks of the contractor's side.  In misère the
contractor plays alone (a fixed partner sits out); in open misère the defenders see the
contractor's hand from the second trick on.  The heuristic players know the sides, also
when a five-handed partner is the unrevealed holder of a called card.
"""

import numpy as np
from numba import njit

from ...bits import ONE, ZERO, above, below, high_bit, low_bit, low_index, popcount
from ...sim.deal import _deal_into
from ...sim.rng import stream_key
from ...tricks.dd import C_SIZE, MAX_MOVES, MAX_SEATS, O_ALL, _make_cfg
from ...tricks.engine import beats_core, legal_core, names_core, suit_core
from ...tricks.pimc import candidates, choose, choose_each, choose_plain, choose_plain_each
from ...tricks.heuristic import (follow_core, is_master, lead_core, lowest_equivalent, rank_pos, rule_suits,
                                 winning_core)
from ...tricks.tables import F_FREE_MUST_PLAY, R_DECK, R_DUP_SHIFT, R_FLAGS, R_FREE, R_SUIT, R_TRUMP, R_TRUMP_SUIT
from .deck import MAX_TABLE_SEATS, N_SEATS, N_TRICKS
from .rules import (MISERE, SIDES_ALONE, SIDES_CALL, SIDES_CHOOSE, SIDES_OPPOSITE,  # noqa: F401
                    SIDES_PAIRS, SIDES_THREES)
from .worlds import MODE_PLAIN, MODE_SEE_ALL, SLOTS, seat_worlds_table, tricks_of

# Play kinds of the bid question: one play-out per strain serves every level of it.
KIND_NAMES = ("S", "C", "D", "H", "NT", "MIS", "OPENMIS")
N_KINDS = 7
KIND_OPEN_MISERE = 6
TRACE_COLS = 5  # trick, seat, layout bit, suit led, the trick's winner (TR_WINNER)
TR_WINNER = 4   # written only into a trace that has the column


# ----------------------------------------------------------------------------- exchange
@njit(cache=True)
def exchange(rules, hand, misere):
    """Choose 3 cards to discard from the contractor's 13; returns (kept, discards).

    Suit and no-trump contracts keep trumps and masters (cards no outside card beats)
    and throw the lowest other card of the shortest suit, which makes voids.  Misère
    sheds the joker, then the highest cards, from the shorter suits on ties.
    """
    trump = rules[R_TRUMP]
    outside = rules[R_DECK] & ~hand
    discards = ZERO
    for _ in range(3):
        best = ZERO
        if misere:
            best = hand & rules[R_FREE]
            best_key = np.int64(-1) << 40
            if best == ZERO:
                for s in range(4):
                    m = hand & rules[R_SUIT + s]
                    if m:
                        c = high_bit(m)
                        key = rank_pos(c) * 16 - popcount(m)
                        if key > best_key:
                            best_key = key
                            best = c
        else:
            best_key = np.int64(1) << 40
            for s in range(4):
                suit = rules[R_SUIT + s]
                m = hand & suit & ~trump
                if m == ZERO:
                    continue
                higher_outside = outside & suit
                if higher_outside:
                    m &= ~above(high_bit(higher_outside))   # drop the masters
                if m:
                    c = low_bit(m)
                    key = popcount(hand & suit) * 16 + rank_pos(c)
                    if key < best_key:
                        best_key = key
                        best = c
            if best == ZERO:
                # Only trumps and masters: give up the lowest master, else the lowest trump.
                plain = hand & ~trump
                best = low_bit(plain) if plain else low_bit(hand)
        hand ^= best
        discards |= best
    return hand, discards


@njit(cache=True)
def nominate_joker(rules, hand, work):
    """No-trumps or misère contractor holding the joker nominates it as the top card of
    the longest suit.  In misère this lets it be thrown when void (an un-nominated joker
    must be played when void, and wins); in no-trumps it makes the long suit run.  Measured
    with these players over 60,346 NT deals where the contractor kept the joker: +0.18 ± 0.01
    tricks against never nominating (``python scripts/joker_nomination.py``).  Returns
    the rules to play with: ``rules`` itself, or ``work`` (R_SIZE scratch) nominated."""
    free = rules[R_FREE] & hand
    if not free:
        return rules
    best_suit = 0
    best_len = -1
    for s in range(4):
        n = popcount(hand & rules[R_SUIT + s])
        if n > best_len:
            best_len = n
            best_suit = s
    out = work
    out[:] = rules
    out[R_SUIT + best_suit] |= free
    out[R_TRUMP] &= ~free
    out[R_FREE] = ZERO
    return out


# ----------------------------------------------------------------------------- misère
# The players' decisions take the rule values as scalars (``suits``: the four suit masks
# as a tuple, as in ``tricks.heuristic``'s cores): ``play_out_table`` reads the rule
# vector once, before its loop.  The four misère players are calls, not inlined: with
# scalar arguments a call is cheap, and every kernel linking ``play_out_table`` compiles
# less code.
@njit(cache=True, forceinline=True)
def _danger(suits, c, hand):
    """How keen a misère contractor is to get rid of ``c``: high cards, shorter suits first."""
    s = suit_core(suits, c)
    if s < 0:
        return np.int64(1) << 20
    return rank_pos(c) * 16 - popcount(hand & suits[s])


@njit(cache=True, forceinline=True)
def _most_dangerous(suits, cards, hand):
    best = ZERO
    best_key = -(np.int64(1) << 40)
    rest = cards
    while rest:
        c = low_bit(rest)
        rest ^= c
        k = _danger(suits, c, hand)
        if k > best_key:
            best_key = k
            best = c
    return best


@njit(cache=True)
def misere_lead(suits, hand, unseen, defender_voids):
    """Contractor leads the low card of a suit where someone can overtake it and where
    leading it exposes least: the unseen cards under the suit's lowest card (which the
    defenders can lead to make him win) should not grow, and a singleton that has unseen
    cards under it is best gone.  Avoids suits both defenders have shown void in."""
    best = ZERO
    best_key = -(np.int64(1) << 40)
    for s in range(4):
        m = hand & suits[s]
        if m:
            c = low_bit(m)
            rest = m ^ c
            safe = min(popcount(unseen & suits[s] & above(c)), 2)
            under = popcount(unseen & suits[s] & below(c))
            after = popcount(unseen & suits[s] & below(low_bit(rest))) if rest else 0
            key = safe * 256 + 16 * (under - after) + (15 - rank_pos(c))
            if (defender_voids >> s) & 1:
                key -= 1 << 20
            if key > best_key:
                best_key = key
                best = c
    if best == ZERO:
        return low_bit(hand)
    return best


@njit(cache=True)
def misere_follow(suits, suit, trump, shift, hand, legal, best, last):
    """Contractor follows (``suit``: the mask of the suit led): the highest card that stays
    under the winner; if every card would win, the highest when last (the trick is lost
    anyway) or the lowest."""
    win = winning_core(suit, trump, shift, legal, best)
    safe = legal & ~win
    if safe:
        if legal & suit:
            return high_bit(safe)
        return _most_dangerous(suits, safe, hand)
    if last:
        return high_bit(legal)
    return low_bit(legal)


@njit(cache=True)
def defender_lead(suits, free, hand, unseen, contractor_voids, partners_void, exposed):
    """Misère defender leads low in a suit the contractor holds: the suit where fewest
    unseen cards lie under our lowest card (the contractor can duck under it).  With the
    contractor's hand exposed (open misère): a suit where all his cards lie above our
    lowest, and where the other defenders can go under his lowest card (unseen cards
    below it, or shown void; else they would have to overtake him), with our highest card
    under his lowest (the lower ones serve the next rounds).  The free joker is
    led first (``move_core``): a void defender would have to play it and win."""
    cards = hand & ~free
    if cards == ZERO:
        return hand
    best = ZERO
    best_key = np.int64(1) << 40
    for s in range(4):
        m = cards & suits[s]
        if not m:
            continue
        c = low_bit(m)
        key = popcount(unseen & suits[s] & below(c))
        if (contractor_voids >> s) & 1:
            key += 1 << 20
        if exposed:
            theirs = exposed & suits[s]
            if theirs == ZERO:
                key += 1 << 20
            else:
                key = 64 * popcount(theirs & below(c)) + rank_pos(c)
                under = m & below(low_bit(theirs))
                if under:
                    c = high_bit(under)   # keep the lower ones for the next rounds
                if not ((partners_void >> s) & 1):
                    ducks = popcount(unseen & suits[s] & below(low_bit(theirs)))
                    if ducks == 0:
                        key += 32
                    elif ducks == 1:
                        key += 16
                    over = m & ~below(low_bit(theirs))
                    if under and over and (unseen & suits[s] & above(low_bit(theirs))) \
                            and popcount(theirs) >= 2:
                        # Strip first, the low card waits: a card between his two lowest
                        # makes him spend his lowest (and keeps ours under his next),
                        # else our highest (the others' high cards go).
                        mid = over & below(low_bit(theirs ^ low_bit(theirs)))
                        c = high_bit(mid) if mid else high_bit(over)
        if key < best_key:
            best_key = key
            best = c
    return best


# A misère defender's lead is scored like a no-trump lead: the candidates (the low and the
# top card of each suit we hold, the highest under the contractor's lowest card and the
# highest between his two lowest when his hand is exposed, and ``defender_lead``'s card)
# by weights on their features, fitted by ``scripts/fit_misere_leads.py`` (heuristic
# rollouts of every candidate; the label: the contractor takes a trick).  One set of
# weights for open misère (every table size), one for misère against four defenders (five
# players; fitted with ``--players 5``): against three defenders or fewer the misère fit
# did not beat the rules' card (held out at six players it did worse), so they keep it.
N_MF = 21           # features of a candidate misère lead (``_misere_lead_score``)
MAX_MLEADS = 17     # candidates: four a suit and the rules' card
MISERE_OPEN_W = (1.119, -4.813, 2.591, 0.344, -0.7396, -0.3892, 0.1135, -0.5132, 1.012, 1.272, 4.449, 4.4, 1.629, -10.44,
                 -1.052, -0.7224, 0.7996, 1.542, -0.9578, 1.233, 13.1)
MISERE_CLOSED_FROM = 4      # misère: the weights when more seats than this play (four defenders)
MISERE_CLOSED_W = (-0.9734, 0.0, 0.0, 0.0, 0.0, 0.2211, -1.848, -0.7115, -1.802, 0.0, 0.0, 1.42, -0.4907, -17.34,
                   -2.08, 0.0, 0.0, 1.95, 0.0, 0.0, 0.0)


@njit(cache=True, forceinline=True)
def _misere_lead_score(suits, unseen, exposed, contractor_voids, partners_void, suits_led, rules_card, s, c, m,
                       w, f):
    """The score of a misère defender leading ``c`` (of suit ``s``, our cards there ``m``):
    the weights ``w`` (N_MF) on its features, written into ``f`` when it is given.
    ``exposed``: the contractor's hand in open misère, else 0; ``unseen``: the cards of
    the other defenders (and, in misère, the contractor's)."""
    un = unseen & suits[s]
    theirs = exposed & suits[s]
    lo = low_bit(theirs)
    x0 = 1.0 if c == rules_card else 0.0
    x1 = 1.0 if (exposed != ZERO and theirs == ZERO) else 0.0                # he is void: he throws
    x2 = float(popcount(theirs & below(c)))                                 # his cards that go under it
    x3 = float(popcount(theirs & above(c)))
    x4 = float(min(popcount(un & below(lo)), 3)) if theirs else 0.0        # the others' cards under his lowest
    x5 = float(min(popcount(un & below(c)), 4))                             # unseen cards under our card
    x6 = float(popcount(m))
    x7 = float(popcount(m & below(c)))                                      # ours kept under it
    x8 = rank_pos(c) / 15.0
    x9 = 1.0 if (theirs != ZERO and (theirs & below(c)) == ZERO) else 0.0  # under all his cards
    lo2 = low_bit(theirs ^ lo)
    x10 = 1.0 if (lo2 != ZERO and (c & above(lo)) != ZERO and (c & below(lo2)) != ZERO) else 0.0  # between his two lowest
    x11 = 1.0 if (partners_void >> s) & 1 else 0.0                           # every other defender void here
    x12 = 1.0 if (suits_led >> s) & 1 else 0.0
    x13 = 1.0 if (contractor_voids >> s) & 1 else 0.0                        # he has shown void
    x14 = float(min(popcount(un), 6))
    x15 = 1.0 if popcount(theirs) == 1 else 0.0
    x16 = 1.0 if (theirs != ZERO and (un & below(lo)) == ZERO) else 0.0     # nobody else can go under him
    x17 = 1.0 if c == low_bit(m) else 0.0
    # rank counting: his i-th lowest card against the defenders' pooled i-th lowest
    exposed_n = 0
    a = theirs
    b = un | m
    while a and b:
        if low_bit(a) > low_bit(b):
            exposed_n += 1
        a ^= low_bit(a)
        b ^= low_bit(b)
    x18 = 1.0 if (theirs != ZERO and exposed_n == 0) else 0.0              # he is safe in the suit
    x19 = float(exposed_n)                                                  # his cards above the pool's
    x20 = rank_pos(lo) / 15.0 if theirs else 0.0                            # how high his lowest is
    if f is not None:
        f[0] = x0; f[1] = x1; f[2] = x2; f[3] = x3; f[4] = x4; f[5] = x5; f[6] = x6; f[7] = x7   # noqa: E702
        f[8] = x8; f[9] = x9; f[10] = x10; f[11] = x11; f[12] = x12; f[13] = x13; f[14] = x14   # noqa: E702
        f[15] = x15; f[16] = x16; f[17] = x17; f[18] = x18; f[19] = x19; f[20] = x20          # noqa: E702
    return (w[0] * x0 + w[1] * x1 + w[2] * x2 + w[3] * x3 + w[4] * x4 + w[5] * x5 + w[6] * x6 + w[7] * x7
            + w[8] * x8 + w[9] * x9 + w[10] * x10 + w[11] * x11 + w[12] * x12 + w[13] * x13 + w[14] * x14
            + w[15] * x15 + w[16] * x16 + w[17] * x17 + w[18] * x18 + w[19] * x19 + w[20] * x20)


@njit(cache=True, forceinline=True)
def misere_defence_lead(suits, free, hand, unseen, contractor_voids, partners_void, exposed, suits_led, rules_card,
                        w, feats, cands):
    """A misère defender's lead: in open misère a card that catches the contractor at once
    when there is one, else by the weights ``w`` the candidate (see above) of the highest
    ``_misere_lead_score``, the free joker aside.  ``feats`` / ``cands``: when
    given, every candidate's features and card are written there (the fit).  Returns (the
    card, the number of candidates scored: 0 for a catch at once)."""
    cards = hand & ~free
    if exposed and not (unseen & free):
        # a lead that catches him now: under all his cards of a suit where nobody else
        # holds a card above his lowest (the others go under him or throw)
        for s in range(4):
            theirs = exposed & suits[s]
            lo = low_bit(theirs)
            under = cards & suits[s] & below(lo)
            if theirs and under and (unseen & suits[s] & above(lo)) == ZERO:
                return high_bit(under), 0
    best = ZERO
    best_score = -1e300
    k = 0
    seen = ZERO
    for s in range(4):
        m = cards & suits[s]
        if m == ZERO:
            continue
        theirs = exposed & suits[s]
        lo = low_bit(theirs)
        lo2 = low_bit(theirs ^ lo)
        for j in range(5):
            if j == 0:
                c = low_bit(m)
            elif j == 1:
                c = high_bit(m)
            elif j == 2:
                c = high_bit(m & below(lo)) if theirs else ZERO
            elif j == 3:
                c = high_bit(m & above(lo) & below(lo2)) if lo2 else ZERO
            else:
                c = rules_card if rules_card & m else ZERO
            if c == ZERO:
                continue
            if seen & c:
                continue
            seen |= c
            if feats is not None:
                sc = _misere_lead_score(suits, unseen, exposed, contractor_voids, partners_void, suits_led,
                                        rules_card, s, c, m, w, feats[k])
                cands[k] = c
            else:
                sc = _misere_lead_score(suits, unseen, exposed, contractor_voids, partners_void, suits_led,
                                        rules_card, s, c, m, w, None)
            if sc > best_score:
                best_score = sc
                best = c
            k += 1
    if best == ZERO:
        return rules_card, k
    return best, k


@njit(cache=True)
def _defender_discard(suits, cards, hand, unseen, exposed):
    """A misère defender's discard from ``cards``: the joker, then (the contractor's hand
    exposed) a card that blocks the other defenders -- ours above his lowest card of a
    suit where unseen cards lie under it: a low lead of theirs forces him only when we
    no longer hold the suit (the suit we hold fewest of first) -- else high cards; his
    hand unseen, the top card of the suit where our lowest card is highest."""
    top = _most_dangerous(suits, cards, hand)
    if exposed and suit_core(suits, top) >= 0:
        best = ZERO
        fewest = 99
        for s in range(4):
            theirs = exposed & suits[s]
            if theirs == ZERO or (unseen & suits[s] & below(low_bit(theirs))) == ZERO:
                continue
            blockers = cards & suits[s] & ~below(low_bit(theirs))
            n = popcount(hand & suits[s])
            if blockers and n < fewest:
                fewest = n
                best = high_bit(blockers)
        if best:
            return best
    if not exposed and suit_core(suits, top) >= 0:
        # his hand unseen: the top card of the suit whose lowest card of ours is highest
        # (the suit we could never lead under him)
        best = ZERO
        hi = -1
        for s in range(4):
            m = cards & suits[s]
            if m and rank_pos(low_bit(hand & suits[s])) > hi:
                hi = rank_pos(low_bit(hand & suits[s]))
                best = high_bit(m)
        if best:
            return best
    return top


@njit(cache=True)
def defender_follow(suits, suit, trump, free, shift, hand, legal, best, contractor_winning,
                    contractor_played, unseen, exposed):
    """Misère defender (``suit``: the mask of the suit led): keep the contractor on top,
    shed high cards (``_defender_discard`` when void); before him, under his lowest card
    when it is known, else the highest card that does not beat the trick."""
    win = winning_core(suit, trump, shift, legal, best)
    following = (legal & suit) != ZERO
    if contractor_played:
        if contractor_winning:
            under = legal & ~win
            if under:
                return high_bit(under) if following else _defender_discard(suits, under, hand, unseen, exposed)
            return low_bit(legal)
        return high_bit(legal) if following else _defender_discard(suits, legal, hand, unseen, exposed)
    # The contractor plays after us: go under his lowest card of the suit when it is known;
    # when he can go under the card winning now (or is void), shed our highest instead.
    if following:
        theirs = exposed & suit
        if exposed and (theirs == ZERO or theirs & ~winning_core(suit, trump, shift, theirs, best)):
            return high_bit(legal)
        if theirs:
            under = legal & below(low_bit(theirs))
            if under:
                return high_bit(under)
        # else our highest card under the one winning now: the lower ones stay for later
        # leads, and the bar he must stay under does not rise
        keep = legal & ~win
        if keep:
            return high_bit(keep)
        return low_bit(legal)
    throwable = legal & ~free
    if throwable:
        return _defender_discard(suits, throwable, hand, unseen, exposed)
    return legal  # only the joker, which a void player must play in misère


# ----------------------------------------------------------------------------- defence
@njit(cache=True, forceinline=True)
def defence_lead(suits, trump, ts, hand, unseen, opp_voids):
    """A suit contract's defender leads a master trump while the contractor's side may
    hold trumps (it is a trick whenever it is played, and draws one of theirs), else a
    plain master that an opponent will ruff (it would never win, and the ruff shortens
    their trumps).  Returns 0 for ``lead_core``'s choice."""
    mine = hand & trump
    if mine and (unseen & trump) and is_master(high_bit(mine), trump, unseen):
        return lowest_equivalent(high_bit(mine), mine, trump, unseen)
    for s in range(4):
        if s == ts or not ((opp_voids >> s) & 1):
            continue
        m = hand & suits[s]
        if m and is_master(high_bit(m), suits[s], unseen):
            return lowest_equivalent(high_bit(m), m, suits[s], unseen)
    return ZERO


@njit(cache=True, forceinline=True)
def rules_lead(suits, trump, free, ts, hand, unseen, declaring, partner_voids, opp_voids, partner_trump,
               opps_trump):
    """The rules' lead in a suit or no-trump contract: a suit contract's defender's
    ``defence_lead``, else ``lead_core``'s card (the fitted leads weigh it as a feature)."""
    card = ZERO
    if not declaring and ts < 4:
        card = defence_lead(suits, trump, ts, hand, unseen, opp_voids)
    if card == ZERO:
        card = lead_core(suits, trump, free, ts, hand, unseen, declaring, partner_voids, opp_voids,
                         partner_trump, opps_trump)
    return card


# ----------------------------------------------------------------------------- no-trump lead
N_LF = 14        # features of a candidate lead (``_lead_score``)
MAX_LEADS = 8    # candidates: the top and the low card of each suit
# The weights of the no-trump leads, the declaring side's and the defenders', fitted by
# ``scripts/fit_leads.py`` (heuristic rollouts of every candidate on self-play deals).
NT_DEFENCE_W = (4.408, 5.978, 1.173, 1.402, -1.771, 0.2778, -0.2697, 1.55, -0.2551, 1.972, 1.024, 17.14, -8.349,
                7.749)
NT_LEAD_W = (1.586, 3.331, 0.1999, 0.8529, -0.3554, -1.166, -1.449, -0.4187, 0.1908, 0.3646, -0.169, 2.092, -2.508,
             1.059)


@njit(cache=True, forceinline=True)
def _lead_score(suits, unseen, suits_led, partner_voids, opp_voids, rules_card, s, c, m, longest, w, feats, k):
    """The score of leading ``c`` (of suit ``s``, our cards there ``m``) in no-trumps:
    the weights ``w`` (N_LF) on its features, which are written into ``feats[k]`` when
    ``feats`` is given."""
    n = popcount(m)
    un = popcount(unseen & suits[s])
    x0 = 1.0 if (n >= 2 and c == low_bit(m)) else 0.0                  # the suit's low card
    x1 = 1.0 if is_master(c, suits[s], unseen) else 0.0                # a master
    x2 = float(n)                                                      # the suit's length
    x3 = 1.0 if n == 1 else 0.0
    x4 = 1.0 if n == 2 else 0.0
    x5 = float(un)                                                     # unseen cards of the suit
    x6 = 1.0 if is_master(high_bit(m), suits[s], unseen) else 0.0      # we hold the suit's master
    x7 = 1.0 if (suits_led >> s) & 1 else 0.0                           # the suit was led before
    x8 = 1.0 if c == rules_card else 0.0                                # ``lead_core``'s card
    x9 = 1.0 if n == longest else 0.0                                   # our longest suit
    x10 = rank_pos(c) / 15.0
    x11 = 1.0 if un == 0 else 0.0                                       # nobody else holds the suit
    x12 = 1.0 if (partner_voids >> s) & 1 else 0.0                      # a partner has shown void
    x13 = 1.0 if (opp_voids >> s) & 1 else 0.0                          # an opponent has shown void
    if feats is not None:
        f = feats[k]
        f[0] = x0; f[1] = x1; f[2] = x2; f[3] = x3; f[4] = x4; f[5] = x5; f[6] = x6      # noqa: E702
        f[7] = x7; f[8] = x8; f[9] = x9; f[10] = x10; f[11] = x11; f[12] = x12; f[13] = x13  # noqa: E702
    return (w[0] * x0 + w[1] * x1 + w[2] * x2 + w[3] * x3 + w[4] * x4 + w[5] * x5 + w[6] * x6 + w[7] * x7
            + w[8] * x8 + w[9] * x9 + w[10] * x10 + w[11] * x11 + w[12] * x12 + w[13] * x13)


@njit(cache=True, forceinline=True)
def _best_lead(suits, cards, unseen, suits_led, partner_voids, opp_voids, rules_card, longest, ts, k_lead, suit_kind,
               w_nt, w_suit, feats, cands):
    """The fitted leads' choice: among the top (the lowest of its equals) and the low card
    of each suit of ``cards``, the one of the highest score, ``_suit_score`` (weights
    ``w_suit``) with ``suit_kind``, else ``_lead_score`` (``w_nt``).  ``feats`` / ``cands``:
    when given, every candidate's features and card are written there (the fit).  Returns
    (the card, the number of candidates); the rules' card when it is not a candidate."""
    best = ZERO
    best_score = -1e300
    found = False
    k = 0
    for s in range(4):
        m = cards & suits[s]
        if m == ZERO:
            continue
        top = lowest_equivalent(high_bit(m), m, suits[s], unseen)
        low = low_bit(m)
        for j in range(2):
            c = top if j == 0 else low
            if j == 1 and c == top:
                break
            found = found or c == rules_card
            if suit_kind:
                sc = _suit_score(suits, ts, unseen, suits_led, opp_voids, rules_card, s, c, m, k_lead, w_suit, feats,
                                 k)
            else:
                sc = _lead_score(suits, unseen, suits_led, partner_voids, opp_voids, rules_card, s, c, m, longest,
                                 w_nt, feats, k)
            if cands is not None:
                cands[k] = c
            if sc > best_score:
                best_score = sc
                best = c
            k += 1
    if not found:
        return rules_card, 0
    return best, k


@njit(cache=True, forceinline=True)
def nt_lead(suits, free, hand, unseen, suits_led, partner_voids, opp_voids, rules_card, w, feats, cands):
    """A no-trump lead (the declaring side's or a defender's, by its weights ``w``):
    ``_best_lead`` by ``_lead_score``, the free joker aside.  Returns (the card, the
    number of candidates)."""
    cards = hand & ~free
    longest = 0
    for s in range(4):
        longest = max(longest, popcount(cards & suits[s]))
    return _best_lead(suits, cards, unseen, suits_led, partner_voids, opp_voids, rules_card, longest, np.int64(4),
                      (0.0, 0.0, 0.0, 0, 0.0, False), False, w, SUIT2_LEAD_W, feats, cands)


# ----------------------------------------------------------------------------- two-handed suit lead
N_SF = 24        # features of a candidate suit-contract lead (``_suit_score``)
# The two-handed suit contracts' leads, the contractor's and the defender's, fitted by
# ``scripts/fit_leads.py --players 2 --kind suit`` (heuristic rollouts of every candidate
# on self-play deals).  The rules' card alone: (0, ..., 0, 1 at feature 7, 0, ...).
SUIT2_LEAD_W = (0.5049, 1.017, 1.376, -5.6, -2.498, -0.1773, 2.14, 0.1662, -0.8528, 1.065, 0.7258, -1.96, -1.194,
                -1.64, 2.045, 1.688, -4.113, 5.394, -0.6969, -1.028, -0.6788, -0.1867, 1.507, 10.6)
SUIT2_DEFENCE_W = (-1.853, 3.979, -1.689, -2.587, -0.3035, -1.685, -11.5, -0.1493, -1.371, -0.5308, -0.2158,
                   -0.3655, -2.793, -1.333, 14.17, -4.389, 1.378, 15.09, -0.1288, 0.4018, 0.1842, 0.09678, 0.1663,
                   3.505)


@njit(cache=True, forceinline=True)
def _suit_score(suits, ts, unseen, suits_led, opp_voids, rules_card, s, c, m, k_lead, w, feats, k):
    """The score of leading ``c`` (of suit ``s``, our cards there ``m``) in a suit
    contract: the weights ``w`` (N_SF) on its features, written into ``feats[k]`` when
    ``feats`` is given.  ``k_lead``: what is the same for every candidate of the lead (our trumps, the
    unseen trumps, those above our top, our longest plain suit, the trick, whether the
    opponent may ruff); it enters only through a product with what is not."""
    nt, ut, above_top, longest, tt, ruffs = k_lead
    n = popcount(m)
    un = popcount(unseen & suits[s])
    low = 1.0 if (n >= 2 and c == low_bit(m)) else 0.0
    mast = 1.0 if is_master(c, suits[s], unseen) else 0.0
    x0 = low                                                      # the suit's low card
    x1 = mast                                                     # a master
    x2 = float(n)                                                 # the suit's length
    x3 = 1.0 if n == 1 else 0.0                                   # a singleton
    x4 = 1.0 if n == 2 else 0.0                                   # a doubleton
    x5 = float(un)                                                # unseen cards of the suit
    x6 = 1.0 if (suits_led >> s) & 1 else 0.0                     # the suit was led before
    x7 = 1.0 if c == rules_card else 0.0                          # the rules' card (``rules_lead``)
    x15 = rank_pos(c) / 15.0                                      # the card's rank
    if s == ts:
        x8 = 1.0                                                  # a trump
        x9 = nt                                                   # x our trumps
        x10 = ut                                                  # x unseen trumps
        x11 = above_top                                           # x unseen trumps above our top
        x12 = mast                                                # a master trump
        x13 = low                                                 # a low trump
        x14 = x16 = x17 = x18 = x19 = x20 = x21 = x22 = x23 = 0.0
    else:
        x8 = x9 = x10 = x11 = x12 = x13 = 0.0
        x14 = 1.0 if (ruffs and (opp_voids >> s) & 1) else 0.0   # plain, the opponent shown void
        x16 = 1.0 if n == longest else 0.0                        # our longest plain suit
        x17 = 1.0 if un == 0 else 0.0                             # nobody else holds the suit
        x18 = float(popcount(unseen & suits[s] & above(c)))      # unseen cards above it
        x19 = nt                                                  # plain lead x our trumps
        x20 = ut                                                  # x unseen trumps
        x21 = mast * ut                                           # a plain master x unseen trumps
        x22 = above_top                                           # x unseen trumps above our top
        x23 = tt                                                  # x the trick
    if feats is not None:
        f = feats[k]
        f[0] = x0; f[1] = x1; f[2] = x2; f[3] = x3; f[4] = x4; f[5] = x5; f[6] = x6; f[7] = x7       # noqa: E702
        f[8] = x8; f[9] = x9; f[10] = x10; f[11] = x11; f[12] = x12; f[13] = x13; f[14] = x14        # noqa: E702
        f[15] = x15; f[16] = x16; f[17] = x17; f[18] = x18; f[19] = x19; f[20] = x20; f[21] = x21    # noqa: E702
        f[22] = x22; f[23] = x23                                                                      # noqa: E702
    return (w[0] * x0 + w[1] * x1 + w[2] * x2 + w[3] * x3 + w[4] * x4 + w[5] * x5 + w[6] * x6 + w[7] * x7
            + w[8] * x8 + w[9] * x9 + w[10] * x10 + w[11] * x11 + w[12] * x12 + w[13] * x13 + w[14] * x14
            + w[15] * x15 + w[16] * x16 + w[17] * x17 + w[18] * x18 + w[19] * x19 + w[20] * x20 + w[21] * x21
            + w[22] * x22 + w[23] * x23)


@njit(cache=True, forceinline=True)
def suit_lead(suits, trump, ts, hand, unseen, suits_led, opp_voids, opps_trump, rules_card, t, w, feats, cands):
    """A suit contract's lead by the weights ``w``: ``_best_lead`` by ``_suit_score``,
    trumps among the candidates.  Returns (the card, the number of candidates)."""
    mine_t = hand & trump
    longest = 0
    for s in range(4):
        if s != ts:
            longest = max(longest, popcount(hand & suits[s]))
    ut = popcount(unseen & trump)
    above_top = popcount(unseen & trump & above(high_bit(mine_t))) if mine_t else ut
    k_lead = (float(popcount(mine_t)), float(ut), float(above_top), longest, t / 10.0, opps_trump and ut > 0)
    return _best_lead(suits, hand, unseen, suits_led, 0, opp_voids, rules_card, longest, ts, k_lead, True,
                      NT_LEAD_W, w, feats, cands)


# ----------------------------------------------------------------------------- sides
# How the contractor's side is formed: rules.sides_rule's SIDES_* code.


@njit(cache=True, forceinline=True)
def fixed_partners(sides, n_seats, contractor):
    """The contractor's partners as a seat mask when they are fixed before the play
    (0 for SIDES_ALONE and SIDES_CALL)."""
    if sides == SIDES_OPPOSITE or sides == SIDES_CHOOSE:
        return 1 << ((contractor + 2) % n_seats)
    if sides == SIDES_THREES:
        return (1 << ((contractor + 2) % n_seats)) | (1 << ((contractor + 4) % n_seats))
    if sides == SIDES_PAIRS:
        return 1 << ((contractor + 3) % n_seats)
    return 0


@njit(cache=True)
def called_card(rules, hand, discards):
    """The card a five-handed contractor calls after the kitty (SIDES_CALL): the highest
    trump he lacks; in no-trumps the joker if he lacks it, else the highest card he lacks
    of his longest suit.  Never one of his discards, so another player holds it."""
    out = rules[R_DECK] & ~hand & ~discards
    if rules[R_TRUMP_SUIT] < 4:
        return high_bit(out & rules[R_TRUMP])
    free = out & rules[R_FREE]
    if free:
        return free
    best = ZERO
    best_len = -1
    for s in range(4):
        n = popcount(hand & rules[R_SUIT + s])
        m = out & rules[R_SUIT + s]
        if m and n > best_len:
            best_len = n
            best = high_bit(m)
    return best


@njit(cache=True)
def table_seats(rules, hands, n_seats, sides, contractor, discards, misere):
    """(active seats, the contractor's side) as seat masks for a play-out.  Misère: the
    contractor alone, fixed partners sitting out; a called or named partner (five
    players) is not taken, so all five play."""
    full = (1 << n_seats) - 1
    me = 1 << contractor
    if misere:
        if sides == SIDES_CHOOSE:
            return full, me
        return full & ~fixed_partners(sides, n_seats, contractor), me
    if sides == SIDES_CALL:
        called = called_card(rules, hands[contractor], discards)
        for s in range(n_seats):
            if hands[s] & called:
                return full, me | (1 << s)
        return full, me
    return full, me | fixed_partners(sides, n_seats, contractor)


# ----------------------------------------------------------------------------- play-out
@njit(cache=True, forceinline=True)
def _voids(voids, seat):
    """The 4-bit mask of suits ``seat`` has shown void in."""
    return (voids >> (4 * seat)) & 15


@njit(cache=True, forceinline=True)
def _next_seat(seat, active, n_seats):
    s = (seat + 1) % n_seats
    while not ((active >> s) & 1):
        s = (s + 1) % n_seats
    return s


@njit(cache=True, forceinline=True)
def next_seats(active, n_seats):
    """Each active seat's next active seat, 4 bits a seat (read with ``_next``): the play
    loop's turn order without a division at every card."""
    nxt = 0
    for s in range(n_seats):
        if (active >> s) & 1:
            nxt |= _next_seat(s, active, n_seats) << (4 * s)
    return nxt


@njit(cache=True, forceinline=True)
def _next(nxt, seat):
    return (nxt >> (4 * seat)) & 15


@njit(cache=True, forceinline=True)
def move_core(suits, trump, free, shift, flags, ts, deck, hand, contractor_hand, nxt, side, seat, pos, t,
              contractor, discards, misere, open_misere, active, n_active, played, voids, suits_led,
              leader, led, suit, best, winner):
    """The heuristic players' card for ``seat`` (holding ``hand``) at a position of
    ``play_out_table``; returns (card, suit led: the named suit when it leads the free
    joker, else ``led`` unchanged when following).

    The rule values come as scalars (``suits``, ``trump``, ``free``, ``shift``, ``flags``,
    ``ts`` the trump suit as an int64, ``deck``), the turn order as ``next_seats``' table,
    ``side`` the contractor's side (seat mask) and ``suit`` the mask of the suit led.
    """
    declaring = ((side >> seat) & 1) != 0
    mine = side if declaring else active & ~side       # this seat's side
    unseen = deck & ~played & ~hand
    if seat == contractor:
        unseen &= ~discards
    exposed = ZERO
    if open_misere and t >= 1 and seat != contractor:
        exposed = contractor_hand
        unseen &= ~exposed
    if pos == 0:
        # ---- lead
        names = names_core(free, flags, hand, suits_led, _voids(voids, seat))
        if misere:
            if seat == contractor:
                opp_voids = 15
                o = _next(nxt, seat)
                for _ in range(n_active - 1):
                    opp_voids &= _voids(voids, o)
                    o = _next(nxt, o)
                card = misere_lead(suits, hand & ~free, unseen, opp_voids)
            elif hand & free and names:
                card = hand & free
            else:
                partners_void = 15
                o = _next(nxt, seat)
                for _ in range(n_active - 1):
                    if o != contractor:
                        partners_void &= _voids(voids, o)
                    o = _next(nxt, o)
                card = defender_lead(suits, free, hand, unseen, _voids(voids, contractor), partners_void, exposed)
                if exposed or n_active > MISERE_CLOSED_FROM:
                    card, _ = misere_defence_lead(suits, free, hand, unseen, _voids(voids, contractor),
                                                  partners_void, exposed, suits_led, card,
                                                  MISERE_OPEN_W if exposed else MISERE_CLOSED_W, None, None)
            if card == ZERO or (card & free):
                card = hand & free if hand & free else low_bit(hand)
        else:
            # partners: any of them may ruff (their voids OR-ed); opponents likewise
            partner_voids = 0
            opp_voids = 0
            partner_trump = False
            opps_trump = False
            o = _next(nxt, seat)
            for _ in range(n_active - 1):
                v = _voids(voids, o)
                may_trump = ts < 4 and not ((v >> ts) & 1)
                if (mine >> o) & 1:
                    partner_voids |= v
                    partner_trump = partner_trump or may_trump
                else:
                    opp_voids |= v
                    opps_trump = opps_trump or may_trump
                o = _next(nxt, o)
            card = rules_lead(suits, trump, free, ts, hand, unseen, declaring, partner_voids, opp_voids,
                              partner_trump, opps_trump)
            if ts >= 4 and (card & free) == ZERO:
                card, _ = nt_lead(suits, free, hand, unseen, suits_led, partner_voids, opp_voids, card,
                                  NT_LEAD_W if declaring else NT_DEFENCE_W, None, None)
            if ts < 4 and n_active == 2 and (card & free) == ZERO:
                card, _ = suit_lead(suits, trump, ts, hand, unseen, suits_led, opp_voids, opps_trump, card, t,
                                    SUIT2_LEAD_W if declaring else SUIT2_DEFENCE_W, None, None)
            if names and (card & free) == ZERO:
                s = suit_core(suits, card)
                if s < 0 or not is_master(card, suits[s], unseen):
                    card = hand & free
        if card & free:
            # Name the allowed suit we hold fewest of (or any suit on the last trick).
            if names == 0:
                names = 15
            led = -1
            fewest = 99
            for s in range(4):
                if (names >> s) & 1:
                    n = popcount(hand & suits[s])
                    if exposed:
                        # a misère defender names the suit where the contractor's top
                        # card is lowest: he must follow, and throws no danger
                        theirs = exposed & suits[s]
                        n = rank_pos(high_bit(theirs)) if theirs else 64 + n
                    if n < fewest:
                        fewest = n
                        led = s
        else:
            led = suit_core(suits, card)
        return card, led
    # ---- follow
    legal = legal_core(suit, trump, free, flags, shift, hand, best, best)
    if legal & (legal - ONE) == ZERO:
        return legal, led   # a single legal card
    last = pos == n_active - 1
    if misere:
        if seat == contractor:
            card = misere_follow(suits, suit, trump, shift, hand, legal, best, last)
        else:
            contractor_played = False
            s2 = leader
            for _ in range(pos):
                if s2 == contractor:
                    contractor_played = True
                s2 = _next(nxt, s2)
            card = defender_follow(suits, suit, trump, free, shift, hand, legal, best, winner == contractor,
                                   contractor_played, unseen, exposed)
    else:
        # Who plays after us in this trick: partners, opponents, an opponent void in the
        # suit led (at four seats: after 2nd hand an opponent and partner, after 3rd hand
        # an opponent, after 4th hand nobody).
        partner_after = False
        opponents_after = False
        ruff_threat = False
        s2 = seat
        for _ in range(n_active - 1 - pos):
            s2 = _next(nxt, s2)
            if (mine >> s2) & 1:
                partner_after = True
            else:
                opponents_after = True
                if (_voids(voids, s2) >> led) & 1:
                    ruff_threat = True
        card = follow_core(suits, trump, shift, hand, legal, suit, best,
                           ((mine >> winner) & 1) != 0, partner_after,
                           opponents_after, ruff_threat, unseen)
    return card, led


@njit(cache=True, forceinline=True)
def heuristic_move(rules, hands, n_seats, side, seat, pos, t, contractor, discards, misere, open_misere,
                   active, n_active, played, voids, suits_led, leader, led, best, winner):
    """``move_core`` read from a rule vector and the hands, for loops that are not the
    heuristic play-out's (``pimc``: a seat's tie-break card)."""
    suit = rules[R_SUIT + led] if pos > 0 else ZERO
    return move_core(rule_suits(rules), rules[R_TRUMP], rules[R_FREE], rules[R_DUP_SHIFT], rules[R_FLAGS],
                     np.int64(rules[R_TRUMP_SUIT]), rules[R_DECK], hands[seat], hands[contractor],
                     next_seats(active, n_seats), side, seat, pos, t, contractor, discards, misere,
                     open_misere, active, n_active, played, voids, suits_led, leader, led, suit, best, winner)


@njit(cache=True)
def play_out_table(rules, hands, n_seats, active, side, contractor, discards, misere, open_misere,
                   trace, record):
    """Play ten tricks from ``hands`` (modified in place) at a table of ``n_seats`` with
    the seats of ``active`` playing and ``side`` the contractor's (seat masks), every seat
    by the heuristic; returns the tricks of the contractor's side.

    With ``record``, ``trace`` (N_TRICKS * n_seats, TRACE_COLS) receives every play
    (unused rows -1), and the trick's winner in column TR_WINNER when it has one.  The
    heuristic play-out of ``trick_loop``, compiled without the single-dummy code.
    """
    return trick_loop(rules, hands, n_seats, active, side, np.int64(-1), contractor, discards, misere, open_misere,
                      np.int64(0), np.int64(0), np.int64(0), np.int64(0), np.int64(-1), ZERO, None, None, None,
                      trace, record)


@njit(cache=True, nogil=True)
def trick_loop(rules, hands, n_seats, active, side, sides, contractor, discards, misere, open_misere, level,
               pimc_seats, n_worlds, mode, first, key, tt, stats, genbox, trace, record):
    """The one trick loop of Five Hundred, for every play model: ten tricks from ``hands``
    (modified) at a table of ``n_seats``, the seats of ``active`` playing and ``side`` the
    contractor's; returns the contractor side's tricks.  Each card is the heuristic's
    (``move_core``: the rule vector read once, here, into scalars -- passing the vector
    into the inlined decisions made numba count references to it at every card, which
    cost as much as the decision itself), except:

    - ``first`` >= 0: the move code of the opening lead, forced (the lead question);
    - single-dummy play (``pimc``), when the solver's table ``tt`` is given (None: compiled
      without it): the seats of ``pimc_seats`` (mask) choose from ``n_worlds`` sampled
      layouts (``worlds.seat_worlds_table``) the card that reaches what their side needs
      (``level`` tricks for the contractor's side, a trick for a misère's defenders) in
      most of them (``tricks.pimc``).  ``sides`` (SIDES_*) says whether the partner is a
      called card's unrevealed holder; ``key`` seeds the worlds (one stream per card);
      ``genbox`` (int64, >= 1) carries the solver table's generation; ``mode``: see
      ``worlds`` (MODE_SAMPLE, MODE_SEE_ALL, MODE_PLAIN).

    With ``record``, ``trace`` (N_TRICKS * n_seats, 4 or TRACE_COLS) receives every play
    (unused rows -1), and the trick's winner in column TR_WINNER when it has one.
    """
    if record:
        trace[:, :] = -1
    suits = rule_suits(rules)
    trump = rules[R_TRUMP]
    free = rules[R_FREE]
    shift = rules[R_DUP_SHIFT]
    flags = rules[R_FLAGS]
    ts = np.int64(rules[R_TRUMP_SUIT])
    deck = rules[R_DECK]
    n_active = popcount(np.uint64(active))
    nxt = next_seats(active, n_seats)
    me = np.int64(1) << contractor
    if tt is not None:     # the single-dummy state (None: compiled without it)
        maxside = active & ~me if misere else side
        called = ZERO
        if sides == SIDES_CALL and not misere:
            called = called_card(rules, hands[contractor], discards)
        nw = max(n_worlds, 1)
        cfg1 = np.zeros((1, C_SIZE), np.int64)                         # the true sides
        by_holder = np.zeros((MAX_TABLE_SEATS, C_SIZE), np.int64)      # the sides if seat s holds the called card
        cfgw = np.zeros((nw if called != ZERO else 1, C_SIZE), np.int64)
        targets = np.zeros(nw if called != ZERO else 1, np.int64)
        if pimc_seats != 0:
            _make_cfg(cfg1[0], np.int64(n_seats), np.int64(active), np.int64(maxside), np.int64(side), rules,
                      np.int64(O_ALL), np.int64(1))
            if called != ZERO:
                for s in range(n_seats):
                    sw = me | (np.int64(1) << s)
                    _make_cfg(by_holder[s], np.int64(n_seats), np.int64(active), np.int64(sw), np.int64(sw), rules,
                              np.int64(O_ALL), np.int64(1))
        must_free = (flags & F_FREE_MUST_PLAY) != ZERO
        worlds = np.zeros((nw, MAX_SEATS), np.uint64)
        slots = np.zeros((nw, SLOTS), np.uint64)
        need = np.zeros(SLOTS, np.int64)
        allowed = np.zeros(SLOTS, np.uint64)
        slot_seat = np.zeros(SLOTS, np.int64)
        excl = np.zeros(MAX_TABLE_SEATS, np.uint64)
        won = np.zeros(MAX_TABLE_SEATS, np.int64)
        v5 = np.zeros(MAX_SEATS, np.int64)
        codes = np.zeros(MAX_MOVES, np.int64)
        members = np.zeros(MAX_MOVES, np.uint64)
        scores = np.zeros(MAX_MOVES, np.int64)
        values = np.zeros((nw, MAX_MOVES), np.int64) if mode == MODE_PLAIN else np.zeros((1, MAX_MOVES), np.int64)
        goal = np.int64(1) if misere else level
        revealed = False          # the called card has been played
    played = ZERO
    voids = 0  # 4 bits a seat: suits each seat has shown void in
    suits_led = 0
    leader = contractor
    taken = 0
    row = 0
    for t in range(N_TRICKS):
        seat = leader
        best = ZERO
        winner = leader
        led = 0
        suit = ZERO   # the mask of the suit led
        trick = ZERO
        for pos in range(n_active):
            hand = hands[seat]
            hside = side
            if tt is not None:
                searching = ((pimc_seats >> seat) & 1) != 0
                # does this seat know who partners whom?  (only a called card's holder is hidden)
                knows = called == ZERO or revealed or (hand & called) != ZERO or mode == MODE_SEE_ALL
                if searching and not knows:
                    hside = me    # the heuristic told only what it knows: the contractor alone, as far as it can tell
            card, hled = move_core(suits, trump, free, shift, flags, ts, deck, hand, hands[contractor], nxt,
                                   hside, seat, pos, t, contractor, discards, misere, open_misere, active,
                                   n_active, played, voids, suits_led, leader, led, suit, best, winner)
            if t == 0 and pos == 0 and first >= 0:
                card = ONE << np.uint64(first & 63)
                hled = (first >> 6) - 1 if (card & free) else suit_core(suits, card)
            elif tt is not None:
                left = N_TRICKS - t
                open_ = False
                if searching and left > 1:
                    if knows:
                        target = goal - tricks_of(won, n_seats, side)
                        open_ = 0 < target <= left
                    else:
                        # open for some seat that may hold the called card
                        for s in range(n_seats):
                            if s != contractor and s != seat:
                                tg = goal - tricks_of(won, n_seats, me | (np.int64(1) << s))
                                if 0 < tg <= left:
                                    open_ = True
                if open_:
                    if pos == 0:
                        legal = hand & ~free
                        names = names_core(free, flags, hand, suits_led, (voids >> (4 * seat)) & 15)
                    else:
                        legal = legal_core(suit, trump, free, flags, shift, hand, best, best)
                        names = 16 if (legal & free) else 0
                    unpl = (deck & ~played) | trick
                    n = candidates(rules, hand, legal, names, unpl, codes, members)
                    hint = np.int64(low_index(card))
                    if pos == 0 and (card & free):
                        hint |= np.int64(hled + 1) << 6
                    if n > 1:
                        exposed = open_misere and t >= 1 and seat != contractor
                        if mode == MODE_SEE_ALL:
                            for s in range(MAX_SEATS):
                                worlds[0, s] = hands[s] if s < n_seats and (active >> s) & 1 else ZERO
                            got = 1
                        else:
                            got = seat_worlds_table(rules, hands, np.int64(n_seats), seat, contractor, discards,
                                                    exposed, played, voids, excl, active,
                                                    ZERO if revealed else called, stream_key(key, t * 8 + pos),
                                                    worlds, need, allowed, slots, slot_seat)
                        go = got > 0
                        if go and not knows:
                            # each world's partner: the holder of the called card there
                            go = False
                            for w in range(got):
                                holder = -1
                                for s in range(n_seats):
                                    if worlds[w, s] & called:
                                        holder = s
                                sw = me | ((np.int64(1) << holder) if holder >= 0 else 0)
                                if holder >= 0:
                                    cfgw[w, :] = by_holder[holder]
                                else:
                                    cfgw[w, :] = cfg1[0]
                                targets[w] = goal - tricks_of(won, n_seats, sw)
                                if 0 < targets[w] <= left:
                                    go = True
                        if go:
                            for s in range(n_seats):
                                v5[s] = (voids >> (4 * s)) & 15
                            if knows:
                                target = goal - tricks_of(won, n_seats, side)
                                if mode == MODE_PLAIN:
                                    code = choose_plain(rules, cfg1, worlds, got, v5, tt, stats, genbox,
                                                        seat, np.int64(pos), leader, np.int64(led), best, winner,
                                                        trick, np.int64(suits_led), np.int64(left),
                                                        np.int64(target), legal, np.int64(names), hint, values)
                                else:
                                    code = choose(rules, cfg1, worlds, got, v5, tt, stats, genbox,
                                                  seat, np.int64(pos), leader, np.int64(led), best, winner, trick,
                                                  np.int64(suits_led), np.int64(left), np.int64(target),
                                                  codes, members, n, hint, scores)
                            elif mode == MODE_PLAIN:
                                code = choose_plain_each(rules, cfgw[:got], worlds, got, v5, tt, stats, genbox,
                                                         seat, np.int64(pos), leader, np.int64(led), best, winner,
                                                         trick, np.int64(suits_led), np.int64(left), targets[:got],
                                                         legal, np.int64(names), hint, values)
                            else:
                                code = choose_each(rules, cfgw[:got], worlds, got, v5, tt, stats, genbox,
                                                   seat, np.int64(pos), leader, np.int64(led), best, winner, trick,
                                                   np.int64(suits_led), np.int64(left), targets[:got],
                                                   codes, members, n, hint, scores)
                            card = ONE << np.uint64(code & 63)
                            if pos == 0:
                                hled = (code >> 6) - 1 if (card & free) else suit_core(suits, card)
            if pos == 0:
                led = hled
                suits_led |= 1 << led
                suit = suits[led]
                best = card
                winner = seat
            else:
                if not (hand & suit):
                    voids |= 1 << (4 * seat + led)
                    if tt is not None:
                        if must_free and (played & free) == ZERO and not (card & free):
                            excl[seat] |= free
                if beats_core(trump, suit, shift, card, best):
                    best = card
                    winner = seat
            if tt is not None:
                if card & called:
                    revealed = True
                trick |= card
            hands[seat] = hand & ~card
            played |= card
            if record:
                trace[row, 0] = t
                trace[row, 1] = seat
                trace[row, 2] = low_index(card)
                trace[row, 3] = led
                row += 1
            seat = _next(nxt, seat)
        if record and trace.shape[1] > TR_WINNER:
            for r in range(row - n_active, row):
                trace[r, TR_WINNER] = winner
        if (side >> winner) & 1:
            taken += 1
        if tt is not None:
            won[winner] += 1
        leader = winner
    return taken


@njit(cache=True)
def play_out(rules, hands, contractor, discards, misere, open_misere, trace, record):
    """``play_out_table`` at the four-handed table: partners opposite, a misère
    contractor's partner sitting out."""
    active, side = table_seats(rules, hands, N_SEATS, SIDES_OPPOSITE, contractor, discards, misere)
    return play_out_table(rules, hands, N_SEATS, active, side, contractor, discards, misere, open_misere,
                          trace, record)


@njit(cache=True)
def play_deal_table(rules, hands, kitty, n_seats, sides, contractor, misere, open_misere, trace, record, work):
    """Exchange with the kitty, nominate the joker if it helps, form the sides
    (``table_seats``) and play out.

    ``hands`` (n_seats layout masks) is modified; ``work`` is R_SIZE scratch for nominated
    rules.  Returns the contractor side's tricks.
    """
    kept, discards = exchange(rules, hands[contractor] | kitty, misere)
    hands[contractor] = kept
    if rules[R_FREE]:
        rules = nominate_joker(rules, kept, work)
    active, side = table_seats(rules, hands, n_seats, sides, contractor, discards, misere)
    return play_out_table(rules, hands, n_seats, active, side, contractor, discards, misere, open_misere,
                          trace, record)


@njit(cache=True)
def play_deal(rules, hands, kitty, contractor, misere, open_misere, trace, record, work):
    """``play_deal_table`` at the four-handed table."""
    return play_deal_table(rules, hands, kitty, N_SEATS, SIDES_OPPOSITE, contractor, misere, open_misere,
                           trace, record, work)


# ----------------------------------------------------------------------------- batches
@njit(cache=True, forceinline=True)
def relabel(mask, byte_table):
    """Relabel a deck-id mask into a layout with per-byte lookup tables (bytes, 256):
    6 bytes cover the 43-card deck, 8 the 63-card one."""
    out = ZERO
    for b in range(byte_table.shape[0]):
        out |= byte_table[b, (mask >> np.uint64(8 * b)) & np.uint64(255)]
    return out


@njit(cache=True, nogil=True)
def book_joint(joint, tricks):
    """One deal's results into ``joint[a, b, t, u]``: the deals where row ``a`` gave ``t``
    and row ``b`` gave ``u`` tricks (``tricks[a]``), every pair of rows, so that any two
    rows' scores can be compared deal by deal; ``joint[a, a, t, t]`` is row a's histogram
    (``tricks_hist``)."""
    for a in range(tricks.shape[0]):
        for b in range(tricks.shape[0]):
            joint[a, b, tricks[a], tricks[b]] += 1


def tricks_hist(joint):
    """Each row's histogram of tricks, (rows, 11), from ``book_joint``'s array."""
    return np.array([np.diagonal(joint[a, a]) for a in range(joint.shape[0])], np.int64).reshape(
        joint.shape[0], joint.shape[2])


@njit(cache=True, nogil=True)
def bid_chunk(key0, start, n, pool, counts, fixed, kinds, tables, byte_tables, joint, n_seats, sides):
    """Deal ``n`` deals from index ``start`` and play each kind in ``kinds`` at a table of
    ``n_seats`` whose sides form by ``sides`` (SIDES_*).

    Slots: 0 kitty, 1..n_seats seats 0.. (seat 0 asks and contracts), then any dead hand.
    ``joint`` (``book_joint``): the contractor side's tricks of every pair of kinds on the
    same deals.
    """
    buf = np.empty(pool.shape[0], np.int64)
    deal = np.empty(counts.shape[0], np.uint64)
    hands = np.empty(n_seats, np.uint64)
    trace = np.empty((N_TRICKS * n_seats, TRACE_COLS), np.int64)
    work = np.empty(tables.shape[1], np.uint64)
    res = np.empty(kinds.shape[0], np.int64)
    for i in range(n):
        _deal_into(stream_key(key0, start + i), pool, counts, fixed, buf, deal)
        for k in range(kinds.shape[0]):
            kind = kinds[k]
            strain = kind if kind < MISERE else MISERE
            bt = byte_tables[strain]
            for s in range(n_seats):
                hands[s] = relabel(deal[1 + s], bt)
            kitty = relabel(deal[0], bt)
            tricks = play_deal_table(tables[strain], hands, kitty, n_seats, sides, 0, kind >= MISERE,
                                     kind == KIND_OPEN_MISERE, trace, False, work)
            res[k] = tricks
        book_joint(joint, res)
