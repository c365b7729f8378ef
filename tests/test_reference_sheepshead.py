"""Sheepshead's ``pick`` table recomputed without the code under test: each deal of a
small run is replayed one by one (``replay.pick_examples``: the run's own deals, blinds,
burials, calls and play), every hand replayed by the plain-Python rules
(``tests/reference/sheepshead.py``: legality, trick winners, points, the bury to the
picker), scored by the reference's table (and leasters by its leaster scoring), and the
table's columns aggregated here from those scores."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from analyzer.games.sheepshead import examples as ex
from analyzer.games.sheepshead import questions as q
from analyzer.games.sheepshead.deck import DECK, N_SEATS, N_TRICKS
from analyzer.games.sheepshead.play import CALL_NAMES, LEASTER_CLASSES
from analyzer.games.sheepshead.replay import (X_CALLED, X_KIND, X_LCLASS, X_PACKED, X_PARTNER, X_PICKER, X_W,
                                              pick_examples)
from analyzer.games.sheepshead.rules import ID_OF, from_layout
from tests.records import capture_kwargs, weighted
from tests.reference import sheepshead as ref

HAND = "QC QS JD AD 7H 8S"


def text(card: str) -> str:
    return "T" + card[2:] if card.startswith("10") else card


def cards(options, mask) -> list[str]:
    return [text(DECK.format(i)) for i in from_layout(int(mask), options)]


def card(options, bit) -> str:
    return text(DECK.format(int(ID_OF[options.jack_index, int(bit)])))


def ask_and_records(monkeypatch, hand=HAND, **kw):
    seen = capture_kwargs(monkeypatch, ex, "pick_examples")
    answer = q.pick(hand, examples=1, **kw)
    from analyzer.games.sheepshead.bidding import PICK_THRESHOLDS
    from analyzer.sim.rng import seed_key
    o, d, deals = seen["options"], seen["dealing"], seen["deals"]
    hands, res, traces = ex._arrays(deals, 3)
    buries = np.zeros((deals, 3), np.uint64)
    dd, tt, dstats = q._solver_arrays("heuristic")
    pick_examples(o.rules, seed_key(seen["seed"]), np.int64(0), np.int64(deals), q._pool(seen["hand_ids"], o), d.sizes,
                  np.int64(seen["seat0"]), np.uint64(q.to_layout(seen["hand_ids"], o)), d.constrained, d.free,
                  d.table, PICK_THRESHOLDS, o.nobody_picks == "doubler", o.leaster_blind == "first",
                  np.int64(q.BATCH), None, None, dd, tt, dstats, hands, buries, res, traces)
    return answer, seen, hands, buries, res, traces


def score_of(options, seat0, hands, bury, rec, trace) -> float:
    """The asker's score for one deal and option, by the reference."""
    rows = sorted((r for r in trace if r[0] >= 0), key=lambda r: (r[0],))
    plays = [(int(r[1]), card(options, r[2])) for r in rows]
    dealt = [cards(options, hands[s]) for s in range(N_SEATS)]
    blind = cards(options, hands[N_SEATS])
    picker = int(rec[X_PICKER])
    if picker < 0:
        if rec[X_LCLASS] == LEASTER_CLASSES - 1:
            return 0.0                                   # nobody picks, the doubler: a redeal
        pts, tricks = ref.replay(dealt, plays, picker=None, blind=blind,
                                 leaster_blind=options.leaster_blind)
        return float(ref.leaster_scores(pts, tricks)[seat0])
    assert "unknown" not in CALL_NAMES[int(rec[X_KIND])]
    buried = cards(options, bury)
    dealt[picker] = [c for c in dealt[picker] + blind if c not in buried]
    assert len(dealt[picker]) == N_TRICKS and len(buried) == 2
    partner = int(rec[X_PARTNER])
    called = None if rec[X_CALLED] < 0 else card(options, rec[X_CALLED])
    if called is not None:
        holder = next(s for s in range(N_SEATS) if called in dealt[s])
        assert holder == partner or (holder == picker and partner < 0), (called, holder, partner)
    pts, tricks = ref.replay(dealt, plays, picker=picker, called=called, bury=buried)
    side = {picker} | ({partner} if partner >= 0 else set())
    points, taken = sum(pts[s] for s in side), sum(tricks[s] for s in side)
    assert (points << 3) + taken == rec[X_PACKED]
    mine = ref.score(points, taken, alone=partner < 0, double_on_bump=options.double_on_bump)
    return float(mine[0] if seat0 == picker else mine[1] if seat0 == partner else mine[2])


