"""The play-models section of each report (the same deals played by the heuristic
players, single-dummy at every seat and double-dummy: ``survey_pimc``) recomputed from
per-deal records: a few deals of each game's three-model run, each deal in a chunk of its
own, so that its record holds that deal's class and the three results alone.  Deal by
deal the hand is dealt again and classified here by the reference rules; each result is
scored by the reference scoring (made or not, win or schneider), the record's squares and
paired squares checked against the three results.  The heuristic and double-dummy results
are checked against the records of the same deal in the main heuristic survey (the models
run plays the survey's own deals and play-out) and in the double-dummy section (the same
solver): equal in Five Hundred and Pinochle; in Sheepshead the heuristic's points equal,
the double-dummy points inside the result class the section's solver found; in Euchre,
where the classified seat reached round one, the outcome the survey booked for the
policy's action there scores what these tricks score.  Then every ``models_table`` the
report writes is aggregated here with pandas and the reference's statistics: the deals,
each model's P(make) (P(win), P(schneider)...) with Wilson intervals and means, and the
paired differences pimc - heuristic and dd - pimc with their standard errors.

What single-dummy play chooses (W sampled layouts a card, each solved) is not played
again here: its result is only scored and aggregated, and checked to be a result the deal
allows (tricks or card points in range).  The double-dummy results are not solved again
either (a whole deal is too big for the reference's brute force): they are compared with
the double-dummy section's run of the same deals, the same solver."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from analyzer.sim.deal import _deal_into
from analyzer.sim.rng import stream_key
from tests.records import cell, per_deal_stats
from tests.reference.stats import Z95, mean_se, wilson

MODELS = ("heuristic", "pimc", "dd")
PAIRS = {"pimc_minus_heuristic": ("pimc", "heuristic"), "dd_minus_pimc": ("dd", "pimc")}


def with_on_chunk(run, **kwargs):
    """``run`` (a ``run_survey_pimc``, which takes no ``on_chunk``) as ``per_deal_stats``
    calls a survey: the runner it calls is given ``on_chunk``."""
    def survey(deals, seed, threads, on_chunk):
        from analyzer.sim import runner
        real = runner.run_chunks
        mp = pytest.MonkeyPatch()
        mp.setattr(runner, "run_chunks", lambda *a, **k: real(*a, **k, on_chunk=on_chunk))
        try:
            return run(deals, seed, threads=threads, **kwargs)
        finally:
            mp.undo()
    return survey


def mean_and_se(out: dict, col: str, xs) -> None:
    """``out[col]``, ``out[col_se]``: the reference's mean and standard error of ``xs``
    (none, NaN, for a single deal)."""
    xs = [float(x) for x in xs]
    m, se = mean_se(xs)
    out[col], out[f"{col}_se"] = m, (se if len(xs) > 1 else math.nan)


def same_rows(table: pd.DataFrame, want: list[dict]) -> None:
    """The table is ``want``, row for row in order and column for column: labels and
    counts equal, the rest to 1e-9 (NaN where ``want`` has NaN)."""
    assert len(table) == len(want) > 0
    assert set(table.columns) == set(want[0]), set(table.columns) ^ set(want[0])
    for k, mine in enumerate(want):
        row = table.iloc[k]
        for col, x in mine.items():
            got = row[col]
            if isinstance(x, (str, bool, int, np.integer)):
                assert got == x, (k, col, got, x)
            elif math.isnan(x):
                assert np.isnan(got), (k, col, got)
            else:
                assert got == pytest.approx(x, abs=1e-9), (k, col, got, x)


def make_models(g: pd.DataFrame) -> dict:
    """The columns Five Hundred's and Euchre's ``models_table`` give a class: each
    model's P(make) with its Wilson interval and mean tricks, and the paired differences
    of made (0/1) and of tricks with their standard errors."""
    n = len(g)
    out = {"deals": n}
    for m in MODELS:
        k = int(g[f"made_{m}"].sum())
        out[f"p_make_{m}"] = k / n
        out[f"p_make_{m}_lo"], out[f"p_make_{m}_hi"] = wilson(k, n)
        out[f"tricks_{m}"] = g[f"tricks_{m}"].mean()
    for label, (a, b) in PAIRS.items():
        mean_and_se(out, f"p_make_{label}", g[f"made_{a}"].astype(int) - g[f"made_{b}"].astype(int))
        mean_and_se(out, f"tricks_{label}", g[f"tricks_{a}"] - g[f"tricks_{b}"])
    return out


def check_squares(r, first: int, t2: int, d2: int, values, flags=()) -> None:
    """A one-deal row books each model's value squared at ``t2``, and at ``d2``
    (then ``d2 + 1``) the squared paired differences pimc - heuristic, dd - pimc of each
    of ``flags`` (lists of three 0/1 values, then the values themselves) in turn."""
    assert [int(x) for x in r[t2:t2 + 3]] == [v * v for v in values]
    j = d2
    for f in list(flags) + [values]:
        assert [int(x) for x in r[j:j + 2]] == [(f[1] - f[0]) ** 2, (f[2] - f[1]) ** 2], (j, f)
        j += 2


# ----------------------------------------------------------------------------- Five Hundred
FH_DEALS, FH_SEED, FH_WORLDS = 40, 4, 8


@pytest.fixture(scope="module")
def five_hundred():
    """(the run's totals, one row per deal and contract) of Five Hundred's three-model run.
    Deal ``i`` is played in suit ``i mod 4`` at 8, in no-trumps at 7 and in misère and open
    misère, seat S contracting: the class of each (trumps held before the kitty counting
    the joker and both bowers; the joker held and the aces; the high cards, 10 or higher
    and the joker) read here from the cards dealt by the reference; each model's tricks
    made or not by the reference's Avondale score; the heuristic's tricks those of the main
    survey's play of the same deal, and the double-dummy result that of the double-dummy
    section's (in misère 0 or 1, the same open or closed)."""
    from analyzer.games.five_hundred import survey, survey_dd
    from analyzer.games.five_hundred import survey_pimc as sp
    from analyzer.games.five_hundred.deck import table as table_of
    from analyzer.games.five_hundred.rules import Options
    from tests.reference import five_hundred as ref
    from tests.test_reference_report_five_hundred import text
    total, per = per_deal_stats(with_on_chunk(sp.run_survey_pimc, worlds=FH_WORLDS), FH_DEALS, FH_SEED,
                                (sp, "PIMC_CHUNK"))
    _, main = per_deal_stats(survey.run_survey, FH_DEALS, FH_SEED)
    _, dd = per_deal_stats(survey_dd.run_survey_dd, FH_DEALS, FH_SEED, (survey_dd, "DD_CHUNK"))
    tab = table_of(4)
    pool, counts, fixed, _, key0 = survey.survey_inputs(FH_SEED, Options(), tab)
    buf, deal = np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64)
    rows = []
    for i in range(FH_DEALS):
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, fixed, buf, deal)
        hand = [text(tab, d) for d in range(tab.deck.size) if (int(deal[1]) >> d) & 1]
        suit = "SCDH"[i % 4]
        trumps = sum(ref.effective_suit(c, suit) == suit for c in hand)
        joker, aces = int(ref.JOKER in hand), sum("A" + s in hand for s in "SCDH")
        high = joker + sum(c[:-1] in ("T", "J", "Q", "K", "A") for c in hand if c != ref.JOKER)
        out = per[i]
        assert np.argwhere(out[..., sp.P_N]).tolist() == [[0, trumps], [1, aces + 5 * joker], [2, high],
                                                          [3, high]], (i, hand)
        v, d = survey.LAYOUT.unpack(main[i]), survey_dd.DD_LAYOUT.unpack(dd[i])
        mis_dd = cell(d["misere"])[3]            # 1: the contractor cannot avoid a trick double-dummy
        labels = ("8 in a suit", "7NT", "misère", "open misère")
        for kind, cls, contract, heur, solved in ((0, trumps, f"8{suit}", cell(v["suit"])[4], cell(d["suit"])[4]),
                                                  (1, aces + 5 * joker, "7NT", cell(v["nt"])[2], cell(d["nt"])[2]),
                                                  (2, high, "MIS", cell(v["misere"][0])[2], mis_dd),
                                                  (3, high, "OPENMIS", cell(v["misere"][1])[2], mis_dd)):
            r = out[kind, cls]
            tricks = [int(x) for x in r[sp.P_TRICKS:sp.P_TRICKS + 3]]
            assert r[sp.P_N] == 1 and all(0 <= t <= 10 for t in tricks), (i, contract, tricks)
            made = [int(ref.score(contract, t)[0] > 0) for t in tricks]
            assert [int(x) for x in r[sp.P_MADE:sp.P_MADE + 3]] == made, (i, contract, tricks)
            check_squares(r, sp.P_TRICKS, sp.P_T2, sp.P_DMADE2, tricks, [made])
            assert tricks[0] == heur and tricks[2] == solved, (i, contract, tricks, heur, solved)
            klass = (f"{trumps} trumps", f"{aces} aces" + (" + joker" if joker else ""), f"{high} high cards",
                     f"{high} high cards")[kind]
            rows.append({"kind": kind, "contract": labels[kind], "class": klass, "order": cls,
                         **{f"tricks_{m}": t for m, t in zip(MODELS, tricks)},
                         **{f"made_{m}": x for m, x in zip(MODELS, made)}})
        out[0, trumps] = out[1, aces + 5 * joker] = out[2, high] = out[3, high] = 0
        assert not out.any(), i                                  # nothing else booked
    return total, pd.DataFrame(rows)


