"""Euchre questions: dealing marginals (plain, and exact seat by seat to the passes
heard), determinism, sensible answers, CLI shape and errors."""

import json
import subprocess
import sys

import numpy as np
import pytest
from numba import njit

from analyzer.errors import InputError
from analyzer.games.euchre import questions as q
from analyzer.games.euchre.bidding import DEFAULT_POLICY
from analyzer.games.euchre.deck import DECKS, HAND_SIZE
from analyzer.games.euchre.play import _seat_passes, deal_passed
from analyzer.games.euchre.questions import call, deal_layout, order
from analyzer.games.euchre.rules import Options
from analyzer.sim.constrained import D_W, deal_scratch
from analyzer.sim.deal import deal_batch
from analyzer.sim.rng import seed_key, stream_key
from tests.cli_run import cli_result
from tests.records import capture_kwargs, weighted_paired

HAND = "JH JD AH 9S KC"


def run(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", "euchre", *args],
                          capture_output=True, text=True)


@pytest.mark.parametrize("n", [2, 4])
def test_dealing_marginals_exact(n):
    """Each unseen card lies in a given other hand with probability 5/18 (24 cards, you
    see 5 + the upcard); the stock gets the rest."""
    deck = DECKS[24]
    hand_ids = deck.parse_cards(HAND)
    up_id = deck.card_id("9H")
    my, up, pool, counts, seat_slot = deal_layout(n, deck, hand_ids, up_id)
    assert len(pool) == 18 and counts.sum() == 18
    N = 60_000
    out = deal_batch(11, 0, N, pool, counts)
    for p in range(1, n):
        m = out[:, seat_slot[p]]
        assert all(bin(int(x)).count("1") == 5 for x in m[:100])
        for b in pool:
            freq = ((m >> np.uint64(b)) & np.uint64(1)).mean()
            p0 = 5 / 18
            assert abs(freq - p0) < 5 * np.sqrt(p0 * (1 - p0) / N), (p, b, freq)
    # Nothing the player saw is dealt again; hands are disjoint.
    everything = np.bitwise_or.reduce(out, axis=1)
    assert np.all(everything & (my | up) == 0)
    assert np.all(np.array([bin(int(x)).count("1") for x in everything[:200]]) == 18)


@njit
def _passed_deals(key, N, pool, sizes, constrained, free, table, n, dealer, up, turn, flags, pol, batch):
    """N deals from ``deal_passed``: (weights, the seats' hands (N, n))."""
    scratch = deal_scratch(pool, batch)
    hands = np.zeros(n, np.uint64)
    ws = np.zeros(N, np.int64)
    out = np.zeros((N, n), np.uint64)
    for i in range(N):
        deal = deal_passed(stream_key(key, i), pool, hands, sizes, constrained, free, table, scratch, n,
                           dealer, up, turn, flags, pol)
        ws[i] = deal[D_W]
        out[i] = hands
    return ws, out


@njit
def _all_pass(hands, constrained, n, dealer, up, turn, flags, pol):
    """Whether each whole deal (rows of seat hands) has every constrained seat passing."""
    ok = np.ones(hands.shape[0], np.bool_)
    for i in range(hands.shape[0]):
        for p in constrained:
            if not _seat_passes(hands[i, p], p, n, dealer, up, turn, flags, pol):
                ok[i] = False
                break
    return ok


