"""Euchre single-dummy play: the worlds a seat samples against the facts of the play (own
hand, card counts, voids, the upcard picked up or turned down, the dealer's discard, the
stock and a sitting-out partner hidden), full sight against double-dummy, the decision
kernel against the plain method on Euchre positions, the questions (`euchre order --play
pimc`, `euchre lead`) on 1 and 2 threads, and their bad input through the CLI."""

import numpy as np
import pytest

from analyzer.games.euchre import pimc as P
from analyzer.games.euchre.bidding import DEFAULT_POLICY
from analyzer.games.euchre.dd import new_dd_table, new_stats, solve_tricks
from analyzer.games.euchre.deck import DECKS, nat_bits
from analyzer.games.euchre.play import NO_SEAT, auction, play_tricks, prepare_play
from analyzer.games.euchre.rules import rule_tables
from analyzer.tricks.dd import MAX_MOVES, MAX_SEATS, make_cfg
from analyzer.tricks.pimc import candidates, choose, choose_plain
from analyzer.tricks.tables import R_DECK, R_SUIT
from tests.cli_run import cli_result
from tests.worlds import check_world

U = np.uint64
TABLES = rule_tables(24)
TT = new_dd_table()
STATS = new_stats()


def _deals(n, count, seed, alone_too=True):
    """Random 24-card deals the policy auction made, after the pickup and discard: dicts
    with the layout hands and what ``play_out_pimc`` needs.  Every fourth four-handed
    deal is played alone by its maker (whatever the policy said), to cover the seat out."""
    rng = np.random.default_rng(seed)
    pool = np.array(nat_bits(DECKS[24]), np.int64)
    out = []
    while len(out) < count:
        cards = rng.permutation(pool)
        hands = np.array([sum(1 << int(b) for b in cards[5 * p:5 * p + 5]) for p in range(n)], U)
        up = U(1 << int(cards[5 * n]))
        dealer = len(out) % n
        maker, trump, alone, rnd = auction(hands, n, dealer, up, 0, 2 * n, -2, 0, 0, DEFAULT_POLICY)
        if maker == NO_SEAT:
            continue
        if n == 4 and alone_too and len(out) % 4 == 3:
            alone = 1
        lay = np.zeros(n, U)
        leader, sits_out, known, dk = prepare_play(TABLES, hands, lay, n, dealer, up, maker, trump, alone, rnd,
                                                   U(0), 0)
        out.append(dict(n=n, rules=TABLES[trump], lay=lay, leader=int(leader), out=int(sits_out), maker=int(maker),
                        known=U(known), dealer=dealer, dk=U(dk), up=U(P.held_upcard(up, trump, rnd, dealer, sits_out))))
    return out


def _args(d, hands=None):
    return (d["rules"], (d["lay"] if hands is None else hands).copy(), np.int64(d["n"]), np.int64(d["leader"]),
            np.int64(d["out"]), np.int64(d["maker"]), d["known"], np.int64(d["dealer"]), d["dk"], d["up"],
            np.bool_(True))


def _suit_mask(rules, s):
    return int(rules[R_SUIT + s])


def _positions(d, trace, cuts):
    """Positions before rows ``cuts`` of a play-out's trace (hands, played, voids, trick state)."""
    rules = d["rules"]
    h0 = [int(x) for x in d["lay"]]
    out = []
    for cut in cuts:
        h = list(h0)
        voids = 0
        played = 0
        suits_led = 0
        t = int(trace[cut, 0])
        trick = best = 0
        led = winner = leader = -1
        for r in range(cut):
            tr, seat, bit, ld = (int(x) for x in trace[r])
            c = 1 << bit
            if r == 0 or trace[r - 1, 0] != tr:
                suits_led |= 1 << ld
            elif not (h[seat] & _suit_mask(rules, ld)):
                voids |= 1 << (4 * seat + ld)
            h[seat] &= ~c
            played |= c
            if tr == t:
                if leader < 0:
                    leader, led, best, winner = seat, ld, c, seat
                else:
                    winner, best = _winner(rules, seat, c, winner, best, led)
                trick |= c
        if leader < 0:
            leader = int(trace[cut, 1])
        pos = bin(trick).count("1")
        out.append(dict(hands=h, seat=int(trace[cut, 1]), pos=pos, t=t, leader=leader, led=max(led, 0), best=best,
                        winner=winner if winner >= 0 else leader, trick=trick, suits_led=suits_led, voids=voids,
                        played=played, left=5 - t))
    return out


def _winner(rules, seat, c, winner, best, led):
    from analyzer.tricks.tables import R_TRUMP
    trump = int(rules[R_TRUMP])
    lane = _suit_mask(rules, led)
    if c & trump:
        if not (best & trump) or c > best:
            return seat, c
    elif not (best & trump) and (c & lane) and c > best:
        return seat, c
    return winner, best


def _traced(d):
    trace = np.zeros((20, 4), np.int64)
    play_tricks(*_args(d)[:9], trace, np.bool_(True))
    return trace, int((trace[:, 0] >= 0).sum())