def test_five_hundred_models_table(five_hundred):
    """The report's models_by_class: per contract (8 in the deal's suit, 7NT, misère, open
    misère) and class (trumps held; aces and the joker; high cards held), in that order, each model's P(make) with its
    Wilson interval and mean tricks, and the paired differences of made and of tricks
    with their standard errors, aggregated here from the deals above."""
    from analyzer.games.five_hundred import survey_pimc as sp
    total, recs = five_hundred
    want = []
    for (kind, _), g in recs.groupby(["kind", "order"], sort=True):
        w = {"contract": g["contract"].iloc[0], "class": g["class"].iloc[0], **make_models(g)}
        if kind >= 2:    # misère: double-dummy is made or not, so no trick columns
            w.update({k: math.nan for k in w if k.startswith("tricks_")})
        want.append(w)
    assert sum(w["deals"] > 1 for w in want) >= 4              # standard errors checked too
    same_rows(sp.models_table(total), want)


# ----------------------------------------------------------------------------- Euchre
EU_DEALS, EU_SEED, EU_WORLDS = 150, 6, 8
CONTRACTS = ("two-handed", "four-handed, with partner", "four-handed, alone")
BOWER_NAMES = ("none", "left", "right", "both")


@pytest.fixture(scope="module")
def euchre():
    """(the run's totals, one row per deal index and game where somebody made trump) of
    Euchre's three-model run.  Each two- and four-handed deal is dealt again; who made
    trump, in which suit, round and whether alone is the bidding policy's auction, asked
    again (the run books nothing, and counts no made trump, on a redeal); the trump is
    legal by the reference (the upcard's suit in round one, another in round two), the
    maker's hand as dealt classified in it by the reference (trumps with the left bower,
    bowers held), and each model's tricks made or not by the reference's score.  The
    heuristic and double-dummy results are the main survey's and its double-dummy run's:
    where the seat it classifies reached round one, the outcome of the action the policy
    takes there (order, alone, or pass and the rest of the auction by policy) scores,
    by the reference, what the makers' tricks here score from that seat's side (0 for a
    redeal; the default policy names a trump on every deal of this sample, so no redeal
    is seen)."""
    from analyzer.games.euchre import survey as sv
    from analyzer.games.euchre import survey_pimc as sp
    from analyzer.games.euchre.bidding import DEFAULT_POLICY
    from analyzer.games.euchre.deck import DECKS, nat_bits
    from analyzer.games.euchre.play import NO_SEAT, auction
    from tests.reference import euchre as ref
    from tests.test_reference_euchre import cards_of, reference_card
    from tests.test_reference_report_euchre import REF_POINTS
    total, per = per_deal_stats(with_on_chunk(sp.run_survey_pimc, worlds=EU_WORLDS, chunk_size=1), EU_DEALS,
                                EU_SEED)
    _, main = per_deal_stats(sv.run_survey, EU_DEALS, EU_SEED)
    _, dd = per_deal_stats(sv.run_survey_dd, EU_DEALS, EU_SEED)
    pool = np.array(nat_bits(DECKS[24]), np.int64)
    rows, crossed = [], 0
    for g, n in enumerate((2, 4)):
        counts = np.array([1] + [5] * n + [24 - 1 - 5 * n], np.int64)
        buf, deal = np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64)
        fixed = np.zeros(counts.shape[0], np.uint64)
        for i in range(EU_DEALS):
            _deal_into(np.uint64(stream_key(sv._game_key(EU_SEED, n), np.int64(i))), pool, counts, fixed, buf, deal)
            hands = deal[1:1 + n].copy()
            dealer = n - 1 - (i % n)
            maker, trump, alone, rnd = (int(x) for x in auction(hands, n, dealer, deal[0], 0, 2 * n, -2, 0, 0,
                                                                 DEFAULT_POLICY))
            cells, seen = sp.unpack(per[i])
            assert seen[g].tolist() == [1, int(maker != NO_SEAT)], (n, i)
            booked = np.argwhere(cells[g][..., sp.P_N]).tolist()
            tricks = None
            if maker == NO_SEAT:
                assert booked == [], (n, i)
            else:
                up = reference_card(int(deal[0]).bit_length() - 1)
                suit = ref.SUITS[trump]
                assert (suit == up[1]) == (rnd == 1) and 0 <= maker < n and (alone == 0 or n == 4), (n, i, rnd)
                hand = cards_of(hands[maker])
                trumps = sum(ref.is_trump(c, suit) for c in hand)
                bowers = 2 * ((11, suit) in hand) + ((11, ref.SAME_COLOUR[suit]) in hand)
                assert booked == [[alone, trumps, bowers]], (n, i, hand, suit)
                r = cells[g, alone, trumps, bowers]
                tricks = [int(x) for x in r[sp.P_TRICKS:sp.P_TRICKS + 3]]
                assert r[sp.P_N] == 1 and all(0 <= t <= 5 for t in tricks), (n, i, tricks)
                made = [int(ref.score(t, bool(alone))[0] > 0) for t in tricks]
                assert [int(x) for x in r[sp.P_MADE:sp.P_MADE + 3]] == made, (n, i, tricks)
                check_squares(r, sp.P_TRICKS, sp.P_T2, sp.P_DMADE2, tricks, [made])
                rows.append({"players": n, "contract": CONTRACTS[0 if n == 2 else 1 + alone],
                             "contract_rank": 0 if n == 2 else 1 + alone, "trumps": trumps, "bowers_rank": bowers,
                             "bowers": BOWER_NAMES[bowers], **{f"tricks_{m}": t for m, t in zip(MODELS, tricks)},
                             **{f"made_{m}": x for m, x in zip(MODELS, made)}})
            # the main survey's deal: the classified seat (seat 0) reached round one?
            for stats, k in ((main[i], 0), (sv.split_dd(dd[i])[0], 2)):
                reached = np.argwhere(sv.LAYOUT.unpack(stats)[f"order{n}"])
                if not len(reached):
                    continue
                outcome = {int(c[5]): int(c[6]) for c in reached}
                action = 1 + alone if (maker == 0 and rnd == 1) else 0
                if maker == NO_SEAT:
                    want = 0
                else:
                    mine, theirs = ref.score(tricks[k], bool(alone))
                    want = mine - theirs if maker % 2 == 0 else theirs - mine
                assert REF_POINTS[outcome[action]] == want, (n, i, MODELS[k], maker, rnd, tricks, outcome)
                crossed += 1
    assert crossed > 100
    return total, pd.DataFrame(rows)


