"""Sheepshead single-dummy play: the worlds a seat samples against the facts of real
play-outs, full sight against double-dummy, the decision kernel against the plain method
(whole play-outs decided card for card), the pick question's determinism and bad input."""

import subprocess
import sys

import numpy as np

from analyzer.games.sheepshead import pimc as P
from analyzer.games.sheepshead.dd import DD_RULES, new_dd_table, new_stats, solve_class
from analyzer.games.sheepshead.play import MODE_CALL, MODE_POLICY, VALS, play_called, take_blind
from analyzer.games.sheepshead.rules import DECK_MASK, FAIL_ACES, FAIL_TENS, RULES
from analyzer.tricks.dd import MAX_SEATS
from analyzer.tricks.points import mask_points
from analyzer.tricks.tables import R_SUIT

U = np.uint64
BITS = [b for b in range(64) if (int(DECK_MASK) >> b) & 1]
INFO = np.zeros(3, np.int64)


def _picked(i, alone_ok=True, aces=False):
    """Deal ``i``: (hands after the bury, picker, info, bury), seat i % 5 picking (policy
    bury and call, alone when overwhelming; or calling whenever a call is legal)."""
    rng = np.random.default_rng(1000 + i)
    p = rng.permutation(BITS)
    picker = i % 5
    if aces:             # the three fail aces among the picker's 8 cards: a ten is called
        for k, a in enumerate(b for b in BITS if (int(FAIL_ACES) >> b) & 1):
            j, at = list(p).index(a), 6 * picker + k
            p[j], p[at] = p[at], p[j]
    hands = np.array([sum(1 << int(b) for b in p[6 * s:6 * s + 6]) for s in range(5)], U)
    blind = U(sum(1 << int(b) for b in p[30:]))
    info = np.zeros(3, np.int64)
    mode = MODE_POLICY if alone_ok else MODE_CALL
    bury = take_blind(hands, blind, np.int64(picker), np.int64(mode), info)
    return hands, picker, info, U(bury)


def _called(info):
    return U(1 << int(info[2])) if info[2] >= 0 else U(0)


def _facts(hands, picker, info, bury, trace, cut):
    """The position before trace row ``cut`` and what each seat knows there: voids by
    lane, cards known out of a hand, whether the called suit was led."""
    called = int(_called(info))
    cs = (called.bit_length() - 1) >> 4 if called else -1
    h = [int(x) for x in hands]
    voids = [0] * 5
    excl = [0] * 5
    excl[picker] = called
    if called & int(FAIL_TENS):          # a ten call: the picker had the three fail aces
        excl = [e | (0 if s == picker else int(FAIL_ACES)) for s, e in enumerate(excl)]
    played = 0
    cs_open = cs < 0
    led = 0
    pos = 0
    leader = int(trace[cut, 1])
    for r in range(cut):
        t, seat, b, lane = (int(x) for x in trace[r])
        c = 1 << b
        first = r == 0 or trace[r - 1, 0] != t
        if first:
            led = lane
            pos = 0
            leader = seat
        elif not (h[seat] & int(RULES[R_SUIT + led])):
            voids[seat] |= 1 << led
        pos += 1
        if led == cs and not cs_open and c != called and called:
            excl[seat] |= called
        h[seat] &= ~c
        played |= c
        if r + 1 < 30 and trace[r + 1, 0] != t and led == cs:
            cs_open = True
    if cut == 0 or trace[cut - 1, 0] != trace[cut, 0]:
        pos = 0
    # the picker still keeps a card of the called suit: it was not led before, and if it
    # is being led now, he has not played to the trick yet
    holds = not cs_open and (pos == 0 or led != cs or (picker - leader) % 5 >= pos)
    return dict(hands=h, seat=int(trace[cut, 1]), played=played, voids=voids, excl=excl, cs=cs,
                holds=bool(holds and called), called=called)


def test_worlds_honour_the_facts_of_real_play_outs():
    """Over positions of heuristic play-outs: the viewer's hand, every other seat's card
    count, the voids shown, the called card never with the picker, in the bury or with a
    seat that played around it, the picker's hold card while the called suit is unopened,
    the bury known to the picker only (a 2-card hidden slot to the others), every unplayed
    card placed once.  And the true deal honours the same facts (they are not too strong)."""
    trace = np.zeros((30, 4), np.int64)
    W = 12
    worlds = np.zeros((W, MAX_SEATS), U)
    buries = np.zeros(W, U)
    checked = hold_checked = tens = 0
    rng = np.random.default_rng(3)
    for i in range(60):
        hands, picker, info, bury = _picked(i, aces=i % 4 == 0)
        tens += bool(int(_called(info)) & int(FAIL_TENS))
        called = _called(info)
        play_called(RULES, hands.copy(), 0, picker, info[0], called, bury, trace, True)
        for cut in rng.choice(25, size=4, replace=False):
            f = _facts(hands, picker, info, bury, trace, int(cut))
            seat, h = f["seat"], f["hands"]
            hold = int(RULES[R_SUIT + f["cs"]]) & ~f["called"] if f["holds"] else 0
            # the truth honours the facts
            assert not hold or h[picker] & hold
            for s in range(5):
                for lane in range(4):
                    if (f["voids"][s] >> lane) & 1:
                        assert not h[s] & int(RULES[R_SUIT + lane])
                assert not h[s] & f["excl"][s]
            got = P.seat_worlds(np.array(h, U), np.int64(seat), np.int64(picker), called, np.int64(f["cs"]),
                                np.bool_(f["holds"]), bury, U(f["played"]), np.array(f["voids"], np.int64),
                                np.array(f["excl"], U), U(i * 100 + int(cut)), worlds, buries)
            assert got == W
            unplayed = int(DECK_MASK) & ~f["played"]
            for w in range(W):
                row = [int(x) for x in worlds[w]]
                bw = int(buries[w])
                assert row[seat] == h[seat]
                assert bin(bw).count("1") == 2
                if seat == picker:
                    assert bw == int(bury)
                assert not bw & f["called"]
                seen = bw
                for s in range(5):
                    assert bin(row[s]).count("1") == bin(h[s]).count("1")
                    assert not seen & row[s]
                    seen |= row[s]
                    for lane in range(4):
                        if (f["voids"][s] >> lane) & 1:
                            assert not row[s] & int(RULES[R_SUIT + lane])
                    assert not row[s] & f["excl"][s]
                assert seen == unplayed
                if hold and seat != picker:
                    assert row[picker] & hold
                    hold_checked += 1
            checked += 1
    assert checked == 240 and hold_checked > 50 and tens >= 5


