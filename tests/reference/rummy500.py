"""A slow, obviously correct Rummy 500 reference in plain Python: meld validity, the best
arrangement of a hand by brute force, lay-offs, legal draws, Rummy! detection, scoring.

Cards are bits as in ``analyzer.games.rummy500.deck``: ``suit * 16 + rank`` (ace 1,
king 13), the joker 0.  A meld on the table is a dict: ``{"kind": "set", "rank": r,
"suits": frozenset}`` or ``{"kind": "run", "suit": s, "lo": lo, "hi": hi}`` (positions
1..14, 14 the ace above the king).  Nothing here is clever: every arrangement is tried.
"""

from __future__ import annotations

from itertools import combinations

JOKER = 0
ACE_HIGH = 14


def suit(b):
    return b >> 4


def rank(b):
    return b & 15


def value(b, values, low_ace=False):
    """Card value under ``values`` ("pip" or "5-10-15")."""
    if b == JOKER:
        return 15
    r = rank(b)
    if r == 1:
        return 1 if (low_ace and values == "pip") else 15
    if values == "pip":
        return min(r, 10)
    return 5 if r <= 9 else 10


def positions(b):
    return (1, ACE_HIGH) if rank(b) == 1 else (rank(b),)


# ------------------------------------------------------------------ meld validity
def set_declarations(cards):
    """Every way ``cards`` form a set: (rank, frozenset of suits held by naturals and
    jokers).  At least one natural; 3 or 4 cards; different suits."""
    nat = [c for c in cards if c != JOKER]
    k = len(cards) - len(nat)
    if not nat or not 3 <= len(cards) <= 4:
        return []
    r = rank(nat[0])
    if any(rank(c) != r for c in nat):
        return []
    suits = [suit(c) for c in nat]
    if len(set(suits)) != len(suits):
        return []
    free = [t for t in range(4) if t not in suits]
    return [(r, frozenset(suits) | frozenset(js)) for js in combinations(free, k)]


def run_declarations(cards):
    """Every way ``cards`` form a run: (suit, lo, hi, ace_low) with the naturals on
    distinct positions of lo..hi and jokers on the rest.  At least one natural."""
    nat = [c for c in cards if c != JOKER]
    n = len(cards)
    if not nat or n < 3 or n > 13:
        return []
    s = suit(nat[0])
    if any(suit(c) != s for c in nat):
        return []
    out = []
    for lo in range(1, ACE_HIGH - n + 2):
        hi = lo + n - 1
        if lo == 1 and hi == ACE_HIGH:
            continue
        # assign each natural a position inside lo..hi (aces: 1 or 14), all distinct
        options = [[p for p in positions(c) if lo <= p <= hi] for c in nat]
        if any(not o for o in options):
            continue
        def assign(i, used):
            if i == len(options):
                yield used
                return
            for p in options[i]:
                if p not in used:
                    yield from assign(i + 1, used | {p})
        for used in assign(0, frozenset()):
            out.append((s, lo, hi, 1 in used))
    return out


def meld_value(cards, decl_kind, decl, values):
    total = 0
    for c in cards:
        low = decl_kind == "run" and rank(c) == 1 and decl[3]
        total += value(c, values, low_ace=low)
    return total


def is_meld(cards) -> bool:
    return bool(set_declarations(cards) or run_declarations(cards))


# ------------------------------------------------------------------ lay-offs
def layoffs(card, meld):
    """The melds ``meld`` becomes with ``card`` laid off on it, and whether the card is an
    ace melded low."""
    out = []
    if meld["kind"] == "set":
        if len(meld["suits"]) >= 4:
            return out
        if card == JOKER:
            for t in range(4):
                if t not in meld["suits"]:
                    out.append(({**meld, "suits": meld["suits"] | {t}}, False))
        elif rank(card) == meld["rank"] and suit(card) not in meld["suits"]:
            out.append(({**meld, "suits": meld["suits"] | {suit(card)}}, False))
        return out
    lo, hi = meld["lo"], meld["hi"]
    if card != JOKER and suit(card) != meld["suit"]:
        return out
    places = (lo - 1, hi + 1) if card == JOKER else positions(card)
    for p in places:
        if p == lo - 1 and p >= 1 and not (hi == ACE_HIGH and p == 1):
            out.append(({**meld, "lo": p}, card != JOKER and p == 1))
        elif p == hi + 1 and p <= ACE_HIGH and not (lo == 1 and p == ACE_HIGH):
            out.append(({**meld, "hi": p}, False))
    return out


