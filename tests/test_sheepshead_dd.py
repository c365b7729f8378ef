"""Sheepshead double-dummy: the shared solver with the points objective and the called-
suit duties (tables.R_CALLED) against a brute-force minimax over the reference's legal
moves on small endings; class solves against exact solves; the question end to end."""

import random

import numpy as np
import pytest

from analyzer.games.sheepshead import questions
from analyzer.games.sheepshead.bidding import POLICY, policy_bury_call
from analyzer.games.sheepshead.dd import DD_RULES, class_floors, new_dd_table, new_stats, solve_class, solve_points
from analyzer.games.sheepshead.deck import DECK
from analyzer.games.sheepshead.play import TRACE_COLS, pick_and_play, play_called
from analyzer.games.sheepshead.rules import BIT_OF, ID_OF, PTS, RULES
from analyzer.tricks.dd import Solver
from analyzer.tricks.tables import R_CALLED
from tests.reference import sheepshead as ref


def bit(card):
    return int(BIT_OF[0, DECK.card_id(card)])


def mask(cards):
    return sum(1 << bit(c) for c in cards)


def card_at(b):
    return DECK.format(int(ID_OF[0, b]))


def minimax(hands, leader, side, called, picker, opened, trick=()):
    """Best trick points for ``side`` (a set of seats) from here, both sides perfect,
    moves from the reference's legal_plays (called-suit duties included)."""
    pos = len(trick)
    seat = (leader + pos) % 5
    if pos == 5:
        w = (leader + ref.trick_winner(list(trick))) % 5
        pts = sum(ref.points(c) for c in trick) if w in side else 0
        now_open = opened or (called is not None and ref.suit(trick[0]) == ref.suit(called))
        if not hands[w]:
            return pts
        return pts + minimax(hands, w, side, called, picker, now_open)
    moves = ref.legal_plays(hands[seat], list(trick), called, seat == picker, opened)
    values = []
    for c in moves:
        hands[seat].remove(c)
        values.append(minimax(hands, leader, side, called, picker, opened, trick + (c,)))
        hands[seat].append(c)
    return max(values) if seat in side else min(values)


def _endings(n, cards_left, seed):
    """Positions after heuristic play of 6 - cards_left tricks, with the called card still
    out in most of them (so its duties are in play)."""
    rng = random.Random(seed)
    trace = np.zeros((30, TRACE_COLS), np.int64)
    info = np.zeros(3, np.int64)
    out = []
    while len(out) < n:
        hands, blind = ref.random_deal(rng)
        picker = rng.randrange(5)
        arr = np.array([mask(h) for h in hands], np.uint64)
        pick_and_play(RULES, arr, np.uint64(mask(blind)), picker, 1, info, trace, True)
        if info[2] < 0:
            continue
        called = card_at(int(info[2]))
        plays = [(int(r[1]), card_at(int(r[2]))) for r in trace if r[0] >= 0]
        kept = [c for s, c in plays if s == picker]
        start = [list(h) for h in hands]
        start[picker] = kept
        cut = 5 * (6 - cards_left)
        done = plays[:cut]
        if any(c == called for _, c in done) and rng.random() < 0.8:
            continue
        left = [list(h) for h in start]
        for s, c in done:
            left[s].remove(c)
        opened = any(ref.suit(plays[5 * t][1]) == ref.suit(called) for t in range(6 - cards_left))
        leader = plays[cut][0]
        out.append((left, leader, picker, int(info[0]), called, opened))
    return out


@pytest.mark.parametrize("cards_left, seed", [(2, 1), (3, 2)])
def test_solver_with_duties_matches_brute_force(cards_left, seed):
    solver = Solver(megabytes=1.0)
    duties_mattered = 0
    for left, leader, picker, partner, called, opened in _endings(25 if cards_left == 3 else 60, cards_left, seed):
        side = {picker, partner}
        want = minimax([list(h) for h in left], leader, side, called, picker, opened)
        rules = DD_RULES.copy()
        rules[R_CALLED] = np.uint64(1 << bit(called))
        sides = (1 << picker) | (1 << partner)
        got = solver.solve(rules, [mask(h) for h in left], leader, sides, n_seats=5)
        assert got == want, (left, leader, picker, partner, called, opened)
        free = solver.solve(DD_RULES, [mask(h) for h in left], leader, sides, n_seats=5)
        duties_mattered += free != want
    assert duties_mattered > 0      # the sample exercises the duties


def test_class_solves_agree_with_exact_solves():
    rng = random.Random(4)
    deck = [b for b in range(64) if (int(RULES[8]) >> b) & 1]
    tt, stats, work = new_dd_table(4.0), new_stats(), np.zeros(8, np.int64)
    trace = np.empty((1, TRACE_COLS), np.int64)
    for _ in range(25):
        cards = deck[:]
        rng.shuffle(cards)
        hands = np.array([sum(1 << c for c in cards[6 * s: 6 * s + 6]) for s in range(5)], np.uint64)
        picker = rng.randrange(5)
        h8 = hands[picker] | np.uint64(sum(1 << c for c in cards[30:]))
        bury, called = (np.uint64(x) for x in policy_bury_call(h8, POLICY))
        hands[picker] = h8 & ~bury
        partner = next((s for s in range(5) if called and hands[s] & called), -1)
        bp = int(sum(PTS[b] for b in range(64) if (int(bury) >> b) & 1))
        guess = int(play_called(RULES, hands.copy(), 0, picker, partner, called, np.uint64(0), trace, False) >> 3)
        exact = solve_points(DD_RULES, hands, picker, partner, called, guess, tt, stats, work)
        k = solve_class(DD_RULES, hands, picker, partner, called, bp, guess, tt, stats, work)
        floors = class_floors(bp)
        assert floors[k] <= exact and (k == 5 or exact < floors[k + 1])


def test_pick_and_bury_with_dd():
    a = questions.pick("QC QS JD AD 7H 8S", seat=1, deals=40, seed=1, play="dd", threads=2)
    assert a.meta["play"] == "dd" and any("double-dummy" in n for n in a.notes)
    assert list(a.table["action"]) == ["pick", "alone", "pass"] and a.table["mean_points"].isna().all()
    b = questions.bury("QC QS QH QD JC JS JH AC", deals=4, seed=1, play="dd", threads=2)
    assert len(b.table) == len({(r.bury, r.call) for r in b.table.itertuples()})
    assert b.table.iloc[0]["p_win"] > 0.5
