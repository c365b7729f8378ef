"""Single-dummy play: the decision kernel against the plain method, the worlds a Five Hundred
seat samples against the facts of the play, full sight against double-dummy, the questions
(`500 bid --play pimc`, `500 lead`) and their bad input."""

import numpy as np
import pytest

from analyzer.games.five_hundred import dd as D
from analyzer.games.five_hundred import pimc as P
from analyzer.games.five_hundred.play import exchange, nominate_joker, play_out
from analyzer.games.five_hundred.questions import BYTE_TABLES
from analyzer.games.five_hundred.rules import MISERE, NT, rule_tables
from analyzer.sim.deal import deal_batch
from analyzer.tricks.dd import MAX_MOVES, MAX_SEATS, make_cfg, new_table, S_SIZE
from analyzer.tricks.dd.solver import _py_beats
from analyzer.tricks.engine import free_lead_names, legal_follow
from analyzer.tricks.pimc import candidates, choose, choose_plain
from analyzer.tricks.tables import R_DECK, R_FREE, R_SUIT, R_TRUMP
from tests.cli_run import cli_result
from tests.worlds import check_world

TABLES = rule_tables()
U = np.uint64


def _deal(i, strain, seed=11):
    """Four 10-card layout hands and the kitty of deal ``i`` in ``strain``'s layout."""
    d = deal_batch(seed, i, 1, np.arange(43), np.array([3, 10, 10, 10, 10]))[0]
    bt = BYTE_TABLES[strain]
    hands = np.array([P.relabel(d[1 + s], bt) for s in range(4)], U)
    return hands, U(P.relabel(d[0], bt))


def _prepared(i, strain, contractor=0):
    """(rules, hands after the exchange, discards) as the heuristic contractor plays them."""
    rules = TABLES[strain]
    hands, kitty = _deal(i, strain)
    kept, disc = exchange(rules, U(hands[contractor] | kitty), strain == MISERE)
    hands[contractor] = kept
    if rules[R_FREE]:
        rules = nominate_joker(rules, U(kept), np.empty_like(rules)).copy()
    return rules, hands, U(disc)


def _suit(rules, c):
    return next((s for s in range(4) if int(rules[R_SUIT + s]) & c), -1)


def _position(rules, hands, contractor, misere, trace, cut):
    """Replay ``cut`` rows of a heuristic play-out's trace: the position before row ``cut``."""
    h = [int(x) for x in hands]
    active = 15 & ~(1 << ((contractor + 2) % 4)) if misere else 15
    voids = [0, 0, 0, 0]
    suits_led = 0
    played = 0
    t = int(trace[cut, 0])
    rows = [r for r in range(cut) if trace[r, 0] == t]
    for r in range(cut):
        seat, bit, led = int(trace[r, 1]), int(trace[r, 2]), int(trace[r, 3])
        c = 1 << bit
        if r == 0 or trace[r, 0] != trace[r - 1, 0]:
            suits_led |= 1 << led
        elif not (h[seat] & int(rules[R_SUIT + led])):
            voids[seat] |= 1 << led
        h[seat] &= ~c
        played |= c
    trick = 0
    best = 0
    winner = int(trace[cut, 1])
    led = 0
    leader = int(trace[rows[0], 1]) if rows else int(trace[cut, 1])
    for j, r in enumerate(rows):
        c = 1 << int(trace[r, 2])
        trick |= c
        if j == 0:
            led, best, winner = int(trace[r, 3]), c, int(trace[r, 1])
        elif _py_beats(rules, c, best, led):
            best, winner = c, int(trace[r, 1])
    return dict(hands=h, seat=int(trace[cut, 1]), pos=len(rows), t=t, leader=leader, led=led, best=best,
                winner=winner, trick=trick, suits_led=suits_led, voids=voids, played=played, active=active,
                left=10 - t)


