"""The Euchre report's ordering-up and calling tables recomputed from the per-deal records
of a small survey: each deal run alone gives, where the decision was reached, the class it
was booked in and each action's outcome; the class is read again here from the cards
dealt by the reference rules (trumps with the left bower, the bowers, outside aces, the
upcard; in round two the policy's suit), each outcome scored by the reference scoring,
and the tables aggregated with pandas (P(make), EV per action, the paired gains)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.games.euchre import survey as sv
from analyzer.games.euchre.deck import DECKS, nat_bits
from analyzer.sim.deal import _deal_into
from analyzer.sim.rng import stream_key
from tests.records import per_deal_stats
from tests.reference import euchre as ref
from tests.test_reference_euchre import cards_of, reference_card

DEALS, SEED = 1500, 6
# the reference's points of each outcome (scoring.OUTCOMES order) from your side
REF_POINTS = []
for ours in (True, False):
    for tricks, alone in ((3, False), (5, False), (5, True), (0, False)):
        mine, theirs = ref.score(tricks, alone)
        REF_POINTS.append((mine - theirs) if ours else (theirs - mine))
REF_POINTS.append(0)                                    # a redeal


@pytest.fixture(scope="module")
def records():
    total, per = per_deal_stats(sv.run_survey, DEALS, SEED)
    return total, read_records(per, DEALS)


@pytest.fixture(scope="module")
def dd_records():
    """The report's double-dummy run of the first deals: its dd half, deal by deal."""
    total, per = per_deal_stats(sv.run_survey_dd, DD_DEALS, SEED)
    return sv.split_dd(total)[0], read_records({i: sv.split_dd(s)[0] for i, s in per.items()}, DD_DEALS)


DD_DEALS = 150


def read_records(per, deals) -> pd.DataFrame:
    """One row per deal, game and decision reached: the class (checked against the
    reference's reading of the cards), each action's outcome scored by the reference."""
    pool = np.array(nat_bits(DECKS[sv.DECK_SIZE]), np.int64)
    rows = []
    for n in sv.PLAYERS:
        counts = np.array([1] + [5] * n + [sv.DECK_SIZE - 1 - 5 * n], np.int64)
        buf, deal = np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64)
        fixed = np.zeros(counts.shape[0], np.uint64)
        for i in range(deals):
            v = sv.LAYOUT.unpack(per[i])
            _deal_into(np.uint64(stream_key(sv._game_key(SEED, n), np.int64(i))), pool, counts, fixed, buf, deal)
            hand = cards_of(deal[1])
            up = reference_card(int(deal[0]).bit_length() - 1)
            for decision in sv.DECISIONS:
                cells = np.argwhere(v[f"{decision}{n}"])
                if not len(cells):
                    continue
                klass = {tuple(int(x) for x in c[:5]) for c in cells}
                assert len(klass) == 1 and len(cells) == len(sv.actions(n, decision))
                pos, tr, bw, ac, x = klass.pop()
                trump = up[1] if decision == "order" else ref.SUITS[_called_suit(cells, v, n, pos, hand, up)]
                want = (i & (n - 1), sum(ref.is_trump(c, trump) for c in hand),
                        2 * ((11, trump) in hand) + ((11, ref.SAME_COLOUR[trump]) in hand),
                        sum((14, s) in hand for s in ref.SUITS if s != trump))
                assert (pos, tr, bw, ac) == want, (n, i, decision, hand, up)
                if decision == "order":
                    assert sv.UP_RANKS[x] == "9TJQKA"[up[0] - 9]
                else:
                    assert sv.KINDS[x] == ("next" if trump == ref.SAME_COLOUR[up[1]] else "cross")
                outcome = {int(c[5]): int(c[6]) for c in cells}
                strength = {tuple(int(x) for x in c[:2]) for c in np.argwhere(v[f"{decision}{n}_strength"])}
                assert len(strength) == 1 and strength.pop()[0] == pos     # one strength bin, the same seat
                bin_ = int(np.argwhere(v[f"{decision}{n}_strength"])[0][1])
                rows.append({"players": n, "decision": decision, "seat": pos + 1, "trumps": tr, "bin": bin_,
                             "bowers": sv.BOWERS[bw], "aces": ac,
                             **{f"pts_{a}": REF_POINTS[outcome[a]] for a in outcome},
                             **{f"made_{a}": outcome[a] <= 2 for a in outcome}})
    return pd.DataFrame(rows)


def _called_suit(cells, v, n, pos, hand, up) -> int:
    """Round two's suit is the policy's (``bidding.best_suit``); the class says whether it
    is next or cross, the trumps, bowers and outside aces in it: a suit of the three callable that
    fits them (there is one: else the class is wrong; two that fit give the same class)."""
    tr, bw, ac = int(cells[0][1]), int(cells[0][2]), int(cells[0][3])
    kind = sv.KINDS[int(cells[0][4])]
    fits = [ref.SUITS.index(s) for s in ref.SUITS if s != up[1]
            and ("next" if s == ref.SAME_COLOUR[up[1]] else "cross") == kind
            and sum(ref.is_trump(c, s) for c in hand) == tr
            and 2 * ((11, s) in hand) + ((11, ref.SAME_COLOUR[s]) in hand) == bw
            and sum((14, o) in hand for o in ref.SUITS if o != s) == ac]
    assert fits, (hand, up, tr, bw, kind)
    return fits[0]


