"""Pinochle meld: the kernels against hand-built hands and the plain-Python reference,
``meld_cards`` and ``itemize``; the exact odds against the rules file's figures, closed
forms, brute-force enumeration of small hands and sampling; the ``meld`` and ``odds``
commands."""

import json
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from analyzer.cli.main import main
from analyzer.games.pinochle import odds
from analyzer.games.pinochle.deck import BIT_OF, counts_of, format_mask, mask_of, parse_hand
from analyzer.games.pinochle.meld import CLASSES, itemize, meld_all, meld_batch, meld_cards, meld_points
from analyzer.games.pinochle.rules import Options
from tests.reference import pinochle as ref

S, C, D, H = range(4)
REUSE = Options(run_marriage_reuse="yes")
EXAMPLE = "AS TS KS QS JS QS JD KD QD 9H AC AC"
TOTAL = comb(48, 12)


def mask(text) -> np.uint64:
    return np.uint64(mask_of(parse_hand(text)))


def kernel(m, trump, reuse=False) -> int:
    return int(meld_points(np.uint64(m), np.int64(trump), bool(reuse)))


def ref_meld(m, trump, reuse=False) -> int:
    return ref.meld(counts_of(int(m)).tolist(), trump, reuse)


def names(items) -> list[str]:
    return sorted(item[0] for item in items)


# ---------------------------------------------------------------------------------------
# Hand-built hands: every class, the doubled melds, the run and its marriages

CASES = [
    # hand, trump, (points without reuse, points with reuse), melds without reuse (with
    # reuse: one more royal marriage for each 40 more points)
    ("AS AC AD AH", H, (100, 100), ["aces around"]),
    ("AS AS AC AC AD AD AH AH", H, (1000, 1000), ["double aces around"]),
    ("AS AS AC AC AD AD AH", H, (100, 100), ["aces around"]),
    ("KS KC KD KH", C, (80, 80), ["kings around"]),
    ("KS KS KC KC KD KD KH KH", C, (800, 800), ["double kings around"]),
    ("QS QC QD QH", C, (60, 60), ["queens around"]),
    ("QS QS QC QC QD QD QH QH", C, (600, 600), ["double queens around"]),
    ("JS JC JD JH", C, (40, 40), ["jacks around"]),
    ("JS JS JC JC JD JD JH JH", C, (400, 400), ["double jacks around"]),
    ("AH TH KH QH JH", H, (150, 150), ["run"]),
    ("AH TH KH QH JH", S, (20, 20), ["marriage ♥"]),
    ("AH TH KH QH JH AH TH KH QH JH", H, (1500, 1500), ["double run"]),
    ("AH TH KH KH QH JH", H, (150, 190), ["run"]),
    ("AH TH KH QH QH JH", H, (150, 190), ["run"]),
    ("AH TH KH KH QH QH JH", H, (190, 230), ["run", "royal marriage"]),
    ("AH TH TH KH KH QH JH 9H", H, (160, 200), ["dix", "run"]),
    ("KH QH", H, (40, 40), ["royal marriage"]),
    ("KH KH QH QH", H, (80, 80), ["royal marriage", "royal marriage"]),
    ("KH KH QH", H, (40, 40), ["royal marriage"]),
    ("KC QC", H, (20, 20), ["marriage ♣"]),
    ("KC KC QC QC KD QD", H, (60, 60), ["marriage ♣", "marriage ♣", "marriage ♦"]),
    ("JD QS", H, (40, 40), ["pinochle"]),
    ("JD QS QS", H, (40, 40), ["pinochle"]),
    ("JD JD QS", H, (40, 40), ["pinochle"]),
    ("JD JD QS QS", H, (300, 300), ["double pinochle"]),
    ("9H", H, (10, 10), ["dix"]),
    ("9H 9H", H, (20, 20), ["dix", "dix"]),
    ("9H 9H", S, (0, 0), []),
    ("KS QS KC QC KD QD KH QH", H, (240, 240),          # "marriages around": the sum of its parts
     ["kings around", "marriage ♠", "marriage ♣", "marriage ♦", "queens around", "royal marriage"]),
    ("AS TS KS QS JS JD", S, (190, 190), ["pinochle", "run"]),            # Q♠ in two classes
    ("KS KC KD KH QH", H, (120, 120), ["kings around", "royal marriage"]),
    ("JD JD QS QS QC QD QH", H, (360, 360), ["double pinochle", "queens around"]),
    (EXAMPLE, S, (210, 250), ["marriage ♦", "pinochle", "run"]),        # an extra Q♠
    ("9S 9C 9D 9H TS TC TD TH JS JC JD JH", C, (50, 50), ["dix", "jacks around"]),
]


