"""Five Hundred "here": the calls heard (rules, policy), dealing consistent with them, and
the bid question that plays every call on."""

import json
import math
import subprocess
import sys

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.games.five_hundred import questions as q
from analyzer.games.five_hundred.auction import (DEFAULT_POLICY, FMASKS, PASS, ST_CUR, ST_NEXT, ST_SPOKE, V_SIZE,
                                                 finish_auction, fits, history_arrays, ladder_tables, new_state,
                                                 parse_auction, policy_call, valuation)
from analyzer.games.five_hundred.bidding import ladder, parse_contract
from analyzer.games.five_hundred.deck import DECK, SEAT_NAMES
from analyzer.games.five_hundred.heard import BATCH, KITTY, deal_heard
from analyzer.games.five_hundred.rules import Options
from analyzer.sim.constrained import D_SIZE, D_W
from analyzer.sim.deal import deal_batch
from analyzer.sim.rng import seed_key, stream_key
from tests.cli_run import cli_result
from tests.records import capture_kwargs, weighted_paired

S, W, N, E = (SEAT_NAMES.index(x) for x in "SWNE")
HAND = "AH KH QH 9H 8H AS 7S AD 5C 6C"
POLS = np.tile(DEFAULT_POLICY, (4, 1))


def index(name, options=Options()):
    return ladder(options).index(parse_contract(name))


def values(mask):
    v = np.empty(V_SIZE)
    valuation(np.uint64(mask), FMASKS, DEFAULT_POLICY, v)
    return v


# ----------------------------------------------------------------------------- the calls heard
def test_parse_auction_turns_and_state():
    history, st = parse_auction("7S pass pass", S)     # S deals: W, N, E have spoken
    assert [(h[0], h[1]) for h in history] == [(W, index("7S")), (N, PASS), (E, PASS)]
    assert st[ST_NEXT] == S and st[ST_CUR] == index("7S")
    _, st = parse_auction("W:6S N:6H E:pass S:7S W:pass", S)
    assert st[ST_NEXT] == N                            # E passed: skipped
    _, st = parse_auction("6S 6D 6H", S, Options(auction="american"))
    assert st[ST_NEXT] == S and st[ST_CUR] == index("6H")


@pytest.mark.parametrize("auction, options, needle", [
    ("7S 6H", Options(), "does not outrank 7♠"),
    ("7S 7S", Options(), "does not outrank"),
    ("6S MIS", Options(), "not allowed over 6♠"),
    ("MIS", Options(), "not allowed as the first bid"),
    ("7S MIS 8S pass pass pass", Options(), "the auction is over"),
    ("pass pass pass pass", Options(), "the auction is over"),
    ("W:6S N:pass E:6H S:pass W:7S N:7H", Options(), "N has passed"),
    ("W:6S E:6H", Options(), "it is N's turn"),
    ("7S 8X", Options(), "cannot read call 2"),
    ("6S 6D 6H 6NT 7S", Options(auction="american"), "the auction is over before call 5"),
    ("7S MIS", Options(misere="none"), "not allowed"),
])
def test_parse_auction_refuses_what_the_rules_forbid(auction, options, needle):
    with pytest.raises(InputError, match=needle):
        parse_auction(auction, S, options)


def test_misere_rules_options():
    parse_auction("7S MIS", S)                           # default: over a 7-level bid
    parse_auction("MIS", S, Options(misere="any"))
    with pytest.raises(InputError):
        parse_auction("7S MIS", S, Options(misere="none"))
    # misere_rank=value: misère sits between 8♠ and 8♣
    parse_auction("7S 8S MIS", S, Options(misere_rank="value", misere="any"))
    with pytest.raises(InputError, match="outrank"):
        parse_auction("7S MIS 8S", S, Options(misere_rank="value"))