def _sample(d, p, key, W):
    worlds = np.zeros((W, MAX_SEATS), U)
    need = np.zeros(P.MAX_WORLD_SLOTS, np.int64)
    allowed = np.zeros(P.MAX_WORLD_SLOTS, U)
    slot_seat = np.zeros(P.MAX_WORLD_SLOTS, np.int64)
    got = P.seat_worlds(d["rules"], np.array(p["hands"], U), np.int64(d["n"]), np.int64(p["seat"]), np.int64(d["out"]),
                        np.int64(d["dealer"]), d["up"], np.bool_(d.get("up_free", True)), d["dk"], d["known"],
                        U(p["played"]), np.int64(p["voids"]), U(key), worlds, need, allowed, slot_seat)
    return got, worlds


def _all_positions(n, count, seed):
    rng = np.random.default_rng(seed + 1)
    for d in _deals(n, count, seed):
        trace, rows = _traced(d)
        n_act = d["n"] - (d["out"] >= 0)
        # none on the last trick (nothing left to choose)
        cuts = rng.choice(rows - n_act, size=min(4, rows - n_act), replace=False)
        for p in _positions(d, trace, [int(c) for c in cuts]):
            yield d, p


@pytest.mark.parametrize("n", [2, 4])
def test_worlds_honour_the_facts_of_the_play(n):
    """What a seat samples: its own hand, every other seat's card count, no card of a suit a
    seat showed void in (the left bower a trump), no card played; the turned-down upcard in
    no hand; the picked-up upcard only in the dealer's hand (or his discard, which the
    default rule allows: then in no hand), never in another's; the dealer's discard in none
    of the dealer's worlds; a lone maker's partner empty.  The picked-up upcard lies in
    the hand of a dealer without voids in about h/(h+1) of the others' worlds (h: his cards)."""
    W = 24
    in_dealer = expect = 0.0
    checked = 0
    for k, (d, p) in enumerate(_all_positions(n, 60, 3 + n)):
        for up_free in (True, False):
            d["up_free"] = up_free
            got, worlds = _sample(d, p, k, W)
            assert got == W
            rules, seat = d["rules"], p["seat"]
            deck = int(rules[R_DECK])
            up = int(d["up"])
            up_live = up and not (p["played"] & up)
            for w in range(W):
                row = [int(x) for x in worlds[w]]
                seen = check_world(row, p["hands"], seat, lambda s: s < n and s != d["out"],
                                   lambda s, x: (p["voids"] >> (4 * s + x)) & 1, lambda x: _suit_mask(rules, x))
                if up_live:
                    assert not any(row[s] & up for s in range(MAX_SEATS) if s != d["dealer"])
                assert not (seen & p["played"]) and not (seen & ~deck)
                assert not (seen & int(d["known"]))
                if seat == d["dealer"]:
                    assert not (seen & int(d["dk"]))
                if up_live and seat != d["dealer"] and not up_free:
                    assert row[d["dealer"]] & up
                if up_live and seat != d["dealer"] and up_free and not (p["voids"] >> (4 * d["dealer"])) & 15:
                    # a dealer without voids: the upcard is equally likely in each of the
                    # h + 1 places of his hand and discard
                    h = bin(p["hands"][d["dealer"]]).count("1")
                    in_dealer += bool(row[d["dealer"]] & up)
                    expect += h / (h + 1)
            checked += 1
    assert checked >= 200
    if expect:
        assert abs(in_dealer - expect) < 0.05 * expect + 30, (in_dealer, expect)


@pytest.mark.parametrize("n", [2, 4])
def test_full_sight_single_dummy_is_double_dummy(n):
    """With the true deal as the only world every seat plays a card that keeps the
    threshold's double-dummy result: the makers make exactly when double-dummy makes."""
    genbox = np.ones(1, np.int64)
    trace = np.zeros((20, 4), np.int64)
    work = np.zeros(1, np.int64)
    made = 0
    deals = _deals(n, 60, 20 + n)
    for i, d in enumerate(deals):
        h5 = np.zeros(MAX_SEATS, U)
        h5[:n] = d["lay"]
        if d["out"] >= 0:
            h5[d["out"]] = 0
        dd = solve_tricks(d["rules"], h5, np.int64(n), np.int64(d["leader"]), np.int64(d["out"]),
                          np.int64(d["maker"]), np.int64(-1), TT, STATS, work)
        got = P.play_out_pimc(*_args(d), np.int64((1 << n) - 1), np.int64(1), np.int64(P.MODE_SEE_ALL),
                              np.int64(-1), U(i), TT, STATS, genbox, trace, np.bool_(False))
        assert (got >= 3) == (dd >= 3), i
        made += dd >= 3
    assert 0 < made < len(deals)        # both outcomes occur: the check has teeth