def _positions(n_deals, strains=(3, 0, NT, MISERE)):
    """Positions from heuristic play-outs (a few cuts a deal, none on the last trick)."""
    rng = np.random.default_rng(5)
    out = []
    trace = np.zeros((40, 4), np.int64)
    for i in range(n_deals):
        strain = strains[i % len(strains)]
        misere = strain == MISERE
        rules, hands, disc = _prepared(i, strain)
        hh = hands.copy()
        play_out(rules, hh, np.int64(0), disc, np.bool_(misere), np.bool_(False), trace, np.bool_(True))
        n_rows = int((trace[:, 0] >= 0).sum())
        for cut in rng.choice(n_rows - (3 if misere else 4), size=3, replace=False):
            out.append((rules, hands, disc, misere, _position(rules, hands, 0, misere, trace, int(cut))))
    return out


def _legal(rules, p):
    hand = U(p["hands"][p["seat"]])
    if p["pos"] == 0:
        return U(hand & ~rules[R_FREE]), free_lead_names(rules, hand, np.int64(p["suits_led"]),
                                                         np.int64(p["voids"][p["seat"]]))
    legal = U(legal_follow(rules, hand, np.int64(p["led"]), U(p["best"])))
    return legal, 16 if (legal & rules[R_FREE]) else 0


def test_choose_is_the_plain_method_move_for_move():
    """Equivalent cards skipped, forced plays and hopeless candidates dropped, one
    zero-window search a card: the same card as every world x every legal card x exact
    value, and the same count of worlds for the card chosen."""
    tt = new_table(4)
    stats = np.zeros(S_SIZE, np.int64)
    genbox = np.ones(1, np.int64)
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, U)
    scores = np.zeros(MAX_MOVES, np.int64)
    checked = differ_from_hint = 0
    rng = np.random.default_rng(9)
    for rules, hands, disc, misere, p in _positions(48):
        active, maxside, count = (int(x) for x in D._seats(0, misere))
        cfgs = make_cfg(4, maxside, count, active, rules)[None, :]
        legal, names = _legal(rules, p)
        unpl = U((int(rules[R_DECK]) & ~p["played"]) | p["trick"])
        seat = p["seat"]
        n = candidates(rules, U(p["hands"][seat]), legal, np.int64(names), unpl, codes, members)
        if n < 2:
            continue
        # worlds: the other active seats' cards redealt at random, voids honoured
        others = [s for s in range(4) if s != seat and (active >> s) & 1]
        hidden = 0
        for s in others:
            hidden |= p["hands"][s]
        from analyzer.sim.hidden import draw_worlds
        allowed = []
        for s in others:
            vm = 0
            for x in range(4):
                if (p["voids"][s] >> x) & 1:
                    vm |= int(rules[R_SUIT + x])
            allowed.append(hidden & ~vm)
        need = [bin(p["hands"][s]).count("1") for s in others]
        lay = draw_worlds(int(rng.integers(1 << 30)), hidden, need, allowed, 6)
        worlds = np.zeros((6, MAX_SEATS), U)
        for w in range(6):
            worlds[w, seat] = p["hands"][seat]
            for j, s in enumerate(others):
                worlds[w, s] = lay[w, j]
        v5 = np.zeros(MAX_SEATS, np.int64)
        v5[:4] = p["voids"]
        target = int(rng.integers(1, p["left"] + 1))
        hint = int(np.int64(codes[n - 1]))          # any legal move will do as the tie-break
        args = (rules, cfgs, worlds, np.int64(6), v5, tt, stats, genbox, np.int64(seat), np.int64(p["pos"]),
                np.int64(p["leader"]), np.int64(p["led"]), U(p["best"]), np.int64(p["winner"]), U(p["trick"]),
                np.int64(p["suits_led"]), np.int64(p["left"]), np.int64(target))
        fast = choose(*args, codes, members, np.int64(n), np.int64(hint), scores)
        values = np.zeros((6, MAX_MOVES), np.int64)
        plain = choose_plain(*args, legal, np.int64(names), np.int64(hint), values)
        assert fast == plain, p
        checked += 1
        differ_from_hint += fast != hint
    assert checked >= 60 and differ_from_hint >= 10


