"""Pinochle's ``bid`` table recomputed without the code under test: each deal of a small
run is dealt again (``examples._deal``, the run's own stream) and, for each trump, the
hand the run plays is replayed (``examples.play_shown``: the passes, meld and twelve
tricks as the heuristic players play them); the plain-Python rules
(``tests/reference/pinochle.py``) check every card, win every trick, count the points and
the last trick, meld each side's hands and score the hand at every bid level.  The
table's P(make) and EV are aggregated here from those scores."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.pinochle import examples as ex
from analyzer.games.pinochle import questions as q
from analyzer.games.pinochle.deck import ID_OF
from analyzer.games.pinochle.play import throws_in
from analyzer.sim.constrained import C_W
from tests.records import capture_kwargs
from tests.reference import pinochle as ref

HAND = "AS TS KS QS JS QS JD KD QD 9H AC AC"


def ref_card(bit: int):
    """A layout bit (16 * suit + 2 * rank + copy) as the reference's (suit, rank)."""
    assert ID_OF[bit] >= 0
    return (bit // 16, (bit % 16) // 2)


def name(c) -> str:
    return ref.RANKS[c[1]] + ref.SUITS[c[0]]


def replay(trace, declarer: int, trump: int, seats: int = 4):
    """(each seat's cards as played, (declaring, defending) points and tricks) by the
    reference: the declarer leads, every card legal, the winner leads next.  ``seats`` 4:
    partners across the table, twelve tricks; 3: the declarer alone, fifteen."""
    rows = [r for r in trace if r[0] >= 0]
    n_tricks = len(rows) // seats
    held = {s: [ref_card(int(r[2])) for r in rows if r[1] == s] for s in range(seats)}
    assert all(len(h) == n_tricks for h in held.values())
    left = {s: list(h) for s, h in held.items()}
    leader, points, tricks = declarer, [0, 0], [0, 0]
    for t in range(n_tricks):
        trick = [r for r in rows if r[0] == t]
        assert int(trick[0][1]) == leader and [int(r[1]) for r in trick] == [(leader + k) % seats
                                                                            for k in range(seats)]
        cards = []
        for r in trick:
            seat, c = int(r[1]), ref_card(int(r[2]))
            assert c in ref.legal(left[seat], cards, trump), (t, seat, c, left[seat], cards)
            left[seat].remove(c)
            cards.append(c)
        leader = (leader + ref.winner(cards, trump)) % seats
        ours = leader % 2 == declarer % 2 if seats == 4 else leader == declarer
        side = 0 if ours else 1
        points[side] += ref.trick_points(cards, last=t == n_tricks - 1)
        tricks[side] += 1
    return held, points, tricks


@pytest.mark.parametrize("kw", [dict(deals=60, seed=3), dict(deals=60, seed=4, seat=3, auction="250 pass"),
                                dict(deals=60, seed=5, seat=2, auction="250", condition="none")])
def test_bid_table_is_the_reference_scoring_of_its_deals(monkeypatch, kw):
    seen = capture_kwargs(monkeypatch, ex, "bid_examples")
    answer = q.bid(HAND, examples=1, **kw)
    k, chunk, layout, key0 = seen["kernel"], seen["chunk"], seen["layout"], seen["key0"]
    asker, bid0 = k["asker"], k["bid0"]
    rows = answer.table[answer.table["action"] == "bid"]
    bids = sorted(set(int(b) for b in rows["bid"]))
    totals = {}
    hands = np.empty(4, np.uint64)
    for i in range(kw["deals"]):
        w = float(layout.unpack(chunk(i, 1))["counters"][C_W])
        if w <= 0:
            continue
        ex._deal(hands, i, asker, k, key0)
        for t in range(4):
            shown = ex.play_shown(hands, asker, t, bid0, 0, 0, k, [str(s) for s in range(4)])
            meld_d, meld_o = shown["meld"], shown["meld_against"]
            if shown["thrown_in"]:
                # thrown in at the lowest bid, so at every bid (a higher bid is shorter still):
                # no play; each level scores the throw-in
                side_meld, points, tricks = [meld_d, meld_o], (0, 0), (0, 0)
            else:
                trace = _trace(hands, asker, t, bid0, k)
                held, points, tricks = replay(trace, asker, t)
                side_meld = [sum(ref.meld(ref.counts_from_cards([name(c) for c in held[s]]), t) for s in pair)
                             for pair in ((asker, (asker + 2) % 4), ((asker + 1) % 4, (asker + 3) % 4))]
                assert side_meld == [meld_d, meld_o], (i, t, side_meld, meld_d, meld_o)
            for b in bids:
                thrown = throws_in(np.int64(b), np.int64(meld_d), k["any_throw"], k["policies"][asker])
                if thrown:
                    assert ref.may_throw_in(b, meld_d)
                assert thrown or not shown["thrown_in"], (i, t, b)
                ours, theirs = ref.hand_score(b, side_meld, points, tricks, thrown_in=thrown)
                made = not thrown and ours >= 0
                cell = totals.setdefault((b, ref.SUITS[t]), [0.0, 0.0, 0.0])
                cell[0] += w
                cell[1] += w * made
                cell[2] += w * (ours - theirs)
    for r in rows.itertuples():
        w, made, ev = totals[(int(r.bid), r.trump)]
        assert r.p_make == pytest.approx(made / w, abs=1e-9), (r.bid, r.trump)
        assert r.ev == pytest.approx(ev / w, abs=1e-9), (r.bid, r.trump)


def _trace(hands, declarer, t, bid, k, give=0, back=0):
    """The play ``play_shown`` shows, as its trace (trick, seat, layout bit, suit led,
    winner): the same kernels, called the same way."""
    from analyzer.bits import ZERO
    from analyzer.games.pinochle.play import O_SIZE, TRACE_COLS, pass_and_meld, play_hand
    work = hands.copy()
    o = np.zeros(O_SIZE, np.int64)
    pass_and_meld(work, np.int64(declarer), np.int64(t), k["reuse"], np.uint64(give), np.uint64(back), o)
    trace = np.full((48, TRACE_COLS + 1), -1, np.int64)
    play_hand(k["rules4"][t], k["vals4"][t], work, np.int64(declarer), trace, True, np.int64(0), ZERO)
    return trace


@pytest.mark.parametrize("kw", [dict(hand="AS TS KS QS JS QS JD KD QD 9H AC AC", trump="S", bid=300, deals=40, seed=2),
                                dict(hand="AH TH KH 9S JS QC JD KD QD 9H AC TC AH KH 9H TH", trump="H", bid=260,
                                     deals=40, seed=7, received="AH KH 9H TH")])     # the declarer passes back
def test_pass_table_is_the_reference_scoring_of_its_deals(monkeypatch, kw):
    """Every pass of the table (the partner's four cards, or the declarer's four back):
    the hand played on after it, replayed and scored by the reference."""
    from analyzer.games.pinochle.play import ALREADY_PASSED
    seen = capture_kwargs(monkeypatch, ex, "pass_examples")
    answer = q.pass_cards(examples=1, **kw)
    k, chunk, layout, key0, sets = seen["kernel"], seen["chunk"], seen["layout"], seen["key0"], seen["sets"]
    trump, bid, partner_asks = seen["trump"], seen["bid"], seen["role_partner"]
    asker = 2 if partner_asks else 0
    t = answer.table.set_index("cards")
    hands = np.empty(4, np.uint64)
    totals = [[0.0, 0.0, 0.0] for _ in sets]
    for i in range(kw["deals"]):
        w = float(layout.unpack(chunk(i, 1))["counters"][C_W])
        if w <= 0:
            continue
        ex._deal(hands, i, asker, k, key0)
        for o, m in enumerate(sets):
            give, back = (int(m), 0) if partner_asks else (int(ALREADY_PASSED), int(m))
            shown = ex.play_shown(hands, 0, trump, bid, give, back, k, [str(s) for s in range(4)])
            if shown["thrown_in"]:
                assert ref.may_throw_in(bid, shown["meld"])
                ours, theirs = ref.hand_score(bid, (shown["meld"], shown["meld_against"]), (0, 0), (0, 0),
                                              thrown_in=True)
            else:
                held, points, tricks = replay(_trace(hands, 0, trump, bid, k, give, back), 0, trump)
                side_meld = [sum(ref.meld(ref.counts_from_cards([name(c) for c in held[s]]), trump) for s in pair)
                             for pair in ((0, 2), (1, 3))]
                assert side_meld == [shown["meld"], shown["meld_against"]]
                ours, theirs = ref.hand_score(bid, side_meld, points, tricks)
            cell = totals[o]
            cell[0] += w
            cell[1] += w * (not shown["thrown_in"] and ours >= 0)
            cell[2] += w * (ours - theirs)
    from analyzer.games.pinochle.deck import format_mask
    for o, m in enumerate(sets):
        row = t.loc[format_mask(m)]
        w, made, ev = totals[o]
        assert row["p_make"] == pytest.approx(made / w, abs=1e-9)
        assert row["ev"] == pytest.approx(ev / w, abs=1e-9)
