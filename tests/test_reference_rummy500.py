"""Rummy 500's ``take`` and ``discard`` tables recomputed from their deals one by one: the
run's own kernel over each single deal (``questions.position_kernel``, deal i..i) gives
that deal's result for every option (your score, your margin over the best opponent,
whether you went out, the game won); the table's columns are then aggregated here in
plain Python (means, standard errors, Wilson intervals, the paired differences from the
stock draw).  How a hand is played and scored is checked against the reference rules by
``tests/test_rummy500_play.py`` (every play-out replayed: cards conserved, melds valid,
points adding up)."""

from __future__ import annotations

import pytest

from analyzer.games.rummy500 import play as P
from analyzer.games.rummy500 import questions as Q
from tests.reference.stats import mean_se, wilson

def per_deal(question, kw, deals, seed):
    """The answer and, per option, the list of each deal's (score, margin, out, win)."""
    answer = getattr(Q, question)(deals=deals, seed=seed, threads=1, **kw)
    pos = Q.parse_position(kw["hand"], kw.get("pile", ""), kw.get("table"), kw.get("players", 4), kw.get("held"),
                           kw.get("scores"), None, (), question)
    taken = kw.get("taken")
    options = Q.take_options(pos) if question == "take" else Q.discard_options(pos, taken)
    chunk, layout = Q.position_kernel(pos, options, P.OPT_DRAW if question == "take" else P.OPT_DISCARD, seed)
    out = [[] for _ in options]
    for i in range(deals):
        st = layout.unpack(chunk(i, 1))["opt"]
        for o in range(len(options)):
            assert st[o, P.PS_N] == 1 and st[o, P.PS_ERR] == 0
            out[o].append((int(st[o, P.PS_SCORE]), int(st[o, P.PS_MARGIN]), int(st[o, P.PS_OUT]),
                           int(st[o, P.PS_WIN])))
    return answer, options, out


@pytest.mark.parametrize("question, kw", [
    ("take", dict(hand="KS KH KD 4C 9D 2H 7S", pile="KC 3D 8C", players=3)),
    ("take", dict(hand="5H 6H 9C", pile="7H 8S", table="TS JS QS; 2D 3D 4D", players=2, held="3", scores="400,420")),
    ("discard", dict(hand="5H 6H 9C 2S KD QC 4D 7C", pile="3S", players=4)),
])
def test_position_table_is_the_aggregate_of_its_deals(question, kw):
    answer, options, deals = per_deal(question, kw, 120, 9)
    t = answer.table.set_index("action")
    base = deals[0]
    for o, rec in enumerate(options):
        row = t.loc[rec["action"]]
        scores, margins, outs, wins = zip(*deals[o])
        n = len(scores)
        assert row["deals"] == n
        m, se = mean_se(scores)
        assert row["mean_score"] == pytest.approx(m, abs=1e-9) and row["score_se"] == pytest.approx(se, abs=1e-9)
        m, se = mean_se(margins)
        assert row["mean_margin"] == pytest.approx(m, abs=1e-9) and row["margin_se"] == pytest.approx(se, abs=1e-9)
        assert row["p_out"] == pytest.approx(sum(outs) / n, abs=1e-12)
        assert (row["p_out_lo"], row["p_out_hi"]) == pytest.approx(wilson(sum(outs), n), abs=1e-9)
        if "scores" in kw:
            assert row["p_win"] == pytest.approx(sum(wins) / n, abs=1e-12)
        if question == "take":                       # paired with the stock draw, deal by deal
            d, d_se = mean_se([a[1] - b[1] for a, b in zip(deals[o], base)])
            assert row["margin_vs_stock"] == pytest.approx(d, abs=1e-9)
            assert row["margin_vs_stock_se"] == pytest.approx(d_se, abs=1e-9)
            d, _ = mean_se([a[0] - b[0] for a, b in zip(deals[o], base)])
            assert row["gain_vs_stock"] == pytest.approx(d, abs=1e-9)
