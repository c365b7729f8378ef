"""The Five Hundred report's auction section: its first-call table (``auction_calls``) and
its game equity table (``equity.csv``, with the deal figures of ``equity.md``) recomputed
from the section's own self-play deals, each run alone (chunks of one deal).

- First calls: each auction's record gives every seat's first call with its position and
  the hand class of its best suit.  The seat is found here from the position and the
  dealer (deal ``i`` is dealt by seat ``i mod 4``), its hand dealt again from the deal's
  stream, and the class (trumps counting the bowers and the joker, top trumps JK/R/L)
  read from the cards by the reference rules in the suit the policy valued highest (that
  choice, like the call itself, is the policy's: it is taken from the kernel's valuation,
  not recomputed).  The first round of every auction is checked to be legal by the
  reference's ladder (``may_bid``), and the shares of each call aggregated with pandas.
- Equity: each deal of the equity's run gives the contract, the side that played it and
  its tricks (or that all four passed); the points by the reference's Avondale scoring,
  the outcome distribution counted here, and P(we win) of every state bracketed here by
  iterating the chain over the game's rules (written out on the grid, checked against the
  reference's ``winner_after_deal`` on sampled states) from below and from above.  The
  contract and the tricks of a deal are the kernel's own (self-play by the policy and the
  heuristic players): only their scoring and everything after is recomputed.  Self-play
  deals are practically never thrown in (none here), so the chain's thrown-in step is
  solved here but not exercised.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pandas as pd
import pytest

from analyzer.games.five_hundred import equity
from analyzer.games.five_hundred.auction import DEFAULT_POLICY, FMASKS, V_SIZE, contract_of, valuation
from analyzer.games.five_hundred.deck import DECK
from analyzer.games.five_hundred.rules import Options
from analyzer.report import five_hundred as report_500
from analyzer.report.writer import ReportWriter
from analyzer.sim import runner
from analyzer.sim.deal import _deal_into
from analyzer.sim.rng import seed_key, stream_key
from tests.reference import five_hundred as ref
from tests.reports import skip_saving_charts

DEALS, EQUITY_DEALS, SEED = 600, 400, 11
CATS = ("pass", "6", "7", "8", "9", "10", "misere", "open_misere")     # the kernel's call categories, in order


@pytest.fixture(scope="module")
def section(tmp_path_factory):
    """(the section's folder, {run: [(deals, {deal: its statistics})]}): the auction section
    built with its first-call run (``calls_survey``) and its contract and equity runs
    (``deal_outcomes``) in chunks of one deal (the equity table built here, not read from a
    cache; the charts drawn but not saved)."""
    out = tmp_path_factory.mktemp("auction-section")
    mp = pytest.MonkeyPatch()
    skip_saving_charts(mp)
    mp.setattr(report_500, "plot_equity", lambda table, path: None)
    mp.setenv("ANALYZER_CACHE", str(tmp_path_factory.mktemp("equity-cache")))
    mp.setattr(equity, "DEFAULT_DEALS", EQUITY_DEALS)
    runs, real = {}, runner.run_chunks

    def one_by_one(chunk_fn, n_deals, **kw):
        run = chunk_fn.__qualname__.split(".")[0]              # the function whose chunks these are
        if run in ("calls_survey", "deal_outcomes"):
            per = {}
            runs.setdefault(run, []).append((n_deals, per))
            kw["chunk_size"] = 1
            inner = kw.get("on_chunk")

            def keep(index, stats):
                per[index] = stats.copy()
                if inner is not None:
                    inner(index, stats)
            kw["on_chunk"] = keep
        return real(chunk_fn, n_deals, **kw)

    mp.setattr(runner, "run_chunks", one_by_one)
    try:
        report_500.build_auction_section(ReportWriter(str(out)), DEALS, SEED, threads=2)
    finally:
        mp.undo()
    assert [n for n, _ in runs["calls_survey"]] == [DEALS]
    assert [n for n, _ in runs["deal_outcomes"]] == [DEALS, EQUITY_DEALS]      # the contracts' deals, the equity's
    for label in runs:
        for n, per in runs[label]:
            assert sorted(per) == list(range(n))
    return out, runs


def hands_dealt(i: int) -> list[tuple[np.uint64, list[str]]]:
    """Seat 0..3's hand of self-play deal ``i`` (its stream dealt again): (deck-id mask,
    cards)."""
    pool = np.arange(DECK.size, dtype=np.int64)
    counts = np.array([3] + [10] * 4, np.int64)
    buf, deal = np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64)
    _deal_into(np.uint64(stream_key(seed_key(SEED), np.int64(i))), pool, counts, np.zeros(5, np.uint64), buf, deal)
    return [(deal[1 + s], [DECK.format_cards([d]) for d in range(DECK.size) if (int(deal[1 + s]) >> d) & 1])
            for s in range(4)]


def contracts_of(cat: int, nt: int) -> set[str]:
    """The contracts a first call's (category, no-trump?) can be."""
    if cat == 6:
        return {"MIS"}
    if cat == 7:
        return {"OPENMIS"}
    return {f"{cat + 5}NT"} if nt else {f"{cat + 5}{s}" for s in ref.SUITS}