@pytest.mark.parametrize("by", [["players", "contract", "trumps"], ["players", "contract", "bowers"],
                                ["players"], ["trumps"]])
def test_euchre_models_tables(euchre, by):
    """The report's models_by_class (game, contract, trumps) and models_by_bowers: per
    class, in the table's order (game, then contract: with partner before alone, then
    trumps or bowers none, left, right, both), the makers' P(make) per model with its
    Wilson interval and mean tricks, and the paired differences with their standard
    errors, aggregated here from the deals above."""
    from analyzer.games.euchre import survey_pimc as sp
    total, recs = euchre
    rank = {"contract": "contract_rank", "bowers": "bowers_rank"}
    keys = [rank.get(b, b) for b in by]
    want = [{b: g[b].iloc[0] for b in by} | make_models(g) for _, g in recs.groupby(keys, sort=True)]
    assert sum(w["deals"] > 1 for w in want) >= min(3, len(want))
    same_rows(sp.models_table(total, by), want)


# ----------------------------------------------------------------------------- Sheepshead
SH_DEALS, SH_SEED, SH_WORLDS = 100, 3, 8
POLICY_NAMES = ("passes", "picks")
# The picker side's card points each result class of the double-dummy section stands for
# (no trick: the bury alone; all tricks: every point).
CLASS_POINTS = (range(0, 31), range(0, 31), range(31, 61), range(61, 91), range(91, 121), range(120, 121))


