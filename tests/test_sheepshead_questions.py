"""Sheepshead pick and bury questions: exact dealing to the earlier seats' passes,
determinism (threads, chunking), options that must come out a certain way, and the bury
table covering every legal choice."""

import json

import numpy as np
import pandas as pd
import pytest
from numba import njit

from analyzer.errors import InputError
from analyzer.games.sheepshead import questions
from analyzer.games.sheepshead.bidding import PICK_THRESHOLDS, strength, wants_to_pick
from analyzer.games.sheepshead.deck import DECK, HAND_SIZE, N_SEATS
from analyzer.games.sheepshead.play import deal_passed
from analyzer.games.sheepshead.rules import TRUMPS, Options
from analyzer.sim.constrained import D_W, deal_scratch
from analyzer.sim.deal import deal_batch
from analyzer.sim.rng import seed_key, stream_key
from tests.chunking import all_chunks, record_chunks
from tests.reference import sheepshead as ref

HAND = "QC QS JD AD 7H 8S"
EIGHT = "QC QS JD AD 7H 8S KH TC"


@pytest.mark.parametrize("ask, cards, deals", [(questions.pick, HAND, 3000), (questions.bury, EIGHT, 400)])
def test_same_seed_same_answer_on_any_threads_and_chunking(monkeypatch, ask, cards, deals):
    answers = []
    for threads, chunk in ((1, 500), (2, 500), (2, 777), (1, 8192)):
        chunks = record_chunks(monkeypatch, questions, chunk)
        answers.append(ask(cards, seat=3, deals=deals, seed=5, threads=threads))
        assert sorted(chunks) == all_chunks(deals, chunk)
    for other in answers[1:]:
        pd.testing.assert_frame_equal(answers[0].table, other.table, check_exact=True)
        assert answers[0].best == other.best and answers[0].meta == other.meta
    other_seed = ask(cards, seat=3, deals=deals, seed=6, threads=2)
    assert not answers[0].table["ev"].equals(other_seed.table["ev"])


@njit
def _passed_deals(key, N, pool, sizes, constrained, free, table, thresholds, batch):
    """N deals from ``deal_passed``: (weights, the seats' hands (N, 5), the cards left)."""
    scratch = deal_scratch(pool, batch)
    hands = np.zeros(N_SEATS, np.uint64)
    ws = np.zeros(N, np.int64)
    out = np.zeros((N, N_SEATS), np.uint64)
    left = np.zeros(N, np.uint64)
    for i in range(N):
        deal, rest = deal_passed(stream_key(key, i), pool, hands, sizes, constrained, free, table, scratch,
                                 thresholds)
        ws[i] = deal[D_W]
        out[i] = hands
        left[i] = rest
    return ws, out, left


@njit
def _all_pass(hands, constrained, thresholds):
    ok = np.ones(hands.shape[0], np.bool_)
    for i in range(hands.shape[0]):
        for s in constrained:
            if wants_to_pick(hands[i, s], s, thresholds):
                ok[i] = False
                break
    return ok


@njit
def _strengths(hands):
    out = np.zeros(hands.shape, np.float64)
    for i in range(hands.shape[0]):
        for s in range(hands.shape[1]):
            out[i, s] = strength(hands[i, s])
    return out