@pytest.mark.parametrize("n, decision, by", [(4, "order", ["seat", "trumps"]), (2, "order", ["bowers", "aces"]),
                                             (4, "call", ["trumps"]), (2, "call", ["trumps", "aces"])])
def test_decision_tables(records, n, decision, by):
    total, recs = records
    recs = recs[(recs["players"] == n) & (recs["decision"] == decision)]
    names = sv.actions(n, decision)
    table = sv.decision_table(total, n, decision, by, min_deals=1)
    assert len(table) == recs.groupby(by).ngroups > 1
    for _, row in table.iterrows():
        g = recs[np.logical_and.reduce([recs[b] == row[b] for b in by])]
        assert row["deals"] == len(g)
        for a, name in enumerate(names):
            assert row[f"ev_{name}"] == pytest.approx(g[f"pts_{a}"].mean(), abs=1e-9), (name, row[by].tolist())
        assert row["p_make"] == pytest.approx(g["made_1"].mean(), abs=1e-12)
        d = g["pts_1"] - g["pts_0"]
        assert row["gain"] == pytest.approx(d.mean(), abs=1e-9)
        if len(g) > 1:
            assert row["gain_se"] == pytest.approx(d.std(ddof=1) / np.sqrt(len(g)), abs=1e-9)
        if n == 4:
            assert row["gain_alone"] == pytest.approx((g["pts_2"] - g["pts_1"]).mean(), abs=1e-9)


def test_reach_table(records):
    """Per game and seat: the deals numbered for it (deal i is seat 1 + i mod n's), and how
    many reached each decision (the records' decisions)."""
    total, recs = records
    table = sv.reach_table(total)
    for _, row in table.iterrows():
        n, seat = int(row["players"]), int(row["seat"])
        assert row["deals"] == sum(1 for i in range(DEALS) if i % n == seat - 1)
        mine = recs[(recs["players"] == n) & (recs["seat"] == seat)]
        assert row["order_reached"] == (mine["decision"] == "order").sum()
        assert row["call_reached"] == (mine["decision"] == "call").sum()


def test_strength_table(records):
    """The gain of making over passing (and alone over with a partner) by the policy's
    strength: each reached deal's paired gain from the reference's points, by its bin."""
    total, recs = records
    table = sv.strength_table(total, min_deals=1)
    comps = {"order vs pass": (1, 0), "call vs pass": (1, 0), "alone vs order": (2, 1), "alone vs call": (2, 1)}
    checked = 0
    for _, row in table.iterrows():
        a, b = comps[row["comparison"]]
        g = recs[(recs["players"] == row["players"]) & (recs["decision"] == row["decision"]) &
                 (recs["seat"] == row["seat"]) & (recs["bin"] == row["strength"] + sv.S_OFF)]
        d = g[f"pts_{a}"] - g[f"pts_{b}"]
        assert row["deals"] == len(g) and row["gain"] == pytest.approx(d.mean(), abs=1e-9), row.to_dict()
        checked += 1
    assert checked > 20


def test_threshold_table(records):
    """The break-even strength: of the rules "act iff strength >= T" (T from the lowest
    strength seen to one past the highest), the one whose summed gain over the reached
    deals is largest (the lowest such T), computed here from each deal's paired gain."""
    total, recs = records
    table = sv.threshold_table(total, min_deals=1)
    comps = {"order vs pass": (1, 0), "call vs pass": (1, 0), "alone vs order": (2, 1), "alone vs call": (2, 1)}
    checked = 0
    for _, row in table.iterrows():
        g = recs[(recs["players"] == row["players"]) & (recs["decision"] == row["decision"]) &
                 (recs["seat"] == row["seat"])]
        if not len(g):
            continue
        a, b = comps[row["comparison"]]
        strength = g["bin"] - sv.S_OFF
        gain = g[f"pts_{a}"] - g[f"pts_{b}"]
        candidates = range(int(strength.min()), int(strength.max()) + 2)
        sums = {t: gain[strength >= t].sum() for t in candidates}
        best = max(candidates, key=lambda t: (sums[t], -t))
        assert row["deals"] == len(g)
        assert row["break_even"] == best, (row.to_dict(), sums)
        assert row["gain_per_deal"] == pytest.approx(sums[best] / len(g), abs=1e-9)
        assert row["p_act"] == pytest.approx((strength >= best).mean(), abs=1e-12)
        assert row["p_act_policy"] == pytest.approx((strength >= row["policy_threshold"]).mean(), abs=1e-12)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("n, decision", [(4, "order"), (2, "call")])
def test_double_dummy_decision_tables(dd_records, n, decision):
    """The report's double-dummy section: the same tables with the tricks solved
    double-dummy, recomputed from the dd run's deals one by one."""
    total, recs = dd_records
    recs = recs[(recs["players"] == n) & (recs["decision"] == decision)]
    by = ["trumps"]
    table = sv.decision_table(total, n, decision, by, min_deals=1)
    assert len(table) == recs.groupby(by).ngroups > 1
    for _, row in table.iterrows():
        g = recs[recs["trumps"] == row["trumps"]]
        assert row["deals"] == len(g)
        for a, name in enumerate(sv.actions(n, decision)):
            assert row[f"ev_{name}"] == pytest.approx(g[f"pts_{a}"].mean(), abs=1e-9), name
        assert row["gain"] == pytest.approx((g["pts_1"] - g["pts_0"]).mean(), abs=1e-9)
