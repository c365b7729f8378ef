"""Pinochle's questions: the auction read and checked, dealing to the calls heard (exact,
seat by seat), determinism on 1 and 2 threads, the rows' consistency, bad input."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.games.pinochle import questions as q
from analyzer.games.pinochle.bidding import DEFAULT_POLICY, valuation
from analyzer.games.pinochle.deck import HAND_SIZE, mask_of, parse_hand
from analyzer.games.pinochle.play import deal_heard
from analyzer.games.pinochle.rules import Options
from analyzer.sim.deal import deal_batch
from analyzer.sim.rng import seed_key, stream_key
from tests.cli_run import cli_result

HAND = "AS TS KS QS JS QS JD KD QD 9H AC AC"
WEAK = "9S JS 9C JC QC 9D JD 9H JH QH KH 9H"


def test_auction_is_read_and_checked():
    o = Options()
    calls, state = q.parse_auction("250 pass 270 p", o)
    assert calls == [250, 0, 270, 0] and state == (0, 270, 2, 0b1010)
    calls, state = q.parse_auction("pass pass 250 260 270", o)     # seats 1 and 2 passed: skipped
    assert state == (3, 270, 2, 0b0011)
    for bad, why in (("245", "not a bid"), ("240", "not a bid"), ("250 300", "raises are 10 or 20"),
                     ("250 250", "does not raise"), ("250 pass pass pass", "over"), ("hello", "cannot read")):
        with pytest.raises(InputError, match=why):
            q.parse_auction(bad, o)
    assert q.parse_auction("250 300", Options.parse(["raise=any"]))[1][1] == 300


def test_value_bounds_from_the_calls():
    o = Options()
    order, lo, hi = q.value_bounds([0, 250, 0], 3, o)
    margin, partner = DEFAULT_POLICY[16], DEFAULT_POLICY[17]
    assert list(order) == [0, 1, 2]
    assert hi[0] == 250 + margin and lo[1] == 250 + margin and hi[2] == 260 + margin
    # seat 3 passes with its partner (seat 1) holding: the partner margin applies
    order, lo, hi = q.value_bounds([250, 0, 0], 3, o)
    assert hi[2] == 260 + margin + partner


def _valuations(masks):
    v4 = np.empty(4)
    out = []
    for m in masks:
        t = valuation(np.uint64(m), DEFAULT_POLICY, False, v4)
        out.append(v4[t])
    return np.array(out)


def test_seat_by_seat_dealing_is_exact():
    """Two constrained seats (values below 300: a pass) and a free one: the weighted
    seat-by-seat deals give the same mean values as brute-force rejection of whole deals
    (a seat-by-seat draw without the weights would not: the first seat's weak hand leaves
    the second a stronger pool)."""
    hand = parse_hand(HAND)
    pool = q._pool(hand)
    lo, hi = np.full(4, -np.inf), np.full(4, np.inf)
    hi[1] = hi[2] = 300.0
    sizes = np.full(4, HAND_SIZE, np.int64)
    want = np.full(4, -1, np.int64)
    hands = np.zeros(4, np.uint64)
    rem = np.empty(len(pool), np.int64)
    v4 = np.empty(4)
    policies = np.tile(DEFAULT_POLICY, (4, 1))
    key = seed_key(8)
    ws, vals = [], []
    for i in range(3000):
        w, _ = deal_heard(np.uint64(stream_key(key, np.int64(i))), pool, rem, hands, sizes, np.array([1, 2], np.int64),
                          np.array([3], np.int64), lo, hi, want, policies, False, v4)
        if w > 0:
            v = _valuations(hands[1:4])
            assert v[0] < 300 and v[1] < 300
            assert int(hands[1] | hands[2] | hands[3]) == sum(1 << int(b) for b in pool)
            ws.append(w)
            vals.append(v)
    ws, vals = np.array(ws, float), np.array(vals)
    weighted = (ws[:, None] * vals).sum(axis=0) / ws.sum()
    deals = deal_batch(9, 0, 150_000, pool, np.full(3, HAND_SIZE, np.int64))
    v = np.stack([_valuations(deals[:, k]) for k in range(3)], axis=1)
    kept = v[(v[:, 0] < 300) & (v[:, 1] < 300)]
    brute, se = kept.mean(axis=0), kept.std(axis=0) / math.sqrt(len(kept))
    n_eff = ws.sum() ** 2 / (ws ** 2).sum()
    se_w = vals.std(axis=0) / math.sqrt(n_eff)
    assert (abs(weighted - brute) < 4 * np.hypot(se, se_w)).all(), (weighted, brute, se, se_w)


def test_bid_same_seed_same_answer_on_one_and_two_threads():
    a = q.bid(HAND, deals=3000, seed=5, threads=1)
    b = q.bid(HAND, deals=3000, seed=5, threads=2)
    da, db = a.to_json_dict(), b.to_json_dict()
    assert json.dumps(da) == json.dumps(db)
    c = q.bid(HAND, seat=2, deals=600, seed=5, threads=1)
    d = q.bid(HAND, seat=2, deals=600, seed=5, threads=2)
    assert json.dumps(c.to_json_dict()) == json.dumps(d.to_json_dict())


def test_bid_rows_are_consistent():
    a = q.bid(HAND, deals=3000, seed=1)
    t = a.table
    bids = t[t["action"] == "bid"]
    for trump, sub in bids.groupby("trump"):
        p = sub.sort_values("bid")["p_make"].to_numpy()
        assert (np.diff(p) <= 1e-12).all()                  # a higher bid never makes more often
        # (EV need not fall with the bid: past the meld + 250 the declarer throws in, and
        # the defenders score their meld only)
        assert ((sub["p_make_lo"] <= sub["p_make"]) & (sub["p_make"] <= sub["p_make_hi"])).all()
    assert bids["bid"].min() == 250 and (bids["bid"] % 10 == 0).all()
    assert a.meta["meld"] == {"S": 210, "C": 80, "D": 100, "H": 90}
    assert t.iloc[-1]["action"] == "pass"
    # over a bid: rows start above it
    b = q.bid(HAND, over=300, seat=2, deals=500, seed=1)
    assert b.table[b.table["action"] == "bid"]["bid"].min() == 310
    assert any("without --auction" in n for n in b.notes)


def test_weak_hand_passes_strong_hand_bids():
    weak = q.bid(WEAK, deals=2000, seed=2)
    strong = q.bid(HAND, deals=2000, seed=2)
    assert strong.best.startswith("bid")
    top = q.best_trump_rows(weak.table).iloc[0]
    strong_top = q.best_trump_rows(strong.table).iloc[0]
    assert top["p_make"] < strong_top["p_make"]
    assert weak.table["ev"].max() < strong.table["ev"].max()


def test_pass_question_partner_and_declarer():
    a = q.pass_cards(HAND, "D", deals=300, seed=1)
    t = a.table
    assert t["policy"].sum() == 1 and len(t) == q.MAX_PASS_OPTIONS
    assert (t["ev"].diff().dropna() <= 1e-9).all()
    for cards in t["cards"]:
        assert len(cards.split()) == 4
    sixteen = HAND + " AD TD 9D KH"
    b = q.pass_cards(sixteen, "D", received="AD TD 9D KH", bid=300, deals=200, seed=1)
    assert b.meta["role"] == "declarer" and b.meta["bid"] == 300
    assert b.table["policy"].sum() == 1


def test_pass_options_small_hands_list_every_distinct_set():
    # a hand with duplicates: sets equal up to identical copies appear once
    m = mask_of(parse_hand("AS AS TS TS KS KS QS QS JS JS 9S 9S"))
    sets, policy = q.pass_options(m, 0, Options(), back=False)
    kinds = {tuple(sorted(b >> 1 for b in range(64) if (s >> b) & 1)) for s in sets}
    assert len(kinds) == len(sets) <= q.MAX_PASS_OPTIONS + 1
    assert policy in sets


@pytest.mark.parametrize("args, message", [
    (["bid", "AS AS AS KS QS JS 9S TD KD QD JD 9H"], "third copy"),
    (["bid", "8S TS KS QS JS QS JD KD QD 9H AC AC"], "not a Pinochle card"),
    (["bid", "2H TS KS QS JS QS JD KD QD 9H AC AC"], "not a Pinochle card"),
    (["bid", "AS TS KS QS JS QS JD KD QD 9H AC"], "11 cards"),
    (["bid", HAND + " AH"], "13 cards"),
    (["bid", HAND, "--over", "245"], "not a bid"),
    (["bid", HAND, "--over", "200"], "not a bid"),
    (["bid", HAND, "--seat", "5"], "--seat"),
    (["bid", HAND, "--auction", "250 300"], "raises are 10 or 20"),
    (["bid", HAND, "--auction", "pass", "--seat", "3"], "turn"),
    (["pass", HAND, "--trump", "X"], "unknown trump"),
    (["pass", HAND, "--trump", "S", "--bid", "255"], "not a bid"),
    (["pass", HAND + " AD TD 9D KH", "--trump", "D", "--received", "AH TD 9D KH"], "not in the hand"),
    (["pass", HAND + " AD TD 9D KH", "--trump", "D", "--received", "AD TD 9D KH QD"], "4 cards"),
    (["pass", HAND, "--trump", "S", "--rule", "head=sideways"], "rule head"),
])
def test_bad_input_exits_2_with_one_line(args, message, capsys):
    r = cli_result(["pinochle", *args, "--deals", "10"], capsys)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], r.stderr


def test_bid_json_shape():
    r = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "pinochle", "bid", HAND, "--deals", "300",
                        "--json"], capture_output=True, text=True, check=True)
    out = json.loads(r.stdout)
    assert out["game"] == "pinochle" and out["question"] == "bid"
    row = out["options"][0]
    for key in ("action", "bid", "trump", "p_make", "p_make_lo", "p_make_hi", "mean_meld", "mean_tricks", "ev",
                "ev_se"):
        assert key in row
    assert out["options"][-1]["action"] == "pass" and out["options"][-1]["bid"] is None
    assert out["best"] and out["recommendation"]



def test_bid_double_dummy_rows_and_determinism():
    """--play dd: the same rows from solved tricks, identical on 1 and 2 threads."""
    # seed 4: deals the solver settles in about 2 s (seed 3's took 8: the solver's tail, issue 42)
    a = q.bid(WEAK, trump="H", play="dd", deals=4, seed=4, threads=1)
    b = q.bid(WEAK, trump="H", play="dd", deals=4, seed=4, threads=2)
    assert json.dumps(a.to_json_dict()) == json.dumps(b.to_json_dict())
    bids = a.table[a.table["action"] == "bid"]
    assert set(bids["trump"]) == {"H"} and a.meta["play"] == "dd"
    assert (bids["mean_tricks"].between(0, 250)).all()
    assert any(n.startswith("dd:") for n in a.notes)
    with pytest.raises(InputError, match="meld_save"):
        q.bid(WEAK, play="dd", deals=2, rules=["meld_save=trick"])


def test_condition_none_deals_as_over_does():
    """--condition none: after "250" from seat 1 the state at seat 2 is --over 250's, and
    with nobody conditioned the deals are too: the same table, on the same seed.  The
    default conditions seat 1 on its bid and answers differently."""
    from pandas.testing import assert_frame_equal
    none = q.bid(HAND, auction="250", condition="none", deals=1000, seed=4, threads=1)
    over = q.bid(HAND, over=250, seat=2, deals=1000, seed=4, threads=1)
    assert_frame_equal(none.table, over.table)
    assert none.meta["condition"] == "none" and none.meta["conditioned"] == []
    assert none.meta["effective_deals"] == 1000 and any("--condition none" in n for n in none.notes)
    policy = q.bid(HAND, auction="250", deals=1000, seed=4, threads=1)
    assert policy.meta["condition"] == "policy" and policy.meta["conditioned"] == [1]
    assert not policy.table["ev"].equals(none.table["ev"])
    with pytest.raises(InputError, match="--condition must be none or policy"):
        q.bid(HAND, condition="maybe")


def test_cli_condition(capsys):
    from tests.cli_run import run_cli
    args = ["pinochle", "bid", HAND, "--auction", "250 pass", "--deals", "300"]
    code, out, err = run_cli(args + ["--condition", "none", "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["condition"] == "none" and got["conditioned"] == [] and got["auction"] == [250, "pass"]
    code, out, err = run_cli(args + ["--condition", "none"], capsys)
    assert code == 0 and "unconditioned deals (--condition none)" in out
    code, out, err = run_cli(args + ["--condition", "maybe"], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--condition" in err


# ----------------------------------------------------------------------------- the calls ("here" rows)
def _calls(a):
    t = a.table
    return t[t["action"].isin(["call", "pass"])]


def test_the_calls_compare_like_with_like():
    """Every call row, pass included, is the asker's side's result for the whole hand after
    that call, the auction going on by the policy: a weak hand cannot gain by opening
    (the others overcall it, or it goes set); a hand whose meld alone passes the minimum
    bids, and clearly ahead of passing; beyond the best bid the EV does not rise."""
    weak = q.bid("9S JS 9H JH TH 9D TD 9D 9C JC TC KC", deals=4000, seed=3, threads=1)
    calls = _calls(weak)
    p = calls[calls["action"] == "pass"].iloc[0]
    # passing is within a few points of the best call (the low bids are overcalled, so they
    # all come to about the same; which of them is "best" is noise among twenty rows): not
    # much worse; the recommendation is the least committal call not measurably worse than
    # the best (pass, else the lowest such bid), named against the best as a tie; opening
    # high is clearly worse than passing
    assert p["vs_best"] > -10
    even = calls[calls["vs_best_hi"] >= 0]
    pick = "pass" if (even["action"] == "pass").any() else f"bid {int(even['bid'].min())}"
    assert weak.meta["a"] == pick and weak.best.startswith(pick) and pick != weak.meta["b"]
    assert weak.meta["tie"] and weak.recommendation.startswith(f"no measurable difference between {pick} and")
    high = calls[(calls["action"] == "call") & (calls["bid"] == 380)].iloc[0]
    assert high["vs_best_hi"] < p["vs_best_lo"]
    strong = q.bid("QS QS JD JD AS TS KS JS AH AC TD KH", deals=4000, seed=3, threads=1)
    assert strong.meta["meld"]["S"] > 250 and strong.best.startswith("bid")   # double pinochle, a run in spades
    # nobody overcalls it: opening 250 or 260 comes to the same on (almost) every deal -- they
    # differ only by the 10 points of the bid on a deal it goes set -- a tie called a tie
    assert strong.meta["tie"] and abs(strong.meta["a_minus_b"]) < 0.1 and strong.meta["lo"] <= 0 <= strong.meta["hi"]
    assert "no measurable difference" in strong.recommendation
    calls = _calls(strong)
    p = calls[calls["action"] == "pass"].iloc[0]
    assert p["vs_best_hi"] < 0                                      # passing is clearly worse
    bids = calls[calls["action"] == "call"].reset_index(drop=True)
    top = int(bids["ev"].idxmax())
    beyond = bids["ev"].to_numpy()[top:]
    se = bids["ev_se"].to_numpy()[top:]
    # non-increasing within noise: no later row above an earlier one by more than 3 se
    assert all(beyond[j] <= beyond[i] + 3 * se[j] for i in range(len(beyond)) for j in range(i + 1, len(beyond)))
    assert beyond[-1] < beyond[0] - 100                            # and far lower at the top


def test_the_calls_paired_difference_is_the_deals_difference(monkeypatch):
    """vs_best of a call row (from the kernel's sums of products) equals the mean of the
    per-deal differences when each deal is replayed alone by the run's own chunk (the
    examples' replay, spied on)."""
    from analyzer.games.pinochle import examples
    from tests.test_examples import spy_on_pick

    seen = spy_on_pick(monkeypatch, examples)
    a = q.bid("AS TS KS QS JS JS QD KD AH AH AC AC", deals=300, seed=4, threads=1, examples=1)
    assert seen["valid"].all() and len(seen["best"]) == 300
    calls = _calls(a)

    def row(name):
        return calls[(calls["action"] == "pass") if name == "pass" else
                     (calls["bid"] == int(name.split()[1])) & (calls["action"] == "call")].iloc[0]

    ra, rb = row(a.meta["a"]), row(a.meta["b"])
    d = seen["nxt"] - seen["best"]    # the next best (or the best, past a modest pick) minus the pick, deal by deal
    assert rb["vs_best"] - ra["vs_best"] == pytest.approx(d.mean(), abs=1e-9)
    assert a.meta["a_minus_b"] == pytest.approx(-d.mean(), abs=1e-9)
    # one of the two is the best by EV (vs_best 0); the other's interval is the deals' one
    other = rb if ra["vs_best"] == 0 else ra
    se = d.std(ddof=1) / math.sqrt(len(d))
    assert other["vs_best_hi"] - other["vs_best"] == pytest.approx(1.959964 * se, rel=1e-6)


def test_play_pimc_keeps_the_declare_rows_and_says_so():
    a = q.bid("AS TS KS QS JS JS QD KD AH AH AC AC", trump="S", play="pimc", deals=1, worlds=4, seed=1, threads=1)
    assert not (a.table["action"] == "call").any()
    assert any("as if you declare it" in n for n in a.notes)
    # the recommendation compares the bid rows only (issue 40: it weighed them against passing)
    assert a.recommendation.startswith("as the declarer, bid ") and "passing is not compared" in a.recommendation
    bids = a.table[a.table["action"] == "bid"]
    assert a.best == f"bid {bids.loc[bids['ev'].idxmax(), 'bid']} {bids.loc[bids['ev'].idxmax(), 'trump']}"


def test_the_pass_lead_is_paired(monkeypatch):
    """The best pass's lead over the next best (from the kernel's sums of products) is the
    mean of the per-deal differences, each deal replayed alone by the run's chunk."""
    from analyzer.games.pinochle import examples
    from tests.test_examples import spy_on_pick

    seen = spy_on_pick(monkeypatch, examples)
    a = q.pass_cards(HAND, "S", deals=300, seed=2, threads=1, examples=1)
    assert seen["valid"].all() and len(seen["best"]) == 300
    d = seen["best"] - seen["nxt"]
    assert a.meta["a"] == a.table.iloc[0]["action"] and a.meta["b"] == a.table.iloc[1]["action"]
    assert a.meta["a_minus_b"] == pytest.approx(d.mean(), abs=1e-9)
    assert a.meta["se"] == pytest.approx(d.std(ddof=1) / math.sqrt(len(d)), rel=1e-6)
    assert ("no measurable difference" in a.recommendation) == a.meta["tie"]
