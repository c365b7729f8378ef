"""Euchre's question tables recomputed without the code under test: each deal of a small
run is replayed one by one (``replay.question_examples``, the run's own deals and play),
every trick checked and won by the plain-Python rules (``tests/reference/euchre.py``),
each hand scored by the reference scoring and the table's columns aggregated here, in
plain Python, from those scores.  A wrong points table, a wrong trick count or a wrong
weight in the question's aggregation makes these differ."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.euchre import questions as q
from analyzer.games.euchre.examples import natural_of
from analyzer.games.euchre.replay import (X_ALONE, X_DISCARD, X_MAKER, X_SIZE, X_TRICKS, X_TRUMP, X_W,
                                          question_examples)
from tests.records import weighted
from tests.reference import euchre as ref


def reference_card(bit: int):
    """A natural bit (16 * suit + rank - 2, suits S C D H; the joker at 63) as the
    reference's (rank, suit)."""
    if bit == 63:
        return ref.JOKER
    return (bit % 16 + 2, ref.SUITS[bit // 16])


def cards_of(mask: int) -> list:
    return [reference_card(b) for b in range(64) if (int(mask) >> b) & 1]


def ask_and_records(monkeypatch, ask, *args, **kw):
    """The answer of ``ask`` and, for each of its deals and actions, the replayed record,
    the dealt hands and the play (the kernel's arguments as the run used them)."""
    seen = {}
    real = q.simulate

    def spy(*a, **k):
        out = real(*a, **k)
        seen.update(actions=a[6], deals=a[7], kernel=a[14] if len(a) > 14 else k["keep"])
        return out

    monkeypatch.setattr(q, "simulate", spy)
    answer = ask(*args, **kw)
    k, actions, deals = seen["kernel"], seen["actions"], seen["deals"]
    nn = k["n"]
    rows = np.arange(len(actions), dtype=np.int64)
    hands = np.zeros((deals, nn), np.uint64)
    res = np.zeros((deals, len(actions), X_SIZE), np.int64)
    traces = np.full((deals, len(actions), 5 * nn, 4), -1, np.int64)
    question_examples(k["key0"], np.int64(0), np.int64(deals), k["pool"], k["sizes"], k["constrained"], k["free"],
                      k["table"], k["my"], k["up"], np.int64(nn), np.int64(k["dealer"]), np.int64(k["decision_turn"]),
                      k["acts"], k["discards"], rows, k["tables"], np.int64(k["flags"]), q.DEFAULT_POLICY,
                      np.int64(q.BATCH), None, None, None, hands, res, traces)
    return answer, actions, k, hands, res, traces


def replay_hand(hands, k, rec, trace) -> int:
    """The makers' tricks of one played hand, by the reference rules: the hands as dealt
    (the dealer's pickup and discard applied), the first lead left of the dealer (past a
    lone maker's partner), every card legal, every trick to the reference's winner and the
    next trick led by it."""
    nn, dealer = k["n"], k["dealer"]
    maker, trump, alone = int(rec[X_MAKER]), ref.SUITS[int(rec[X_TRUMP])], bool(rec[X_ALONE])
    held = [cards_of(h) for h in hands]
    if rec[X_DISCARD] >= 0:                       # the dealer picked the upcard up
        held[dealer].append(reference_card(int(k["up"]).bit_length() - 1))
        held[dealer].remove(reference_card(int(rec[X_DISCARD])))
    out = (maker + 2) % nn if alone and nn == 4 else None
    leader = ref.first_leader(nn, dealer, out)
    taken = 0
    for t in range(5):
        rows = [r for r in trace if r[0] == t]
        assert rows and int(rows[0][1]) == leader, (t, rows, leader)
        cards, seats = [], []
        for r in rows:
            seat, card = int(r[1]), reference_card(natural_of(int(r[2]), int(rec[X_TRUMP])))
            led = ref.effective_suit(cards[0], trump) if cards else None
            assert card in ref.legal_plays(held[seat], led, trump), (t, seat, card, held[seat])
            held[seat].remove(card)
            cards.append(card)
            seats.append(seat)
        assert len(cards) == nn - (out is not None) and out not in seats
        leader = seats[ref.trick_winner(cards, trump)]
        taken += leader % 2 == maker % 2
    return taken


def reference_table(actions, k, hands, res, traces) -> dict:
    """Per action: sum of weights, the weighted points from the asker's side (seat 0),
    weighted made / euchred / redeal, by the reference scoring of the reference's tricks."""
    out = {}
    for a, action in enumerate(actions):
        w_sum = pts = made = euchred = redeal = 0.0
        for i, w in weighted(res[:, a], X_W):
            rec = res[i, a]
            w_sum += w
            if rec[X_MAKER] < 0:
                redeal += w
                continue
            tricks = replay_hand(hands[i], k, rec, traces[i, a])
            assert tricks == rec[X_TRICKS]
            mine, theirs = ref.score(tricks, bool(rec[X_ALONE]))
            ours = int(rec[X_MAKER]) % 2 == 0
            pts += w * ((mine - theirs) if ours else (theirs - mine))
            made += w * (ours and tricks >= 3)
            euchred += w * (ours and tricks < 3)
        out[(action.key, action.discard)] = {"deals": w_sum, "ev": pts / w_sum, "p_make": made / w_sum,
                                             "p_euchred": euchred / w_sum, "p_redeal": redeal / w_sum}
    return out


@pytest.mark.parametrize("kw", [
    dict(players=4, seat=1, condition="policy"),
    dict(players=4, seat=3, condition="none"),
    dict(players=2, seat=1, condition="policy"),
])
def test_order_table_is_the_reference_scoring_of_its_deals(monkeypatch, kw):
    answer, actions, k, hands, res, traces = ask_and_records(
        monkeypatch, q.order, "JH JD AH 9S KC", "9H", deals=400, seed=7, **kw)
    ref_rows = reference_table(actions, k, hands, res, traces)
    assert {r["action"] for _, r in answer.table.iterrows()} == {a.key for a in actions}
    for _, row in answer.table.iterrows():
        mine = ref_rows[next((a.key, a.discard) for a in actions if a.key == row["action"])]
        for col in ("ev", "p_make", "p_euchred", "p_redeal"):
            assert row[col] == pytest.approx(mine[col], abs=1e-9), (row["action"], col)
    # the weights: the deals the table counts are the deals with a weight
    assert answer.meta["deals"] == int((res[:, 0, X_W] > 0).sum())


def test_call_table_is_the_reference_scoring_of_its_deals(monkeypatch):
    answer, actions, k, hands, res, traces = ask_and_records(
        monkeypatch, q.call, "JH JD AH 9S KC", "9C", players=4, seat=2, deals=300, seed=3)
    ref_rows = reference_table(actions, k, hands, res, traces)
    for _, row in answer.table.iterrows():
        mine = ref_rows[next((a.key, a.discard) for a in actions if a.key == row["action"])]
        for col in ("ev", "p_make", "p_euchred", "p_redeal"):
            assert row[col] == pytest.approx(mine[col], abs=1e-9), (row["action"], col)


def test_the_dealers_pickup_rows_are_the_best_of_their_discards(monkeypatch):
    """The dealer: one accept row per discard in the run, the table keeping the best."""
    answer, actions, k, hands, res, traces = ask_and_records(
        monkeypatch, q.order, "JH JD AH 9S KC", "9H", players=4, seat=4, deals=300, seed=5)
    ref_rows = reference_table(actions, k, hands, res, traces)
    for _, row in answer.table.iterrows():
        options = [v for (key, _), v in ref_rows.items() if key == row["action"]]
        mine = max(options, key=lambda v: v["ev"])
        for col in ("ev", "p_make", "p_euchred", "p_redeal"):
            assert row[col] == pytest.approx(mine[col], abs=1e-9), (row["action"], col)


def test_order_with_a_score_is_the_reference_chance_of_winning(monkeypatch):
    """With --score: P(win the game) is the weighted mean, over the run's deals, of the
    equity table read at the score after the reference's points (game to 10, the deal
    passing on); the table itself is the equity module's (its own tests check it)."""
    tables = []
    real = q.equity_table
    monkeypatch.setattr(q, "equity_table", lambda options: tables.append(real(options)) or tables[-1])
    answer, actions, k, hands, res, traces = ask_and_records(
        monkeypatch, q.order, "JH JD AH 9S KC", "9H", players=4, seat=2, deals=300, seed=11, score="8:9")
    p = tables[0].p
    we_deal = k["dealer"] % 2 == 0
    d_next = 1 if we_deal else 0

    def after(us, them):
        return 1.0 if us >= 10 else 0.0 if them >= 10 else float(p[d_next, us, them])

    for _, row in answer.table.iterrows():
        a = next(j for j, act in enumerate(actions) if act.key == row["action"])
        w_sum = win = 0.0
        for i, w in weighted(res[:, a], X_W):
            rec = res[i, a]
            w_sum += w
            if rec[X_MAKER] < 0:
                win += w * after(8, 9)
                continue
            mine, theirs = ref.score(replay_hand(hands[i], k, rec, traces[i, a]), bool(rec[X_ALONE]))
            us, them = (mine, theirs) if int(rec[X_MAKER]) % 2 == 0 else (theirs, mine)
            win += w * after(8 + us, 9 + them)
        assert row["p_win"] == pytest.approx(win / w_sum, abs=1e-9), row["action"]