@pytest.mark.parametrize("from_table", [False, True])
def test_seat_by_seat_dealing_to_the_passes_is_exact(from_table):
    """Four-handed, the dealer's partner asked in round two: the three others passed in
    round one and the player's left-hand opponent in round two too.  The first of them is
    dealt by rejection (or from its table of passing hands, as the question does: the
    rarest first), the next from a batch, the last from every hand of the 8 cards left;
    the weighted deals give every seat's chance of holding each card, and its mean number
    of cards of the turned-down suit, as brute-force rejection of whole deals does (within
    4 standard errors of the difference)."""
    n, deck = 4, DECKS[24]
    hand_ids, up_id = deck.parse_cards("QS KS AC 9D TD"), deck.card_id("9H")
    my, up, pool, _, _ = deal_layout(n, deck, hand_ids, up_id)
    dealer, turn = q.seat_and_dealer(Options.make(n, 24, False, None), None, 2)[1], n + 2 - 1
    constrained = np.array(q.conditioned_seats(n, dealer, turn, False), np.int64)
    assert list(constrained) == [3, 1, 2]
    table = np.zeros(0, np.uint64)
    if from_table:
        fits = q.passing_tables(pool, list(constrained), n, dealer, up, turn, 0)
        assert all(len(fits[p][0]) == round(fits[p][1] * 8568) for p in constrained)   # C(18, 5) hands
        rarest = min(constrained, key=lambda p: fits[p][1])
        constrained = np.array([rarest] + [p for p in constrained if p != rarest], np.int64)
        table = fits[rarest][0]
        assert _all_pass(table[:, None] * np.ones((1, n), np.uint64), constrained[:1], n, dealer, up, turn, 0,
                         DEFAULT_POLICY).all()
    free = np.zeros(0, np.int64)
    sizes = np.full(n, HAND_SIZE, np.int64)
    ws, got = _passed_deals(seed_key(4), 20_000, pool, sizes, constrained, free, table, n, dealer, up, turn,
                            0, DEFAULT_POLICY, q.BATCH)
    assert ws.min() >= 0 and (ws > 0).mean() > 0.5
    kept = ws > 0
    w, got = ws[kept].astype(float), got[kept]
    assert _all_pass(got, constrained, n, dealer, up, turn, 0, DEFAULT_POLICY).all()
    seen = my | up
    for row in got[:200]:
        assert all(bin(int(h)).count("1") == HAND_SIZE for h in row[1:])
        assert int(np.bitwise_or.reduce(row[1:])) & int(seen) == 0
    # brute force: whole deals, kept when every constrained seat passes
    deals = deal_batch(5, 0, 400_000, pool, np.array([HAND_SIZE] * 3 + [3], np.int64))
    whole = np.concatenate([np.zeros((len(deals), 1), np.uint64), deals[:, :3]], axis=1)
    brute = whole[_all_pass(whole, constrained, n, dealer, up, turn, 0, DEFAULT_POLICY)]
    assert len(brute) > 5000
    n_eff = w.sum() ** 2 / (w ** 2).sum()
    assert n_eff > 2000
    hearts = np.uint64(sum(1 << int(b) for b in pool if (int(b) >> 4) == 3))     # natural suit of 9H

    def features(hands):
        f = [((hands[:, p] >> np.uint64(b)) & np.uint64(1)).astype(float) for p in constrained for b in pool]
        f += [np.array([bin(int(x)).count("1") for x in hands[:, p] & hearts], float) for p in constrained]
        return np.stack(f, axis=1)

    fw, fb = features(got), features(brute)
    mean_w = (w[:, None] * fw).sum(axis=0) / w.sum()
    se_w = np.sqrt((w[:, None] * (fw - mean_w) ** 2).sum(axis=0) / w.sum() / n_eff)
    mean_b, se_b = fb.mean(axis=0), fb.std(axis=0) / np.sqrt(len(fb))
    tol = 4 * np.hypot(se_w, se_b) + 1e-9
    assert (abs(mean_w - mean_b) < tol).all(), np.nonzero(abs(mean_w - mean_b) >= tol)
    # and the chance that the passes happen at all
    answer = call("QS KS AC 9D TD", "9H", players=4, seat=2, deals=4000, seed=3)
    p_brute = len(brute) / len(deals)
    p = answer.meta["p_passes"]
    assert abs(p - p_brute) < 4 * np.sqrt(p_brute * (1 - p_brute) / len(deals)) + 0.15 * p_brute
    assert answer.meta["conditioned"] == [1, 3, 4]


