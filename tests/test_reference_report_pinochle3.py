"""The three-handed Pinochle report (``survey3``) recomputed deal by deal: each deal dealt
again from its stream, the classified seat (index mod 3) classified here (its meld in
the trump its policy values most, that suit's length, its aces), made the bidder with
the kernel's play-out (``bidder_total3``), and the self-play hand's auction run by a
plain-Python auction (bid the next bid while at most value - margin; the eldest opens at
the minimum rather than pass before a bid), then conceded or played and settled; the
tables' probabilities, means and counts aggregated with pandas."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.games.pinochle import survey3 as sv
from analyzer.games.pinochle.bidding import DEFAULT_CONCEDE3, DEFAULT_POLICY3, P_MARGIN, valuation
from analyzer.games.pinochle.deck import LANE
from analyzer.games.pinochle.meld import meld_points
from analyzer.games.pinochle.play import ACES, TRACE_COLS, bidder_total3, named_trump3
from analyzer.games.pinochle.scoring import unit_value
from analyzer.games.pinochle.survey import MELD_EDGES, MELD_LABELS
from analyzer.sim.deal import _deal_into
from analyzer.sim.rng import stream_key
from tests.reference.stats import wilson
from tests.test_pinochle_three import _auction_reference

DEALS, SEED = 600, 3


def _auction(values, ladder, margin):
    """The policy's auction from the eldest (``test_pinochle_three._auction_reference``):
    (bidder, ladder index)."""
    return _auction_reference(values, 0, -1, -1, 0, ladder, margin, True)


@pytest.fixture(scope="module")
def survey():
    run = sv.run_survey3(DEALS, SEED, threads=2)
    rules4, vals4, key0, pool, reuse, bids, units, mult = sv.survey3_inputs(SEED)
    ladder = [int(b) for b in bids]
    margin = DEFAULT_POLICY3[P_MARGIN]
    counts = np.array([3, 15, 15, 15], np.int64)
    buf, deal = np.empty(pool.shape[0], np.int64), np.empty(4, np.uint64)
    hands, trace, v4 = np.empty(3, np.uint64), np.empty((1, TRACE_COLS), np.int64), np.empty(4)
    rows, hands_played = [], []
    for i in range(DEALS):
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, np.zeros(4, np.uint64), buf, deal)
        values = []
        for s in range(3):
            valuation(np.uint64(deal[1 + s]), DEFAULT_POLICY3, False, v4)
            values.append(float(v4.max()))
        s = i % 3
        mine = np.uint64(deal[1 + s])
        valuation(mine, DEFAULT_POLICY3, False, v4)
        tv = int(np.argmax(v4))
        meld = int(meld_points(mine, np.int64(tv), False))
        band = max(k for k in range(len(MELD_EDGES)) if meld >= MELD_EDGES[k])
        full = np.uint64(mine | deal[0])
        t = named_trump3(rules4, full, False)
        total, m, bp, limit = bidder_total3(rules4[t], vals4[t], t, full, np.uint64(deal[1 + (s + 1) % 3]),
                                            np.uint64(deal[1 + (s + 2) % 3]), False, hands, trace, DEFAULT_CONCEDE3)
        rows.append({"meld": MELD_LABELS[band], "trumps": bin(int(mine & LANE[tv])).count("1"),
                     "aces": bin(int(mine & ACES)).count("1"), "total": int(total), "limit": float(limit),
                     "value": np.floor(values[s] + 0.5), "meld_after": int(m)})
        b, k = _auction(values, ladder, margin)
        full = np.uint64(deal[1 + b] | deal[0])
        t = named_trump3(rules4, full, False)
        total, _, _, limit = bidder_total3(rules4[t], vals4[t], t, full, np.uint64(deal[1 + (b + 1) % 3]),
                                           np.uint64(deal[1 + (b + 2) % 3]), False, hands, trace, DEFAULT_CONCEDE3)
        u = unit_value(ladder[k], trump=t)
        forced = b == 0 and k == 0 and values[0] - margin < ladder[0]
        conceded = not forced and ladder[k] > limit
        made = not forced and not conceded and total >= ladder[k]
        hands_played.append({"seat": b + 1, "bid": ladder[k], "forced": forced, "conceded": conceded, "made": made,
                             "units": 0 if forced else (-u if conceded else (u if made else -2 * u))})
    return run.stats, pd.DataFrame(rows), pd.DataFrame(hands_played)


def test_success_by_meld(survey):
    flat, deals, _ = survey
    table = sv.success3_table(flat, ["meld"], 1).set_index("meld")
    for band, g in deals.groupby("meld"):
        row = table.loc[band]
        assert row["deals"] == len(g)
        for level in (300, 350, 400):
            k = int((g["total"] >= level).sum())
            assert row[f"p{level}"] == pytest.approx(k / len(g))
            assert (row[f"p{level}_lo"], row[f"p{level}_hi"]) == pytest.approx(wilson(k, len(g)))
        assert row["mean_total"] == pytest.approx(g["total"].mean())
        assert row["mean_value"] == pytest.approx(g["value"].mean())
        assert row["mean_meld_after"] == pytest.approx(g["meld_after"].mean())


def test_ladder_concessions_by_trumps(survey):
    flat, deals, _ = survey
    ladder = sv.ladder3_table(flat, ["trumps"], 1)
    for (trumps, bid), row in ladder.set_index(["trumps", "bid"]).iloc[::7].iterrows():
        g = deals[deals["trumps"] == trumps]
        assert row["p_make"] == pytest.approx((g["total"] >= bid).mean())
        # the limit is binned by 10: he plays at B when floor(limit / 10) >= B / 10
        assert row["p_concede"] == pytest.approx((np.floor(g["limit"] / 10) < bid // 10).mean())


def test_auction(survey):
    flat, _, hands = survey
    overall = sv.auction3_table(flat, []).iloc[0]
    assert overall["deals"] == DEALS and sv.redeal_share(flat) == 0
    for name in ("forced", "conceded", "made"):
        assert overall[f"p_{name}"] == pytest.approx(hands[name].mean())
    assert overall["mean_units"] == pytest.approx(hands["units"].mean())
    by_seat = sv.auction3_table(flat, ["seat"]).set_index("seat")
    for seat, g in hands.groupby("seat"):
        assert by_seat.loc[seat, "deals"] == len(g) and by_seat.loc[seat, "p_made"] == pytest.approx(g["made"].mean())


def test_report_files_and_players(tmp_path, capsys):
    from analyzer.cli.main import main
    from analyzer.report.build import write_report

    out = tmp_path / "p3"
    summary = write_report("pinochle", 3000, str(out), seed=1, threads=2, players=3)
    names = {f.split(".")[0] for f in summary["files"]}
    assert {"success_by_meld", "ladder_by_meld", "auction", "auction_by_bid"} <= names
    text = (out / "README.md").read_text()
    assert "three-handed" in text and "**players:** 3" in text

    def run(*args):
        try:
            return main(list(args))
        except SystemExit as e:
            return e.code

    assert run("report", "--check", str(out)) == 0
    capsys.readouterr()
    code = run("report", "pinochle", "--players", "5", "--out", str(tmp_path / "x"))
    _, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1
