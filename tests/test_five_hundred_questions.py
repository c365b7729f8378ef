"""The bid question is a pure function of (hand, parameters, seed, deals): the same on
one thread or two and whatever the chunk size."""

from functools import partial

import pandas as pd

from analyzer.games.five_hundred import questions
from analyzer.sim import runner

HAND = "JK JH AH KH 9H 7H AS KS QC 8D"
DEALS = 3000


def run_bid(monkeypatch, threads, chunk_size, seed=7):
    """questions.bid with the runner's chunk size set; checks the chunks really ran."""
    chunks = []

    def run_chunks(chunk_fn, n_deals, **kw):
        def counted(start, n):
            chunks.append((start, n))
            return chunk_fn(start, n)
        return runner.run_chunks(counted, n_deals, **kw)

    monkeypatch.setattr(questions, "run_chunks", partial(run_chunks, chunk_size=chunk_size))
    answer = questions.bid(HAND, deals=DEALS, seed=seed, threads=threads, over="7S")
    assert sorted(chunks) == runner.chunk_bounds(DEALS, chunk_size)
    return answer


def test_same_seed_same_table_on_one_or_two_threads_and_any_chunking(monkeypatch):
    one = run_bid(monkeypatch, 1, 500)
    two = run_bid(monkeypatch, 2, 500)
    other_chunks = run_bid(monkeypatch, 2, 777)
    single_chunk = run_bid(monkeypatch, 1, 8192)
    for answer in (one, two, other_chunks, single_chunk):
        assert answer.meta["deals"] == DEALS
    for answer in (two, other_chunks, single_chunk):
        pd.testing.assert_frame_equal(one.table, answer.table, check_exact=True)
        pd.testing.assert_frame_equal(one.extra["distribution"], answer.extra["distribution"], check_exact=True)
        assert one.best == answer.best and one.recommendation == answer.recommendation
    # a different seed gives different (if similar) results: the comparison is not vacuous
    other_seed = run_bid(monkeypatch, 2, 500, seed=8)
    assert not one.table["p_make"].equals(other_seed.table["p_make"])


def test_bid_table_is_consistent(monkeypatch):
    answer = run_bid(monkeypatch, 2, 1000)
    t = answer.table.set_index("action")
    dist = answer.extra["distribution"]
    # each level's success probability is the tail of the strain's trick distribution
    for level in range(6, 11):
        assert abs(t.loc[f"{level}H", "p_make"] - dist.loc["♥", level:].sum()) < 1e-12
    assert abs(t.loc["MIS", "p_make"] - dist.loc["misère", 0]) < 1e-12
    # harder contracts in one strain never make more often
    assert list(t.loc[[f"{lv}H" for lv in range(6, 11)], "p_make"]) == sorted(
        t.loc[[f"{lv}H" for lv in range(6, 11)], "p_make"], reverse=True)
    # over 7S: 6-level bids and 7S itself are not allowed; misère is (a 7 has been bid)
    assert not t.loc["6NT", "allowed"] and not t.loc["7S", "allowed"]
    assert t.loc["7C", "allowed"] and t.loc["MIS", "allowed"] and t.loc["OPENMIS", "allowed"]
    # a hearts hand with the joker and both top bowers makes 7H nearly always
    assert t.loc["7H", "p_make"] > 0.9 and t.loc["MIS", "p_make"] < 0.05
