"""Sheepshead option no_call=unknown against the plain-Python reference: the unknown calls,
the bury and the face-down card, the picker's legal moves while he holds it (heuristic
kernel and the solver's relabelled form), whole play-outs, the solver on small endings,
scoring, the CLI, and the default (no_call=alone) unchanged."""

import json
import random
import subprocess
import sys

import numpy as np
import pytest

from analyzer.games.sheepshead import questions
from analyzer.games.sheepshead.bidding import (POLICY, callable_cards, unknown_bury_call,
                                               unknown_calls, unknown_card)
from analyzer.games.sheepshead.dd import DD_RULES, relabel_unknown
from analyzer.games.sheepshead.deck import DECK
from analyzer.games.sheepshead.play import (CALL_NAMES, CALL_UNKNOWN, MODE_ALONE, MODE_CALL, MODE_POLICY,
                                            MODE_UNKNOWN, TRACE_COLS, legal_moves, pick_and_play, take_blind)
from analyzer.games.sheepshead.rules import BIT_OF, ID_OF, RULES, Options
from analyzer.tricks.dd import Solver
from analyzer.tricks.engine import legal_follow, seat_called_duties
from analyzer.tricks.tables import F_NO_CALL_UNKNOWN, R_CALLED, R_FLAGS
from tests.reference import sheepshead as ref

UNKNOWN_RULES = Options(no_call="unknown").rules


def bit(card):
    return int(BIT_OF[0, DECK.card_id(card)])


def mask(cards):
    m = 0
    for c in cards:
        m |= 1 << bit(c)
    return np.uint64(m)


def card_at(b):
    return DECK.format(int(ID_OF[0, b]))


def cards_of(m):
    return sorted(card_at(b) for b in range(64) if (int(m) >> b) & 1)


def lane(card):
    return bit(card) >> 4


def _unknown_deals(rng, n):
    """Random deals whose picker (random seat) may call an unknown: (hands, blind, picker)."""
    out = []
    while len(out) < n:
        hands, blind = ref.random_deal(rng)
        picker = rng.randrange(5)
        hand8 = hands[picker] + blind
        if ref.unknown_calls(hand8) and ref.legal_unknowns(hand8):
            out.append((hands, blind, picker))
    return out


# ----------------------------------------------------------------------------- option
def test_option_parses_and_sets_the_flag():
    assert Options().no_call == "alone" and Options().rules is RULES
    assert Options.parse(["no_call=unknown"]).no_call == "unknown"
    assert int(UNKNOWN_RULES[R_FLAGS]) & int(F_NO_CALL_UNKNOWN)
    assert int(RULES[R_FLAGS]) & int(F_NO_CALL_UNKNOWN) == 0
    assert (np.delete(UNKNOWN_RULES, R_FLAGS) == np.delete(RULES, R_FLAGS)).all()


# ----------------------------------------------------------------------------- calls, bury
def test_unknown_calls_bury_and_card_match_reference():
    rng = random.Random(21)
    seen = 0
    for _ in range(4000):
        hand8 = rng.sample(ref.DECK, 8)
        m = mask(hand8)
        want = ref.unknown_calls(hand8)
        assert cards_of(unknown_calls(m)) == sorted(want), hand8
        bury, called = unknown_bury_call(m, POLICY)
        if not want or not ref.legal_unknowns(hand8):
            assert called == 0
            continue
        seen += 1
        assert cards_of(called)[0] in want and callable_cards(m) == 0
        kept = [c for c in hand8 if c not in cards_of(bury)]
        assert len(kept) == 6 and ref.legal_unknowns(kept)
        u = cards_of(unknown_card(mask(kept)))[0]
        assert u in ref.legal_unknowns(kept)
        assert ref.points(u) == min(ref.points(c) for c in ref.legal_unknowns(kept))
    assert seen > 100


@pytest.mark.parametrize("mode", [MODE_CALL, MODE_POLICY])
def test_take_blind_unknown_and_default_alone(mode):
    rng = random.Random(30 + mode)
    info = np.zeros(3, np.int64)
    n_unknown = 0
    for hands, blind, picker in _unknown_deals(rng, 300):
        arr = np.array([mask(h) for h in hands], np.uint64)
        take_blind(arr.copy(), mask(blind), picker, mode, info)
        assert info[0] == -1 and info[1] == CALL_NAMES.index("alone")      # default: alone
        work = arr.copy()
        bury = take_blind(work, mask(blind), picker, mode | MODE_UNKNOWN, info)
        if mode == MODE_CALL:
            assert info[0] >= 0
        if info[0] >= 0:
            n_unknown += 1
            called = card_at(int(info[2]))
            assert called in ref.unknown_calls(hands[picker] + blind) and called in hands[info[0]]
            assert CALL_NAMES[info[1]] == called + " unknown" and info[1] >= CALL_UNKNOWN
            assert not any(ref.suit(c) == ref.suit(called) for c in cards_of(work[picker]))
            assert ref.legal_unknowns(cards_of(work[picker])) and len(cards_of(bury)) == 2
        take_blind(arr.copy(), mask(blind), picker, MODE_ALONE | MODE_UNKNOWN, info)
        assert info[0] == -1
    assert n_unknown > 100