def test_worlds_honour_the_facts_of_the_play():
    """What a seat samples: its own hand, the other seats' card counts, no card of a suit a
    seat showed void in, the contractor's discards only in the discard slot (a defender's
    view) or nowhere (the contractor's), in open misère the contractor's hand as it is."""
    W = 16
    for k, (rules, hands, disc, misere, p) in enumerate(_positions(160)):
        for open_misere in ((False, True) if misere else (False,)):
            seat = p["seat"]
            exposed = bool(open_misere and p["t"] >= 1 and seat != 0)
            worlds = np.zeros((W, MAX_SEATS), U)
            need = np.zeros(8, np.int64)
            allowed = np.zeros(8, U)
            slots = np.zeros((W, 8), U)
            slot_seat = np.zeros(8, np.int64)
            h = np.array(p["hands"], U)
            packed = sum(v << (4 * s) for s, v in enumerate(p["voids"]))
            got = P.seat_worlds(rules, h, np.int64(seat), np.int64(0), disc, np.bool_(exposed), U(p["played"]),
                                np.int64(packed), np.zeros(4, U), np.int64(p["active"]), U(k), worlds, need,
                                allowed, slots, slot_seat)
            assert got == W
            unplayed = int(rules[R_DECK]) & ~p["played"]
            for w in range(W):
                row = [int(x) for x in worlds[w]]
                if exposed:
                    assert row[0] == p["hands"][0]
                seen = check_world(row, p["hands"], seat, lambda s: (p["active"] >> s) & 1,
                                   lambda s, x: (p["voids"][s] >> x) & 1, lambda x: int(rules[R_SUIT + x]))
                assert not (seen & ~unplayed)
                if seat == 0:
                    assert not (seen & int(disc))
                    if not misere:
                        assert seen == unplayed & ~int(disc)


@pytest.mark.parametrize("strain", [3, NT, MISERE])
def test_full_sight_single_dummy_is_double_dummy(strain):
    """With the true deal as the only world every seat plays a card that keeps the
    threshold's double-dummy result: the contract is made exactly when double-dummy makes it."""
    tt = new_table(8)
    stats = np.zeros(S_SIZE, np.int64)
    genbox = np.ones(1, np.int64)
    trace = np.zeros((40, 4), np.int64)
    work8 = np.zeros(8, np.int64)
    misere = strain == MISERE
    made = 0
    for i in range(30):
        rules, hands, disc = _prepared(i, strain)
        level = 7 if strain == NT else 8
        got = P.play_out_pimc(rules, hands.copy(), np.int64(0), disc, np.bool_(misere), np.bool_(False), np.int64(level),
                              np.int64(15), np.int64(1), np.int64(P.MODE_SEE_ALL), np.int64(-1), U(i), tt, stats, genbox, trace,
                              np.bool_(False))
        dd = D.solve_position(rules, hands.copy(), np.int64(0), np.bool_(misere), np.int64(-1), tt, stats, work8)
        if misere:
            assert (got == 0) == (dd == 0), i
            made += got == 0
        else:
            assert (got >= level) == (dd >= level), i
            made += got >= level
    assert 0 < made < 30          # both outcomes occur: the check has teeth


def test_single_dummy_lies_between_heuristic_and_double_dummy():
    """Measured, not tuned: on fixed deals the contractor's P(make) with every seat playing
    single-dummy lies between the heuristic players' and double-dummy's in most classes
    (classes: the strain and the contractor's trumps; a deal's worth of slack)."""
    from analyzer.games.five_hundred.play import play_deal
    tt = new_table(8)
    stats = np.zeros(S_SIZE, np.int64)
    genbox = np.ones(1, np.int64)
    trace = np.zeros((40, 4), np.int64)
    work = np.zeros(TABLES.shape[1], U)
    work8 = np.zeros(8, np.int64)
    sums = {}
    for strain, level in ((3, 8), (0, 7), (NT, 7)):
        for i in range(30):
            rules0 = TABLES[strain]
            hands, kitty = _deal(100 + i, strain)
            heur = play_deal(rules0, hands.copy(), kitty, np.int64(0), np.bool_(False), np.bool_(False), trace,
                             np.bool_(False), work.copy())
            rules, hh, disc = _prepared(100 + i, strain)
            sd = P.play_out_pimc(rules, hh.copy(), np.int64(0), disc, np.bool_(False), np.bool_(False), np.int64(level),
                                 np.int64(15), np.int64(16), np.int64(P.MODE_SAMPLE), np.int64(-1), U(i), tt, stats, genbox,
                                 trace, np.bool_(False))
            ddv = D.solve_position(rules, hh.copy(), np.int64(0), np.bool_(False), np.int64(-1), tt, stats, work8)
            trumps = bin(int(hh[0]) & int(rules[R_TRUMP])).count("1")
            cls = (strain, "long" if trumps >= (5 if strain < 4 else 1) else "short")
            s = sums.setdefault(cls, np.zeros(4))
            s += (heur >= level, sd >= level, ddv >= level, 1)
    between = [s[0] - 1 <= s[1] <= s[2] + 1 for s in sums.values()]
    assert len(between) >= 5
    assert sum(between) >= len(between) - 1, sums
    # and single-dummy is not the heuristic under another name
    assert any(s[1] != s[0] for s in sums.values()), sums