# ----------------------------------------------------------------------------- the policy
def test_policy_opens_strong_hands_and_passes_weak_ones():
    lad, acfg = ladder_tables(Options())
    strong = values(DECK.mask(DECK.parse_cards("JK JH JD AH KH QH TH 9H AS AC")))
    weak = values(DECK.mask(DECK.parse_cards("QS TS 9C QC TD 9D JH TH 8H 9S")))
    low = values(DECK.mask(DECK.parse_cards("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H")))      # the lowest cards: never caught
    call = policy_call(strong, -1, False, -1, lad, acfg, DEFAULT_POLICY)
    assert call != PASS and ladder()[call].strain == 3 and ladder()[call].level >= 8
    assert policy_call(weak, -1, False, -1, lad, acfg, DEFAULT_POLICY) == PASS
    # the lowest cards of every suit are an open misère (it may be bid first); with nines
    # among them (5S 6S 7C 8C 9D 4D 5H 6D 7S 9C: made about half the time against these
    # defenders) it passes
    assert policy_call(low, -1, False, -1, lad, acfg, DEFAULT_POLICY) == index("OPENMIS")
    # over a bid higher than it reaches, a strong hand passes too
    assert policy_call(strong, index("10NT"), False, -1, lad, acfg, DEFAULT_POLICY) == PASS


def test_partner_support_raises_partner():
    """A hand with heart support raises its partner's 7♥ where it would not open 8♥ alone."""
    lad, acfg = ladder_tables(Options())
    v = values(DECK.mask(DECK.parse_cards("JD KH 9H 5H AS AC KC 6D 7S 8C")))
    alone = policy_call(v, index("7S"), False, -1, lad, acfg, DEFAULT_POLICY)
    with_partner = policy_call(v, index("7H"), False, index("7H"), lad, acfg, DEFAULT_POLICY)
    assert alone == PASS or ladder()[alone].strain != 3
    assert with_partner != PASS and ladder()[with_partner].strain == 3


def test_all_four_pass_throws_the_deal_in():
    lad, acfg = ladder_tables(Options())
    vals = np.zeros((4, V_SIZE))
    assert finish_auction(vals, new_state(S), lad, acfg, POLS) == (-1, PASS)


# ----------------------------------------------------------------------------- dealing to fit
def _pool(hand_ids):
    return np.array([c for c in range(DECK.size) if c not in set(hand_ids)], np.int64)


def _heard(auction, dealer=S):
    history, _ = parse_auction(auction, dealer)
    return history_arrays(history)


def _dealt(ids, hist, order, seed, n):
    """Deal ``n`` deals to fit ``hist`` (S holds ``ids``; ``order`` the heard seats, the
    kitty free) by ``heard.deal_heard``; yields (weight, hands) for the deals kept."""
    pool = _pool(ids)
    lad, acfg = ladder_tables(Options())
    hands = np.zeros(5, np.uint64)
    hands[S] = DECK.mask(ids)
    rem = np.empty(len(pool), np.int64)
    v = np.empty(V_SIZE)
    sizes = np.array([10, 10, 10, 10, 3], np.int64)
    cand, fit, deal = np.empty(BATCH, np.uint64), np.zeros(BATCH, np.bool_), np.zeros(D_SIZE, np.int64)
    key = seed_key(seed)
    for i in range(n):
        deal_heard(np.uint64(stream_key(key, np.int64(i))), pool, rem, hands, sizes, np.array(order, np.int64),
                   np.array([KITTY], np.int64), hist, lad, acfg, POLS, v, cand, fit, deal, FMASKS)
        if deal[D_W] > 0:
            yield int(deal[D_W]), hands


def test_west_holds_more_spades_after_7s():
    """After W's 7♠ (and two passes) W's hand, dealt to fit, holds more spades than an
    unconditioned hand of the same unseen cards (measured against the exact 10 x 7/33)."""
    ids = DECK.parse_cards(HAND)
    pool = _pool(ids)
    lad, acfg = ladder_tables(Options())
    hist = _heard("7S pass pass")
    spades = np.uint64(sum(1 << c for c in range(DECK.size)
                           if DECK.format(c).endswith("S") and c not in set(ids)))
    ws, counts = [], []
    for w, hands in _dealt(ids, hist, [W, N, E], 4, 1500):
        ws.append(w)
        counts.append(bin(int(hands[W] & spades)).count("1"))
        assert fits(values(hands[W]), W, hist, lad, acfg, POLS)
    ws, counts = np.array(ws, float), np.array(counts, float)
    unconditioned = 10 * bin(int(spades)).count("1") / len(pool)
    mean = (ws * counts).sum() / ws.sum()
    assert mean > unconditioned + 1.5, (mean, unconditioned)


