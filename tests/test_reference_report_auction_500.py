"""The Five Hundred report's auction section: its table of the contracts self-play ends in
recomputed from the self-play deals one by one.  Each deal run alone gives the contract,
the side that played it and its tricks; whether it was made is decided here by the
reference's scoring, and the shares, P(make) and mean tricks aggregated in plain Python."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer.games.five_hundred.auction import contract_of
from analyzer.games.five_hundred.rules import Options
from analyzer.report import five_hundred as report_500
from analyzer.report.writer import ReportWriter
from analyzer.sim import runner
from tests.reference import five_hundred as ref

DEALS, SEED = 800, 7


def test_auction_contracts(tmp_path, monkeypatch, charts_not_saved, small_equity_grid):
    from analyzer.games.five_hundred import equity
    per_deal = []
    real = runner.run_chunks

    runs = []

    def one_by_one(chunk_fn, n_deals, **kw):       # the contracts' run (the first of self-play deals)
        if kw.get("desc") == "deals" and not runs:
            runs.append(n_deals)
            kw["chunk_size"] = 1
            inner = kw.get("on_chunk")

            def keep(index, stats):
                per_deal.append((index, stats.copy()))
                if inner is not None:
                    inner(index, stats)
            kw["on_chunk"] = keep
        return real(chunk_fn, n_deals, **kw)

    monkeypatch.setattr(runner, "run_chunks", one_by_one)
    monkeypatch.setattr(equity, "DEFAULT_DEALS", 2000)
    writer = ReportWriter(str(tmp_path))
    report_500.build_auction_section(writer, DEALS, SEED, threads=2)
    table = pd.read_parquet(tmp_path / "auction_contracts.parquet")
    assert runs == [DEALS] and len(per_deal) == DEALS
    recs, thrown = [], 0
    for _, stats in per_deal:
        cells = np.argwhere(stats[:2])
        if not len(cells):
            thrown += 1
            continue
        (side, i, tricks), = [tuple(int(x) for x in c) for c in cells]
        name = contract_of(i, Options()).name              # the kernel books by ladder index
        recs.append({"contract": name, "side": ("dealer's side", "other side")[side], "tricks": tricks,
                     "made": ref.score(name, tricks)[0] > 0})
    recs = pd.DataFrame(recs)
    assert len(table) == recs.groupby(["contract", "side"]).ngroups
    for _, row in table.iterrows():
        g = recs[(recs["contract"] == row["contract"]) & (recs["side"] == row["side"])]
        assert row["deals"] == len(g)
        assert row["p_contract"] == pytest.approx(len(g) / DEALS, abs=1e-12)
        assert row["p_make"] == pytest.approx(g["made"].mean(), abs=1e-12), row["contract"]
        assert row["mean_tricks"] == pytest.approx(g["tricks"].mean(), abs=1e-9)