def test_first_calls(section):
    """``auction_calls``: every seat's first call by position and best-suit class."""
    out, runs = section
    (_, per), = runs["calls_survey"]
    recs = []
    for i in range(DEALS):
        calls = sorted(tuple(int(x) for x in c) for c in np.argwhere(per[i]))
        assert all(per[i][c] == 1 for c in calls) and [c[0] for c in calls] == [0, 1, 2, 3], i  # one call a seat
        hands, dealer = hands_dealt(i), i % 4
        can_be = {None}
        for pos, trumps, top, cat, nt in calls:
            mask, hand = hands[(dealer + 1 + pos) % 4]
            v = np.empty(V_SIZE)
            valuation(mask, FMASKS, DEFAULT_POLICY, v)
            suit = ref.SUITS[int(np.argmax(v[:4]))]                      # the policy's best suit
            ref_trumps = sum(ref.effective_suit(c, suit) == suit for c in hand)
            ref_top = sum(c in hand for c in (ref.JOKER, "J" + suit, "J" + ref.SAME_COLOUR[suit]))
            assert (trumps, top) == (ref_trumps, ref_top), (i, pos, hand, suit)
            assert nt == 0 or 1 <= cat <= 5
            if cat:                                                     # the first round climbs the ladder
                can_be = {c for c in contracts_of(cat, nt) if any(ref.may_bid(c, p) for p in can_be)}
                assert can_be, (i, calls)
            recs.append({"position": pos + 1, "trumps": trumps, "top_count": top, "call": CATS[cat],
                         "bid": cat > 0, "nt": bool(nt)})
    recs = pd.DataFrame(recs)
    table = pd.read_parquet(out / "auction_calls.parquet")
    keys = ["position", "trumps", "top_count"]
    groups = recs.groupby(keys)
    assert len(table) == groups.ngroups and table["deals"].sum() == 4 * DEALS
    for key, g in groups:
        row = table[np.logical_and.reduce([table[k] == v for k, v in zip(keys, key)])]
        assert len(row) == 1, key
        row = row.iloc[0]
        assert row["deals"] == len(g), key
        for name in CATS:
            assert row[f"p_{name}"] == pytest.approx((g["call"] == name).mean(), abs=1e-12), (key, name)
        bids = g[g["bid"]]
        if len(bids):
            assert row["p_nt_of_bids"] == pytest.approx(bids["nt"].mean(), abs=1e-12), key
        else:
            assert np.isnan(row["p_nt_of_bids"]), key


def equity_deals(runs) -> list[tuple[bool, str, int] | None]:
    """The equity run's deals, one by one: (the dealer's side contracted?, contract,
    tricks), or None when all four passed."""
    n, per = runs["deal_outcomes"][-1]
    deals = []
    for i in range(n):
        st = per[i]
        assert st.sum() == 1, i
        (side, c, tricks), = [tuple(int(x) for x in w) for w in np.argwhere(st)]
        deals.append(None if side == 2 else (side == 0, contract_of(c, Options()).name, tricks))
    return deals


def test_equity_deal_figures(section):
    """``equity.md``'s one-deal figures (thrown in, which side contracts, mean points a
    deal of each side with the reference's scoring) from the equity run's deals."""
    out, runs = section
    deals = equity_deals(runs)
    n = len(deals)
    thrown = sum(d is None for d in deals)
    dealer_con = sum(d is not None and d[0] for d in deals)
    dealer_pts = other_pts = 0
    for d in deals:
        if d is not None:
            pts, dfd = ref.score(d[1], d[2])
            dealer_pts += pts if d[0] else dfd
            other_pts += dfd if d[0] else pts
    text = (out / "equity.md").read_text()
    assert f"- deals: {n:,}; seed: {SEED};" in text
    m = re.search(r"thrown in ([\d.]+)%, the dealing side contracts\s+([\d.]+)%, the other side ([\d.]+)%;\s+"
                  r"mean points a deal ([+-][\d.]+) \(dealing side\), ([+-][\d.]+) \(other side\)", text)
    assert m, text
    mine = (100 * thrown / n, 100 * dealer_con / n, 100 * (n - thrown - dealer_con) / n, dealer_pts / n, other_pts / n)
    for shown, want, half in zip(m.groups(), mine, (0.005,) * 3 + (0.05,) * 2):   # as rounded in the text
        assert abs(float(shown) - want) <= half + 1e-9, (shown, want)


