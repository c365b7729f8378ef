"""The Five Hundred report's tables recomputed from the per-deal records of a small survey:
each deal run alone (a chunk of one deal gives the class it was booked in and the tricks
of each play-out), the seat's hand classified again here by the reference rules from the
cards dealt (trumps with the bowers and the joker, the top trumps, side aces; the joker
and aces in no-trumps; high cards and short suits for misère), every record checked to
sit in that class, and the report's suit, no-trump, misère and kitty tables aggregated
here with pandas from the records, scored by the reference's Avondale schedule."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.games.five_hundred import survey
from analyzer.games.five_hundred.deck import table as table_of
from analyzer.games.five_hundred.rules import Options
from analyzer.sim.deal import _deal_into
from analyzer.sim.rng import stream_key
from tests.records import cell, per_deal_stats
from tests.reference import five_hundred as ref

DEALS, SEED = 1200, 4
TOP = {4: "JK", 2: "R", 1: "L"}


def text(tab, deck_id):
    s = tab.deck.format_cards([int(deck_id)])
    return "T" + s[2:] if s.startswith("10") else s


@pytest.fixture(scope="module")
def records():
    """(the survey's totals, one record per deal) for a small survey, each deal's record
    from its own one-deal chunk and the reference's reading of the hand dealt."""
    total, per = per_deal_stats(survey.run_survey, DEALS, SEED)
    tab = table_of(4)
    pool, counts, fixed, _, key0 = survey.survey_inputs(SEED, Options(), tab)
    buf, deal = np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64)
    rows = []
    for i in range(DEALS):
        v = survey.LAYOUT.unpack(per[i])
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, fixed, buf, deal)
        hand = [text(tab, d) for d in range(tab.deck.size) if (int(deal[1]) >> d) & 1]
        suit = "SCDH"[i % 4]
        trumps = sum(ref.effective_suit(c, suit) == suit for c in hand)
        top = sum(bit for bit, c in ((4, ref.JOKER), (2, "J" + suit), (1, "J" + ref.SAME_COLOUR[suit])) if c in hand)
        side_aces = sum("A" + s in hand for s in "SCDH" if s != suit)
        strain, k_trumps, k_top, k_aces, tricks = cell(v["suit"])
        assert (strain, k_trumps, k_top, k_aces) == ("SCDH".index(suit), trumps, top, side_aces), (i, hand)
        assert cell(v["suit_no_kitty"])[:4] == (strain, trumps, top, side_aces)
        joker, aces = int(ref.JOKER in hand), sum("A" + s in hand for s in "SCDH")
        nt = cell(v["nt"])
        assert nt[:2] == (joker, aces), (i, hand)
        high = joker + sum(c[:-1] in ("T", "J", "Q", "K", "A") for c in hand if c != ref.JOKER)
        short = sum(sum(1 for c in hand if c != ref.JOKER and c[-1] == s) <= 1 for s in "SCDH")
        mis = v["misere"]
        closed, opened = cell(mis[0]), cell(mis[1])
        assert closed[:2] == (high, short) and opened[:2] == (high, short), (i, hand)
        rows.append({"suit": suit, "trumps": trumps, "top_trumps": " ".join(TOP[b] for b in (4, 2, 1) if top & b)
                     or "none", "side_aces": side_aces, "tricks": tricks, "tricks_no_kitty": cell(v["suit_no_kitty"])[4],
                     "joker": bool(joker), "aces": aces, "nt_tricks": nt[2], "high_cards": high, "short_suits": short,
                     "mis_tricks": closed[2], "open_tricks": opened[2]})
    return total, pd.DataFrame(rows)


def levels(group: pd.DataFrame, strain_of, tricks_col="tricks") -> dict:
    out = {"deals": len(group), "mean_tricks": group[tricks_col].mean()}
    for level in range(6, 11):
        out[f"p{level}"] = (group[tricks_col] >= level).mean()
        scores = [ref.score(f"{level}{strain_of(r)}", int(r[tricks_col])) for _, r in group.iterrows()]
        out[f"ev{level}"] = float(np.mean([a - b for a, b in scores]))
    return out


def same(table: pd.DataFrame, mine: pd.DataFrame, keys: list[str], cols: list[str]):
    merged = table.merge(mine, on=keys, suffixes=("", "_ref"), how="outer", indicator=True)
    assert (merged["_merge"] == "both").all(), merged[merged["_merge"] != "both"][keys]
    for c in cols:
        assert np.allclose(merged[c], merged[f"{c}_ref"], atol=1e-9), c


@pytest.mark.parametrize("by", [["trumps", "top_trumps"], ["side_aces"], ["suit", "trumps"]])
def test_suit_tables(records, by):
    total, recs = records
    mine = pd.DataFrame([{**dict(zip(by, key if isinstance(key, tuple) else (key,))),
                          **levels(g, lambda r: r["suit"])} for key, g in recs.groupby(by)])
    cols = ["deals", "mean_tricks"] + [f"{p}{lv}" for lv in range(6, 11) for p in ("p", "ev")]
    same(survey.suit_table(total, by), mine, by, cols)


