"""Five Hundred's ``bid`` table recomputed without the code under test: each deal of a
small run is replayed one by one (``heard.here_examples``: the run's own deals, auctions
and play), every trick checked and won by the plain-Python rules
(``tests/reference/five_hundred.py``), each hand scored by the reference's Avondale
schedule, and the table's columns aggregated here from those scores.  A wrong schedule,
a wrong trick count or a wrong weight in the question's aggregation makes them differ."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.five_hundred import examples as ex
from analyzer.games.five_hundred import questions as q
from analyzer.games.five_hundred.auction import LAD_KIND, PASS
from analyzer.games.five_hundred.deck import N_TRICKS
from analyzer.games.five_hundred.heard import X_C, X_D, X_SIZE, X_TRICKS, X_W, here_examples
from analyzer.games.five_hundred.play import TRACE_COLS
from analyzer.games.five_hundred.rules import MISERE
from analyzer.sim.models import CODES
from tests.records import capture_kwargs, weighted
from tests.reference import five_hundred as ref
from tests.reports import SMALL_EQUITY_CAP

HAND = "AH KH QH 9H 8H AS 7S AD 5C 6C"
STRAIN = ("S", "C", "D", "H", "NT")


def card_text(tab, deck_id: int) -> str:
    text = tab.deck.format_cards([int(deck_id)])
    return "T" + text[2:] if text.startswith("10") else text


def ask_and_records(monkeypatch, **kw):
    """The ``bid`` answer and, for every deal of its run and every call of its table,
    the replayed record, the hands as dealt and the play."""
    seen = capture_kwargs(monkeypatch, ex, "bid_examples")
    answer = q.bid(HAND, examples=1, **kw)
    k, tab, deals = seen["kernel"], seen["tab"], seen["deals"]
    calls = np.array(seen["rows"], np.int64)
    n_seats = tab.n_seats
    hands = np.zeros((deals, n_seats + 2), np.uint64)
    res = np.zeros((deals, len(calls), X_SIZE), np.int64)
    traces = np.full((deals, len(calls), N_TRICKS * n_seats, TRACE_COLS), -1, np.int64)
    here_examples(seen["key0"], np.int64(0), np.int64(deals), k["pool"], k["sizes"], np.int64(k["asker"]),
                  k["my_hand"], k["order"], k["free"], k["hist"], k["st0"], calls, bool(k["contract_only"]), k["lad"],
                  k["acfg"], k["pols"], k["tables"], k["bts"], k["fm"], np.int64(n_seats), k["sides"],
                  np.int64(k["units"]), np.int64(CODES["heuristic"]), None, None, None, hands, res, traces)
    return answer, seen, hands, res, traces


def replay(tab, k, hands, rec, trace, contract: str) -> int:
    """The contracting side's tricks by the reference rules: each seat plays cards it was
    dealt (the contractor's from its hand and the kitty), every card a legal follow, every
    trick to the reference's winner, who leads the next; the contractor leads first."""
    n_seats = tab.n_seats
    d = int(rec[X_D])
    kind = int(k["lad"][LAD_KIND, int(rec[X_C])])
    strain_i = kind if kind < MISERE else MISERE
    strain = "MIS" if strain_i == MISERE else STRAIN[strain_i]
    inv = ex._inverse(tab, k["bts"], strain_i)
    rows = [r for r in trace if r[0] >= 0]
    plays = [(int(r[0]), int(r[1]), card_text(tab, inv[int(r[2])]), int(r[3])) for r in rows]
    side = {d, (d + 2) % 4}
    active = {d, (d + 1) % 4, (d + 3) % 4} if contract in ("MIS", "OPENMIS") else set(range(4))
    for seat in active:
        mine = [c for _, s, c, _ in plays if s == seat]
        dealt = {card_text(tab, i) for i in range(tab.deck.size) if (int(hands[seat]) >> i) & 1}
        if seat == d:
            dealt |= {card_text(tab, i) for i in range(tab.deck.size) if (int(hands[n_seats]) >> i) & 1}
        assert len(mine) == 10 == len(set(mine)) and set(mine) <= dealt, (seat, mine)
    leader, taken = d, 0
    for t in range(10):
        trick = [p for p in plays if p[0] == t]
        assert [p[1] for p in trick][0] == leader and {p[1] for p in trick} == active, (t, trick)
        cards = [p[2] for p in trick]
        named = trick[0][3] if cards[0] == ref.JOKER else None
        named = ref.SUITS[named] if named is not None and 0 <= named < 4 else None
        led = named if cards[0] == ref.JOKER and strain not in ref.SUITS else ref.effective_suit(cards[0], strain)
        for _, seat, card, _ in trick[1:]:
            left = [p[2] for p in plays if p[1] == seat and p[0] >= t]
            assert card in ref.legal_follows(left, led, strain), (t, seat, card, left, led)
        leader = trick[ref.trick_winner(cards, strain, None, named)][1]
        taken += leader in (side if contract not in ("MIS", "OPENMIS") else {d})
    return taken


def reference_rows(answer, seen, hands, res, traces) -> dict:
    tab, k, order_l = seen["tab"], seen["kernel"], seen["order_l"]
    out = {}
    for r, call in enumerate(seen["rows"]):
        w_sum = ev = we = we_made = they_made = thrown = 0.0
        for i, w in weighted(res[:, r], X_W):
            rec = res[i, r]
            w_sum += w
            d = int(rec[X_D])
            if d < 0:
                thrown += w
                continue
            contract = order_l[int(rec[X_C])].name
            tricks = replay(tab, k, hands[i], rec, traces[i, r], contract)
            assert tricks == rec[X_TRICKS], (i, call, contract)
            mine, theirs = ref.score(contract, tricks)
            made = mine > 0
            ours = d % 2 == k["asker"] % 2
            ev += w * ((mine - theirs) if ours else (theirs - mine))
            we += w * ours
            we_made += w * (ours and made)
            they_made += w * (not ours and made)
        action = "pass" if call == PASS else order_l[call].name
        out[action] = {"ev": ev / w_sum, "p_we_contract": we / w_sum, "p_we_make": we_made / w_sum,
                       "p_they_make": they_made / w_sum, "p_thrown_in": thrown / w_sum}
    return out


@pytest.mark.parametrize("kw", [
    dict(seat="S", dealer="S", auction="7S pass pass", deals=300, seed=3),            # calls heard
    dict(seat="S", dealer="S", auction="7S pass pass", deals=300, seed=3, condition="none"),
    dict(seat="S", dealer="E", auction="", deals=300, seed=8),                         # first to speak
    dict(contract_only=True, seat="S", dealer="E", contracts="7H,8H,9H,MIS", deals=300, seed=5),
])
def test_bid_table_is_the_reference_scoring_of_its_deals(monkeypatch, kw):
    answer, seen, hands, res, traces = ask_and_records(monkeypatch, **kw)
    mine = reference_rows(answer, seen, hands, res, traces)
    assert set(mine) == set(answer.table["action"])
    for _, row in answer.table.iterrows():
        for col, value in mine[row["action"]].items():
            assert row[col] == pytest.approx(value, abs=1e-9), (row["action"], col)
    w = res[:, 0, X_W]
    # a deal whose batch of hands held none that fit has weight 0: dealt (counted), worth nothing
    assert int((w > 0).sum()) <= answer.meta["deals"] <= answer.meta["deals_dealt"]
    assert answer.meta["effective_deals"] == pytest.approx(w.sum() ** 2 / (w ** 2).sum())


def test_bid_with_a_score_is_the_reference_chance_of_winning(monkeypatch):
    """With --score: P(win the game) per deal from the reference's points and the rules'
    end of game (a side wins after a deal in which it made its contract and reached 500; a
    side at -500 or below loses), then the equity table at the new score with the deal
    passed on; the table's weighted mean equals these (to the kernel's rounding of each
    deal's P to 1/PWIN_SCALE)."""
    from analyzer.games.five_hundred import equity
    from analyzer.games.five_hundred.heard import PWIN_SCALE
    tables = []
    real = equity.equity_table
    monkeypatch.setattr(equity, "DEFAULT_DEALS", 20_000)        # a small table: the check does not depend on it
    monkeypatch.setattr(equity, "equity_table",
                        lambda *a, **k: tables.append(real(*a, **{"cap": SMALL_EQUITY_CAP, **k})) or tables[-1])
    # 290: a 7♥ made takes us to 490, short of the game; 430: their 6♣ made takes them to 490
    kw = dict(seat="S", dealer="S", auction="7S pass pass", deals=200, seed=3, score="290:430")
    answer, seen, hands, res, traces = ask_and_records(monkeypatch, **kw)
    tab, k, order_l = seen["tab"], seen["kernel"], seen["order_l"]
    eq = tables[0]
    us, them = 290, 430
    dealer = tab.seat_names.index("S")
    we_deal_next = int(dealer % 2 != k["asker"] % 2)

    def lookup(a, b):
        if a < equity.GRID_LO:
            return 0.0
        if b < equity.GRID_LO:
            return 1.0
        a, b = min(a, eq.cap), min(b, eq.cap)
        return float(eq.p[1 - we_deal_next, (a - equity.GRID_LO) // equity.STEP, (b - equity.GRID_LO) // equity.STEP])

    for r, call in enumerate(seen["rows"]):
        w_sum = win = 0.0
        for i, w in weighted(res[:, r], X_W):
            rec = res[i, r]
            w_sum += w
            if rec[X_D] < 0:
                win += w * lookup(us, them)
                continue
            contract = order_l[int(rec[X_C])].name
            mine, theirs = ref.score(contract, replay(tab, k, hands[i], rec, traces[i, r], contract))
            made = mine > 0
            ours = int(rec[X_D]) % 2 == k["asker"] % 2
            con, dfd = (us, them) if ours else (them, us)
            con, dfd = con + mine, dfd + theirs
            status = 1 if made and con >= 500 else 0 if con <= -500 else 1 if dfd <= -500 else -1
            if status >= 0:
                win += w * (status if ours else 1 - status)
            else:
                win += w * (lookup(con, dfd) if ours else lookup(dfd, con))
        action = "pass" if call == PASS else order_l[call].name
        row = answer.table.set_index("action").loc[action]
        assert row["p_win"] == pytest.approx(win / w_sum, abs=1.0 / PWIN_SCALE), action
