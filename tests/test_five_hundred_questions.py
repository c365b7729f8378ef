"""The bid question is a pure function of (hand, parameters, seed, deals): the same on
one thread or two and whatever the chunk size."""

import pandas as pd

from analyzer.games.five_hundred import questions
from analyzer.sim import runner
from tests.chunking import record_chunks

HAND = "JK JH AH KH 9H 7H AS KS QC 8D"
DEALS = 3000


def run_bid(monkeypatch, threads, chunk_size, seed=7):
    """questions.bid with the runner's chunk size set; checks the chunks really ran."""
    chunks = record_chunks(monkeypatch, questions, chunk_size)
    answer = questions.contract_only(HAND, deals=DEALS, seed=seed, threads=threads, over="7S")
    bounds = runner.ChunkBounds(DEALS, chunk_size)
    assert sorted(chunks) == [bounds[i] for i in range(len(bounds))]
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


# ----------------------------------------------------------------------------- EV and advice
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from analyzer.games.five_hundred.bidding import parse_contract  # noqa: E402
from analyzer.stats import hist_mean_se, wilson  # noqa: E402
from tests.reference import five_hundred as ref  # noqa: E402


def test_ev_and_intervals_follow_from_the_trick_distribution():
    answer = questions.contract_only(HAND, deals=4000, seed=3, threads=2)
    dist = answer.extra["distribution"]
    n = answer.meta["deals"]
    labels = {0: "♠", 1: "♣", 2: "♦", 3: "♥", 4: "NT"}
    for row in answer.table.itertuples():
        c = parse_contract(row.action)
        label = ("open misère" if c.open else "misère") if c.is_misere else labels[c.strain]
        counts = np.rint(dist.loc[label].to_numpy() * n).astype(int)
        assert counts.sum() == n
        # Score each trick count with the plain-Python reference's Avondale scoring.
        name = ("OPENMIS" if c.open else "MIS") if c.is_misere else c.name
        values = [np.subtract(*ref.score(name, t)) for t in range(11)]
        expect_ev = float((np.array(values) * counts).sum() / n)
        assert row.ev == pytest.approx(expect_ev, abs=1e-9)
        var = (counts * (np.array(values) - expect_ev) ** 2).sum() / (n - 1)
        assert row.ev_se == pytest.approx(np.sqrt(var / n), rel=1e-9)
        made = counts[0] if c.is_misere else counts[c.level:].sum()
        assert row.p_make == pytest.approx(made / n)
        assert row.p_make_lo <= row.p_make <= row.p_make_hi
        assert row.mean_tricks == pytest.approx((np.arange(11) * counts).sum() / n)


def test_wilson_known_values():
    # Wilson 95% interval for 8 of 10 successes (Newcombe 1998 style check): 0.4902-0.9433
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and lo == pytest.approx(0.8389, abs=1e-4)


def test_hist_mean_se_matches_numpy():
    rng = np.random.default_rng(0)
    sample = rng.integers(-500, 500, size=1000)
    values, counts = np.unique(sample, return_counts=True)
    mean, se = hist_mean_se(values, counts)
    assert mean == pytest.approx(sample.mean())
    assert se == pytest.approx(sample.std(ddof=1) / np.sqrt(sample.size))


def _table(rows):
    import pandas as pd
    return pd.DataFrame([{"action": a, "contract": a, "allowed": ok, "ev": ev, "p_make": 0.5,
                          "p_make_lo": 0.4, "p_make_hi": 0.6, "ev_se": 1.0} for a, ok, ev in rows])


def _paired(d, se):
    return lambda i, j: (d, se)


def test_recommendation_is_the_best_allowed_ev():
    best, text, f = questions._recommend(_table([("8H", False, 300.0), ("9H", True, 120.0), ("9NT", True, 40.0)]),
                                         _paired(80.0, 10.0))
    assert best == "9H" and "bid 9H" in text
    assert "ahead of 9NT by 80.0 points" in text and f["a"] == "9H" and f["b"] == "9NT" and not f["tie"]


def test_recommendation_calls_a_tie_a_tie():
    """Two contracts the deals cannot tell apart (here: identical on every deal): both named."""
    best, text, f = questions._recommend(_table([("9H", True, 120.0), ("9NT", True, 120.0)]), _paired(0.0, 0.0))
    assert text.startswith("no measurable difference between 9H and 9NT") and f["tie"]
    best, text, f = questions._recommend(_table([("9H", True, 120.0), ("9NT", True, 110.0)]), _paired(10.0, 6.0))
    assert "no measurable difference between 9H and 9NT" in text and best == "9H"


