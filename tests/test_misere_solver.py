"""The misère solver (``games.five_hundred.misere``) against the plain-Python minimax
(tests/reference/minimax.py) on endings of four to six seats, and against the general
double-dummy solver on whole four-handed deals.

Each ending is a lone contractor against three to five defenders (a seat may sit out),
from a trick boundary with any leader, in the wide six-handed layout (suits straddling
the 16-bit lanes), with the free joker in a defender's hand (a void holder must play it;
led, it names a suit not led before, or under the options only to the last trick or not
a suit its leader showed void in) or nominated by the contractor.
"""

from __future__ import annotations

import random

import numpy as np

from analyzer.games.five_hundred.misere import (MS_BUDGET, MS_NODES, MS_SIZE, _search, misere_caught,
                                                misere_position, new_misere_table)
from analyzer.tricks.tables import F_FREE_LEAD_LAST, F_FREE_MUST_PLAY, F_FREE_NAME_NOT_VOID
from tests.reference.minimax import solve as brute
from tests.test_dd_six import NT_WIDTHS, deal, nominate, wide_rules

TT = new_misere_table(12)


def stats(budget=10**9):
    st = np.zeros(MS_SIZE, np.int64)
    st[MS_BUDGET] = budget
    return st


def voids_word(voids):
    return sum(v << (4 * s) for s, v in enumerate(voids))


def ending(rng, n_seats):
    flags = int(F_FREE_MUST_PLAY) | rng.choice([0, 0, int(F_FREE_LEAD_LAST), int(F_FREE_NAME_NOT_VOID)])
    rules = wide_rules(NT_WIDTHS, rng.sample(range(4), 4), None, flags)
    contractor = rng.randrange(n_seats)
    active = (1 << n_seats) - 1
    if n_seats > 4 and rng.random() < 0.3:
        active &= ~(1 << rng.choice([s for s in range(n_seats) if s != contractor]))
    defenders = [s for s in range(n_seats) if (active >> s) & 1 and s != contractor]
    holder = rng.choice([None, contractor] + defenders)
    hands = deal(rng, rules, n_seats, rng.randint(1, 3 if n_seats > 4 else 4), rng.choice([1, 2, 3]), holder,
                 active)
    if holder == contractor:
        rules = nominate(rules, rng.randrange(4))
    leader = rng.choice([contractor] + defenders + defenders)
    return rules, hands, contractor, active, leader


def test_endings_against_minimax():
    rng = random.Random(38)
    caught = 0
    n_cases = 0
    for i in range(240):
        n_seats = 4 + i % 3
        rules, hands, contractor, active, leader = ending(rng, n_seats)
        suits_led = rng.randrange(16)
        voids = [rng.randrange(16) for _ in range(n_seats)]
        want = brute(rules, hands, leader, active & ~(1 << contractor), n_seats=n_seats, active=active,
                     count_side=1 << contractor, suits_led=suits_led, voids=voids) > 0
        h = np.array(hands, np.uint64)
        got = misere_position(rules, h, n_seats, active, contractor, leader, 0, 0, np.uint64(0), leader,
                              np.uint64(0), np.uint64(0), suits_led, voids_word(voids), TT, stats())
        assert got == int(want), (i, hands, contractor, leader)
        # the relaxed game (the defenders choose every leader) catches whatever the exact one does
        relaxed = _search(rules, h, n_seats, active, contractor, leader, 0, 0, np.uint64(0), leader, np.uint64(0),
                          np.uint64(0), suits_led, voids_word(voids), np.bool_(True), TT, stats())
        assert relaxed or not want
        assert list(h) == list(hands)
        caught += want
        n_cases += 1
    assert 0.2 < caught / n_cases < 0.9      # both outcomes well represented