def reference_result(points: int) -> tuple[int, int, int]:
    """(win, schneider, schneidered) of the picker side's card points by the reference's
    scoring table (a defender pays: a win, 2 or more a schneider; gets 2 or more when the
    picker is schneidered), the same whatever the tricks that took them."""
    from tests.reference import sheepshead as ref
    got = {(d < 0, d <= -2, d >= 2) for d in (ref.score(points, t)[2] for t in range(1, 6))}
    assert len(got) == 1, (points, got)
    return tuple(int(x) for x in got.pop())


@pytest.fixture(scope="module")
def sheepshead():
    """(the run's totals, one row per offered deal) of Sheepshead's three-model run.  Deal
    ``i`` is seat ``i mod 5``'s, counted in its reach and, when the blind reaches it (the
    main survey's record of the deal says so), booked in the class of its six cards as
    dealt: trumps and queens read here by the reference, whether the policy picks them as
    the main survey's record.  Each model's card points (bury included) in 0..120, won,
    schneider and schneidered by the reference's scoring table; the heuristic's points
    those of the main survey's pick of the same deal; the double-dummy points inside the
    result class the double-dummy section's solver gave that pick."""
    from analyzer.games.sheepshead import survey as sv
    from analyzer.games.sheepshead import survey_dd as sd
    from analyzer.games.sheepshead import survey_pimc as sp
    from tests.reference import sheepshead as ref
    from tests.test_reference_report_sheepshead import six
    total, per = per_deal_stats(with_on_chunk(sp.run_survey_pimc, worlds=SH_WORLDS), SH_DEALS, SH_SEED,
                                (sp, "PIMC_CHUNK"))
    _, main = per_deal_stats(sv.run_survey, SH_DEALS, SH_SEED)
    _, dd = per_deal_stats(sd.run_survey_dd, SH_DEALS, SH_SEED, (sd, "DD_CHUNK"))
    pool, counts, key0 = sv.survey_inputs(SH_SEED)
    buf, deal = np.empty(pool.shape[0], np.int64), np.empty(counts.shape[0], np.uint64)
    fixed = np.zeros(counts.shape[0], np.uint64)
    rows = []
    for i in range(SH_DEALS):
        out, reach = sp.unpack(per[i])
        v = sv.LAYOUT.unpack(main[i])
        offered = int(v["deals"].any())
        seat = i % 5
        assert reach[seat].tolist() == [1, offered] and reach.sum() == 1 + offered, i
        if not offered:
            assert not out.any(), i
            continue
        seat_, t, q, j, a, pol, _ = cell(v["deals"][..., :1])
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, fixed, buf, deal)
        hand = six(deal[1 + seat])
        trumps, queens = sum(ref.is_trump(c) for c in hand), sum(c[0] == "Q" for c in hand)
        assert seat_ == seat and (t, q) == (trumps, queens), (i, hand)
        assert np.argwhere(out[..., sp.P_N]).tolist() == [[seat, trumps, queens, pol]], i
        r = out[seat, trumps, queens, pol]
        points = [int(x) for x in r[sp.P_PTS:sp.P_PTS + 3]]
        assert r[sp.P_N] == 1 and all(0 <= p <= 120 for p in points), (i, points)
        res = [reference_result(p) for p in points]
        win, schneider, schneidered = ([x[k] for x in res] for k in range(3))
        for first, flags in ((sp.P_WIN, win), (sp.P_SCHN, schneider), (sp.P_SCHD, schneidered)):
            assert [int(x) for x in r[first:first + 3]] == flags, (i, points)
        check_squares(r, sp.P_PTS, sp.P_PTS2, sp.P_DWIN2, points, [win, schneider])
        assert points[0] == int(v["results"][seat, t, q, j, a, pol][0, sv.N_RESULTS]), (i, points)
        solved = cell(sd.DD_LAYOUT.unpack(dd[i])["results"][seat, t, q, j, a, pol][0, 1])[0]
        assert points[2] in CLASS_POINTS[solved], (i, points, solved)
        rows.append({"seat": seat + 1, "trumps": trumps, "queens": queens, "pol": pol, "policy": POLICY_NAMES[pol],
                     **{f"{what}_{m}": x[k] for m, x in zip(MODELS, res)
                        for k, what in enumerate(("win", "schneider", "schneidered"))},
                     **{f"points_{m}": p for m, p in zip(MODELS, points)}})
    return total, pd.DataFrame(rows)


