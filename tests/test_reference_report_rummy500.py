"""The Rummy 500 report's take table recomputed from the per-deal records of a small
survey: each deal number run alone gives the classified draw's cells (one per pile depth
taken, with its paired gain over the stock draw in score and in margin); each deal's table
size is checked against its number (``PLAYER_COUNTS[i mod 6]``) and the table's marginals,
means, standard errors, Wilson intervals and verdicts aggregated here in plain Python.
How a hand is played and scored is checked against the reference rules by
``tests/test_rummy500_play.py``."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from analyzer.games.rummy500 import survey as sv
from tests.records import per_deal_stats
from tests.reference.stats import Z95, wilson

DEALS, SEED = 300, 5


@pytest.fixture(scope="module")
def records():
    total, per = per_deal_stats(sv.run_survey, DEALS, SEED, (sv, "CHUNK"))
    rows, turns, branches = [], [], []
    for i in range(DEALS):
        played = np.argwhere(sv.LAYOUT.view(per[i], "turns"))
        assert len(played) == 1 and played[0][0] == i % len(sv.PLAYER_COUNTS)   # one hand, of its table size
        turns.append((sv.PLAYER_COUNTS[played[0][0]], int(played[0][1])))
        branch = sv.LAYOUT.view(per[i], "branch")
        assert branch[:, sv.B_DEALS].sum() == 1 and branch[played[0][0], sv.B_DEALS] == 1
        branches.append((sv.PLAYER_COUNTS[played[0][0]], *(int(branch[played[0][0], k]) for k in
                                                           (sv.B_ENDED, sv.B_BRANCHED, sv.B_NO_STOCK,
                                                            sv.B_POLICY_PILE, sv.B_ERR))))
        take = sv.LAYOUT.view(per[i], "take")
        for idx in np.argwhere(take[..., sv.T_N]):
            c = take[tuple(idx)]
            assert sv.PLAYER_COUNTS[idx[0]] == sv.PLAYER_COUNTS[i % len(sv.PLAYER_COUNTS)], i
            rows.append({**{f: sv.LABELS[f][k] for f, k in zip(sv.FEATURES, idx)},
                         **{name: int(c[k]) for name, k in (("n", sv.T_N), ("gain", sv.T_GAIN), ("gain2", sv.T_GAIN2),
                                                             ("margin", sv.T_MARGIN), ("margin2", sv.T_MARGIN2),
                                                             ("pos", sv.T_POS), ("policy", sv.T_POLICY))}})
    return total, pd.DataFrame(rows), pd.DataFrame(turns, columns=["players", "turns"]), \
        pd.DataFrame(branches, columns=["players", "ended", "branched", "no_stock", "policy_pile", "err"])


def mean_se(n, s1, s2):
    m = s1 / n
    return m, (math.sqrt(max(s2 - n * m * m, 0.0) / (n - 1) / n) if n > 1 else math.nan)


@pytest.mark.parametrize("by", [["players", "cards"], ["kind"], ["phase", "hand"]])
def test_take_table(records, by):
    total, recs, _, _ = records
    table = sv.take_table(total, by)
    groups = recs.groupby(by).sum(numeric_only=True).reset_index()
    assert len(table) == len(groups) > 1
    for _, g in groups.iterrows():
        row = table[np.logical_and.reduce([table[b] == g[b] for b in by])].iloc[0]
        n = g["n"]
        assert row["deals"] == n
        gain, gain_se = mean_se(n, g["gain"], g["gain2"])
        mg, mg_se = mean_se(n, g["margin"], g["margin2"])
        assert row["gain"] == pytest.approx(gain, abs=1e-9) and row["margin_gain"] == pytest.approx(mg, abs=1e-9)
        if n > 1:
            assert row["gain_se"] == pytest.approx(gain_se, abs=1e-9)
            assert row["verdict"] == ("take" if mg - Z95 * mg_se > 0 else "draw" if mg + Z95 * mg_se < 0 else "either")
        assert row["p_better"] == pytest.approx(g["pos"] / n, abs=1e-12)
        assert (row["p_better_lo"], row["p_better_hi"]) == pytest.approx(wilson(g["pos"], n), abs=1e-9)
        assert row["p_policy_takes"] == pytest.approx(g["policy"] / n, abs=1e-12)


def test_length_table(records):
    """P(the hand has ended by turn t) per table size from each deal's hand length."""
    total, _, turns, _ = records
    for _, row in sv.length_table(total).iterrows():
        g = turns[turns["players"] == row["players"]]
        assert row["hands"] == len(g)
        assert row["p_ended"] == pytest.approx((g["turns"] <= row["turn"]).mean(), abs=1e-12), row.to_dict()
        assert row["mean_turns"] == pytest.approx(g["turns"].mean(), abs=1e-9)


def test_branch_table(records):
    """Per table size: the deals, how many ended before the draw classified, how many
    branched, and P(the policy takes the pile), summed from the deals."""
    total, _, _, br = records
    for _, row in sv.branch_table(total).iterrows():
        g = br[br["players"] == row["players"]]
        assert row["deals"] == len(g) and row["ended_before_branch"] == g["ended"].sum()
        assert row["branched"] == g["branched"].sum() and row["stock_empty"] == g["no_stock"].sum()
        assert row["rule_violations"] == 0 == g["err"].sum()
        if row["branched"]:
            assert row["p_policy_takes_pile"] == pytest.approx(g["policy_pile"].sum() / g["branched"].sum())