TT = new_dd_table(8)
STATS = new_stats()


def _play(i, mode, n_worlds, record=False, trace=None):
    hands, picker, info, bury = _picked(i, alone_ok=True)
    h0 = hands.copy()
    trace = np.zeros((30, 4), np.int64) if trace is None else trace
    got = P.play_picked_pimc(RULES, hands, np.int64(picker), info, bury, np.int64(31), np.int64(n_worlds),
                             np.int64(mode), np.int64(P.LINES_ALL), U(i), TT, STATS, np.ones(1, np.int64), trace,
                             np.bool_(record))
    return got, h0, picker, info, bury


def test_full_sight_reaches_61_exactly_when_double_dummy_does():
    """The true deal as the only world: every seat keeps the double-dummy result at the
    61 line, so the picker's side makes 61 exactly when double-dummy makes it."""
    made = 0
    work = np.zeros(8, np.int64)
    for i in range(30):
        got, h0, picker, info, bury = _play(i, P.MODE_SEE_ALL, 1)
        bp = mask_points(VALS, bury)
        k = solve_class(DD_RULES, h0, np.int64(picker), np.int64(info[0]), _called(info), np.int64(bp),
                        np.int64(60), TT, STATS, work)
        assert ((got >> 3) >= 61) == (k >= 3), i
        made += (got >> 3) >= 61
    assert 0 < made < 30


def test_choose_is_the_plain_method_card_for_card():
    """Whole single-dummy play-outs (every seat, 8 worlds a card, the same worlds) decided
    by ``choose_each`` and by the plain method (every world, every legal card, exact
    values): the same card at every position, so the same trace."""
    ta = np.zeros((30, 4), np.int64)
    tb = np.zeros((30, 4), np.int64)
    differ = called = 0
    for i in range(12):
        a, _, _, info, _ = _play(i, P.MODE_SAMPLE, 8, True, ta)
        called += info[0] >= 0           # a secret partner: the worlds' sides and thresholds differ
        b = _play(i, P.MODE_PLAIN, 8, True, tb)[0]
        assert a == b and (ta == tb).all(), i
        hands, picker, info, bury = _picked(i)
        th = np.zeros((30, 4), np.int64)
        play_called(RULES, hands, 0, picker, info[0], _called(info), bury, th, True)
        differ += not (th == ta).all()
    assert differ >= 3          # single-dummy is not the heuristic under another name
    assert called >= 6


def test_points_and_tricks_are_counted_like_the_heuristic():
    """With no seat single-dummy the play-out is the heuristic's, card for card."""
    t1 = np.zeros((30, 4), np.int64)
    for i in range(20):
        hands, picker, info, bury = _picked(i)
        h = hands.copy()
        got = P.play_out_pimc(RULES, h, np.int64(0), np.int64(picker), np.int64(info[0]), _called(info), bury,
                              np.int64(0), np.int64(4), np.int64(P.MODE_SAMPLE), np.int64(P.LINES_ALL), U(i), TT,
                              STATS, np.ones(1, np.int64), t1, np.bool_(True))
        t2 = np.zeros((30, 4), np.int64)
        ref = play_called(RULES, hands.copy(), 0, picker, info[0], _called(info), bury, t2, True)
        assert got == ref and (t1 == t2).all()


# ----------------------------------------------------------------------------- question
HAND = "QC QS JD AD TD 7H"


def test_pick_pimc_same_answer_on_one_and_two_threads():
    from analyzer.games.sheepshead.questions import pick
    a = pick(HAND, deals=4, seed=3, play="pimc", worlds=6, threads=1)
    b = pick(HAND, deals=4, seed=3, play="pimc", worlds=6, threads=2)
    assert a.table.equals(b.table)
    assert a.meta["worlds"] == 6 and a.meta["play"] == "pimc"
    assert list(a.table["action"]) == ["pick", "alone", "pass"]
    assert any("single-dummy" in n for n in a.notes)


def run(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", *args], capture_output=True, text=True)


def test_cli_bad_input_one_line_exit_2():
    for args, needle in ((["--play", "pimc", "--worlds", "0"], "--worlds"),
                         (["--play", "pimc", "--rule", "no_call=unknown"], "no_call=unknown")):
        r = run("sheepshead", "pick", HAND, *args)
        assert r.returncode == 2 and r.stdout == "", r.stderr
        assert needle in r.stderr and r.stderr.count("\n") == 1, r.stderr