def test_conditioned_answers_state_the_dealing():
    """Every seat that spoke before the question is conditioned on (round two: its
    round-one pass too); the answer states the effective deals and the acceptance rate."""
    a = call("JS JC AS AD AC", "9H", players=4, seat=4, deals=3000, seed=1)
    m = a.meta
    assert m["conditioned"] == [1, 2, 3] and m["deals"] == m["deals_dealt"] == 3000
    assert 0 < m["effective_deals"] < m["deals"] and 0 < m["acceptance"] < 1
    assert 0 < m["p_passes"] < 0.05 and m["hands_drawn_per_deal"] > 1
    note = [x for x in a.notes if x.startswith("seat 1, 2, 3 dealt hands that pass")]
    assert len(note) == 1 and "effective" in note[0] and "acceptance" in note[0]
    two = call("QS KS AC 9D TD", "9H", players=2, seat=2, deals=1000, seed=1)
    assert two.meta["conditioned"] == [1] and two.meta["effective_deals"] == 1000
    assert "effective deals (every deal weighs 1)" in two.notes[-1]
    first = order(HAND, "9H", players=4, seat=1, deals=1000)
    assert first.meta["conditioned"] == [] and first.meta["acceptance"] == 1.0
    assert first.meta["p_passes"] == 1.0 and first.meta["effective_deals"] == 1000
    assert not any("dealt hands" in x for x in first.notes)
    right = order(HAND, "9H", players=4, seat=3, deals=1000)
    assert right.meta["conditioned"] == [1, 2]
    joker = order("JH JD AH KH AS", "JK", dealer="me", players=4, deck=25, deals=500)
    assert joker.meta["conditioned"] == []          # only the dealer speaks: nothing to condition on


def test_same_seed_same_json_on_one_and_two_threads_from_a_late_seat():
    kw = dict(players=4, seat=4, deals=3000, seed=7)
    a = call("JS JC AS AD AC", "9H", threads=1, **kw).to_json_dict()
    b = call("JS JC AS AD AC", "9H", threads=2, **kw).to_json_dict()
    assert json.dumps(a) == json.dumps(b)
    c = order(HAND, "9H", dealer="me", players=4, deals=2000, seed=7, threads=1).to_json_dict()
    d = order(HAND, "9H", dealer="me", players=4, deals=2000, seed=7, threads=2).to_json_dict()
    assert json.dumps(c) == json.dumps(d)


def test_same_answer_on_any_number_of_threads():
    a = order(HAND, "9H", dealer="them", deals=20_000, threads=1)
    b = order(HAND, "9H", dealer="them", deals=20_000, threads=2)
    assert a.table.equals(b.table)
    c = call("QS KS AC 9D TD", "9H", players=4, seat=2, deals=20_000, threads=1)
    d = call("QS KS AC 9D TD", "9H", players=4, seat=2, deals=20_000, threads=2)
    assert c.table.equals(d.table)


def test_sensible_answers():
    strong = order("JH JD AH KH AS", "9H", players=4, seat=1, deals=4000)
    assert strong.best in ("order", "order_alone")
    assert strong.table.set_index("action").loc["order", "p_make"] > 0.95
    junk = order("9S TS 9C TC 9D", "AH", players=4, seat=1, deals=4000)
    assert junk.best == "pass"
    # Dealer's best discard with a void to make: throw the lone small club.
    dealer = order("JH AH KH AS 9C", "9H", dealer="me", deals=4000)
    assert dealer.table.set_index("action").loc["accept", "discard"] == "9C"
    assert {"accept", "pass"} == set(dealer.table["action"])
    assert dealer.table.set_index("action").loc["pass", "discard"] is None
    assert "nan" not in dealer.recommendation
    # Round two: the turned-down suit is never offered, pass is unless stuck.
    c = call(HAND, "9H", dealer="them", deals=2000)
    assert "call_H" not in set(c.table["action"]) and "pass" in set(c.table["action"])
    stuck = call(HAND, "9C", dealer="me", stick_the_dealer=True, deals=2000)
    assert "pass" not in set(stuck.table["action"])
    for t in (strong.table, junk.table, dealer.table, c.table):
        assert np.all(t["p_make_lo"] <= t["p_make"]) and np.all(t["p_make"] <= t["p_make_hi"])
        total = t["p_make"] + t["p_euchred"] + t["p_they_make"] + t["p_they_euchred"] + t["p_redeal"]
        assert np.allclose(total, 1.0)