@pytest.mark.parametrize("kw", [dict(seat=3, deals=300, seed=5), dict(seat=1, deals=300, seed=2, condition="none"),
                                dict(seat=5, deals=200, seed=4, rules=["nobody_picks=doubler"]),
                                dict(hand="JH AH 9C 7S 8D KS", seat=2, deals=400, seed=6)])   # a partner when AH is called
def test_pick_table_is_the_reference_scoring_of_its_deals(monkeypatch, kw):
    answer, seen, hands, buries, res, traces = ask_and_records(monkeypatch, **kw)
    o, seat0 = seen["options"], seen["seat0"]
    t = answer.table.set_index("action")
    for opt, action in enumerate(("pick", "alone", "pass")):
        w_sum = ev = wins = Fraction(0)
        for i, w in weighted(res[:, opt], X_W):
            s = score_of(o, seat0, hands[i], buries[i, opt], res[i, opt], traces[i, opt])
            w_sum += w
            ev += w * Fraction(s)
            wins += w * (s > 0)
        assert t.loc[action, "ev"] == pytest.approx(float(ev / w_sum), abs=1e-9), action
        assert t.loc[action, "p_win"] == pytest.approx(float(wins / w_sum), abs=1e-9), action


@pytest.mark.parametrize("kw", [dict(cards="QC QS JD AD 7H 8S KC 9C", seat=2, deals=150, seed=3),
                                dict(cards="QC JH AD TD KD 8C AH 7S", seat=5, deals=150, seed=1, condition="none")])
def test_bury_table_is_the_reference_scoring_of_its_deals(monkeypatch, kw):
    """Every bury and call of the table: the picker's six cards after the bury, the call's
    partner, the play replayed by the reference (the bury's points to the picker) and the
    picker's score by the reference table, aggregated here."""
    from analyzer.games.sheepshead.bidding import PICK_THRESHOLDS
    from analyzer.games.sheepshead.replay import bury_examples
    from analyzer.games.sheepshead.rules import BIT_OF, to_layout
    from analyzer.sim.rng import seed_key
    seen = capture_kwargs(monkeypatch, ex, "bury_examples")
    answer = q.bury(examples=1, **kw)
    o, d, deals, seat0 = seen["options"], seen["dealing"], seen["deals"], seen["seat0"]
    opts_list, index = seen["opts_list"], seen["action_index"]
    buries = np.array([to_layout(p, o) for p, _ in opts_list], np.uint64)
    called = np.array([0 if c is None else 1 << int(BIT_OF[o.jack_index, c]) for _, c in opts_list], np.uint64)
    rows = np.array(sorted(index.values()), np.int64)
    hands, res, traces = ex._arrays(deals, len(rows))
    hand8 = np.uint64(to_layout(seen["hand8_ids"], o))
    bury_examples(o.rules, seed_key(seen["seed"]), np.int64(0), np.int64(deals), q._pool(seen["hand8_ids"], o),
                  d.sizes, np.int64(seat0), hand8, d.constrained, d.free, d.table, PICK_THRESHOLDS, buries, called,
                  rows, np.int64(q.BATCH), *q._solver_arrays("heuristic"), hands[:, :N_SEATS], res, traces)
    t = answer.table.set_index("action")
    for action, opt in index.items():
        r = int(np.flatnonzero(rows == opt)[0])
        w_sum = ev = wins = Fraction(0)
        for i, w in weighted(res[:, r], X_W):
            rec = res[i, r]
            buried = cards(o, buries[opt])
            dealt = [cards(o, hands[i, s]) for s in range(N_SEATS)]
            dealt[seat0] = [c for c in cards(o, hand8) if c not in buried]
            trace = sorted((row for row in traces[i, r] if row[0] >= 0), key=lambda row: row[0])
            plays = [(int(row[1]), card(o, row[2])) for row in trace]
            partner = int(rec[X_PARTNER])
            call = None if rec[X_CALLED] < 0 else card(o, rec[X_CALLED])
            pts, tricks = ref.replay(dealt, plays, picker=seat0, called=call, bury=buried)
            side = {seat0} | ({partner} if partner >= 0 else set())
            points, taken = sum(pts[s] for s in side), sum(tricks[s] for s in side)
            assert (points << 3) + taken == rec[X_PACKED]
            s = ref.score(points, taken, alone=partner < 0, double_on_bump=o.double_on_bump)[0]
            w_sum += w
            ev += w * s
            wins += w * (s > 0)
        assert t.loc[action, "ev"] == pytest.approx(float(ev / w_sum), abs=1e-9), action
        assert t.loc[action, "p_win"] == pytest.approx(float(wins / w_sum), abs=1e-9), action
