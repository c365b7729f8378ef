"""Sheepshead pick and bury questions: determinism (threads, chunking), options that
must come out a certain way, and the bury table covering every legal choice."""

import pandas as pd
import pytest

from analyzer.errors import InputError
from analyzer.games.sheepshead import questions
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
    assert junk.meta["p_offered"] < 1.0 and junk.meta["deals"] < junk.meta["deals_dealt"]
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
    (dict(hand=HAND, play="pimc"), "--play pimc"),
    (dict(hand=HAND, deals=0), "--deals"),
])
def test_bad_input(kwargs, needle):
    with pytest.raises(InputError, match=needle):
        questions.pick(**kwargs)