def test_joker_upcard_dealer_names():
    a = order("JH JD AH KH AS", "JK", dealer="me", deck=25, deals=2000)
    assert set(a.table["action"]) == {"name_S", "name_C", "name_D", "name_H"}
    assert a.best == "name_H"


def test_cli_order_json_shape():
    r = run("order", HAND, "--upcard", "9H", "--dealer", "them", "--deals", "3000", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "euchre" and out["question"] == "order"
    assert out["deals"] == 3000 and out["upcard"] == "9H" and out["players"] == 2
    assert [o["action"] for o in out["options"]] == ["order", "pass"]
    for o in out["options"]:
        assert set(o) >= {"action", "p_make", "p_make_lo", "p_make_hi", "p_march", "p_euchred",
                          "ev", "ev_se"}
    assert out["best"] in ("order", "pass") and "EV" in out["ev_meaning"]


def test_cli_four_handed_text_and_plot(tmp_path):
    png = tmp_path / "o.png"
    r = run("call", "QS KS AC 9D TD", "--turned-down", "9H", "--players", "4", "--seat", "3",
            "--deals", "2000", "--plot", str(png))
    assert r.returncode == 0, r.stderr
    assert "call ♠ alone" in r.stdout and "Recommendation:" in r.stdout and "EV:" in r.stdout
    assert png.stat().st_size > 1000


@pytest.mark.parametrize("args, needle", [
    (["order", "JH JD AH 9S 8C", "--upcard", "9H"], "8C is not a card of the 24-card"),
    (["order", "JH JD AH 9S JK", "--upcard", "9H"], "JK is not a card"),
    (["order", HAND, "--upcard", "AH"], "upcard AH is in your hand"),
    (["order", "JH JD AH 9S JH", "--upcard", "9H"], "duplicate card JH"),
    (["order", "JH JD AH 9S", "--upcard", "9H"], "4 cards"),
    (["order", "JH JD AH 9S KC QC", "--upcard", "9H"], "6 cards"),
    (["order", HAND, "--upcard", "9X"], "unknown card"),
    (["order", HAND, "--upcard", "9H 9D"], "one card"),
    (["order", HAND, "--upcard", "9H", "--players", "4", "--seat", "5"], "--seat"),
    (["order", HAND, "--upcard", "9H", "--players", "4", "--seat", "2", "--dealer", "me"], "disagree"),
    (["order", HAND, "--upcard", "JK", "--deck", "25"], "dealer names trump"),
    (["order", HAND, "--upcard", "9H", "--deals", "0"], "--deals"),
    (["order", HAND, "--upcard", "9H", "--rule", "joker_up=maybe"], "joker_up"),
    (["order", HAND, "--upcard", "9H", "--plot", "x.jpg"], ".png"),
    (["call", HAND, "--turned-down", "KC"], "turned-down KC is in your hand"),
    (["call", HAND], "--turned-down"),
    (["order", HAND, "--upcard", "9H", "--play", "perfect"], "--play"),
])
def test_bad_input_one_line_exit_2(args, needle, capsys):
    r = cli_result(["euchre", *args], capsys)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert needle in lines[0], lines[0]


def test_condition_none_deals_uniformly():
    """--condition none: no seat conditioned on its passes (every deal weighs 1), the
    answer says so, and it moves where the passes say much (three passes in round two,
    4% of deals); with nobody before you it is the default's answer, deal for deal."""
    from pandas.testing import assert_frame_equal
    kw = dict(players=4, seat=4, deals=3000, seed=1)
    none = call("JS JC AS AD AC", "9H", condition="none", **kw)
    m = none.meta
    assert m["condition"] == "none" and m["conditioned"] == [] and m["effective_deals"] == 3000
    assert m["acceptance"] == 1.0 and m["p_passes"] == 1.0
    assert any("--condition none" in x for x in none.notes) and not any("dealt hands" in x for x in none.notes)
    policy = call("JS JC AS AD AC", "9H", **kw)
    assert policy.meta["condition"] == "policy" and policy.meta["conditioned"] == [1, 2, 3]
    d_none = none.table.set_index("action").loc["call_D", "p_make"]
    d_policy = policy.table.set_index("action").loc["call_D", "p_make"]
    assert d_policy > d_none + 0.1         # the passes say the others hold few diamonds
    assert order(HAND, "9H", players=4, seat=3, deals=500, condition="none").meta["conditioned"] == []
    first = dict(players=4, seat=1, deals=1000, seed=2)
    assert_frame_equal(order(HAND, "9H", condition="none", **first).table, order(HAND, "9H", **first).table)
    with pytest.raises(InputError, match="--condition must be none or policy"):
        order(HAND, "9H", condition="maybe")


def test_cli_condition(capsys):
    from tests.cli_run import run_cli
    args = ["euchre", "call", "JS JC AS AD AC", "--turned-down", "9H", "--players", "4", "--seat", "4",
            "--deals", "300"]
    code, out, err = run_cli(args + ["--condition", "none", "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["condition"] == "none" and got["conditioned"] == []
    code, out, err = run_cli(args + ["--condition", "none"], capsys)
    assert code == 0 and "unconditioned deals (--condition none)" in out
    code, out, err = run_cli(args + ["--condition", "maybe"], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--condition" in err


@pytest.mark.parametrize("score", [None, "7:8"])
def test_lead_over_the_next_best_is_the_paired_difference_deal_by_deal(monkeypatch, score):
    """The recommendation's lead (meta ``a_minus_b``, ``se``) is the weighted mean of the
    best action's value minus the next best's on the same deals, recomputed deal by deal
    from ``replay.question_examples`` (a separate kernel replaying the same deals); with a
    score, in points of P(win the game)."""
    from analyzer.games.euchre import examples
    from analyzer.games.euchre.questions import BATCH
    from analyzer.games.euchre.replay import X_CAT, X_SIZE, X_W, question_examples
    seen = capture_kwargs(monkeypatch, examples, "question_examples")
    deals = 600
    a = order(HAND, "9H", players=4, seat=1, deals=deals, seed=3, threads=1, examples=1, score=score)
    t, k = a.table, seen["kernel"]
    other = t.loc[t["label"] == a.meta["b"], "action"].iloc[0]
    rows = np.array([seen["action_rows"][x] for x in (a.best, other)], np.int64)
    res = np.zeros((deals, 2, X_SIZE), np.int64)
    question_examples(k["key0"], np.int64(0), np.int64(deals), k["pool"], k["sizes"], k["constrained"], k["free"],
                      k["table"], k["my"], k["up"], np.int64(k["n"]), np.int64(k["dealer"]),
                      np.int64(k["decision_turn"]), k["acts"], k["discards"], rows, k["tables"], np.int64(k["flags"]),
                      DEFAULT_POLICY, np.int64(BATCH), None, None, None, np.zeros((deals, k["n"]), np.uint64), res,
                      np.zeros((deals, 2, 20, 4), np.int64))
    v = np.asarray(seen["values"], float) * (1 if score is None else 100)
    mean, se = weighted_paired(res[:, 0, X_W], v[res[:, 0, X_CAT]] - v[res[:, 1, X_CAT]])
    assert a.meta["a_minus_b"] == pytest.approx(mean, rel=1e-9, abs=1e-9)
    assert a.meta["se"] == pytest.approx(se, rel=1e-9)
    assert a.meta["tie"] == (a.meta["lo"] <= 0 <= a.meta["hi"])
    assert ("no measurable difference" in a.recommendation) == a.meta["tie"]
