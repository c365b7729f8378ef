"""Pinochle single-dummy play (``play.play_out`` given the solver's table) and the
declarer's ``lead`` question: what the seats know, the plain method's decisions move for
move, threshold play with every hand seen == double-dummy, thread-count independence, and
the lead question's oracle (the best lead's double-dummy points == the deal's)."""

import random
from itertools import islice

import numpy as np
import pytest

from analyzer.bits import popcount
from analyzer.games.pinochle.dd import new_dd_table, new_stats, policy_deals, reaches, solve_points
from analyzer.games.pinochle.deck import DECK_MASK
from analyzer.games.pinochle.meld import meld_cards
from analyzer.games.pinochle.play import card_tables, pimc_need, play_out
from analyzer.games.pinochle.rules import Options, rule_tables
from analyzer.games.pinochle.worlds import MODE_PLAIN, MODE_SAMPLE, MODE_SEE_ALL, known_cards, seat_worlds
from analyzer.tricks.dd import MAX_SEATS
from tests.cli_run import run_cli

RULES_DD, RULES, VALS = rule_tables(objective_points=True), rule_tables(), card_tables()
REUSE = Options().reuse


def _deals(n, seed):
    """Policy-bid deals with what the seats know: (trump, hands, declarer, need, known)."""
    out = []
    for trump, hands, declarer, bid, meld, _ in islice(policy_deals(random.Random(seed)), n):
        shown = np.array([meld_cards(h, np.int64(trump), REUSE) for h in hands], np.uint64)
        known = np.empty((4, 4), np.uint64)
        known_cards(hands, np.int64(declarer), shown, np.uint64(0), np.uint64(0), known)
        out.append((trump, hands, declarer, int(pimc_need(np.int64(bid), np.int64(meld), np.int64(0))), known))
    return out


def _play(deal, worlds, mode, key=1, record=False):
    trump, hands, declarer, need, known = deal
    trace = np.full((48, 4), -1, np.int64)
    packed = play_out(RULES[trump], VALS[trump], hands.copy(), np.int64(declarer), trace, record, np.int64(0),
                      np.uint64(0), np.int64(-1), np.int64(15), np.int64(worlds), np.int64(mode), np.int64(need), known,
                      np.uint64(key), RULES_DD[trump], new_dd_table(), new_stats(), np.ones(1, np.int64))
    return int(packed), trace


def test_worlds_honour_what_the_seat_knows():
    """Every world: the viewer's hand, the cards shown in their seats, none of a seat's
    excluded cards, each seat its number of cards, every unseen card dealt once."""
    rng = np.random.default_rng(3)
    bits = [b for b in range(64) if (int(DECK_MASK) >> b) & 1]
    for trial in range(20):
        p = rng.permutation(bits)
        hands = np.array([sum(1 << int(b) for b in p[12 * s:12 * s + 12]) for s in range(4)], np.uint64)
        played = np.uint64(0)
        for s in range(4):            # a few cards played from each hand
            for b in range(int(rng.integers(0, 3))):
                c = np.uint64(1) << np.uint64(int(p[12 * s + b]))
                hands[s] &= ~c
                played |= c
        shown = np.array([int(h) & int(rng.integers(0, 2**63)) for h in hands], np.uint64)
        known = np.empty((4, 4), np.uint64)
        known_cards(hands, np.int64(0), shown, np.uint64(0), np.uint64(0), known)
        viewer = trial % 4
        excl = np.zeros(4, np.uint64)
        for s in range(4):
            if s != viewer:     # cards another seat does not hold, shown out by the duties
                excl[s] = np.uint64(int(hands[(s + 1) % 4] | hands[(s + 2) % 4]) & int(rng.integers(0, 2**63)))
                excl[s] &= ~known[viewer, s]
        worlds = np.zeros((64, MAX_SEATS), np.uint64)
        got = seat_worlds(hands, np.int64(viewer), known, excl, played, np.uint64(trial), worlds)
        assert got == 64
        unseen = int(DECK_MASK) & ~int(played) & ~int(hands[viewer])
        for w in worlds[:got]:
            assert w[viewer] == hands[viewer]
            union = 0
            for s in range(4):
                assert popcount(w[s]) == popcount(hands[s])
                assert int(w[s]) & int(known[viewer, s] & ~played) == int(known[viewer, s] & ~played)
                if s != viewer:
                    assert int(w[s]) & int(excl[s]) == 0
                    union |= int(w[s])
            assert union == unseen


