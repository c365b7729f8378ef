"""The ``lead`` tables of Five Hundred, Euchre and Pinochle aggregated in plain Python from
their deals one by one: the run's own chunk over each single deal gives that deal's
success and tricks (or trick points) for every lead; P(make), its Wilson interval, the
mean and its standard error, and the paired differences from the best lead are computed
here and must equal the table's.  (The play of each lead is the play model's, checked
against the reference rules by each game's play tests.)"""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.sim import examples as shared
from analyzer.sim import leads
from tests.records import capture_kwargs
from tests.reference.stats import Z95, mean_se, wilson

def ask(game):
    if game == "five-hundred":
        from analyzer.games.five_hundred.questions import lead
        return lead("JK JH JD AH KH TH AS KS 7C 5D", "8H", deals=150, seed=1, play="heuristic", examples=1)
    if game == "five-hundred misère":
        from analyzer.games.five_hundred.questions import lead
        return lead("4H 5H 6H 5C 6C 7C 5S 6S 8D 9D", "MIS", deals=150, seed=2, play="heuristic", examples=1)
    if game == "euchre":
        from analyzer.games.euchre.questions import lead
        return lead("JH JD AH 9S KC", "H", 2, players=4, deals=150, seed=1, play="heuristic", examples=1)
    from analyzer.games.pinochle.questions import lead
    return lead("AS TS KS QS JS QS JD KD QD 9H AC AC", "S", deals=150, seed=1, play="heuristic", examples=1)


@pytest.mark.parametrize("game", ["five-hundred", "five-hundred misère", "euchre", "pinochle"])
def test_lead_table_is_the_aggregate_of_its_deals(monkeypatch, game):
    seen = capture_kwargs(monkeypatch, shared, "lead_examples")
    answer = ask(game)
    chunk, labels = seen["chunk"], seen["labels"]
    nl = len(labels)
    ok, got = [], []
    for i in range(150):
        sums, _, _ = leads.unpack(chunk(i, 1), nl)
        ok.append(sums[:, 0])
        got.append(sums[:, 1])
    ok, got = np.array(ok), np.array(got)
    t = answer.table.set_index("lead")
    p_col = "p_make" if "p_make" in t else "p_success"
    m_col = "mean_tricks" if "mean_tricks" in t else "mean_points"
    best = labels.index(answer.table.iloc[0]["lead"])
    n = len(ok)
    for j, label in enumerate(labels):
        row = t.loc[label]
        k = ok[:, j].sum()
        assert row[p_col] == pytest.approx(k / n, abs=1e-12), label
        assert (row[f"{p_col}_lo"], row[f"{p_col}_hi"]) == pytest.approx(wilson(k, n), abs=1e-9), label
        m, se = mean_se(list(got[:, j]))
        assert row[m_col] == pytest.approx(m, abs=1e-9) and row[f"{m_col}_se"] == pytest.approx(se, abs=1e-9), label
        d, d_se = mean_se(list(ok[:, j] - ok[:, best]))
        assert row["vs_best"] == pytest.approx(d, abs=1e-9), label
        assert (row["vs_best_lo"], row["vs_best_hi"]) == pytest.approx((d - Z95 * d_se, d + Z95 * d_se), abs=1e-9)
        vs = [c for c in ("tricks_vs_best", "points_vs_best") if c in t]
        assert len(vs) == 1
        d, d_se = mean_se(list(got[:, j] - got[:, best]))
        assert row[vs[0]] == pytest.approx(d, abs=1e-9), label
        if f"{vs[0]}_se" in t:
            assert row[f"{vs[0]}_se"] == pytest.approx(d_se, abs=1e-9), label
        else:                                         # Pinochle gives the interval
            assert row[f"{vs[0]}_hi"] == pytest.approx(d + Z95 * d_se, abs=1e-9), label