# ----------------------------------------------------------------------------- legal moves
def _best(trick, unknown, called):
    """The best card so far of a partial trick (0: the unknown led, and no card of the
    called suit or trump after it yet)."""
    led = ref.led_suit(trick, unknown, called)
    if not any(c != unknown and (ref.is_trump(c) or ref.suit(c) == led) for c in trick):
        return np.uint64(0)
    return np.uint64(1 << bit(trick[ref.trick_winner(trick, unknown=unknown, called=called)]))


def _dd_legal(hands, seat, picker, side, trick, called, unknown, last):
    """The solver's legal moves on the relabelled position, mapped back to cards."""
    r = DD_RULES.copy()
    r[R_CALLED] = mask([called])
    h5 = np.zeros(8, np.uint64)
    for s in range(5):
        h5[s] = mask(hands[s])
    live = unknown in hands[picker]
    if live:
        relabel_unknown(r, h5, picker, r[R_CALLED], mask([unknown]))
    cs = lane(called)

    def relabel(card):
        if not live:
            return 1 << bit(card)
        if card == unknown:
            return 1 << (16 * cs)
        b = bit(card)
        return 1 << (b + 1 if b >> 4 == cs else b)

    if trick:
        led = cs if trick[0] == unknown else lane(trick[0])
        best = _best(trick, unknown, called)
        if best:
            best = np.uint64(relabel(cards_of(best)[0]))
        follow = np.uint64(legal_follow(r, h5[seat], led, best))
    else:
        led, follow = 0, h5[seat]
    got = seat_called_duties(r, h5, 5, seat, side if (side >> seat) & 1 else 31 & ~side, not trick, follow, led,
                             r[R_CALLED], last)
    back = {relabel(c): c for h in hands for c in h}
    return sorted(back[1 << b] for b in range(64) if (int(got) >> b) & 1)


def test_legal_moves_with_unknown_match_reference():
    rng = random.Random(8)
    kinds = {"must play it": 0, "holds it back": 0, "last card": 0, "unknown led": 0}
    positions = 0
    for hands, blind, picker in _unknown_deals(rng, 700):
        hand8 = hands[picker] + blind
        called = rng.choice(ref.unknown_calls(hand8))
        bury = rng.choice([p for p in ref.legal_buries(hand8, None)
                           if ref.legal_unknowns([c for c in hand8 if c not in p])])
        hands[picker] = [c for c in hand8 if c not in bury]
        unknown = cards_of(unknown_card(mask(hands[picker])))[0]
        partner = next(s for s in range(5) if called in hands[s])
        side = (1 << picker) | (1 << partner)
        cs = lane(called)
        leader, opened = rng.randrange(5), False
        for t in range(6):
            trick = []
            for pos in range(5):
                seat = (leader + pos) % 5
                hand = hands[seat]
                holds = seat == picker and unknown in hand
                want = ref.legal_plays(hand, trick, called, seat == picker, opened, unknown)
                if trick:
                    led = cs if trick[0] == unknown else lane(trick[0])
                    best = _best(trick, unknown, called)
                else:
                    best, led = np.uint64(0), 0
                got = legal_moves(RULES, mask(hand), not trick, led, best, mask([called]) if called in hand
                                  or not opened else np.uint64(0), cs if not opened else -1,
                                  False, t == 5, mask([unknown]) if holds else np.uint64(0))
                assert cards_of(got) == sorted(want), (hand, trick, called, unknown, seat == picker, opened)
                if not opened or t == 5:
                    assert _dd_legal(hands, seat, picker, side, trick, called, unknown, t == 5) == sorted(want), \
                        (hands, seat, trick, called, unknown, opened)
                if holds:
                    if want == [unknown]:
                        kinds["last card" if len(hand) == 1 else "must play it"] += 1
                    else:
                        kinds["holds it back"] += 1
                positions += 1
                choice = [c for c in want if ref.suit(c) == ref.suit(called)]
                card = rng.choice(choice if choice and rng.random() < 0.3 else want)
                if not trick and card == unknown:
                    kinds["unknown led"] += 1
                hand.remove(card)
                trick.append(card)
            if ref.led_suit(trick, unknown, called) == ref.suit(called):
                opened = True
            leader = (leader + ref.trick_winner(trick, unknown=unknown, called=called)) % 5
    assert positions > 10000 and min(kinds.values()) >= 20, kinds