def test_single_dummy_decides_as_the_plain_method():
    """Move for move the same cards as every world x every legal card valued exactly (a
    deal whose plain method takes seconds: some take the plain method minutes)."""
    for deal in _deals(2, 1)[1:]:
        a, ta = _play(deal, 2, MODE_SAMPLE, record=True)
        b, tb = _play(deal, 2, MODE_PLAIN, record=True)
        assert a == b
        assert (ta == tb).all()


def test_every_hand_seen_is_double_dummy():
    """Threshold play with the one true world at every seat reaches the need exactly when
    the solver says the declaring side can."""
    seen = set()
    for deal in _deals(6, 4):
        trump, hands, declarer, need, _ = deal
        got, _ = _play(deal, 1, MODE_SEE_ALL)
        dd = reaches(RULES_DD[trump], hands, np.int64(declarer), np.int64(need), new_dd_table(), new_stats(),
                     np.zeros(8, np.int64))
        assert ((got >> 4) >= need) == bool(dd)
        seen.add(bool(dd))
    assert seen == {True, False}          # deals the side makes and deals it does not


def test_bid_pimc_is_the_same_on_one_and_two_threads(capsys, small_chunks):
    args = ["pinochle", "bid", "AH AH TH KH QH JH 9H AS KS QS JD 9C", "--trump", "H", "--play", "pimc",
            "--worlds", "2", "--deals", "3", "--seed", "5", "--json"]     # seed 5: quick deals (seed 0's: 8 s)
    out = [run_cli(args + ["--threads", str(k)], capsys) for k in (1, 2)]
    assert out[0][0] == 0 and out[0][1] == out[1][1]
    assert '"play": "pimc"' in out[0][1] and '"worlds": 2' in out[0][1]


HAND = "AS AS TS KS QS QS JS 9S AH KH QH JD"


@pytest.mark.parametrize("args, words", [
    (["--trump", "X"], "unknown trump"),
    (["--trump", "S", "--passed", "AS KH QH JD"], "third copy"),
    (["--trump", "S", "--passed", "AD KD"], "4 cards"),
    (["--trump", "S", "--bid", "255"], "not a bid"),
    (["--trump", "S", "--play", "pimc", "--worlds", "0"], "--worlds"),
    (["--trump", "S", "--play", "dd", "--rule", "meld_save=trick"], "meld_save"),
])
def test_lead_bad_input_is_one_line_and_exit_2(capsys, args, words):
    code, out, err = run_cli(["pinochle", "lead", HAND] + args, capsys)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1 and not out


def test_lead_short_hand_is_refused(capsys):
    code, _, err = run_cli(["pinochle", "lead", "AS KS", "--trump", "S"], capsys)
    assert code == 2 and "12" in err