def test_mid_trick_positions_against_minimax():
    """A root inside a trick: the cards already played by the leader and the seats after
    him (no joker among them)."""
    rng = random.Random(39)
    checked = 0
    while checked < 80:
        n_seats = rng.choice([4, 5, 5, 6])
        rules, hands, contractor, active, leader = ending(rng, n_seats)
        order = [(leader + k) % n_seats for k in range(n_seats) if (active >> ((leader + k) % n_seats)) & 1]
        free = int(rules[5])
        k = rng.randrange(1, len(order))
        plays = []
        led = None
        ok = True
        for s in order[:k]:
            cards = [1 << b for b in range(64) if (hands[s] >> b) & 1 and not (free >> b) & 1]
            if led is not None:
                follow = [c for c in cards if int(rules[led]) & c]
                cards = follow or cards
            if not cards or (led is None and not cards):
                ok = False
                break
            c = rng.choice(cards)
            if led is None:
                led = next(t for t in range(4) if int(rules[t]) & c)
            plays.append((s, c))
        if not ok or any(hands[s] & free and not int(rules[led]) & hands[s] for s, _ in plays[1:]):
            continue
        rest = list(hands)
        for s, c in plays:
            rest[s] &= ~c
        if not rest[order[k]]:
            continue
        want = brute(rules, rest, leader, active & ~(1 << contractor), n_seats=n_seats, active=active,
                     count_side=1 << contractor, trick=tuple(c for _, c in plays)) > 0
        best, winner = plays[0][1], plays[0][0]
        for s, c in plays[1:]:
            if int(rules[led]) & c and c > best:
                best, winner = c, s
        trick = sum(c for _, c in plays)
        ccard = sum(c for s, c in plays if s == contractor)
        h = np.array(rest, np.uint64)
        got = misere_position(rules, h, n_seats, active, contractor, order[k], k, led, np.uint64(best), winner,
                              np.uint64(trick), np.uint64(ccard), 0, 0, TT, stats())
        assert got == int(want), (hands, plays, contractor)
        checked += 1


def test_whole_four_handed_deals_against_the_general_solver():
    from analyzer.games.five_hundred.dd import best_choice_table, new_dd_table, new_stats, nominated
    from analyzer.games.five_hundred.deck import HAND_SIZE, KITTY_SIZE, table
    from analyzer.games.five_hundred.play import exchange, relabel, table_seats
    from analyzer.games.five_hundred.questions import byte_tables
    from analyzer.games.five_hundred.rules import MISERE, Options, rule_tables, sides_rule
    from analyzer.tricks.tables import R_FREE

    tab = table(4)
    r = rule_tables(Options(), tab)[MISERE]
    bt = byte_tables(tab)[MISERE]
    rng = np.random.default_rng(5)
    tt, st, work = new_dd_table(4.0), new_stats(), np.zeros(8, np.int64)
    made = 0
    for i in range(150):
        ids = rng.permutation(tab.deck.size)
        hands = np.array([relabel(np.uint64(tab.deck.mask(ids[KITTY_SIZE + HAND_SIZE * s:
                                                              KITTY_SIZE + HAND_SIZE * (s + 1)])), bt)
                          for s in range(4)], np.uint64)
        kitty = relabel(np.uint64(tab.deck.mask(ids[:KITTY_SIZE])), bt)
        kept, disc = exchange(r, np.uint64(hands[0] | kitty), True)
        hands[0] = kept
        active, side = table_seats(r, hands, np.int64(4), np.int64(sides_rule(4, Options())), np.int64(0),
                                   np.uint64(disc), True)
        want, _ = best_choice_table(r, hands, np.int64(4), np.int64(active), np.int64(side), np.int64(0), True, tt,
                                    st, work)
        rules = [r] if not int(hands[0]) & int(r[R_FREE]) else [nominated(r, s) for s in range(4)]
        got = min(misere_caught(rr, hands, 4, active, 0, TT, stats()) for rr in rules)
        assert got == want, i
        made += got == 0
    assert 2 <= made <= 40      # random hands: most misères are caught


def test_budget_gives_unknown():
    rng = random.Random(40)
    rules, hands, contractor, active, leader = ending(rng, 6)
    st = stats(budget=0)
    assert misere_caught(rules, np.array(hands, np.uint64), 6, active, contractor, TT, st) == -1
    assert st[MS_NODES] > 0
