"""Brute-force double-dummy minimax in plain Python: the oracle for the solver's tests.

Every legal card is tried at every turn (no pruning, no equivalences); results are
memoised on the full state only, which does not change the answer.  The rules are
re-implemented here from the meaning of the rule vector (see analyzer/tricks/tables.py)
rather than imported from the engine.
"""

from __future__ import annotations

from functools import lru_cache

R_SUIT, R_TRUMP, R_FREE, R_FLAGS, R_DUP_SHIFT = 0, 4, 5, 6, 7
R_POINTS, R_LAST_BONUS = 10, 14
F_FREE_MUST_PLAY, F_MUST_HEAD, F_MUST_TRUMP, F_MUST_OVERTRUMP = 1, 2, 4, 8
F_FREE_LEAD_LAST, F_FREE_NAME_NOT_VOID, F_POINTS, F_HEAD_LED = 16, 32, 64, 256


def bits(mask):
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class Game:
    def __init__(self, rules, n_seats, active, max_side, count_side):
        r = [int(x) for x in rules]
        self.suits = r[R_SUIT:R_SUIT + 4]
        self.trump = r[R_TRUMP]
        self.free = r[R_FREE]
        self.flags = r[R_FLAGS]
        self.shift = r[R_DUP_SHIFT]
        self.planes = r[R_POINTS:R_POINTS + 4]
        self.bonus = r[R_LAST_BONUS]
        self.n = n_seats
        self.active = active
        self.max_side = max_side
        self.count_side = count_side
        self.order = [s for s in range(n_seats) if (active >> s) & 1]

    def suit(self, c):
        for s in range(4):
            if self.suits[s] & c:
                return s
        return None

    def power(self, c):
        return (c.bit_length() - 1) >> self.shift

    def points(self, cards):
        return sum(sum(1 << k for k in range(4) if self.planes[k] & c) for c in bits(cards))

    def next_seat(self, s):
        i = self.order.index(s)
        return self.order[(i + 1) % len(self.order)]

    def winner_of(self, plays, led):
        """plays: [(seat, card)] in order; the first card wins ties."""
        best_seat, best = plays[0]
        for seat, c in plays[1:]:
            if c & self.trump:
                if not (best & self.trump) or self.power(c) > self.power(best):
                    best_seat, best = seat, c
            elif not (best & self.trump) and (c & self.suits[led]) and self.power(c) > self.power(best):
                best_seat, best = seat, c
        return best_seat, best

    def lead_moves(self, hand, suits_led, void):
        moves = [(c, self.suit(c)) for c in bits(hand & ~self.free)]
        if hand & self.free:
            if hand == self.free:
                names = range(4)
            elif self.flags & F_FREE_LEAD_LAST:
                names = []
            elif self.flags & F_FREE_NAME_NOT_VOID:
                # Queensland: any suit the leader has not shown void in (led before or not)
                names = [s for s in range(4) if not (void >> s) & 1]
            else:
                names = [s for s in range(4) if not (suits_led >> s) & 1]
            moves += [(self.free, s) for s in names]
        return moves

    def follow_moves(self, hand, led, plays):
        same = [c for c in bits(hand) if c & self.suits[led]]
        _, best = self.winner_of(plays, led)
        if same:
            if self.flags & F_MUST_HEAD:
                if self.flags & F_HEAD_LED:
                    # beat the card led, whatever was played since
                    ref = plays[0][1]
                elif best & self.trump and not best & self.suits[led]:
                    ref = None   # a plain lead already trumped: any card of the suit
                else:
                    ref = best
                higher = [c for c in same if ref is not None and self.power(c) > self.power(ref)]
                if higher:
                    return higher
            return same
        if hand & self.free and self.flags & F_FREE_MUST_PLAY:
            return [hand & self.free]
        if self.flags & F_MUST_TRUMP:
            trumps = [c for c in bits(hand) if c & self.trump]
            if trumps:
                if self.flags & F_MUST_OVERTRUMP and best & self.trump:
                    over = [c for c in trumps if self.power(c) > self.power(best)]
                    if over:
                        return over
                return trumps
        return bits(hand)


def solve(rules, hands, leader, max_side, n_seats=None, active=None, count_side=None,
          suits_led=0, voids=None, trick=()):
    """Value for the counted side by exhaustive minimax, from a trick boundary or with the
    cards ``trick`` already played to the current trick by ``leader`` and the seats after
    him (no free-card lead among them)."""
    n = len(hands) if n_seats is None else n_seats
    active = (1 << n) - 1 if active is None else active
    count_side = max_side if count_side is None else count_side
    g = Game(rules, n, active, max_side, count_side)
    points = bool(g.flags & F_POINTS)
    voids = tuple(voids) if voids is not None else (0,) * n

    @lru_cache(maxsize=None)
    def node(hands, seat, plays, led, suits_led, voids):
        # plays: tuple of (seat, card) in the current trick
        if len(plays) == len(g.order):
            win_seat, _ = g.winner_of(list(plays), led)
            trick = 0
            for _, c in plays:
                trick |= c
            last = all(h == 0 for h in hands)
            if points:
                tv = g.points(trick) + (g.bonus if last else 0)
            else:
                tv = 1
            tv = tv if (count_side >> win_seat) & 1 else 0
            if last:
                return tv
            return tv + node(hands, win_seat, (), -1, suits_led, voids)
        hand = hands[seat]
        if not plays:
            moves = g.lead_moves(hand, suits_led, voids[seat])
        else:
            moves = [(c, led) for c in g.follow_moves(hand, led, list(plays))]
        vals = []
        for c, s in moves:
            nh = list(hands)
            nh[seat] ^= c
            nv = list(voids)
            if plays and not (hand & g.suits[led]):
                nv[seat] |= 1 << led
            nled = s if not plays else led
            nsl = suits_led | (1 << nled) if not plays else suits_led
            vals.append(node(tuple(nh), g.next_seat(seat), plays + ((seat, c),), nled, nsl, tuple(nv)))
        return max(vals) if (max_side >> seat) & 1 else min(vals)

    plays, seat, led = [], leader, -1
    for i, c in enumerate(trick):
        if i == 0:
            led = g.suit(c)
            suits_led |= 1 << led
        plays.append((seat, int(c)))
        seat = g.next_seat(seat)
    return node(tuple(int(h) for h in hands), seat, tuple(plays), led, suits_led, voids)