def test_seat_by_seat_dealing_matches_rejection():
    """Two passes (N and E after W passed too) and an unconstrained kitty: the weighted
    seat-by-seat deals give the marginals of brute-force rejection of whole deals, within
    four standard errors."""
    ids = DECK.parse_cards(HAND)
    pool = _pool(ids)
    lad, acfg = ladder_tables(Options())
    hist = _heard("pass 6NT pass")          # W passes, N bids 6NT, E passes
    joker = np.uint64(1 << (DECK.size - 1))

    def features(w_hand, n_hand, e_hand):
        return [float(values(n_hand)[4]), float(values(w_hand)[3]), float(bool(n_hand & joker)),
                float(bool(e_hand & joker))]

    ws, xs = [], []
    for w, hands in _dealt(ids, hist, [N, W, E], 11, 2500):
        ws.append(w)
        xs.append(features(hands[W], hands[N], hands[E]))
    ws, xs = np.array(ws, float), np.array(xs)
    weighted = (ws[:, None] * xs).sum(axis=0) / ws.sum()
    n_eff = ws.sum() ** 2 / (ws ** 2).sum()
    se_w = xs.std(axis=0) / math.sqrt(n_eff)
    deals = deal_batch(5, 0, 400_000, pool, np.array([10, 10, 10, 3], np.int64))   # W N E kitty
    kept = []
    for w_hand, n_hand, e_hand, _ in deals:
        if (fits(values(n_hand), N, hist, lad, acfg, POLS) and fits(values(w_hand), W, hist, lad, acfg, POLS)
                and fits(values(e_hand), E, hist, lad, acfg, POLS)):
            kept.append(features(w_hand, n_hand, e_hand))
    kept = np.array(kept)
    assert len(kept) > 300
    brute, se = kept.mean(axis=0), kept.std(axis=0) / math.sqrt(len(kept))
    assert (abs(weighted - brute) < 4 * np.hypot(se, se_w) + 1e-9).all(), (weighted, brute, se, se_w)
    assert weighted[0] >= 6.0 - 1e-9       # N's no-trump prediction reaches the 6 level it bid


# ----------------------------------------------------------------------------- the question
def test_bid_rows_pass_row_and_conditioning():
    a = q.bid(HAND, seat="S", dealer="S", auction="7S pass pass", deals=3000, seed=2, threads=1)
    t = a.table.set_index("action")
    assert "pass" in t.index and "7S" not in t.index and "6H" not in t.index
    assert set(t.index) >= {"7H", "MIS", "8S", "10NT", "OPENMIS"}
    assert t.loc["pass", "p_we_contract"] < 0.5          # after W's 7♠ and partner's pass, W mostly plays
    assert t.loc["pass", "p_they_make"] > 0.3
    assert (t["p_as_called"] <= t["p_i_contract"] + 1e-12).all()
    assert (t["p_we_contract"] + t["p_thrown_in"] <= 1 + 1e-9).all()
    assert a.meta["conditioned"] == ["W", "N", "E"] and set(a.meta["acceptance"]) == {"W", "N", "E"}
    assert 0 < a.meta["acceptance"]["W"] < a.meta["acceptance"]["N"] <= 1
    assert a.best in t.index and any("acceptance" in n for n in a.notes)
    assert 0 < a.meta["p_calls"] < a.meta["acceptance"]["W"]     # W's 7♠ and both passes, on one deal
    # a high bid is called and played as called more often than not: nobody outbids 10NT
    assert t.loc["10NT", "p_as_called"] == 1.0