def test_hand_built_position():
    """Picker (seat 0) holds QC QS JC AD KS 7S after the bury, void in hearts and clubs;
    he calls AH as an unknown and sets 7S face down; seat 2 holds AH."""
    picker_hand = ["QC", "QS", "JC", "AD", "KS", "7S"]
    unknown = cards_of(unknown_card(mask(picker_hand)))[0]
    assert unknown == "7S"
    m = mask(picker_hand)
    u = mask([unknown])
    cs = lane("AH")
    called = mask(["AH"])
    # Leading: anything but the unknown.
    assert cards_of(legal_moves(RULES, m, True, 0, np.uint64(0), called, cs, False, False, u)) == sorted(
        ["QC", "QS", "JC", "AD", "KS"])
    # Hearts led (the called suit, first time): only the unknown, though he holds trumps.
    assert cards_of(legal_moves(RULES, m, False, cs, mask(["9H"]), called, cs, False, False, u)) == ["7S"]
    # Spades led: he follows with KS, not with the face-down 7S.
    assert cards_of(legal_moves(RULES, m, False, lane("9S"), mask(["9S"]), called, cs, False, False, u)) == ["KS"]
    # Trump led: his trumps.
    assert cards_of(legal_moves(RULES, m, False, lane("QD"), mask(["QD"]), called, cs, False, False, u)) == sorted(
        ["QC", "QS", "JC", "AD"])
    # The unknown never wins: a king of spades set face down loses to the 9S led on the
    # last trick, and when led it leads hearts, which the called ace takes.
    assert ref.trick_winner(["9S", "KS", "AH", "8C", "7C"], unknown="KS", called="AH") == 0
    assert ref.trick_winner(["KS", "9S", "AH", "8C", "7C"], unknown="KS", called="AH") == 2
    assert ref.trick_winner(["9H", "7S", "AH", "TH", "KH"], unknown="7S", called="AH") == 2
    assert ref.trick_winner(["9H", "7S", "AH", "7D", "KH"], unknown="7S", called="AH") == 3


# ----------------------------------------------------------------------------- play-outs
@pytest.mark.parametrize("mode", [MODE_CALL, MODE_POLICY])
def test_unknown_playouts_replay_in_reference(mode):
    rng = random.Random(50 + mode)
    trace = np.zeros((30, TRACE_COLS), np.int64)
    info = np.zeros(3, np.int64)
    n = 0
    for hands, blind, picker in _unknown_deals(rng, 400):
        arr = np.array([mask(h) for h in hands], np.uint64)
        packed = pick_and_play(UNKNOWN_RULES, arr, mask(blind), picker, mode, info, trace, True)
        plays = [(int(r[1]), card_at(int(r[2]))) for r in trace if r[0] >= 0]
        assert len(plays) == 30
        kept = [c for s, c in plays if s == picker]
        bury = [c for c in hands[picker] + blind if c not in kept]
        start = [list(h) for h in hands]
        start[picker] = kept
        partner = int(info[0])
        called = unknown = None
        if partner >= 0:
            n += 1
            called = card_at(int(info[2]))
            assert called in ref.unknown_calls(hands[picker] + blind) and called in hands[partner]
            unknown = cards_of(unknown_card(mask(kept)))[0]
        pts, tricks = ref.replay(start, plays, picker, called, bury, unknown=unknown)
        assert sum(pts) == 120 and sum(tricks) == 6
        side = [picker] + ([partner] if partner >= 0 else [])
        assert packed >> 3 == sum(pts[s] for s in side)
        assert packed & 7 == sum(tricks[s] for s in side)
    assert n > 150


def _minimax(hands, leader, side, called, picker, opened, unknown, trick=()):
    pos = len(trick)
    seat = (leader + pos) % 5
    if pos == 5:
        w = (leader + ref.trick_winner(list(trick), unknown=unknown, called=called)) % 5
        pts = sum(ref.points(c) for c in trick) if w in side else 0
        now_open = opened or ref.led_suit(list(trick), unknown, called) == ref.suit(called)
        if not hands[w]:
            return pts
        return pts + _minimax(hands, w, side, called, picker, now_open, unknown)
    moves = ref.legal_plays(hands[seat], list(trick), called, seat == picker, opened, unknown)
    values = []
    for c in moves:
        hands[seat].remove(c)
        values.append(_minimax(hands, leader, side, called, picker, opened, unknown, trick + (c,)))
        hands[seat].append(c)
    return max(values) if seat in side else min(values)