@pytest.mark.parametrize("by", [["trumps"], ["policy"], ["seat"], ["trumps", "queens"], []])
def test_sheepshead_models_tables(sheepshead, by):
    """The report's models_by_trumps, _by_policy, _by_seat and _by_trumps_queens, and the
    one row of every offered deal its summary line reads: per class, in order, each
    model's P(win) with its Wilson range, P(schneider), P(schneidered) and mean card
    points ± se, and the paired differences of P(win), P(schneider) and mean points with
    standard errors and 95% ranges, aggregated here from the deals above."""
    from analyzer.games.sheepshead import survey_pimc as sp
    total, recs = sheepshead
    keys = ["pol" if b == "policy" else b for b in by]
    want = []
    for _, g in (recs.groupby(keys, sort=True) if by else [((), recs)]):
        n = len(g)
        row = {b: g[b].iloc[0] for b in by} | {"deals": n}
        for m in MODELS:
            k = int(g[f"win_{m}"].sum())
            row[f"p_win_{m}"] = k / n
            row[f"p_win_{m}_lo"], row[f"p_win_{m}_hi"] = wilson(k, n)
            row[f"p_schneider_{m}"] = g[f"schneider_{m}"].mean()
            row[f"p_schneidered_{m}"] = g[f"schneidered_{m}"].mean()
            mean_and_se(row, f"mean_points_{m}", g[f"points_{m}"])
        for label, (a, b) in PAIRS.items():
            for what, col in (("p_win", "win"), ("p_schneider", "schneider"), ("mean_points", "points")):
                name = f"{what}_{label}"
                mean_and_se(row, name, g[f"{col}_{a}"] - g[f"{col}_{b}"])
                row[f"{name}_lo"] = row[name] - Z95 * row[f"{name}_se"]
                row[f"{name}_hi"] = row[name] + Z95 * row[f"{name}_se"]
        want.append(row)
    assert sum(w["deals"] > 1 for w in want) >= min(2, len(want))
    same_rows(sp.models_table(total, by), want)