def step(us, them, we_deal, dealer_contracted, contract, tricks):
    """One deal from (us, them) by the reference's rules: 1.0/0.0 when it ends the game
    (we won / lost), else the next (our total, theirs) before any clamping."""
    we_con = dealer_contracted == we_deal
    pts, dfd = ref.score(contract, tricks)
    level, _ = ref.parse(contract)
    made = tricks == 0 if level == 0 else tricks >= level
    totals = [us, them]
    c = 0 if we_con else 1
    totals[1 - c] += ref.defensive_points(totals[1 - c], dfd)
    totals[c] += pts
    won = ref.winner_after_deal(tuple(totals), c, made)
    return (1.0 if won == 0 else 0.0) if won is not None else tuple(totals)


def reference_equity(outcomes, p_thrown, scores):
    """P(we win) of every state (we deal next?, us, them) on the grid ``scores`` (a total
    above the last counts as the last), for the one-deal ``outcomes`` [(p, the dealer's
    side contracted?, contract, tricks)], bracketed: the game's rules on the whole grid at
    once (checked against ``step`` on sampled states) make one sparse transition matrix,
    iterated from 0 (P(we have won within t deals)) and from 1 (P(we have won within t
    deals or the game goes on)) until the two are within 1e-10.  Returns (lower, upper)."""
    from scipy.sparse import coo_matrix

    lo, cap, n = int(scores[0]), int(scores[-1]), len(scores)
    us, them = (a.ravel() for a in np.meshgrid(scores, scores, indexing="ij"))
    cells = n * n
    rows, cols, vals, b = [], [], [], np.zeros(2 * cells)
    rng = random.Random(0)
    for block, we_deal in ((0, True), (1, False)):
        here, there = block * cells, (1 - block) * cells        # the deal passes: the other side deals next
        for p, dealer_con, contract, tricks in outcomes:
            we_con = dealer_con == we_deal
            pts, dfd = ref.score(contract, tricks)
            level, _ = ref.parse(contract)
            made = tricks == 0 if level == 0 else tricks >= level
            con, dfd_total = (us, them) if we_con else (them, us)
            con, dfd_total = con + pts, dfd_total + dfd
            new_us, new_them = (con, dfd_total) if we_con else (dfd_total, con)
            con_wins = made & (con >= 500)
            we_out, they_out = new_us <= -500, new_them <= -500
            over = con_wins | we_out | they_out
            we_win = np.where(con_wins, we_con, ~we_out & they_out)
            nxt = ((np.minimum(new_us, cap) - lo) // 10) * n + (np.minimum(new_them, cap) - lo) // 10
            for k in rng.sample(range(cells), 40):                  # the grid's rules = the reference's
                want = step(int(us[k]), int(them[k]), we_deal, dealer_con, contract, tricks)
                assert want == (float(we_win[k]) if over[k] else (int(new_us[k]), int(new_them[k])))
            b[here + np.flatnonzero(over)] += p * we_win[over]
            go = np.flatnonzero(~over)
            rows.append(here + go)
            cols.append(there + nxt[go])
            vals.append(np.full(len(go), p))
        rows.append(here + np.arange(cells))
        cols.append(there + np.arange(cells))
        vals.append(np.full(cells, p_thrown))
    m = coo_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(2 * cells,) * 2)
    m = m.tocsr()
    lower, upper = np.zeros(2 * cells), np.ones(2 * cells)
    for _ in range(20_000):
        lower, upper = b + m @ lower, b + m @ upper
        if (upper - lower).max() < 1e-10:
            break
    else:
        raise AssertionError("the bracket did not close")
    return lower.reshape(2, n, n), upper.reshape(2, n, n)


def test_equity_table(section):
    """``equity.csv``: P(we win) of every state (written to 8 decimals), solved here from
    the equity run's deals."""
    from collections import Counter
    out, runs = section
    deals = equity_deals(runs)
    n = len(deals)
    counted = Counter(d for d in deals if d is not None)
    outcomes = [(k / n, *d) for d, k in sorted(counted.items())]
    table = pd.read_csv(out / "equity.csv")
    scores = np.sort(table["us"].unique())
    assert scores[0] == -490 and (np.diff(scores) == 10).all() and len(table) == 2 * len(scores) ** 2
    assert sorted(table["them"].unique()) == list(scores)
    lower, upper = reference_equity(outcomes, sum(d is None for d in deals) / n, scores)
    idx = ((1 - table["we_deal"]).to_numpy(), ((table["us"] - scores[0]) // 10).to_numpy(),
           ((table["them"] - scores[0]) // 10).to_numpy())
    assert len(set(zip(*idx))) == len(table)                           # every state once
    p = table["p_win"].to_numpy()
    tol = 0.5e-8 + 1e-9                 # the csv's 8 decimals, and the table's own solve (to 1e-10 a sweep)
    assert (p >= lower[idx] - tol).all() and (p <= upper[idx] + tol).all(), np.abs(p - lower[idx]).max()