def test_contract_only_keeps_the_old_question_and_conditions_with_an_auction():
    old = q.bid(HAND, contract_only=True, deals=500, seed=1, threads=1)
    assert list(old.table.columns) == ["action", "contract", "allowed", "p_make", "p_make_lo", "p_make_hi",
                                       "mean_tricks", "ev", "ev_se"]
    here = q.bid(HAND, contract_only=True, auction="7S pass pass", dealer="S", deals=500, seed=1, threads=1)
    assert (here.table["p_i_contract"] == 1).all() and "pass" not in set(here.table["action"])


def test_same_seed_same_json_on_one_and_two_threads_with_a_score(tmp_path, monkeypatch, small_equity_grid):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    from analyzer.games.five_hundred import equity
    monkeypatch.setattr(equity, "DEFAULT_DEALS", 20_000)
    a = q.bid(HAND, auction="7S pass pass", dealer="S", score="380:440", deals=1200, seed=7, threads=1)
    b = q.bid(HAND, auction="7S pass pass", dealer="S", score="380:440", deals=1200, seed=7, threads=2)
    assert json.dumps(a.to_json_dict()) == json.dumps(b.to_json_dict())
    t = a.table.set_index("action")
    assert ((t["p_win_lo"] <= t["p_win"]) & (t["p_win"] <= t["p_win_hi"])).all()
    # at 380 making 7♥ (200) wins the game: P(win) is at least P(we make 7♥ as called)
    assert t.loc["7H", "p_win"] >= t.loc["7H", "p_make"] * t.loc["7H", "p_as_called"] - 1e-6


def run(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", "500", *args], capture_output=True, text=True)


@pytest.mark.parametrize("args, needle", [
    (["bid", HAND, "--auction", "7S 6H"], "does not outrank"),
    (["bid", HAND, "--dealer", "S", "--auction", "W:6S N:pass E:6H S:pass W:7S N:7H"], "has passed"),
    (["bid", HAND, "--seat", "N", "--dealer", "S", "--auction", "7S pass pass"], "S's turn, not N's"),
    (["bid", HAND, "--seat", "Q"], "--seat"),
    (["bid", HAND, "--dealer", "X"], "--dealer"),
    (["bid", HAND, "--auction", "7S", "--over", "7S"], "not both"),
    (["bid", HAND, "--score", "380-440"], "US:THEM"),
    (["bid", "AS KS QS JS TS 9S 8S 7S 6S 5S", "--dealer", "S", "--auction", "10S pass pass"], "too rare"),
    (["auction", HAND, "--auction", "7S 7S"], "outrank"),
    (["bid", HAND, "--dealer", "S", "--auction", "8S pass pass", "--deals", "100000000"], "fewer --deals"),
])
def test_cli_bad_auction_one_line_exit_2(args, needle, capsys):
    r = cli_result(["500", *args], capsys)
    assert r.returncode == 2 and r.stdout == "", r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], r.stderr