def test_recommendation_pass_when_every_allowed_ev_is_negative():
    best, text, _ = questions._recommend(_table([("8H", False, 300.0), ("9H", True, -5.0), ("9NT", True, -40.0)]),
                                         _paired(35.0, 5.0))
    assert best == "pass" and "loses points on average" in text and "9H" in text


def test_recommendation_pass_when_nothing_is_allowed():
    best, text, f = questions._recommend(_table([("6S", False, 10.0)]), _paired(0.0, 1.0))
    assert best == "pass" and "no listed contract" in text and f == {}


def test_paired_contracts_is_the_per_deal_difference():
    """From the joint histogram: the mean and standard error of the per-deal differences."""
    rng = np.random.default_rng(4)
    ta, tb = rng.integers(0, 11, 500), rng.integers(0, 11, 500)
    joint = np.zeros((2, 2, 11, 11), np.int64)
    for x, y in zip(ta, tb):
        t = (x, y)
        for a in range(2):
            for b in range(2):
                joint[a, b, t[a], t[b]] += 1
    ev_a, ev_b = rng.normal(0, 100, 11), rng.normal(0, 100, 11)
    d = ev_a[ta] - ev_b[tb]
    mean, se = questions.paired_contracts(joint, 500, 0, 1, ev_a, ev_b)
    assert mean == pytest.approx(d.mean()) and se == pytest.approx(d.std(ddof=1) / np.sqrt(500))
    assert questions.paired_contracts(joint, 500, 1, 1, ev_b, ev_b) == (0.0, 0.0)


def test_contract_only_names_its_lead_over_the_next_best():
    answer = questions.contract_only(HAND, deals=2000, seed=2, contracts="7H,8H,7NT", threads=1)
    f = answer.meta  # the lead over the next best, flat as in every question
    t = answer.table.set_index("contract")
    assert {f["a"], f["b"]} <= set(t.index) and f["a"] != f["b"]
    assert f["a_minus_b"] == pytest.approx(t.loc[f["a"], "ev"] - t.loc[f["b"], "ev"])
    # paired: far tighter than the two rows' own errors combined
    assert f["se"] < (t.loc[f["a"], "ev_se"] ** 2 + t.loc[f["b"], "ev_se"] ** 2) ** 0.5


def test_rows_follow_the_table_order_whatever_the_request_order():
    answer = questions.contract_only(HAND, deals=200, contracts="MIS,10NT,6S,8H", threads=1)
    assert list(answer.table["action"]) == ["6S", "8H", "10NT", "MIS"]


def test_bid_chunk_agrees_with_dealing_then_playing():
    """The batch kernel's byte-table relabelling and dealing give the same tricks as
    deal_batch + rules.to_layout + play_deal deal by deal."""
    from analyzer.games.five_hundred.deck import DECK
    from analyzer.games.five_hundred.play import TRACE_COLS, play_deal, tricks_hist
    from analyzer.games.five_hundred.rules import Options, rule_tables, to_layout
    from analyzer.sim.deal import deal_batch

    hand = DECK.parse_cards(HAND)
    n = 300
    run = questions.simulate_tricks(hand, list(range(7)), n, 5, Options(), threads=1)
    pool = np.array([c for c in range(DECK.size) if c not in hand])
    deals = deal_batch(5, 0, n, pool, [3, 0, 10, 10, 10], [0, DECK.mask(hand), 0, 0, 0])
    tables = rule_tables()
    joint = np.zeros((7, 7, 11, 11), np.int64)
    trace = np.empty((40, TRACE_COLS), np.int64)
    for d in deals:
        got = []
        for kind in range(7):
            strain = min(kind, 5)
            hands = np.array([to_layout(int(d[1 + s]), strain) for s in range(4)], np.uint64)
            kitty = np.uint64(to_layout(int(d[0]), strain))
            assert bin(int(np.bitwise_or.reduce(hands)) | int(kitty)).count("1") == 43
            got.append(play_deal(tables[strain], hands, kitty, 0, kind >= 5, kind == 6, trace, False,
                                 np.empty(tables.shape[1], np.uint64)))
        for a in range(7):
            for b in range(7):
                joint[a, b, got[a], got[b]] += 1
    # every pair of kinds deal by deal (the paired comparisons), each kind's histogram on the diagonal
    assert np.array_equal(joint, run.stats)
    assert np.array_equal(tricks_hist(run.stats)[2], joint[2, 0].sum(axis=1))