def test_choose_is_the_plain_method_move_for_move():
    """Equivalent cards once, forced plays skipped, hopeless candidates dropped, one
    zero-window search a card: the same card as every world x every legal card x exact
    value, on Euchre positions two- and four-handed (alone too)."""
    genbox = np.ones(1, np.int64)
    codes = np.zeros(MAX_MOVES, np.int64)
    members = np.zeros(MAX_MOVES, U)
    scores = np.zeros(MAX_MOVES, np.int64)
    rng = np.random.default_rng(9)
    checked = differ = 0
    for n in (2, 4):
        for k, (d, p) in enumerate(_all_positions(n, 50, 40 + n)):
            rules, seat = d["rules"], p["seat"]
            hand = U(p["hands"][seat])
            if p["pos"] == 0:
                legal = hand
            else:
                legal = U(int(hand) & _suit_mask(rules, p["led"])) or hand
            unpl = U(((int(rules[R_DECK]) & ~p["played"]) | p["trick"]) & ~int(d["known"]))
            nc = candidates(rules, hand, legal, np.int64(0), unpl, codes, members)
            if nc < 2:
                continue
            got, worlds = _sample(d, p, 1000 + k, 6)
            assert got == 6
            active = ((1 << n) - 1) & ~(1 << d["out"] if d["out"] >= 0 else 0)
            makers = sum(1 << s for s in range(n) if (active >> s) & 1 and (s & 1) == (d["maker"] & 1))
            cfgs = make_cfg(n, makers, makers, active, rules)[None, :]
            target = int(rng.integers(1, p["left"] + 1))
            hint = int(codes[nc - 1])
            args = (rules, cfgs, worlds, np.int64(6), np.zeros(MAX_SEATS, np.int64), TT, STATS, genbox,
                    np.int64(seat), np.int64(p["pos"]), np.int64(p["leader"]), np.int64(p["led"]), U(p["best"]),
                    np.int64(p["winner"]), U(p["trick"]), np.int64(p["suits_led"]), np.int64(p["left"]),
                    np.int64(target))
            fast = choose(*args, codes, members, np.int64(nc), np.int64(hint), scores)
            values = np.zeros((6, MAX_MOVES), np.int64)
            plain = choose_plain(*args, legal, np.int64(0), np.int64(hint), values)
            assert fast == plain, (n, k, p)
            checked += 1
            differ += fast != hint
    assert checked >= 80 and differ >= 5, (checked, differ)


# ----------------------------------------------------------------------------- questions
def test_order_pimc_rows_and_threads():
    from analyzer.games.euchre.questions import order
    a = order("JH JD AH KS 9C", "9H", deals=40, seed=3, play="pimc", worlds=8, threads=1)
    b = order("JH JD AH KS 9C", "9H", deals=40, seed=3, play="pimc", worlds=8, threads=2)
    assert a.table.equals(b.table) and a.meta["worlds"] == 8
    assert set(a.table["action"]) == {"order", "pass"}


def test_lead_rows_and_threads():
    from analyzer.games.euchre.questions import lead
    for play, deals in (("dd", 300), ("pimc", 12)):
        a = lead("JH JD AH KS 9C", "H", 1, deals=deals, seed=2, play=play, worlds=8, threads=1)
        b = lead("JH JD AH KS 9C", "H", 1, deals=deals, seed=2, play=play, worlds=8, threads=2)
        assert a.table.equals(b.table), play
        t = a.table
        assert (t["p_success_lo"] <= t["p_success"]).all() and (t["p_success"] <= t["p_success_hi"]).all()
        assert t["vs_best"].iloc[0] == 0
        # every card of the hand is a lead or equivalent to one
        cards = " ".join(t["equivalent"]).split()
        assert sorted(cards) == sorted("JH JD AH KS 9C".split())
    d = lead("AS KS QD 9C TC", "H", "dealer", players=4, upcard="9H", deals=40, seed=1, play="dd", threads=2)
    assert d.meta["side"] == "defenders" and d.meta["upcard_fate"] == "picked up by the dealer"


@pytest.mark.parametrize("args,needle", [
    (["euchre", "lead", "JH JD AH KS", "--trump", "H", "--maker", "1"], "the hand has 4 cards"),
    (["euchre", "lead", "JH JD AH KS 8C", "--trump", "H", "--maker", "1"], "8C"),
    (["euchre", "lead", "JH JD AH KS 9C", "--trump", "H", "--maker", "3"], "--maker"),
    (["euchre", "lead", "JH JD AH KS 9C", "--trump", "H", "--maker", "5", "--players", "4"], "--maker"),
    (["euchre", "lead", "JH JD AH KS 9C", "--trump", "H", "--maker", "1", "--worlds", "0"], "--worlds"),
    (["euchre", "lead", "JH JD AH KS 9C", "--trump", "X", "--maker", "1"], "unknown suit"),
    (["euchre", "order", "JH JD AH KS 9C", "--upcard", "9H", "--play", "pimc", "--worlds", "0"], "--worlds"),
])
def test_cli_bad_input_one_line_exit_2(args, needle, capsys):
    r = cli_result(list(args), capsys)
    assert r.returncode == 2 and r.stdout == "", (r.stdout, r.stderr)
    assert needle in r.stderr and r.stderr.count("\n") == 1, r.stderr