@pytest.mark.parametrize("hand, trump, points, melds", CASES)
def test_hand_built(hand, trump, points, melds):
    m = mask(hand)
    for reuse, expected in zip((False, True), points):
        assert kernel(m, trump, reuse) == expected, (hand, reuse)
        assert ref_meld(m, trump, reuse) == expected, (hand, reuse)
        items = itemize(m, trump, REUSE if reuse else Options())
        assert sum(p for _, _, p in items) == expected
        assert all(cls in CLASSES for _, cls, _ in items)
    assert names(itemize(m, trump)) == sorted(melds)
    assert names(itemize(m, trump, REUSE)) == sorted(melds + ["royal marriage"] * ((points[1] - points[0]) // 40))


def test_double_run_marries_nothing_even_with_reuse():
    m = mask("AH TH KH QH JH AH TH KH QH JH 9H")
    assert kernel(m, H) == kernel(m, H, True) == 1510
    assert names(itemize(m, H, REUSE)) == ["dix", "double run"]


# ---------------------------------------------------------------------------------------
# Random hands against the reference

def _random_hands(rng, n):
    """Uniform 12-card hands."""
    perm = rng.permuted(np.broadcast_to(np.arange(48), (n, 48)), axis=1)[:, :12]
    return np.bitwise_or.reduce(np.uint64(1) << BIT_OF[perm].astype(np.uint64), axis=1)


def _rich_hands(rng, n):
    """12 cards from both copies of a few kinds, themed on a run, an around, the pinochle
    or marriages, so that doubled melds and the run's marriages come up often."""
    out = np.empty(n, np.uint64)
    for i in range(n):
        kinds = set()
        for _ in range(rng.integers(1, 3)):
            theme = rng.integers(4)
            s, r = int(rng.integers(4)), int(rng.integers(1, 6))
            if theme == 0:
                kinds |= {6 * s + k for k in (1, 2, 3, 4, 5)}         # the run of suit s
            elif theme == 1:
                kinds |= {6 * t + r for t in range(4)}                # rank r around
            elif theme == 2:
                kinds |= {6 * D + 1, 6 * S + 2}                       # J♦ Q♠
            else:
                kinds |= {6 * s + 2, 6 * s + 3, 6 * s}                # K Q (and the 9) of suit s
        while len(kinds) < 7:
            kinds.add(int(rng.integers(24)))
        pool = [2 * k + c for k in kinds for c in (0, 1)]
        ids = rng.choice(pool, size=min(12, len(pool)), replace=False)
        out[i] = mask_of(ids)
    return out


@pytest.fixture(scope="module")
def hands():
    rng = np.random.default_rng(13)
    return {"uniform": _random_hands(rng, 1200), "rich": _rich_hands(rng, 800)}


def test_kernel_matches_reference(hands):
    seen = set()
    for kind, masks in hands.items():
        for m in masks:
            counts = counts_of(int(m)).tolist()
            for trump in range(4):
                for reuse in ((False, True) if kind == "rich" else (False,)):
                    items = ref.meld_items(counts, trump, reuse)
                    want = sum(p for _, _, p in items)
                    assert kernel(m, trump, reuse) == want, (format_mask(m), trump, reuse)
                    mine = itemize(m, trump, REUSE if reuse else Options())
                    assert sorted(mine) == sorted(items), (format_mask(m), trump, reuse)
                    seen |= {name.rstrip(" ♠♣♦♥") for name, _, _ in items}
    # the sample holds every meld of the table
    assert seen >= {"aces around", "double aces around", "kings around", "double kings around", "queens around",
                    "double queens around", "jacks around", "double jacks around", "run", "double run",
                    "royal marriage", "marriage", "pinochle", "double pinochle", "dix"}


def test_reuse_changes_only_run_hands(hands):
    rich = hands["rich"]
    base, reused = np.empty((rich.size, 4), np.int64), np.empty((rich.size, 4), np.int64)
    meld_batch(rich, False, base)
    meld_batch(rich, True, reused)
    diff = reused - base
    assert (diff >= 0).all() and np.isin(diff, (0, 40, 80)).all()
    assert (diff > 0).sum() > 20


def test_meld_all_and_batch(hands):
    masks = np.concatenate(list(hands.values()))
    out = np.empty((masks.size, 4), np.int64)
    for reuse in (False, True):
        meld_batch(masks, reuse, out)
        row = np.empty(4, np.int64)
        for i, m in enumerate(masks):
            meld_all(m, reuse, row)
            assert (row == out[i]).all()
            assert list(row) == [kernel(m, t, reuse) for t in range(4)]


def test_meld_cards(hands):
    for m in np.concatenate(list(hands.values()))[::3]:
        for trump in range(4):
            for reuse in (False, True):
                total = kernel(m, trump, reuse)
                kept = meld_cards(m, np.int64(trump), reuse)
                assert kept & ~m == 0
                assert kernel(kept, trump, reuse) == total          # the kept cards carry the whole meld
                for card in parse_hand(format_mask(m)):
                    bit = np.uint64(1) << np.uint64(BIT_OF[card])
                    if kept & bit:      # every kept card counts: the kept cards less one meld less
                        assert kernel(kept & ~bit, trump, reuse) < total, (format_mask(m), trump, card)
                    else:               # a card not kept never lowers the meld
                        assert kernel(m & ~bit, trump, reuse) == total, (format_mask(m), trump, card)


def test_meld_cards_of_the_example():
    m = mask(EXAMPLE)
    assert format_mask(meld_cards(m, np.int64(S), False)) == "AS TS KS QS JS KD QD JD"
    assert format_mask(meld_cards(mask("AH AH TH KH KH QH JH 9S"), np.int64(H), False)) == "AH TH KH QH JH"
    assert format_mask(meld_cards(mask("AH AH TH KH KH QH JH 9S"), np.int64(H), True)) == "AH TH KH KH QH JH"


# ---------------------------------------------------------------------------------------
# Exact odds

FIGURES = {   # the rules file's "useful exact figures", to their printed precision
    "marriage (K Q of some suit)": 58.91, "run in some suit": 3.83, "pinochle (J♦ Q♠)": 18.57,
    "double pinochle": 0.25, "aces around": 2.76, "no ace": 8.02,
}


@pytest.fixture(scope="module")
def table():
    return dict(odds.meld_odds())


def test_rules_file_figures(table):
    for meld, percent in FIGURES.items():
        assert round(100 * float(table[meld]), 2) == percent, meld


def _exact(count) -> Fraction:
    return Fraction(count, TOTAL)


def test_closed_forms(table):
    # "hands with none of these k kinds": C(48 - 2k, 12); inclusion-exclusion over the kinds
    def all_of(k):
        return _exact(sum((-1) ** j * comb(k, j) * comb(48 - 2 * j, 12) for j in range(k + 1)))

    for word in ("aces", "kings", "queens", "jacks"):
        assert table[f"{word} around"] == all_of(4)
        assert table[f"double {word} around"] == _exact(comb(40, 4))
    assert table["run in a named trump"] == all_of(5)
    assert table["double run in a named trump"] == _exact(comb(38, 2))
    assert table["double run in some suit"] == 4 * _exact(comb(38, 2))     # two double runs need 20 cards
    assert table["pinochle (J♦ Q♠)"] == all_of(2)
    assert table["double pinochle"] == _exact(comb(44, 8))
    assert table["no ace"] == _exact(comb(40, 12))


EVENTS = {
    "marriage (K Q of some suit)": lambda c: any(c[s][3] and c[s][2] for s in range(4)),
    "marriages around (K Q of every suit)": lambda c: all(c[s][3] and c[s][2] for s in range(4)),
    "aces around": lambda c: all(c[s][5] for s in range(4)),
    "kings around": lambda c: all(c[s][3] for s in range(4)),
    "jacks around": lambda c: all(c[s][1] for s in range(4)),
    "run in a named trump": lambda c: all(c[H][r] for r in (1, 2, 3, 4, 5)),
    "run in some suit": lambda c: any(all(c[s][r] for r in (1, 2, 3, 4, 5)) for s in range(4)),
    "pinochle (J♦ Q♠)": lambda c: c[D][1] and c[S][2],
    "double pinochle": lambda c: c[D][1] == 2 and c[S][2] == 2,
    "no ace": lambda c: not any(c[s][5] for s in range(4)),
}
SMALL = 5         # cards in the small hands enumerated in full (a run fits)


@pytest.fixture(scope="module")
def small_hands():
    tables = list(ref.count_tables(SMALL))
    assert sum(n for _, n in tables) == comb(48, SMALL)
    return tables


def test_odds_against_enumeration_of_small_hands(small_hands):
    exact = dict(odds.meld_odds(SMALL))
    for meld, event in EVENTS.items():
        brute = Fraction(sum(n for c, n in small_hands if event(c)), comb(48, SMALL))
        assert exact[meld] == brute, meld
        assert (brute == 0) == (meld == "marriages around (K Q of every suit)"), meld    # 8 cards


def test_distribution_against_enumeration_of_small_hands(small_hands):
    masks = np.array([mask_of([2 * (6 * s + r) + k for s in range(4) for r in range(6) for k in range(c[s][r])])
                      for c, _ in small_hands], np.uint64)
    ways = np.array([n for _, n in small_hands], np.int64)
    out = np.empty((masks.size, 4), np.int64)
    for reuse in (False, True):
        meld_batch(masks, reuse, out)
        for trump in range(4):
            dist = odds.meld_distribution(trump, reuse, SMALL)
            brute = np.zeros(max(dist.size, out[:, trump].max() // 10 + 1), np.int64)
            np.add.at(brute, out[:, trump] // 10, ways)
            assert (brute[: dist.size] == dist).all() and not brute[dist.size:].any(), (trump, reuse)


def test_mean_meld_by_linearity():
    """E[meld] summed class by class from the single-meld odds equals the distribution's mean."""
    p = odds.p_all
    at_least = lambda n, k: (n, lambda held: min(held) >= k)                   # noqa: E731
    kq = lambda cond: [(2, cond)]                                               # noqa: E731
    min_kq = p(kq(lambda h: min(h) >= 1)) + p(kq(lambda h: min(h) >= 2))       # E[min(kings, queens)] of a suit
    run, double_run = p([at_least(5, 1)]), p([at_least(5, 2)])
    arounds = sum(v * (p([at_least(4, 1)]) + 9 * p([at_least(4, 2)])) for v in (100, 80, 60, 40))
    base = arounds + 40 * p([at_least(2, 1)]) + 260 * p([at_least(2, 2)]) + Fraction(10 * 2 * 12, 48) \
        + 150 * run + 1350 * double_run + 3 * 20 * min_kq
    # trump ranks in the group's order 9 J Q K 10 A
    run_extra = p([(6, lambda h: min(h[1:]) >= 1 and max(h[2], h[3]) == 2)]) - double_run
    for reuse, royal in ((False, min_kq - run - double_run), (True, min_kq - run - double_run + run_extra)):
        for trump in (S, H):
            dist = odds.meld_distribution(trump, reuse)
            assert int(dist.sum()) == TOTAL
            mean = Fraction(int(sum(10 * k * int(x) for k, x in enumerate(dist))), TOTAL)
            assert mean == base + 40 * royal, (trump, reuse)


def test_odds_against_sampling():
    """A loose check of the exact odds (5 standard errors) on sampled hands."""
    rng = np.random.default_rng(5)
    n = 200_000
    masks = _random_hands(rng, n)
    counts = np.stack([((masks >> np.uint64(b)) & np.uint64(1)).astype(np.int64)
                       + ((masks >> np.uint64(b + 1)) & np.uint64(1)).astype(np.int64)
                       for b in range(0, 64, 2)], axis=1)          # (n, 32): lane slots, 6 kinds + 2 unused a suit
    c = counts.reshape(n, 4, 8)[:, :, :6]
    sampled = {
        "marriage (K Q of some suit)": ((c[:, :, 3] > 0) & (c[:, :, 2] > 0)).any(axis=1),
        "marriages around (K Q of every suit)": ((c[:, :, 3] > 0) & (c[:, :, 2] > 0)).all(axis=1),
        "aces around": (c[:, :, 5] > 0).all(axis=1),
        "run in some suit": (c[:, :, 1:6] > 0).all(axis=2).any(axis=1),
        "pinochle (J♦ Q♠)": (c[:, D, 1] > 0) & (c[:, S, 2] > 0),
        "no ace": (c[:, :, 5] == 0).all(axis=1),
    }
    exact = dict(odds.meld_odds())
    for meld, hits in sampled.items():
        p = float(exact[meld])
        assert abs(hits.mean() - p) < 5 * np.sqrt(p * (1 - p) / n), meld
    out = np.empty((n, 4), np.int64)
    meld_batch(masks, False, out)
    for row in odds.meld_at_least(H).itertuples():
        p = row.p
        assert abs((out[:, H] >= row.points).mean() - p) < 5 * np.sqrt(p * (1 - p) / n) + 1e-5, row.points


def test_odds_table_frame():
    frame = odds.odds_table()
    assert list(frame.columns) == ["meld", "p", "hands"]
    assert len(frame) == 18 and frame["p"].between(0, 1).all()
    assert (frame["hands"] == (frame["p"] * TOTAL).round()).all()


# ---------------------------------------------------------------------------------------
# The commands

def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as exit_:
        main(["pinochle", *args])
    out, err = capsys.readouterr()
    return exit_.value.code, out, err


def test_meld_json(capsys):
    code, out, _ = run_cli(capsys, "meld", EXAMPLE, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"hand", "rules", "by_trump"}
    assert list(data["by_trump"]) == ["S", "C", "D", "H"] and data["rules"]["run_marriage_reuse"] == "no"
    for suit, trump in zip("SCDH", range(4)):
        got = data["by_trump"][suit]
        assert got["total"] == kernel(mask(EXAMPLE), trump) == sum(i["points"] for i in got["items"])
        assert all(set(i) == {"meld", "class", "points"} and i["class"] in CLASSES for i in got["items"])
    assert data["by_trump"]["S"]["items"][0] == {"meld": "run", "class": "sequence", "points": 150}
    assert data["by_trump"]["S"]["total"] == 210


def test_meld_one_trump_and_reuse(capsys):
    code, out, _ = run_cli(capsys, "meld", "AH TH KH KH QH JH 9C 9C 9D 9D TS TS", "--trump", "♥", "--json",
                           "--rule", "run_marriage_reuse=yes", "--rule", "counting=classic")
    assert code == 0
    data = json.loads(out)
    assert list(data["by_trump"]) == ["H"] and data["by_trump"]["H"]["total"] == 190
    assert data["rules"]["counting"] == "classic"
    code, out, _ = run_cli(capsys, "meld", EXAMPLE)
    assert code == 0 and "trump ♠: 210" in out and "Most meld: 210 with ♠ trump." in out


@pytest.mark.parametrize("args, needle", [
    (["meld", "AS TS KS QS JS QS JD KD QD 9H AC AC AC"], "third copy of AC"),
    (["meld", "AS TS KS QS JS QS JD KD QD 9H AC 8S"], "8S is not a Pinochle card"),
    (["meld", "AS TS KS QS JS QS JD KD QD 9H AC 2♥"], "2H is not a Pinochle card"),
    (["meld", "AS TS KS QS JS QS JD KD QD 9H AC JK"], "JK is not a Pinochle card"),
    (["meld", "AS TS KS QS JS QS JD KD QD 9H AC"], "11 cards"),
    (["meld", EXAMPLE + " 9S"], "13 cards"),
    (["meld", EXAMPLE, "--trump", "N"], "unknown suit"),
    (["meld", EXAMPLE, "--rule", "marriage=big"], "unknown rule"),
    (["meld", EXAMPLE, "--rule", "run_marriage_reuse=maybe"], "run_marriage_reuse"),
    (["odds", "--trump", "X"], "unknown suit"),
    (["odds", "--rule", "nope=1"], "unknown rule"),
])
def test_bad_input_exits_2_with_one_line(capsys, args, needle):
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err, err


def test_odds_json_and_text(capsys):
    code, out, _ = run_cli(capsys, "odds", "--json", "--trump", "S")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"cards", "odds", "hands", "meld_in_trump"} and data["hands"] == TOTAL
    rows = {r["meld"]: r["p"] for r in data["odds"]}
    assert round(100 * rows["pinochle (J♦ Q♠)"], 2) == 18.57
    at_least = data["meld_in_trump"]["at_least"]
    assert data["meld_in_trump"]["trump"] == "S"
    ps = [r["p"] for r in at_least]
    assert ps == sorted(ps, reverse=True) and 0 < ps[-1] < ps[0] < 1
    code, out, _ = run_cli(capsys, "odds")
    assert code == 0 and "58.91%" in out and "meld ≥  100" in out


# the three-handed rules file's "useful exact figures" (to their printed precision)
THREE_HANDED = {
    15: {"aces around": 6.5227, "pinochle (J♦ Q♠)": 27.4129, "marriage in a named suit": 27.4129},
    18: {"aces around": 12.4462, "pinochle (J♦ Q♠)": 36.9565},
    12: {"aces around": 2.7624, "pinochle (J♦ Q♠)": 18.5708},
}


@pytest.mark.parametrize("cards", sorted(THREE_HANDED))
def test_three_handed_figures(cards):
    rows = dict(odds.meld_odds(cards))
    for meld, percent in THREE_HANDED[cards].items():
        assert round(100 * float(rows[meld]), 4) == percent, (cards, meld)
    # the whole-meld distribution counts every hand of that size once
    assert int(odds.meld_distribution(hand_size=cards).sum()) == comb(48, cards)


def test_widow_without_a_counter():
    # C(24, 3) / C(48, 3): the 24 cards that are not A, 10 or K
    assert odds.widow_no_counter() == Fraction(comb(24, 3), comb(48, 3))
    assert round(100 * float(odds.widow_no_counter()), 4) == 11.7021


def test_odds_for_fifteen_and_eighteen_cards(capsys):
    code, out, _ = run_cli(capsys, "odds", "--json", "--cards", "15")
    data = json.loads(out)
    assert code == 0 and data["cards"] == 15 and data["hands"] == comb(48, 15)
    assert round(100 * data["widow_no_counter"], 4) == 11.7021
    code, out, _ = run_cli(capsys, "odds", "--cards", "18")
    assert code == 0 and "bidder's 18 cards" in out and "12.45%" in out and "widow" in out
    code, out, err = run_cli(capsys, "odds", "--cards", "16")
    assert code == 2 and len(err.strip().splitlines()) == 1
    import analyzer
    from analyzer.errors import InputError
    assert analyzer.pinochle.odds(cards=15)["cards"] == 15
    with pytest.raises(InputError):
        analyzer.pinochle.odds(cards=16)