@pytest.mark.parametrize("cards_left, seed", [(2, 1), (3, 2)])
def test_solver_on_unknown_endings_matches_brute_force(cards_left, seed):
    """Endings of heuristic unknown play-outs with the unknown still face down, solved on
    the relabelled position against a minimax over the reference's rules."""
    rng = random.Random(seed)
    trace = np.zeros((30, TRACE_COLS), np.int64)
    info = np.zeros(3, np.int64)
    solver = Solver(megabytes=1.0)
    n, target, differs = 0, (25 if cards_left == 3 else 60), 0
    for hands, blind, picker in _unknown_deals(rng, 2000):
        if n >= target:
            break
        arr = np.array([mask(h) for h in hands], np.uint64)
        pick_and_play(UNKNOWN_RULES, arr, mask(blind), picker, MODE_CALL, info, trace, True)
        called = card_at(int(info[2]))
        partner = int(info[0])
        plays = [(int(r[1]), card_at(int(r[2]))) for r in trace if r[0] >= 0]
        kept = [c for s, c in plays if s == picker]
        unknown = cards_of(unknown_card(mask(kept)))[0]
        cut = 5 * (6 - cards_left)
        if any(c == unknown for _, c in plays[:cut]):
            continue
        left = [[c for c in (kept if s == picker else hands[s])] for s in range(5)]
        for s, c in plays[:cut]:
            left[s].remove(c)
        leader = plays[cut][0]
        side = {picker, partner}
        want = _minimax([list(h) for h in left], leader, side, called, picker, False, unknown)
        r = DD_RULES.copy()
        r[R_CALLED] = mask([called])
        h5 = np.zeros(8, np.uint64)
        for s in range(5):
            h5[s] = mask(left[s])
        relabel_unknown(r, h5, picker, r[R_CALLED], mask([unknown]))
        sides = (1 << picker) | (1 << partner)
        got = solver.solve(r, [int(h) for h in h5[:5]], leader, sides, n_seats=5)
        assert got == want, (left, leader, picker, partner, called, unknown)
        naive = _minimax([list(h) for h in left], leader, side, called, picker, False, None)
        differs += naive != want
        n += 1
    assert n == target and differs > 0


def test_points_sum_and_picker_side_scored_as_called():
    """Every unknown play-out hands out all 120 points; a pick with an unknown call is
    scored as a called hand (picker and partner), not alone."""
    a = questions.pick("QC QS JD AD AH AS", seat=3, deals=4000, seed=3, rules=["no_call=unknown"], threads=1)
    calls = a.meta["calls"]
    assert any(k.endswith("unknown") for k in calls) and "alone" not in calls
    b = questions.pick("QC QS JD AD AH AS", seat=3, deals=4000, seed=3, threads=1)
    assert "alone" in b.meta["calls"] and not any(k.endswith("unknown") for k in b.meta["calls"])
    for ans in (a, b):
        for dist in ans.extra["points"].values():
            assert abs(sum(dist) - 1) < 1e-9 and len(dist) == 121


def test_bury_options_with_unknown():
    cards = "QC QS JD AD AH JH AS 8D"       # no legal call (AS, AH held; void in clubs)
    a = questions.bury(cards, deals=300, seed=1, rules=["no_call=unknown"], threads=1)
    unk = a.table[a.table["call"].str.contains("unknown")]
    assert len(unk) > 0 and unk["call"].str.startswith("AC (unknown ").all()
    assert a.table["policy"].sum() == 1
    b = questions.bury(cards, deals=300, seed=1, threads=1)
    assert (b.table["call"] == "alone").all() and len(b.table) == 28


# ----------------------------------------------------------------------------- CLI
def run(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", "sheepshead", *args],
                          capture_output=True, text=True)


def test_cli_rule_no_call_unknown():
    r = run("pick", "QC QS JD AD AH AS", "--seat", "3", "--deals", "3000", "--rule", "no_call=unknown", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["rules"]["no_call"] == "unknown" and any(k.endswith("unknown") for k in out["calls"])
    r = run("bury", "QC QS JD AD AH JH AS 8D", "--deals", "200", "--rule", "no_call=unknown", "--top", "100")
    assert r.returncode == 0, r.stderr
    assert "AC (unknown" in r.stdout
    r = run("pick", "QC QS JD AD AH AS", "--rule", "no_call=maybe")
    assert r.returncode == 2 and "no_call" in r.stderr


def test_pick_and_bury_with_dd_and_unknown():
    a = questions.pick("QC QS JD AD AH AS", seat=3, deals=60, seed=1, play="dd", threads=2,
                       rules=["no_call=unknown"])
    assert a.meta["play"] == "dd" and any(k.endswith("unknown") for k in a.meta["calls"])
    b = questions.bury("QC QS JD AD AH JH AS 8D", deals=3, seed=1, play="dd", threads=2, rules=["no_call=unknown"])
    assert b.table["call"].str.contains("unknown").any()