@pytest.mark.parametrize("held, from_table", [(6, False), (6, True), (8, True)])
def test_seat_by_seat_dealing_to_the_passes_is_exact(held, from_table):
    """Seat 5 asks (6 cards: the pick question; 8: the bury question), so seats 1-4 all
    passed: the first is dealt by rejection (or, as the questions do, the rarest from its
    table of passing hands), the next two from batches, the last from every hand of the
    cards left (28 hands of 8 cards; of 6, the one left).  The weighted deals give every
    seat's chance of holding each card, its mean trumps and pick strength, and the
    blind's cards, as brute-force rejection of whole deals does (within 4 standard errors
    of the difference), and the chance that seats 1-4 pass."""
    cards = (EIGHT if held == 8 else HAND).split()
    ids = DECK.parse_cards(" ".join(cards))
    options = Options()
    pool = questions._pool(ids, options)
    d = questions.Dealing(4, pool)
    assert sorted(d.constrained) == [0, 1, 2, 3] and len(d.free) == 0 and len(d.table) > 0
    constrained, table = d.constrained, d.table
    one = np.zeros((len(table), N_SEATS), np.uint64)
    one[:, constrained[0]] = table
    assert _all_pass(one, constrained[:1], PICK_THRESHOLDS).all()
    if not from_table:
        constrained, table = np.arange(4, dtype=np.int64), np.zeros(0, np.uint64)
    ws, got, left = _passed_deals(seed_key(6), 60_000, pool, d.sizes, constrained, d.free, table,
                                  PICK_THRESHOLDS, questions.BATCH)
    kept = ws > 0
    # the last seat's hand is one of few (of 6 cards left: no choice), so many deals weigh 0
    assert ws.min() >= 0 and kept.mean() > (0.3 if held == 6 else 0.05)
    w, got, left = ws[kept].astype(float), got[kept], left[kept]
    assert _all_pass(got, constrained, PICK_THRESHOLDS).all()
    full = sum(1 << int(b) for b in pool)
    for row, rest in zip(got[:200], left[:200]):
        assert all(bin(int(h)).count("1") == HAND_SIZE for h in row[:4])
        assert int(np.bitwise_or.reduce(row[:4])) | int(rest) == full
    blind = 2 if held == 6 else 0
    counts = np.array([HAND_SIZE] * 4 + ([blind] if blind else []), np.int64)
    deals = deal_batch(7, 0, 200_000, pool, counts)
    whole = np.concatenate([deals[:, :4], np.zeros((len(deals), 1), np.uint64)], axis=1)
    ok = _all_pass(whole, constrained, PICK_THRESHOLDS)
    brute, brute_left = whole[ok], (deals[ok, 4] if blind else np.zeros(ok.sum(), np.uint64))
    assert len(brute) > 8000
    n_eff = w.sum() ** 2 / (w ** 2).sum()
    assert n_eff > 2000

    def features(hands, rest):
        f = [((hands[:, s] >> np.uint64(b)) & np.uint64(1)).astype(float) for s in range(4) for b in pool]
        f += [np.array([bin(int(x)).count("1") for x in hands[:, s] & TRUMPS], float) for s in range(4)]
        f += list(_strengths(hands[:, :4]).T)
        if blind:
            f += [((rest >> np.uint64(b)) & np.uint64(1)).astype(float) for b in pool]
        return np.stack(f, axis=1)

    fw, fb = features(got, left), features(brute, brute_left)
    mean_w = (w[:, None] * fw).sum(axis=0) / w.sum()
    se_w = np.sqrt((w[:, None] * (fw - mean_w) ** 2).sum(axis=0) / w.sum() / n_eff)
    mean_b, se_b = fb.mean(axis=0), fb.std(axis=0) / np.sqrt(len(fb))
    tol = 4 * np.hypot(se_w, se_b) + 1e-9
    assert (abs(mean_w - mean_b) < tol).all(), np.nonzero(abs(mean_w - mean_b) >= tol)
    # the chance that seats 1-4 pass, as the question states it
    ask = questions.pick if held == 6 else questions.bury
    answer = ask(" ".join(cards), seat=5, deals=3000, seed=2)
    p, p_brute = answer.meta["p_offered"], len(brute) / len(deals)
    assert abs(p - p_brute) < 0.15 * p_brute, (p, p_brute)


def test_conditioned_answers_state_the_dealing():
    a = questions.pick(HAND, seat=5, deals=2000, seed=1)
    m = a.meta
    assert m["deals"] == m["deals_dealt"] == 2000 and 0 < m["effective_deals"] < m["deals"]
    assert 0 < m["acceptance"] < 1 and m["hands_drawn_per_deal"] > 1 and 0 < m["p_offered"] < 0.5
    note = [x for x in a.notes if x.startswith("seat 1, 2, 3, 4 dealt hands")]
    assert len(note) == 1 and "effective" in note[0] and "acceptance" in note[0]
    one = questions.pick(HAND, seat=2, deals=1000, seed=1)
    assert one.meta["effective_deals"] == 1000 and "every deal weighs 1" in one.notes[-1]
    first = questions.bury(EIGHT, seat=1, deals=100, seed=1)
    assert first.meta["acceptance"] == 1.0 and first.meta["p_offered"] == 1.0
    assert not any("dealt hands" in x for x in first.notes)