def can_lay_off(card, table) -> bool:
    return any(layoffs(card, m) for m in table)


# ------------------------------------------------------------------ best arrangement
def best_arrangement(hand, table, values="pip", must=None):
    """(deadwood, melded) of the best arrangement of ``hand`` (a list of bits) with the
    table melds: least deadwood, then most melded value.  ``must``: a card that must be
    melded or laid off (one copy at least).  None when no arrangement melds ``must``.

    Brute force over states (cards left, melds on the table): any card left may be laid
    off on any meld on the table (the new melds of this arrangement included), in any
    order; the first card left may stay in hand or start a new meld with any subset of the
    other cards that forms one, in every declaration.  Naturals first, jokers last (a new
    meld needs a natural).  Memoised on the state."""
    from functools import lru_cache

    def key_of(m):
        return tuple(sorted(m.items(), key=lambda kv: kv[0]))

    def freeze(tab):
        return tuple(sorted(key_of(m) for m in tab))

    @lru_cache(maxsize=None)
    def solve(rest, tab, done):
        """Best (dead, -melded) for the cards ``rest`` (sorted tuple), or None."""
        if not rest:
            return (0, 0) if (must is None or done) else None
        melds = [dict(t) for t in tab]
        best = None

        def consider(sub, dead, melded):
            nonlocal best
            if sub is None:
                return
            cand = (sub[0] + dead, sub[1] - melded)
            if best is None or cand < best:
                best = cand

        for i, y in enumerate(rest):
            if i and rest[i - 1] == y:
                continue
            others = rest[:i] + rest[i + 1:]
            for j, m in enumerate(melds):
                for new, low in layoffs(y, m):
                    t2 = freeze(melds[:j] + [new] + melds[j + 1:])
                    consider(solve(others, t2, done or y == must), 0, value(y, values, low))
        x, others = rest[0], rest[1:]
        consider(solve(others, tab, done), value(x, values), 0)
        if x != JOKER:
            idx = list(range(len(others)))
            for size in range(2, min(12, len(others)) + 1):
                for pick in combinations(idx, size):
                    group = [x] + [others[j] for j in pick]
                    left = tuple(others[j] for j in idx if j not in pick)
                    d = done or (must is not None and must in group)
                    for r, suits in set_declarations(group):
                        t2 = freeze(melds + [{"kind": "set", "rank": r, "suits": suits}])
                        consider(solve(left, t2, d), 0, meld_value(group, "set", None, values))
                    for s, lo, hi, low in run_declarations(group):
                        t2 = freeze(melds + [{"kind": "run", "suit": s, "lo": lo, "hi": hi}])
                        consider(solve(left, t2, d), 0, meld_value(group, "run", (s, lo, hi, low), values))
        return best

    cards = tuple(sorted(hand, key=lambda c: (c == JOKER, c)))
    out = solve(cards, freeze(table), must is None)
    if out is None:
        return None
    return out[0], -out[1]


# ------------------------------------------------------------------ draws, Rummy!, scores
def legal_draws(hand, pile, table, values="pip", single_duty=False, stock=1):
    """The draws open to a player: "stock" (if any is left) and every pile depth d (0 the
    bottom) whose deepest card can be used at once when it is a duty (more than one card
    taken, or ``single_duty``)."""
    out = ["stock"] if stock > 0 else []
    for d in range(len(pile)):
        taken = pile[d:]
        if len(taken) == 1 and not single_duty:
            out.append(d)
            continue
        if best_arrangement(list(hand) + list(taken), table, values, must=pile[d]) is not None:
            out.append(d)
    return out


def rummy_depths(pile, table, values="pip"):
    """Depths d whose card could be melded or laid off using only the pile cards from d up
    and the table: a Rummy! could take the pile from there."""
    return [d for d in range(len(pile))
            if best_arrangement(list(pile[d:]), table, values, must=pile[d]) is not None]


def hand_score(melded_points, held, values="pip"):
    """A player's score for a hand: what they melded and laid off minus what they hold."""
    return melded_points - sum(value(c, values) for c in held)


def game_winner(scores, target=500):
    """The winner's index after a hand, or None (nobody at the target, or a tie on top)."""
    top = max(scores)
    if top < target or list(scores).count(top) > 1:
        return None
    return list(scores).index(top)