def test_cli_auction_command():
    r = run("auction", HAND, "--seat", "S", "--dealer", "S", "--auction", "7S pass pass", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["question"] == "auction" and out["call"] in {c.name for c in ladder()} | {"pass"}
    assert [o["strain"] for o in out["options"]][:5] == ["♠", "♣", "♦", "♥", "NT"]


def test_here_with_double_dummy_play():
    a = q.bid(HAND, auction="7S pass pass", dealer="S", contracts="7H,8H", play="dd", deals=8, seed=3, threads=1)
    t = a.table.set_index("action")
    assert list(t.index) == ["7H", "8H", "pass"] and a.meta["play"] == "dd"
    assert any(n.startswith("dd:") for n in a.notes)
    # P(we make) is P(we contract) times P(make | we contract), for every call
    for call in ("7H", "8H"):
        assert t.loc[call, "p_we_make"] == pytest.approx(t.loc[call, "p_we_contract"] * t.loc[call, "p_make"])
    # on these deals nobody bids over 8♥, so every one of them is played in 8♥, and 7♥ (the
    # same solves where it stands, one trick fewer needed) makes more often
    assert t.loc["8H", "p_as_called"] == 1 and t.loc["7H", "p_make"] > t.loc["8H", "p_make"]


def test_american_auction_is_one_round_and_own_raise():
    from analyzer.games.five_hundred.auction import own_raise
    lad, acfg = ladder_tables(Options())
    vals = np.zeros((4, V_SIZE))
    vals[W, 0] = 6.5          # W (first after S deals) reaches 6♠
    vals[N, 3] = 7.2          # N 7♥
    vals[E, 4] = 8.1          # E 8NT
    vals[S, 0] = 9.5          # S (the dealer) 9♠
    # standard: W 6♠, N 7♥, E 8NT, S 9♠, then W, N, E pass: S plays 9♠
    assert finish_auction(vals, new_state(S), lad, acfg, POLS) == (S, index("9S"))
    # american: the dealer's 9♠ ends it after one call each, and a seat that spoke first and
    # passed does not come back
    lad_a, acfg_a = ladder_tables(Options(auction="american"))
    st = new_state(S)
    assert finish_auction(vals, st, lad_a, acfg_a, POLS) == (S, index("9S"))
    assert st[ST_SPOKE] == 15             # every seat spoke, once
    vals[W, 0] = 0.0                      # W passes first; N then E then S bid
    assert finish_auction(vals, new_state(S), lad_a, acfg_a, POLS) == (S, index("9S"))
    # own_raise: the last bidder raises his own 7♥ to the level he reaches once the others pass
    v = np.zeros(V_SIZE)
    v[3] = 9.2
    assert own_raise(v, index("7H"), lad, acfg, DEFAULT_POLICY) == index("9H")
    assert own_raise(v, index("10S"), lad, acfg, DEFAULT_POLICY) == index("10S")


def test_cli_here_plot(tmp_path):
    png = tmp_path / "here.png"
    r = run("bid", HAND, "--auction", "7S pass pass", "--dealer", "S", "--deals", "300", "--plot", str(png))
    assert r.returncode == 0, r.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "Recommendation" in r.stdout


@pytest.mark.parametrize("misere", ["seven", "any", "none"])
@pytest.mark.parametrize("rank", ["ladder", "value"])
def test_kernel_ladder_matches_bidding_allowed(misere, rank):
    """The auction kernels' call_allowed agrees with bidding.allowed for every pair."""
    from analyzer.games.five_hundred.auction import call_allowed
    from analyzer.games.five_hundred.bidding import allowed
    options = Options(misere=misere, misere_rank=rank)
    lad, acfg = ladder_tables(options)
    order = ladder(options)
    for cur in range(-1, len(order)):
        over = order[cur] if cur >= 0 else None
        for i, c in enumerate(order):
            assert bool(call_allowed(i, cur, lad, acfg)) == allowed(c, over, options), (c, over)


# ----------------------------------------------------------------------------- --condition
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_condition_none_deals_as_over_does(players):
    """--condition none: with "6S" spoken first by the right-hand opponent the bidding state
    is --over 6S's, and with nobody conditioned the deals are too: the same table, on the
    same seed.  The default (policy) conditions that seat and answers differently."""
    from pandas.testing import assert_frame_equal
    tab = q.table_of(players)
    hand = {2: "AH KH QH JH TH JD AS KS 7C 8C", 3: "AH KH QH JH TH JD AS KS 7C 8C",
            4: HAND, 5: "AH KH QH JH TH JD AS KS 2C 3C", 6: "AH KH QH JH TH JD AS KS 11C 12C"}[players]
    me, dealer = tab.seat_names[0], tab.seat_names[(0 - 2) % tab.n_seats]
    rho = tab.seat_names[tab.n_seats - 1]
    kw = dict(seat=me, dealer=dealer, deals=600, seed=3, threads=1, players=players)
    none = q.bid(hand, auction="6S", condition="none", **kw)
    over = q.bid(hand, over="6S", **kw)
    assert_frame_equal(none.table, over.table)
    assert none.meta["condition"] == "none" and none.meta["conditioned"] == [] and none.meta["acceptance"] == {}
    assert none.meta["p_calls"] == 1.0 and none.meta["effective_deals"] == 600
    assert any("--condition none" in n for n in none.notes)
    policy = q.bid(hand, auction="6S", **kw)
    assert policy.meta["condition"] == "policy" and policy.meta["conditioned"] == [rho]
    assert not any("--condition none" in n for n in policy.notes)
    assert not policy.table["ev"].equals(none.table["ev"])


def test_condition_none_with_passes_and_the_default():
    """After "7S pass pass" nobody is conditioned with none (the state still has W's bid and
    two passes: 7S is not a row), and leaving condition out is condition="policy"."""
    none = q.bid(HAND, seat="S", dealer="S", auction="7S pass pass", deals=800, seed=2, threads=1, condition="none")
    t = none.table.set_index("action")
    assert "7S" not in t.index and "7H" in t.index and none.meta["conditioned"] == []
    assert none.meta["effective_deals"] == none.meta["deals"] == 800
    default = q.bid(HAND, seat="S", dealer="S", auction="7S pass pass", deals=800, seed=2, threads=1)
    policy = q.bid(HAND, seat="S", dealer="S", auction="7S pass pass", deals=800, seed=2, threads=1,
                   condition="policy")
    assert json.dumps(default.to_json_dict()) == json.dumps(policy.to_json_dict())
    assert default.meta["conditioned"] == ["W", "N", "E"]
    # the calls heard move the answer (W's 7♠: spades likelier in W's hand)
    assert t.loc["pass", "p_they_make"] != default.table.set_index("action").loc["pass", "p_they_make"]
    with pytest.raises(InputError, match="--condition must be none or policy"):
        q.bid(HAND, auction="7S", dealer="N", condition="maybe")


def test_cli_condition(capsys):
    from tests.cli_run import run_cli
    code, out, err = run_cli(["500", "bid", HAND, "--auction", "7S pass", "--condition", "none", "--deals", "300",
                              "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["condition"] == "none" and got["conditioned"] == [] and got["auction"] == ["7S", "pass"]
    code, out, err = run_cli(["500", "bid", HAND, "--auction", "7S pass", "--condition", "none", "--deals", "300"],
                             capsys)
    assert code == 0 and "unconditioned deals (--condition none)" in out and "--condition none" in err
    code, out, err = run_cli(["500", "bid", HAND, "--auction", "7S pass", "--condition", "maybe"], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--condition" in err


def test_over_marks_the_bidder_as_spoken_under_the_american_auction():
    """auction=american (one call each): --over 6S is the state after the right-hand
    opponent's 6S, so he does not call again; the same table as --auction 6S with nobody
    conditioned."""
    from pandas.testing import assert_frame_equal
    kw = dict(seat="S", dealer="N", deals=400, seed=5, threads=1, rules=["auction=american"])
    none = q.bid(HAND, auction="6S", condition="none", **kw)
    over = q.bid(HAND, over="6S", **kw)
    assert_frame_equal(none.table, over.table)


def test_here_lead_over_the_next_best_is_the_paired_difference_deal_by_deal(monkeypatch):
    """The recommendation's lead (meta ``a_minus_b``, ``se``) is the weighted mean of the
    best call's EV minus the next best's on the same deals: recomputed here deal by deal from
    ``here_examples``, a separate kernel that replays the same deals one at a time."""
    from analyzer.games.five_hundred import examples
    from analyzer.games.five_hundred.heard import X_EV, X_SIZE, X_W, here_examples
    from analyzer.games.five_hundred.play import TRACE_COLS
    from analyzer.sim.models import CODES
    seen = capture_kwargs(monkeypatch, examples, "bid_examples")
    deals = 400
    a = q.bid(HAND, auction="7S pass pass", dealer="S", deals=deals, seed=4, threads=1, examples=1)
    t, k = a.table, seen["kernel"]
    pair = [a.best, t.loc[t["call"] == a.meta["b"], "action"].iloc[0]]
    assert t.loc[t["action"] == pair[0], "call"].iloc[0] == a.meta["a"]
    calls = np.array([seen["rows"][list(t["action"]).index(x)] for x in pair], np.int64)
    res = np.zeros((deals, 2, X_SIZE), np.int64)
    here_examples(seen["key0"], np.int64(0), np.int64(deals), k["pool"], k["sizes"],
                  np.int64(k["asker"]), k["my_hand"], k["order"], k["free"], k["hist"], k["st0"], calls,
                  bool(k["contract_only"]), k["lad"], k["acfg"], k["pols"], k["tables"], k["bts"], k["fm"],
                  np.int64(4), k["sides"], np.int64(k["units"]), np.int64(CODES["heuristic"]), None, None, None,
                  np.zeros((deals, 6), np.uint64), res, np.zeros((deals, 2, 40, TRACE_COLS), np.int64))
    mean, se = weighted_paired(res[:, 0, X_W], (res[:, 0, X_EV] - res[:, 1, X_EV]) / k["units"])
    assert a.meta["a_minus_b"] == pytest.approx(mean, rel=1e-9, abs=1e-9)
    assert a.meta["se"] == pytest.approx(se, rel=1e-9)
    assert a.meta["a_minus_b"] == pytest.approx(t.loc[t["action"] == pair[0], "ev"].iloc[0]
                                                - t.loc[t["action"] == pair[1], "ev"].iloc[0])
    # paired: far tighter than the two rows' own errors together
    assert se < 0.9 * math.hypot(*t.set_index("action").loc[pair, "ev_se"])
    assert a.meta["tie"] == (a.meta["lo"] <= 0 <= a.meta["hi"])
    assert ("no measurable difference" in a.recommendation) == a.meta["tie"]


@pytest.mark.parametrize("units", [1, 3])
def test_paired_rows_reads_the_kernels_sums(units):
    """``paired_rows`` on sums booked as ``here_chunk`` books them (EV times ``units``;
    P(win) in fixed point, each product once times PWIN_SCALE) gives the weighted paired
    difference of the raw values, in EV and in points of P(win)."""
    from analyzer.games.five_hundred.heard import CX_EV, CX_PWIN, PWIN_SCALE, RS_EV, RS_PWIN, RS_SIZE, RS_W
    rng = np.random.default_rng(1)
    n, n_rows = 800, 3
    w = rng.integers(1, 6, n)
    ev = rng.integers(-60, 60, (n, n_rows)) * 10
    p = rng.random((n, n_rows))
    p[:, 1] = np.clip(p[:, 0] - 0.03 + 0.01 * rng.random(n), 0, 1)       # close to row 0: a small se
    stats = np.zeros((n_rows, RS_SIZE), np.int64)
    cross = np.zeros((n_rows, n_rows, 2), np.int64)
    for i in range(n):
        for r in range(n_rows):
            stats[r, RS_W] += w[i]
            stats[r, RS_EV] += w[i] * ev[i, r] * units
            stats[r, RS_PWIN] += w[i] * int(p[i, r] * PWIN_SCALE + 0.5)
            for s in range(n_rows):
                cross[r, s, CX_EV] += w[i] * ev[i, r] * ev[i, s] * units * units
                cross[r, s, CX_PWIN] += w[i] * int(p[i, r] * p[i, s] * PWIN_SCALE + 0.5)
    sw2 = float((w * w).sum())
    assert q.paired_rows(stats, cross, 0, 2, sw2, False, units) == pytest.approx(weighted_paired(w, ev[:, 0] - ev[:, 2]))
    d, se = q.paired_rows(stats, cross, 0, 1, sw2, True, units)
    want_d, want_se = weighted_paired(w, 100 * (p[:, 0] - p[:, 1]))
    assert d == pytest.approx(want_d, abs=1e-4) and se == pytest.approx(want_se, rel=1e-3)
    assert 0 < se < 0.1