@pytest.mark.parametrize("ask, cards, deals", [(questions.pick, HAND, 3000), (questions.bury, EIGHT, 300)])
def test_same_seed_same_json_on_one_and_two_threads_from_seat_5(ask, cards, deals):
    a = ask(cards, seat=5, deals=deals, seed=4, threads=1).to_json_dict()
    b = ask(cards, seat=5, deals=deals, seed=4, threads=2).to_json_dict()
    assert json.dumps(a) == json.dumps(b)


def test_pick_table_shape_and_monster_and_junk_hands():
    monster = questions.pick("QC QS QH QD JC JS", seat=1, deals=4000, seed=1)
    t = monster.table.set_index("action")
    assert list(monster.table["action"]) == ["pick", "alone", "pass"]
    assert monster.meta["p_offered"] == 1.0 and monster.meta["deals"] == 4000
    assert t.loc["pick", "p_win"] > 0.95 and t.loc["alone", "p_win"] > 0.9
    assert monster.best in ("pick", "alone") and t.loc["pass", "ev"] < t.loc["alone", "ev"]
    for row in monster.table.itertuples():
        assert row.p_win_lo <= row.p_win <= row.p_win_hi
        assert 0 <= row.p_schneidered <= 1 - row.p_win + 1e-12
    junk = questions.pick("7S 8S 7H 8H 9C 7C", seat=2, deals=4000, seed=1)
    assert junk.best == "pass"
    # seat 1 is dealt only hands it passes with: every deal counts, none is thrown away
    assert junk.meta["p_offered"] < 1.0 and junk.meta["deals"] == junk.meta["deals_dealt"] == 4000
    j = junk.table.set_index("action")
    assert j.loc["pick", "ev"] < j.loc["pass", "ev"] and j.loc["alone", "ev"] < j.loc["pick", "ev"]


def test_pass_with_doubler_and_double_on_the_bump():
    base = questions.pick(HAND, seat=4, deals=3000, seed=2)
    doubler = questions.pick(HAND, seat=4, deals=3000, seed=2, leaster=False)
    bump = questions.pick(HAND, seat=4, deals=3000, seed=2, double_on_bump=True)
    assert base.meta["pass"]["p_leaster"] > 0 and base.meta["pass"]["p_redeal"] == 0
    assert doubler.meta["pass"]["p_redeal"] == pytest.approx(base.meta["pass"]["p_leaster"])
    b, d, u = (a.table.set_index("action") for a in (base, doubler, bump))
    # the same play-outs: picking is untouched by what happens when nobody picks
    assert b.loc["pick", "ev"] == d.loc["pick", "ev"]
    # doubling the picker side's losses lowers picking's EV and cannot help it win
    assert u.loc["pick", "ev"] < b.loc["pick", "ev"] and u.loc["pick", "p_win"] == b.loc["pick", "p_win"]


def test_bury_lists_every_legal_choice_and_ranks_by_ev():
    answer = questions.bury(EIGHT, seat=2, deals=300, seed=3)
    cards = EIGHT.split()
    want = {(frozenset(p), c) for c in ref.legal_calls(cards) for p in ref.legal_buries(cards, c)}
    want |= {(frozenset(p), "alone") for p in ref.legal_buries(cards, None)}
    got = {(frozenset(r.bury.split()), r.call) for r in answer.table.itertuples()}
    assert got == want and len(answer.table) == len(want)
    assert list(answer.table["ev"]) == sorted(answer.table["ev"], reverse=True)
    assert answer.table["policy"].sum() == 1 and answer.best == answer.table.iloc[0]["action"]
    assert set(answer.table.columns) >= {"action", "p_win", "p_win_lo", "p_win_hi", "ev", "ev_se", "ev_lo", "ev_hi"}