def test_lead_double_dummy_best_lead_is_the_deals_value():
    """On a deal the best lead's double-dummy points are the deal's double-dummy value from
    the declarer's lead (``dd.solve_points``) and no lead beats it (one deal a run: a row's
    mean is that deal's value)."""
    from analyzer.games.pinochle import questions as q
    from analyzer.sim.deal import _deal_into
    from analyzer.sim.rng import seed_key, stream_key

    hand = "AS AS TS TS KS KS QS QS JS 9S AH AH"       # few distinct leads: a cheap exact check
    ids = q.parse_hand(hand, "hand", 12)
    pool = q._pool(ids)
    counts = np.array([12, 12, 12], np.int64)
    buf, dealt = np.empty(pool.shape[0], np.int64), np.empty(3, np.uint64)
    mine = np.uint64(q.mask_of(ids))
    for seed in range(2):
        a = q.lead(hand, "S", bid=500, deals=1, seed=seed, play="dd", threads=1)
        assert len(a.table) >= 3
        _deal_into(np.uint64(stream_key(seed_key(seed), np.int64(0))), pool, counts, np.zeros(3, np.uint64), buf,
                   dealt)
        hands = np.array([mine, dealt[1], dealt[0], dealt[2]], np.uint64)
        value = solve_points(RULES_DD[0], hands, np.int64(0), np.int64(-1), new_dd_table(), new_stats(),
                             np.zeros(8, np.int64))
        assert a.table["mean_points"].max() == value


def test_lead_ranks_every_distinct_lead_with_paired_intervals(capsys):
    code, out, err = run_cli(["pinochle", "lead", HAND, "--trump", "S", "--bid", "400", "--play", "heuristic",
                              "--deals", "400", "--json"], capsys)
    assert code == 0, err
    import json
    a = json.loads(out)
    rows = a["options"]
    assert a["best"] == rows[0]["lead"]
    assert rows[0]["vs_best"] == 0 and rows[0]["points_vs_best"] == 0
    keys = [r["p_make"] * 1000 + r["mean_points"] for r in rows]
    assert keys == sorted(keys, reverse=True)
    leads = {r["lead"] for r in rows} | {c for r in rows for c in r["equivalent"].split()}
    assert leads == set(HAND.split())
    for r in rows[1:]:
        assert r["vs_best_lo"] <= r["vs_best"] <= r["vs_best_hi"] <= 1e-12 + max(0.0, r["vs_best_hi"])


def test_a_spent_node_budget_decides_on_the_worlds_searched():
    """With a budget of one node every decision stops after its first world: the play is
    the one-world play, world for world (a world's layout depends only on its number)."""
    from analyzer.tricks.dd import S_BUDGET, S_BUDGET_CUTS

    deal = _deals(2, 1)[1]
    trump, hands, declarer, need, known = deal
    out = []
    for worlds, budget in ((4, 1), (1, 0)):
        stats = new_stats()
        stats[S_BUDGET] = budget
        trace = np.full((48, 4), -1, np.int64)
        packed = play_out(RULES[trump], VALS[trump], hands.copy(), np.int64(declarer), trace, True, np.int64(0),
                          np.uint64(0), np.int64(-1), np.int64(15), np.int64(worlds), np.int64(MODE_SAMPLE),
                          np.int64(need), known, np.uint64(1), RULES_DD[trump], new_dd_table(), stats,
                          np.ones(1, np.int64))
        out.append((int(packed), trace, int(stats[S_BUDGET_CUTS])))
    assert out[0][0] == out[1][0] and (out[0][1] == out[1][1]).all()
    assert out[0][2] > 0 and out[1][2] == 0


def test_pinochle_match_plays_the_heuristic_baseline_on_the_same_deals_on_any_thread_count():
    from analyzer.games.pinochle.match import match
    heur = match("heuristic", "heuristic", deals=40, seed=5, threads=2)
    assert heur.meta["a_minus_b"] == 0 and heur.meta["played"] > 30
    one = match("pimc", "heuristic", deals=3, seed=5, worlds=2, threads=1)
    two = match("pimc", "heuristic", deals=3, seed=5, worlds=2, threads=2)
    assert one.table.equals(two.table) and one.meta["a_minus_b"] == two.meta["a_minus_b"]
    # B everywhere is the heuristic at every seat: the heuristic match's hands, deal for deal
    first3 = match("heuristic", "heuristic", deals=3, seed=5, threads=1)
    base = one.table.set_index("side").loc["baseline"]
    assert base["net"] == first3.table.set_index("side").loc["A", "net"]
    assert base["contracts"] == first3.meta["played"]