# ----------------------------------------------------------------------------- Pinochle
PI_DEALS, PI_SEED, PI_WORLDS = 8, 2, 2


@pytest.fixture(scope="module")
def pinochle():
    """(the run's totals, one row per deal) of Pinochle's three-model run.  Deal ``i`` is
    seat ``i mod 4``'s, booked in the main survey's class of the deal, which is read again
    here from the cards dealt by the reference meld table (its meld in some trump it holds
    that many of, the meld band, its aces).  Each model's trick points are a whole number
    of tens within the deal's 250; the side's total (the meld after the passes, the main
    survey's, counting when saved by the reference's default rule, plus the trick points)
    reaches each success level or not as the record says; the heuristic's points are the
    main survey's play of the deal and the double-dummy points the double-dummy
    section's."""
    from analyzer.games.pinochle import survey as sv
    from analyzer.games.pinochle import survey_dd as sd
    from analyzer.games.pinochle import survey_pimc as sp
    from tests.reference import pinochle as ref
    from tests.test_reference_pinochle import name, ref_card
    total, per = per_deal_stats(with_on_chunk(sp.run_survey_pimc, worlds=PI_WORLDS), PI_DEALS, PI_SEED,
                                (sp, "PIMC_CHUNK"))
    _, main = per_deal_stats(sv.run_survey, PI_DEALS, PI_SEED)
    _, dd = per_deal_stats(sd.run_survey_dd, PI_DEALS, PI_SEED, (sd, "DD_CHUNK"))
    _, _, key0, pool, counts, *_ = sv.survey_inputs(PI_SEED)
    buf, hands, fixed = np.empty(pool.shape[0], np.int64), np.empty(4, np.uint64), np.zeros(4, np.uint64)
    rows = []
    for i in range(PI_DEALS):
        v = sv.LAYOUT.unpack(main[i])
        seat, band, tl, aces = (int(x) for x in np.argwhere(v["deals"][..., 0])[0])
        m = v["moments"][seat, band, tl, aces]
        own, after, heur = (int(m[r, 0]) for r in (sv.M_OWN, sv.M_AFTER, sv.M_POINTS))
        _deal_into(np.uint64(stream_key(key0, np.int64(i))), pool, counts, fixed, buf, hands)
        hand = [ref_card(b) for b in range(64) if (int(hands[seat]) >> b) & 1]
        held = ref.counts_from_cards([name(c) for c in hand])
        assert seat == i % 4 and [t for t in range(4) if ref.meld(held, t) == own and
                                  sum(c[0] == t for c in hand) == tl], (i, own, tl)
        assert aces == sum(c[1] == ref.ACE for c in hand)
        assert band == max(k for k, edge in enumerate(sv.MELD_EDGES) if own >= edge)
        p = sp.PIMC_LAYOUT.unpack(per[i])
        assert cell(p["deals"]) == (seat, band, tl, aces, 0), i
        pts = p["points"][seat, band, tl, aces]
        points = [int(x) for x in pts[:3, 0]]
        assert [int(x) for x in pts[3:, 0]] == [points[1] - points[0], points[2] - points[1]], i
        assert [int(x) for x in pts[:, 1]] == [x * x for x in [int(y) for y in pts[:, 0]]], i
        assert all(0 <= x <= 250 and x % 10 == 0 for x in points), (i, points)
        assert points[0] == heur, (i, points, heur)
        dd_points = sd.DD_LAYOUT.unpack(dd[i])["points"][seat, band, tl, aces]
        assert points[2] == int(dd_points[1, 0]), (i, points, dd_points)
        totals = [x + (after if ref.meld_saved(x, None) else 0) for x in points]
        for k, tot in enumerate(totals):
            assert p["made"][seat, band, tl, aces, k].tolist() == [int(tot >= level) for level in sv.SUCCESS_LEVELS]
        rows.append({"seat": seat + 1, "meld_band": band, "meld": sv.MELD_LABELS[band],
                     "meld_min": int(sv.MELD_EDGES[band]), "trumps": tl, "aces": aces,
                     **{f"points_{m}": x for m, x in zip(MODELS, points)},
                     **{f"total_{m}": x for m, x in zip(MODELS, totals)}})
        for k in ("deals", "points", "made"):                   # nothing else booked
            p[k][seat, band, tl, aces] = 0
        assert not any(p[k].any() for k in ("deals", "points", "made")), i
    return total, pd.DataFrame(rows)