def test_all_aces_means_ten_calls_and_no_call_means_alone_only():
    aces = questions.bury("AC AS AH QC QS JD 7C TS", deals=50, seed=0)
    # each ace can be the hold card of its suit; the ten of spades is the picker's own
    assert set(aces.table["call"]) == {"TC", "TH", "alone"}
    th = aces.table[aces.table["call"] == "TH"]
    assert not any("AH" in b.split() for b in th["bury"])
    trumps = questions.bury("QC QS QH QD JC JS JH JD", deals=50, seed=0)
    assert set(trumps.table["call"]) == {"alone"} and len(trumps.table) == 28


@pytest.mark.parametrize("kwargs, needle", [
    (dict(hand="QC QS JD AD 7H"), "5 cards"),
    (dict(hand="QC QS JD AD 7H 6H"), "6H is not a card"),
    (dict(hand="QC QS JD AD 7H 7H"), "duplicate card 7H"),
    (dict(hand=HAND, seat=0), "--seat"),
    (dict(hand=HAND, seat=6), "--seat"),
    (dict(hand=HAND, rules=["jack_order=weird"]), "jack_order"),
    (dict(hand=HAND, rules=["partner=jack"]), "unknown rule"),
    (dict(hand=HAND, play="mcts"), "--play mcts"),
    (dict(hand=HAND, play="pimc", worlds=0), "--worlds"),
    (dict(hand=HAND, play="pimc", rules=["no_call=unknown"]), "no_call=unknown"),
    (dict(hand=HAND, deals=0), "--deals"),
])
def test_bad_input(kwargs, needle):
    with pytest.raises(InputError, match=needle):
        questions.pick(**kwargs)


def test_condition_none_deals_uniformly():
    """--condition none: the earlier seats' passes condition nothing (every deal weighs 1),
    the answer says so and moves (a hand four seats passed with is weaker); at seat 1
    (nobody before) it is the default's answer, deal for deal; bury too."""
    none = questions.pick(HAND, seat=5, deals=2000, seed=1, condition="none")
    m = none.meta
    assert m["condition"] == "none" and m["conditioned"] == [] and m["effective_deals"] == 2000
    assert m["p_offered"] == 1.0 and m["acceptance"] == 1.0
    assert any("--condition none" in x for x in none.notes) and not any("dealt hands" in x for x in none.notes)
    assert "dealt uniformly" in none.recommendation
    policy = questions.pick(HAND, seat=5, deals=2000, seed=1)
    assert policy.meta["condition"] == "policy" and policy.meta["conditioned"] == [1, 2, 3, 4]
    p = {a.meta["condition"]: a.table.set_index("action").loc["pick", "p_win"] for a in (none, policy)}
    assert p["policy"] > p["none"] + 0.05     # 0.955 against 0.880 (2,000 deals, se ~0.007 each)
    pd.testing.assert_frame_equal(questions.pick(HAND, seat=1, deals=1000, seed=2, condition="none").table,
                                  questions.pick(HAND, seat=1, deals=1000, seed=2).table)
    bury = questions.bury(EIGHT, seat=3, deals=100, seed=1, condition="none")
    assert bury.meta["conditioned"] == [] and bury.meta["effective_deals"] == 100
    with pytest.raises(InputError, match="--condition must be none or policy"):
        questions.pick(HAND, seat=2, condition="maybe")


def test_cli_condition(capsys):
    from tests.cli_run import run_cli
    args = ["sheepshead", "pick", HAND, "--seat", "3", "--deals", "500"]
    code, out, err = run_cli(args + ["--condition", "none", "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["condition"] == "none" and got["conditioned"] == []
    code, out, err = run_cli(args + ["--condition", "none"], capsys)
    assert code == 0 and "unconditioned deals (--condition none)" in out and "dealt so that" not in out
    code, out, err = run_cli(["sheepshead", "bury", EIGHT, "--condition", "maybe"], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--condition" in err