# ----------------------------------------------------------------------------- questions
HAND13 = "AH KH QH 9H 8H AS 7S AD 5C 6C JH 5S 4D"


def test_lead_rows_and_threads():
    from analyzer.games.five_hundred.questions import lead
    a = lead(HAND13, "8H", deals=300, seed=2, play="dd", threads=1)
    b = lead(HAND13, "8H", deals=300, seed=2, play="dd", threads=2)
    assert a.table.equals(b.table)
    t = a.table
    assert (t["p_make_lo"] <= t["p_make"]).all() and (t["p_make"] <= t["p_make_hi"]).all()
    assert t["p_make"].iloc[0] == t["p_make"].max() and t["vs_best"].iloc[0] == 0
    # every card of the kept hand is a lead or equivalent to one
    cards = " ".join(t["equivalent"]).split()
    assert sorted(cards) == sorted(a.meta["hand"].split())
    p = lead(HAND13, "8H", deals=4, seed=2, play="pimc", worlds=8, threads=1)
    q = lead(HAND13, "8H", deals=4, seed=2, play="pimc", worlds=8, threads=2)
    assert p.table.equals(q.table)


def test_contract_only_pimc_rows_and_threads():
    from analyzer.games.five_hundred.questions import contract_only
    a = contract_only("JK JH JD AH KH TH AS KS 7C 5D", deals=6, contracts="9H,10H", play="pimc", worlds=8,
                      threads=1)
    b = contract_only("JK JH JD AH KH TH AS KS 7C 5D", deals=6, contracts="9H,10H", play="pimc", worlds=8,
                      threads=2)
    assert a.table.equals(b.table)
    assert list(a.table["action"]) == ["9H", "10H"]
    assert (a.table["p_make"] >= a.table["p_make"].shift(-1).fillna(0)).all()
    assert a.meta["worlds"] == 8


@pytest.mark.parametrize("args,needle", [
    (["500", "bid", "JK JH JD AH KH TH AS KS 7C 5D", "--contract-only", "--play", "pimc", "--worlds", "0"],
     "--worlds"),
    (["500", "lead", "AH KH QH 9H 8H AS 7S AD 5C", "--contract", "8H"], "the hand has 9 cards"),
    (["500", "lead", HAND13, "--contract", "8H", "--discards", "AH KS 4H"], "not in the hand"),
    (["500", "lead", HAND13, "--contract", "8X"], "unknown contract"),
    (["500", "lead", HAND13, "--contract", "8H", "--play", "pimc", "--worlds", "0"], "--worlds"),
])
def test_cli_bad_input_one_line_exit_2(args, needle, capsys):
    r = cli_result(list(args), capsys)
    assert r.returncode == 2 and r.stdout == "", r.stderr
    assert needle in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_here_question_plays_single_dummy_the_same_on_any_thread_count():
    from analyzer.games.five_hundred.questions import bid
    kw = dict(seat="S", dealer="S", auction="7S pass pass", play="pimc", deals=4, contracts="7H,8H", worlds=8)
    a = bid("AH KH QH 9H 8H AS 7S AD 5C 6C", threads=1, **kw)
    b = bid("AH KH QH 9H 8H AS 7S AD 5C 6C", threads=2, **kw)
    assert a.table.equals(b.table)
    assert list(a.table["action"]) == ["7H", "8H", "pass"] and a.meta["worlds"] == 8
    assert any("single-dummy" in n for n in a.notes)