@pytest.mark.parametrize("by", [[], ["trumps"], ["meld"], ["seat"]])
def test_pinochle_models_tables(pinochle, by):
    """The report's models_all, models_by_trumps and models_by_meld (and by seat): per
    class, in order, the declaring side's mean trick points per model ± se, the paired
    differences with standard errors and 95% ranges, P(side total >= B) per model with
    its Wilson range, and the few-deals note, aggregated here from the deals above."""
    from analyzer.games.pinochle import survey as sv
    from analyzer.games.pinochle import survey_pimc as sp
    total, recs = pinochle
    keys = ["meld_band" if b == "meld" else b for b in by]
    want = []
    for _, g in (recs.groupby(keys, sort=True) if by else [((), recs)]):
        n = len(g)
        row = {c: g[c].iloc[0] for b in by for c in ((b, "meld_min") if b == "meld" else (b,))} | {"deals": n}
        for m in MODELS:
            mean_and_se(row, f"points_{m}", g[f"points_{m}"])
        for label, (a, b) in PAIRS.items():
            mean_and_se(row, label, g[f"points_{a}"] - g[f"points_{b}"])
            row[f"{label}_lo"] = row[label] - Z95 * row[f"{label}_se"]
            row[f"{label}_hi"] = row[label] + Z95 * row[f"{label}_se"]
        for m in MODELS:
            for level in sv.SUCCESS_LEVELS:
                k = int((g[f"total_{m}"] >= level).sum())
                row[f"p{level}_{m}"] = k / n
                row[f"p{level}_{m}_lo"], row[f"p{level}_{m}_hi"] = wilson(k, n)
        row["note"] = "few deals" if n < 30 else ""
        want.append(row)
    assert any(w["deals"] > 1 for w in want)
    same_rows(sp.models_table(total, by), want)