def test_nt_misere_and_kitty_tables(records):
    total, recs = records
    mine = pd.DataFrame([{"joker": j, "aces": a, **levels(g, lambda r: "NT", "nt_tricks")}
                         for (j, a), g in recs.groupby(["joker", "aces"])])
    same(survey.nt_table(total), mine, ["joker", "aces"],
         ["deals", "mean_tricks"] + [f"{p}{lv}" for lv in range(6, 11) for p in ("p", "ev")])
    rows = []
    for name, col, contract in (("misère", "mis_tricks", "MIS"), ("open misère", "open_tricks", "OPENMIS")):
        for (high, short), g in recs.groupby(["high_cards", "short_suits"]):
            rows.append({"contract": name, "high_cards": high, "short_suits": short, "deals": len(g),
                         "p_make": (g[col] == 0).mean(), "mean_tricks": g[col].mean(),
                         "ev": float(np.mean([ref.score(contract, int(t))[0] for t in g[col]]))})
    same(survey.misere_table(total), pd.DataFrame(rows), ["contract", "high_cards", "short_suits"],
         ["deals", "p_make", "mean_tricks", "ev"])
    by = ["trumps"]
    kit = recs.groupby(by).agg(deals=("tricks", "size"), mean_tricks=("tricks", "mean"),
                               mean_tricks_no_kitty=("tricks_no_kitty", "mean")).reset_index()
    kit["kitty_gain"] = kit["mean_tricks"] - kit["mean_tricks_no_kitty"]
    same(survey.kitty_table(total, by), kit, by, ["deals", "mean_tricks", "mean_tricks_no_kitty", "kitty_gain"])


def test_bid_ladder(records):
    """The best suit level of each class is the level of highest reference EV (pass when
    none is positive)."""
    total, recs = records
    by = ["trumps", "top_trumps"]
    ladder = survey.bid_ladder(total, by)
    for _, row in ladder.iterrows():
        g = recs[(recs["trumps"] == row["trumps"]) & (recs["top_trumps"] == row["top_trumps"])]
        evs = levels(g, lambda r: r["suit"])
        best = max(range(6, 11), key=lambda lv: evs[f"ev{lv}"])
        assert row["best"] == ("pass" if evs[f"ev{best}"] < 0 else str(best)), row[by].tolist()
    assert len(ladder) == recs.groupby(by).ngroups


def test_double_dummy_section(records):
    """The double-dummy section on the first deals of the same survey: each deal run alone
    (solved double-dummy and played by the heuristic players) sits in the class the
    reference reads from its cards (the records above, deal by deal); the double-dummy
    P(make) and EV by the reference schedule, and the mean of dd - heuristic tricks,
    aggregated here."""
    from analyzer.games.five_hundred import survey_dd
    _, recs = records
    n_dd = 40
    total, per = per_deal_stats(survey_dd.run_survey_dd, n_dd, SEED, (survey_dd, "DD_CHUNK"))
    rows = []
    for i in range(n_dd):
        v = survey_dd.DD_LAYOUT.unpack(per[i])
        strain, trumps, top, aces, dd = cell(v["suit"])
        mine = recs.iloc[i]
        assert ("SCDH"[strain], trumps, top_label(top), aces) == (mine["suit"], mine["trumps"], mine["top_trumps"],
                                                                  mine["side_aces"]), i
        n, d, _ = (int(x) for x in v["suit_diff"][strain, trumps, top, aces])
        assert n == 1 and d == dd - mine["tricks"]          # the heuristic's tricks: the main survey's, same deal
        rows.append({"suit": mine["suit"], "trumps": trumps, "top_count": bin(top).count("1"), "tricks": dd,
                     "diff": d})
    rows = pd.DataFrame(rows)
    by = ["trumps", "top_count"]
    mine = pd.DataFrame([{**dict(zip(by, key)), **levels(g, lambda r: r["suit"])} for key, g in rows.groupby(by)])
    same(survey_dd.dd_suit_table(total, by), mine, by,
         ["deals", "mean_tricks"] + [f"{p}{lv}" for lv in range(6, 11) for p in ("p", "ev")])
    diff = survey_dd.difference_table(total, by)
    for _, row in diff.iterrows():
        g = rows[(rows["trumps"] == row["trumps"]) & (rows["top_count"] == row["top_count"])]
        assert row["deals"] == len(g) and row["dd_minus_heuristic"] == pytest.approx(g["diff"].mean(), abs=1e-9)


def top_label(top: int) -> str:
    return " ".join(TOP[b] for b in (4, 2, 1) if top & b) or "none"
